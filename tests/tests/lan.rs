//! The LAN scenario: two `amazons-client play --plain` processes create and
//! join a match on a real `amazons-server` and play a whole game; the record
//! is on disk, served by `/api/games/{id}`, and replays through the rules to
//! the recorded result.

use std::time::Duration;

use amazons_core::testing::random_move;
use amazons_core::{EndReason, Move, Outcome, Position, Side};
use amazons_e2e::{ClientProcess, records};
use amazons_engine::territory;
use amazons_testkit::ServerProcess;
use rand::SeedableRng;
use rand::rngs::StdRng;

const WAIT: Duration = Duration::from_secs(20);

fn plain(server: &ServerProcess, name: &str) -> ClientProcess {
    let url = server.url();
    ClientProcess::spawn(name, &["play", "--plain", "--server", &url, "--name", name])
}

/// The move as a person might type it: canonical, spaced or upper case.
fn typed(mv: Move, ply: u32) -> String {
    let canonical = mv.to_string();
    match ply % 3 {
        0 => canonical,
        1 => canonical.replace(['-', '/'], " "),
        _ => canonical.to_uppercase(),
    }
}

#[test]
fn two_plain_clients_play_a_whole_game_and_the_record_replays() {
    let mut rng = StdRng::seed_from_u64(amazons_e2e::seed(6));
    let server = amazons_e2e::start_server(&[]);
    let mut ann = plain(&server, "ann");
    ann.write_line("create untimed white");
    let joined = ann.wait_line(WAIT, |l| l.contains("joined match"));
    let match_id = joined
        .split_whitespace()
        .nth(2)
        .expect("joined match ID as white")
        .to_owned();
    assert!(joined.ends_with("as white"), "{joined}");

    let mut bob = plain(&server, "bob");
    bob.write_line(&format!("join {match_id}"));
    let joined = bob.wait_line(WAIT, |l| l.contains("joined match"));
    assert!(joined.ends_with("as black"), "{joined}");
    for client in [&mut ann, &mut bob] {
        client.wait_line(WAIT, |l| {
            // Each client has its own key: both are identified (unrated
            // yet, `1500?`), and an untimed game is casual.
            l.starts_with("game started: ann 1500? (white) vs bob 1500? (black), casual")
        });
    }

    let mut position = Position::start();
    let mut played = Vec::new();
    // A casual game ends when decided: when a side cannot move, or when the
    // board is separated and the exact count (the server's, with the same
    // budget) proves the winner.
    let mut decided = None;
    while !position.is_game_over() && decided.is_none() {
        let mv = random_move(&position, &mut rng);
        let ply = position.ply();
        let side = position.turn();
        let mover = if side == Side::First {
            &mut ann
        } else {
            &mut bob
        };
        mover.write_line(&typed(mv, ply));
        // Numbered as the board's move list: `3.` for white, `3...` for black.
        let dots = if ply % 2 == 0 { "." } else { "..." };
        let echo = format!("{}{dots} {side} plays {mv}", ply / 2 + 1);
        for client in [&mut ann, &mut bob] {
            client.wait_line(WAIT, |l| l == echo);
        }
        position = position.play(mv).expect("a legal move");
        played.push(mv);
        if !position.is_game_over() {
            decided = territory::solve(&position, territory::SOLVE_BUDGET);
        }
    }
    let outcome = match &decided {
        Some(solved) => Outcome::win(solved.winner(), EndReason::Territory),
        None => position.outcome().expect("the game is over"),
    };
    // The words for a territory ending are the terminal's own (with or
    // without the margin); the winner comes first either way.
    let over = match decided {
        Some(_) => format!("game over: {} wins", outcome.winner.expect("a winner")),
        None => format!("game over: {outcome}"),
    };
    let record = format!("record: {match_id}");
    for client in [&mut ann, &mut bob] {
        client.wait_line(WAIT, |l| l.starts_with(&over));
        client.wait_line(WAIT, |l| l == record);
        client.close_stdin();
        let status = client.wait_exit(WAIT);
        assert!(status.success(), "{status:?}\n{}", client.stderr_text());
    }

    let served = records::fetch(server.addr(), &match_id);
    let on_disk = records::read(server.history_dir(), &match_id);
    assert_eq!(served, on_disk, "the API serves the file on disk");
    let last = records::check(&served);
    assert_eq!(last, position);
    assert_eq!(served.result, outcome);
    assert_eq!(
        served.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        played
    );
    assert_eq!(served.white.name, "ann");
    assert_eq!(served.black.name, "bob");
    assert_eq!(served.id, match_id);

    // The game list knows it too.
    let (status, list) = amazons_e2e::raw::http_get(server.addr(), "/api/games");
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_str(&list).expect("JSON");
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["games"][0]["id"], match_id.as_str(), "{list}");
    assert_eq!(list["games"][0]["moves"], played.len(), "{list}");
}
