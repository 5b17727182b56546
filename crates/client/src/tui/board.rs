//! The board as a ratatui widget: coordinates, queens, arrows, the last move,
//! the selection, legal targets, the keyboard cursor and, when shown, the
//! territory (each empty square coloured and lettered by the side that
//! reaches it first, a closed region's moves left on its first square). [`BoardGeometry`] maps
//! squares to screen cells and back, so mouse clicks land on the square drawn,
//! and picks the largest squares that fit. Colours are [`crate::tui::theme`]'s.

use amazons_core::{Bitboard, Move, Position, Side, Square};
use amazons_engine::territory::{SquareOwner, Territory};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use crate::tui::theme::{Rgb, Theme, board as palette, color, ink_on};

/// Width of the rank labels left of the board ("10 ").
const RANK_LABEL_WIDTH: u16 = 3;

/// Where each square sits on the screen, for drawing and for mouse clicks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardGeometry {
    /// Screen column of the left edge of the first file.
    pub left: u16,
    /// Screen row of the top rank.
    pub top: u16,
    /// Columns per square.
    pub cell_width: u16,
    /// Rows per square.
    pub cell_height: u16,
    /// Black at the bottom: rank 1 on top and file j on the left.
    pub flipped: bool,
}

impl BoardGeometry {
    /// The largest square size (columns, rows) whose board fits in `width` x
    /// `height`: 3x1, 5x2, 7x3, ... (terminal cells are about twice as tall
    /// as wide, so the squares stay square); 3x1 when nothing fits.
    pub fn cell_size(width: u16, height: u16) -> (u16, u16) {
        let mut best = (3, 1);
        for rows in 2..=12u16 {
            let cols = 2 * rows + 1;
            let (w, h) = BoardGeometry::size(cols, rows);
            if w <= width && h <= height {
                best = (cols, rows);
            }
        }
        best
    }

    /// The largest board that fits in `area`.
    pub fn fit(area: Rect, flipped: bool) -> BoardGeometry {
        let (cell_width, cell_height) = BoardGeometry::cell_size(area.width, area.height);
        BoardGeometry {
            left: area.x + RANK_LABEL_WIDTH,
            top: area.y,
            cell_width,
            cell_height,
            flipped,
        }
    }

    /// Columns and rows the board needs, labels included.
    pub fn size(cell_width: u16, cell_height: u16) -> (u16, u16) {
        (RANK_LABEL_WIDTH + 10 * cell_width, 10 * cell_height + 1)
    }

    /// Screen column of a file's left edge and row of a rank's top edge.
    fn origin(&self, square: Square) -> (u16, u16) {
        let (column, row) = if self.flipped {
            (9 - square.file(), square.rank())
        } else {
            (square.file(), 9 - square.rank())
        };
        (
            self.left + u16::from(column) * self.cell_width,
            self.top + u16::from(row) * self.cell_height,
        )
    }

    /// The square drawn at screen cell (`x`, `y`), if any.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        if x < self.left || y < self.top {
            return None;
        }
        let column = (x - self.left) / self.cell_width;
        let row = (y - self.top) / self.cell_height;
        if column > 9 || row > 9 {
            return None;
        }
        let (file, rank) = if self.flipped {
            (9 - column, row)
        } else {
            (column, 9 - row)
        };
        Square::new(file as u8, rank as u8)
    }
}

/// What to draw: a position plus everything the player is pointing at.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The position on the board.
    pub position: &'a Position,
    /// The move that led here, highlighted.
    pub last_move: Option<Move>,
    /// Squares the player may pick now (legal destinations or arrow squares).
    pub targets: Bitboard,
    /// A queen picked up, and where it is being moved to once chosen: drawn as
    /// already moved so the arrow is aimed from where it will stand.
    pub moving: Option<(Square, Option<Square>)>,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// Draw Black at the bottom.
    pub flipped: bool,
    /// Colours of the labels around the board.
    pub theme: Theme,
    /// The territory view to colour the empty squares by, when shown.
    pub territory: Option<&'a Territory>,
}

