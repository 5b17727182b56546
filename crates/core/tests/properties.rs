//! Property tests over random games and random positions: the fast move
//! generator, counter, legality check, make/unmake, hashing, FEN and move text
//! all agree with each other and with the slow reference in `tests/common`.
//!
//! Case counts are small so the suite stays quick in debug builds; raise them
//! for a longer soak with `PROPTEST_CASES=500 cargo test --release -p
//! amazons-core --test properties`.

mod common;

use std::collections::BTreeSet;

use amazons_core::{Bitboard, EndReason, MAX_GAME_LENGTH, Move, Outcome, Position, Side, Square};
use common::Board;
use proptest::prelude::*;

/// The number of cases: `default`, unless `PROPTEST_CASES` asks for another
/// (an explicit count in the config would otherwise override the variable).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..100).prop_map(|i| Square::from_index(i).expect("on board"))
}

fn any_move() -> impl Strategy<Value = Move> {
    (square(), square(), square()).prop_map(|(from, to, arrow)| Move::new(from, to, arrow))
}

/// A near miss of a legal move: one of its three squares replaced.
#[derive(Clone, Copy, Debug)]
struct Tweak {
    pick: u32,
    part: u8,
    square: Square,
}

fn tweak() -> impl Strategy<Value = Tweak> {
    (any::<u32>(), 0u8..3, square()).prop_map(|(pick, part, square)| Tweak { pick, part, square })
}

impl Tweak {
    fn apply(self, moves: &[Move]) -> Option<Move> {
        let mut m = *moves.get(self.pick as usize % moves.len().max(1))?;
        match self.part {
            0 => m.from = self.square,
            1 => m.to = self.square,
            _ => m.arrow = self.square,
        }
        Some(m)
    }
}

/// Checks everything that must hold in `position`, given its legal moves from
/// the fast generator and the reference board.
fn check_position(
    position: &Position,
    board: &Board,
    probes: &[Move],
    tweaks: &[Tweak],
) -> Result<Vec<Move>, TestCaseError> {
    prop_assert!(
        board.agrees_with(position),
        "reference board differs:\n{position:?}"
    );
    prop_assert_eq!(position.hash(), position.hash_from_scratch());

    // FEN round-trips and is stable.
    let fen = position.fen();
    let back: Position = fen
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
    prop_assert_eq!(back, *position);
    prop_assert_eq!(back.fen(), fen);

    // The fast generator lists exactly the reference moves, once each.
    let mut moves = Vec::new();
    position.legal_moves_into(&mut moves);
    let fast: BTreeSet<Move> = moves.iter().copied().collect();
    prop_assert_eq!(fast.len(), moves.len(), "duplicate moves");
    let reference: BTreeSet<Move> = board.moves().into_iter().collect();
    prop_assert_eq!(&fast, &reference);

    // Counting, listing and visiting agree.
    prop_assert_eq!(position.count_moves(), moves.len() as u64);
    prop_assert_eq!(position.count_moves_simple(), moves.len() as u64);
    prop_assert_eq!(position.legal_moves(), moves.clone());
    let mut visited = Vec::new();
    position.for_each_move(|m| visited.push(m));
    prop_assert_eq!(&visited, &moves);
    let by_queen: Vec<Move> = position
        .queens(position.turn())
        .flat_map(|q| position.moves_of_queen(q))
        .collect();
    prop_assert_eq!(
        by_queen.iter().copied().collect::<BTreeSet<_>>(),
        fast.clone()
    );
    for q in position.queens(position.turn()) {
        let destinations: Bitboard = moves.iter().filter(|m| m.from == q).map(|m| m.to).collect();
        prop_assert_eq!(position.queen_destinations(q), destinations);
        for to in destinations {
            let arrows: Bitboard = moves
                .iter()
                .filter(|m| m.from == q && m.to == to)
                .map(|m| m.arrow)
                .collect();
            prop_assert_eq!(position.arrow_targets(q, to), arrows);
        }
    }
    prop_assert_eq!(position.has_legal_move(), !moves.is_empty());

    // Every generated move is legal; random and nearly-legal moves are legal
    // exactly when generated, and `play` refuses the others untouched.
    for m in &moves {
        prop_assert_eq!(position.is_legal(*m), Ok(()), "{}", m);
    }
    let near_misses = tweaks.iter().filter_map(|t| t.apply(&moves));
    for m in probes.iter().copied().chain(near_misses) {
        let generated = fast.contains(&m);
        prop_assert_eq!(position.is_legal(m).is_ok(), generated, "{}", m);
        match position.play(m) {
            Ok(next) => {
                prop_assert!(generated, "{} played but not generated", m);
                let mut made = *position;
                made.make(m);
                prop_assert_eq!(next, made);
            }
            Err(err) => {
                prop_assert!(!generated, "{} generated but refused: {}", m, err.reason);
                prop_assert_eq!(err.position, *position);
                prop_assert_eq!(err.mv, m);
            }
        }
    }

    // The end of the game is exactly "no move", and the mover has lost.
    let expected = moves
        .is_empty()
        .then(|| Outcome::win(position.turn().opponent(), EndReason::NoLegalMove));
    prop_assert_eq!(position.outcome(), expected);
    prop_assert_eq!(position.is_game_over(), moves.is_empty());
    Ok(moves)
}

