//! A scripted Botzone Amazons bot, simple interaction (see the crate
//! documentation for the modes): `fake-botzone-bot MODE [ARG]`. In `keep`,
//! `engine-keep` and `busy-keep` modes it asks to keep running; otherwise it
//! answers one turn and exits. Its data line is `plies=N` (the moves it has
//! seen, its answer included); a data line that does not match the history
//! makes it exit with status 5, which tests that a driver hands the data back.
//!
//! Coordinates as Botzone's Amazons bots read them on a 10x10 board: `x` the
//! file from 0, `y` the rank from 0, the first player starting on (3,0) (6,0)
//! (0,3) (9,3).

use std::io::{BufRead, Write};

use amazons_core::{Move, Position, Square};
use amazons_fake_engines::{Answerer, Mode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let keep = args.first().is_some_and(|m| m.ends_with("keep"));
    let mut answerer = Answerer::new(Mode::from_args(&args));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let mut out = std::io::stdout();
    let turns: usize = match lines.next().and_then(|n| n.trim().parse().ok()) {
        Some(n) => n,
        None => std::process::exit(5),
    };
    let mut moves: Vec<Move> = Vec::new();
    for turn in 0..turns {
        let request = lines.next().unwrap_or_else(|| std::process::exit(5));
        if !(turn == 0 && request.trim() == "-1 -1 -1 -1 -1 -1") {
            moves.push(parse(&request));
        }
        if turn + 1 < turns {
            let response = lines.next().unwrap_or_else(|| std::process::exit(5));
            moves.push(parse(&response));
        }
    }
    let data = lines.next().unwrap_or_else(|| std::process::exit(5));
    let _globaldata = lines.next().unwrap_or_else(|| std::process::exit(5));
    // The data line of the last turn said how many moves had been seen then.
    if !data.is_empty() && data != format!("plies={}", moves.len().saturating_sub(1)) {
        std::process::exit(5);
    }
    loop {
        let Some(m) = answerer.answer(Position::start(), &moves) else {
            let _ = writeln!(out, "-1 -1 -1 -1 -1 -1");
            return;
        };
        moves.push(m);
        let _ = writeln!(out, "{}", format(m));
        if !keep {
            let _ = writeln!(out, "debug fake\nplies={}\nglobal", moves.len());
            return;
        }
        let _ = writeln!(out, ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<");
        let _ = out.flush();
        let Some(request) = lines.next() else { return };
        moves.push(parse(&request));
    }
}

fn parse(line: &str) -> Move {
    let n: Vec<u8> = line
        .split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| std::process::exit(5)))
        .collect();
    let square = |x: u8, y: u8| Square::new(x, y).unwrap_or_else(|| std::process::exit(5));
    match n[..] {
        [x0, y0, x1, y1, x2, y2] => Move::new(square(x0, y0), square(x1, y1), square(x2, y2)),
        _ => std::process::exit(5),
    }
}

fn format(m: Move) -> String {
    let xy = |s: Square| format!("{} {}", s.file(), s.rank());
    format!("{} {} {}", xy(m.from), xy(m.to), xy(m.arrow))
}