impl<'a> BoardView<'a> {
    #[cfg(test)]
    /// A plain board for `position`, nothing highlighted.
    pub fn new(position: &'a Position) -> BoardView<'a> {
        BoardView {
            position,
            last_move: None,
            targets: Bitboard::EMPTY,
            moving: None,
            cursor: None,
            flipped: false,
            theme: Theme::default(),
            territory: None,
        }
    }

    /// The territory colour and letter of an empty `square`, when the
    /// territory is shown ([`crate::face::territory::letter`]).
    fn territory_mark(&self, square: Square) -> Option<(Rgb, char)> {
        let territory = self.territory?;
        let rgb = match territory.owner(square) {
            SquareOwner::Nearer(Side::First) => palette::TERRITORY_WHITE,
            SquareOwner::Nearer(Side::Second) => palette::TERRITORY_BLACK,
            SquareOwner::Tie => palette::TERRITORY_TIE,
            SquareOwner::Unreached => palette::TERRITORY_NOBODY,
            SquareOwner::Queen(_) | SquareOwner::Arrow => return None,
        };
        Some((rgb, crate::face::territory::letter(territory, square)))
    }

    /// What a closed region's first square shows: the moves its owner has
    /// left there (`5`, or `4-6` while only bounded), if the cell has room.
    fn region_label(&self, square: Square, room: u16) -> Option<String> {
        let region = self
            .territory?
            .regions()
            .iter()
            .find(|r| r.owner.is_some() && r.squares.first() == Some(square))?;
        let moves = region.moves;
        let text = if moves.is_exact() {
            moves.lower.to_string()
        } else {
            format!("{}-{}", moves.lower, moves.upper)
        };
        (text.len() <= usize::from(room)).then_some(text)
    }

    /// What stands on `square` as drawn (a queen being moved is drawn at its
    /// destination).
    fn occupant(&self, square: Square) -> Occupant {
        if let Some((from, Some(to))) = self.moving {
            if square == from {
                return Occupant::Empty;
            }
            if square == to {
                return self
                    .position
                    .queen_at(from)
                    .map_or(Occupant::Empty, Occupant::Queen);
            }
        }
        if self.position.arrows().contains(square) {
            Occupant::Arrow
        } else if let Some(side) = self.position.queen_at(square) {
            Occupant::Queen(side)
        } else {
            Occupant::Empty
        }
    }

    /// The square's background colour in its state.
    fn background(&self, square: Square) -> Rgb {
        let light = usize::from((square.file() + square.rank()) % 2 == 1);
        let shade = 1 - light;
        let in_last_move = self
            .last_move
            .is_some_and(|m| m.from == square || m.to == square);
        let selected = self
            .moving
            .is_some_and(|(from, to)| from == square || to == Some(square));
        if self.position.arrows().contains(square) && !selected {
            palette::ARROW
        } else if selected {
            palette::SELECTED
        } else if self.targets.contains(square) {
            palette::TARGET[shade]
        } else if in_last_move {
            palette::LAST_MOVE[shade]
        } else if let Some((rgb, _)) = self.territory_mark(square) {
            rgb
        } else if light == 1 {
            palette::LIGHT
        } else {
            palette::DARK
        }
    }
}

/// What a square shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Occupant {
    Empty,
    Arrow,
    Queen(Side),
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geometry = BoardGeometry::fit(area, self.flipped);
        let (width, height) = BoardGeometry::size(geometry.cell_width, geometry.cell_height);
        if area.width < width || area.height < height {
            buf.set_string(area.x, area.y, t!("window-too-small"), Style::default());
            return;
        }
        let label = Style::default().fg(color(self.theme.text().label));
        let chip_width = geometry.cell_width.saturating_sub(2).max(1);
        for square in Square::all() {
            let (x, y) = geometry.origin(square);
            let background = self.background(square);
            let base = Style::default().bg(color(background));
            let ink = Style::default()
                .bg(color(background))
                .fg(color(ink_on(background)));
            let cell = Rect::new(x, y, geometry.cell_width, geometry.cell_height);
            buf.set_style(cell, base);
            let middle_x = x + geometry.cell_width / 2;
            let middle_y = y + (geometry.cell_height - 1) / 2;
            match self.occupant(square) {
                Occupant::Queen(side) => {
                    // A token: a chip of the side's colour, the glyph in the
                    // other ink (see `theme` for the contrast figures).
                    let (chip, glyph) = match side {
                        Side::First => (palette::WHITE_CHIP, palette::BLACK_CHIP),
                        Side::Second => (palette::BLACK_CHIP, palette::WHITE_CHIP),
                    };
                    let style = Style::default()
                        .bg(color(chip))
                        .fg(color(glyph))
                        .add_modifier(Modifier::BOLD);
                    let chip_x = x + (geometry.cell_width - chip_width) / 2;
                    buf.set_style(Rect::new(chip_x, middle_y, chip_width, 1), style);
                    buf.set_string(middle_x, middle_y, "♛", style);
                }
                Occupant::Arrow => {
                    let last = self.last_move.is_some_and(|m| m.arrow == square);
                    let mark = if last {
                        palette::LAST_ARROW_MARK
                    } else {
                        palette::ARROW_MARK
                    };
                    buf.set_string(middle_x, middle_y, "×", base.fg(color(mark)));
                }
                Occupant::Empty if self.targets.contains(square) => {
                    buf.set_string(middle_x, middle_y, "•", ink);
                }
                Occupant::Empty => {
                    if let Some(label) = self.region_label(square, geometry.cell_width) {
                        let width = label.len() as u16;
                        let label_x = x + (geometry.cell_width - width) / 2;
                        buf.set_string(label_x, middle_y, label, ink.add_modifier(Modifier::BOLD));
                    } else if let Some((_, letter)) = self.territory_mark(square) {
                        buf.set_string(middle_x, middle_y, letter.to_string(), ink);
                    }
                }
            }
            if self.cursor == Some(square) {
                let bracket = ink.add_modifier(Modifier::BOLD);
                buf.set_string(x, middle_y, "[", bracket);
                buf.set_string(x + geometry.cell_width - 1, middle_y, "]", bracket);
            }
            if square.file() == if self.flipped { 9 } else { 0 } {
                let name = format!("{:>2}", square.rank() + 1);
                buf.set_string(area.x, middle_y, name, label);
            }
            if square.rank() == if self.flipped { 9 } else { 0 } {
                let letter = square.file_char().to_string();
                buf.set_string(
                    middle_x,
                    geometry.top + 10 * geometry.cell_height,
                    letter,
                    label,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn draw(view: BoardView<'_>, width: u16, height: u16) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| frame.render_widget(view, frame.area()))
            .unwrap();
        terminal.backend().buffer().clone()
    }

    fn row_text(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect()
    }

    #[test]
    fn start_position_has_coordinates_queens_and_nothing_else() {
        let start = Position::start();
        let buf = draw(BoardView::new(&start), 33, 11);
        assert_eq!(row_text(&buf, 0), "10           ♛        ♛          ");
        assert_eq!(row_text(&buf, 3), " 7  ♛                          ♛ ");
        assert_eq!(row_text(&buf, 6), " 4  ♛                          ♛ ");
        assert_eq!(row_text(&buf, 9), " 1           ♛        ♛          ");
        assert_eq!(row_text(&buf, 10), "    a  b  c  d  e  f  g  h  i  j ");
    }

    #[test]
    fn flipped_board_puts_black_at_the_bottom() {
        let start = Position::start();
        let mut view = BoardView::new(&start);
        view.flipped = true;
        let buf = draw(view, 33, 11);
        assert_eq!(row_text(&buf, 0), " 1           ♛        ♛          ");
        assert_eq!(row_text(&buf, 10), "    j  i  h  g  f  e  d  c  b  a ");
    }

    #[test]
    fn last_move_arrow_and_targets_are_drawn() {
        let m: Move = "d1-d7/g7".parse().unwrap();
        let after = Position::start().play(m).unwrap();
        let mut view = BoardView::new(&after);
        view.last_move = Some(m);
        view.targets = Bitboard::from_square(sq("e5"));
        view.cursor = Some(sq("a7"));
        let buf = draw(view, 33, 11);
        assert_eq!(row_text(&buf, 3), " 7 [♛]       ♛        ×        ♛ ");
        assert_eq!(row_text(&buf, 5), " 5              •                ");
        let geometry = BoardGeometry::fit(buf.area, false);
        let (x, y) = geometry.origin(sq("d7"));
        assert_eq!(buf[(x, y)].bg, color(palette::LAST_MOVE[0]));
        let (x, y) = geometry.origin(sq("d1"));
        assert_eq!(buf[(x, y)].bg, color(palette::LAST_MOVE[0]));
        let (x, y) = geometry.origin(sq("g7"));
        assert_eq!(buf[(x + 1, y)].fg, color(palette::LAST_ARROW_MARK));
        let (x, y) = geometry.origin(sq("e5"));
        assert_eq!(buf[(x, y)].bg, color(palette::TARGET[1]));
    }

    #[test]
    fn a_queen_being_moved_is_drawn_at_its_destination() {
        let start = Position::start();
        let mut view = BoardView::new(&start);
        view.moving = Some((sq("d1"), Some(sq("d5"))));
        let buf = draw(view, 33, 11);
        assert_eq!(row_text(&buf, 9), " 1                    ♛          ");
        assert_eq!(row_text(&buf, 5), " 5           ♛                   ");
    }

    #[test]
    fn clicks_map_back_to_the_squares_drawn() {
        for flipped in [false, true] {
            for area in [Rect::new(2, 1, 33, 11), Rect::new(0, 0, 60, 24)] {
                let geometry = BoardGeometry::fit(area, flipped);
                for square in Square::all() {
                    let (x, y) = geometry.origin(square);
                    let far = (x + geometry.cell_width - 1, y + geometry.cell_height - 1);
                    assert_eq!(geometry.square_at(x, y), Some(square));
                    assert_eq!(geometry.square_at(far.0, far.1), Some(square));
                }
                assert_eq!(geometry.square_at(area.x, area.y), None);
            }
        }
    }

    #[test]
    fn queens_are_tokens_whose_colour_tells_the_side() {
        let start = Position::start();
        let buf = draw(BoardView::new(&start), 33, 11);
        let geometry = BoardGeometry::fit(buf.area, false);
        let (x, y) = geometry.origin(sq("d1"));
        assert_eq!(buf[(x + 1, y)].bg, color(palette::WHITE_CHIP));
        assert_eq!(buf[(x + 1, y)].fg, color(palette::BLACK_CHIP));
        let (x, y) = geometry.origin(sq("d10"));
        assert_eq!(buf[(x + 1, y)].bg, color(palette::BLACK_CHIP));
        assert_eq!(
            buf[(x, y)].bg,
            color(palette::DARK),
            "the square shows around it"
        );
    }

    #[test]
    fn the_squares_grow_with_the_room() {
        assert_eq!(BoardGeometry::cell_size(33, 11), (3, 1));
        assert_eq!(BoardGeometry::cell_size(53, 21), (5, 2));
        assert_eq!(BoardGeometry::cell_size(80, 40), (7, 3));
        assert_eq!(BoardGeometry::cell_size(200, 72), (15, 7));
        assert_eq!(
            BoardGeometry::cell_size(10, 5),
            (3, 1),
            "too small: the smallest"
        );
    }

    #[test]
    fn a_large_area_gets_large_squares() {
        let start = Position::start();
        let buf = draw(BoardView::new(&start), 60, 24);
        assert_eq!(BoardGeometry::fit(buf.area, false).cell_width, 5);
        assert!(row_text(&buf, 20).contains("a    b    c"));
    }
}
