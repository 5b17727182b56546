//! `amazons-client` as a child process: stdin to write to, stdout lines on a
//! channel, stderr (the bots' log) kept in full.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `amazons-client`, killed on drop.
pub struct ClientProcess {
    /// A label for failure messages.
    label: String,
    /// The child.
    child: Child,
    /// Its stdin, until closed.
    stdin: Option<ChildStdin>,
    /// Its stdout, line by line.
    lines: Receiver<String>,
    /// Every stdout line read so far.
    stdout: Vec<String>,
    /// Everything it wrote on stderr.
    stderr: Arc<Mutex<String>>,
    /// Its state folder (seat tokens), its own so that no test sees
    /// another's; removed on drop.
    _state: tempfile::TempDir,
}

impl ClientProcess {
    /// Starts `amazons-client ARGS...`; `label` names it in failures.
    pub fn spawn(label: &str, args: &[&str]) -> ClientProcess {
        let state = tempfile::tempdir().expect("a temporary state folder");
        let mut child = Command::new(amazons_testkit::binaries::client())
            .args(args)
            .env("RUST_LOG", "info")
            .env("AMAZONS_STATE_DIR", state.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("amazons-client starts");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let kept = Arc::clone(&stderr);
        let mut err_reader = BufReader::new(child.stderr.take().expect("piped stderr"));
        std::thread::spawn(move || {
            let mut line = String::new();
            while err_reader.read_line(&mut line).unwrap_or(0) > 0 {
                if let Ok(mut kept) = kept.lock() {
                    kept.push_str(&line);
                }
                line.clear();
            }
        });
        ClientProcess {
            label: label.to_owned(),
            stdin: child.stdin.take(),
            child,
            lines,
            stdout: Vec::new(),
            stderr,
            _state: state,
        }
    }

    /// Writes one line to its stdin.
    pub fn write_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("the client reads its stdin");
        stdin.flush().expect("the client reads its stdin");
    }

    /// Closes its stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line, or `None` when none came within `timeout` or the
    /// output ended.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.stdout.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads stdout until a line satisfies `want`; panics (with the output so
    /// far) after `timeout`.
    pub fn wait_line(&mut self, timeout: Duration, mut want: impl FnMut(&str) -> bool) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) if want(&line) => return line,
                Some(_) => {}
                None => panic!(
                    "{}: no awaited line within {timeout:?}; output:\n{}\nstderr:\n{}",
                    self.label,
                    self.stdout_text(),
                    self.stderr_text()
                ),
            }
        }
    }

    /// Every stdout line read so far.
    pub fn stdout_text(&self) -> String {
        self.stdout.join("\n")
    }

    /// Everything written on stderr so far.
    pub fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Waits at most `timeout` for it to exit, reading (and keeping) its
    /// output meanwhile; panics if it does not.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                while self.next_line(Duration::from_millis(200)).is_some() {}
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not exit within {timeout:?}; output:\n{}\nstderr:\n{}",
                self.label,
                self.stdout_text(),
                self.stderr_text()
            );
            let _ = self.next_line(Duration::from_millis(50));
        }
    }

    /// Sends SIGINT (Ctrl-C).
    pub fn interrupt(&self) {
        let _ = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status();
    }
}

impl Drop for ClientProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
