//! Every refusal and clock rule of a match, driven without a runtime: time is
//! a value stepped by hand.

use std::time::{Duration, Instant, SystemTime};

use amazons_core::testing::{human as player, random_game};
use amazons_core::{EndReason, Move, Outcome, PlayerInfo, PlayerKind, Position, Side, TimeControl};
use amazons_protocol::{ErrorCode, MatchId, MatchStatus, SeatToken, ServerMessage};

use super::*;

const ANN: ConnId = 1;
const BOB: ConnId = 2;
const EVE: ConnId = 3;
const ANN_TOKEN: SeatToken = SeatToken::from_bytes([1; 16]);
const BOB_TOKEN: SeatToken = SeatToken::from_bytes([2; 16]);

const RULES: MatchRules = MatchRules {
    grace: Duration::from_secs(60),
    linger: Duration::from_secs(120),
};

/// `name` (a person) asks for the free seat, with seat token `token`.
fn join(name: &str, token: SeatToken) -> Request {
    Request::Join {
        player: player(name),
        seat: None,
        token,
        legal_moves: false,
    }
}

/// A connection takes a seat back with `token` (without legal move lists).
fn resume(token: SeatToken) -> Request {
    Request::Resume {
        token,
        legal_moves: false,
    }
}

fn seed() -> RematchSeed {
    RematchSeed {
        id: MatchId(uuid::Uuid::from_bytes([7; 16])),
        tokens: amazons_core::BySide::new(
            SeatToken::from_bytes([3; 16]),
            SeatToken::from_bytes([4; 16]),
        ),
    }
}

/// The terms of a game from the standard start on `time_control`, rated or
/// not (with the defaults `create_match` would give).
fn terms(time_control: TimeControl, rated: bool) -> Terms {
    Terms::asked(time_control, Some(rated), (None, None), None).unwrap()
}

/// A match and a hand-stepped clock.
struct Table {
    state: Match,
    now: Instant,
}

impl Table {
    /// Ann created a match (white) with `tc`.
    fn created(tc: &str) -> Table {
        Table::created_by(&player("ann"), tc, false)
    }

    /// `ann` created a match (white) with `tc`, rated or not.
    fn created_by(ann: &PlayerInfo, tc: &str, rated: bool) -> Table {
        let now = Instant::now();
        let wall = WallClock::new(now, SystemTime::UNIX_EPOCH + Duration::from_secs(1_000));
        let events = Match::creation_events(
            &terms(tc.parse().unwrap(), rated),
            ann,
            Side::First,
            ANN_TOKEN,
            (ANN, false),
            None,
            0,
        );
        let id = MatchId(uuid::Uuid::from_bytes([1; 16]));
        let state = Match::from_events(id, &events, RULES, wall, now).unwrap();
        Table { state, now }
    }

    /// Ann (white) against Bob (black), started.
    fn started(tc: &str) -> Table {
        let mut table = Table::created(tc);
        table.ok(BOB, join("bob", BOB_TOKEN)).unwrap();
        table
    }

    fn wait(&mut self, d: Duration) {
        self.now += d;
    }

    /// The match as a restart an hour later rebuilds it from `journal`.
    fn restarted(&self, journal: &[Event]) -> Table {
        let later = self.now + Duration::from_secs(3600);
        let wall = WallClock::new(later, SystemTime::UNIX_EPOCH);
        let state = Match::restore(self.state.id(), journal, RULES, wall, later, false).unwrap();
        Table { state, now: later }
    }

    /// Decides, applies and returns the outputs, or the refusal, which must
    /// have changed nothing.
    fn ok(&mut self, by: ConnId, request: Request) -> Result<Vec<Output>, Refusal> {
        let before = format!("{:?}", self.state);
        match self.state.decide(&request, by, self.now) {
            Ok(events) => Ok(self.apply(&events)),
            Err(refusal) => {
                assert_eq!(
                    before,
                    format!("{:?}", self.state),
                    "a refusal changed the match"
                );
                Err(refusal)
            }
        }
    }

    fn apply(&mut self, events: &[Event]) -> Vec<Output> {
        for event in events {
            self.state.apply(event, self.now).unwrap();
        }
        self.state.outputs(events, self.now)
    }

    fn code(&mut self, by: ConnId, request: Request) -> ErrorCode {
        self.ok(by, request).expect_err("refused").code
    }

    /// Runs the timers at the current time.
    fn tick(&mut self) -> Vec<Output> {
        let events = self.state.tick(self.now);
        self.apply(&events)
    }

    fn mv(&mut self, by: ConnId, ply: u32, text: &str) -> Result<Vec<Output>, Refusal> {
        self.ok(
            by,
            Request::Move {
                ply,
                text: text.into(),
                token: None,
            },
        )
    }
}

fn messages(outputs: &[Output]) -> Vec<(Recipient, String)> {
    outputs
        .iter()
        .filter_map(|o| match o {
            Output::Send { to, message } => Some((*to, message.message_type().name())),
            Output::Close { .. } => None,
        })
        .collect()
}

fn snapshot_in(outputs: &[Output]) -> amazons_protocol::MatchSnapshot {
    outputs
        .iter()
        .find_map(|o| match o {
            Output::Send {
                message: ServerMessage::Snapshot(s),
                ..
            } => Some(s.clone()),
            _ => None,
        })
        .expect("a snapshot")
}

/// The time charged and the clocks after the move of `outputs`, which must
/// start with its `move_played`.
fn charged(outputs: &[Output]) -> (u64, amazons_protocol::Clocks) {
    match outputs.first() {
        Some(Output::Send {
            message:
                ServerMessage::MovePlayed {
                    time_ms,
                    clocks: Some(clocks),
                    ..
                },
            ..
        }) => (*time_ms, *clocks),
        _ => panic!("no move_played with clocks first: {outputs:?}"),
    }
}

fn conn_to_move(table: &Table) -> ConnId {
    match table.state.game().position().turn() {
        Side::First => ANN,
        Side::Second => BOB,
    }
}

#[test]
fn the_join_that_fills_the_last_seat_starts_the_game_and_its_snapshot_says_playing() {
    let mut table = Table::created("untimed");
    assert_eq!(table.state.status(), MatchStatus::Waiting);
    let outputs = table.ok(BOB, join("bob", BOB_TOKEN)).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![
            (Recipient::Conn(BOB), "joined".into()),
            (Recipient::Conn(BOB), "snapshot".into()),
            (Recipient::Audience, "seats_changed".into()),
            (Recipient::Audience, "game_started".into()),
        ]
    );
    let snapshot = snapshot_in(&outputs);
    assert_eq!(snapshot.status, MatchStatus::Playing);
    assert_eq!(snapshot.you, Some(Side::Second));
    assert_eq!(table.state.audience().collect::<Vec<_>>(), vec![ANN, BOB]);
    // Joining again, or a third player, is refused.
    let eve_token = SeatToken::from_bytes([9; 16]);
    assert_eq!(
        table.code(BOB, join("eve", eve_token)),
        ErrorCode::AlreadySeated
    );
    assert_eq!(
        table.code(EVE, join("eve", eve_token)),
        ErrorCode::SeatTaken
    );
    let white_seat = Request::Join {
        player: player("eve"),
        seat: Some(Side::First),
        token: eve_token,
        legal_moves: false,
    };
    assert_eq!(table.code(EVE, white_seat), ErrorCode::SeatTaken);
}

