//! A child process spoken to line by line: what every external protocol is
//! built on. A reader thread turns the program's stdout into a channel, so
//! every wait has a deadline and a crash is seen as the channel closing.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
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
/// killed, and how long an exiting program is then watched for the end of its
/// exit (when its final CPU time can be read).
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A program that has been reaped: what is left of it.
struct Reaped {
    /// How it ended.
    status: ExitStatus,
    /// Its CPU time, read from its zombie just before it was reaped (the
    /// kernel forgets it then); `None` when that could not be read.
    cpu: Option<Duration>,
}

/// A running program. Dropping it closes its input, gives it
/// [`EXIT_GRACE`] to exit and then kills it ([`EngineProcess::end`]).
pub struct EngineProcess {
    /// The command line, for messages and logs.
    command: String,
    /// The program (killed on drop if still running).
    child: Child,
    /// Its standard input; `None` once closed.
    stdin: Option<ChildStdin>,
    /// Lines from its standard output; disconnected when it closes stdout.
    lines: Receiver<String>,
    /// Set once it has been reaped: its `/proc` entry is gone then, and its
    /// process id may name another program.
    reaped: Option<Reaped>,
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
            reaped: None,
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
    /// when it has exited already.
    fn crashed(&mut self) -> PlayerError {
        let status = self.reap_if_exited().map(|reaped| reaped.status);
        PlayerError::Crashed(status.map(|s| format!(" ({s})")).unwrap_or_default())
    }

    /// The program's line of `/proc/<pid>/stat`, while it has not been reaped
    /// (after that the process id may name another program).
    fn stat(&self) -> Option<ProcStat> {
        if self.reaped.is_some() {
            return None;
        }
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        parse_stat(&stat)
    }

    /// Reaps the program if it has exited, reading its final CPU time first:
    /// on Linux it is reaped only once `/proc` shows it a zombie, whose CPU
    /// time the kernel keeps until then; where `/proc` cannot be read, as
    /// soon as it has exited (without its CPU time). `None` while it runs.
    fn reap_if_exited(&mut self) -> Option<&Reaped> {
        if self.reaped.is_none() {
            let reaped = match self.stat() {
                Some(stat) if stat.zombie => self.child.wait().ok().map(|status| Reaped {
                    status,
                    cpu: Some(stat.cpu),
                }),
                Some(_) => None,
                None => self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|status| Reaped { status, cpu: None }),
            };
            self.reaped = reaped;
        }
        self.reaped.as_ref()
    }

    /// The CPU time the program has used so far, user and system, over all
    /// its threads (those that have exited too): `utime + stime` of
    /// `/proc/<pid>/stat`, in the kernel's ticks of 10 ms (`USER_HZ` is 100
    /// on every Linux architecture). Once it has exited, its final CPU time
    /// (see [`EngineProcess::end`]). `None` where `/proc` cannot be read (not
    /// Linux).
    pub fn cpu_time(&self) -> Option<Duration> {
        match &self.reaped {
            Some(reaped) => reaped.cpu,
            None => self.stat().map(|stat| stat.cpu),
        }
    }

    /// Closes the program's input (the end of a Botzone turn or session).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Ends the program and returns the CPU time it used in all (`None` as
    /// for [`EngineProcess::cpu_time`]): closes its input, gives it
    /// [`EXIT_GRACE`] to close its output (else kills it), then watches it
    /// for up to [`EXIT_GRACE`] again until it is a zombie and reads its CPU
    /// time before reaping it. One that is still not a zombie by then is
    /// read while it runs and killed. Dropping a process does the same;
    /// harmless once done (a reaped program is not waited for again).
    pub fn end(&mut self) -> Option<Duration> {
        if let Some(reaped) = &self.reaped {
            return reaped.cpu;
        }
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
        // Then for the end of its exit, before it is reaped.
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if let Some(reaped) = self.reap_if_exited() {
                return reaped.cpu;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let cpu = self.cpu_time();
        let _ = self.child.kill();
        let reaped = self.child.wait().ok().map(|status| Reaped { status, cpu });
        self.reaped = reaped;
        cpu
    }
}

/// What is read of a program in its line of `/proc/<pid>/stat`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct ProcStat {
    /// Whether it is a zombie (state `Z`): it has exited and not been reaped.
    zombie: bool,
    /// Its CPU time, `utime + stime`.
    cpu: Duration,
}

/// The state (field 3) and `utime + stime` (fields 14 and 15, in ticks of
/// 10 ms) of a `/proc/<pid>/stat` line. The command name (field 2) is in
/// parentheses and may hold spaces, so fields are counted from its closing
/// parenthesis.
fn parse_stat(stat: &str) -> Option<ProcStat> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Field 3 (the state) is fields[0], so field n is fields[n - 3].
    let state = *fields.first()?;
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(ProcStat {
        zombie: state == "Z",
        cpu: Duration::from_millis((utime + stime) * 10),
    })
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.end();
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
    fn the_state_and_cpu_ticks_are_read_after_the_command_name() {
        let stat = "4242 (my engine) S 1 4242 4242 0 -1 4194560 500 0 0 0 137 12 0 0 20 0 3 0";
        let running = ProcStat {
            zombie: false,
            cpu: Duration::from_millis(1490),
        };
        assert_eq!(parse_stat(stat), Some(running));
        let stat = "4242 (a) Z) Z 1 4242 4242 0 -1 4194560 500 0 0 0 137 12 0 0 20 0 3 0";
        let zombie = ProcStat {
            zombie: true,
            ..running
        };
        assert_eq!(parse_stat(stat), Some(zombie));
        assert_eq!(parse_stat("garbage"), None);
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

    /// The kernel keeps an exited program's CPU time until it is reaped, and
    /// `end` reads it then: a program that burns CPU right up to its exit is
    /// charged all of it.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_ended_program_reports_all_its_cpu_time() {
        // About half a second of CPU on the development machine, then exits.
        let words = [
            "sh",
            "-c",
            "read x; i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done",
        ]
        .map(String::from);
        let mut process = EngineProcess::spawn(&words, false).unwrap();
        process.send("go").unwrap();
        // Give it the time to finish even on a loaded machine: `end` gives
        // it only EXIT_GRACE after its input closes.
        let deadline = Instant::now() + Duration::from_secs(120);
        assert!(matches!(
            process.next_line(deadline, "its exit"),
            Err(PlayerError::Crashed(_))
        ));
        let cpu = process.end().unwrap();
        assert!(cpu >= Duration::from_millis(200), "{cpu:?}");
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
