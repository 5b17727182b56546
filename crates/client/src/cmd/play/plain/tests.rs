//! The plain `play` loop driven by server messages and typed lines, with no
//! socket: what it sends, prints and rings.

use super::*;
use amazons_core::{EndReason, Side, TimeControl};
use amazons_protocol::{
    Clocks, ColorPreference, MatchSnapshot, MatchStatus, SeatToken, ServerMessage, testing,
};
use tokio::sync::mpsc::UnboundedReceiver;

const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
const TOKEN: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

fn id() -> MatchId {
    ID.parse().unwrap()
}

/// `joined`: our seat in match `ID`.
fn joined(seat: Side) -> NetEvent {
    message(ServerMessage::Joined {
        match_id: id(),
        seat,
        token: SeatToken::from_hex(TOKEN).unwrap(),
    })
}

fn plain() -> (PlainPlay<Vec<u8>>, UnboundedReceiver<ClientMessage>) {
    let (outbox, sent) = unbounded_channel();
    let play = PlainPlay::new(Vec::new(), outbox, SeatStore::in_memory(), Bell::new(true));
    (play, sent)
}

fn message(message: ServerMessage) -> NetEvent {
    NetEvent::Message(message)
}

fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
    std::iter::from_fn(|| sent.try_recv().ok()).collect()
}

fn output(play: &PlainPlay<Vec<u8>>) -> String {
    String::from_utf8_lossy(&play.out).into_owned()
}

fn type_line(play: &mut PlainPlay<Vec<u8>>, line: &str) {
    play.queue.push_back(Typed::new(line.into()));
    play.run_queue().unwrap();
}

#[test]
fn a_move_typed_early_waits_for_the_turn_and_moves_are_numbered_like_the_board() {
    let (mut play, mut sent) = plain();
    play.on_event(NetEvent::Connected).unwrap();
    play.on_event(message(testing::welcome("bob"))).unwrap();
    play.on_event(message(ServerMessage::MatchList {
        matches: vec![testing::waiting_for_black(id(), "ann")],
    }))
    .unwrap();
    type_line(&mut play, "join 6f1c");
    let match_id: MatchId = ID.parse().unwrap();
    assert_eq!(
        drain(&mut sent),
        [ClientMessage::Join {
            match_id,
            seat: None
        }],
        "a prefix of a listed id will do"
    );
    type_line(&mut play, "a7 b7 c7");
    play.on_event(joined(Side::Second)).unwrap();
    let snapshot = testing::snapshot(id(), Some(Side::Second), &[]);
    play.on_event(message(ServerMessage::Snapshot(snapshot)))
        .unwrap();
    play.run_queue().unwrap();
    assert!(drain(&mut sent).is_empty(), "white moves first");
    assert!(output(&play).contains("a7-b7/c7 will be played when it is your turn"));
    play.on_event(message(testing::move_played(id(), 0, "d1-d7/g7")))
        .unwrap();
    play.run_queue().unwrap();
    assert!(matches!(
        drain(&mut sent).as_slice(),
        [ClientMessage::Move { ply: 1, .. }]
    ));
    play.on_event(message(testing::move_played(id(), 1, "a7-b7/c7")))
        .unwrap();
    let text = output(&play);
    assert!(text.contains("1. white plays d1-d7/g7"), "{text}");
    assert!(text.contains("1... black plays a7-b7/c7"), "{text}");
    assert_eq!(play.bell.rung(), [Ring::OpponentMoved]);
    type_line(&mut play, "help");
    assert!(!output(&play).contains("click"), "plain help has no mouse");
}

#[test]
fn the_computer_is_named_by_level_and_a_level_not_offered_names_the_range() {
    let (mut play, mut sent) = plain();
    play.on_event(NetEvent::Connected).unwrap();
    let welcome = crate::tui::computer_form::tests::welcome_with_offer();
    play.on_event(NetEvent::Message(welcome)).unwrap();
    type_line(&mut play, "computer");
    assert!(
        output(&play).contains("level 1   random mover"),
        "{}",
        output(&play)
    );
    type_line(&mut play, "computer 9");
    assert!(output(&play).contains("level 9: this server offers levels 1 to 7"));
    assert!(drain(&mut sent).is_empty());
    type_line(&mut play, "computer 5 think 2 black 5+3");
    assert_eq!(
        drain(&mut sent),
        [ClientMessage::CreateMatch {
            end_when_decided: None,
            assistance: None,
            initial_fen: None,
            rated: None,
            time_control: "5+3".parse().unwrap(),
            color: ColorPreference::Black,
            computer: Some(
                amazons_protocol::ComputerRequest::level(amazons_core::Level::new(5).unwrap())
                    .with_think_ms(2000)
            ),
        }]
    );
}

