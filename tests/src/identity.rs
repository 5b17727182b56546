//! A client identity of its own: a folder holding one player key and the
//! client's state, kept for as many `amazons-client` runs as a test makes as
//! that player (a tournament's organiser creates and then starts it; a bot
//! joins with its key and is seated by it).

use std::process::Command;

use amazons_testkit::ChildProcess;

/// A named player with its own key file and state folder (removed on drop).
pub struct Identity {
    /// The name given with `--name`.
    name: String,
    /// Holds `key` (the player key, made by the first run) and `state/`.
    dir: tempfile::TempDir,
}

impl Identity {
    /// A fresh identity named `name` (its key is made by its first run).
    pub fn new(name: &str) -> Identity {
        Identity {
            name: name.to_owned(),
            dir: tempfile::tempdir().expect("a temporary identity folder"),
        }
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Starts `amazons-client ARGS... --name NAME` as this player (logging
    /// at `info`, in English whatever the machine's locale, as the tests
    /// read its words); the process is labelled by the name in failures.
    pub fn spawn(&self, args: &[&str]) -> ChildProcess {
        let mut command = Command::new(amazons_testkit::binaries::client());
        command
            .args(args)
            .args(["--name", &self.name])
            .env("RUST_LOG", "info")
            .env("AMAZONS_LANG", "en")
            .env("AMAZONS_STATE_DIR", self.dir.path().join("state"))
            .env("AMAZONS_KEY_FILE", self.dir.path().join("key"))
            .env_remove("AMAZONS_NAME");
        ChildProcess::spawn(&self.name, command)
    }
}
