//! The engine crate's drivers against the scripted engines of this crate:
//! each protocol plays whole games (from the start and from an arena
//! opening), crashing, silent and illegal engines are reported, restarted
//! once, then given up on, a Botzone bot's CPU time is told in both of its
//! modes, and a restarted engine is charged the CPU time of the one that
//! crashed.

use std::time::Duration;

use amazons_core::{Move, Position};
use amazons_engine::player::external::{ExternalTimeouts, SessionOptions};
use amazons_engine::player::{
    ExternalPlayer, GameSoFar, Player, PlayerError, PlayerSettings, PlayerSpec, Protocol,
    ThinkBudget,
};

fn quick() -> SessionOptions {
    SessionOptions {
        timeouts: ExternalTimeouts {
            handshake: Duration::from_secs(5),
            grace: Duration::from_millis(300),
            unbounded: Duration::from_secs(1),
        },
        show_stderr: false,
    }
}

/// [`quick`] with two minutes of grace: for programs that burn CPU time,
/// which a loaded machine makes slow.
#[cfg(target_os = "linux")]
fn patient() -> SessionOptions {
    SessionOptions {
        timeouts: ExternalTimeouts {
            grace: Duration::from_secs(120),
            ..quick().timeouts
        },
        show_stderr: false,
    }
}

fn binary(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Uci => env!("CARGO_BIN_EXE_fake-uci-engine"),
        Protocol::Botzone => env!("CARGO_BIN_EXE_fake-botzone-bot"),
        Protocol::Sau => env!("CARGO_BIN_EXE_fake-sau-engine"),
    }
}

fn fake(protocol: Protocol, args: &[&str]) -> ExternalPlayer {
    let mut words = vec![binary(protocol).to_string()];
    words.extend(args.iter().map(|a| a.to_string()));
    ExternalPlayer::start(protocol, words, quick()).unwrap()
}

fn budget() -> ThinkBudget {
    ThinkBudget::movetime(Duration::from_millis(100))
}

/// An opening of the arena's file, four plies from the start.
fn opening() -> Position {
    "3q6/10/10/3Q*1Q1*q/10/*1q7/Q5q3/10/6*3/6Q3 w - - 4 3"
        .parse()
        .unwrap()
}

/// Plays `plies` moves from `start` between `engine` (moving first when
/// `engine_moves_first`) and an opponent that plays the last legal move, and
/// checks each of the engine's answers: a good fake answers the first legal
/// move of the position it was told, so a wrong game shows.
fn play(engine: &mut dyn Player, start: Position, engine_moves_first: bool, plies: usize) {
    engine.new_game().unwrap();
    let mut moves: Vec<Move> = Vec::new();
    for ply in 0..plies {
        let game = GameSoFar::new(start, &moves).unwrap();
        let first_legal = game.position.legal_moves()[0];
        let engines_turn = (ply % 2 == 0) == engine_moves_first;
        let m = if engines_turn {
            let m = engine.choose(game, budget()).unwrap();
            assert_eq!(m, first_legal, "ply {ply}: the engine saw the game");
            m
        } else {
            // The opponent plays the last legal move, so the two differ.
            *game.position.legal_moves().last().unwrap()
        };
        moves.push(m);
    }
}

#[test]
fn every_protocol_follows_whole_games_with_either_colour() {
    let cases: [(Protocol, &[&str]); 4] = [
        (Protocol::Uci, &["good"]),
        (Protocol::Botzone, &["good"]),
        (Protocol::Botzone, &["keep"]),
        (Protocol::Sau, &["good"]),
    ];
    for (protocol, args) in cases {
        let mut engine = fake(protocol, args);
        for first in [true, false] {
            play(&mut engine, Position::start(), first, 12);
        }
        if protocol != Protocol::Sau {
            // From an opening: UCI gets its FEN, Botzone the moves that lead there.
            play(&mut engine, opening(), false, 6);
        }
    }
}

#[test]
fn engines_tell_their_names() {
    assert_eq!(fake(Protocol::Uci, &["good"]).name(), "fake-good");
    assert_eq!(fake(Protocol::Sau, &["good"]).name(), "fake-good");
    assert_eq!(
        fake(Protocol::Botzone, &["good"]).name(),
        "fake-botzone-bot"
    );
}

#[test]
fn a_sau_engine_cannot_join_a_game_halfway_nor_start_from_an_opening() {
    let mut sau = fake(Protocol::Sau, &["good"]);
    sau.new_game().unwrap();
    let start = Position::start();
    let moves: Vec<Move> = start.legal_moves()[..1]
        .iter()
        .copied()
        .chain(std::iter::once("a7-a6/a5".parse().unwrap()))
        .collect();
    let game = GameSoFar::new(start, &moves).unwrap();
    let error = sau.choose(game, budget()).unwrap_err();
    assert!(
        matches!(
            error,
            PlayerError::GaveUp { ref last, .. } if matches!(**last, PlayerError::Unsupported(_))
        ),
        "{error}"
    );
    let game = GameSoFar::new(opening(), &[]).unwrap();
    assert!(sau.choose(game, budget()).is_err());
}

/// Whether an error is the expected kind.
type ErrorCheck = fn(&PlayerError) -> bool;

