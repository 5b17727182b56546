//! The threads the computer's players are driven from: a fixed pool of
//! dedicated OS threads, off the async runtime, at a background priority.
//!
//! Driving a player blocks: an engine's driver writes a position to a pipe
//! and waits up to the think time (plus a grace) for the answer, and starting
//! an engine waits for its handshake. None of that may run on the runtime's
//! worker threads, or every match on those threads would wait. The pool has
//! one thread per computer game allowed at once (`computer.max_games`), so
//! no game waits for another's move. The searching itself happens in the
//! engine's own process (`worker.rs` for the built-in levels), which the
//! pool thread starts and which inherits its priority (nice 10 on Linux).

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// A piece of work for a pool thread.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The nice value of the pool threads (0 is normal, 19 the lowest).
pub const NICE: i32 = 10;

/// A fixed set of threads that run blocking work and hand back the result.
#[derive(Debug)]
pub struct ThinkerPool {
    /// The queue of jobs; every thread takes from it. Dropping the pool
    /// closes it, and each thread ends after its current job.
    jobs: Mutex<mpsc::Sender<Job>>,
}

impl ThinkerPool {
    /// Starts `threads` threads named `computer-N`.
    pub fn new(threads: usize) -> std::io::Result<ThinkerPool> {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..threads.max(1) {
            let rx = Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("computer-{n}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        // The lock is held only while waiting for a job.
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })?;
        }
        Ok(ThinkerPool {
            jobs: Mutex::new(tx),
        })
    }

    /// Runs `work` on a pool thread; the receiver gets its result (or is
    /// closed if the work panicked).
    pub fn run<T, F>(&self, work: F) -> oneshot::Receiver<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            if let Ok(result) = result {
                let _ = tx.send(result);
            }
        });
        if let Ok(jobs) = self.jobs.lock() {
            let _ = jobs.send(job);
        }
        rx
    }
}

/// Lowers the calling thread's scheduling priority to [`NICE`] (Linux: the
/// nice value is per thread). Elsewhere, or if refused, it stays as it is.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let tid = rustix::thread::gettid();
        if let Err(e) = rustix::process::setpriority_process(Some(tid), NICE) {
            tracing::warn!("cannot lower the priority of a computer thread: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_off_the_runtime_and_comes_back() {
        let pool = ThinkerPool::new(2).unwrap();
        let a = pool.run(|| std::thread::current().name().map(str::to_owned));
        let b = pool.run(|| 6 * 7);
        assert!(a.await.unwrap().unwrap().starts_with("computer-"));
        assert_eq!(b.await.unwrap(), 42);
        let panicked = pool.run(|| -> u8 { panic!("an engine bug") });
        assert!(panicked.await.is_err(), "a panic closes the receiver");
        assert_eq!(pool.run(|| 1).await.unwrap(), 1, "and the thread lives on");
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn pool_threads_run_at_a_background_priority() {
        let pool = ThinkerPool::new(1).unwrap();
        let nice = pool
            .run(|| rustix::process::getpriority_process(Some(rustix::thread::gettid())))
            .await
            .unwrap()
            .unwrap();
        assert!(nice >= NICE, "nice {nice}");
    }
}
