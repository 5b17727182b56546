//! Drawing the game screen: the board sized to the terminal, the players'
//! lines level with its top and bottom ranks, the status and move list
//! beside it, the notice, typing and key-hint lines, and the overlays.

use std::time::Instant;

use amazons_core::{Move, Side};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::{GameScreen, Tone};
use crate::face::help::screen_help;
use crate::face::labels::{MoveNumber, format_clock};
use crate::face::words;
use crate::tui::board::{BoardGeometry, BoardView};
use crate::tui::popup::{draw_help, draw_question};
use crate::tui::theme::{board, color};
use crate::tui::wrap::{WRAP, rows};

/// The narrowest panel beside the board (names, clocks, moves).
const PANEL_WIDTH: u16 = 30;

impl GameScreen {
    /// Draws the whole screen.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        let now = Instant::now();
        let area = frame.area();
        let text = self.theme.text();
        let prompt = self.typing_line();
        // The notice and the key hints wrap rather than lose their ends (a
        // long path, a long refusal): up to three rows for the notice.
        let notice_text = self.notice.as_ref().map(|(message, tone)| {
            let ink = match tone {
                Tone::Info => text.info,
                Tone::Warning => text.warning,
            };
            Paragraph::new(message.as_str())
                .style(Style::default().fg(color(ink)))
                .wrap(WRAP)
        });
        let notice_rows = notice_text
            .as_ref()
            .map_or(1, |p| rows(p, area.width).clamp(1, 3));
        let hints_text: Vec<String> = self
            .keys
            .iter()
            .map(|(key, what)| format!("{key} {}", crate::tr::message(what, &[])))
            .chain(self.territory_allowed.then(|| t!("hint-territory")))
            .chain([t!("hint-flip"), t!("hint-help"), t!("hint-quit")])
            .collect();
        let hints_text = Paragraph::new(
            hint_lines(&hints_text, usize::from(area.width))
                .into_iter()
                .map(Line::raw)
                .collect::<Vec<_>>(),
        )
        .style(Style::default().fg(color(text.quiet)))
        .wrap(WRAP);
        let hints_rows = rows(&hints_text, area.width).max(1);
        let [main, notice, typed, hints] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(notice_rows),
            Constraint::Length(u16::from(prompt.is_some())),
            Constraint::Length(hints_rows),
        ])
        .areas(area);
        let room = main.width.saturating_sub(PANEL_WIDTH + 1);
        let (cell_width, cell_height) = BoardGeometry::cell_size(room, main.height);
        let (board_width, board_height) = BoardGeometry::size(cell_width, cell_height);
        let [board_column, _, panel_column] = Layout::horizontal([
            Constraint::Length(board_width),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(main);
        let board_area = Rect {
            height: board_height.min(board_column.height),
            ..board_column
        };
        // The players' lines sit level with the board's top and bottom
        // edges, so each clock is next to its side of the board; the move
        // list goes between them, or below the bottom one when the board
        // leaves rows free under it.
        let panel_height = board_height.saturating_sub(1).min(panel_column.height);
        let below = panel_column.height.saturating_sub(panel_height);
        let panel = Rect {
            height: panel_height,
            ..panel_column
        };
        let [top_player, panel_middle, bottom_player] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(panel);
        let moves_below = (below >= 4).then(|| Rect {
            y: panel.y + panel_height,
            height: below,
            ..panel_column
        });
        let (top, bottom) = if self.flipped {
            (Side::First, Side::Second)
        } else {
            (Side::Second, Side::First)
        };
        frame.render_widget(self.player_line(top, now), top_player);
        frame.render_widget(self.player_line(bottom, now), bottom_player);
        let building = self.building_position();
        let moving = self.input.moving().or_else(|| {
            self.premove
                .filter(|_| building.is_some())
                .map(|m| (m.from, Some(m.to)))
        });
        let view = BoardView {
            position: &self.position,
            last_move: self.last_move(),
            targets: building.map_or(amazons_core::Bitboard::EMPTY, |p| self.input.targets(&p)),
            moving,
            cursor: building.map(|_| self.input.cursor()),
            flipped: self.flipped,
            theme: self.theme,
            territory: self.territory.as_ref().map(|(territory, _)| territory),
        };
        frame.render_widget(view, board_area);
        self.geometry = Some(BoardGeometry::fit(board_area, self.flipped));
        self.draw_panel(frame, panel_middle, moves_below);
        if let Some(notice_text) = notice_text {
            frame.render_widget(notice_text, notice);
        }
        if let Some(prompt) = prompt {
            let typed_line = Line::from(vec![
                Span::styled(prompt, Style::default().fg(color(text.quiet))),
                Span::raw(self.typed.as_str()),
                Span::styled("▏", Style::default().fg(color(text.quiet))),
            ]);
            frame.render_widget(Paragraph::new(typed_line), typed);
        }
        frame.render_widget(hints_text, hints);
        if self.help {
            draw_help(frame, area, &screen_help(&self.current_keys()));
        }
        if let Some(question) = &self.question {
            draw_question(frame, area, &question.text, self.theme);
        }
    }

    fn player_line(&self, side: Side, now: Instant) -> Paragraph<'_> {
        // The side's token as the board draws it, then its colour in words.
        let (chip, ink) = match side {
            Side::First => (board::WHITE_CHIP, board::BLACK_CHIP),
            Side::Second => (board::BLACK_CHIP, board::WHITE_CHIP),
        };
        let word = words::side(side);
        let token = Style::default().bg(color(chip)).fg(color(ink));
        let on_move = self.outcome.is_none() && !self.waiting && self.position.turn() == side;
        let clock = self
            .clock
            .remaining(side, now)
            .map(format_clock)
            .unwrap_or_default();
        let marker = if on_move { "▶ " } else { "  " };
        let name_style = if on_move {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let low = self
            .clock
            .remaining(side, now)
            .is_some_and(|left| left < crate::face::bell::LOW_TIME);
        let clock_style = if on_move && self.clock.running() == Some(side) {
            let ink = if low {
                self.theme.text().warning
            } else {
                self.theme.text().highlight
            };
            Style::default()
                .fg(color(ink))
                .add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::default()
        };
        Paragraph::new(Line::from(vec![
            Span::raw(marker),
            Span::styled("♛", token),
            Span::styled(format!(" {word} {}", self.names[side]), name_style),
            Span::raw("  "),
            Span::styled(clock, clock_style),
        ]))
    }

    /// The status lines in `area`, and the move list under them or in
    /// `moves_below` when given.
    fn draw_panel(&self, frame: &mut Frame<'_>, area: Rect, moves_below: Option<Rect>) {
        let text = self.theme.text();
        let mut lines = Vec::new();
        if let Some(banner) = &self.banner {
            lines.push(Line::styled(
                format!(" {banner} "),
                Style::default()
                    .fg(color(text.highlight))
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ));
        }
        lines.push(match self.outcome {
            None if self.waiting => Line::styled(
                t!("waiting-for-opponent"),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Some(outcome) => Line::styled(
                t!(
                    "game-over-banner",
                    outcome = words::outcome_by(outcome, self.margin)
                ),
                Style::default()
                    .fg(color(text.highlight))
                    .add_modifier(Modifier::BOLD),
            ),
            None => {
                let turn = self.position.turn();
                let turn = words::side(turn);
                let line = if self.can_move_now() {
                    t!("to-move-prompt", side = turn, prompt = self.input.prompt())
                } else if let Some(m) = self.premove.filter(|_| self.premoving().is_some()) {
                    t!("to-move-your-premove", side = turn, premove = m.to_string())
                } else if self.premoving().is_some() && self.input.moving().is_some() {
                    t!(
                        "to-move-premoving",
                        side = turn,
                        prompt = self.input.prompt()
                    )
                } else {
                    t!("to-move", side = turn)
                };
                Line::raw(line)
            }
        });
        if self.outcome.is_some() {
            for result in &self.results {
                lines.push(Line::styled(
                    result.clone(),
                    Style::default().fg(color(text.highlight)),
                ));
            }
        }
        if !self.status.is_empty() {
            lines.push(Line::styled(
                self.status.clone(),
                Style::default().fg(color(text.info)),
            ));
        }
        // The mode's notes go under the board's panel with the move list
        // when there is room below the board, else here.
        let notes: Vec<Line<'_>> = self.notes.iter().map(|n| Line::raw(n.clone())).collect();
        if moves_below.is_none() {
            lines.extend(notes.iter().cloned());
        }
        if let Some((territory, solved)) = &self.territory {
            let quiet = Style::default().fg(color(text.quiet));
            lines.push(Line::styled(crate::face::territory::legend(), quiet));
            lines.extend(
                crate::face::territory::summary_lines(territory, solved.as_ref())
                    .into_iter()
                    .map(Line::raw),
            );
        }
        for away in &self.away {
            lines.push(Line::styled(
                away.clone(),
                Style::default().fg(color(text.warning)),
            ));
        }
        if !self.caption.is_empty() {
            lines.push(Line::styled(
                self.caption.clone(),
                Style::default().fg(color(text.quiet)),
            ));
        }
        let status = Paragraph::new(lines).wrap(WRAP);
        let (status_area, moves_area) = match moves_below {
            Some(below) if !notes.is_empty() => {
                let notes = Paragraph::new(notes).wrap(WRAP);
                let notes_height = (rows(&notes, below.width) + 1).min(below.height / 2);
                let [notes_area, moves_area] =
                    Layout::vertical([Constraint::Length(notes_height), Constraint::Min(0)])
                        .areas(below);
                frame.render_widget(notes, notes_area);
                (area, moves_area)
            }
            Some(below) => (area, below),
            None => {
                // As many rows as the lines take wrapped, and one free.
                let status_height = (rows(&status, area.width) + 1).min(area.height);
                let [status_area, moves_area] =
                    Layout::vertical([Constraint::Length(status_height), Constraint::Min(0)])
                        .areas(area);
                (status_area, moves_area)
            }
        };
        frame.render_widget(status, status_area);

        let rows = move_rows(&self.moves, self.first_ply, self.shown);
        let block = Block::default()
            .borders(Borders::TOP)
            .title(t!("moves-title"));
        let visible = moves_area.height.saturating_sub(1) as usize;
        // Before the first move (a replay opens there) the list starts at
        // its top; with no move current otherwise, at its end.
        let current_row = rows
            .iter()
            .position(|row| row.current)
            .unwrap_or(if self.shown == 0 { 0 } else { rows.len() });
        let skip = (current_row + 1)
            .saturating_sub(visible)
            .min(rows.len().saturating_sub(visible));
        let lines: Vec<Line<'_>> = rows
            .into_iter()
            .skip(skip)
            .map(|row| {
                let mut spans = vec![Span::raw(format!("{:>3}. ", row.number))];
                for (text, current) in row.moves {
                    let style = if current {
                        Style::default().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::default()
                    };
                    spans.push(Span::styled(format!("{text:<12}"), style));
                }
                Line::from(spans)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), moves_area);
    }
}

/// The key hints (each a key and its word, `v flip`) laid in lines of at
/// most `width` columns, two spaces apart: a line breaks between hints,
/// never inside one, so a key is never parted from its word (a hint wider
/// than a line is left for the wrapping to break).
fn hint_lines(hints: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for hint in hints {
        match lines.last_mut() {
            Some(line) if line.width() + 2 + hint.width() <= width => {
                line.push_str("  ");
                line.push_str(hint);
            }
            _ => lines.push(hint.clone()),
        }
    }
    lines
}

/// One numbered line of the move list.
struct MoveRow {
    /// The full-move number.
    number: u32,
    /// White's and black's move texts (`...` when the game starts with black),
    /// and whether each is the move on the board.
    moves: Vec<(String, bool)>,
    /// Whether this row holds the move on the board.
    current: bool,
}

fn move_rows(moves: &[Move], first_ply: u32, shown: usize) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for (index, m) in moves.iter().enumerate() {
        let number = MoveNumber::of_ply(first_ply + index as u32);
        let current = index + 1 == shown;
        if number.side == Side::First || rows.is_empty() {
            let mut moves = Vec::new();
            if number.side == Side::Second {
                moves.push(("...".to_string(), false));
            }
            rows.push(MoveRow {
                number: number.number,
                moves,
                current: false,
            });
        }
        let row = rows.last_mut().expect("a row was just pushed");
        row.moves.push((m.to_string(), current));
        row.current |= current;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_break_between_a_key_and_the_next_never_inside_one() {
        let hints: Vec<String> = ["←/→ step", "a analyse", "v flip", "? help"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        assert_eq!(
            hint_lines(&hints, 80),
            vec!["←/→ step  a analyse  v flip  ? help"]
        );
        assert_eq!(
            hint_lines(&hints, 22),
            vec!["←/→ step  a analyse", "v flip  ? help"],
            "`v` stays with `flip`"
        );
        assert_eq!(hint_lines(&hints, 3), hints, "one a line when none fit");
    }

    #[test]
    fn the_move_list_numbers_pairs_and_marks_the_current_move() {
        let moves: Vec<Move> = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let rows = move_rows(&moves, 0, 2);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[0].moves,
            vec![("d1-d7/g7".into(), false), ("a7-b7/c7".into(), true)]
        );
        assert!(rows[0].current && !rows[1].current);
        let rows = move_rows(&moves, 1, 3);
        assert_eq!(rows[0].moves[0].0, "...");
        assert_eq!(rows[1].number, 2);
    }
}
