//! What a UCI host gets from `go depth N` and `go nodes N` at every level,
//! and what `--help` tells a new user: drive the built `amazons-engine`
//! binary over pipes, as `uci.rs` does. Time bounds are smoke bounds only.

mod uci_session;

use std::process::Command;
use std::time::Duration;

use amazons_core::Position;
use uci_session::{Session, assert_legal_bestmove};

const T: Duration = Duration::from_secs(30);

/// The engine at `level`, with a small table (fast in debug builds).
fn at_level(level: u8) -> Session {
    let mut s = Session::start();
    s.send(&format!("setoption name Level value {level}"));
    s
}

/// `go ARGS` from the start: every line up to and including `bestmove`,
/// whose move must be legal.
fn go_from_start(s: &mut Session, args: &str) -> Vec<String> {
    s.send("position startpos");
    s.send(&format!("go {args}"));
    let lines = s.until("bestmove ", T);
    assert_legal_bestmove(&Position::start(), &lines);
    lines
}

/// The depths of the `info depth` lines.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

/// The node count of the last `info depth` line.
fn last_nodes(lines: &[String]) -> u64 {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("an info line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

fn notes(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string "))
        .collect()
}

#[test]
fn the_alpha_beta_levels_search_to_the_depth_and_nodes_asked() {
    for level in [6, 5] {
        let mut s = at_level(level);
        let lines = go_from_start(&mut s, "depth 2");
        assert_eq!(depths(&lines), [1, 2], "level {level}: {lines:#?}");
        assert!(notes(&lines).is_empty(), "{lines:#?}");
        let lines = go_from_start(&mut s, "nodes 300");
        assert!(last_nodes(&lines) <= 300, "level {level}: {lines:#?}");
        s.quit(T);
    }
    // Level 3, the full-width baseline, to depth 1 when asked, and within a
    // node budget (its depth 2 alone is hundreds of thousands of nodes).
    let mut s = at_level(3);
    let lines = go_from_start(&mut s, "depth 1");
    assert_eq!(depths(&lines), [1], "{lines:#?}");
    assert!(notes(&lines).is_empty(), "{lines:#?}");
    let lines = go_from_start(&mut s, "nodes 500");
    assert_eq!(last_nodes(&lines), 500, "{lines:#?}");
    s.quit(T);
}

#[test]
fn levels_without_depths_say_what_they_search_instead() {
    let cases = [
        (
            1,
            "depth 3 movetime 300",
            "depth is not used by level 1; searching nothing: it plays a random legal move",
        ),
        (
            2,
            "depth 3 nodes 50 movetime 300",
            "depth and nodes are not used by level 2; searching one ply: every legal move, scored by mobility",
        ),
        (
            4,
            "nodes 50 movetime 300",
            "nodes is not used by level 4; searching one ply: every legal move, scored by the territory evaluation",
        ),
        (
            7,
            "depth 3",
            "depth is not used by level 7; searching a Monte-Carlo tree for 1000 ms, the default think time (give movetime, wtime/btime or nodes to choose)",
        ),
        (
            7,
            "depth 3 nodes 100",
            "depth is not used by level 7; searching a Monte-Carlo tree for 100 playouts (nodes)",
        ),
        (
            7,
            "depth 3 movetime 200",
            "depth is not used by level 7; searching a Monte-Carlo tree for the time given (movetime or the clock)",
        ),
    ];
    for (level, go, note) in cases {
        let mut s = at_level(level);
        let lines = go_from_start(&mut s, go);
        assert_eq!(notes(&lines), [note], "level {level}, go {go}: {lines:#?}");
        let at = lines
            .iter()
            .position(|l| l.starts_with("info string"))
            .unwrap();
        assert!(at < lines.len() - 1, "the note comes before bestmove");
        s.quit(T);
    }
    // A limit the level honours gets no note.
    let mut s = at_level(7);
    let lines = go_from_start(&mut s, "nodes 100");
    assert!(notes(&lines).is_empty(), "{lines:#?}");
    s.quit(T);
}

#[test]
fn help_says_that_with_no_subcommand_it_is_a_uci_engine_on_stdin() {
    for flag in ["-h", "--help"] {
        let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
            .arg(flag)
            .output()
            .unwrap();
        assert!(output.status.success());
        let help = String::from_utf8(output.stdout).unwrap();
        // The first paragraph, however the help is wrapped to the terminal.
        let about = help.split("\n\n").next().unwrap().replace('\n', " ");
        assert!(
            about.contains("with no subcommand, it is a UCI engine")
                && about.contains("standard input"),
            "{flag}: {help}"
        );
    }
}
