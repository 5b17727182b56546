//! The moves from the standard start to a position: Botzone describes a game
//! only by its moves from the start, so a game that starts from an arena
//! opening (a FEN four plies in) is handed over as the moves that lead to it.
//!
//! Every move burns one square, so a position with `k` arrows is `k` plies
//! from the start. The search is a depth-first search over legal moves whose
//! arrow is one of the position's arrows, pruned when a side has more queens
//! off their final squares than it has moves left.

use amazons_core::{Move, Position, Side};

/// Most positions the search visits before it gives up (a position many
/// plies from the start has too many routes to look through).
const VISIT_LIMIT: u64 = 2_000_000;

/// A sequence of legal moves from [`Position::start`] that reaches the
/// queens, arrows and side to move of `target`, if one is found.
///
/// ```
/// use amazons_engine::player::route::route_from_start;
/// use amazons_core::Position;
///
/// let target: Position = "3q6/10/10/3Q*1Q1*q/10/*1q7/Q5q3/10/6*3/6Q3 w - - 4 3".parse()?;
/// let moves = route_from_start(&target).expect("four plies in");
/// let reached = moves.iter().try_fold(Position::start(), |p, m| p.play(*m))?;
/// assert_eq!(reached.board(), target.board());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn route_from_start(target: &Position) -> Option<Vec<Move>> {
    let plies = target.arrows().count() as usize;
    if plies % 2 != target.turn().index() {
        return None;
    }
    let mut search = RouteSearch {
        target: *target,
        path: Vec::with_capacity(plies),
        visits: 0,
    };
    search
        .extend(Position::start(), plies)
        .then_some(search.path)
}

/// The state of one route search.
struct RouteSearch {
    /// Where the route must lead.
    target: Position,
    /// The moves so far.
    path: Vec<Move>,
    /// Positions visited, against [`VISIT_LIMIT`].
    visits: u64,
}

impl RouteSearch {
    /// Whether `left` more plies from `position` reach the target (the route
    /// is then in `path`).
    fn extend(&mut self, position: Position, left: usize) -> bool {
        self.visits += 1;
        if self.visits > VISIT_LIMIT {
            return false;
        }
        if left == 0 {
            return position.board() == self.target.board();
        }
        let mover = position.turn();
        for side in Side::BOTH {
            // The mover has the odd ply of what is left.
            let moves_left = if side == mover {
                left.div_ceil(2)
            } else {
                left / 2
            };
            let astray = position.queens(side) & !self.target.queens(side);
            if astray.count() as usize > moves_left {
                return false;
            }
        }
        let arrows = self.target.arrows();
        let mut candidates = Vec::new();
        position.for_each_move(|m| {
            if arrows.contains(m.arrow) {
                candidates.push(m);
            }
        });
        for m in candidates {
            let mut next = position;
            next.make(m);
            self.path.push(m);
            if self.extend(next, left - 1) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_opening_has_a_route() {
        let text = include_str!("../../data/openings.txt");
        for fen in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let target: Position = fen.parse().unwrap();
            let moves = route_from_start(&target).unwrap_or_else(|| panic!("no route to {fen}"));
            let reached = moves
                .iter()
                .try_fold(Position::start(), |p, m| p.play(*m))
                .unwrap();
            assert_eq!(reached.board(), target.board(), "{fen}");
            assert_eq!(reached.turn(), target.turn(), "{fen}");
        }
    }

    #[test]
    fn the_start_is_the_empty_route_and_a_wrong_turn_has_none() {
        assert_eq!(route_from_start(&Position::start()), Some(Vec::new()));
        let after_one = Position::start().play("d1-d7/g7".parse().unwrap()).unwrap();
        assert_eq!(
            route_from_start(&after_one),
            Some(vec!["d1-d7/g7".parse().unwrap()])
        );
        // The same board with white to move: no route has that parity.
        let fen = after_one.fen().replace(" b ", " w ");
        assert_eq!(route_from_start(&fen.parse().unwrap()), None);
    }
}
