//! The boxes drawn over a screen: the help overlay and the `y/n` question.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::tui::theme::{Theme, color};

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

/// The help overlay: `text` in a box (any key closes it).
pub fn draw_help(frame: &mut Frame<'_>, area: Rect, text: &str) {
    let popup = centred(area, 78, text.lines().count() as u16 + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" help: any key closes "),
        ),
        popup,
    );
}

/// A `y/n` question in a box.
pub fn draw_question(frame: &mut Frame<'_>, area: Rect, text: &str, theme: Theme) {
    let width = (text.chars().count() as u16 + 4).clamp(30, 70);
    let lines = textwrap_lines(text, width.saturating_sub(2) as usize);
    let popup = centred(area, width, lines as u16 + 4);
    frame.render_widget(Clear, popup);
    let body = vec![
        Line::raw(text.to_string()),
        Line::raw(""),
        Line::styled(
            "y yes   n no",
            Style::default()
                .fg(color(theme.text().highlight))
                .add_modifier(Modifier::BOLD),
        ),
    ];
    frame.render_widget(
        Paragraph::new(body)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" sure? ")),
        popup,
    );
}

/// How many lines `text` takes wrapped at `width` (roughly, by words).
fn textwrap_lines(text: &str, width: usize) -> usize {
    let mut lines = 1;
    let mut used = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if used > 0 && used + 1 + len > width {
            lines += 1;
            used = len;
        } else {
            used += len + usize::from(used > 0);
        }
    }
    lines
}
