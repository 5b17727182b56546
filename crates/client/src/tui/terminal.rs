//! Entering and leaving the full-screen terminal (raw mode, alternate screen,
//! mouse capture), and deciding when to fall back to plain text.

use std::io::IsTerminal;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::DefaultTerminal;

/// Whether to run line by line: asked for, or stdin/stdout is not a terminal.
pub fn plain_wanted(asked: bool) -> bool {
    asked || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal()
}

/// Runs `body` on the full-screen terminal and restores the terminal after it,
/// also when it fails or panics (ratatui's panic hook).
pub fn with_terminal<T>(
    body: impl FnOnce(&mut DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let mut terminal = ratatui::init();
    let _ = crossterm::execute!(std::io::stdout(), EnableMouseCapture);
    let result = body(&mut terminal);
    let _ = crossterm::execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
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
