//! The real `amazons-server` as a child process.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much of the server's output is kept for failure messages.
const LOG_KEEP: usize = 64 * 1024;

/// A running `amazons-server` on 127.0.0.1, killed (SIGKILL) on drop.
pub struct ServerProcess {
    /// The child, while it runs.
    child: Option<Child>,
    /// The port it listens on (kept across restarts).
    port: u16,
    /// The history directory (kept across restarts).
    history: PathBuf,
    /// Owns the temporary history directory, when the harness made it.
    _temp: Option<tempfile::TempDir>,
    /// Extra command-line arguments, given again at every restart.
    args: Vec<String>,
    /// The tail of everything the server printed (stdout and stderr).
    log: Arc<Mutex<String>>,
    /// How many times the server was started.
    pub starts: u32,
}

impl ServerProcess {
    /// Starts a server with a fresh temporary history directory.
    pub fn start() -> ServerProcess {
        ServerProcess::start_with(&[])
    }

    /// Starts a server with a fresh temporary history directory and extra
    /// flags (e.g. `--config FILE`, `--grace-secs 5`).
    pub fn start_with(args: &[&str]) -> ServerProcess {
        // Find (perhaps build) the client too, before any connection opens:
        // built later, while a test's connections wait idle, it could outlast
        // the server's heartbeat and have them closed.
        crate::binaries::client();
        let temp = tempfile::Builder::new()
            .prefix("amazons-e2e-history-")
            .tempdir()
            .expect("a temporary directory");
        let mut server = ServerProcess {
            child: None,
            port: 0,
            history: temp.path().to_owned(),
            _temp: Some(temp),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            log: Arc::default(),
            starts: 0,
        };
        server.launch();
        server
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    /// `ws://127.0.0.1:PORT/ws`.
    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }

    /// The history directory.
    pub fn history_dir(&self) -> &Path {
        &self.history
    }

    /// The tail of the server's output so far, for failure messages.
    pub fn log(&self) -> String {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        match &mut self.child {
            Some(child) => matches!(child.try_wait(), Ok(None)),
            None => false,
        }
    }

    /// SIGKILL: no goodbye, no flush, no shutdown handler.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Kills the server if it runs and starts it again on the same port with
    /// the same history directory and flags.
    pub fn restart(&mut self) {
        self.kill();
        self.launch();
    }

    /// Starts the binary and waits (at most 30 s) for its `listening on`
    /// line. A port still held for a moment after a kill is retried.
    fn launch(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.try_launch() {
                Ok(()) => {
                    self.starts += 1;
                    return;
                }
                Err(problem) => {
                    assert!(
                        Instant::now() < deadline,
                        "the server did not start: {problem}\n{}",
                        self.log()
                    );
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        }
    }

    fn try_launch(&mut self) -> Result<(), String> {
        let mut child = Command::new(crate::binaries::server())
            .args(["--listen", "127.0.0.1", "--port", &self.port.to_string()])
            .arg("--history-dir")
            .arg(&self.history)
            .args(&self.args)
            .env(
                "RUST_LOG",
                std::env::var("E2E_SERVER_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot spawn the server: {e}"))?;
        let stderr = child.stderr.take().expect("piped stderr");
        keep(BufReader::new(stderr), Arc::clone(&self.log));
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        let port = loop {
            line.clear();
            let read = stdout.read_line(&mut line).unwrap_or(0);
            if read == 0 {
                let _ = child.kill();
                let _ = child.wait();
                return Err("the server exited before listening".into());
            }
            append(&self.log, &line);
            if let Some(address) = line.split("listening on ").nth(1) {
                let port = address
                    .trim()
                    .rsplit(':')
                    .next()
                    .and_then(|p| p.parse::<u16>().ok())
                    .ok_or_else(|| format!("no port in {line:?}"))?;
                break port;
            }
        };
        keep(stdout, Arc::clone(&self.log));
        self.port = port;
        self.child = Some(child);
        Ok(())
    }
}

fn append(log: &Mutex<String>, line: &str) {
    if let Ok(mut log) = log.lock() {
        log.push_str(line);
        if !line.ends_with('\n') {
            log.push('\n');
        }
        if log.len() > LOG_KEEP {
            let mut cut = log.len() - LOG_KEEP / 2;
            while !log.is_char_boundary(cut) {
                cut += 1;
            }
            log.drain(..cut);
        }
    }
}

/// Copies a reader's lines into the log on a thread of its own.
fn keep(reader: impl BufRead + Send + 'static, log: Arc<Mutex<String>>) {
    std::thread::spawn(move || {
        for line in reader.lines() {
            let Ok(line) = line else { break };
            append(&log, &line);
        }
    });
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
