//! The engine's territory count, where the server needs it: after every
//! move of a live game (whether the position is proven, so that the game
//! ends or may be claimed) and for `GET /api/territory` (the view players
//! and spectators look at).
//!
//! Only a separated position is counted, region by region
//! ([`territory::solve_by_region`]), each region within a fixed work budget
//! of its own ([`REGION_BUDGET`]), so a region's count depends on nothing
//! but the region, and the same position always gets the same answer (a
//! restart counts the live positions again rather than journal what
//! counting proved). What a region's count found is remembered
//! ([`memo`]): a move recounts only the regions it touched, and a region
//! its budget could not count is not counted again: the position is
//! unproven at once. A count that does not finish proves nothing, and the
//! game simply goes on.
//!
//! Counting runs on the count's own threads ([`pool`]: one by default,
//! with a short queue), never on the async runtime nor on tokio's
//! open-ended blocking pool. When the queue is full the count is skipped:
//! the move goes on unproven, and the game's next move counts again (a
//! separated position stays separated, and its regions only shrink), so
//! no match ever waits behind a line of counts.

pub mod memo;
pub mod pool;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use amazons_core::{Position, TerritoryEnd};
use amazons_engine::endgame::{self, FillMemory};
use amazons_engine::territory::{self, RegionKey, Territory};
use amazons_engine::time::thread_cpu_time;
use amazons_protocol::{Decided, MoveRange, RegionView, TerritoryCounts, TerritoryView};

use self::memo::{RegionCount, RegionMemo};
use self::pool::CountPool;
use crate::match_state::Verdict;

/// The work budget of one region's count, in generated moves (each move
/// generated and each position searched costs one): at some 10-40 ns a
/// unit, a region's count takes a few milliseconds at most, and typical
/// regions need a few thousand units.
pub const REGION_BUDGET: u64 = 200_000;

/// Threads that count for the live path: one keeps counting to a small
/// share of a small host.
pub const COUNT_THREADS: usize = 1;

/// Counts that may wait for a counting thread; a count that finds the
/// queue full is skipped (see the module documentation).
pub const COUNT_QUEUE: usize = 4;

/// Region counts remembered in each of the memo's two tables: some 4,096
/// live games' worth of regions, a few hundred bytes each.
pub const MEMO_LIMIT: usize = 16_384;

/// The server's territory counter: the pool its counts run on and the
/// memo of region counts they share.
pub struct Counter {
    /// The counting threads.
    pool: CountPool,
    /// What counting each region found.
    memo: Mutex<RegionMemo>,
    /// The work budget of each region's count ([`REGION_BUDGET`]).
    budget: u64,
    /// Regions counted so far (not taken from the memo): how much work the
    /// memo leaves.
    regions_counted: AtomicU64,
}

impl Counter {
    /// A counter with `threads` counting threads, `queue` places for counts
    /// waiting, `memo_limit` region counts remembered in each of the memo's
    /// two tables and `budget` for each region's count.
    pub fn new(
        (threads, queue): (usize, usize),
        memo_limit: usize,
        budget: u64,
    ) -> std::io::Result<Counter> {
        Ok(Counter {
            pool: CountPool::new(threads, queue)?,
            memo: Mutex::new(RegionMemo::new(memo_limit)),
            budget,
            regions_counted: AtomicU64::new(0),
        })
    }

    /// Regions this counter has counted (rather than remembered).
    pub fn regions_counted(&self) -> u64 {
        self.regions_counted.load(Ordering::Relaxed)
    }

