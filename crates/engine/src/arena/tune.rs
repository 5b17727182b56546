//! `amazons-engine tune`: SPSA over level 7's constants by fast self-play
//! (see `crate::spsa`). Each step plays one pair of games, the
//! same opening with colours swapped, between the two perturbed players.
//!
//! A move's budget is CPU time by default (`--movetime`, the search
//! thread's own clock, so other work on the machine does not change it):
//! several knobs (the widths, `expand`) change what a playout costs, and at
//! a fixed number of playouts a move the tuner would not pay for that. It
//! drove `expand` towards 1 (every playout an expansion, a hundred times
//! slower a move) before it had this budget. `--playouts N` plays at a
//! fixed number of playouts instead, which makes a run give the same
//! constants on any machine, for knobs that leave a playout's cost alone
//! (`c`, `scale`, `prior`, `kappa`). Games end when a side cannot move, or
//! earlier once the board is separated and the exact count proves the
//! winner. It prints the means as they move and, at the end, the tuned
//! player as an arena specification (`mcts:c=..,...`) to try against the
//! default with `amazons-engine arena`; nothing is adopted by the run.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::mcts::MctsParams;
use crate::player::PlayerSpec;
use crate::spsa::{Spsa, knob_names};
use crate::{Engine, EngineConfig, MAX_LEVEL, SearchLimits, TimeSource, territory};
use amazons_core::{Position, Side};
use anyhow::Context;

use crate::arena::load_openings;

/// Arguments of `amazons-engine tune`.
#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// SPSA steps; each plays a pair of games.
    #[arg(long, default_value_t = 600)]
    pub pairs: usize,
    /// CPU time of a move, in milliseconds (each search thread's own CPU
    /// time).
    #[arg(long, default_value_t = 40, conflicts_with = "playouts")]
    pub movetime: u64,
    /// Playouts a move instead of a time (the run is then reproducible).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// The knobs to tune, comma-separated (names as in `mcts:` players).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "c,width,qwidth,rwidth,rqwidth,scale,expand,prior,widen,kappa,mob"
    )]
    pub knobs: Vec<String>,
    /// Where the knobs start, and what the others are: `full` (the default
    /// level 7) or an `mcts:` player.
    #[arg(long, default_value = "full")]
    pub from: PlayerSpec,
    /// The learning rate at the last step (fishtest's `r_end`).
    #[arg(long, default_value_t = 0.02)]
    pub r_end: f64,
    /// Pairs played at once between updates. Part of the result: the same
    /// seed and batch give the same constants whatever `--concurrency`.
    #[arg(long, default_value_t = 2)]
    pub batch: usize,
    /// Games played at once (threads).
    #[arg(long, default_value_t = 2)]
    pub concurrency: usize,
    /// Seeds the perturbations, the openings' order and the players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Openings file (one FEN per line); default: the arena's shipped set.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Write the means after every batch to this CSV file.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// What each move of a tuning game may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveBudget {
    /// Milliseconds of the search thread's CPU time.
    CpuMs(u64),
    /// Playouts (the game is then the same every time).
    Playouts(u64),
}

impl MoveBudget {
    /// The budget `args` ask for.
    fn of(args: &TuneArgs) -> MoveBudget {
        match args.playouts {
            Some(playouts) => MoveBudget::Playouts(playouts),
            None => MoveBudget::CpuMs(args.movetime),
        }
    }

    /// Words for the heading.
    fn describe(self) -> String {
        match self {
            MoveBudget::CpuMs(ms) => format!("{ms} ms of CPU time"),
            MoveBudget::Playouts(n) => format!("{n} playouts"),
        }
    }
}

/// Plays one game from `start` between `white` and `black` at `budget` a
/// move; returns the winner.
fn play(start: &Position, players: [MctsParams; 2], budget: MoveBudget, seed: u64) -> Side {
    let (limits, time_source) = match budget {
        MoveBudget::CpuMs(ms) => (
            SearchLimits::movetime(Duration::from_millis(ms)),
            TimeSource::ThreadCpu,
        ),
        MoveBudget::Playouts(n) => (SearchLimits::nodes(n), TimeSource::Wall),
    };
    let mut engines = players.map(|params| {
        let mut engine = Engine::new(EngineConfig {
            level: MAX_LEVEL,
            threads: 1,
            hash_mb: 16,
            seed: Some(seed),
            time_source,
        });
        engine.set_mcts_params(params);
        engine
    });
    let mut position = *start;
    loop {
        let mover = position.turn();
        if !position.has_legal_move() {
            return mover.opponent();
        }
        if territory::is_separated(position.board()) {
            if let Some(solved) = territory::solve(&position, territory::SOLVE_BUDGET) {
                return solved.winner();
            }
        }
        let engine = &mut engines[usize::from(mover == Side::Second)];
        let best = engine
            .search(&position, &limits, &mut |_| {})
            .best_move
            .expect("a side with a legal move gets a move");
        position.make(best);
    }
}

