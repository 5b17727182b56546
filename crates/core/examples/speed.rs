//! Measures raw move-generation speed on one core: `cargo run --release -p
//! amazons-core --example speed [seconds-per-test]`.
//!
//! The positions are the start, its 2,176 children, and positions from 64
//! seeded random games at every ply, so openings, middlegames and endgames all
//! count. Each test loops over all of them until its time is up and prints
//! moves per second: `count_moves` (bulk count), `for_each_move` (every move
//! handed to a closure) and `legal_moves_into` (every move stored in a buffer).

use std::hint::black_box;
use std::time::{Duration, Instant};

use amazons_core::{Move, Position};

fn positions() -> Vec<Position> {
    let start = Position::start();
    let mut positions = vec![start];
    start.for_each_move(|m| {
        let mut child = start;
        child.make(m);
        positions.push(child);
    });
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut moves = Vec::new();
    for _ in 0..64 {
        let mut position = start;
        loop {
            position.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            positions.push(position);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position.make(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    positions
}

/// Time this thread has spent on a CPU, in seconds, where Linux tells it
/// (`/proc/thread-self/schedstat`): on a busy machine it is the honest
/// denominator, since wall time also counts the time other programs ran.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// Runs `pass` (which returns the moves it saw) until `budget` is spent and
/// prints the rate per wall-clock second and per CPU second.
fn measure(name: &str, budget: Duration, mut pass: impl FnMut() -> u64) {
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let mut moves = 0u64;
    let mut passes = 0u64;
    while started.elapsed() < budget {
        moves += pass();
        passes += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu_started
        .zip(cpu_seconds())
        .map_or(seconds, |(before, after)| after - before);
    println!(
        "{name:<18} {:>8.1} M moves/s wall  {:>8.1} M moves/s cpu  ({passes} passes, {moves} moves, {seconds:.2} s)",
        moves as f64 / seconds / 1e6,
        moves as f64 / cpu / 1e6,
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = std::env::args().nth(1).map_or(Ok(2.0), |a| a.parse())?;
    let budget = Duration::from_secs_f64(seconds);
    let positions = positions();
    let total: u64 = positions.iter().map(Position::count_moves).sum();
    println!("{} positions, {total} moves in all", positions.len());

    measure("count_moves", budget, || {
        positions.iter().map(|p| black_box(p).count_moves()).sum()
    });
    measure("for_each_move", budget, || {
        let mut n = 0u64;
        let mut check = 0u32;
        for p in &positions {
            black_box(p).for_each_move(|m: Move| {
                n += 1;
                check = check.wrapping_add(u32::from(m.arrow.index()));
            });
        }
        black_box(check);
        n
    });
    let mut buffer = Vec::with_capacity(4096);
    measure("legal_moves_into", budget, || {
        let mut n = 0u64;
        for p in &positions {
            black_box(p).legal_moves_into(&mut buffer);
            n += black_box(&buffer).len() as u64;
        }
        n
    });
    Ok(())
}