    /// The server's one counter ([`COUNT_THREADS`], [`COUNT_QUEUE`],
    /// [`MEMO_LIMIT`]), started on first use.
    pub fn global() -> &'static Counter {
        static COUNTER: OnceLock<Counter> = OnceLock::new();
        COUNTER.get_or_init(|| {
            Counter::new((COUNT_THREADS, COUNT_QUEUE), MEMO_LIMIT, REGION_BUDGET)
                .expect("the territory-count thread starts")
        })
    }

    /// What exact counting proves about `position`: at once when it is not
    /// separated or its regions are remembered, else on a counting thread;
    /// `None` too when the count is skipped (the queue is full).
    pub async fn judge(&'static self, position: Position) -> Option<Verdict> {
        if !territory::is_separated(position.board()) {
            return None;
        }
        if let Some(known) = self.remembered(&position) {
            return known;
        }
        let started = std::time::Instant::now();
        let regions_before = self.regions_counted();
        let counted = self.pool.try_run(move |memory| {
            let cpu = thread_cpu_time();
            let verdict = self.count(&position, memory);
            (verdict, thread_cpu_time().saturating_sub(cpu))
        });
        let Ok(counted) = counted else {
            tracing::debug!("territory count skipped: the queue is full");
            return None;
        };
        let (verdict, cpu) = counted.await.unwrap_or_else(|_| {
            tracing::error!("the territory count failed");
            (None, std::time::Duration::ZERO)
        });
        tracing::debug!(
            micros = started.elapsed().as_micros() as u64,
            cpu_micros = cpu.as_micros() as u64,
            proven = verdict.is_some(),
            regions = self.regions_counted() - regions_before,
            "separated position counted"
        );
        verdict
    }

    /// What the memo alone says about the separated `position`: `Some`
    /// when one of its regions is remembered unproven (nothing can be
    /// proven) or all are remembered counted (the verdict), `None` when a
    /// region is still to count.
    fn remembered(&self, position: &Position) -> Option<Option<Verdict>> {
        let mut memo = self.memo.lock().ok()?;
        let mut counts = Vec::new();
        for region in territory::regions_to_count(position) {
            match memo.get(&region) {
                Some(RegionCount::Unproven) => return Some(None),
                Some(count) => counts.push(count),
                None => return None,
            }
        }
        let mut lines = counts.iter().map(RegionCount::line);
        Some(proven(position, |_| lines.next().flatten()))
    }

    /// Counts `position` region by region, remembered regions from the
    /// memo and the others within the counter's budget each (remembered
    /// then), with `memory` for the region search.
    pub fn count(&self, position: &Position, memory: &mut FillMemory) -> Option<Verdict> {
        proven(position, |region| {
            if let Some(known) = self.memo.lock().ok()?.get(&region) {
                return known.line();
            }
            self.regions_counted.fetch_add(1, Ordering::Relaxed);
            let mut budget = self.budget;
            let filling =
                endgame::region_filling_in(region.queens, region.squares, &mut budget, memory);
            let count = if filling.bounds.is_exact() {
                RegionCount::Exact(filling.line.into())
            } else {
                RegionCount::Unproven
            };
            let line = count.line();
            if let Ok(mut memo) = self.memo.lock() {
                memo.insert(region, count);
            }
            line
        })
    }
}

/// What exact counting proves about `position`, asking `line_of` for each
/// region's longest filling sequence: the winner and how a game ended there
/// records it.
fn proven(
    position: &Position,
    line_of: impl FnMut(RegionKey) -> Option<Vec<amazons_core::Move>>,
) -> Option<Verdict> {
    let solved = territory::solve_by_region(position, line_of)?;
    Some(Verdict {
        winner: solved.winner(),
        end: TerritoryEnd {
            margin: solved.margin(),
            moves_left: solved.moves_left(),
            finish: solved.finish().to_vec(),
        },
    })
}

/// What exact counting proves about `position`, counted on the live
/// path's counting threads (`None` at once when it is not separated, and
/// when the count is skipped).
pub async fn judge(position: Position) -> Option<Verdict> {
    Counter::global().judge(position).await
}

