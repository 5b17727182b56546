//! Exhaustive solving of small endgames, and the endgame test set made with
//! it (`amazons-engine gen-endgames`, `data/endgames.txt`).
//!
//! [`Solver`] plays every move to the end of the game (negamax over win and
//! loss, the positions met remembered), so its answer is the game's true
//! result, whatever regions, parity or defective squares the position holds.
//! It is exponential: it is meant for positions with a dozen or so empty
//! squares that any queen can still reach, and gives up past a node budget.
//! [`Solver::counting`] stops each line where the board separates and counts
//! it exactly instead (analysis proves small endgames with it).
//!
//! The test set: self-play by the one-ply greedy level 4 from the arena's
//! openings (each ply a seeded random pick among its few best moves, so
//! games differ), stopped once at most `empty` empty squares can still be
//! reached by a queen; the position is kept when the solver settles it
//! within its budget, unless more than `max_win_pct` percent of the legal
//! moves win (such a position tests little) or enough lost positions are
//! kept already. Each line records the position, who wins, and every winning
//! move, so a test can ask whether the engine finds one.

use std::collections::HashMap;

use amazons_core::{Bitboard, Board, Move, Position, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::Evaluator;
use crate::openings::pick_among_best;
use crate::territory;

/// Remembers solved positions; counts the positions visited against a
/// budget.
pub struct Solver {
    /// Whether the side to move wins, by board and side.
    memo: HashMap<(Board, Side), bool>,
    /// Positions still allowed.
    budget: u64,
    /// Whether a separated position is counted ([`territory::solve`])
    /// instead of searched.
    counting: bool,
    /// With counting, the evaluation that orders the moves (the answers do
    /// not depend on the order, only the positions visited).
    ordering: Option<Evaluator>,
}

impl Solver {
    /// A solver that visits at most `budget` positions (over all its calls)
    /// and searches every position to the end: the reference the region
    /// counting is tested against.
    pub fn new(budget: u64) -> Solver {
        Solver {
            memo: HashMap::new(),
            budget,
            counting: false,
            ordering: None,
        }
    }

    /// A solver that, once a line reaches a separated position, counts it
    /// exactly ([`territory::solve`], within [`territory::SOLVE_BUDGET`];
    /// searched on when the count does not finish) instead of searching
    /// it, and tries the moves best first by the evaluation: the same
    /// answers as [`Solver::new`] (tested on the endgame set) for a small
    /// part of the positions, so analysis can afford it.
    pub fn counting(budget: u64) -> Solver {
        Solver {
            counting: true,
            ordering: Some(Evaluator::new()),
            ..Solver::new(budget)
        }
    }

    /// Whether the side to move wins `position` with best play by both
    /// sides; `None` when the budget ran out first.
    pub fn wins(&mut self, position: &Position) -> Option<bool> {
        let key = (*position.board(), position.turn());
        if let Some(&w) = self.memo.get(&key) {
            return Some(w);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        if self.counting
            && let Some(solved) = territory::solve(position, territory::SOLVE_BUDGET)
        {
            let win = solved.winner() == position.turn();
            self.memo.insert(key, win);
            return Some(win);
        }
        let mut moves = Vec::new();
        position.legal_moves_into(&mut moves);
        if let Some(evaluator) = &mut self.ordering {
            // The opponent's worst replies first: a win is found sooner.
            moves.sort_by_cached_key(|&m| {
                evaluator.evaluate(
                    &position.board().with_move(position.turn(), m),
                    position.turn().opponent(),
                )
            });
        }
        let mut win = false;
        for m in moves {
            let mut child = *position;
            child.make(m);
            if !self.wins(&child)? {
                win = true;
                break;
            }
        }
        self.memo.insert(key, win);
        Some(win)
    }

    /// The moves that win `position` for its side to move (empty when it
    /// loses); `None` when the budget ran out first.
    pub fn winning_moves(&mut self, position: &Position) -> Option<Vec<Move>> {
        let mut out = Vec::new();
        for m in position.legal_moves() {
            let mut child = *position;
            child.make(m);
            if !self.wins(&child)? {
                out.push(m);
            }
        }
        Some(out)
    }
}

/// The empty squares some queen can still reach (king-connected to a queen
/// through empty squares): the squares the rest of the game is about.
pub fn live_squares(board: &Board) -> Bitboard {
    let empty = board.empty();
    let queens = board.queens(Side::First) | board.queens(Side::Second);
    let mut live = Bitboard::EMPTY;
    loop {
        let grown = (live | queens).king_neighbourhood() & empty;
        if grown == live {
            return live;
        }
        live = grown;
    }
}

/// One position of the endgame test set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedEndgame {
    /// The position.
    pub position: Position,
    /// Whether the side to move wins with best play.
    pub side_to_move_wins: bool,
    /// Every winning move (empty when the side to move loses).
    pub winning_moves: Vec<Move>,
}

impl SolvedEndgame {
    /// The line of `data/endgames.txt`: `FEN ; win|loss ; moves`.
    pub fn line(&self) -> String {
        let moves: Vec<String> = self.winning_moves.iter().map(Move::to_string).collect();
        format!(
            "{} ; {} ; {}",
            self.position.fen(),
            if self.side_to_move_wins {
                "win"
            } else {
                "loss"
            },
            moves.join(" ")
        )
    }

    /// Parses a line written by [`SolvedEndgame::line`].
    pub fn parse(line: &str) -> Result<SolvedEndgame, String> {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, result, moves] = parts[..] else {
            return Err(format!("`{line}`: expected FEN ; win|loss ; moves"));
        };
        let position = Position::from_fen(fen).map_err(|e| format!("`{fen}`: {e}"))?;
        let side_to_move_wins = match result {
            "win" => true,
            "loss" => false,
            other => return Err(format!("`{other}`: expected win or loss")),
        };
        let winning_moves = moves
            .split_whitespace()
            .map(|m| m.parse::<Move>().map_err(|e| format!("`{m}`: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SolvedEndgame {
            position,
            side_to_move_wins,
            winning_moves,
        })
    }
}

/// Settings of the endgame generator; with the `cli` feature also the
/// options of `amazons-engine gen-endgames` (their defaults are the
/// command's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct EndgameSettings {
    /// Positions wanted.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 40))]
    pub count: usize,
    /// At most this many of them lost for the side to move (the rest are
    /// wins, the positions where a player can go wrong).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 10))]
    pub losses: usize,
    /// Keep a won position only when at most this percentage of its legal
    /// moves win (the rest lose: the position is a test of finding one).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 50))]
    pub max_win_pct: usize,
    /// Stop self-play once at most this many empty squares can still be
    /// reached by a queen.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 12))]
    pub empty: u32,
    /// Random pick among this many best one-ply (greedy) moves per ply.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 3))]
    pub top: usize,
    /// Solver budget per position (positions visited).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 2_000_000))]
    pub budget: u64,
    /// Random seed.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1))]
    pub seed: u64,
}