#[test]
fn a_joiner_who_goes_by_the_opponents_name_is_seated_under_a_distinct_one() {
    let mut table = Table::created("untimed");
    let outputs = table.ok(BOB, join(" Ann ", BOB_TOKEN)).unwrap();
    let seats = snapshot_in(&outputs).seats;
    assert_eq!(seats.white.unwrap().name, "ann");
    assert_eq!(seats.black.unwrap().name, "Ann (2)");
    // Other names are kept as they are.
    let mut table = Table::created("untimed");
    let outputs = table.ok(BOB, join("annie", BOB_TOKEN)).unwrap();
    assert_eq!(snapshot_in(&outputs).seats.black.unwrap().name, "annie");
}

#[test]
fn move_refusals_come_in_the_documented_order() {
    let mut table = Table::created("untimed");
    // Before the start.
    assert_eq!(
        table.mv(ANN, 0, "d1-d7/g7").unwrap_err().code,
        ErrorCode::NotStarted
    );
    let mut table = Table::started("untimed");
    let with_token = |token| Request::Move {
        ply: 0,
        text: "d1-d7/g7".into(),
        token: Some(token),
    };
    // Who: a stranger, a forged token, someone else's token.
    assert_eq!(
        table.mv(EVE, 0, "d1-d7/g7").unwrap_err().code,
        ErrorCode::NotAPlayer
    );
    let forged = SeatToken::from_bytes([8; 16]);
    assert_eq!(table.code(ANN, with_token(forged)), ErrorCode::BadToken);
    assert_eq!(
        table.code(EVE, with_token(ANN_TOKEN)),
        ErrorCode::NotYourSeat
    );
    assert_eq!(
        table.code(BOB, with_token(ANN_TOKEN)),
        ErrorCode::NotYourSeat
    );
    assert_eq!(
        table.code(ANN, with_token(BOB_TOKEN)),
        ErrorCode::NotYourSeat
    );
    // Turn before ply: black's move for a stale ply is "not your turn".
    let refusal = table.mv(BOB, 5, "a7-b7/c7").unwrap_err();
    assert_eq!(
        (refusal.code, refusal.expected_ply),
        (ErrorCode::NotYourTurn, Some(0))
    );
    let refusal = table.mv(ANN, 1, "d1-d7/g7").unwrap_err();
    assert_eq!(
        (refusal.code, refusal.expected_ply),
        (ErrorCode::StalePly, Some(0))
    );
    // Then the text, then the rules.
    assert_eq!(
        table.mv(ANN, 0, "d1-z9/g7").unwrap_err().code,
        ErrorCode::BadMoveText
    );
    let refusal = table.mv(ANN, 0, "d1-d10/d9").unwrap_err();
    assert_eq!(refusal.code, ErrorCode::IllegalMove);
    let reason = Position::start()
        .play("d1-d10/d9".parse().unwrap())
        .unwrap_err()
        .reason;
    assert_eq!(refusal.message, reason.to_string());
    // The holder's own token is fine.
    let outputs = table.ok(ANN, with_token(ANN_TOKEN)).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "move_played".into())]
    );
    // The same move again, in another notation: acknowledged to the sender
    // only, not replayed.
    let outputs = table.mv(ANN, 0, "D1 D7 G7").unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Conn(ANN), "move_played".into())]
    );
    assert_eq!(table.state.game().ply(), 1);
    // The old ply with another move is not a retry.
    assert_eq!(
        table.mv(ANN, 0, "g1-g7/g8").unwrap_err().code,
        ErrorCode::NotYourTurn
    );
    // Leaving during the game is refused; resigning ends it.
    assert_eq!(table.code(BOB, Request::Leave), ErrorCode::GameInProgress);
    let outputs = table.ok(BOB, Request::Resign { token: None }).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "game_over".into())]
    );
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Resignation))
    );
    // After the end.
    assert_eq!(
        table.mv(BOB, 1, "a7-b7/c7").unwrap_err().code,
        ErrorCode::GameOver
    );
    assert_eq!(
        table.code(ANN, Request::Resign { token: None }),
        ErrorCode::GameOver
    );
    assert_eq!(
        table.code(ANN, Request::Abort { token: None }),
        ErrorCode::GameOver
    );
    assert_eq!(
        table.code(EVE, join("eve", SeatToken::from_bytes([9; 16]))),
        ErrorCode::GameOver
    );
    // The retry of an accepted move still gets its acknowledgement.
    assert!(table.mv(ANN, 0, "d1d7,d7g7").is_ok());
}

#[test]
fn a_move_that_leaves_no_move_ends_the_game_with_the_move() {
    let mut table = Table::started("untimed");
    let moves = random_game(2026);
    for (ply, mv) in moves.iter().enumerate() {
        let by = conn_to_move(&table);
        let outputs = table.mv(by, ply as u32, &mv.to_string()).unwrap();
        if ply + 1 < moves.len() {
            assert_eq!(
                messages(&outputs),
                vec![(Recipient::Audience, "move_played".into())]
            );
        } else {
            assert_eq!(
                messages(&outputs),
                vec![
                    (Recipient::Audience, "move_played".into()),
                    (Recipient::Audience, "game_over".into()),
                ]
            );
        }
    }
    let outcome = table.state.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert!(table.state.needs_record());
    let record = table.state.to_record().unwrap();
    assert_eq!(record.moves.len(), moves.len());
    assert_eq!(record.replay().unwrap().len(), moves.len() + 1);
    table.apply(&[Event::Recorded]);
    assert!(!table.state.needs_record());
}

#[test]
fn abort_and_resign_follow_the_clock_of_the_game() {
    let mut table = Table::created("untimed");
    assert_eq!(
        table.code(ANN, Request::Resign { token: None }),
        ErrorCode::NotStarted
    );
    // Aborting a waiting match ends it and clears it away at once.
    let outputs = table.ok(ANN, Request::Abort { token: None }).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![
            (Recipient::Audience, "game_over".into()),
            (Recipient::Audience, "match_removed".into()),
        ]
    );
    assert!(table.state.is_cleared());
    assert!(!table.state.needs_record());

    let mut table = Table::started("untimed");
    table.mv(ANN, 0, "d1-d7/g7").unwrap();
    table.mv(BOB, 1, "a7-b7/c7").unwrap();
    assert_eq!(
        table.code(ANN, Request::Abort { token: None }),
        ErrorCode::TooLateToAbort
    );
    let mut table = Table::started("untimed");
    table.mv(ANN, 0, "d1-d7/g7").unwrap();
    table.ok(BOB, Request::Abort { token: None }).unwrap();
    assert_eq!(table.state.outcome().unwrap().reason, EndReason::Aborted);
    assert_eq!(table.state.outcome().unwrap().winner, None);
}

