//! Entering and leaving the full-screen terminal (raw mode, alternate screen,
//! mouse capture), and deciding when to fall back to plain text.
//!
//! The full screen is entered on a cleared screen (a run killed earlier may
//! have left its board on the alternate screen, and ratatui only draws what
//! differs from what it believes is there), and left with raw mode off, the
//! main screen back, mouse reporting off and the cursor shown: after a
//! quit, an error, a panic, or a signal (`tui::signals`).

use std::io::IsTerminal;
use std::sync::Once;

use crossterm::cursor::Show;
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::{DefaultTerminal, Terminal};

use crate::tui::signals;

/// Whether to run line by line: asked for, or stdin/stdout is not a terminal.
pub fn plain_wanted(asked: bool) -> bool {
    asked || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal()
}

/// Runs `body` on the full-screen terminal and restores the terminal after it,
/// also when it fails or panics. A screen loop in `body` asks
/// [`signals::stop_requested`] between frames and returns when it is set.
pub fn with_terminal<T>(
    body: impl FnOnce(&mut DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    restore_on_panic();
    signals::screen_up(true);
    let result = enter()
        .map_err(anyhow::Error::from)
        .and_then(|mut terminal| {
            let result = body(&mut terminal);
            drop(terminal);
            result
        });
    restore_screen();
    signals::screen_up(false);
    result
}

/// Raw mode, the alternate screen and mouse capture on, and a terminal whose
/// first frame is drawn on a cleared screen.
fn enter() -> std::io::Result<DefaultTerminal> {
    enable_raw_mode()?;
    crossterm::execute!(std::io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    start_clean(&mut terminal)?;
    Ok(terminal)
}

/// Clears what the screen shows before the first frame, so that a frame
/// (and a box drawn over it) leaves nothing of what was there before.
pub(crate) fn start_clean<B: Backend>(terminal: &mut Terminal<B>) -> std::io::Result<()> {
    terminal.clear()
}

/// Puts the terminal back as the shell wants it: raw mode off, the main
/// screen, mouse reporting off, the cursor shown. Errors are ignored (a
/// terminal that hung up cannot be written to, and nothing is left to do).
pub(crate) fn restore_screen() {
    let _ = disable_raw_mode();
    line_mode_for_good();
    let _ = crossterm::execute!(
        std::io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
}

/// Leaving raw mode puts back the mode the terminal had on entering; when a
/// run killed outright (SIGKILL) left it raw, that is raw again. Line mode
/// (with echo, Ctrl-C, and newlines as the shell expects) is put back then.
#[cfg(unix)]
fn line_mode_for_good() {
    use rustix::termios::{
        InputModes, LocalModes, OptionalActions, OutputModes, tcgetattr, tcsetattr,
    };
    let stdin = std::io::stdin();
    let Ok(mut modes) = tcgetattr(&stdin) else {
        return;
    };
    if modes.local_modes.contains(LocalModes::ICANON) {
        return;
    }
    modes.local_modes |= LocalModes::ICANON
        | LocalModes::ECHO
        | LocalModes::ECHOE
        | LocalModes::ECHOK
        | LocalModes::ISIG
        | LocalModes::IEXTEN;
    modes.input_modes |= InputModes::ICRNL | InputModes::IXON | InputModes::BRKINT;
    modes.output_modes |= OutputModes::OPOST | OutputModes::ONLCR;
    let _ = tcsetattr(&stdin, OptionalActions::Now, &modes);
}

/// Elsewhere raw mode is left as it was entered.
#[cfg(not(unix))]
fn line_mode_for_good() {}

/// Restores the terminal before a panic's message is printed (once per
/// process), so the message is readable and the shell usable.
fn restore_on_panic() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_screen();
            previous(info);
        }));
    });
}

/// Reads one line of plain-mode input (`None` at the end of input). When the
/// input is not a terminal the line is echoed after the prompt, so a
/// transcript of a scripted session reads like a typed one.
pub fn read_line(
    input: &mut impl std::io::BufRead,
    out: &mut impl std::io::Write,
) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    if !std::io::stdin().is_terminal() {
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(Some(line))
}

/// Ctrl-C presses (SIGINT) as a stream, for the modes that do not own the
/// screen (in full screen, Ctrl-C is a key). The handler is installed at
/// once and never removed, so a press is never lost between two waits. Call
/// inside a tokio runtime.
pub fn interrupts() -> tokio::sync::mpsc::UnboundedReceiver<()> {
    let (sender, presses) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let Ok(mut sigint) = signal(SignalKind::interrupt()) else {
                return;
            };
            while sigint.recv().await.is_some() {
                if sender.send(()).is_err() {
                    return;
                }
            }
        }
        #[cfg(not(unix))]
        while tokio::signal::ctrl_c().await.is_ok() {
            if sender.send(()).is_err() {
                return;
            }
        }
    });
    presses
}
