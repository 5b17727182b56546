//! The clocks a player reads agree with the time the server says each move
//! took, to the millisecond, on real sockets and real time (so thinking times
//! have sub-millisecond parts): in every `move_played`, the mover's clock is
//! its clock before the move minus `time_ms` plus the increment, and the
//! finished game's record holds the same `time_ms` and `clock_ms`.

mod common;

use std::time::Duration;

use amazons_core::testing::random_game;
use amazons_core::{BySide, Position, TimeControl};
use amazons_protocol::ServerMessage;
use amazons_testkit::StartedMatch;
use common::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_played_time_ms_and_clocks_agree_and_the_record_keeps_them() {
    let server = TestServer::start().await;
    let (initial_ms, increment_ms) = (60_000, 500);
    let tc = TimeControl::Fischer {
        initial_ms,
        increment_ms,
    };
    let StartedMatch {
        match_id,
        white: mut ann,
        black: mut bob,
        ..
    } = StartedMatch::new(server.addr(), "ann", "bob", tc).await;

    let mut position = Position::start();
    let mut before = BySide::both(initial_ms);
    let mut seen = Vec::new();
    for (ply, mv) in (0..).zip(random_game(24).into_iter().take(12)) {
        let side = position.turn();
        // Some thinking time, so that the charge is not zero.
        tokio::time::sleep(Duration::from_millis(3)).await;
        let mover = if ply % 2 == 0 { &mut ann } else { &mut bob };
        mover.play(match_id, ply, &mv.to_string()).await;
        let ServerMessage::MovePlayed {
            time_ms, clocks, ..
        } = ann
            .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
            .await
        else {
            unreachable!()
        };
        let clocks = clocks.expect("a timed game has clocks");
        let shown = BySide::new(clocks.white_ms, clocks.black_ms);
        assert_eq!(
            shown[side],
            before[side] - time_ms + increment_ms,
            "ply {ply}: {side}'s clock after = before - time_ms ({time_ms}) + increment"
        );
        assert_eq!(shown[side.opponent()], before[side.opponent()]);
        seen.push((time_ms, shown[side]));
        before = shown;
        position = position.play(mv).unwrap();
    }
    ann.resign(match_id).await;

    let record = server.record(match_id);
    let recorded: Vec<(u64, u64)> = record
        .moves
        .iter()
        .map(|m| (m.time_ms, m.clock_ms.unwrap()))
        .collect();
    assert_eq!(
        recorded, seen,
        "the record holds what the players were told"
    );
    server.stop().await;
}
