//! Exact territory counting (`territory::solve`) checked against the
//! exhaustive solver, which knows nothing of regions: on separated positions
//! reached from the endgame test set (`data/endgames.txt`) and on random
//! separated positions. Each side's count is also checked against a plain
//! search for its longest sequence of moves, so defective regions (where a
//! queen cannot fill every square) are counted right, not just the winner.
//!
//! The default tests keep to positions small enough for debug builds; all of
//! them: `cargo test --release -p amazons-engine --test territory -- --ignored`.

use std::collections::HashMap;

use amazons_core::{Bitboard, Board, Move, Position, Side, Square};
use amazons_engine::solver::{SolvedEndgame, Solver, live_squares};
use amazons_engine::territory::{SOLVE_BUDGET, Solved, Territory, is_separated, solve};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The stored set.
const ENDGAMES: &str = include_str!("../data/endgames.txt");

/// The set's positions.
fn endgame_positions() -> Vec<Position> {
    endgames().into_iter().map(|e| e.position).collect()
}

/// The most moves `side` can make in a row on `board` with the other side
/// never moving: every move tried, positions remembered.
fn longest(board: Board, side: Side, memo: &mut HashMap<Board, u32>) -> u32 {
    if let Some(&n) = memo.get(&board) {
        return n;
    }
    let mut moves = Vec::new();
    board.for_each_move(side, |m| moves.push(m));
    let best = moves
        .into_iter()
        .map(|m| 1 + longest(board.with_move(side, m), side, memo))
        .max()
        .unwrap_or(0);
    memo.insert(board, best);
    best
}

/// What one check found.
#[derive(Default)]
struct Checked {
    /// Positions compared.
    positions: usize,
    /// Of them, positions with a region its owner cannot fill.
    defective: usize,
    /// Of them, positions where both sides have moves left (a race).
    races: usize,
}

/// Compares `solve` on the separated position `p` with the solver and the
/// plain longest-sequence search, and plays its finish out.
fn check(p: &Position, checked: &mut Checked) {
    let solved: Solved =
        solve(p, SOLVE_BUDGET).unwrap_or_else(|| panic!("{}: separated but not solved", p.fen()));
    let wins = Solver::new(50_000_000)
        .wins(p)
        .unwrap_or_else(|| panic!("{}: the solver's budget ran out", p.fen()));
    assert_eq!(solved.winner() == p.turn(), wins, "{}", p.fen());
    for side in Side::BOTH {
        let plain = longest(*p.board(), side, &mut HashMap::new());
        assert_eq!(solved.moves_left()[side], plain, "{} {side:?}", p.fen());
    }
    // The finish is legal and ends with the loser to move and stuck.
    let end = solved.finish().iter().fold(*p, |q, &m: &Move| {
        q.play(m).unwrap_or_else(|e| panic!("{}: {e:?}", p.fen()))
    });
    assert!(!end.has_legal_move(), "{}", p.fen());
    assert_eq!(end.turn(), solved.winner().opponent(), "{}", p.fen());
    let (a, b) = (
        solved.moves_left()[p.turn()],
        solved.moves_left()[p.turn().opponent()],
    );
    let expected_margin = if a > b { a - b } else { b - a + 1 };
    assert_eq!(solved.margin(), expected_margin);
    // The view agrees: separated, and its closed regions' exact counts add
    // up to the moves left.
    let view = Territory::of(p.board());
    assert!(view.is_separated());
    for side in Side::BOTH {
        let regions = view.regions().iter().filter(|r| r.owner == Some(side));
        let total: u32 = regions.clone().map(|r| r.moves.upper).sum();
        assert!(regions.clone().all(|r| r.moves.is_exact()), "{}", p.fen());
        assert_eq!(total, solved.moves_left()[side], "{}", p.fen());
    }
    let defective = view
        .regions()
        .iter()
        .any(|r| r.owner.is_some() && r.moves.upper < r.squares.count());
    checked.positions += 1;
    checked.defective += usize::from(defective);
    checked.races += usize::from(a > 0 && b > 0);
}

/// The first separated position with at most `live` reachable empty
/// squares of a seeded random play-out from `p`, if it is reached before the
/// game ends.
fn separated_after_random_play(p: &Position, seed: u64, live: u32) -> Option<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = *p;
    loop {
        if is_separated(p.board()) && live_squares(p.board()).count() <= live {
            return Some(p);
        }
        let moves = p.legal_moves();
        if moves.is_empty() {
            return None;
        }
        p.make(moves[rng.random_range(0..moves.len())]);
    }
}

/// Separated positions from the endgame set with at most `live` reachable
/// empty squares: the first such position of `walks` random play-outs from
/// each stored position (a stored position that is one already is its own).
fn separated_from_the_set(walks: u64, live: u32) -> Vec<Position> {
    let mut out = Vec::new();
    for (i, p) in endgame_positions().iter().enumerate() {
        for walk in 0..walks {
            if let Some(q) = separated_after_random_play(p, i as u64 * 1000 + walk, live)
                && !out.contains(&q)
            {
                out.push(q);
            }
        }
    }
    out
}