/// Runs `amazons-engine tune`.
pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    let base = match &args.from {
        PlayerSpec::Level(level) if level.get() == MAX_LEVEL => MctsParams::default(),
        PlayerSpec::Mcts(params) => *params,
        other => anyhow::bail!("--from is `full` or an `mcts:` player, not {other}"),
    };
    let names: Vec<&str> = args.knobs.iter().map(String::as_str).collect();
    let mut spsa = Spsa::new(base, &names, args.pairs, args.r_end, args.seed)
        .with_context(|| format!("--knobs (knobs: {})", knob_names()))?;
    let openings = load_openings(args.openings.as_deref())?;
    let mut csv = match &args.out {
        Some(path) => {
            let mut file = std::fs::File::create(path)
                .with_context(|| format!("creating {}", path.display()))?;
            let header: Vec<&str> = spsa.means().iter().map(|m| m.0).collect();
            writeln!(file, "pairs,plus_score,{}", header.join(","))?;
            Some(file)
        }
        None => None,
    };
    let budget = MoveBudget::of(&args);
    println!(
        "tune: {} pairs at {} a move, knobs {}, r_end {}, batch {}, seed {}, from {}",
        args.pairs,
        budget.describe(),
        names.join(","),
        args.r_end,
        args.batch,
        args.seed,
        args.from
    );
    let started = Instant::now();
    let batch = args.batch.max(1);
    let mut plus_wins = 0usize;
    let mut k = 0;
    while k < args.pairs {
        let steps: Vec<_> = (k..(k + batch).min(args.pairs))
            .map(|i| spsa.step(i))
            .collect();
        // Every game of the batch: (step, plus plays white?).
        let games: Vec<(usize, bool)> = (0..steps.len())
            .flat_map(|s| [(s, true), (s, false)])
            .collect();
        let next = AtomicUsize::new(0);
        let winners = Mutex::new(vec![Side::First; games.len()]);
        std::thread::scope(|scope| {
            for _ in 0..args.concurrency.max(1) {
                scope.spawn(|| {
                    loop {
                        let g = next.fetch_add(1, Ordering::SeqCst);
                        let Some(&(s, plus_white)) = games.get(g) else {
                            return;
                        };
                        let step = &steps[s];
                        let opening = &openings[(args.seed as usize + step.k) % openings.len()];
                        let players = if plus_white {
                            [step.plus, step.minus]
                        } else {
                            [step.minus, step.plus]
                        };
                        let seed = args.seed.wrapping_mul(1_000_003)
                            ^ (2 * step.k as u64 + u64::from(plus_white));
                        let winner = play(opening, players, budget, seed);
                        winners.lock().expect("winners")[g] = winner;
                    }
                });
            }
        });
        let winners = winners.into_inner().expect("winners");
        for (s, step) in steps.iter().enumerate() {
            let won_by_plus = |g: usize, plus_white: bool| {
                let plus_side = if plus_white {
                    Side::First
                } else {
                    Side::Second
                };
                usize::from(winners[g] == plus_side)
            };
            let wins = won_by_plus(2 * s, true) + won_by_plus(2 * s + 1, false);
            plus_wins += wins;
            spsa.update(step, 2 * wins as i32 - 2);
        }
        k += steps.len();
        let score = plus_wins as f64 / (2 * k) as f64;
        let means: Vec<String> = spsa
            .means()
            .iter()
            .map(|(name, v)| format!("{name}={v:.2}"))
            .collect();
        println!(
            "pairs {k}/{} ({:.0} s): plus won {:.1}% | {}",
            args.pairs,
            started.elapsed().as_secs_f64(),
            100.0 * score,
            means.join(" ")
        );
        if let Some(file) = csv.as_mut() {
            let values: Vec<String> = spsa.means().iter().map(|m| format!("{:.4}", m.1)).collect();
            writeln!(file, "{k},{score:.4},{}", values.join(","))?;
        }
    }
    let tuned = PlayerSpec::Mcts(spsa.params());
    println!("----");
    println!(
        "tuned in {:.0} s over {} games",
        started.elapsed().as_secs_f64(),
        2 * args.pairs
    );
    println!("{tuned}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game at a fixed number of playouts is the same game every time,
    /// so a tuning run is reproducible.
    #[test]
    fn a_tuning_game_replays_from_its_seed() {
        let start = load_openings(None).unwrap()[0];
        let narrow = MctsParams {
            width: 4,
            root_width: 4,
            ..MctsParams::default()
        };
        let wide = MctsParams::default();
        for (players, seed) in [([wide, narrow], 5), ([narrow, wide], 6)] {
            let first = play(&start, players, MoveBudget::Playouts(40), seed);
            assert_eq!(first, play(&start, players, MoveBudget::Playouts(40), seed));
        }
    }
}
