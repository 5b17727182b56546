//! Perft: the number of move sequences of a given length, the standard check
//! that move generation is exactly right. The last ply is bulk-counted with
//! [`Position::count_moves`], never enumerated.

use crate::moves::Move;
use crate::position::Position;

/// Leaves of the move tree `depth` plies deep from `position`.
///
/// ```
/// use amazons_core::{Position, perft};
///
/// let start = Position::start();
/// assert_eq!(perft(&start, 1), 2_176);
/// assert_eq!(perft(&start, 2), 4_307_152);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut total = 0;
            position.for_each_move(|m| {
                let mut child = *position;
                child.make(m);
                total += perft(&child, depth - 1);
            });
            total
        }
    }
}

/// Perft per root move (`depth` ≥ 1), in generation order: the tool for finding
/// which move a wrong count hides under.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    let mut counts = Vec::new();
    position.for_each_move(|m| {
        let mut child = *position;
        child.make(m);
        counts.push((m, perft(&child, depth - 1)));
    });
    counts
}

/// [`perft`] spread over `threads` OS threads (root moves dealt round-robin).
///
/// ```
/// use amazons_core::{Position, perft, perft_parallel};
///
/// let after: Position = "3q2q3/10/10/q8q/10/10/1Q*6Q/10/10/3Q2Q3 b".parse()?;
/// assert_eq!(perft_parallel(&after, 2, 2), perft(&after, 2));
/// # Ok::<(), amazons_core::FenError>(())
/// ```
pub fn perft_parallel(position: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads <= 1 {
        return perft(position, depth);
    }
    let roots = position.legal_moves();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let roots = &roots;
                scope.spawn(move || {
                    roots
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|m| {
                            let mut child = *position;
                            child.make(*m);
                            perft(&child, depth - 1)
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker panicked"))
            .sum()
    })
}
