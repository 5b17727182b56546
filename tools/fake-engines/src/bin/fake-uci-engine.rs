//! A scripted UCI Amazons engine (see the crate documentation for the
//! modes): `fake-uci-engine MODE [ARG]`.

use std::io::{BufRead, Write};

use amazons_core::Position;
use amazons_engine::uci_command::PositionCommand;
use amazons_fake_engines::{Answerer, Mode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = Mode::from_args(&args);
    let name = args.first().cloned().unwrap_or_else(|| "good".into());
    let mut answerer = Answerer::new(mode);
    let mut out = std::io::stdout();
    let mut game = (Position::start(), Vec::new());
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                let _ = writeln!(out, "id name fake-{name}\nid author amazons tests\nuciok");
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("ucinewgame") => answerer.new_game(),
            Some("position") => {
                // An unreadable line exits with status 5 (the driver sent nonsense).
                let args = words[1..].join(" ");
                let read = args.parse::<PositionCommand>();
                game = read
                    .map(|read| (read.start, read.moves))
                    .unwrap_or_else(|_| std::process::exit(5));
            }
            Some("go") => match answerer.answer(game.0, &game.1) {
                Some(m) => {
                    let _ = writeln!(out, "info depth 1 score cp 0\nbestmove {}", m.uci());
                }
                None => {
                    let _ = writeln!(out, "bestmove (none)");
                }
            },
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
