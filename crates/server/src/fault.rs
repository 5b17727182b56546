//! Fault injection for the crash tests, in debug builds only.
//!
//! The match task calls [`reached`] at each step of a game's end (see
//! `match_actor`). When the server runs with `AMAZONS_FAULT_PAUSE=<point>`,
//! the task that reaches that point prints `fault point <point> reached` on
//! stderr and stops there for good, so that a test can SIGKILL the server at
//! exactly that step. Release builds ignore the variable and compile the
//! calls to nothing.

/// After the events that end a game (with the final move, if a move ended
/// it) are on disk, before the record is written.
pub const END_JOURNALLED: &str = "end-journalled";
/// After the record is on disk, before `game_over` is sent.
pub const END_RECORDED: &str = "end-recorded";
/// After `game_over` is queued for every connection.
pub const END_ANNOUNCED: &str = "end-announced";

/// Pauses forever here if `AMAZONS_FAULT_PAUSE` names `point` (debug builds).
#[inline]
pub fn reached(point: &'static str) {
    #[cfg(debug_assertions)]
    if std::env::var("AMAZONS_FAULT_PAUSE").is_ok_and(|p| p == point) {
        eprintln!("fault point {point} reached: paused until killed");
        loop {
            std::thread::park();
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = point;
}
