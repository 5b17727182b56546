//! A scripted engine for the SAU platform protocol (see the crate
//! documentation for the modes): `fake-sau-engine MODE [ARG]`. It prints a
//! board line before each move, as real SAU engines do, which a driver must
//! skip.
//!
//! Coordinates as SAU Amazons engines write them: column letter A-J, then row
//! letter counted from the top (A = rank 10); `new black` means it moves first.

use std::io::{BufRead, Write};

use amazons_core::{Move, Position, Square};
use amazons_fake_engines::{Answerer, Mode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().cloned().unwrap_or_else(|| "good".into());
    let mut answerer = Answerer::new(Mode::from_args(&args));
    let mut out = std::io::stdout();
    let mut moves: Vec<Move> = Vec::new();
    let mut reply = |moves: &mut Vec<Move>, out: &mut std::io::Stdout| {
        let _ = writeln!(out, "board after {} moves", moves.len());
        if let Some(m) = answerer.answer(Position::start(), moves) {
            moves.push(m);
            let _ = writeln!(out, "move {}", format(m));
        }
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["name?"] => {
                let _ = writeln!(out, "name fake-{name}");
            }
            ["new", colour] => {
                moves.clear();
                if colour == "black" {
                    reply(&mut moves, &mut out);
                }
            }
            ["move", text] => {
                moves.push(parse(text));
                reply(&mut moves, &mut out);
            }
            ["quit"] => break,
            _ => {}
        }
        let _ = out.flush();
    }
}

fn parse(text: &str) -> Move {
    let b = text.as_bytes();
    if b.len() != 6 {
        std::process::exit(5);
    }
    let square = |c: u8, r: u8| {
        Square::new(c.wrapping_sub(b'A'), 9u8.wrapping_sub(r.wrapping_sub(b'A')))
            .unwrap_or_else(|| std::process::exit(5))
    };
    Move::new(square(b[0], b[1]), square(b[2], b[3]), square(b[4], b[5]))
}

fn format(m: Move) -> String {
    let s = |q: Square| {
        format!(
            "{}{}",
            char::from(b'A' + q.file()),
            char::from(b'A' + 9 - q.rank())
        )
    };
    format!("{}{}{}", s(m.from), s(m.to), s(m.arrow))
}
