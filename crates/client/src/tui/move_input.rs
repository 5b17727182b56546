//! Building a move by pointing: pick a queen, then its destination, then the
//! arrow square. The same three stages serve the mouse (click a square) and the
//! keyboard (move the cursor, press Enter); stepping back undoes one stage. A
//! refused pick keeps what was already chosen and says why.

use crate::face::words::illegal_move;
use amazons_core::{Bitboard, IllegalMove, Move, Position, Square};

/// How far the move being built has got.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Nothing chosen yet: pick one of your queens.
    Queen,
    /// A queen is chosen: pick where it goes.
    Destination {
        /// The chosen queen's square.
        from: Square,
    },
    /// The queen's move is chosen: pick where the arrow lands.
    Arrow {
        /// The chosen queen's square.
        from: Square,
        /// Where it moves to.
        to: Square,
    },
}

/// What a pick did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pick {
    /// The move moved on a stage (or back one).
    Advanced,
    /// The move is complete: send it.
    Complete(Move),
    /// The pick was refused; nothing changed. The text says why.
    Refused(String),
}

/// The move a player is building, and the keyboard cursor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveInput {
    /// Current stage.
    stage: Stage,
    /// Where Enter picks.
    cursor: Square,
}

impl Default for MoveInput {
    fn default() -> Self {
        MoveInput {
            stage: Stage::Queen,
            cursor: Square::new(3, 0).expect("d1 is a square"),
        }
    }
}

impl MoveInput {
    #[cfg(test)]
    /// The current stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// Forgets the move being built (after a move is played on the board).
    pub fn reset(&mut self) {
        self.stage = Stage::Queen;
    }

    /// The squares the player may pick now.
    pub fn targets(&self, position: &Position) -> Bitboard {
        match self.stage {
            Stage::Queen => Bitboard::EMPTY,
            Stage::Destination { from } => position.queen_destinations(from),
            Stage::Arrow { from, to } => position.arrow_targets(from, to),
        }
    }

    /// The queen picked up and, once chosen, its destination (for drawing).
    pub fn moving(&self) -> Option<(Square, Option<Square>)> {
        match self.stage {
            Stage::Queen => None,
            Stage::Destination { from } => Some((from, None)),
            Stage::Arrow { from, to } => Some((from, Some(to))),
        }
    }

    /// A short prompt for the stage, for the status line.
    pub fn prompt(&self) -> String {
        match self.stage {
            Stage::Queen => t!("pick-queen"),
            Stage::Destination { from } => t!("pick-destination", from = from.to_string()),
            Stage::Arrow { from, to } => {
                t!("pick-arrow", from = from.to_string(), to = to.to_string())
            }
        }
    }

    /// Steps back one stage (right-click or Esc).
    pub fn back(&mut self) {
        self.stage = match self.stage {
            Stage::Queen | Stage::Destination { .. } => Stage::Queen,
            Stage::Arrow { from, .. } => Stage::Destination { from },
        };
    }

    /// Moves the keyboard cursor by files and ranks, staying on the board.
    pub fn move_cursor(&mut self, files: i8, ranks: i8) {
        let file = (self.cursor.file() as i8 + files).clamp(0, 9) as u8;
        let rank = (self.cursor.rank() as i8 + ranks).clamp(0, 9) as u8;
        self.cursor = Square::new(file, rank).unwrap_or(self.cursor);
    }

    /// Moves the cursor to the next queen of the side to move in square
    /// order after the cursor (`forward`), or the one before: Tab and
    /// Shift-Tab. Queens that cannot move are skipped while others can.
    pub fn cycle_queen(&mut self, position: &Position, forward: bool) {
        let mut queens: Vec<Square> = position.queens(position.turn()).into_iter().collect();
        let movable: Vec<Square> = queens
            .iter()
            .copied()
            .filter(|q| !position.queen_destinations(*q).is_empty())
            .collect();
        if !movable.is_empty() {
            queens = movable;
        }
        let index = |s: Square| s.index();
        let next = if forward {
            queens
                .iter()
                .find(|q| index(**q) > index(self.cursor))
                .or(queens.first())
        } else {
            queens
                .iter()
                .rev()
                .find(|q| index(**q) < index(self.cursor))
                .or(queens.last())
        };
        if let Some(square) = next {
            self.cursor = *square;
        }
    }

