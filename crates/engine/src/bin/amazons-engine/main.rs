//! `amazons-engine`: UCI engine (no arguments), `bench`, `perft`, `arena`,
//! `deadlines`, `tune`, `analyse`, `solve`, `gen-endgames` and `gen-openings`.
//!
//! - `uci`: the UCI loop (Fairy-Stockfish's Amazons dialect), search on its
//!   own thread.
//! - `arena`, `deadlines`, `tune`: the library's measuring tools
//!   (`amazons_engine::arena`, feature `cli`), run from here.

mod analyse;
mod uci;

use std::time::Instant;

use amazons_core::{Position, START_FEN};
use amazons_engine::arena::{self, deadlines, tune};
use amazons_engine::mcts::{MctsParams, Parallelism};
use amazons_engine::time::thread_cpu_time;
use amazons_engine::{
    ALPHA_BETA_LEVEL, Engine, EngineConfig, MAX_LEVEL, SearchLimits, TimeSource, openings, solver,
};
use clap::{Parser, Subcommand};

/// The Game of the Amazons engine. Run with no subcommand, it is a UCI engine:
/// it reads UCI commands on standard input and answers on standard output.
///
/// That is how a UCI GUI runs it, and `amazons-client` or the server when
/// given the player `uci:amazons-engine` (Fairy-Stockfish's Amazons dialect:
/// moves as `d1d7,d7g7`). To try it by
/// hand, start `amazons-engine` and type `uci`, `go movetime 1000` and
/// `quit`; `setoption name Level value 1..7` picks the strength (7 is the
/// default). The subcommands below are tools for testing and measuring it.
#[derive(Parser)]
#[command(name = "amazons-engine", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// As a UCI engine: count thinking time in the search threads' CPU time
    /// instead of wall-clock time (for measurements such as `arena
    /// --cpu-time`, where other processes must not change results; real
    /// play keeps wall time, which is what clocks charge).
    #[arg(long)]
    cpu_time: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Searches fixed positions to a fixed depth with the alpha-beta level 6;
    /// prints nodes, nps and time per position and a total node count that
    /// changes only when the search changes; with one thread also the CPU
    /// time and nodes per CPU second (which other processes do not change).
    /// With `--playouts N`, the Monte-Carlo level 7 instead: N playouts a
    /// position with seed 1, playouts per CPU second, and the moves chosen
    /// (which change only when the search does).
    Bench {
        /// Depth per position.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Node budget per position instead of a depth (the total then only
        /// shows positions that finish early).
        #[arg(long)]
        nodes: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Level 7 for this many playouts a position instead.
        #[arg(long, conflicts_with_all = ["depth", "nodes"])]
        playouts: Option<u64>,
        /// With `--playouts` and several threads: one tree a thread (root
        /// parallelism) instead of the shared tree, to compare the two.
        #[arg(long)]
        root: bool,
    },
    /// Counts the move tree to depth N (per root move with --divide).
    Perft {
        /// Depth.
        depth: u32,
        /// Start position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Print per-root-move counts.
        #[arg(long)]
        divide: bool,
    },
    /// Plays a match between two players (score, Elo, Glicko-2) or a round
    /// robin of several (`--player` repeated: standings by Glicko-2 and
    /// every pair's results).
    Arena(Box<arena::ArenaArgs>),
    /// Re-checks from a clocked match's records that a player never went
    /// over its hard budget (recomputed by its time plan) plus a margin.
    Deadlines(deadlines::DeadlineArgs),
    /// Tunes level 7's constants by SPSA over fast self-play at a fixed
    /// number of playouts a move (reproducible), and prints the tuned player
    /// as an arena specification; the arena decides whether it is adopted.
    Tune(tune::TuneArgs),
    /// Analyses a game record at a fixed budget, as the server's analysis
    /// does: every position's evaluation and best move, every move's class,
    /// each player's summary, and the wall and CPU time it took.
    Analyse(analyse::AnalyseArgs),
    /// Shows the territory view of a position (FEN) and, when the board is
    /// separated, counts it exactly: moves left, winner, margin, finish.
    Solve(analyse::SolveArgs),
    /// Generates small endgames solved exhaustively, one per line: `FEN ;
    /// win|loss ; winning moves` (see the `solver` module's docs).
    GenEndgames(solver::EndgameSettings),
    /// Generates balanced opening positions for the arena (see `openings` docs).
    GenOpenings(openings::OpeningSettings),
}

