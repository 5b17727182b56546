//! The territory count's own threads: a fixed number of them behind a
//! bounded queue, so that counting never takes a thread from tokio's
//! blocking pool (which grows to hundreds of threads, each keeping the
//! memory it counted with) and never makes a match wait behind a long line
//! of counts: when the queue is full the count is skipped, and the next
//! move of that game counts again.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

use amazons_engine::endgame::FillMemory;
use tokio::sync::oneshot;

/// One count to run: given the thread's own region memory.
type Job = Box<dyn FnOnce(&mut FillMemory) + Send>;

/// The counting threads and their queue (see the module documentation).
/// Dropping the pool lets its threads finish the queue and end.
pub struct CountPool {
    /// Where counts wait for a thread; bounded, never waited on.
    jobs: SyncSender<Job>,
}

/// The queue was full: the count was not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("every territory-count thread is busy and the queue is full")]
pub struct PoolFull;

impl CountPool {
    /// A pool of `threads` counting threads (at least one) with room for
    /// `queue` counts waiting (0: a count is taken only by a thread that
    /// is free at once).
    pub fn new(threads: usize, queue: usize) -> std::io::Result<CountPool> {
        let (jobs, waiting) = std::sync::mpsc::sync_channel::<Job>(queue);
        let waiting = Arc::new(Mutex::new(waiting));
        for n in 0..threads.max(1) {
            let waiting = Arc::clone(&waiting);
            std::thread::Builder::new()
                .name(format!("territory-count-{n}"))
                .spawn(move || run_counts(&waiting))?;
        }
        Ok(CountPool { jobs })
    }

    /// Queues `count` for a counting thread; its result comes on the
    /// receiver (which reports an error if the count panicked). Never
    /// waits: [`PoolFull`] when the queue is full.
    pub fn try_run<T: Send + 'static>(
        &self,
        count: impl FnOnce(&mut FillMemory) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, PoolFull> {
        let (reply, result) = oneshot::channel();
        let job: Job = Box::new(move |memory| {
            // The asker may have gone; then nobody needs the result.
            let _ = reply.send(count(memory));
        });
        match self.jobs.try_send(job) {
            Ok(()) => Ok(result),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(PoolFull),
        }
    }
}

/// A counting thread: takes counts off the queue until the pool is gone,
/// with one region memory kept for all of them. A count that panics is
/// logged and dropped (its asker sees its reply channel closed); the
/// thread goes on with a fresh memory.
fn run_counts(waiting: &Mutex<Receiver<Job>>) {
    let mut memory = FillMemory::default();
    loop {
        let job = {
            let Ok(waiting) = waiting.lock() else { return };
            match waiting.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        if std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut memory))).is_err() {
            tracing::error!("a territory count panicked; it proves nothing");
            memory = FillMemory::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_skips_the_count_instead_of_waiting() {
        let pool = CountPool::new(1, 1).unwrap();
        // The one thread is held busy by the first count...
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = std::sync::mpsc::channel::<()>();
        let busy = pool
            .try_run(move |_| {
                started_tx.send(()).unwrap();
                hold.recv().unwrap();
                1
            })
            .unwrap();
        started.recv().unwrap();
        // ...the second waits in the queue's one place...
        let queued = pool.try_run(|_| 2).unwrap();
        // ...and the third finds no room and is refused at once.
        assert_eq!(pool.try_run(|_| 3).err(), Some(PoolFull));
        release.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), 1);
        assert_eq!(queued.await.unwrap(), 2);
        // With room again, counts run.
        assert_eq!(pool.try_run(|_| 4).unwrap().await.unwrap(), 4);
    }

    #[tokio::test]
    async fn a_count_that_panics_leaves_the_pool_counting() {
        let pool = CountPool::new(1, 2).unwrap();
        let failed = pool.try_run(|_| -> u32 { panic!("a count gone wrong") });
        assert!(failed.unwrap().await.is_err());
        assert_eq!(pool.try_run(|_| 5).unwrap().await.unwrap(), 5);
    }
}