/// Generates solved endgames from `openings` (see the module documentation),
/// handing each to `found` as soon as it is solved (a long run shows its
/// progress, and the sequence is the same whatever `count` is); returns how
/// many were found.
pub fn generate_endgames(
    openings: &[Position],
    s: EndgameSettings,
    found: &mut dyn FnMut(&SolvedEndgame),
) -> usize {
    let mut rng = StdRng::seed_from_u64(s.seed);
    let mut evaluator = Evaluator::new();
    let mut kept = 0;
    let mut seen = std::collections::HashSet::new();
    let mut attempts = 0;
    let mut lost = 0;
    while kept < s.count && attempts < s.count * 200 && !openings.is_empty() {
        attempts += 1;
        let mut p = openings[rng.random_range(0..openings.len())];
        while p.has_legal_move() && live_squares(p.board()).count() > s.empty {
            p.make(pick_among_best(&mut evaluator, &p, s.top, &mut rng));
        }
        if !p.has_legal_move() || !seen.insert(p.hash()) {
            continue;
        }
        let mut solver = Solver::new(s.budget);
        let Some(winning_moves) = solver.winning_moves(&p) else {
            continue;
        };
        // A win where (nearly) every move wins tests little.
        if winning_moves.len() * 100 > s.max_win_pct * p.legal_moves().len() {
            continue;
        }
        if winning_moves.is_empty() {
            if lost >= s.losses {
                continue;
            }
            lost += 1;
        }
        kept += 1;
        found(&SolvedEndgame {
            position: p,
            side_to_move_wins: !winning_moves.is_empty(),
            winning_moves,
        });
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queen_without_a_move_loses_and_a_sealing_move_wins() {
        // No legal move for White: lost.
        let p = Position::from_fen("Q*8/**8/10/10/10/10/10/10/10/9q w").unwrap();
        assert_eq!(Solver::new(10).wins(&p), Some(false));
        // Rank 1 only: `. . Q . . . . q . .`, White to move. Sealing Black
        // into the smaller side wins; the solver finds it and every such move.
        let p = Position::from_fen(
            "**********/**********/**********/**********/**********/**********/**********/**********/**********/2Q4q2 w",
        )
        .unwrap();
        let mut solver = Solver::new(1_000_000);
        assert_eq!(solver.wins(&p), Some(true));
        let winning = solver.winning_moves(&p).unwrap();
        assert!(!winning.is_empty());
        for m in &winning {
            let mut c = p;
            c.make(*m);
            assert_eq!(solver.wins(&c), Some(false), "{m}");
        }
        // A budget too small gives no answer.
        assert_eq!(Solver::new(1).wins(&p), None);
    }

    #[test]
    fn lines_round_trip() {
        let p = Position::from_fen(
            "**********/**********/**********/**********/**********/**********/**********/**********/**********/2Q4q2 w",
        )
        .unwrap();
        let mut solver = Solver::new(1_000_000);
        let e = SolvedEndgame {
            position: p,
            side_to_move_wins: true,
            winning_moves: solver.winning_moves(&p).unwrap(),
        };
        assert_eq!(SolvedEndgame::parse(&e.line()).unwrap(), e);
        assert!(SolvedEndgame::parse("nonsense").is_err());
        assert_eq!(live_squares(p.board()).count(), 8);
    }
}