#[test]
fn move_played_charges_whole_milliseconds_its_clocks_agree_and_a_restart_keeps_them() {
    let (initial_ms, increment_ms) = (2_000, 500);
    let mut table = Table::started("2s+0.5");
    let game = random_game(2026);
    let mut journal = Vec::new();
    let mut before = amazons_core::BySide::both(initial_ms);
    let mut last = None;
    for (ply, mv) in game.iter().take(12).enumerate() {
        // Sub-millisecond thinking times, as a real socket delivers them.
        let think_us = 306_400 + 1_237 * ply as u64;
        table.wait(Duration::from_micros(think_us));
        let side = table.state.game().position().turn();
        let request = Request::Move {
            ply: ply as u32,
            text: mv.to_string(),
            token: None,
        };
        let events = table
            .state
            .decide(&request, conn_to_move(&table), table.now)
            .unwrap();
        journal.extend(events.iter().cloned());
        let outputs = table.apply(&events);
        let (time_ms, clocks) = charged(&outputs);
        let shown = amazons_core::BySide::new(clocks.white_ms, clocks.black_ms);
        assert_eq!(time_ms, think_us / 1_000, "whole milliseconds, truncated");
        assert_eq!(
            shown[side],
            before[side] - time_ms + increment_ms,
            "ply {ply}: the mover's clock is its clock before, minus time_ms, plus the increment"
        );
        assert_eq!(shown[side.opponent()], before[side.opponent()]);
        let recorded = table.state.game().moves()[ply].clone();
        assert_eq!(
            (recorded.time_ms, recorded.clock_ms),
            (time_ms, Some(shown[side]))
        );
        before = shown;
        last = Some(clocks);
    }
    // The journal replays to the same clocks (the creation events first).
    let mut events = journal_of(&table, &[]);
    events.extend(journal);
    let restored = table.restarted(&events);
    let (clocks, last) = (restored.state.clocks(restored.now).unwrap(), last.unwrap());
    assert_eq!(
        (clocks.white_ms, clocks.black_ms),
        (last.white_ms, last.black_ms)
    );
    assert_eq!(restored.state.game().moves(), table.state.game().moves());
}

#[test]
fn fischer_clocks_charge_the_thinking_time_add_the_increment_and_flag() {
    let mut table = Table::started("10s+2");
    let start = table.now;
    assert_eq!(
        table.state.next_deadline(),
        Some(start + Duration::from_secs(10))
    );
    table.wait(Duration::from_secs(3));
    let outputs = table.mv(ANN, 0, "d1-d7/g7").unwrap();
    let (time_ms, clocks) = charged(&outputs);
    assert_eq!(time_ms, 3_000);
    assert_eq!((clocks.white_ms, clocks.black_ms), (9_000, 10_000));
    assert_eq!(clocks.running, Some(Side::Second));
    assert_eq!(table.state.game().moves()[0].clock_ms, Some(9_000));
    // Black's flag falls 10 s after white's move.
    let flag_at = table.now + Duration::from_secs(10);
    assert_eq!(table.state.next_deadline(), Some(flag_at));
    table.wait(Duration::from_millis(9_999));
    assert!(table.tick().is_empty());
    table.wait(Duration::from_millis(1));
    let outputs = table.tick();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "game_over".into())]
    );
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Time))
    );
    assert_eq!(table.state.clocks(table.now).unwrap().black_ms, 0);
    assert_eq!(table.state.clocks(table.now).unwrap().running, None);
}

#[test]
fn a_move_arriving_after_the_flag_fell_is_not_played_and_loses_on_time() {
    let mut table = Table::started("10s+0");
    table.wait(Duration::from_secs(10));
    let outputs = table.mv(ANN, 0, "d1-d7/g7").unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "game_over".into())]
    );
    assert_eq!(table.state.game().ply(), 0);
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Time))
    );
}

#[test]
fn a_timed_game_whose_first_player_never_moves_is_lost_on_time() {
    let mut table = Table::started("0.5+0");
    table.wait(Duration::from_secs(30));
    table.tick();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Time))
    );
}

#[test]
fn an_absent_player_loses_by_abandonment_when_the_grace_period_ends() {
    let mut table = Table::started("untimed");
    table.mv(ANN, 0, "d1-d7/g7").unwrap();
    let outputs = table.ok(BOB, Request::Detach).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "seats_changed".into())]
    );
    assert_eq!(table.state.next_deadline(), Some(table.now + RULES.grace));
    table.wait(RULES.grace - Duration::from_millis(1));
    assert!(table.tick().is_empty());
    table.wait(Duration::from_millis(1));
    table.tick();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Abandonment))
    );
}

#[test]
fn a_player_who_comes_back_in_time_keeps_the_seat_and_replaces_the_old_connection() {
    let mut table = Table::started("untimed");
    table.ok(BOB, Request::Detach).unwrap();
    table.wait(Duration::from_secs(30));
    let outputs = table.ok(EVE, resume(BOB_TOKEN)).unwrap();
    assert_eq!(snapshot_in(&outputs).you, Some(Side::Second));
    assert_eq!(table.state.conn_of(Side::Second), Some(EVE));
    assert_eq!(table.state.next_deadline(), None);
    // Resuming from yet another connection replaces the one holding it.
    let outputs = table.ok(BOB, resume(BOB_TOKEN)).unwrap();
    assert!(outputs.contains(&Output::Close {
        conn: EVE,
        code: 1008,
        reason: "seat taken over by another connection"
    }));
    assert_eq!(
        messages(&outputs)[0],
        (Recipient::Conn(EVE), "replaced".into())
    );
    let forged = SeatToken::from_bytes([8; 16]);
    assert_eq!(table.code(EVE, resume(forged)), ErrorCode::BadToken);
    // A game with no move is aborted when a player does not come back.
    table.ok(ANN, Request::Detach).unwrap();
    table.wait(RULES.grace);
    table.tick();
    assert_eq!(table.state.outcome().unwrap().reason, EndReason::Aborted);
}

fn restored_after(moves: usize, tc: &str) -> Table {
    let mut table = Table::started(tc);
    let game = random_game(2026);
    for (ply, mv) in game.iter().take(moves).enumerate() {
        let by = conn_to_move(&table);
        table.mv(by, ply as u32, &mv.to_string()).unwrap();
    }
    // The journal: every durable event so far, as a restart reads it.
    table.restarted(&journal_of(&table, &game[..moves]))
}

/// The durable events of `table` with `moves` played (rebuilt from what the
/// match shows, as the journal holds them).
fn journal_of(table: &Table, moves: &[Move]) -> Vec<Event> {
    let game = table.state.game();
    let mut events = vec![
        Terms::casual(game.time_control()).created(0, None, None),
        seated(Side::First, &player("ann"), &ANN_TOKEN, None),
        seated(Side::Second, &player("bob"), &BOB_TOKEN, None),
        Event::Started { at_ms: 1 },
    ];
    for (ply, recorded) in game.moves().iter().enumerate().take(moves.len()) {
        events.push(Event::Moved {
            ply: ply as u32,
            mv: recorded.mv,
            time_ms: recorded.time_ms,
            clock_ms: recorded.clock_ms,
            clocks: None,
        });
    }
    events
}

#[test]
fn after_a_restart_the_side_that_comes_back_wins_if_the_other_does_not() {
    let mut table = restored_after(4, "untimed");
    assert_eq!(table.state.status(), MatchStatus::Playing);
    assert_eq!(table.state.next_deadline(), Some(table.now + RULES.grace));
    table.ok(BOB, resume(BOB_TOKEN)).unwrap();
    table.wait(RULES.grace);
    table.tick();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Abandonment))
    );
}

