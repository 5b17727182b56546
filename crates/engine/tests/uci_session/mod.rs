//! The built `amazons-engine` over its pipes, as the UCI tests drive it: a
//! line in, the lines out up to an awaited one, and the check every search
//! ends with (a legal `bestmove`).

use std::process::Command;
use std::time::{Duration, Instant};

use amazons_core::{Move, Position};
use amazons_testkit::ChildProcess;

/// The engine binary over its pipes.
pub struct Session(ChildProcess);

impl Session {
    /// Starts the engine with a small hash table (fast to allocate in debug
    /// builds).
    pub fn start() -> Session {
        let engine = Command::new(env!("CARGO_BIN_EXE_amazons-engine"));
        let mut s = Session(ChildProcess::spawn("amazons-engine", engine));
        s.send("setoption name Hash value 1");
        s
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.0.write_line(line);
    }

    /// Lines up to and including the first that starts with `prefix`;
    /// panics, with the lines seen, when none comes within `timeout`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let end = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self
                .0
                .next_line(left)
                .unwrap_or_else(|| panic!("no `{prefix}` within {timeout:?}; saw {seen:#?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `quit` and waits (at most `within`) for the engine to exit
    /// successfully.
    pub fn quit(mut self, within: Duration) {
        self.send("quit");
        let status = self.0.wait_exit(within);
        assert!(status.success(), "{status:?}");
    }
}

/// The move of the `bestmove` line that ends `lines`.
fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string()
}

/// Asserts that `lines` end with a `bestmove` legal in `position`.
pub fn assert_legal_bestmove(position: &Position, lines: &[String]) {
    let text = bestmove(lines);
    let mv = Move::from_uci(&text).unwrap_or_else(|e| panic!("{text}: {e}\n{lines:#?}"));
    assert!(position.is_legal(mv).is_ok(), "{mv}: {lines:#?}");
}
