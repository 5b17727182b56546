//! Any text given to the FEN reader either is refused with an error or reads as
//! a position whose FEN reads back as the same position and prints the same
//! text again; the position's hash and move count are consistent.
//!
//! Two input forms reach valid boards far more often than raw bytes do: after a
//! leading 0xFF each byte picks a character from FEN's own alphabet, and after a
//! leading 0xFE the bytes are the 100 squares themselves (mostly empty, some
//! arrows, a few queens), written out as FEN text by the target.

#![no_main]

use amazons_core::Position;
use libfuzzer_sys::fuzz_target;

const ALPHABET: &[u8] = b"Qq*0123456789/ wb-10";

fuzz_target!(|data: &[u8]| {
    let text: String = match data.split_first() {
        Some((0xFF, rest)) => rest
            .iter()
            .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
            .collect(),
        Some((0xFE, rest)) => board_text(rest),
        _ => match std::str::from_utf8(data) {
            Ok(text) => text.to_owned(),
            Err(_) => return,
        },
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let fen = position.fen();
    let again: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again, position, "{fen}");
    assert_eq!(again.fen(), fen);
    assert_eq!(position.hash(), position.hash_from_scratch());
    let moves = position.legal_moves();
    assert_eq!(position.count_moves(), moves.len() as u64);
    assert_eq!(position.count_moves_simple(), moves.len() as u64);
    assert_eq!(position.has_legal_move(), !moves.is_empty());
});

/// FEN text for a board given square by square (rank 10 first), then a side
/// byte and two counter bytes; missing bytes are empty squares or zeros.
fn board_text(bytes: &[u8]) -> String {
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let mut text = String::new();
    for row in 0..10 {
        let mut run = 0;
        for file in 0..10 {
            let piece = match byte(row * 10 + file) {
                0..=199 => None,
                200..=239 => Some('*'),
                240..=247 => Some('Q'),
                _ => Some('q'),
            };
            match piece {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        if row < 9 {
            text.push('/');
        }
    }
    let side = if byte(100) % 2 == 0 { 'w' } else { 'b' };
    format!("{text} {side} - - {} {}", byte(101), byte(102))
}