#[test]
fn after_a_restart_nobody_wins_when_neither_player_comes_back() {
    let mut table = restored_after(4, "5+0");
    table.wait(RULES.grace);
    let outputs = table.tick();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "game_over".into())]
    );
    assert_eq!(
        table.state.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Abandonment
        })
    );
    // Before both sides have moved it is simply aborted.
    let mut table = restored_after(1, "untimed");
    table.wait(RULES.grace);
    table.tick();
    assert_eq!(
        table.state.outcome().unwrap(),
        Outcome {
            winner: None,
            reason: EndReason::Aborted
        }
    );
}

#[test]
fn a_restored_game_whose_last_move_ended_it_ends_at_once() {
    let moves = random_game(2026);
    let mut table = restored_after(moves.len(), "untimed");
    assert_eq!(table.state.status(), MatchStatus::Finished);
    assert_eq!(
        table.state.next_deadline(),
        Some(table.now),
        "its end is due now"
    );
    assert!(
        !table.state.needs_record(),
        "not before its end is journalled"
    );
    let events = table.state.tick(table.now);
    assert!(matches!(
        events.as_slice(),
        [Event::Ended {
            outcome: Outcome {
                reason: EndReason::NoLegalMove,
                ..
            },
            ..
        }]
    ));
    table.apply(&events);
    assert!(
        table.state.tick(table.now).is_empty(),
        "it stays for the linger period"
    );
    assert_eq!(table.state.next_deadline(), Some(table.now + RULES.linger));
    assert!(table.state.needs_record());
    table.apply(&[Event::Recorded]);
    // Whoever resumes learns how it ended, with the record.
    let outputs = table.ok(ANN, resume(ANN_TOKEN)).unwrap();
    assert_eq!(snapshot_in(&outputs).status, MatchStatus::Finished);
    let over = outputs.iter().find_map(|o| match o {
        Output::Send {
            to: Recipient::Conn(ANN),
            message: ServerMessage::GameOver {
                record_id, reason, ..
            },
        } => Some((*record_id, *reason)),
        _ => None,
    });
    assert_eq!(over, Some((Some(table.state.id()), EndReason::NoLegalMove)));
    // It waits for Bob, who has not heard of the end yet...
    table.ok(ANN, Request::Detach).unwrap();
    assert!(table.state.tick(table.now).is_empty());
    // ...and once he has been told and gone too, it is archived.
    table.ok(BOB, resume(BOB_TOKEN)).unwrap();
    table.ok(BOB, Request::Detach).unwrap();
    let events = table.state.tick(table.now);
    assert_eq!(events, vec![Event::Archived]);
}

#[test]
fn a_finished_match_without_its_record_stays_in_the_journal() {
    let mut table = Table::started("untimed");
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    table.wait(RULES.linger);
    assert_eq!(table.state.tick(table.now), vec![Event::ClearedAway]);
    table.apply(&[Event::Recorded]);
    assert_eq!(table.state.tick(table.now), vec![Event::Archived]);
}

#[test]
fn a_waiting_match_goes_when_its_last_player_leaves_or_does_not_come_back() {
    let mut table = Table::created("untimed");
    let outputs = table.ok(ANN, Request::Leave).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![
            (Recipient::Conn(ANN), "left".into()),
            (Recipient::Audience, "seats_changed".into()),
            (Recipient::Audience, "game_over".into()),
            (Recipient::Audience, "match_removed".into()),
        ]
    );
    assert!(table.state.is_cleared());
    assert_eq!(table.code(ANN, Request::Spectate), ErrorCode::NoSuchMatch);

    let mut table = Table::created("untimed");
    table.ok(ANN, Request::Detach).unwrap();
    table.wait(RULES.grace);
    let events = table.state.tick(table.now);
    assert!(matches!(
        events.first(),
        Some(Event::Unseated { side: Side::First })
    ));
    table.apply(&events);
    assert!(table.state.is_cleared());
}

#[test]
fn spectators_watch_and_never_move() {
    let mut table = Table::started("untimed");
    let outputs = table.ok(EVE, Request::Spectate).unwrap();
    assert_eq!(snapshot_in(&outputs).you, None);
    assert_eq!(table.state.summary().spectators, 1);
    let outputs = table.ok(EVE, Request::Spectate).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Conn(EVE), "snapshot".into())]
    );
    assert_eq!(
        table.mv(EVE, 0, "d1-d7/g7").unwrap_err().code,
        ErrorCode::NotAPlayer
    );
    assert_eq!(
        table.code(EVE, Request::Resign { token: None }),
        ErrorCode::NotAPlayer
    );
    let outputs = table.ok(EVE, Request::Leave).unwrap();
    assert_eq!(messages(&outputs)[0], (Recipient::Conn(EVE), "left".into()));
    assert_eq!(table.state.summary().spectators, 0);
    // Leaving what one is not in just says `left`.
    let outputs = table.ok(EVE, Request::Leave).unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Conn(EVE), "left".into())]
    );
}

#[test]
fn a_rematch_swaps_colours_and_starts_with_both_seats_taken() {
    let mut table = Table::started("5+3");
    assert_eq!(
        table.code(ANN, Request::OfferRematch { seed: seed() }),
        ErrorCode::GameNotOver
    );
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    assert_eq!(
        table.code(BOB, Request::AcceptRematch { seed: seed() }),
        ErrorCode::NoRematchOffer
    );
    assert_eq!(
        table.code(EVE, Request::OfferRematch { seed: seed() }),
        ErrorCode::NotAPlayer
    );
    let outputs = table
        .ok(ANN, Request::OfferRematch { seed: seed() })
        .unwrap();
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "rematch_offered".into())]
    );
    // Declining and offering again, then the other side's offer accepts.
    table.ok(BOB, Request::DeclineRematch).unwrap();
    table
        .ok(ANN, Request::OfferRematch { seed: seed() })
        .unwrap();
    let events = table
        .state
        .decide(&Request::OfferRematch { seed: seed() }, BOB, table.now)
        .unwrap();
    assert_eq!(
        events,
        vec![Event::RematchStarted {
            new_match: seed().id
        }]
    );
    let opening = table.state.rematch_events(&seed(), table.now);
    let outputs = table.apply(&events);
    assert_eq!(
        messages(&outputs),
        vec![(Recipient::Audience, "rematch_started".into())]
    );
    assert_eq!(
        table.code(ANN, Request::OfferRematch { seed: seed() }),
        ErrorCode::OpponentGone
    );

    let wall = WallClock::new(table.now, SystemTime::UNIX_EPOCH);
    let rematch = Match::from_events(seed().id, &opening, RULES, wall, table.now).unwrap();
    let summary = rematch.summary();
    assert_eq!(summary.status, MatchStatus::Playing);
    assert_eq!(summary.seats.white.as_ref().unwrap().name, "bob");
    assert_eq!(summary.seats.black.as_ref().unwrap().name, "ann");
    assert_eq!(summary.time_control, "5+3".parse::<TimeControl>().unwrap());
    assert_eq!(rematch.conn_of(Side::First), Some(BOB));
    let outputs = rematch.outputs(&opening, table.now);
    for (conn, side) in [(BOB, Side::First), (ANN, Side::Second)] {
        let mine: Vec<String> = messages(&outputs)
            .into_iter()
            .filter(|(to, _)| *to == Recipient::Conn(conn))
            .map(|(_, name)| name)
            .collect();
        assert_eq!(mine, vec!["joined", "snapshot"], "{side}");
    }
    assert!(outputs.iter().all(|o| match o {
        Output::Send {
            message: ServerMessage::Snapshot(s),
            ..
        } => s.status == MatchStatus::Playing,
        _ => true,
    }));
}

