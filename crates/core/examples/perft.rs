//! Prints perft counts with timing: `cargo run --release -p amazons-core --example perft -- 3 [threads] [fen]`.

use std::time::Instant;

use amazons_core::{Position, perft_parallel};

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
    let started = Instant::now();
    let nodes = perft_parallel(&position, depth, threads);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {nodes}  threads {threads}  {seconds:.3} s  {:.2} G leaves/s",
        nodes as f64 / seconds / 1e9
    );
    Ok(())
}
