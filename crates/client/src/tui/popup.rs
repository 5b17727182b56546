//! The boxes drawn over a screen: the help overlay and the `y/n` question.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::tui::theme::{Theme, color};
use crate::tui::wrap::{WRAP, rows};

/// A box of `width` x `height` in the middle of `area`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The help overlay: `text` in a box (any key closes it), as tall as its
/// wrapped text.
pub fn draw_help(frame: &mut Frame<'_>, area: Rect, text: &str) {
    let width = area.width.min(78);
    let body = Paragraph::new(text).wrap(Wrap { trim: false });
    let popup = centred(area, width, rows(&body, width.saturating_sub(2)) + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        body.block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!("help-box-title")),
        ),
        popup,
    );
}

/// A `y/n` question in a box, as tall as its wrapped text.
pub fn draw_question(frame: &mut Frame<'_>, area: Rect, text: &str, theme: Theme) {
    let width = (u16::try_from(text.width())
        .unwrap_or(u16::MAX)
        .saturating_add(4))
    .clamp(30, 70)
    .min(area.width);
    let body = Paragraph::new(vec![
        Line::raw(text.to_string()),
        Line::raw(""),
        Line::styled(
            t!("question-answers"),
            Style::default()
                .fg(color(theme.text().highlight))
                .add_modifier(Modifier::BOLD),
        ),
    ])
    .wrap(WRAP);
    let popup = centred(area, width, rows(&body, width.saturating_sub(2)) + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        body.block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!("question-title")),
        ),
        popup,
    );
}