#[test]
fn a_rematchs_record_names_the_match_it_came_from() {
    let mut table = Table::started("untimed");
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    let first = table.state.to_record().unwrap();
    assert_eq!(first.rematch_of, None);
    table
        .ok(ANN, Request::OfferRematch { seed: seed() })
        .unwrap();
    table
        .ok(BOB, Request::AcceptRematch { seed: seed() })
        .unwrap();
    let opening = table.state.rematch_events(&seed(), table.now);
    // Built as the rematch is created, and rebuilt from the journal after a
    // restart: the same events, the same record.
    let wall = WallClock::new(table.now, SystemTime::UNIX_EPOCH);
    let rematch = Match::from_events(seed().id, &opening, RULES, wall, table.now).unwrap();
    let mut rematch = Table {
        state: rematch,
        now: table.now,
    };
    rematch.ok(BOB, Request::Resign { token: None }).unwrap();
    let record = rematch.state.to_record().unwrap();
    assert_eq!(record.id, seed().id.to_string());
    assert_eq!(record.rematch_of, Some(first.id.clone()));
    assert_eq!(
        amazons_protocol::GameSummary::of(&record).rematch_of,
        Some(first.id)
    );
}

#[test]
fn a_rematch_needs_the_opponent_present_and_leaving_withdraws_an_offer() {
    let mut table = Table::started("untimed");
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    table
        .ok(ANN, Request::OfferRematch { seed: seed() })
        .unwrap();
    let outputs = table.ok(ANN, Request::Leave).unwrap();
    assert_eq!(
        messages(&outputs)[..2],
        [
            (Recipient::Audience, "rematch_declined".into()),
            (Recipient::Conn(ANN), "left".into())
        ]
    );
    assert_eq!(
        table.code(BOB, Request::OfferRematch { seed: seed() }),
        ErrorCode::OpponentGone
    );
    // The last one out clears the match away.
    table.ok(BOB, Request::Leave).unwrap();
    assert_eq!(table.state.next_deadline(), Some(table.now));
}

#[test]
fn events_that_do_not_fit_are_refused_by_apply() {
    let mut table = Table::started("untimed");
    let bad_ply = Event::Moved {
        ply: 3,
        mv: "d1-d7/g7".parse().unwrap(),
        time_ms: 0,
        clock_ms: None,
        clocks: None,
    };
    assert!(table.state.apply(&bad_ply, table.now).is_err());
    let illegal = Event::Moved {
        ply: 0,
        mv: "a7-b7/c7".parse().unwrap(),
        time_ms: 0,
        clock_ms: None,
        clocks: None,
    };
    assert!(table.state.apply(&illegal, table.now).is_err());
    assert!(matches!(
        Match::from_events(
            table.state.id(),
            &[Event::Archived],
            RULES,
            table.state.wall,
            table.now
        ),
        Err(RestoreError::NotCreatedFirst)
    ));
}

#[test]
fn legal_moves_go_to_an_opted_in_player_whose_turn_it_is() {
    let legal = |outputs: &[Output]| -> Vec<(Recipient, u32)> {
        outputs
            .iter()
            .filter_map(|o| match o {
                Output::Send {
                    to,
                    message: ServerMessage::LegalMoves { ply, moves, .. },
                } => {
                    assert!(moves.count() > 0);
                    Some((*to, *ply))
                }
                _ => None,
            })
            .collect()
    };
    let now = Instant::now();
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH);
    let events = Match::creation_events(
        &Terms::casual(TimeControl::Untimed),
        &player("ann"),
        Side::First,
        ANN_TOKEN,
        (ANN, true),
        None,
        0,
    );
    let state = Match::from_events(
        MatchId(uuid::Uuid::from_bytes([5; 16])),
        &events,
        RULES,
        wall,
        now,
    )
    .unwrap();
    let mut table = Table { state, now };
    // No game yet: nothing.
    assert!(legal(&table.state.outputs(&events, now)).is_empty());
    let join = Request::Join {
        player: player("bob"),
        seat: None,
        token: BOB_TOKEN,
        legal_moves: true,
    };
    let outputs = table.ok(BOB, join).unwrap();
    // After game_started, to white only, once.
    let names = messages(&outputs);
    let started_at = names.iter().position(|(_, n)| n == "game_started").unwrap();
    assert_eq!(
        names[started_at + 1],
        (Recipient::Conn(ANN), "legal_moves".into())
    );
    assert_eq!(legal(&outputs), vec![(Recipient::Conn(ANN), 0)]);
    // After each move, to the side whose turn it now is, after move_played.
    let outputs = table.mv(ANN, 0, "d1-d7/g7").unwrap();
    assert_eq!(
        messages(&outputs)[1],
        (Recipient::Conn(BOB), "legal_moves".into())
    );
    assert_eq!(legal(&outputs), vec![(Recipient::Conn(BOB), 1)]);
    // move_played carries the position after the move.
    let Output::Send {
        message: ServerMessage::MovePlayed { fen, .. },
        ..
    } = &outputs[0]
    else {
        panic!()
    };
    assert_eq!(
        fen.as_deref(),
        Some(table.state.game().position().fen().as_str())
    );
    // After a snapshot to the player to move (resume), not to the other.
    let outputs = table
        .ok(
            BOB,
            Request::Resume {
                token: BOB_TOKEN,
                legal_moves: true,
            },
        )
        .unwrap();
    assert_eq!(legal(&outputs), vec![(Recipient::Conn(BOB), 1)]);
    let outputs = table.ok(ANN, Request::Spectate).unwrap();
    assert!(legal(&outputs).is_empty());
    // A connection that did not ask gets none.
    let outputs = table.ok(EVE, resume(BOB_TOKEN)).unwrap();
    assert!(legal(&outputs).is_empty());
    let outputs = table.ok(EVE, Request::Spectate).unwrap();
    assert!(legal(&outputs).is_empty());
    table
        .ok(
            BOB,
            Request::Resume {
                token: BOB_TOKEN,
                legal_moves: true,
            },
        )
        .unwrap();
    // Never after the end.
    let outputs = table.ok(BOB, Request::Resign { token: None }).unwrap();
    assert!(legal(&outputs).is_empty());
    let outputs = table
        .ok(
            ANN,
            Request::Resume {
                token: ANN_TOKEN,
                legal_moves: true,
            },
        )
        .unwrap();
    assert!(legal(&outputs).is_empty());
}

