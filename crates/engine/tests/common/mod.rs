//! Helpers shared by the engine's integration tests.

use std::time::Duration;

use amazons_core::Position;

/// CPU time this thread has run, from the scheduler (Linux): unlike wall
/// time it does not grow while other processes have the machine, so a
/// deadline test measured with it cannot fail because the machine is busy.
#[cfg(target_os = "linux")]
pub fn thread_cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    let ns: u64 = stat.split_whitespace().next().unwrap().parse().unwrap();
    Duration::from_nanos(ns)
}

/// A position reached by `plies` pseudo-random legal moves from the start.
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut p = Position::start();
    let mut s = seed | 1;
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        p.make(moves[(s % moves.len() as u64) as usize]);
    }
    p
}