/// Positions for `bench`: the start and four positions from a self-play game
/// (after 8, 24, 44 and 56 plies; the last is close to separated).
const BENCH_FENS: [&str; 5] = [
    START_FEN,
    "10/10/2*q4q1/1qQ*2Q3/***7/6*3/8*Q/5q2*1/2Q7/10 w - - 8 5",
    "5q4/1Qq5**/1**3*3/**1**Q*q2/****4**/6*1*1/5Q2*1/3*1q1**1/1*Q7/9* w - - 24 13",
    "2*3q3/2Q*1Q*1**/1***1**3/**1**q**q1/****2*Q**/*1**Q**1*1/2*3*1*1/*q**1****1/1***3*2/9* w - - 44 23",
    "2*Q*q3*/2Q**1*1**/1***1**3/**1**q**q1/*******Q**/*1**1**1*1/q1**2*1*1/****1****1/****3*2/**1*Q3** w - - 56 29",
];

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let config = EngineConfig {
                time_source: if cli.cpu_time {
                    TimeSource::ThreadCpu
                } else {
                    TimeSource::Wall
                },
                ..EngineConfig::default()
            };
            uci::run(std::io::stdin().lock(), std::io::stdout(), config)
        }
        Some(Command::Perft { depth, fen, divide }) => {
            let position = Position::from_fen(fen.as_deref().unwrap_or(START_FEN))?;
            let start = Instant::now();
            let total = if divide {
                let counts = amazons_core::divide(&position, depth);
                for (m, n) in &counts {
                    println!("{}: {n}", m.uci());
                }
                println!();
                counts.iter().map(|c| c.1).sum()
            } else {
                amazons_core::perft_parallel(&position, depth, 2)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("Nodes searched: {total}");
            eprintln!(
                "time {:.3} s, {:.0} nodes/s",
                secs,
                total as f64 / secs.max(1e-9)
            );
            Ok(())
        }
        Some(Command::Bench {
            depth,
            nodes,
            threads,
            playouts,
            root,
        }) => {
            if root && playouts.is_none() {
                anyhow::bail!("--root is for level 7: give --playouts N too");
            }
            let (level, limits, seed) = match (playouts, nodes) {
                (Some(n), _) => (MAX_LEVEL, SearchLimits::nodes(n), Some(1)),
                (None, Some(n)) => (ALPHA_BETA_LEVEL, SearchLimits::nodes(n), None),
                (None, None) => (ALPHA_BETA_LEVEL, SearchLimits::depth(depth), None),
            };
            let (unit, per) = if playouts.is_some() {
                ("playouts", "Playouts")
            } else {
                ("nodes", "Nodes")
            };
            let mut total = 0;
            let mut signature = Vec::new();
            let start = Instant::now();
            let cpu_start = thread_cpu_time();
            let process_start = cpu_time::ProcessTime::now();
            for fen in BENCH_FENS {
                let position = Position::from_fen(fen)?;
                let mut engine = Engine::new(EngineConfig {
                    level,
                    threads,
                    hash_mb: 16,
                    seed,
                    ..EngineConfig::default()
                });
                if root {
                    engine.set_mcts_params(MctsParams {
                        parallel: Parallelism::Root,
                        ..MctsParams::default()
                    });
                }
                let report = engine.search(&position, &limits, &mut |_| {});
                let secs = report.elapsed.as_secs_f64();
                let best = report
                    .best_move
                    .map_or("(none)".to_string(), |m| m.uci().to_string());
                println!(
                    "{fen}\n  best {best} score {} depth {} {unit} {} time {:.3} s nps {:.0}",
                    report.score_cp,
                    report.depth,
                    report.nodes,
                    secs,
                    report.nodes as f64 / secs.max(1e-9)
                );
                total += report.nodes;
                signature.push(best);
            }
            let secs = start.elapsed().as_secs_f64();
            // With one thread the search runs on this thread: its CPU time
            // does not grow while other processes have the machine.
            let cpu = (thread_cpu_time() - cpu_start).as_secs_f64();
            println!(
                "Total {unit}: {total}\nTotal time: {secs:.3} s\n{per}/second: {:.0}",
                total as f64 / secs.max(1e-9)
            );
            if threads == 1 {
                println!(
                    "CPU time: {cpu:.3} s\n{per}/CPU second: {:.0}",
                    total as f64 / cpu.max(1e-9)
                );
            } else {
                // Every thread's CPU time (the process's: all threads).
                let cpu = process_start.elapsed().as_secs_f64();
                println!(
                    "Process CPU time: {cpu:.3} s\n{per}/CPU second: {:.0}",
                    total as f64 / cpu.max(1e-9)
                );
            }
            if playouts.is_some() {
                println!("Moves: {}", signature.join(" "));
            }
            Ok(())
        }
        Some(Command::Arena(args)) => arena::run(*args),
        Some(Command::Deadlines(args)) => deadlines::run(args),
        Some(Command::Tune(args)) => tune::run(args),
        Some(Command::Analyse(args)) => analyse::analyse(args),
        Some(Command::Solve(args)) => analyse::solve(args),
        Some(Command::GenEndgames(settings)) => {
            let solver::EndgameSettings {
                count,
                losses,
                max_win_pct,
                empty,
                top,
                budget,
                seed,
            } = settings;
            let openings = arena::parse_openings(arena::DEFAULT_OPENINGS)?;
            println!("# Small endgames solved exhaustively, for tests/endgames.rs. Made by:");
            println!(
                "#   amazons-engine gen-endgames --count {count} --losses {losses} --max-win-pct {max_win_pct} --empty {empty} --top {top} --budget {budget} --seed {seed}"
            );
            println!(
                "# Greedy (level 4) self-play from the arena openings, each ply a seeded pick among the {top} best,"
            );
            println!(
                "# stopped at <= {empty} empty squares a queen can reach; kept when the solver settles it,"
            );
            println!(
                "# unless more than {max_win_pct}% of the moves win; at most {losses} lost for the side to move."
            );
            println!("# FEN ; win|loss for the side to move ; every winning move");
            solver::generate_endgames(&openings, settings, &mut |e| println!("{}", e.line()));
            Ok(())
        }
        Some(Command::GenOpenings(settings)) => {
            let openings::OpeningSettings {
                count,
                plies,
                top,
                max_cp,
                nodes,
                seed,
            } = settings;
            println!("# Balanced openings for `amazons-engine arena`, made by:");
            println!(
                "#   amazons-engine gen-openings --count {count} --plies {plies} --top {top} --max-cp {max_cp} --nodes {nodes} --seed {seed}"
            );
            println!(
                "# Each ply: a seeded random pick among the {top} best moves by one-ply evaluation;"
            );
            println!(
                "# kept when a {nodes}-node alpha-beta (level 6) search scores it within {max_cp} cp of even."
            );
            for (fen, score) in openings::generate(settings) {
                println!("# score {score}\n{fen}");
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Parses a command line of `amazons-engine`.
    fn parse(args: &[&str]) -> Command {
        let cli =
            Cli::try_parse_from(std::iter::once("amazons-engine").chain(args.iter().copied()));
        cli.unwrap().command.expect("a subcommand")
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// The arena's players: `--a` and `--b` together, or `--player`
    /// repeated, never both; one of the two forms is required.
    #[test]
    fn arena_players_are_a_and_b_or_repeated_player() {
        let Command::Arena(args) = parse(&["arena", "--a", "level:1", "--b", "level:2"]) else {
            panic!("arena");
        };
        assert_eq!((args.a.is_some(), args.b.is_some()), (true, true));
        let Command::Arena(args) = parse(&[
            "arena", "--player", "level:1", "--player", "level:2", "--player", "random",
        ]) else {
            panic!("arena");
        };
        let players: Vec<String> = args.players.iter().map(ToString::to_string).collect();
        assert_eq!(players, ["level:1", "level:2", "level:1"]);
        let refused = |args: &[&str]| {
            Cli::try_parse_from(["amazons-engine", "arena"].iter().chain(args)).is_err()
        };
        assert!(refused(&[]), "no players");
        assert!(refused(&["--a", "level:1"]), "--a without --b");
        assert!(refused(&[
            "--a", "level:1", "--b", "level:2", "--player", "level:3"
        ]));
    }

    /// The generators' options are their settings' fields: the defaults are
    /// those the commands always had (the shipped data files name every
    /// option, so they do not depend on them), and each flag sets its field.
    #[test]
    fn generator_options_are_the_settings() {
        let Command::GenEndgames(endgames) = parse(&["gen-endgames"]) else {
            panic!("gen-endgames");
        };
        let defaults = solver::EndgameSettings {
            count: 40,
            losses: 10,
            max_win_pct: 50,
            empty: 12,
            top: 3,
            budget: 2_000_000,
            seed: 1,
        };
        assert_eq!(endgames, defaults);
        let Command::GenOpenings(openings) = parse(&["gen-openings"]) else {
            panic!("gen-openings");
        };
        let defaults = openings::OpeningSettings {
            count: 50,
            plies: 4,
            top: 30,
            max_cp: 150,
            nodes: 20_000,
            seed: 1,
        };
        assert_eq!(openings, defaults);

        let Command::GenEndgames(endgames) = parse(&[
            "gen-endgames",
            "--count",
            "1",
            "--losses",
            "2",
            "--max-win-pct",
            "3",
            "--empty",
            "4",
            "--top",
            "5",
            "--budget",
            "6",
            "--seed",
            "7",
        ]) else {
            panic!("gen-endgames");
        };
        let set = solver::EndgameSettings {
            count: 1,
            losses: 2,
            max_win_pct: 3,
            empty: 4,
            top: 5,
            budget: 6,
            seed: 7,
        };
        assert_eq!(endgames, set);
        let Command::GenOpenings(openings) = parse(&[
            "gen-openings",
            "--count",
            "1",
            "--plies",
            "2",
            "--top",
            "3",
            "--max-cp",
            "4",
            "--nodes",
            "5",
            "--seed",
            "6",
        ]) else {
            panic!("gen-openings");
        };
        let set = openings::OpeningSettings {
            count: 1,
            plies: 2,
            top: 3,
            max_cp: 4,
            nodes: 5,
            seed: 6,
        };
        assert_eq!(openings, set);
    }
}