#[test]
fn solve_agrees_with_the_solver_on_the_endgame_set() {
    let positions = separated_from_the_set(6, 12);
    let mut checked = Checked::default();
    for p in &positions {
        check(p, &mut checked);
    }
    println!(
        "{} separated positions, {} with a defective region, {} races",
        checked.positions, checked.defective, checked.races
    );
    assert!(checked.races >= 20, "{} races", checked.races);
    assert!(checked.positions >= 60, "{} positions", checked.positions);
    assert!(checked.defective >= 5, "{} defective", checked.defective);
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored --nocapture"]
fn solve_agrees_with_the_solver_on_the_whole_endgame_set() {
    let positions = separated_from_the_set(20, 20);
    let mut checked = Checked::default();
    for p in &positions {
        check(p, &mut checked);
    }
    println!(
        "{} separated positions, {} with a defective region, {} races",
        checked.positions, checked.defective, checked.races
    );
}

/// A random position in the bottom-left 4x4 corner (everything else burnt,
/// queens outside the corner entombed there), the squares both sides reach
/// burnt. `None` when two queens of different sides still touch (then the
/// sides are not apart).
fn corner_position(
    empty: u16,
    white: Vec<u8>,
    black: Vec<u8>,
    white_to_move: bool,
) -> Option<Position> {
    let corner = |i: u32| Square::from_index(((i / 4) * 10 + i % 4) as u8).unwrap();
    let mut arrows = Bitboard::FULL;
    for i in 0..16 {
        if empty & (1 << i) != 0 {
            arrows = arrows.without(corner(i));
        }
    }
    let queens = |picks: Vec<u8>, taken: Bitboard| {
        let mut q = Bitboard::EMPTY;
        for pick in picks {
            let s = Square::from_index(pick).unwrap();
            if !(q | taken).contains(s) {
                q = q.with(s);
            }
        }
        q
    };
    let w = queens(white, Bitboard::EMPTY);
    let mut b = queens(black, w);
    if b.is_empty() {
        // Every pick was taken by white: an entombed black queen on j10.
        b = Bitboard::from_square("j10".parse().unwrap());
    }
    let board = Board::new(w, b, arrows & !(w | b));
    let contested = area(&board, Side::First) & area(&board, Side::Second) & board.empty();
    let turn = if white_to_move {
        Side::First
    } else {
        Side::Second
    };
    let p = Position::from_parts(w, b, (arrows & !(w | b)) | contested, turn, 0, 1).unwrap();
    let apart = (area(p.board(), Side::First) & b).is_empty();
    assert_eq!(is_separated(p.board()), apart, "{}", p.fen());
    apart.then_some(p)
}

/// The squares `side`'s queens can ever get to: king-connected to them
/// through empty squares and queens' squares (which a queen may leave).
fn area(board: &Board, side: Side) -> Bitboard {
    let passable = board.empty() | board.queens(Side::First) | board.queens(Side::Second);
    let mut r = board.queens(side);
    loop {
        let grown = (r | r.king_neighbourhood()) & passable;
        if grown == r {
            return r;
        }
        r = grown;
    }
}

/// Squares of the corner and around it, where queens are put.
fn queen_square() -> impl Strategy<Value = u8> {
    (0u8..5, 0u8..5).prop_map(|(rank, file)| rank * 10 + file)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn solve_agrees_with_the_solver_on_random_separated_corners(
        empty in any::<u16>(),
        white in proptest::collection::vec(queen_square(), 1..=3),
        black in proptest::collection::vec(queen_square(), 1..=3),
        white_to_move in any::<bool>(),
    ) {
        if let Some(p) = corner_position(empty, white, black, white_to_move) {
            check(&p, &mut Checked::default());
        }
    }
}

/// The stored endgames with their solved results.
fn endgames() -> Vec<SolvedEndgame> {
    ENDGAMES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| SolvedEndgame::parse(l).unwrap())
        .collect()
}

/// The counting solver finds exactly the stored winning moves (found by the
/// plain solver) of `set`.
fn check_counting_solver(set: &[SolvedEndgame]) {
    for e in set {
        let winning = Solver::counting(10_000_000).winning_moves(&e.position);
        assert_eq!(
            winning.as_ref(),
            Some(&e.winning_moves),
            "{}",
            e.position.fen()
        );
    }
}

#[test]
fn the_counting_solver_agrees_with_the_plain_solver() {
    let set = endgames();
    let wins = set.iter().filter(|e| e.side_to_move_wins).take(3);
    let losses = set.iter().filter(|e| !e.side_to_move_wins).take(2);
    check_counting_solver(&wins.chain(losses).cloned().collect::<Vec<_>>());
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn the_counting_solver_agrees_with_the_plain_solver_on_the_whole_set() {
    check_counting_solver(&endgames());
}
