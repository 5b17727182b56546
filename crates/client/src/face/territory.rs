//! The territory of a position for both faces, computed here by the
//! engine (`amazons_engine::territory`): who reaches each empty square
//! first, the regions already closed off with the moves left in them, and
//! the exact result once the board is separated. The full screen colours
//! the board with it (`tui/board.rs`); the plain face prints it as a text
//! board; both print the same lines under it.

use amazons_core::{BySide, Position, Side, Square};
use amazons_engine::territory::{SOLVE_BUDGET, Solved, SquareOwner, Territory, solve};

use crate::face::words;

/// The territory view of `position`, and its exact count when the board is
/// separated and the count finishes within the engine's budget for one
/// position.
pub fn territory_of(position: &Position) -> (Territory, Option<Solved>) {
    let territory = Territory::of(position.board());
    let solved = if territory.is_separated() {
        solve(position, SOLVE_BUDGET)
    } else {
        None
    };
    (territory, solved)
}

/// The letter of `square` in the territory view: the HTTP view's
/// (`w`/`b` nearer to white/black, `=` as near to both, `.` nobody's),
/// capitals in a closed region; queens and arrows as the text board
/// writes them (`Q`, `q`, `*`).
pub fn letter(territory: &Territory, square: Square) -> char {
    let closed = territory
        .regions()
        .iter()
        .any(|r| r.squares.contains(square));
    let letter = match territory.owner(square) {
        SquareOwner::Queen(Side::First) => return 'Q',
        SquareOwner::Queen(Side::Second) => return 'q',
        SquareOwner::Arrow => return '*',
        SquareOwner::Nearer(Side::First) => 'w',
        SquareOwner::Nearer(Side::Second) => 'b',
        SquareOwner::Tie => '=',
        SquareOwner::Unreached => '.',
    };
    if closed {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}

/// What the letters mean, in a line.
pub fn legend() -> String {
    t!("territory-legend")
}

/// The lines under the territory: the count of the empty squares by who
/// reaches them first, the moves each side has left in its closed regions
/// (when one is closed), and the proven result (when the board is
/// separated and counted).
pub fn summary_lines(territory: &Territory, solved: Option<&Solved>) -> Vec<String> {
    let counts = territory.counts();
    let mut lines = vec![t!(
        "territory-counts",
        white = *counts.nearer.get(Side::First),
        black = *counts.nearer.get(Side::Second),
        contested = counts.contested
    )];
    let mut left = BySide::new((0, 0), (0, 0));
    let mut closed = false;
    for region in territory.regions() {
        if let Some(owner) = region.owner {
            let (lower, upper) = left.get_mut(owner);
            *lower += region.moves.lower;
            *upper += region.moves.upper;
            closed = true;
        }
    }
    let bounds = |(lower, upper): (u32, u32)| {
        if lower == upper {
            lower.to_string()
        } else {
            format!("{lower}-{upper}")
        }
    };
    if closed {
        lines.push(t!(
            "territory-closed",
            white = bounds(*left.get(Side::First)),
            black = bounds(*left.get(Side::Second))
        ));
    }
    if let Some(solved) = solved {
        lines.push(t!(
            "territory-proven",
            side = words::side(solved.winner()),
            margin = solved.margin()
        ));
    }
    lines
}

/// The territory of `position` as plain text: a board of its letters with
/// coordinates, the legend and the summary lines.
pub fn territory_text(position: &Position) -> String {
    let (territory, solved) = territory_of(position);
    let files = "    a b c d e f g h i j";
    let mut text = format!("{files}\n");
    for rank in (0..10u8).rev() {
        text.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..10u8 {
            let square = Square::new(file, rank).expect("file and rank are on the board");
            text.push(' ');
            text.push(letter(&territory, square));
        }
        text.push_str(&format!(" {}\n", rank + 1));
    }
    text.push_str(files);
    text.push('\n');
    text.push_str(&legend());
    for line in summary_lines(&territory, solved.as_ref()) {
        text.push('\n');
        text.push_str(&line);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rank 1 only, as the engine's own test: `Q . . . . . * . . q`, the
    /// rest burnt; White has 5 squares, Black 2, White to move wins by 3.
    const RACE: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q5*2q w";

    #[test]
    fn a_separated_board_shows_closed_regions_and_the_proven_result() {
        let position = Position::from_fen(RACE).unwrap();
        let text = territory_text(&position);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "10  * * * * * * * * * * 10");
        assert_eq!(lines[10], " 1  Q W W W W W * B B q 1");
        assert_eq!(
            &lines[13..],
            [
                "territory: white 5 · black 2 · contested 0",
                "moves left in closed regions: white 5, black 2",
                "proven: white wins by 3",
            ]
        );
    }

    #[test]
    fn the_start_is_open_and_split_evenly() {
        let text = territory_text(&Position::start());
        assert!(
            !text.contains('W') && !text.contains('B'),
            "nothing is closed: {text}"
        );
        assert!(!text.contains("proven"), "{text}");
        let count = text.lines().nth(13).unwrap().to_string();
        assert!(count.starts_with("territory: white "), "{count}");
        // The start is symmetric: as many squares each.
        let numbers: Vec<&str> = count.split(' ').collect();
        assert_eq!(numbers[2], numbers[5], "{count}");
    }
}