/// The computer (conn `BOB`, black) seated with Ann at the creation.
fn against_the_computer(tc: &str) -> (Table, Vec<Output>) {
    let now = Instant::now();
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH);
    let computer = ComputerJoin {
        player: PlayerInfo::new("computer (level 3)", PlayerKind::Bot),
        seat: ComputerSeat {
            opponent: Opponent::Level(amazons_core::Level::new(3).unwrap()),
            think_ms: 200,
        },
        token: BOB_TOKEN,
        conn: BOB,
    };
    let events = Match::creation_events(
        &Terms::casual(tc.parse().unwrap()),
        &player("ann"),
        Side::First,
        ANN_TOKEN,
        (ANN, true),
        Some(computer),
        0,
    );
    let id = MatchId(uuid::Uuid::from_bytes([9; 16]));
    let state = Match::from_events(id, &events, RULES, wall, now).unwrap();
    let outputs = state.outputs(&events, now);
    (Table { state, now }, outputs)
}

#[test]
fn the_computer_is_seated_at_the_creation_and_plays_like_anyone() {
    let (mut table, outputs) = against_the_computer("1+0");
    assert_eq!(
        table.state.status(),
        MatchStatus::Playing,
        "never a free seat"
    );
    let sent = messages(&outputs);
    for conn in [ANN, BOB] {
        assert!(
            sent.contains(&(Recipient::Conn(conn), "joined".into())),
            "{sent:?}"
        );
        assert!(sent.contains(&(Recipient::Conn(conn), "snapshot".into())));
    }
    assert!(sent.contains(&(Recipient::Audience, "game_started".into())));
    let black = table.state.summary().seats.black.unwrap();
    assert_eq!(
        (black.name.as_str(), black.kind),
        ("computer (level 3)", PlayerKind::Bot)
    );
    let seats: Vec<(Side, ComputerSeat)> = table
        .state
        .computer_seats()
        .map(|(side, seat)| (side, seat.clone()))
        .collect();
    assert_eq!(
        seats,
        vec![(
            Side::Second,
            ComputerSeat {
                opponent: Opponent::Level(amazons_core::Level::new(3).unwrap()),
                think_ms: 200
            }
        )]
    );
    // Its moves go through the same rules and clock as anyone's.
    table.mv(ANN, 0, "d1-d7/g7").unwrap();
    assert_eq!(
        table.code(
            BOB,
            Request::Move {
                ply: 1,
                text: "e5-e6/e7".into(),
                token: None
            }
        ),
        ErrorCode::IllegalMove
    );
    assert_eq!(
        table.code(
            BOB,
            Request::Move {
                ply: 0,
                text: "a7-b7/c7".into(),
                token: None
            }
        ),
        ErrorCode::StalePly
    );
    table.wait(Duration::from_millis(300));
    table.mv(BOB, 1, "a7-b7/c7").unwrap();
    assert_eq!(table.state.game().moves()[1].time_ms, 300);
    // The record says who played.
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    let record = table.state.to_record().unwrap();
    assert_eq!(record.black.kind, PlayerKind::Bot);
    assert_eq!(record.black.name, "computer (level 3)");
}

#[test]
fn only_the_computer_gives_up_and_the_game_records_why() {
    let (mut table, _) = against_the_computer("untimed");
    let give_up = |reason| Request::GiveUp { reason };
    assert_eq!(
        table.code(ANN, give_up(EndReason::EngineFailure)),
        ErrorCode::NotAPlayer
    );
    assert_eq!(
        table.code(EVE, give_up(EndReason::EngineFailure)),
        ErrorCode::NotAPlayer
    );
    assert_eq!(
        table.code(BOB, give_up(EndReason::Resignation)),
        ErrorCode::Internal
    );
    let outputs = table.ok(BOB, give_up(EndReason::EngineFailure)).unwrap();
    assert!(messages(&outputs).contains(&(Recipient::Audience, "game_over".into())));
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::EngineFailure))
    );
    assert_eq!(
        table.code(BOB, give_up(EndReason::IllegalMove)),
        ErrorCode::GameOver
    );
}

#[test]
fn a_rematch_and_a_restart_keep_the_computer_in_its_seat() {
    let (mut table, _) = against_the_computer("untimed");
    table.ok(ANN, Request::Resign { token: None }).unwrap();
    table
        .ok(ANN, Request::OfferRematch { seed: seed() })
        .unwrap();
    let events = table
        .state
        .decide(&Request::AcceptRematch { seed: seed() }, BOB, table.now)
        .unwrap();
    for event in &events {
        table.state.apply(event, table.now).unwrap();
    }
    let opening = table.state.rematch_events(&seed(), table.now);
    let rematch =
        Match::from_events(seed().id, &opening, RULES, table.state.wall, table.now).unwrap();
    let seats: Vec<Side> = rematch.computer_seats().map(|(side, _)| side).collect();
    assert_eq!(
        seats,
        vec![Side::First],
        "colours swapped, still the computer"
    );
    // The journal (durable events) brings the computer seat back after a restart.
    let durable: Vec<Event> = opening.into_iter().filter(Event::is_durable).collect();
    let restored = Match::restore(
        seed().id,
        &durable,
        RULES,
        table.state.wall,
        table.now,
        false,
    )
    .unwrap();
    assert_eq!(restored.computer_seats().count(), 1);
    assert_eq!(
        restored.conn_of(Side::First),
        None,
        "nobody is connected after a restart"
    );
}

/// `name` identified as `id`, asking for the free seat.
fn join_identified(name: &str, id: &str, token: SeatToken) -> Request {
    Request::Join {
        player: player(name).identified(Some(amazons_core::PlayerId::new(id))),
        seat: None,
        token,
        legal_moves: false,
    }
}

/// Ann (identified as `a`) created a rated match with `tc`.
fn created_rated(tc: &str, rated: bool) -> Table {
    let ann = player("ann").identified(Some(amazons_core::PlayerId::new("a")));
    Table::created_by(&ann, tc, rated)
}

