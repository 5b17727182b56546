//! The analysis in a process of its own: `amazons-server analysis-worker
//! --playouts N --threads T` reads one line, the game ([`WorkerJob`] as
//! JSON: its start and moves), evaluates T positions at a time and writes
//! one line per position in the game's order, the position after 0 moves
//! first: an [`Evaluated`] as JSON (the engine's own [`PositionEval`]s),
//! what the engine's [`analysis::evaluate`] says about that position at the fixed budget, and,
//! where the move played from it is not the engine's, about the position
//! after the engine's move ([`analysis::after_best`], what the played move
//! is judged against); the moves' classes are the server's to work out from
//! all of them, with the engine's [`GameAnalysis::from_evals`](analysis::GameAnalysis::from_evals).
//! It then waits for its input to close.
//!
//! Why a process: for the reasons a computer game's engine has one
//! (`computer/worker.rs`): its own address space, its own scheduling group
//! at the computer's low priority, and a crash or a hang takes only itself.
//! It exits when its input closes, so it never outlives the server.

use std::io::Write;

use amazons_core::{GameRecord, Move, Position};
use amazons_engine::analysis::{self, AnalysisBudget, PositionEval};
use serde::{Deserialize, Serialize};

/// The first argument that makes `amazons-server` an analysis worker.
pub const SUBCOMMAND: &str = "analysis-worker";

/// What a worker is started with: the words after [`SUBCOMMAND`], read by
/// clap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Parser)]
#[command(
    name = SUBCOMMAND,
    no_binary_name = true,
    about = "Evaluates a game's positions for the server: the game as one JSON line on stdin, one evaluation a line on stdout."
)]
pub struct WorkerArgs {
    /// The budget of each position: Monte-Carlo playouts (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: u64,
    /// Positions evaluated at once (`analysis.threads`; the analysis is the
    /// same for any number, [`analysis::evaluate_positions`]).
    #[arg(long, default_value_t = 1, value_parser = positive_count)]
    pub threads: usize,
}

/// A count of at least 1 (clap's ranged parsers are for the fixed-size
/// integers only).
fn positive_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{text}: not a positive number")),
    }
}

impl WorkerArgs {
    /// The command line words after the program.
    pub fn to_args(self) -> Vec<String> {
        vec![
            SUBCOMMAND.to_owned(),
            "--playouts".to_owned(),
            self.playouts.to_string(),
            "--threads".to_owned(),
            self.threads.to_string(),
        ]
    }

    /// Reads the words after the subcommand: `--playouts N`, and
    /// optionally `--threads T` (1 without it).
    pub fn parse(words: &[String]) -> Result<WorkerArgs, clap::Error> {
        <WorkerArgs as clap::Parser>::try_parse_from(words)
    }
}

/// The game a worker is told: where it started and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerJob {
    /// The set-up position, when the game did not start from the usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_fen: Option<String>,
    /// The moves played.
    pub moves: Vec<Move>,
}

impl WorkerJob {
    /// The game of `record`.
    pub fn of(record: &GameRecord) -> WorkerJob {
        WorkerJob {
            initial_fen: record.initial_fen.clone(),
            moves: record.moves.iter().map(|m| m.mv).collect(),
        }
    }

    /// Where the game started, or why that cannot be read.
    pub fn start(&self) -> Result<Position, String> {
        match &self.initial_fen {
            Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}")),
            None => Ok(Position::start()),
        }
    }

    /// Every position of the game, the start first, or why it does not
    /// replay.
    fn positions(&self) -> Result<Vec<Position>, String> {
        analysis::positions(&self.start()?, &self.moves).map_err(|e| e.to_string())
    }
}

/// One line of a worker: the engine's evaluations of the position after
/// `ply` moves and of the position after the engine's move from it, in the
/// one evaluation shape the engine makes and the protocol serves (its
/// chances unrounded, so that the server classes the moves as a local
/// analysis of the same game would).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evaluated {
    /// Moves played before the position.
    pub ply: u32,
    /// The position's evaluation.
    #[serde(flatten)]
    pub eval: PositionEval,
    /// The evaluation after the engine's move, when the move played from
    /// the position is another ([`analysis::after_best`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_best: Option<PositionEval>,
}

