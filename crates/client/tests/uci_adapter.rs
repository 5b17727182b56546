//! The external-engine adapter against the scripted fake engine
//! (`src/bin/fake-uci-engine.rs`): good, crashing, silent and illegal engines,
//! and the restart-once policy.

use std::time::Duration;

use amazons_client::chooser::{GameSoFar, MoveChooser, ThinkBudget};
use amazons_client::uci_engine::{SupervisedEngine, UciEngine, UciError, UciTimeouts};
use amazons_core::{Move, Position};

fn fake(mode: &str) -> Vec<String> {
    vec![
        env!("CARGO_BIN_EXE_fake-uci-engine").to_string(),
        mode.to_string(),
    ]
}

fn quick() -> UciTimeouts {
    UciTimeouts {
        handshake: Duration::from_secs(5),
        grace: Duration::from_millis(300),
        unbounded: Duration::from_secs(1),
    }
}

fn budget() -> ThinkBudget {
    ThinkBudget {
        movetime: Some(Duration::from_millis(100)),
        clocks: None,
    }
}

fn after(moves: &[Move]) -> Position {
    moves
        .iter()
        .fold(Position::start(), |p, m| p.play(*m).unwrap())
}

#[test]
fn a_good_engine_gets_the_moves_and_answers_legally() {
    let mut engine = UciEngine::start(&fake("good"), quick()).unwrap();
    assert_eq!(engine.name(), "fake-good");
    engine.new_game().unwrap();
    let moves: Vec<Move> = vec!["d1-d7/g7".parse().unwrap()];
    let position = after(&moves);
    let game = GameSoFar {
        start: Position::start(),
        moves: &moves,
        position,
    };
    let m = engine.best_move(game, budget()).unwrap();
    assert_eq!(
        m,
        position.legal_moves()[0],
        "the engine saw the move played"
    );
}

#[test]
fn crashed_silent_and_illegal_engines_are_reported() {
    let start = Position::start();
    let game = GameSoFar {
        start,
        moves: &[],
        position: start,
    };
    let mut crash = UciEngine::start(&fake("crash"), quick()).unwrap();
    assert!(matches!(
        crash.best_move(game, budget()),
        Err(UciError::Crashed(_))
    ));
    let mut silent = UciEngine::start(&fake("silent"), quick()).unwrap();
    let started = std::time::Instant::now();
    assert!(matches!(
        silent.best_move(game, budget()),
        Err(UciError::Silent { .. })
    ));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let mut illegal = UciEngine::start(&fake("illegal"), quick()).unwrap();
    let error = illegal.best_move(game, budget()).unwrap_err();
    assert!(
        error.to_string().contains("illegal move `e5e6,e6e7`"),
        "{error}"
    );
    let missing = UciEngine::start(&["/nonexistent/engine".to_string()], quick());
    assert!(matches!(missing, Err(UciError::Spawn { .. })));
}

#[test]
fn a_failing_engine_is_restarted_once_then_given_up() {
    let start = Position::start();
    let game = GameSoFar {
        start,
        moves: &[],
        position: start,
    };
    let marker = tempfile::tempdir().unwrap();
    let mut command = fake("crash-once");
    command.push(marker.path().join("crashed").display().to_string());
    let mut once = SupervisedEngine::start(command, quick()).unwrap();
    once.new_game().unwrap();
    assert!(once.choose(game, budget()).is_ok(), "one restart fixes it");

    for mode in ["crash", "illegal", "silent"] {
        let mut bad = SupervisedEngine::start(fake(mode), quick()).unwrap();
        bad.new_game().unwrap();
        let error = bad.choose(game, budget()).unwrap_err();
        assert!(
            error.to_string().contains("failed twice"),
            "{mode}: {error}"
        );
    }
}
