//! Prints perft counts with timing: `cargo run --release -p amazons-core --example perft -- 3 [threads] [fen]`.
//!
//! Besides wall-clock time it prints the CPU time the process used (on Linux),
//! which stays honest when other programs share the machine.

use std::time::Instant;

use amazons_core::{Position, perft_parallel};

/// User plus system CPU seconds of this process, all threads, where Linux
/// tells it (`/proc/self/stat`, in clock ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(Ok(3), |a| a.parse())?;
    let threads: usize = match args.next() {
        Some(a) => a.parse()?,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let position = match args.next() {
        Some(fen) => fen.parse()?,
        None => Position::start(),
    };
    let cpu_started = cpu_seconds();
    let started = Instant::now();
    let nodes = perft_parallel(&position, depth, threads);
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu_started
        .zip(cpu_seconds())
        .map(|(before, after)| format!("  cpu {:.2} s", after - before))
        .unwrap_or_default();
    println!(
        "perft({depth}) = {nodes}  threads {threads}  {seconds:.3} s  {:.2} G leaves/s{cpu}",
        nodes as f64 / seconds / 1e9
    );
    Ok(())
}