/// What exact counting proves about `position` (each region within
/// [`REGION_BUDGET`]): the winner and how a game ended there records it.
/// Counted on the caller's thread, sharing the live path's memo: the same
/// answer as [`judge`] gives.
pub fn verdict(position: &Position) -> Option<Verdict> {
    if !territory::is_separated(position.board()) {
        return None;
    }
    Counter::global().count(position, &mut FillMemory::default())
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

    /// A board of arrows but for rank 1, given as `rank1` and the side to
    /// move.
    fn rank_one(rank1: &str) -> Position {
        Position::from_fen(&format!("{}{rank1} - - 0 1", "**********/".repeat(9))).unwrap()
    }

    /// A counter of its own (one thread, `queue` places), living as long
    /// as the test's runtime may use it.
    fn counter(queue: usize, budget: u64) -> &'static Counter {
        Box::leak(Box::new(Counter::new((1, queue), 64, budget).unwrap()))
    }

    #[test]
    fn a_move_recounts_only_the_regions_it_touched() {
        let counter = counter(1, REGION_BUDGET);
        let mut memory = FillMemory::default();
        // White's b1 in a1–e1, black's i1 in g1–h1.
        let before = rank_one("1Q3*2q* b");
        let first = counter.count(&before, &mut memory).expect("proven");
        assert_eq!(counter.regions_counted(), 2);
        // Black's queen steps to h1 and burns i1: only black's region is new.
        let after = before.play("i1-h1/i1".parse().unwrap()).unwrap();
        let second = counter.count(&after, &mut memory).expect("proven");
        assert_eq!(counter.regions_counted(), 3);
        assert_eq!(second.end.moves_left, BySide::new(4, 1));
        // Remembered or counted afresh, a position gets the same answer.
        assert_eq!(counter.count(&before, &mut memory), Some(first.clone()));
        assert_eq!(counter.regions_counted(), 3);
        let fresh = Counter::new((1, 1), 64, REGION_BUDGET).unwrap();
        assert_eq!(fresh.count(&before, &mut memory), Some(first));
        assert_eq!(fresh.count(&after, &mut memory), Some(second));
    }

    #[tokio::test]
    async fn a_region_found_unproven_is_not_counted_again() {
        // A budget too small for white's region of four squares.
        let counter = counter(1, 1);
        let position = rank_one("1Q3*2q* b");
        assert_eq!(counter.judge(position).await, None);
        assert_eq!(
            counter.regions_counted(),
            1,
            "black's region was not needed"
        );
        assert_eq!(counter.judge(position).await, None);
        let after = position.play("i1-h1/i1".parse().unwrap()).unwrap();
        assert_eq!(counter.judge(after).await, None);
        assert_eq!(
            counter.regions_counted(),
            1,
            "white's region is known unproven"
        );
    }

    #[tokio::test]
    async fn a_full_queue_skips_new_counts_but_not_remembered_ones() {
        let counter = counter(1, REGION_BUDGET);
        let known = rank_one("1Q3*2q* b");
        let proven = counter.judge(known).await.expect("proven");
        // Hold the one thread and fill the queue's one place.
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = std::sync::mpsc::channel::<()>();
        let busy = counter
            .pool
            .try_run(move |_| {
                started_tx.send(()).unwrap();
                hold.recv().unwrap();
            })
            .unwrap();
        started.recv().unwrap();
        let queued = counter.pool.try_run(|_| ()).unwrap();
        let new = rank_one("1Q3**q1* w");
        let counted = counter.regions_counted();
        // A new position is skipped, not waited for; a remembered one is
        // still judged.
        assert_eq!(counter.judge(new).await, None);
        assert_eq!(counter.regions_counted(), counted);
        assert_eq!(counter.judge(known).await, Some(proven));
        release.send(()).unwrap();
        busy.await.unwrap();
        queued.await.unwrap();
        // On a later try, with room in the queue, it is counted.
        let later = counter.judge(new).await.expect("proven");
        assert_eq!(later.end.moves_left, BySide::new(4, 1));
    }
}
