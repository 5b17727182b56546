//! The worker protocol: what an `amazons-server worker` on another machine
//! and the server say to each other over the server's `/worker` WebSocket.
//!
//! A worker connects *outward* (no port is opened on the worker), says
//! [`WorkerMessage::Hello`] with its key and how many places it offers, and
//! then only answers: the server hands out the work ([`HostMessage`]), keeps
//! every deadline and checks every answer with the rules before using it.
//! JSON text frames, one message per frame, tagged by `type`, as on `/ws`;
//! docs/protocol.md ("Worker messages") shows each with an example.
//!
//! A worker sees only what its job needs: positions, moves, budgets and
//! clocks; never a player's key, seat token or name.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The version of this protocol, said in `hello`; a worker of another
/// version is refused with [`WorkerRefusal::BadVersion`].
pub const WORKER_PROTOCOL_VERSION: u32 = 1;

/// One job of one worker: a computer game (the whole game on one place),
/// or one position of an analysis. Numbered by the server, unique while it
/// runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct JobId(pub u64);

impl fmt::Display for JobId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A worker's secret key, as the host printed it once (`amazons-server
/// worker-key add`). Redacted in `Debug`, so it never reaches a log.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WorkerKey(pub String);

impl fmt::Debug for WorkerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WorkerKey(..)")
    }
}

/// The kinds of work a worker takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkKind {
    /// The computer's games.
    Game,
    /// Analyses of finished games.
    Analysis,
}

/// How long a think may take: a fixed time, or both clocks (the engine
/// shares its own time out), as the host's engine driver would say it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkBudget {
    /// A fixed think time, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
    /// The clocks, when the engine budgets its own time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<WorkClocks>,
}

/// Both clocks at the moment the think was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkClocks {
    /// White's time left, ms.
    pub white_ms: u64,
    /// Black's time left, ms.
    pub black_ms: u64,
    /// White's increment, ms.
    pub white_increment_ms: u64,
    /// Black's increment, ms.
    pub black_increment_ms: u64,
}

/// The engine a job's first think starts on its place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkEngine {
    /// A built-in player in the engine crate's grammar (`level:5`,
    /// `mcts:c=30`); a worker refuses anything else (it never runs a
    /// command the server names).
    pub player: String,
    /// Its hash or tree memory, MB.
    pub hash_mb: u32,
}

/// Why the server refused a worker (then it closes the connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerRefusal {
    /// The first message was not a readable `hello`, or said something
    /// out of range (no places, too many).
    BadMessage,
    /// The worker speaks another version of this protocol.
    BadVersion,
    /// No such key: mistyped, or removed on the host.
    BadKey,
    /// The key was removed while the worker was connected.
    Revoked,
    /// The key may not take the work asked for (an analysis-only key
    /// offering to play games).
    NotAllowed,
}

/// What a worker sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerMessage {
    /// The first message: who it is and what it offers.
    Hello {
        /// [`WORKER_PROTOCOL_VERSION`].
        protocol: u32,
        /// Its key.
        key: WorkerKey,
        /// How many jobs it runs at once (1 to 64).
        places: u32,
        /// What it takes.
        work: Vec<WorkKind>,
    },
    /// The answer to a `think`: the move, in the server's notation.
    Moved {
        /// The job.
        job: JobId,
        /// The ply it is for.
        ply: u32,
        /// The move (`d1-d7/g7`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// The answer to an `evaluate`: the analysis worker's line about the
    /// position (its `ply` is 0: the first position of the game it was
    /// given), which the server checks before it keeps it.
    Evaluated {
        /// The job.
        job: JobId,
        /// The ply of the analysed game the position is at.
        ply: u32,
        /// What `amazons-server analysis-worker` wrote about the position.
        line: serde_json::Value,
    },
    /// It is stopping: it finishes the jobs it has and takes no new one
    /// (its person pressed Ctrl-C once).
    Draining,
    /// Its engine could not answer a `think` or an `evaluate` (it crashed
    /// twice, say): the server gives the job to another place.
    Failed {
        /// The job.
        job: JobId,
        /// The ply it was for.
        ply: u32,
        /// What went wrong, in words.
        reason: String,
    },
}

/// What the server sends a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HostMessage {
    /// The answer to a good `hello`.
    Welcome {
        /// The key's name on the host.
        name: String,
        /// The places the server will use.
        places: u32,
        /// The work it will get.
        work: Vec<WorkKind>,
    },
    /// Choose a move of a computer game. The place keeps its engine (and
    /// its tree) for the job until `end_game`.
    Think {
        /// The job (one computer game on one place).
        job: JobId,
        /// The ply to move at.
        ply: u32,
        /// Where the game started (FEN).
        start: String,
        /// The moves since, in order.
        moves: Vec<String>,
        /// How long it may think.
        budget: WorkBudget,
        /// Whether the engine hears `new_game` first.
        new_game: bool,
        /// Think on the opponent's time after the move, at most this long.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ponder_ms: Option<u64>,
        /// The engine to start, on the job's first think only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        engine: Option<WorkEngine>,
    },
    /// Evaluate one position of an analysis at the server's fixed budget,
    /// as `amazons-server analysis-worker` does the first position of a
    /// game (the evaluation is seeded: the same wherever it runs).
    Evaluate {
        /// The job (this position).
        job: JobId,
        /// The ply of the analysed game the position is at.
        ply: u32,
        /// The position (FEN).
        position: String,
        /// The move played from it in the game, if any (the worker then
        /// also evaluates the position after the engine's own move, when
        /// that is another).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        played: Option<String>,
        /// The budget: playouts per position.
        playouts: u64,
    },
    /// Stop thinking on the opponent's time (the game ended, say).
    StopPondering {
        /// The job.
        job: JobId,
    },
    /// The job is over (the game ended, or went elsewhere): end its engine
    /// and free the place.
    EndGame {
        /// The job.
        job: JobId,
    },
    /// The worker is refused; the connection closes.
    Refused {
        /// Why.
        code: WorkerRefusal,
        /// In words.
        message: String,
    },
}

