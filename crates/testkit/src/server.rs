//! The real `amazons-server` as a child process.
//!
//! [`ServerProcess::start`] runs it on 127.0.0.1, port 0, with a fresh
//! temporary history directory, and returns once it has printed its start-up
//! banner (the port is read from its `listening on` line). [`ServerProcess::kill`]
//! is a SIGKILL; [`ServerProcess::restart`] starts it again on the same port
//! with the same directory, flags and environment. Its output is kept for
//! failure messages and for tests that wait for a line.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much of the server's output is kept.
const LOG_KEEP: usize = 64 * 1024;

/// The longest a start waits for the banner.
const START_WAIT: Duration = Duration::from_secs(60);

/// How a server is started; [`ServerOptions::start`] starts it.
#[derive(Clone, Debug, Default)]
pub struct ServerOptions {
    /// The executable, when not [`crate::binaries::server`] (a test of the
    /// server's own package names its `CARGO_BIN_EXE_amazons-server`).
    binary: Option<PathBuf>,
    /// The history directory, when the test owns one; else a temporary one.
    history: Option<PathBuf>,
    /// Extra command-line arguments.
    args: Vec<OsString>,
    /// Extra environment variables.
    env: Vec<(OsString, OsString)>,
}

impl ServerOptions {
    /// Runs `binary` instead of the located `amazons-server`.
    pub fn binary(mut self, binary: impl Into<PathBuf>) -> ServerOptions {
        self.binary = Some(binary.into());
        self
    }

    /// Keeps the history in `dir` (which the test owns) instead of a fresh
    /// temporary directory.
    pub fn history_dir(mut self, dir: impl Into<PathBuf>) -> ServerOptions {
        self.history = Some(dir.into());
        self
    }

    /// Adds command-line arguments (e.g. `--config FILE`).
    pub fn args<I, S>(mut self, args: I) -> ServerOptions
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable of the server.
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> ServerOptions {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Starts the server and waits for its banner (panics after a minute).
    pub fn start(self) -> ServerProcess {
        let (history, temp) = match self.history {
            Some(dir) => (dir, None),
            None => {
                let temp = tempfile::Builder::new()
                    .prefix("amazons-test-history-")
                    .tempdir()
                    .expect("a temporary directory");
                (temp.path().to_owned(), Some(temp))
            }
        };
        let binary = match self.binary {
            Some(binary) => binary,
            None => crate::binaries::server().to_owned(),
        };
        let mut server = ServerProcess {
            child: None,
            binary,
            port: 0,
            history,
            _temp: temp,
            args: self.args,
            env: self.env,
            startup: Vec::new(),
            log: Arc::default(),
        };
        server.launch();
        server
    }
}

/// A running `amazons-server` on 127.0.0.1, killed (SIGKILL) on drop.
pub struct ServerProcess {
    /// The child, while it runs.
    child: Option<Child>,
    /// The executable.
    binary: PathBuf,
    /// The port it listens on (kept across restarts).
    port: u16,
    /// The history directory (kept across restarts).
    history: PathBuf,
    /// Owns the temporary history directory, when the kit made it.
    _temp: Option<tempfile::TempDir>,
    /// Extra command-line arguments, given again at every restart.
    args: Vec<OsString>,
    /// Extra environment variables, set again at every restart.
    env: Vec<(OsString, OsString)>,
    /// The banner lines of the latest start.
    startup: Vec<String>,
    /// The tail of everything the server printed (stdout and stderr).
    log: Arc<Mutex<String>>,
}

impl ServerProcess {
    /// Starts a server with a fresh temporary history directory.
    pub fn start() -> ServerProcess {
        ServerProcess::options().start()
    }

    /// Starts a server with a fresh temporary history directory and extra
    /// flags (e.g. `--config FILE`, `--grace-secs 5`).
    pub fn start_with(args: &[&str]) -> ServerProcess {
        ServerProcess::options().args(args).start()
    }

    /// Options for a server started otherwise (another binary, a history
    /// directory of the test's, environment variables).
    pub fn options() -> ServerOptions {
        ServerOptions::default()
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

    /// The lines it printed on stdout at its latest start, up to and with
    /// the `history in` line (warnings and the restored matches included).
    pub fn startup(&self) -> &[String] {
        &self.startup
    }

    /// The tail of the server's output so far, for failure messages.
    pub fn log(&self) -> String {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// A handle on the server's output that can wait for a line on another
    /// thread (e.g. in `spawn_blocking`).
    pub fn output(&self) -> Output {
        Output(Arc::clone(&self.log))
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

    /// SIGTERM: asks for the graceful shutdown.
    pub fn terminate(&self) {
        if let Some(child) = &self.child {
            let status = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .expect("kill runs");
            assert!(status.success(), "kill -TERM failed");
        }
    }

    /// Waits at most `timeout` for the server to exit and returns how it did
    /// (panics if it is still running then, or was not).
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let mut child = self.child.take().expect("the server runs");
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = child.try_wait().expect("try_wait") {
                return status;
            }
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server did not exit within {timeout:?}\n{}", self.log());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the server if it runs and starts it again on the same port with
    /// the same history directory, flags and environment.
    pub fn restart(&mut self) {
        self.kill();
        self.launch();
    }

    /// Starts the binary and waits for its banner. A port still held for a
    /// moment after a kill is retried.
    fn launch(&mut self) {
        let deadline = Instant::now() + START_WAIT;
        loop {
            match self.try_launch() {
                Ok(()) => return,
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
        let mut child = Command::new(&self.binary)
            .args(["--listen", "127.0.0.1", "--port", &self.port.to_string()])
            .arg("--history-dir")
            .arg(&self.history)
            .args(&self.args)
            .env(
                "RUST_LOG",
                std::env::var("E2E_SERVER_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot spawn {}: {e}", self.binary.display()))?;
        let stderr = child.stderr.take().expect("piped stderr");
        keep(BufReader::new(stderr), Arc::clone(&self.log));
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut startup = Vec::new();
        let mut port = None;
        let mut line = String::new();
        // The banner ends with the `history in` line.
        while !line.contains("history in") {
            line.clear();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                let _ = child.kill();
                let _ = child.wait();
                return Err("the server exited before its banner ended".into());
            }
            append(&self.log, &line);
            if let Some(address) = line.split("listening on ").nth(1) {
                let found = address
                    .trim()
                    .rsplit(':')
                    .next()
                    .and_then(|p| p.parse::<u16>().ok())
                    .ok_or_else(|| format!("no port in {line:?}"))?;
                port = Some(found);
            }
            startup.push(line.trim_end().to_owned());
        }
        // Keep draining stdout so the server never blocks on a full pipe.
        keep(stdout, Arc::clone(&self.log));
        self.port = port.ok_or("no `listening on` line in the banner")?;
        self.startup = startup;
        self.child = Some(child);
        Ok(())
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The server's output (see [`ServerProcess::output`]).
#[derive(Clone, Debug)]
pub struct Output(Arc<Mutex<String>>);

impl Output {
    /// Waits at most `timeout` for a line containing `needle`; returns it,
    /// or `None` if none came. Blocking: call it outside the async runtime.
    pub fn wait_for(&self, needle: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let found = self.0.lock().ok().and_then(|log| {
                log.lines()
                    .find(|line| line.contains(needle))
                    .map(str::to_owned)
            });
            if found.is_some() || Instant::now() >= deadline {
                return found;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
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