/// A client in match `ID` as white, `status`, white to move with
/// `white_ms` running on its clock (untimed without).
fn seated(
    status: MatchStatus,
    white_ms: Option<u64>,
) -> (PlainPlay<Vec<u8>>, UnboundedReceiver<ClientMessage>) {
    let (mut play, mut sent) = plain();
    play.on_event(NetEvent::Connected).unwrap();
    play.on_event(message(testing::welcome("ann"))).unwrap();
    play.session.join(ID.parse().unwrap(), None);
    play.on_event(joined(Side::First)).unwrap();
    let mut snapshot = MatchSnapshot {
        status,
        ..testing::snapshot(id(), Some(Side::First), &[])
    };
    if status == MatchStatus::Waiting {
        snapshot.seats.black = None;
    }
    if let Some(ms) = white_ms {
        snapshot.time_control = TimeControl::Fischer {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        snapshot.clocks = Some(Clocks {
            white_ms: ms,
            black_ms: 60_000,
            running: Some(Side::First),
        });
    }
    play.on_event(message(ServerMessage::Snapshot(snapshot)))
        .unwrap();
    drain(&mut sent);
    (play, sent)
}

/// Types `line` and says what became of the queue.
fn typed(play: &mut PlainPlay<Vec<u8>>, line: &str) -> Line {
    play.queue.push_back(Typed::new(line.into()));
    play.run_queue().unwrap()
}

#[test]
fn resign_abort_and_quit_in_a_live_game_ask_first_and_only_yes_goes_ahead() {
    let (mut play, mut sent) = seated(MatchStatus::Playing, None);
    assert_eq!(typed(&mut play, "resign"), Line::Done);
    assert!(
        output(&play).ends_with("Resign this game? (y/n)\n"),
        "{}",
        output(&play)
    );
    assert_eq!(typed(&mut play, "n"), Line::Done);
    assert!(output(&play).ends_with("kept playing\n"));
    assert!(drain(&mut sent).is_empty(), "no resignation on no");
    typed(&mut play, "resign");
    typed(&mut play, "d1 d7 g7");
    assert!(drain(&mut sent).is_empty(), "a move is no yes");
    assert!(output(&play).ends_with("kept playing\n"));
    typed(&mut play, "resign");
    typed(&mut play, "YES");
    let match_id: MatchId = ID.parse().unwrap();
    assert_eq!(
        drain(&mut sent),
        [ClientMessage::Resign {
            match_id,
            token: play.session.view().and_then(|v| v.token),
        }]
    );
    typed(&mut play, "abort");
    assert!(
        output(&play).ends_with(
            "Abort this game? Nobody wins (allowed until both sides have moved). (y/n)\n"
        )
    );
    typed(&mut play, "y");
    assert!(matches!(
        drain(&mut sent).as_slice(),
        [ClientMessage::Abort { .. }]
    ));
    assert_eq!(typed(&mut play, "quit"), Line::Done, "asked, not quit");
    assert!(output(&play).contains("Leave the game? Your seat is kept for 60 s"));
    assert!(
        !output(&play).contains("too late to abort"),
        "abort is allowed before both sides moved"
    );
    assert_eq!(typed(&mut play, "y"), Line::Quit);
}

#[test]
fn nothing_is_asked_when_nothing_is_at_stake() {
    let (mut play, _sent) = seated(MatchStatus::Waiting, None);
    assert_eq!(typed(&mut play, "quit"), Line::Quit, "not started");
    let (mut play, mut sent) = seated(MatchStatus::Waiting, None);
    typed(&mut play, "abort");
    assert!(matches!(
        drain(&mut sent).as_slice(),
        [ClientMessage::Abort { .. }]
    ));
    let (mut play, _sent) = seated(MatchStatus::Playing, None);
    play.on_event(message(testing::game_over(
        id(),
        Some(Side::Second),
        EndReason::Resignation,
    )))
    .unwrap();
    assert!(output(&play).contains("game over"), "{}", output(&play));
    assert_eq!(typed(&mut play, "quit"), Line::Quit, "game over");
    let (mut play, _sent) = plain();
    play.on_event(NetEvent::Connected).unwrap();
    play.on_event(message(testing::welcome("cy"))).unwrap();
    play.session.spectate(ID.parse().unwrap());
    let watched = MatchSnapshot {
        spectators: 1,
        ..testing::snapshot(id(), None, &[])
    };
    play.on_event(message(ServerMessage::Snapshot(watched)))
        .unwrap();
    assert!(play.session.view().is_some_and(|v| v.you.is_none()));
    assert_eq!(typed(&mut play, "resign"), Line::Done);
    assert!(output(&play).contains("you are not playing in a match"));
    assert_eq!(typed(&mut play, "quit"), Line::Quit, "watching");
    assert!(!output(&play).contains("(y/n)"));
}

#[test]
fn ctrl_c_or_the_end_of_input_while_asked_quits_without_doing_it() {
    let (mut play, mut sent) = seated(MatchStatus::Playing, None);
    typed(&mut play, "resign");
    assert_eq!(play.on_interrupt().unwrap(), Line::Quit, "at once");
    let (mut play, mut sent_too) = seated(MatchStatus::Playing, None);
    play.input_closed = true;
    assert_eq!(typed(&mut play, "resign"), Line::Quit);
    assert!(
        output(&play).contains("input ended before an answer: quitting without `resign`"),
        "{}",
        output(&play)
    );
    assert!(drain(&mut sent).is_empty() && drain(&mut sent_too).is_empty());
}

#[test]
fn the_bell_rings_once_when_our_running_clock_falls_under_ten_seconds() {
    let before = Instant::now();
    let (mut play, _sent) = seated(MatchStatus::Playing, Some(12_000));
    let after = Instant::now();
    let due = play
        .low_time
        .due(play.session.view())
        .expect("our clock runs");
    let two = std::time::Duration::from_secs(2);
    assert!(before + two <= due && due <= after + two, "12 s - 10 s");
    let tick = std::time::Duration::from_millis(1);
    play.ring_low_time(due - tick).unwrap();
    assert!(play.bell.rung().is_empty(), "over 10 s");
    play.ring_low_time(due).unwrap();
    play.ring_low_time(due + two).unwrap();
    assert_eq!(play.bell.rung(), [Ring::LowTime], "once");
    assert_eq!(
        output(&play)
            .matches("under 10 s left on your clock")
            .count(),
        1
    );
    assert_eq!(
        play.low_time.due(play.session.view()),
        None,
        "the timer is off"
    );

    let (mut play, _sent) = seated(MatchStatus::Playing, Some(60_000));
    play.on_event(message(ServerMessage::MovePlayed {
        decided: None,
        match_id: id(),
        ply: 0,
        mv: "d1-d7/g7".into(),
        side: Side::First,
        time_ms: 1,
        clocks: Some(Clocks {
            white_ms: 5_000,
            black_ms: 60_000,
            running: Some(Side::Second),
        }),
        fen: None,
    }))
    .unwrap();
    assert_eq!(play.low_time.due(play.session.view()), None, "black's turn");
    play.ring_low_time(Instant::now()).unwrap();
    assert!(play.bell.rung().is_empty(), "not on the opponent's turn");
}

#[test]
fn ctrl_c_in_a_live_game_warns_once_then_quits() {
    let (mut play, _sent) = plain();
    assert_eq!(play.on_interrupt().unwrap(), Line::Quit, "no game: at once");
    let (mut play, _sent) = plain();
    play.session.join(ID.parse().unwrap(), None);
    let snapshot = testing::snapshot(id(), Some(Side::Second), &[]);
    play.on_event(message(ServerMessage::Snapshot(snapshot)))
        .unwrap();
    assert_eq!(play.on_interrupt().unwrap(), Line::Done);
    assert!(
        output(&play).contains(
            "Ctrl-C again leaves the game: your seat is kept for 60 s: run the same command again to take it back"
        ),
        "untimed: no clock runs; {}",
        output(&play)
    );
    assert_eq!(play.on_interrupt().unwrap(), Line::Quit);
    assert!(
        output(&play)
            .ends_with("your seat is kept for 60 s: run the same command again to take it back.\n"),
        "the second Ctrl-C says it too: {}",
        output(&play)
    );
}

#[test]
fn abort_is_refused_unasked_once_both_sides_moved_and_leaving_names_the_grace_period() {
    let (mut play, mut sent) = seated(MatchStatus::Playing, None);
    let mut welcome = testing::welcome("ann");
    if let ServerMessage::Welcome { grace_ms, .. } = &mut welcome {
        *grace_ms = 30_000;
    }
    play.on_event(message(welcome)).unwrap();
    typed(&mut play, "d1 d7 g7");
    play.on_event(message(testing::move_played(id(), 0, "d1-d7/g7")))
        .unwrap();
    play.on_event(message(testing::move_played(id(), 1, "a7-b7/c7")))
        .unwrap();
    drain(&mut sent);
    typed(&mut play, "abort");
    let text = output(&play);
    assert!(
        text.ends_with(
            "too late to abort: a game can be aborted only before 2 plies are played; resign instead\n"
        ),
        "{text}"
    );
    assert!(drain(&mut sent).is_empty(), "nothing sent, nothing asked");

    // The opponent drops: how long they have to come back, once.
    let mut seats = testing::seated("ann", "bob");
    seats.black.as_mut().unwrap().connected = false;
    let away = ServerMessage::SeatsChanged {
        match_id: id(),
        seats,
        spectators: 0,
    };
    play.on_event(message(away.clone())).unwrap();
    play.on_event(message(away)).unwrap();
    let line = "bob (black) is away: back within 0:30 or the game is lost by abandonment";
    assert_eq!(output(&play).matches(line).count(), 1, "{}", output(&play));

    // Leaving says for how long the seat is kept (the server's 30 s),
    // with no clock running in an untimed game.
    typed(&mut play, "quit");
    let question = "Leave the game? Your seat is kept for 30 s: run the same command again to take it back. (y/n)";
    assert!(
        output(&play).ends_with(&format!("{question}\n")),
        "{}",
        output(&play)
    );
    assert_eq!(typed(&mut play, "y"), Line::Quit);
    assert!(
        output(&play).ends_with(&format!(
            "Left match {ID}: your seat is kept for 30 s: run the same command again to take it back.\n"
        )),
        "{}",
        output(&play)
    );
}

#[test]
fn a_rated_game_prints_ratings_and_their_change_and_create_says_rated_or_casual() {
    let (mut play, mut sent) = plain();
    play.on_event(NetEvent::Connected).unwrap();
    play.on_event(message(testing::welcome("bob"))).unwrap();
    type_line(&mut play, "create 5+3 casual");
    assert!(
        matches!(
            drain(&mut sent).as_slice(),
            [ClientMessage::CreateMatch {
                rated: Some(false),
                ..
            }]
        ),
        "casual asked for"
    );
    play.on_event(message(ServerMessage::Error {
        code: amazons_protocol::ErrorCode::TooManyMatches,
        message: "busy".into(),
        reply_to: Some(amazons_protocol::MessageType::CreateMatch),
        match_id: None,
        expected_ply: None,
    }))
    .unwrap();
    let rating = |rating, provisional| amazons_protocol::Rating {
        rating,
        deviation: 200,
        provisional,
    };
    let mut listed = testing::waiting_for_black(id(), "ann");
    listed.rated = true;
    listed.seats.white.as_mut().unwrap().rating = Some(rating(1523, true));
    play.on_event(message(ServerMessage::MatchList {
        matches: vec![listed],
    }))
    .unwrap();
    assert!(
        output(&play).contains("white: ann 1523?  black: (free)  untimed rated  waiting"),
        "{}",
        output(&play)
    );
    type_line(&mut play, "join 6f1c");
    play.on_event(joined(Side::Second)).unwrap();
    let mut snapshot = testing::snapshot(id(), Some(Side::Second), &[]);
    snapshot.rated = true;
    snapshot.status = MatchStatus::Waiting;
    snapshot.seats.black = None;
    play.on_event(message(ServerMessage::Snapshot(snapshot)))
        .unwrap();
    let mut seats = testing::seated("ann", "bob");
    seats.white.as_mut().unwrap().rating = Some(rating(1523, true));
    seats.black.as_mut().unwrap().rating = Some(rating(1500, true));
    play.on_event(message(ServerMessage::GameStarted {
        match_id: id(),
        seats,
        clocks: None,
        rated: true,
    }))
    .unwrap();
    assert!(
        output(&play).contains("game started: ann 1523? (white) vs bob 1500? (black), rated"),
        "{}",
        output(&play)
    );
    assert!(
        output(&play).contains("white: ann 1523?"),
        "{}",
        output(&play)
    );
    let mut over = testing::game_over(id(), Some(Side::Second), EndReason::Resignation);
    if let ServerMessage::GameOver { ratings, .. } = &mut over {
        *ratings = Some(amazons_core::BySide::new(
            amazons_protocol::RatingChange {
                before: rating(1523, true),
                after: rating(1400, true),
            },
            amazons_protocol::RatingChange {
                before: rating(1500, true),
                after: rating(1688, true),
            },
        ));
    }
    play.on_event(message(over)).unwrap();
    let text = output(&play);
    assert!(
        text.contains(
            "rating: white ann: 1523? -> 1400? (-123)\nrating: black bob: 1500? -> 1688? (+188)\n"
        ),
        "{text}"
    );
}
