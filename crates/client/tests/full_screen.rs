//! The built binary on the full screen, under a pseudo-terminal of 80x24:
//! what it leaves the terminal in after a signal (SIGTERM from `kill`,
//! SIGHUP from a closed window), what it keeps, and what a second run on a
//! terminal an earlier one left behind shows.

#![cfg(unix)]

mod pty;

use std::path::Path;

use pty::{Pty, PtyClient, assert_restored};
use rustix::process::Signal;

/// The moves of the kept local game in `state`.
fn kept_moves(state: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(state.join("local-game.json")).expect("a kept game");
    let game: serde_json::Value = serde_json::from_str(&text).unwrap();
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// A new `local` game on `pty` (its state in `state`) with white's opening
/// d1-d7/g7 typed and shown in the move list.
fn local_game_after_white_opens(pty: &Pty, state: &Path) -> PtyClient {
    let client = pty.start(&["local"], state);
    pty.wait_for("move>");
    pty.type_keys("d1 d7 g7\r");
    pty.wait_for("1. d1-d7/g7");
    client
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_keep_the_local_game() {
    let state = tempfile::tempdir().unwrap();
    let pty = Pty::open();
    let mut client = local_game_after_white_opens(&pty, state.path());
    let status = client.signal_and_wait(Signal::TERM);
    assert_restored(&pty);
    assert_eq!(
        status.code(),
        Some(128 + 15),
        "the shell's status for SIGTERM"
    );
    assert_eq!(kept_moves(state.path()), ["d1-d7/g7"], "the game is kept");

    // A closed terminal window: SIGHUP; then `local --resume` goes on.
    let pty = Pty::open();
    let mut client = pty.start(&["local", "--resume"], state.path());
    pty.wait_for("resumed: 1 move");
    pty.type_keys("a7 b7 c7\r");
    pty.wait_for("a7-b7/c7");
    let status = client.signal_and_wait(Signal::HUP);
    assert_restored(&pty);
    assert_eq!(
        status.code(),
        Some(128 + 1),
        "the shell's status for SIGHUP"
    );
    assert_eq!(kept_moves(state.path()), ["d1-d7/g7", "a7-b7/c7"]);
}

#[test]
fn sigterm_in_play_keeps_the_seat_and_the_next_run_takes_it_back() {
    let server = amazons_testkit::ServerProcess::start();
    let state = tempfile::tempdir().unwrap();
    let url = server.url();
    let args = ["play", "--server", url.as_str()];
    let pty = Pty::open();
    let mut client = pty.start(&args, state.path());
    pty.wait_for("connected as ann");
    // Create an untimed match and wait in it for an opponent.
    pty.type_keys("c");
    pty.wait_for("new match");
    pty.type_keys("\x7f\x7f\x7funtimed\r");
    pty.wait_for("waiting for an opponent");
    let status = client.signal_and_wait(Signal::TERM);
    assert_restored(&pty);
    assert_eq!(status.code(), Some(128 + 15));
    let seats = std::fs::read_dir(state.path().join("seats"))
        .map(|dirs| dirs.count())
        .unwrap_or(0);
    assert_eq!(seats, 1, "the seat token stays saved");

    // The README's recovery step: the same command again takes it back.
    let _client = pty.start(&args, state.path());
    pty.wait_for("waiting for an opponent");
}

#[test]
fn a_run_after_one_killed_outright_draws_on_a_clean_screen() {
    let state = tempfile::tempdir().unwrap();
    let pty = Pty::open();
    // SIGKILL cannot be caught: the terminal stays on the alternate screen,
    // here with the help over the board.
    let mut client = local_game_after_white_opens(&pty, state.path());
    pty.type_keys("?");
    pty.wait_for("HOW TO PLAY");
    client.signal_and_wait(Signal::KILL);
    assert!(pty.screen().on_alternate, "as a killed client leaves it");

    // The next run draws its board, and a question over it, with nothing
    // of the killed run's help left anywhere: not between the squares, not
    // inside the question's box.
    let mut client = pty.start(&["local", "--resume"], state.path());
    let stale = ["HOW TO PLAY", "diagonal", "burnt", "KEYS ON THIS SCREEN"];
    let screen = pty.wait_for("resumed: 1 move");
    for text in stale {
        assert!(!screen.shows(text), "{text:?} is left:\n{}", screen.text());
    }
    pty.type_keys("q");
    let screen = pty.wait_for("Quit this game?");
    for text in stale {
        assert!(!screen.shows(text), "{text:?} is left:\n{}", screen.text());
    }
    pty.type_keys("y");
    client.wait();
    assert_restored(&pty);
}

#[test]
fn a_new_local_game_asks_before_it_replaces_the_kept_one() {
    let state = tempfile::tempdir().unwrap();
    let pty = Pty::open();
    let mut client = local_game_after_white_opens(&pty, state.path());
    pty.type_keys("q");
    pty.wait_for("Quit this game?");
    pty.type_keys("y");
    assert!(client.wait().success());
    assert_eq!(kept_moves(state.path()), ["d1-d7/g7"]);

    // A new game asks, naming the kept one; no keeps it and starts nothing.
    let mut client = pty.start(&["local"], state.path());
    pty.wait_for("Replace it with a new game?");
    pty.wait_for("(white ann vs black ann, 1 move, last");
    pty.type_keys("n");
    assert!(client.wait().success());
    assert_restored(&pty);
    pty.wait_for("the unfinished game is kept: `amazons-client local --resume` continues it");
    assert_eq!(kept_moves(state.path()), ["d1-d7/g7"], "not replaced");

    // The same question line by line, on a terminal.
    let mut client = pty.start(&["local", "--plain"], state.path());
    pty.wait_for("Replace it with a new game?");
    pty.type_keys("n\r");
    assert!(client.wait().success());
    assert_eq!(kept_moves(state.path()), ["d1-d7/g7"], "not replaced");

    // Yes starts the new game, which is kept in its place.
    let mut client = pty.start(&["local"], state.path());
    pty.wait_for("Replace it with a new game?");
    pty.type_keys("y");
    pty.wait_for("move>");
    pty.type_keys("g1 g4 g5\r");
    pty.wait_for("1. g1-g4/g5");
    pty.type_keys("qy");
    assert!(client.wait().success());
    assert_eq!(kept_moves(state.path()), ["g1-g4/g5"], "replaced on yes");
}
