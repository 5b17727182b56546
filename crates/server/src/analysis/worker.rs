//! The analysis in a process of its own: `amazons-server analysis-worker
//! --playouts N` reads one line, the game ([`WorkerJob`] as JSON: its start
//! and moves), and writes one line per position as it is evaluated, the
//! position after 0 moves first: the protocol's [`PlyAnalysis`] as JSON,
//! with what the engine says about that position alone (the move played,
//! its class and loss are the server's to add, from the record and the next
//! line). It then waits for its input to close.
//!
//! Why a process: for the reasons a computer game's engine has one
//! (`computer/worker.rs`): its own address space, its own scheduling group
//! at the computer's low priority, and a crash or a hang takes only itself.
//! It exits when its input closes, so it never outlives the server.

use std::io::{BufRead, Write};

use amazons_core::{GameRecord, Move, Position};
use amazons_protocol::PlyAnalysis;
use serde::{Deserialize, Serialize};

/// The first argument that makes `amazons-server` an analysis worker.
pub const SUBCOMMAND: &str = "analysis-worker";

/// What a worker is started with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerArgs {
    /// The budget of each position.
    pub playouts: u64,
}

impl WorkerArgs {
    /// The command line words after the program.
    pub fn to_args(self) -> Vec<String> {
        vec![
            SUBCOMMAND.to_owned(),
            "--playouts".to_owned(),
            self.playouts.to_string(),
        ]
    }

    /// Reads the words after the subcommand.
    pub fn parse(words: &[String]) -> Result<WorkerArgs, String> {
        match words {
            [flag, value] if flag == "--playouts" => match value.parse::<u64>() {
                Ok(playouts) if playouts > 0 => Ok(WorkerArgs { playouts }),
                _ => Err(format!("--playouts {value}: not a positive number")),
            },
            _ => Err("usage: analysis-worker --playouts N".to_owned()),
        }
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

    /// Every position of the game, the start first, or why it does not
    /// replay.
    fn positions(&self) -> Result<Vec<Position>, String> {
        let mut position = match &self.initial_fen {
            Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
            None => Position::start(),
        };
        let mut positions = vec![position];
        for (ply, mv) in self.moves.iter().enumerate() {
            position = position
                .play(*mv)
                .map_err(|e| format!("move {} ({mv}) is illegal: {}", ply + 1, e.reason))?;
            positions.push(position);
        }
        Ok(positions)
    }
}

/// What the engine says about `position` at `playouts`, as line `ply`.
pub fn evaluate(position: &Position, ply: u32, playouts: u64) -> PlyAnalysis {
    todo_engine(position, ply, playouts)
}

/// The engine, in words, for the analysis's budget.
pub fn engine_name() -> String {
    "amazons".to_owned()
}

/// Runs a worker on stdin/stdout; the exit code of the program.
pub fn main(words: &[String]) -> std::process::ExitCode {
    let args = match WorkerArgs::parse(words) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("amazons-server {SUBCOMMAND}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    crate::computer::worker::step_aside();
    let mut input = std::io::stdin().lock();
    let mut line = String::new();
    if input.read_line(&mut line).is_err() || line.is_empty() {
        eprintln!("amazons-server {SUBCOMMAND}: no game on the input");
        return std::process::ExitCode::FAILURE;
    }
    let positions = match serde_json::from_str::<WorkerJob>(&line)
        .map_err(|e| format!("the game is not readable: {e}"))
        .and_then(|job| job.positions())
    {
        Ok(positions) => positions,
        Err(e) => {
            eprintln!("amazons-server {SUBCOMMAND}: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    // Its input closing (the server gone, or the analysis dropped) ends it
    // at once, even mid-position.
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = std::io::Read::read_to_end(&mut input, &mut rest);
        std::process::exit(0);
    });
    let mut out = std::io::stdout().lock();
    for (ply, position) in positions.iter().enumerate() {
        let evaluated = evaluate(position, ply as u32, args.playouts);
        let text = serde_json::to_string(&evaluated).expect("an analysis encodes");
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            return std::process::ExitCode::SUCCESS;
        }
    }
    // Done: wait for the server to close the input (the thread above exits).
    loop {
        std::thread::park();
    }
}
