//! The signals that end a full-screen run: SIGTERM (`kill`), SIGHUP (the
//! terminal window closed) and SIGINT (`kill -INT`; Ctrl-C itself is a key
//! in raw mode). Left to their default, they kill the client with the
//! terminal still on the alternate screen, mouse reporting on and the
//! cursor hidden.
//!
//! While the full screen is up, a signal is a request to stop: the screen
//! loops ask [`stop_requested`] between frames and quit as `q` would (a seat
//! token stays saved, a local game stays kept), then the terminal is
//! restored. A loop that does not ask in time (a screen that does not know
//! of this, or one stuck) is not waited for long: the terminal is restored
//! here and the process exits. Outside the full screen a signal exits at
//! once, as it would by default. Either way the exit status is the shell's
//! 128 + the signal's number ([`exit_status`]).

use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// The signal that asked to stop (0: none yet).
static STOP: AtomicI32 = AtomicI32::new(0);

/// Whether the full screen is up (the watcher restores it before a forced
/// exit).
static SCREEN_UP: AtomicBool = AtomicBool::new(false);

/// How long a screen loop has to notice a stop before the process exits
/// without it (the loops look every 50 to 250 ms).
const LOOP_NOTICES_WITHIN: Duration = Duration::from_secs(1);

/// Whether a signal asked the full-screen run to stop.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst) != 0
}

/// The exit status for a run a signal stopped (`128 + signal`: 143 after
/// SIGTERM, 129 after SIGHUP, 130 after SIGINT), if one did.
pub fn exit_status() -> Option<u8> {
    match STOP.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(u8::try_from(128 + signal).unwrap_or(u8::MAX)),
    }
}

/// Marks the full screen up (`true`) or restored (`false`); the first
/// call starts watching the signals.
pub(super) fn screen_up(up: bool) {
    static WATCH: Once = Once::new();
    WATCH.call_once(watch);
    SCREEN_UP.store(up, Ordering::SeqCst);
}

/// Starts the thread that turns the first of the signals into a stop
/// request, and exits if the run does not end in time.
#[cfg(unix)]
fn watch() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let mut signals = match Signals::new([SIGTERM, SIGHUP, SIGINT]) {
        Ok(signals) => signals,
        Err(e) => {
            tracing::warn!("signals will not restore the terminal: {e}");
            return;
        }
    };
    std::thread::spawn(move || {
        let Some(signal) = signals.forever().next() else {
            return;
        };
        if !SCREEN_UP.load(Ordering::SeqCst) {
            // Outside the full screen: as the signal would by default.
            std::process::exit(128 + signal);
        }
        STOP.store(signal, Ordering::SeqCst);
        let deadline = Instant::now() + LOOP_NOTICES_WITHIN;
        while SCREEN_UP.load(Ordering::SeqCst) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        if SCREEN_UP.load(Ordering::SeqCst) {
            super::terminal::restore_screen();
        } else {
            // The loop quit and the screen is restored: the mode finishes
            // its quit (closing its connection) in the same time or less.
            std::thread::sleep(LOOP_NOTICES_WITHIN);
        }
        std::process::exit(128 + signal);
    });
}

/// Without Unix signals, nothing to watch.
#[cfg(not(unix))]
fn watch() {}