    /// Puts the cursor on a queen of the side to move (the nearest one that
    /// can move) unless it already is on one: where a turn starts.
    pub fn cursor_to_own_queen(&mut self, position: &Position) {
        let own = position.queens(position.turn());
        if own.contains(self.cursor) {
            return;
        }
        let distance = |s: Square| {
            (i32::from(s.file()) - i32::from(self.cursor.file())).abs()
                + (i32::from(s.rank()) - i32::from(self.cursor.rank())).abs()
        };
        let movable = own
            .into_iter()
            .filter(|q| !position.queen_destinations(*q).is_empty())
            .min_by_key(|q| distance(*q));
        if let Some(square) = movable.or_else(|| own.into_iter().min_by_key(|q| distance(*q))) {
            self.cursor = square;
        }
    }

    /// Picks the square under the cursor (Enter).
    pub fn pick_cursor(&mut self, position: &Position) -> Pick {
        self.pick(position, self.cursor)
    }

    /// Picks `square` (a click) for the side to move in `position`.
    pub fn pick(&mut self, position: &Position, square: Square) -> Pick {
        self.cursor = square;
        match self.stage {
            Stage::Queen => self.pick_queen(position, square),
            Stage::Destination { from } => {
                if square == from {
                    self.stage = Stage::Queen;
                    Pick::Advanced
                } else if position.queen_destinations(from).contains(square) {
                    self.stage = Stage::Arrow { from, to: square };
                    Pick::Advanced
                } else if position.queen_at(square) == Some(position.turn()) {
                    self.pick_queen(position, square)
                } else {
                    let m = Move::new(from, square, from);
                    Pick::Refused(refusal(position, m))
                }
            }
            Stage::Arrow { from, to } => {
                let m = Move::new(from, to, square);
                if position.arrow_targets(from, to).contains(square) {
                    self.stage = Stage::Queen;
                    Pick::Complete(m)
                } else {
                    Pick::Refused(refusal(position, m))
                }
            }
        }
    }

    fn pick_queen(&mut self, position: &Position, square: Square) -> Pick {
        if position.is_game_over() {
            return Pick::Refused(illegal_move(IllegalMove::GameOver));
        }
        match position.queen_at(square) {
            None => Pick::Refused(illegal_move(IllegalMove::NoQueen(square))),
            Some(side) if side != position.turn() => {
                Pick::Refused(illegal_move(IllegalMove::NotYourQueen(square)))
            }
            Some(_) if position.queen_destinations(square).is_empty() => {
                Pick::Refused(t!("queen-walled-in", square = square.to_string()))
            }
            Some(_) => {
                self.stage = Stage::Destination { from: square };
                Pick::Advanced
            }
        }
    }
}

