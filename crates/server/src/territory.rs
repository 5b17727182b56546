//! The engine's territory count, where the server needs it: after every
//! move of a live game (whether the position is proven, so that the game
//! ends or may be claimed) and for `GET /api/territory` (the view players
//! and spectators look at).
//!
//! The exact count ([`amazons_engine::territory::solve`]) is bounded by a
//! fixed work budget ([`SOLVE_BUDGET`]), so the same position always gets the
//! same answer (a restart counts the live positions again rather than
//! journal what counting proved) and no count runs longer than some tens of
//! milliseconds; a count that does not finish proves nothing, and the game
//! simply goes on. Only a separated position is counted, on a blocking
//! thread, so the async runtime never waits on it.

use amazons_core::{Position, TerritoryEnd};
use amazons_engine::territory::{self, Territory};
use amazons_protocol::{Decided, MoveRange, RegionView, TerritoryCounts, TerritoryView};

use crate::match_state::Verdict;

/// The work budget of one exact count, in generated moves: the engine's
/// [`territory::SOLVE_BUDGET`], what a server affords after a move.
pub const SOLVE_BUDGET: u64 = territory::SOLVE_BUDGET;

/// What exact counting proves about `position`, counted on a blocking
/// thread (`None` at once when it is not separated).
pub async fn judge(position: Position) -> Option<Verdict> {
    if !territory::is_separated(position.board()) {
        return None;
    }
    tokio::task::spawn_blocking(move || {
        let started = std::time::Instant::now();
        let verdict = verdict(&position);
        tracing::debug!(
            micros = started.elapsed().as_micros() as u64,
            proven = verdict.is_some(),
            "separated position counted"
        );
        verdict
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!("the territory count failed: {e}");
        None
    })
}

/// What exact counting proves about `position` within [`SOLVE_BUDGET`]:
/// the winner and how a game ended there records it.
pub fn verdict(position: &Position) -> Option<Verdict> {
    let solved = territory::solve(position, SOLVE_BUDGET)?;
    Some(Verdict {
        winner: solved.winner(),
        end: TerritoryEnd {
            margin: solved.margin(),
            moves_left: solved.moves_left(),
            finish: solved.finish().to_vec(),
        },
    })
}

/// The territory view of `position` (`GET /api/territory`): every square's
/// owner, the counts, the closed regions with their moves, and the proven
/// result when the position is separated and the count finishes. Runs on
/// the caller's thread (a blocking one).
pub fn view(position: &Position) -> TerritoryView {
    let territory = Territory::of(position.board());
    let counts = territory.counts();
    let decided = territory
        .is_separated()
        .then(|| verdict(position))
        .flatten();
    TerritoryView {
        owners: territory.owners_text(),
        counts: TerritoryCounts {
            white: counts.nearer.first,
            black: counts.nearer.second,
            contested: counts.contested,
        },
        regions: territory
            .regions()
            .iter()
            .map(|region| RegionView {
                squares: region.squares.map(|s| s.to_string()).collect(),
                owner: region.owner,
                moves: MoveRange {
                    lower: region.moves.lower,
                    upper: region.moves.upper,
                },
            })
            .collect(),
        decided: decided.map(|v| Decided {
            winner: v.winner,
            margin: v.end.margin,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::{BySide, Side};

    #[test]
    fn a_view_is_decided_exactly_when_the_count_proves_the_position() {
        let start = view(&Position::start());
        assert_eq!(start.owners.len(), 100);
        assert_eq!(start.owners.matches('Q').count(), 4);
        assert_eq!((start.decided, start.regions.len()), (None, 0));
        assert_eq!(verdict(&Position::start()), None);
        // A board of arrows but for a1–e1 (white's queen on b1) and g1–i1
        // (black's on i1), black to move: 2 moves against white's 4.
        let fen = format!("{}1Q3*2q* b - - 0 1", "**********/".repeat(9));
        let separated = Position::from_fen(&fen).unwrap();
        let proven = verdict(&separated).expect("separated and small");
        assert_eq!(proven.winner, Side::First);
        assert_eq!(proven.end.moves_left, BySide::new(4, 2));
        assert_eq!(proven.end.margin, 3);
        let shown = view(&separated);
        assert_eq!(
            shown.decided,
            Some(Decided {
                winner: Side::First,
                margin: 3
            })
        );
        assert_eq!(shown.regions.len(), 2);
    }
}
