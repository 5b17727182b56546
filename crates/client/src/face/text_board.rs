//! The board as plain text, for plain mode (scripts, tests, screen readers):
//! FEN letters (`Q` white queen, `q` black queen, `*` arrow, `.` empty) with
//! coordinates on every side.

use amazons_core::{Position, Square};

/// The position as 12 lines of text, rank 10 on top.
pub fn board_text(position: &Position) -> String {
    let files = "    a b c d e f g h i j";
    let mut text = String::from(files);
    text.push('\n');
    for rank in (0..10u8).rev() {
        text.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..10u8 {
            let square = Square::new(file, rank).expect("file and rank are on the board");
            let symbol = match position.queen_at(square) {
                Some(amazons_core::Side::First) => 'Q',
                Some(amazons_core::Side::Second) => 'q',
                None if position.arrows().contains(square) => '*',
                None => '.',
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push_str(&format!(" {}\n", rank + 1));
    }
    text.push_str(files);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_after_a_move() {
        let after = Position::start().play("d1-d7/g7".parse().unwrap()).unwrap();
        let text = board_text(&after);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[0], "    a b c d e f g h i j");
        assert_eq!(lines[1], "10  . . . q . . q . . . 10");
        assert_eq!(lines[4], " 7  q . . Q . . * . . q 7");
        assert_eq!(lines[10], " 1  . . . . . . Q . . . 1");
    }
}
