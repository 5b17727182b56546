//! The legal moves of a position in the compact form of the `legal_moves`
//! message: queen square → destination square → the set of arrow squares.
//!
//! A set of arrow squares is a 100-bit mask written as exactly 25 lowercase
//! hex digits, most significant digit first; bit `i` is the square with index
//! `i = rank * 10 + file` (a1 = bit 0, j1 = bit 9, a2 = bit 10, j10 = bit 99),
//! the same numbering as `amazons_core::Bitboard`. A queen that cannot move is
//! absent. The server builds this from `amazons_core::Position` so that a
//! client can offer exactly the legal moves without knowing any rule.
//!
//! ```
//! use amazons_core::Position;
//! use amazons_protocol::LegalMoves;
//!
//! let start = Position::start();
//! let legal = LegalMoves::of_position(&start);
//! assert_eq!(legal.count(), start.legal_moves().len());
//! let json = serde_json::to_string(&legal).unwrap();
//! assert!(json.starts_with(r#"{"d1":{"a1":""#));
//! let back: LegalMoves = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, legal);
//! ```

use std::collections::BTreeMap;
use std::fmt;

use amazons_core::{Bitboard, Move, Position, Square};
use serde::{Deserialize, Serialize};

/// How many hex digits an [`ArrowSet`] takes on the wire (100 bits).
pub const ARROW_SET_HEX_DIGITS: usize = 25;

/// The squares an arrow may hit after one queen move, written on the wire as
/// 25 lowercase hex digits (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ArrowSet(pub Bitboard);

impl fmt::Display for ArrowSet {
    /// The wire form: 25 lowercase hex digits, most significant first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:0width$x}", self.0.0, width = ARROW_SET_HEX_DIGITS)
    }
}

/// Why text is not an [`ArrowSet`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadArrowSet(pub String);

impl fmt::Display for BadArrowSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an arrow set: it needs exactly {ARROW_SET_HEX_DIGITS} lowercase hex digits",
            self.0
        )
    }
}

impl std::error::Error for BadArrowSet {}

impl std::str::FromStr for ArrowSet {
    type Err = BadArrowSet;

    /// Reads exactly 25 lowercase hex digits. 25 digits hold 100 bits, so every
    /// such text is a set of squares on the board.
    fn from_str(text: &str) -> Result<ArrowSet, BadArrowSet> {
        let well_formed = text.len() == ARROW_SET_HEX_DIGITS
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !well_formed {
            return Err(BadArrowSet(text.to_owned()));
        }
        u128::from_str_radix(text, 16)
            .map(|bits| ArrowSet(Bitboard(bits)))
            .map_err(|_| BadArrowSet(text.to_owned()))
    }
}

impl Serialize for ArrowSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ArrowSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Every legal move of a position, grouped by queen and destination: the
/// `moves` field of the `legal_moves` message.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LegalMoves(pub BTreeMap<Square, BTreeMap<Square, ArrowSet>>);

impl LegalMoves {
    /// The legal moves of the side to move, from the rules crate's move
    /// generation (empty when that side cannot move).
    pub fn of_position(position: &Position) -> LegalMoves {
        let mut by_queen = BTreeMap::new();
        position.queens(position.turn()).for_each(|from| {
            let mut by_destination = BTreeMap::new();
            position.queen_destinations(from).for_each(|to| {
                let arrows = position.arrow_targets(from, to);
                by_destination.insert(to, ArrowSet(arrows));
            });
            if !by_destination.is_empty() {
                by_queen.insert(from, by_destination);
            }
        });
        LegalMoves(by_queen)
    }