impl WorkerMessage {
    /// Every `type` a worker sends.
    pub const TYPES: [&'static str; 5] = ["hello", "moved", "evaluated", "draining", "failed"];

    /// Its `type`.
    pub fn type_name(&self) -> &'static str {
        match self {
            WorkerMessage::Hello { .. } => "hello",
            WorkerMessage::Moved { .. } => "moved",
            WorkerMessage::Evaluated { .. } => "evaluated",
            WorkerMessage::Draining => "draining",
            WorkerMessage::Failed { .. } => "failed",
        }
    }

    /// The JSON text frame.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("worker messages always serialize")
    }

    /// Reads a text frame.
    pub fn decode(text: &str) -> Result<WorkerMessage, serde_json::Error> {
        serde_json::from_str(text)
    }
}

impl HostMessage {
    /// Every `type` the server sends a worker.
    pub const TYPES: [&'static str; 6] = [
        "welcome",
        "think",
        "evaluate",
        "stop_pondering",
        "end_game",
        "refused",
    ];

    /// Its `type`.
    pub fn type_name(&self) -> &'static str {
        match self {
            HostMessage::Welcome { .. } => "welcome",
            HostMessage::Think { .. } => "think",
            HostMessage::Evaluate { .. } => "evaluate",
            HostMessage::StopPondering { .. } => "stop_pondering",
            HostMessage::EndGame { .. } => "end_game",
            HostMessage::Refused { .. } => "refused",
        }
    }

    /// The JSON text frame.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("host messages always serialize")
    }

    /// Reads a text frame.
    pub fn decode(text: &str) -> Result<HostMessage, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// One row of `GET /api/workers`: a place-giver as anyone may see it (no
/// key, no address).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerRow {
    /// The key's name (`host` for the server's own places).
    pub name: String,
    /// Places it offers.
    pub places: u32,
    /// Places holding a job now.
    pub busy: u32,
    /// Jobs finished (games played to their end or handed on).
    pub jobs_done: u64,
    /// Jobs it lost (gone, stalled, failed or illegal).
    pub jobs_lost: u64,
    /// When it was last heard from (Unix ms; the host: now).
    pub last_seen_ms: u64,
}

/// `GET /api/workers`: every place-giver, the host first, and the sums.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkersPage {
    /// Places in all.
    pub places: u32,
    /// Places free now.
    pub free: u32,
    /// The host, then each connected worker.
    pub workers: Vec<WorkerRow>,
    /// Games waiting for a place, first in line first: their computer
    /// moves when a place comes free.
    #[serde(default)]
    pub waiting: Vec<crate::MatchId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips_and_has_a_listed_type() {
        let workers = [
            WorkerMessage::Hello {
                protocol: WORKER_PROTOCOL_VERSION,
                key: WorkerKey("k".into()),
                places: 2,
                work: vec![WorkKind::Game],
            },
            WorkerMessage::Moved {
                job: JobId(1),
                ply: 3,
                mv: "d1-d7/g7".into(),
            },
            WorkerMessage::Evaluated {
                job: JobId(1),
                ply: 3,
                line: serde_json::json!({"ply": 0}),
            },
            WorkerMessage::Draining,
            WorkerMessage::Failed {
                job: JobId(1),
                ply: 3,
                reason: "crashed".into(),
            },
        ];
        for message in &workers {
            assert!(WorkerMessage::TYPES.contains(&message.type_name()));
            assert_eq!(&WorkerMessage::decode(&message.encode()).unwrap(), message);
        }
        assert_eq!(workers.len(), WorkerMessage::TYPES.len());
        let hosts = [
            HostMessage::Welcome {
                name: "lab-1".into(),
                places: 2,
                work: vec![WorkKind::Game],
            },
            HostMessage::Think {
                job: JobId(1),
                ply: 0,
                start: "fen".into(),
                moves: vec![],
                budget: WorkBudget {
                    movetime_ms: Some(200),
                    clocks: None,
                },
                new_game: true,
                ponder_ms: None,
                engine: Some(WorkEngine {
                    player: "level:2".into(),
                    hash_mb: 64,
                }),
            },
            HostMessage::Evaluate {
                job: JobId(2),
                ply: 5,
                position: "fen".into(),
                played: Some("d1-d7/g7".into()),
                playouts: 100,
            },
            HostMessage::StopPondering { job: JobId(1) },
            HostMessage::EndGame { job: JobId(1) },
            HostMessage::Refused {
                code: WorkerRefusal::BadKey,
                message: "no".into(),
            },
        ];
        for message in &hosts {
            assert!(HostMessage::TYPES.contains(&message.type_name()));
            assert_eq!(&HostMessage::decode(&message.encode()).unwrap(), message);
        }
        assert_eq!(hosts.len(), HostMessage::TYPES.len());
    }

    #[test]
    fn a_key_never_shows_in_debug() {
        let hello = WorkerMessage::Hello {
            protocol: 1,
            key: WorkerKey("secret-key-text".into()),
            places: 1,
            work: vec![],
        };
        assert!(!format!("{hello:?}").contains("secret"));
    }
}