#[test]
fn failures_are_restarted_once_then_given_up_on() {
    for protocol in Protocol::ALL {
        let start = Position::start();
        let game = GameSoFar::new(start, &[]).unwrap();
        let marker = tempfile::tempdir().unwrap();
        let marker = marker.path().join("crashed").display().to_string();
        let mut once = fake(protocol, &["crash-once", &marker]);
        once.new_game().unwrap();
        assert!(
            once.choose(game, budget()).is_ok(),
            "{protocol:?}: one restart fixes it"
        );
        let checks: [(&str, ErrorCheck); 3] = [
            ("crash", |e| matches!(e, PlayerError::Crashed(_))),
            ("silent", |e| matches!(e, PlayerError::Silent { .. })),
            ("illegal", |e| matches!(e, PlayerError::IllegalMove { .. })),
        ];
        for (mode, check) in checks {
            let mut bad = fake(protocol, &[mode]);
            bad.new_game().unwrap();
            let error = bad.choose(game, budget()).unwrap_err();
            let PlayerError::GaveUp { last, .. } = &error else {
                panic!("{protocol:?} {mode}: {error}");
            };
            assert!(check(last), "{protocol:?} {mode}: {error}");
            assert!(error.to_string().contains("failed twice"), "{error}");
        }
    }
}

#[test]
fn an_illegal_answer_says_what_was_sent() {
    let game = GameSoFar::new(Position::start(), &[]).unwrap();
    for (protocol, sent) in [
        (Protocol::Uci, "e5e6,e6e7"),
        (Protocol::Botzone, "4 4 4 5 4 6"),
        (Protocol::Sau, "EFEEED"),
    ] {
        let mut illegal = fake(protocol, &["illegal"]);
        illegal.new_game().unwrap();
        let error = illegal.choose(game, budget()).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("illegal move `{sent}`")),
            "{protocol:?}: {error}"
        );
    }
}

#[test]
fn a_missing_program_is_reported_when_the_player_is_built() {
    for protocol in Protocol::ALL {
        let spec = PlayerSpec::External {
            protocol,
            command: "/nonexistent/engine --flag".into(),
        };
        let error = spec.player(&PlayerSettings::default()).err().unwrap();
        assert!(matches!(error, PlayerError::Spawn { .. }), "{error}");
    }
}

/// An engine that burns CPU time and crashes is restarted, and the player's
/// CPU time still counts what the crashed program burnt: the arena's
/// `--cpu-time` charges a move the difference of two readings, which would
/// otherwise fall back to the new program's few milliseconds.
#[cfg(target_os = "linux")]
#[test]
fn a_restarted_engine_is_charged_the_cpu_time_of_the_one_that_crashed() {
    let patient = patient();
    let burnt = Duration::from_millis(150);
    for protocol in Protocol::ALL {
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("crashed").display().to_string();
        let words = [binary(protocol), "crash-once", &marker, "150"].map(String::from);
        let mut once = ExternalPlayer::start(protocol, words.to_vec(), patient).unwrap();
        let before = once.cpu_time().expect("the CPU time is known");
        once.new_game().unwrap();
        let game = GameSoFar::new(Position::start(), &[]).unwrap();
        once.choose(game, budget()).unwrap();
        assert!(
            std::fs::metadata(&marker).is_ok(),
            "{protocol:?}: it crashed once"
        );
        let after = once.cpu_time().unwrap();
        // In ticks of 10 ms, user and system time each rounded down.
        assert!(
            after >= before + burnt - Duration::from_millis(20),
            "{protocol:?}: {before:?} then {after:?}"
        );
    }
}

/// A Botzone bot tells the CPU time of all its processes, kept running or
/// restarted every turn (each then read as it exits): the total grows by what
/// each move burnt. The bot burns CPU time, not wall time, and the deadlines
/// are long, so a loaded machine only makes the test slower.
#[cfg(target_os = "linux")]
#[test]
fn a_botzone_bot_tells_its_cpu_time_in_either_mode() {
    let patient = patient();
    let burnt = Duration::from_millis(50);
    for mode in ["busy", "busy-keep"] {
        let words = [binary(Protocol::Botzone), mode, "50"].map(String::from);
        let mut bot = ExternalPlayer::start(Protocol::Botzone, words.to_vec(), patient).unwrap();
        // The arena's `--cpu-time` asks before the first move.
        let mut before = bot
            .cpu_time()
            .expect("the CPU time is known from the start");
        bot.new_game().unwrap();
        let mut moves: Vec<Move> = Vec::new();
        for _ in 0..3 {
            let game = GameSoFar::new(Position::start(), &moves).unwrap();
            moves.push(bot.choose(game, budget()).unwrap());
            let after = bot.cpu_time().unwrap();
            // Read as user and system time, each rounded down to ticks of
            // 10 ms: at least the 50 ms burnt, less two ticks.
            assert!(
                after >= before + burnt - Duration::from_millis(20),
                "{mode}: {before:?} then {after:?}"
            );
            before = after;
            let game = GameSoFar::new(Position::start(), &moves).unwrap();
            moves.push(*game.position.legal_moves().last().unwrap());
        }
    }
}
