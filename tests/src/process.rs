//! `amazons-client` as a child process: the kit's [`ChildProcess`] (stdin to
//! write to, stdout lines on a channel, stderr kept, deadlines), with a state
//! folder of its own.

use std::ops::{Deref, DerefMut};
use std::process::Command;

use amazons_testkit::ChildProcess;

/// A running `amazons-client`, killed on drop.
pub struct ClientProcess {
    /// The process (dropped first: killed before its folder goes).
    process: ChildProcess,
    /// Its state folder (seat tokens), its own so that no test sees
    /// another's; removed on drop.
    _state: tempfile::TempDir,
}

impl ClientProcess {
    /// Starts `amazons-client ARGS...` (logging at `info`); `label` names it
    /// in failures.
    pub fn spawn(label: &str, args: &[&str]) -> ClientProcess {
        let state = tempfile::tempdir().expect("a temporary state folder");
        let mut command = Command::new(amazons_testkit::binaries::client());
        command
            .args(args)
            .env("RUST_LOG", "info")
            .env("AMAZONS_LANG", "en")
            .env("AMAZONS_STATE_DIR", state.path());
        ClientProcess {
            process: ChildProcess::spawn(label, command),
            _state: state,
        }
    }

    /// `amazons-client bot --fill` named `name` against the server at
    /// `url`: one game, at level 1, thinking 50 ms a move.
    pub fn filling_bot(url: &str, name: &str) -> ClientProcess {
        ClientProcess::spawn(
            name,
            &[
                "bot", "--server", url, "--fill", "--games", "1", "--level", "1", "--think",
                "0.05", "--name", name,
            ],
        )
    }
}

impl Deref for ClientProcess {
    type Target = ChildProcess;

    fn deref(&self) -> &ChildProcess {
        &self.process
    }
}

impl DerefMut for ClientProcess {
    fn deref_mut(&mut self) -> &mut ChildProcess {
        &mut self.process
    }
}
