//! The board as a ratatui widget: coordinates, queens, arrows, the last move,
//! the selection, legal targets and the keyboard cursor. [`BoardGeometry`] maps
//! squares to screen cells and back, so mouse clicks land on the square drawn.

use amazons_core::{Bitboard, Move, Position, Side, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

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
    /// The largest board that fits in `area`: squares 5x2 when there is room,
    /// else 3x1 (which fits an 80x24 terminal with room for the panels).
    pub fn fit(area: Rect, flipped: bool) -> BoardGeometry {
        let (cell_width, cell_height) = if area.width >= RANK_LABEL_WIDTH + 50 && area.height >= 21
        {
            (5, 2)
        } else {
            (3, 1)
        };
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

/// The colours of the board, named after what they show.
mod palette {
    use ratatui::style::Color;
    pub const LIGHT: Color = Color::Rgb(200, 170, 125);
    pub const DARK: Color = Color::Rgb(150, 112, 76);
    pub const LAST_MOVE_LIGHT: Color = Color::Rgb(214, 206, 110);
    pub const LAST_MOVE_DARK: Color = Color::Rgb(176, 164, 62);
    pub const TARGET_LIGHT: Color = Color::Rgb(150, 196, 120);
    pub const TARGET_DARK: Color = Color::Rgb(110, 160, 84);
    pub const SELECTED: Color = Color::Rgb(96, 150, 206);
    pub const ARROW: Color = Color::Rgb(64, 64, 70);
    pub const WHITE_QUEEN: Color = Color::Rgb(255, 255, 255);
    pub const BLACK_QUEEN: Color = Color::Rgb(0, 0, 0);
    pub const MARK: Color = Color::Rgb(30, 70, 30);
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
}

impl<'a> BoardView<'a> {
    /// A plain board for `position`, nothing highlighted.
    pub fn new(position: &'a Position) -> BoardView<'a> {
        BoardView {
            position,
            last_move: None,
            targets: Bitboard::EMPTY,
            moving: None,
            cursor: None,
            flipped: false,
        }
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

    fn cell_style(&self, square: Square) -> (String, Style) {
        let light = (square.file() + square.rank()) % 2 == 1;
        let in_last_move = self
            .last_move
            .is_some_and(|m| m.from == square || m.to == square);
        let selected = self
            .moving
            .is_some_and(|(from, to)| from == square || to == Some(square));
        let target = self.targets.contains(square);
        let background = match (selected, target, in_last_move, light) {
            (true, _, _, _) => palette::SELECTED,
            (_, true, _, true) => palette::TARGET_LIGHT,
            (_, true, _, false) => palette::TARGET_DARK,
            (_, _, true, true) => palette::LAST_MOVE_LIGHT,
            (_, _, true, false) => palette::LAST_MOVE_DARK,
            (_, _, _, true) => palette::LIGHT,
            (_, _, _, false) => palette::DARK,
        };
        let base = Style::default().bg(background);
        let last_arrow = self.last_move.is_some_and(|m| m.arrow == square);
        match self.occupant(square) {
            Occupant::Queen(Side::First) => (
                "♕".into(),
                base.fg(palette::WHITE_QUEEN).add_modifier(Modifier::BOLD),
            ),
            Occupant::Queen(Side::Second) => (
                "♛".into(),
                base.fg(palette::BLACK_QUEEN).add_modifier(Modifier::BOLD),
            ),
            Occupant::Arrow => {
                let fg = if last_arrow {
                    Color::Yellow
                } else {
                    Color::Gray
                };
                ("×".into(), Style::default().bg(palette::ARROW).fg(fg))
            }
            Occupant::Empty if target => ("•".into(), base.fg(palette::MARK)),
            Occupant::Empty => (" ".into(), base),
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
            buf.set_string(
                area.x,
                area.y,
                "window too small for the board",
                Style::default(),
            );
            return;
        }
        let label = Style::default().fg(Color::Gray);
        for square in Square::all() {
            let (x, y) = geometry.origin(square);
            let (symbol, style) = self.cell_style(square);
            let cell = Rect::new(x, y, geometry.cell_width, geometry.cell_height);
            buf.set_style(cell, style);
            let middle_x = x + geometry.cell_width / 2;
            let middle_y = y + (geometry.cell_height - 1) / 2;
            buf.set_string(middle_x, middle_y, symbol, style);
            if self.cursor == Some(square) {
                let bracket = style.fg(Color::Black).add_modifier(Modifier::BOLD);
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
        assert_eq!(row_text(&buf, 6), " 4  ♕                          ♕ ");
        assert_eq!(row_text(&buf, 9), " 1           ♕        ♕          ");
        assert_eq!(row_text(&buf, 10), "    a  b  c  d  e  f  g  h  i  j ");
    }

    #[test]
    fn flipped_board_puts_black_at_the_bottom() {
        let start = Position::start();
        let mut view = BoardView::new(&start);
        view.flipped = true;
        let buf = draw(view, 33, 11);
        assert_eq!(row_text(&buf, 0), " 1           ♕        ♕          ");
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
        assert_eq!(row_text(&buf, 3), " 7 [♛]       ♕        ×        ♛ ");
        assert_eq!(row_text(&buf, 5), " 5              •                ");
        let geometry = BoardGeometry::fit(buf.area, false);
        let (x, y) = geometry.origin(sq("d7"));
        assert_eq!(buf[(x, y)].bg, palette::LAST_MOVE_LIGHT);
        let (x, y) = geometry.origin(sq("d1"));
        assert_eq!(buf[(x, y)].bg, palette::LAST_MOVE_LIGHT);
        let (x, y) = geometry.origin(sq("g7"));
        assert_eq!(buf[(x + 1, y)].fg, Color::Yellow);
        let (x, y) = geometry.origin(sq("e5"));
        assert_eq!(buf[(x, y)].bg, palette::TARGET_DARK);
    }

    #[test]
    fn a_queen_being_moved_is_drawn_at_its_destination() {
        let start = Position::start();
        let mut view = BoardView::new(&start);
        view.moving = Some((sq("d1"), Some(sq("d5"))));
        let buf = draw(view, 33, 11);
        assert_eq!(row_text(&buf, 9), " 1                    ♕          ");
        assert_eq!(row_text(&buf, 5), " 5           ♕                   ");
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
    fn a_large_area_gets_large_squares() {
        let start = Position::start();
        let buf = draw(BoardView::new(&start), 60, 24);
        assert_eq!(BoardGeometry::fit(buf.area, false).cell_width, 5);
        assert!(row_text(&buf, 20).contains("a    b    c"));
    }
}
