//! The client on a pseudo-terminal of 80x24, for what only a real terminal
//! shows: what a run leaves the terminal in (alternate screen, mouse
//! reporting, cursor, raw mode) and what a later run on the same terminal
//! draws over. [`Screen`] replays the bytes written to the terminal the way
//! a terminal (tmux, xterm) shows them, for the sequences ratatui and
//! crossterm write.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{LocalModes, Winsize, tcgetattr, tcsetwinsize};

/// The longest any step waits for the client.
pub const WAIT: Duration = Duration::from_secs(60);

/// The terminal's size.
const ROWS: usize = 24;
/// The terminal's size.
const COLUMNS: usize = 80;

/// A pseudo-terminal of 80x24 and everything written to it.
pub struct Pty {
    /// The master side: keys are written here.
    master: File,
    /// The slave side's path, the terminal a client runs on.
    slave: PathBuf,
    /// Every byte written to the terminal so far.
    bytes: Arc<Mutex<Vec<u8>>>,
    /// How many times reading found nobody on the slave side: once that
    /// happens after a client exited, every byte it wrote has been read.
    idle_reads: Arc<AtomicUsize>,
}

impl Pty {
    /// A new 80x24 pseudo-terminal.
    pub fn open() -> Pty {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        tcsetwinsize(
            &master,
            Winsize {
                ws_row: ROWS as u16,
                ws_col: COLUMNS as u16,
                ws_xpixel: 0,
                ws_ypixel: 0,
            },
        )
        .unwrap();
        let slave = PathBuf::from(ptsname(&master, Vec::new()).unwrap().to_str().unwrap());
        let master = File::from(master);
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().unwrap();
        let idle_reads = Arc::new(AtomicUsize::new(0));
        let (sink, idle) = (Arc::clone(&bytes), Arc::clone(&idle_reads));
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            // Reading fails while no client has the terminal open, and
            // goes on when the next one opens it.
            loop {
                match reader.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => sink.lock().unwrap().extend_from_slice(&buffer[..n]),
                    Err(_) => {
                        idle.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(10));
                    }
                }
            }
        });
        Pty {
            master,
            slave,
            bytes,
            idle_reads,
        }
    }

    /// Starts the client with `args` on this terminal, its state (seat
    /// tokens, the kept local game) in `state`.
    pub fn start(&self, args: &[&str], state: &Path) -> PtyClient {
        let slave: OwnedFd = File::options()
            .read(true)
            .write(true)
            .open(&self.slave)
            .unwrap()
            .into();
        let child = Command::new(env!("CARGO_BIN_EXE_amazons-client"))
            .args(args)
            .env("AMAZONS_STATE_DIR", state)
            .env("AMAZONS_NAME", "ann")
            .env("TERM", "xterm-256color")
            .env("AMAZONS_LANG", "en")
            .env_remove("AMAZONS_HISTORY_DIR")
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave)
            .spawn()
            .expect("the client starts");
        PtyClient {
            child,
            idle_reads: Arc::clone(&self.idle_reads),
        }
    }

    /// Everything written to the terminal from byte `from` on, as text
    /// (escape sequences included).
    pub fn output_from(&self, from: usize) -> String {
        let bytes = self.bytes.lock().unwrap();
        String::from_utf8_lossy(&bytes[from.min(bytes.len())..]).into_owned()
    }

    /// What the terminal shows now.
    pub fn screen(&self) -> Screen {
        Screen::replay(&self.output_from(0))
    }

    /// Waits until the terminal shows `text` (on one row), and returns
    /// what it shows then.
    pub fn wait_for(&self, text: &str) -> Screen {
        let deadline = Instant::now() + WAIT;
        loop {
            let screen = self.screen();
            if screen.shows(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the terminal never showed {text:?}; it shows:\n{}",
                screen.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `keys`.
    pub fn type_keys(&self, keys: &str) {
        (&self.master).write_all(keys.as_bytes()).unwrap();
    }

    /// Whether the terminal is in line mode (canonical input and echo):
    /// raw mode is off. (A pseudo-terminal's two sides share one setting.)
    pub fn line_mode(&self) -> bool {
        let modes = tcgetattr(&self.master).unwrap().local_modes;
        modes.contains(LocalModes::ICANON | LocalModes::ECHO)
    }
}

/// A client running on a [`Pty`]; killed on drop.
pub struct PtyClient {
    child: Child,
    /// The terminal's [`Pty::idle_reads`].
    idle_reads: Arc<AtomicUsize>,
}

impl PtyClient {
    /// Sends `signal` and waits for the client to exit.
    pub fn signal_and_wait(&mut self, signal: Signal) -> ExitStatus {
        kill_process(Pid::from_child(&self.child), signal).unwrap();
        self.wait()
    }

    /// Waits for the client to exit, and for the terminal to have shown
    /// everything it wrote.
    pub fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + WAIT;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            assert!(Instant::now() < deadline, "the client did not exit in time");
            std::thread::sleep(Duration::from_millis(20));
        };
        let idle = self.idle_reads.load(Ordering::SeqCst);
        while self.idle_reads.load(Ordering::SeqCst) == idle {
            assert!(
                Instant::now() < deadline,
                "the terminal is still written to"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        status
    }
}

impl Drop for PtyClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a terminal shows after some bytes: the main and the alternate
/// screen, which one is up, and the cursor's and the mouse's modes.
#[derive(Clone, Debug)]
pub struct Screen {
    /// The main screen's rows.
    main: Vec<Vec<char>>,
    /// The alternate screen's rows.
    alternate: Vec<Vec<char>>,
    /// Whether the alternate screen is up.
    pub on_alternate: bool,
    /// Whether the cursor is shown.
    pub cursor_shown: bool,
    /// Whether the terminal reports the mouse.
    pub mouse_reported: bool,
    /// The cursor (row, column; a column past the last one means the next
    /// character wraps to the next row).
    cursor: (usize, usize),
    /// The main screen's cursor, while the alternate screen is up.
    saved_cursor: (usize, usize),
}

impl Screen {
    /// The screen after `output`.
    pub fn replay(output: &str) -> Screen {
        let blank = vec![vec![' '; COLUMNS]; ROWS];
        let mut screen = Screen {
            main: blank.clone(),
            alternate: blank,
            on_alternate: false,
            cursor_shown: true,
            mouse_reported: false,
            cursor: (0, 0),
            saved_cursor: (0, 0),
        };
        let mut chars = output.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => match chars.next() {
                    Some('[') => {
                        let mut params = String::new();
                        let mut last = None;
                        for c in chars.by_ref() {
                            if ('@'..='~').contains(&c) {
                                last = Some(c);
                                break;
                            }
                            params.push(c);
                        }
                        if let Some(last) = last {
                            screen.control(&params, last);
                        }
                    }
                    // ESC 7, ESC 8, ESC ( B ...: nothing drawn.
                    Some('(' | ')') => {
                        chars.next();
                    }
                    _ => {}
                },
                '\r' => screen.cursor.1 = 0,
                '\n' => screen.line_feed(),
                '\x08' => screen.cursor.1 = screen.cursor.1.saturating_sub(1),
                c if c.is_control() => {}
                c => {
                    if screen.cursor.1 >= COLUMNS {
                        screen.cursor.1 = 0;
                        screen.line_feed();
                    }
                    let (row, column) = screen.cursor;
                    screen.rows_mut()[row][column] = c;
                    screen.cursor.1 = column + 1;
                }
            }
        }
        screen
    }

    /// The next row, scrolling the screen up at the bottom.
    fn line_feed(&mut self) {
        if self.cursor.0 + 1 < ROWS {
            self.cursor.0 += 1;
        } else {
            let rows = self.rows_mut();
            rows.remove(0);
            rows.push(vec![' '; COLUMNS]);
        }
    }

    fn rows_mut(&mut self) -> &mut Vec<Vec<char>> {
        if self.on_alternate {
            &mut self.alternate
        } else {
            &mut self.main
        }
    }

    /// One control sequence `ESC [ params last`.
    fn control(&mut self, params: &str, last: char) {
        let numbers: Vec<usize> = params
            .trim_start_matches('?')
            .split(';')
            .map(|n| n.parse().unwrap_or(0))
            .collect();
        let first = numbers.first().copied().unwrap_or(0);
        let private = params.starts_with('?');
        match (private, last) {
            (false, 'H' | 'f') => {
                let row = first.max(1) - 1;
                let column = numbers.get(1).copied().unwrap_or(1).max(1) - 1;
                self.cursor = (row.min(ROWS - 1), column.min(COLUMNS - 1));
            }
            (false, 'J') if first == 2 || first == 3 => {
                *self.rows_mut() = vec![vec![' '; COLUMNS]; ROWS];
            }
            (false, 'J') => {
                let (row, column) = self.cursor;
                let rows = self.rows_mut();
                rows[row][column..].fill(' ');
                for line in &mut rows[row + 1..] {
                    line.fill(' ');
                }
            }
            (false, 'K') => {
                let (row, column) = self.cursor;
                self.rows_mut()[row][column..].fill(' ');
            }
            (true, 'h' | 'l') => {
                let on = last == 'h';
                for mode in numbers {
                    match mode {
                        // As tmux does: entering the alternate screen
                        // while it is up changes nothing; leaving it puts
                        // the main screen's cursor back.
                        1049 if on && !self.on_alternate => {
                            self.alternate = vec![vec![' '; COLUMNS]; ROWS];
                            self.on_alternate = true;
                            self.saved_cursor = self.cursor;
                        }
                        1049 if !on && self.on_alternate => {
                            self.on_alternate = false;
                            self.cursor = self.saved_cursor;
                        }
                        25 => self.cursor_shown = on,
                        1000 | 1002 | 1003 => self.mouse_reported = on,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    /// The rows of the screen that is up, trailing spaces trimmed.
    pub fn rows(&self) -> Vec<String> {
        let rows = if self.on_alternate {
            &self.alternate
        } else {
            &self.main
        };
        rows.iter()
            .map(|row| row.iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    /// The screen that is up, as text.
    pub fn text(&self) -> String {
        self.rows().join("\n")
    }

    /// Whether one row of the screen that is up shows `text`.
    pub fn shows(&self, text: &str) -> bool {
        self.rows().iter().any(|row| row.contains(text))
    }
}

/// Asserts that the terminal is as a shell wants it: the main screen up,
/// mouse reporting off, the cursor shown, raw mode off.
pub fn assert_restored(pty: &Pty) {
    let screen = pty.screen();
    assert!(!screen.on_alternate, "the alternate screen was left");
    assert!(!screen.mouse_reported, "mouse reporting is off");
    assert!(screen.cursor_shown, "the cursor is shown");
    assert!(pty.line_mode(), "raw mode is off");
}
