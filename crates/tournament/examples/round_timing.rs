//! Times the slowest round of a few Swiss events with pseudo-random
//! results (run it in release: `cargo run --release --example round_timing`).

use std::time::{Duration, Instant};

use amazons_core::Side;
use amazons_tournament::{Field, Format, GameResult, Round, pair_round};

fn main() {
    for (entrants, rounds) in [(64, 9), (64, 32), (16, 15), (17, 17), (6, 5)] {
        let format = Format::Swiss { rounds };
        let field = Field::new(entrants);
        let mut played: Vec<Round> = Vec::new();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut slowest = Duration::ZERO;
        for _ in 0..rounds {
            let start = Instant::now();
            let mut round = pair_round(&format, &field, &played).expect("a round");
            slowest = slowest.max(start.elapsed());
            for p in &mut round.pairings {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let winner = if seed & 1 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                p.result = Some(GameResult {
                    winner: Some(winner),
                    forfeit: false,
                    margin: None,
                });
            }
            played.push(round);
        }
        println!("{entrants} entrants, {rounds} rounds: slowest round {slowest:?}");
    }
}
