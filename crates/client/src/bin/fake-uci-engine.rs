//! A scripted UCI Amazons engine for testing the client's external-engine
//! adapter. Not for play.
//!
//! Usage: `fake-uci-engine MODE [MARKER_FILE]`, where MODE is
//! - `good`: answers every `go` with the first legal move (from amazons-core);
//! - `crash`: exits as soon as it is asked to move;
//! - `silent`: never answers `go` (nor `stop`);
//! - `illegal`: answers `go` with a move that is never legal;
//! - `crash-once`: crashes on its first `go` if MARKER_FILE does not exist
//!   (creating it), then behaves like `good` — a restart fixes it.

use std::io::{BufRead, Write};

use amazons_core::{Move, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "good".into());
    let marker = args.next();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut position = Position::start();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                let _ = writeln!(out, "id name fake-{mode}\nid author amazons tests\nuciok");
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("position") => position = parse_position(&words[1..]),
            Some("go") => match mode.as_str() {
                "crash" => std::process::exit(3),
                "crash-once" => {
                    let marker = marker.as_deref().expect("crash-once needs a marker file");
                    if std::fs::metadata(marker).is_err() {
                        std::fs::write(marker, "crashed").expect("marker file is writable");
                        std::process::exit(3);
                    }
                    answer_first_legal(&mut out, &position);
                }
                "silent" => {}
                "illegal" => {
                    let _ = writeln!(out, "bestmove e5e6,e6e7");
                }
                _ => answer_first_legal(&mut out, &position),
            },
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}

fn answer_first_legal(out: &mut impl Write, position: &Position) {
    match position.legal_moves().first() {
        Some(m) => {
            let _ = writeln!(out, "info depth 1 score cp 0\nbestmove {}", m.uci());
        }
        None => {
            let _ = writeln!(out, "bestmove (none)");
        }
    }
}

/// Reads `startpos|fen FEN... [moves m1 m2 ...]`; an unreadable part leaves
/// the start position (this is a test helper, not a referee).
fn parse_position(words: &[&str]) -> Position {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut position = match words.first() {
        Some(&"fen") => words[1..moves_at].join(" ").parse().unwrap_or_default(),
        _ => Position::start(),
    };
    for text in words.iter().skip(moves_at + 1) {
        if let Ok(next) = Move::from_uci(text).map(|m| position.play(m)) {
            position = next.unwrap_or(position);
        }
    }
    position
}