/// The rules' own reason for refusing `m` (one place for each rule).
fn refusal(position: &Position, m: Move) -> String {
    match position.is_legal(m) {
        Err(reason) => illegal_move(reason),
        Ok(()) => t!("move-cannot-be-played", premove = m.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn three_picks_make_a_move() {
        let start = Position::start();
        let mut input = MoveInput::default();
        assert_eq!(input.pick(&start, sq("d1")), Pick::Advanced);
        assert_eq!(input.stage(), Stage::Destination { from: sq("d1") });
        assert!(input.targets(&start).contains(sq("d7")));
        assert_eq!(input.pick(&start, sq("d7")), Pick::Advanced);
        assert!(
            input.targets(&start).contains(sq("d1")),
            "the vacated square is open"
        );
        assert_eq!(
            input.pick(&start, sq("g7")),
            Pick::Complete("d1-d7/g7".parse().unwrap())
        );
        assert_eq!(input.stage(), Stage::Queen);
    }

    #[test]
    fn refusals_say_why_and_keep_the_selection() {
        let start = Position::start();
        let mut input = MoveInput::default();
        assert_eq!(
            input.pick(&start, sq("e5")),
            Pick::Refused("there is no queen on e5".into())
        );
        assert_eq!(
            input.pick(&start, sq("a7")),
            Pick::Refused("the queen on a7 is not yours".into())
        );
        input.pick(&start, sq("d1"));
        let Pick::Refused(reason) = input.pick(&start, sq("e5")) else {
            panic!("e5 is not a queen move from d1")
        };
        assert!(reason.contains("rank, file or diagonal"), "{reason}");
        assert_eq!(input.stage(), Stage::Destination { from: sq("d1") });
        input.pick(&start, sq("d7"));
        let Pick::Refused(reason) = input.pick(&start, sq("d10")) else {
            panic!("d10 holds a queen")
        };
        assert!(reason.contains("blocked"), "{reason}");
        assert_eq!(
            input.stage(),
            Stage::Arrow {
                from: sq("d1"),
                to: sq("d7")
            }
        );
    }

    #[test]
    fn back_steps_one_stage_at_a_time() {
        let start = Position::start();
        let mut input = MoveInput::default();
        input.pick(&start, sq("d1"));
        input.pick(&start, sq("d7"));
        input.back();
        assert_eq!(input.stage(), Stage::Destination { from: sq("d1") });
        input.back();
        assert_eq!(input.stage(), Stage::Queen);
        input.back();
        assert_eq!(input.stage(), Stage::Queen);
    }

    #[test]
    fn picking_another_queen_retargets_and_the_same_one_drops_it() {
        let start = Position::start();
        let mut input = MoveInput::default();
        input.pick(&start, sq("d1"));
        assert_eq!(input.pick(&start, sq("g1")), Pick::Advanced);
        assert_eq!(input.stage(), Stage::Destination { from: sq("g1") });
        input.pick(&start, sq("g1"));
        assert_eq!(input.stage(), Stage::Queen);
    }

    #[test]
    fn the_keyboard_cursor_walks_and_picks() {
        let start = Position::start();
        let mut input = MoveInput::default();
        assert_eq!(input.cursor(), sq("d1"));
        input.pick_cursor(&start);
        input.move_cursor(0, 6);
        assert_eq!(input.cursor(), sq("d7"));
        input.pick_cursor(&start);
        input.move_cursor(3, 0);
        assert_eq!(
            input.pick_cursor(&start),
            Pick::Complete("d1-d7/g7".parse().unwrap())
        );
        input.move_cursor(-20, 20);
        assert_eq!(input.cursor(), sq("a10"));
    }

    #[test]
    fn tab_walks_the_own_queens_and_a_turn_starts_on_one() {
        let start = Position::start();
        let black = crate::net::session::position_for(&start, amazons_core::Side::Second);
        let mut input = MoveInput::default();
        input.cursor_to_own_queen(&black);
        assert_eq!(input.cursor(), sq("a7"), "the nearest black queen to d1");
        let mut seen = Vec::new();
        for _ in 0..4 {
            input.cycle_queen(&black, true);
            seen.push(input.cursor().to_string());
        }
        assert_eq!(seen, ["j7", "d10", "g10", "a7"]);
        input.cycle_queen(&black, false);
        assert_eq!(input.cursor(), sq("g10"));
        let mut white = MoveInput::default();
        white.cursor_to_own_queen(&start);
        assert_eq!(white.cursor(), sq("d1"), "already on a queen");
    }

    #[test]
    fn pointing_builds_exactly_the_legal_moves_in_random_games() {
        for seed in 0..20 {
            // 0 to 57 plies in (the game may end earlier).
            let position = amazons_core::testing::random_position(seed, seed as usize * 3);
            let legal = position.legal_moves();
            let mut built = Vec::new();
            for from in Square::all().filter(|s| position.queen_at(*s) == Some(position.turn())) {
                let mut input = MoveInput::default();
                if input.pick(&position, from) != Pick::Advanced {
                    continue;
                }
                for to in input.targets(&position) {
                    let mut at_arrow = input;
                    assert_eq!(at_arrow.pick(&position, to), Pick::Advanced);
                    for arrow in at_arrow.targets(&position) {
                        let mut last = at_arrow;
                        match last.pick(&position, arrow) {
                            Pick::Complete(m) => built.push(m),
                            other => panic!("{from}-{to}/{arrow}: {other:?}"),
                        }
                    }
                }
            }
            let mut legal_sorted = legal.clone();
            legal_sorted.sort();
            built.sort();
            assert_eq!(built, legal_sorted, "in {}", position.fen());
        }
    }
}