/// Checks a move's text forms and make/unmake, then plays it.
fn check_and_play(
    position: &mut Position,
    board: &mut Board,
    m: Move,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    prop_assert_eq!(Move::from_uci(&m.uci().to_string()), Ok(m));
    prop_assert_eq!(m.uci().to_string().parse::<Move>(), Ok(m));

    let before = *position;
    let played = position
        .play(m)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut scratch = before;
    scratch.make(m);
    prop_assert_eq!(scratch, played);
    prop_assert_eq!(scratch.hash(), scratch.hash_from_scratch());
    prop_assert_ne!(scratch.hash(), before.hash());
    prop_assert_eq!(scratch.turn(), before.turn().opponent());
    prop_assert_eq!(scratch.ply(), before.ply() + 1);
    scratch.unmake(m);
    prop_assert_eq!(scratch, before);
    prop_assert_eq!(scratch.hash(), before.hash());

    *position = played;
    board.apply(m);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(16), ..ProptestConfig::default() })]

    /// Random games from the start: every ply checked, and every game over
    /// within 92 moves with the side to move as the loser.
    #[test]
    fn random_games_follow_the_rules(
        choices in prop::collection::vec(any::<u32>(), MAX_GAME_LENGTH + 1),
        probes in prop::collection::vec(any_move(), 16),
        tweaks in prop::collection::vec(tweak(), 16),
    ) {
        let mut position = Position::start();
        let mut board = Board::from_position(&position);
        for (ply, choice) in choices.iter().enumerate() {
            let moves = check_position(&position, &board, &probes, &tweaks)?;
            if moves.is_empty() {
                prop_assert!(ply <= MAX_GAME_LENGTH);
                prop_assert_eq!(position.ply() as usize, ply);
                return Ok(());
            }
            let m = moves[*choice as usize % moves.len()];
            check_and_play(&mut position, &mut board, m)?;
        }
        prop_assert!(false, "no game lasts more than {} moves:\n{:?}", MAX_GAME_LENGTH, position);
    }
}

/// A position from scratch: distinct squares, the first ones queens of each
/// side, the rest arrows. Not necessarily reachable in a game, which makes it
/// a harder test (queens side by side, walled-in corners, lone queens).
fn arbitrary_position() -> impl Strategy<Value = Position> {
    (
        Just(()).prop_perturb(|_, mut rng| {
            let mut squares: Vec<u8> = (0..100).collect();
            for i in (1..squares.len()).rev() {
                squares.swap(i, rng.random_range(0..=i));
            }
            squares
        }),
        1usize..=4,
        1usize..=4,
        0usize..=92,
        any::<bool>(),
        any::<u16>(),
        1u16..=u16::MAX,
    )
        .prop_map(
            |(squares, white, black, arrows, second, halfmove, fullmove)| {
                let set = |range: std::ops::Range<usize>| {
                    squares[range]
                        .iter()
                        .map(|&i| Square::from_index(i).expect("on board"))
                        .collect::<Bitboard>()
                };
                let turn = if second { Side::Second } else { Side::First };
                Position::from_parts(
                    set(0..white),
                    set(white..white + black),
                    set(white + black..white + black + arrows),
                    turn,
                    halfmove,
                    fullmove,
                )
                .expect("distinct squares make a position")
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    /// Arbitrary boards: generation, counting and legality against the
    /// reference, FEN round trips, then a few random moves with make/unmake.
    #[test]
    fn arbitrary_positions_follow_the_rules(
        start in arbitrary_position(),
        choices in prop::collection::vec(any::<u32>(), 4),
        probes in prop::collection::vec(any_move(), 16),
        tweaks in prop::collection::vec(tweak(), 16),
    ) {
        let mut position = start;
        let mut board = Board::from_position(&position);
        for choice in choices {
            let moves = check_position(&position, &board, &probes, &tweaks)?;
            if moves.is_empty() {
                break;
            }
            let m = moves[choice as usize % moves.len()];
            check_and_play(&mut position, &mut board, m)?;
        }
    }

    /// Any three squares: the canonical text and the UCI form read back as the
    /// same move.
    #[test]
    fn move_text_round_trips(m in any_move()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<Move>(), Ok(m));
        prop_assert_eq!(text.to_uppercase().parse::<Move>(), Ok(m));
        prop_assert_eq!(text.replace(['-', '/'], " ").parse::<Move>(), Ok(m));
        let uci = m.uci().to_string();
        prop_assert_eq!(Move::from_uci(&uci), Ok(m));
        prop_assert_eq!(uci.parse::<Move>(), Ok(m));
    }

    /// Arbitrary text never panics the parsers, and whatever parses prints
    /// back to text that parses to the same thing.
    #[test]
    fn parsers_accept_or_refuse_any_text(text in ".{0,24}") {
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        if let Ok(m) = Move::from_uci(&text) {
            prop_assert_eq!(Move::from_uci(&m.uci().to_string()), Ok(m));
        }
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.fen().parse::<Position>(), Ok(p));
        }
    }
}