#[test]
fn a_game_stays_rated_only_between_two_identities_and_the_journal_keeps_them() {
    // Rated while waiting for an identified opponent; casual when a guest
    // or the same identity joins.
    let table = created_rated("5+5", true);
    assert!(table.state.is_rated() && table.state.summary().rated);
    let mut guest = created_rated("5+5", true);
    guest.ok(BOB, join("bob", BOB_TOKEN)).unwrap();
    assert!(guest.state.is_started() && !guest.state.is_rated());
    let mut same = created_rated("5+5", true);
    same.ok(BOB, join_identified("ann", "a", BOB_TOKEN))
        .unwrap();
    assert!(!same.state.is_rated(), "one identity on both sides");
    let mut casual = created_rated("5+5", false);
    casual
        .ok(BOB, join_identified("bob", "b", BOB_TOKEN))
        .unwrap();
    assert!(!casual.state.is_rated());

    let mut table = created_rated("5+5", true);
    let outputs = table
        .ok(BOB, join_identified("bob", "b", BOB_TOKEN))
        .unwrap();
    assert!(snapshot_in(&outputs).rated);
    assert!(table.state.is_rated());
    // The journal (its JSON lines) rebuilds the ids and the choice.
    let mut journal: Vec<Event> = Vec::new();
    journal.extend(
        Match::creation_events(
            &terms("5+5".parse().unwrap(), true),
            table.state.player(Side::First).unwrap(),
            Side::First,
            ANN_TOKEN,
            (ANN, false),
            None,
            0,
        )
        .into_iter()
        .filter(Event::is_durable),
    );
    let bob = table.state.player(Side::Second).unwrap().clone();
    journal.push(seated(Side::Second, &bob, &BOB_TOKEN, None));
    journal.push(Event::Started { at_ms: 1 });
    let lines: Vec<String> = journal
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert!(lines[0].contains(r#""rated":true"#), "{}", lines[0]);
    assert!(lines[2].contains(r#""id":"b""#), "{}", lines[2]);
    let read: Vec<Event> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut restored = table.restarted(&read);
    assert!(restored.state.is_rated());
    assert_eq!(
        restored.state.player(Side::Second).unwrap().id,
        Some(amazons_core::PlayerId::new("b"))
    );
    // It ends; the record says rated, with both ids; the rematch is rated.
    restored.ok(ANN, resume(ANN_TOKEN)).unwrap();
    restored.ok(BOB, resume(BOB_TOKEN)).unwrap();
    restored.ok(ANN, Request::Resign { token: None }).unwrap();
    let record = restored.state.to_record().unwrap();
    assert!(record.rated);
    assert_eq!(record.white.id, Some(amazons_core::PlayerId::new("a")));
    let rematch = restored.state.rematch_events(&seed(), restored.now);
    assert!(matches!(rematch[0], Event::Created { rated: true, .. }));
    // A journal from before identities reads as a casual game of guests.
    let old: Vec<Event> = [
        lines[0].replace(r#","rated":true"#, ""),
        lines[1].replace(r#","id":"a""#, ""),
        lines[2].replace(r#","id":"b""#, ""),
        lines[3].clone(),
    ]
    .iter()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect();
    assert!(matches!(old[0], Event::Created { rated: false, .. }));
    let old = table.restarted(&old);
    assert!(!old.state.is_rated());
    assert_eq!(old.state.player(Side::Second).unwrap().id, None);
}

/// A tournament game of round 2 between ann (white) and bob (black), both
/// keyed: nobody seated yet.
fn tournament_table() -> Table {
    let now = Instant::now();
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH + Duration::from_secs(1_000));
    let tag = TournamentTag {
        tournament_id: "0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d".parse().unwrap(),
        round: 2,
        entrants: BySide::new(
            amazons_core::PlayerId::new("ann-id"),
            amazons_core::PlayerId::new("bob-id"),
        ),
    };
    let events = Match::tournament_events(
        (TimeControl::Untimed, true),
        tag,
        BySide::new(None, None),
        0,
    );
    let id = MatchId(uuid::Uuid::from_bytes([5; 16]));
    let state = Match::from_events(id, &events, RULES, wall, now).unwrap();
    Table { state, now }
}

/// `name` with key id `<name>-id` asks for `seat`.
fn keyed_join(name: &str, seat: Option<Side>, token: SeatToken) -> Request {
    Request::Join {
        player: player(name).identified(Some(amazons_core::PlayerId::new(format!("{name}-id")))),
        seat,
        token,
        legal_moves: false,
    }
}

#[test]
fn a_tournament_seat_is_its_entrants_alone_and_the_game_cannot_be_called_off() {
    let mut table = tournament_table();
    // Eve, a guest, or bob on ann's seat: refused.
    assert_eq!(
        table.code(EVE, join("eve", BOB_TOKEN)),
        ErrorCode::SeatTaken
    );
    assert_eq!(
        table.code(BOB, keyed_join("bob", Some(Side::First), BOB_TOKEN)),
        ErrorCode::SeatTaken
    );
    // Without a seat named, each entrant gets their own.
    table.ok(ANN, keyed_join("ann", None, ANN_TOKEN)).unwrap();
    assert_eq!(table.state.seat_of_conn(ANN), Some(Side::First));
    table.ok(BOB, keyed_join("bob", None, BOB_TOKEN)).unwrap();
    assert!(table.state.is_started());
    assert_eq!(
        table.code(ANN, Request::Abort { token: None }),
        ErrorCode::GameInProgress
    );
    // Ann's client restarts: her seat comes back to her new connection by
    // join, not while her old one holds it.
    const ANN_AGAIN: ConnId = 9;
    assert_eq!(
        table.code(ANN_AGAIN, keyed_join("ann", None, ANN_TOKEN)),
        ErrorCode::SeatTaken
    );
    table.ok(ANN, Request::Detach).unwrap();
    table
        .ok(ANN_AGAIN, keyed_join("ann", None, ANN_TOKEN))
        .unwrap();
    assert_eq!(table.state.seat_of_conn(ANN_AGAIN), Some(Side::First));
    // The record says which tournament game it was; there is no rematch.
    table.ok(BOB, Request::Resign { token: None }).unwrap();
    let record = table.state.to_record().unwrap();
    let tag = record.tournament.unwrap();
    assert_eq!(
        (tag.id.as_str(), tag.round),
        ("0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d", 2)
    );
    assert_eq!(
        table.code(ANN_AGAIN, Request::OfferRematch { seed: seed() }),
        ErrorCode::OpponentGone
    );
}

#[test]
fn a_tournament_seat_not_taken_by_the_end_of_the_grace_period_is_forfeited() {
    let mut table = tournament_table();
    table.ok(ANN, keyed_join("ann", None, ANN_TOKEN)).unwrap();
    // Ann leaves and comes back: the match waits (a tournament game is
    // never called off before its deadline).
    table.ok(ANN, Request::Leave).unwrap();
    assert!(!table.state.is_over());
    table.ok(ANN, keyed_join("ann", None, ANN_TOKEN)).unwrap();
    assert_eq!(table.state.next_deadline(), Some(table.now + RULES.grace));
    table.wait(RULES.grace);
    table.tick();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Abandonment)),
        "ann was there, bob was not"
    );
    assert!(
        table.state.is_cleared(),
        "never begun: no record, gone at once"
    );
    // Nobody turns up: nobody wins.
    let mut empty = tournament_table();
    empty.wait(RULES.grace);
    empty.tick();
    assert_eq!(empty.state.outcome().map(|o| o.winner), Some(None));
}

#[test]
fn a_withdrawn_entrants_game_is_forfeited_before_it_begins_and_resigned_after() {
    let mut table = tournament_table();
    table.ok(BOB, keyed_join("bob", None, BOB_TOKEN)).unwrap();
    table
        .ok(0, Request::Withdrawn { side: Side::Second })
        .unwrap();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Abandonment))
    );
    let mut table = tournament_table();
    table.ok(ANN, keyed_join("ann", None, ANN_TOKEN)).unwrap();
    table.ok(BOB, keyed_join("bob", None, BOB_TOKEN)).unwrap();
    table
        .ok(0, Request::Withdrawn { side: Side::First })
        .unwrap();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Resignation))
    );
    // Not a tournament game: refused.
    let mut plain = Table::started("untimed");
    assert_eq!(
        plain.code(0, Request::Withdrawn { side: Side::First }),
        ErrorCode::Internal
    );
}

/// White's queen on a1 and black's on i1 in a corridor b1–h1 on a board of
/// arrows (j1 burnt), white to move: `a1-b1/f1` separates it, leaving white
/// 4 moves and black (to move) 2, so white wins by 3.
const CORRIDOR: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q7q* w - - 0 1";

