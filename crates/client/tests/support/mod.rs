//! Helpers for tests that need a real `amazons-server`.
//!
//! The server binary belongs to another package, so `CARGO_BIN_EXE_*` does
//! not name it. [`server_binary`] uses `$AMAZONS_SERVER_BIN` when set, and
//! otherwise runs `cargo build -p amazons-server --bin amazons-server
//! --message-format=json` with the same target directory as this test (found
//! from the test executable's path: `<target>/<profile>/deps/<test>`) and reads
//! the executable's path from cargo's JSON. The build is a no-op when the
//! server is up to date, e.g. after `cargo test --workspace`.

#![allow(dead_code)]

pub mod scripted;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

/// Path of an up-to-date `amazons-server` binary.
pub fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = std::env::var_os("AMAZONS_SERVER_BIN") {
            return PathBuf::from(path);
        }
        let exe = std::env::current_exe().expect("test executable path");
        let target = exe
            .ancestors()
            .nth(3)
            .expect("<target>/<profile>/deps/<test>");
        let output = Command::new(env!("CARGO"))
            .args([
                "build",
                "-p",
                "amazons-server",
                "--bin",
                "amazons-server",
                "--message-format=json",
            ])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stderr(Stdio::inherit())
            .output()
            .expect("cargo runs");
        assert!(output.status.success(), "building amazons-server failed");
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter(|v| {
                v["reason"] == "compiler-artifact" && v["target"]["name"] == "amazons-server"
            })
            .find_map(|v| v["executable"].as_str().map(PathBuf::from))
            .expect("cargo names the amazons-server executable")
    })
}

/// A running server on a free port of 127.0.0.1, killed on drop.
pub struct Server {
    child: Child,
    /// The port it listens on.
    port: u16,
    /// `ws://127.0.0.1:PORT/ws`.
    pub url: String,
    /// The server's history directory.
    pub history: tempfile::TempDir,
}

impl Server {
    /// Starts a server with a fresh history directory and waits until it
    /// prints the address it listens on.
    pub fn start() -> Server {
        let history = tempfile::tempdir().unwrap();
        let (child, port) = spawn(history.path(), 0);
        Server {
            child,
            port,
            url: format!("ws://127.0.0.1:{port}/ws"),
            history,
        }
    }

    /// Kills the server (no goodbye to the clients) and starts it again on the
    /// same port with the same history directory.
    pub fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, _) = spawn(self.history.path(), self.port);
        self.child = child;
    }
}

/// Starts the server binary; returns it and the port it listens on (waiting
/// at most a minute for it to say so).
fn spawn(history: &Path, port: u16) -> (Child, u16) {
    let mut child = Command::new(server_binary())
        .args([
            "--listen",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--history-dir",
        ])
        .arg(history)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (ports, port) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut ports = Some(ports);
        for line in stdout.lines() {
            let Ok(line) = line else { break };
            if let Some(address) = line.split("listening on ").nth(1) {
                let port = address.trim().rsplit(':').next().unwrap().parse::<u16>();
                if let (Some(ports), Ok(port)) = (ports.take(), port) {
                    let _ = ports.send(port);
                }
            }
        }
    });
    match port.recv_timeout(Duration::from_secs(60)) {
        Ok(port) => (child, port),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server did not say where it listens ({e})");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