    /// The moves written out one by one, queen by queen, destination by
    /// destination, arrows from a1 upwards.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.count());
        for (&from, by_destination) in &self.0 {
            for (&to, arrows) in by_destination {
                arrows
                    .0
                    .for_each(|arrow| moves.push(Move::new(from, to, arrow)));
            }
        }
        moves
    }

    /// How many moves there are (the sum of the arrow sets' sizes).
    pub fn count(&self) -> usize {
        self.0
            .values()
            .flat_map(|by_destination| by_destination.values())
            .map(|arrows| arrows.0.count() as usize)
            .sum()
    }

    /// Whether `m` is among the moves.
    pub fn contains(&self, m: Move) -> bool {
        self.0
            .get(&m.from)
            .and_then(|by_destination| by_destination.get(&m.to))
            .is_some_and(|arrows| arrows.0.contains(m.arrow))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::testing::random_games;

    /// The bytes of the whole `legal_moves` message for `position`.
    fn message_size(position: &Position) -> usize {
        crate::ServerMessage::LegalMoves {
            match_id: crate::MatchId::random(),
            ply: position.ply(),
            moves: LegalMoves::of_position(position),
        }
        .encode()
        .len()
    }

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn arrow_sets_use_the_documented_bit_order() {
        let set = ArrowSet(Bitboard::EMPTY.with(square("a1")).with(square("j10")));
        assert_eq!(set.to_string(), "8000000000000000000000001");
        let set = ArrowSet(Bitboard::EMPTY.with(square("b1")).with(square("a2")));
        assert_eq!(set.to_string(), "0000000000000000000000402");
        assert_eq!("0000000000000000000000402".parse(), Ok(set));
        assert_eq!(ArrowSet(Bitboard::FULL).to_string(), "f".repeat(25));
    }

    #[test]
    fn arrow_sets_refuse_anything_but_25_lowercase_hex_digits() {
        for bad in [
            "",
            "0",
            &"0".repeat(24),
            &"0".repeat(26),
            "000000000000000000000000A",
            "00000000000000000000000+1",
            "0000000000000000000000 01",
            "00000000000000000000000g0",
        ] {
            assert!(bad.parse::<ArrowSet>().is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn the_start_encodes_every_move_in_about_2_8_kb() {
        let start = Position::start();
        let legal = LegalMoves::of_position(&start);
        assert_eq!(legal.count(), 2176);
        assert_eq!(legal.moves(), start.legal_moves());
        assert_eq!(legal.0.len(), 4);
        let size = message_size(&start);
        println!("legal_moves message at the start: {size} bytes");
        assert!((2_000..3_500).contains(&size), "{size}");
        let d1 = &legal.0[&square("d1")];
        assert!(d1.contains_key(&square("d7")));
        assert!(d1[&square("d7")].0.contains(square("g7")));
        assert!(d1[&square("d7")].0.contains(square("d1")));
        assert!(!d1.contains_key(&square("d10")));
    }

    #[test]
    fn random_positions_round_trip_and_count_every_legal_move() {
        for position in &random_games(12, 40) {
            let legal = LegalMoves::of_position(position);
            let all = position.legal_moves();
            assert_eq!(legal.count(), all.len(), "{}", position.fen());
            assert_eq!(legal.moves(), all, "{}", position.fen());
            assert!(all.iter().all(|&m| legal.contains(m)));
            for by_destination in legal.0.values() {
                assert!(!by_destination.is_empty());
            }
            let json = serde_json::to_string(&legal).unwrap();
            let back: LegalMoves = serde_json::from_str(&json).unwrap();
            assert_eq!(back, legal);
        }
    }

    #[test]
    fn a_lost_position_has_no_moves() {
        let boxed: Position = "Q*8/**8/10/10/10/10/10/10/10/9q w".parse().unwrap();
        let legal = LegalMoves::of_position(&boxed);
        assert_eq!(legal, LegalMoves::default());
        assert_eq!(serde_json::to_string(&legal).unwrap(), "{}");
        assert!(!legal.contains("a10-a9/a10".parse().unwrap()));
    }

    #[test]
    fn bad_wire_forms_are_refused() {
        for bad in [
            r#"{"k1":{"d2":"0000000000000000000000001"}}"#,
            r#"{"d1":{"d2":"1"}}"#,
            r#"{"d1":["d2"]}"#,
        ] {
            assert!(serde_json::from_str::<LegalMoves>(bad).is_err(), "{bad}");
        }
    }

    /// The largest `legal_moves` message over 100 random games, for the
    /// report (`cargo test -p amazons-protocol largest -- --nocapture`).
    #[test]
    fn largest_message_over_100_random_games() {
        let mut largest = (0, String::new());
        for position in &random_games(2024, 100) {
            let size = message_size(position);
            if size > largest.0 {
                largest = (size, position.fen());
            }
        }
        println!(
            "largest legal moves over 100 random games: {} bytes at {}",
            largest.0, largest.1
        );
        assert!(largest.0 < 8_000, "{largest:?}");
    }
}