/// Ann (white) against Bob (black) from [`CORRIDOR`], started, with the
/// territory options given.
fn corridor_table(end_when_decided: bool, assistance: bool) -> Table {
    let terms = Terms::asked(
        TimeControl::Untimed,
        None,
        (Some(end_when_decided), Some(assistance)),
        Some(CORRIDOR),
    )
    .unwrap();
    let now = Instant::now();
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH);
    let events = Match::creation_events(
        &terms,
        &player("ann"),
        Side::First,
        ANN_TOKEN,
        (ANN, false),
        None,
        0,
    );
    let id = MatchId(uuid::Uuid::from_bytes([6; 16]));
    let state = Match::from_events(id, &events, RULES, wall, now).unwrap();
    let mut table = Table { state, now };
    table.ok(BOB, join("bob", BOB_TOKEN)).unwrap();
    table
}

/// Plays `a1-b1/f1` as the match task does: decided, the position after it
/// counted, then committed.
fn separate(table: &mut Table) -> Vec<Output> {
    let request = Request::Move {
        ply: 0,
        text: "a1-b1/f1".into(),
        token: None,
    };
    let mut events = table.state.decide(&request, ANN, table.now).unwrap();
    let after = table
        .state
        .position_after(&events)
        .expect("the game goes on");
    let verdict = crate::territory::verdict(&after);
    events.extend(table.state.judged(verdict, true, table.now));
    table.apply(&events)
}

#[test]
fn the_options_follow_rated_and_a_set_up_position_is_checked_and_casual() {
    let untimed = TimeControl::Untimed;
    let timed: TimeControl = "5+3".parse().unwrap();
    let asked = |tc, rated, options, fen| Terms::asked(tc, rated, options, fen);
    let casual = asked(untimed, None, (None, None), None).unwrap();
    assert!(!casual.rated && casual.end_when_decided && !casual.assistance);
    let rated = asked(timed, None, (None, None), None).unwrap();
    assert!(rated.rated && !rated.end_when_decided);
    assert!(
        asked(timed, None, (Some(true), None), None)
            .unwrap()
            .end_when_decided
    );
    let set_up = asked(timed, None, (None, Some(true)), Some(CORRIDOR)).unwrap();
    assert!(!set_up.rated && set_up.assistance && set_up.end_when_decided);
    assert_eq!(set_up.initial.map(|p| p.fen()).as_deref(), Some(CORRIDOR));
    for (rated, assistance, fen) in [
        (Some(true), None, Some(CORRIDOR)),
        (Some(true), Some(true), None),
        (None, Some(true), None), // timed, so rated
        (None, None, Some("Q")),
        (None, None, Some(&CORRIDOR.replace("Q7q*", "Q*******q*"))),
    ] {
        let refused = asked(timed, rated, (None, assistance), fen).unwrap_err();
        assert_eq!(refused.code, ErrorCode::BadMatchOptions, "{refused}");
    }
}

#[test]
fn a_decided_position_ends_a_game_that_ends_when_decided_with_its_count() {
    let mut table = corridor_table(true, false);
    let outputs = separate(&mut table);
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Territory))
    );
    assert!(outputs.iter().any(|o| matches!(
        o,
        Output::Send {
            message: ServerMessage::GameOver {
                reason: EndReason::Territory,
                margin: Some(3),
                ..
            },
            ..
        }
    )));
    let record = table.state.to_record().unwrap();
    let end = record.territory.expect("the count is recorded");
    assert_eq!((end.margin, end.moves_left), (3, BySide::new(4, 2)));
    assert_eq!(record.initial_fen.as_deref(), Some(CORRIDOR));
}

#[test]
fn a_claim_needs_a_proven_position_and_the_count_is_shown_until_then_hidden() {
    let mut table = corridor_table(false, true);
    assert_eq!(
        table.code(BOB, Request::ClaimTerritory),
        ErrorCode::NotDecided
    );
    assert_eq!(
        table.code(EVE, Request::ClaimTerritory),
        ErrorCode::NotAPlayer
    );
    let outputs = separate(&mut table);
    assert!(!table.state.is_over());
    let decided = Some(amazons_protocol::Decided {
        winner: Side::First,
        margin: 3,
    });
    match &outputs[0] {
        Output::Send {
            message: ServerMessage::MovePlayed { decided: sent, .. },
            ..
        } => assert_eq!(*sent, decided),
        other => panic!("{other:?}"),
    }
    let snapshot = table.state.snapshot(Some(Side::Second), table.now);
    assert_eq!(snapshot.decided, decided);
    assert!(snapshot.assistance && !snapshot.end_when_decided);
    // Black claims; the count says white.
    table.ok(BOB, Request::ClaimTerritory).unwrap();
    assert_eq!(
        table.state.outcome(),
        Some(Outcome::win(Side::First, EndReason::Territory))
    );
    assert_eq!(table.state.snapshot(None, table.now).decided, None);
    assert_eq!(
        table.code(ANN, Request::ClaimTerritory),
        ErrorCode::GameOver
    );
}

#[test]
fn the_options_and_the_territory_ending_survive_the_journal() {
    let mut table = corridor_table(false, true);
    separate(&mut table);
    table.ok(ANN, Request::ClaimTerritory).unwrap();
    let journal: Vec<Event> = {
        let mut events = Match::creation_events(
            &table.state.terms(),
            &player("ann"),
            Side::First,
            ANN_TOKEN,
            (ANN, false),
            None,
            0,
        );
        events.push(seated(Side::Second, &player("bob"), &BOB_TOKEN, None));
        events.push(Event::Started { at_ms: 1 });
        events.push(Event::Moved {
            ply: 0,
            mv: "a1-b1/f1".parse().unwrap(),
            time_ms: 0,
            clock_ms: None,
            clocks: None,
        });
        events.push(Event::Ended {
            outcome: table.state.outcome().unwrap(),
            at_ms: 2,
            territory: table.state.territory().cloned(),
        });
        events
            .into_iter()
            .filter(Event::is_durable)
            .map(|e| serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap())
            .collect()
    };
    let line = serde_json::to_string(&journal[0]).unwrap();
    assert!(line.contains(r#""assistance":true"#), "{line}");
    assert!(line.contains(r#""initial_fen":"**********/"#), "{line}");
    assert!(!line.contains("end_when_decided"), "{line}");
    let restored = table.restarted(&journal);
    assert_eq!(restored.state.terms(), table.state.terms());
    assert_eq!(restored.state.territory(), table.state.territory());
    assert_eq!(
        restored.state.to_record().unwrap().territory,
        table.state.to_record().unwrap().territory
    );
    // A rematch is set up the same way.
    let rematch = table.state.rematch_events(&seed(), table.now);
    assert_eq!(Terms::of_created(&rematch[0]), Ok(table.state.terms()));
    // An ending on territory without its count does not fit.
    let mut broken = journal.clone();
    if let Some(Event::Ended { territory, .. }) = broken.last_mut() {
        *territory = None;
    }
    let wall = WallClock::new(table.now, SystemTime::UNIX_EPOCH);
    assert!(Match::restore(table.state.id(), &broken, RULES, wall, table.now, false).is_err());
}
