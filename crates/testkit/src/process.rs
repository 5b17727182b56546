//! A program under test as a child process (a client, a bot, a one-shot
//! command): its stdin to write to, its stdout and stderr read line by line
//! on threads of their own (so no wait on it can hang, and a full pipe never
//! blocks it), everything it printed kept for failure messages, and a
//! deadline on every wait. Killed on drop: a failed test leaves nothing
//! running.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the end of a program's output may trail its exit (a child of its
/// own, such as an engine, can hold the pipes for a moment).
const OUTPUT_TRAIL: Duration = Duration::from_secs(5);

/// A running program.
pub struct ChildProcess {
    /// A label for failure messages.
    label: String,
    /// The child.
    child: Child,
    /// Its stdin, until closed.
    stdin: Option<ChildStdin>,
    /// Stdout lines not yet handed out.
    lines: Receiver<String>,
    /// Stderr lines (a bot's log) not yet handed out.
    log_lines: Receiver<String>,
    /// Everything it printed on stdout so far.
    stdout: Arc<Mutex<String>>,
    /// Everything it printed on stderr so far.
    stderr: Arc<Mutex<String>>,
    /// One message per reader thread at the end of its stream.
    closed: Receiver<()>,
}

impl ChildProcess {
    /// Starts `command` with its three standard streams piped; `label` names
    /// it in failures. Panics if it cannot start.
    pub fn spawn(label: &str, mut command: Command) -> ChildProcess {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{label} does not start: {e}"));
        let (done, closed) = channel();
        let stdout = Arc::new(Mutex::new(String::new()));
        let stderr = Arc::new(Mutex::new(String::new()));
        let lines = read_lines(
            child.stdout.take().expect("piped stdout"),
            Arc::clone(&stdout),
            done.clone(),
        );
        let log_lines = read_lines(
            child.stderr.take().expect("piped stderr"),
            Arc::clone(&stderr),
            done,
        );
        ChildProcess {
            label: label.to_owned(),
            stdin: child.stdin.take(),
            child,
            lines,
            log_lines,
            stdout,
            stderr,
            closed,
        }
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `text` to its stdin as given.
    pub fn write(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .unwrap_or_else(|e| panic!("{} does not read its stdin: {e}", self.label));
    }

    /// Writes one line to its stdin.
    pub fn write_line(&mut self, line: &str) {
        self.write(&format!("{line}\n"));
    }

    /// Closes its stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line, or `None` when none came within `timeout` or the
    /// output ended.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Reads stdout until a line satisfies `want` and returns it; panics
    /// (with the output so far) after `timeout` or when the output ends.
    pub fn wait_line(&mut self, timeout: Duration, want: impl FnMut(&str) -> bool) -> String {
        wait_for(&self.lines, timeout, want).unwrap_or_else(|ended| {
            panic!(
                "{}: no awaited line on stdout ({ended}) within {timeout:?}:\n{}",
                self.label,
                self.output()
            )
        })
    }

    /// Reads stderr (a bot's log) until a line satisfies `want` and returns
    /// it; panics (with the output so far) after `timeout` or when it ends.
    pub fn wait_log_line(&mut self, timeout: Duration, want: impl FnMut(&str) -> bool) -> String {
        wait_for(&self.log_lines, timeout, want).unwrap_or_else(|ended| {
            panic!(
                "{}: no awaited line on stderr ({ended}) within {timeout:?}:\n{}",
                self.label,
                self.output()
            )
        })
    }

    /// Everything it printed on stdout so far.
    pub fn stdout_text(&self) -> String {
        self.stdout.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Everything it printed on stderr so far.
    pub fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Both, labelled, for failure messages.
    pub fn output(&self) -> String {
        format!(
            "--- stdout ---\n{}--- stderr ---\n{}",
            self.stdout_text(),
            self.stderr_text()
        )
    }

    /// Waits at most `timeout` for it to exit, then (briefly) for the end of
    /// its output, so that [`ChildProcess::stdout_text`] and
    /// [`ChildProcess::stderr_text`] are complete. Kills it and panics if it
    /// does not exit in time.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            if Instant::now() >= deadline {
                self.kill();
                panic!(
                    "{} did not exit within {timeout:?}:\n{}",
                    self.label,
                    self.output()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        for _ in 0..2 {
            let _ = self.closed.recv_timeout(OUTPUT_TRAIL);
        }
        status
    }

    /// Closes its stdin (if still open) and waits at most `timeout` for it
    /// to exit, as [`ChildProcess::wait_exit`] does: whether it succeeded,
    /// and everything it printed on stdout and on stderr.
    pub fn finish(mut self, timeout: Duration) -> (bool, String, String) {
        self.close_stdin();
        let status = self.wait_exit(timeout);
        (status.success(), self.stdout_text(), self.stderr_text())
    }

    /// Sends SIGINT (Ctrl-C).
    pub fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -INT {} failed", self.label);
    }

    /// SIGKILL, as a crash or a closed terminal would end it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ChildProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// Reads `stream` line by line on a thread of its own: each line is added to
/// `text` and sent on the returned channel; `done` hears of the end.
fn read_lines(
    stream: impl std::io::Read + Send + 'static,
    text: Arc<Mutex<String>>,
    done: Sender<()>,
) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Ok(mut text) = text.lock() {
                text.push_str(&line);
                text.push('\n');
            }
            // The receiver may be gone (the process dropped): keep reading,
            // so the program never blocks on a full pipe.
            let _ = sender.send(line);
        }
        let _ = done.send(());
    });
    lines
}

/// The first line from `lines` within `timeout` that satisfies `want`, or
/// why there was none.
fn wait_for(
    lines: &Receiver<String>,
    timeout: Duration,
    mut want: impl FnMut(&str) -> bool,
) -> Result<String, &'static str> {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if want(&line) => return Ok(line),
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => return Err("timed out"),
            Err(RecvTimeoutError::Disconnected) => return Err("the output ended"),
        }
    }
}
