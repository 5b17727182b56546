//! UCI sessions: drive the built `amazons-engine` binary over pipes. Time
//! bounds here are smoke bounds (a search that ignores its budget or never
//! stops), far above what a loaded machine adds; the deadline itself is
//! measured in CPU time in `search.rs`. No sleep waits for anything: the
//! engine reads its input in order, so a command sent after `go` arrives
//! while it searches.

mod uci_session;

use std::time::{Duration, Instant};

use amazons_core::{Move, Position};
use uci_session::{Session, assert_legal_bestmove};

const T: Duration = Duration::from_secs(10);

#[test]
fn handshake_lists_options() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.until("uciok", T);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("id name amazons-engine"))
    );
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Level type spin default 7 min 1 max 7"),
        "{lines:#?}"
    );
    for option in ["UCI_Variant", "Threads", "Hash", "Level", "Seed"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    s.send("setoption name UCI_Variant value amazons");
    s.send("isready");
    let lines = s.until("readyok", T);
    assert_eq!(lines, vec!["readyok"], "amazons is accepted silently");
    s.send("setoption name UCI_Variant value chess");
    assert!(s.until("info string", T)[0].contains("only amazons"));
    s.quit(T);
}

#[test]
fn plays_legal_moves_from_startpos_and_fen() {
    let mut s = Session::start();
    s.send("ucinewgame");
    s.send("position startpos moves d1d7,d7g7");
    s.send("go nodes 300");
    let lines = s.until("bestmove", T);
    let p = Position::start()
        .play(Move::from_uci("d1d7,d7g7").unwrap())
        .unwrap();
    assert_legal_bestmove(&p, &lines);
    // Level 7 (the default) reports the length of its principal line as the depth.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth ") && l.contains(" score cp ")),
        "{lines:#?}"
    );

    s.send(
        "position fen 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1 moves d1d7,d7g7 a7b7,b7c7",
    );
    s.send("go movetime 100");
    let t = Instant::now();
    let lines = s.until("bestmove", T);
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    let p = p.play(Move::from_uci("a7b7,b7c7").unwrap()).unwrap();
    assert_legal_bestmove(&p, &lines);
    s.quit(T);
}

#[test]
fn clock_go_and_no_legal_move() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go wtime 2000 btime 2000 winc 10 binc 10");
    let t = Instant::now();
    let lines = s.until("bestmove", T);
    // A share of the clock, not all of it.
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    assert_legal_bestmove(&Position::start(), &lines);
    s.send("position fen Q*8/**8/10/10/10/10/10/10/10/9q w - - 0 1");
    s.send("go depth 2");
    assert_eq!(s.until("bestmove", T).last().unwrap(), "bestmove (none)");
    // A depth does not bound the Monte-Carlo level 7: it thinks for the default
    // second instead of forever. Level 6 searches to the depth.
    s.send("position startpos");
    s.send("go depth 2");
    let t = Instant::now();
    let lines = s.until("bestmove", T);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert_legal_bestmove(&Position::start(), &lines);
    s.send("setoption name Level value 6");
    s.send("go depth 1");
    let lines = s.until("bestmove", T);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 1 score cp")),
        "{lines:#?}"
    );
    s.quit(T);
}

#[test]
fn infinite_search_answers_isready_and_stops() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    s.send("isready");
    let lines = s.until("readyok", T);
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    s.send("stop");
    let lines = s.until("bestmove", T);
    assert_legal_bestmove(&Position::start(), &lines);
    // quit while thinking also works
    s.send("go infinite");
    s.quit(T);
}

#[test]
fn perft_divide_matches_core() {
    let mut s = Session::start();
    s.send("position startpos moves d1d7,d7g7");
    s.send("go perft 1");
    let lines = s.until("Nodes searched", T);
    let p = Position::start()
        .play(Move::from_uci("d1d7,d7g7").unwrap())
        .unwrap();
    let n = p.count_moves();
    assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {n}"));
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(lines.len() as u64, n + 2);
    assert!(lines[0].ends_with(": 1"));
    s.quit(T);
}

#[test]
fn errors_are_reported_and_ignored() {
    let mut s = Session::start();
    s.send("frobnicate");
    assert!(s.until("info string", T)[0].contains("unknown command"));
    s.send("position startpos moves d1d7,d7g7 d7d1,d1d2");
    assert!(s.until("info string", T)[0].contains("illegal move"));
    // Position unchanged: still the start, 2176 moves.
    s.send("go perft 1");
    assert_eq!(
        s.until("Nodes searched", T).last().unwrap(),
        "Nodes searched: 2176"
    );
    s.send("position startpos moves zz");
    assert!(s.until("info string", T)[0].contains("bad move"));
    s.send("position fen not/a/fen w");
    assert!(s.until("info string", T)[0].contains("bad FEN"));
    s.send("go sideways 3");
    assert!(s.until("info string", T)[0].contains("unknown go parameter"));
    s.send("setoption name Level value 99");
    assert!(s.until("info string", T)[0].contains("Level"));
    s.send("setoption name Level value 1");
    s.send("go movetime 50");
    let lines = s.until("bestmove", T);
    assert_legal_bestmove(&Position::start(), &lines);
    s.quit(T);
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.until("uciok", T);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("option name Ponder type check"))
    );
    // Ponder on the expected reply; `isready` is answered meanwhile and no
    // bestmove comes before `ponderhit`.
    s.send("position startpos moves d1d7,d7g7 a7b7,b7c7");
    s.send("go ponder movetime 100");
    s.send("isready");
    let lines = s.until("readyok", T);
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    s.send("ponderhit");
    let lines = s.until("bestmove", T);
    // Exactly one bestmove: the pondering search's was not printed.
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    let p = Position::start()
        .play(Move::from_uci("d1d7,d7g7").unwrap())
        .unwrap()
        .play(Move::from_uci("a7b7,b7c7").unwrap())
        .unwrap();
    assert_legal_bestmove(&p, &lines);
    // `stop` while pondering gives the pondering search's move.
    s.send("go ponder wtime 60000 btime 60000");
    s.send("stop");
    let lines = s.until("bestmove", T);
    assert_legal_bestmove(&p, &lines);
    s.send("ponderhit");
    assert!(s.until("info string", T)[0].contains("ponderhit without go ponder"));
    s.quit(T);
}
