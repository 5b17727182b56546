//! A child process spoken to line by line: what every external protocol is
//! built on. A reader thread turns the program's stdout into a channel, so
//! every wait has a deadline and a crash is seen as the channel closing.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, channel};
use std::time::{Duration, Instant};

use crate::player::PlayerError;

/// Splits a command line into words the way a POSIX shell does (quotes and
/// backslashes), without running a shell: one rule for every place that
/// starts an engine.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let words = shell_words::split(line).map_err(|e| format!("`{line}`: {e}"))?;
    if words.is_empty() {
        return Err("the command line is empty".into());
    }
    Ok(words)
}

/// How long a program gets to exit after its input is closed before it is
/// killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running program. Dropping it closes its input, gives it
/// [`EXIT_GRACE`] to exit and then kills it.
pub struct EngineProcess {
    /// The command line, for messages and logs.
    command: String,
    /// The program (killed on drop if still running).
    child: Child,
    /// Its standard input; `None` once closed.
    stdin: Option<ChildStdin>,
    /// Lines from its standard output; disconnected when it closes stdout.
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `words[0]` with the other words as arguments. Its stderr goes
    /// to ours when `show_stderr`, else nowhere (a full-screen interface must
    /// not be drawn over).
    pub fn spawn(words: &[String], show_stderr: bool) -> Result<EngineProcess, PlayerError> {
        let command = words.join(" ");
        let (program, args) = words.split_first().ok_or_else(|| PlayerError::Spawn {
            command: command.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty command"),
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|source| PlayerError::Spawn {
                command: command.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            command,
            child,
            stdin: Some(stdin),
            lines,
        })
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        tracing::debug!(engine = %self.command, "> {line}");
        let stdin = self.stdin.as_mut().ok_or_else(|| {
            PlayerError::Write(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "input already closed",
            ))
        })?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(PlayerError::Write)
    }

    /// The next line, waiting until `deadline`; `expected` names what was
    /// awaited in the error.
    pub fn next_line(
        &mut self,
        deadline: Instant,
        expected: &'static str,
    ) -> Result<String, PlayerError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                tracing::debug!(engine = %self.command, "< {line}");
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(PlayerError::Silent {
                expected,
                waited: wait,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// A line already sent, without waiting: `Ok(None)` when there is none
    /// yet, an error when the program has closed its output.
    pub fn try_line(&mut self) -> Result<Option<String>, PlayerError> {
        match self.lines.try_recv() {
            Ok(line) => {
                tracing::debug!(engine = %self.command, "< {line}");
                Ok(Some(line))
            }
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(self.crashed()),
        }
    }

    /// The error for a program whose output has closed, with its exit status
    /// when it is known already.
    fn crashed(&mut self) -> PlayerError {
        let status = self.child.try_wait().ok().flatten();
        PlayerError::Crashed(status.map(|s| format!(" ({s})")).unwrap_or_default())
    }

    /// The CPU time the program has used so far, user and system, over all
    /// its threads (those that have exited too): `utime + stime` of
    /// `/proc/<pid>/stat`, in the kernel's ticks of 10 ms (`USER_HZ` is 100
    /// on every Linux architecture). `None` elsewhere or once it has exited.
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        cpu_ticks_of_stat(&stat).map(|ticks| Duration::from_millis(ticks * 10))
    }

    /// Closes the program's input (the end of a Botzone turn or session).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }
}

/// `utime + stime` (fields 14 and 15) of a `/proc/<pid>/stat` line. The
/// command name (field 2) is in parentheses and may hold spaces, so fields are
/// counted from its closing parenthesis.
fn cpu_ticks_of_stat(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Field 3 (the state) is fields[0], so field n is fields[n - 3].
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.close_input();
        // Wait for its output to close (it exits), at most EXIT_GRACE.
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(_) => {}
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    break;
                }
            }
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("engine --level 3").unwrap(),
            ["engine", "--level", "3"]
        );
        assert_eq!(
            split_command(r#"  "my engine"  -x 'a b' c\ d "#).unwrap(),
            ["my engine", "-x", "a b", "c d"]
        );
        assert!(split_command("   ").is_err());
        assert!(split_command("engine 'unclosed").is_err());
    }

    #[test]
    fn cpu_ticks_are_read_after_the_command_name() {
        let stat = "4242 (my engine) S 1 4242 4242 0 -1 4194560 500 0 0 0 137 12 0 0 20 0 3 0";
        assert_eq!(cpu_ticks_of_stat(stat), Some(149));
        assert_eq!(cpu_ticks_of_stat("garbage"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_busy_program_reports_its_cpu_time() {
        let words = [
            "sh",
            "-c",
            "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo done; read x",
        ]
        .map(String::from);
        let mut process = EngineProcess::spawn(&words, false).unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        assert_eq!(process.next_line(deadline, "done").unwrap(), "done");
        let cpu = process.cpu_time().unwrap();
        assert!(cpu > Duration::ZERO, "{cpu:?}");
    }

    #[cfg(unix)]
    #[test]
    fn lines_crashes_and_silence_are_told_apart() {
        let words = ["sh", "-c", "read line; echo \"got $line\"; exit 3"].map(String::from);
        let mut process = EngineProcess::spawn(&words, false).unwrap();
        process.send("hello").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(process.next_line(deadline, "got").unwrap(), "got hello");
        assert!(matches!(
            process.next_line(deadline, "more"),
            Err(PlayerError::Crashed(_))
        ));

        let words = ["sh", "-c", "read line"].map(String::from);
        let mut silent = EngineProcess::spawn(&words, false).unwrap();
        assert!(matches!(silent.try_line(), Ok(None)));
        assert!(matches!(
            silent.next_line(Instant::now(), "anything"),
            Err(PlayerError::Silent { .. })
        ));

        let missing = EngineProcess::spawn(&["/nonexistent/engine".to_string()], false);
        assert!(matches!(missing, Err(PlayerError::Spawn { .. })));
    }
}