/// Runs a worker on stdin/stdout; the exit code of the program.
pub fn main(words: &[String]) -> std::process::ExitCode {
    let args = match WorkerArgs::parse(words) {
        Ok(args) => args,
        // clap's own: help on stdout (exit 0), a refusal and the usage on
        // stderr (exit 2).
        Err(e) => e.exit(),
    };
    crate::computer::worker::step_aside();
    let mut line = String::new();
    if std::io::stdin().read_line(&mut line).is_err() || line.is_empty() {
        eprintln!("amazons-server {SUBCOMMAND}: no game on the input");
        return std::process::ExitCode::FAILURE;
    }
    let (positions, moves) = match serde_json::from_str::<WorkerJob>(&line)
        .map_err(|e| format!("the game is not readable: {e}"))
        .and_then(|job| Ok((job.positions()?, job.moves)))
    {
        Ok(game) => game,
        Err(e) => {
            eprintln!("amazons-server {SUBCOMMAND}: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    // Its input closing (the server gone, or the analysis dropped) ends it
    // at once, even mid-position.
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut rest);
        std::process::exit(0);
    });
    let budget = AnalysisBudget {
        playouts: args.playouts,
    };
    let mut out = std::io::stdout().lock();
    analysis::evaluate_positions(
        &positions,
        &moves,
        &budget,
        args.threads,
        &mut |ply, eval, after_best| {
            let evaluated = Evaluated {
                ply: ply as u32,
                eval,
                after_best,
            };
            let text = serde_json::to_string(&evaluated).expect("an analysis encodes");
            writeln!(out, "{text}").and_then(|()| out.flush()).is_ok()
        },
    );
    // Done: wait for the server to close the input (the thread above exits).
    loop {
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_round_trip_and_nonsense_is_refused() {
        let args = WorkerArgs {
            playouts: 300,
            threads: 3,
        };
        let words = args.to_args();
        assert_eq!(words[0], SUBCOMMAND);
        assert_eq!(WorkerArgs::parse(&words[1..]).unwrap(), args);
        let words = |w: &[&str]| w.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            WorkerArgs::parse(&words(&["--playouts", "300"])).unwrap(),
            WorkerArgs {
                playouts: 300,
                threads: 1
            },
            "one thread unless told"
        );
        for bad in [
            words(&[]),
            words(&["--playouts"]),
            words(&["--playouts", "0"]),
            words(&["--playouts", "many"]),
            words(&["--threads", "2"]),
            words(&["--playouts", "300", "--threads", "0"]),
            words(&["--playouts", "300", "--threads"]),
            words(&["--playouts", "300", "--seed", "2"]),
        ] {
            assert!(WorkerArgs::parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_line_carries_the_engines_evaluation_unrounded() {
        let position = Position::start();
        let budget = AnalysisBudget { playouts: 50 };
        let eval = analysis::evaluate(&position, &budget);
        let other = position
            .legal_moves()
            .into_iter()
            .find(|&m| Some(m) != eval.best)
            .unwrap();
        let after = analysis::after_best(&position, &eval, Some(other), &budget);
        assert!(after.is_some(), "another move than the engine's is judged");
        for after_best in [None, after] {
            let line = Evaluated {
                ply: 0,
                eval: eval.clone(),
                after_best: after_best.clone(),
            };
            let text = serde_json::to_string(&line).unwrap();
            let back: Evaluated = serde_json::from_str(&text).unwrap();
            assert_eq!(back, line);
        }
    }

    #[test]
    fn the_game_replays_from_its_start_or_says_which_move_is_wrong() {
        let first: Move = "d1-d7/g7".parse().unwrap();
        let job = WorkerJob {
            initial_fen: None,
            moves: vec![first],
        };
        let positions = job.positions().unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[1], Position::start().play(first).unwrap());
        let illegal = WorkerJob {
            initial_fen: None,
            moves: vec![first, first],
        };
        assert!(illegal.positions().is_err());
        let bad_fen = WorkerJob {
            initial_fen: Some("nonsense".into()),
            moves: Vec::new(),
        };
        assert!(bad_fen.positions().unwrap_err().contains("bad FEN"));
    }
}
