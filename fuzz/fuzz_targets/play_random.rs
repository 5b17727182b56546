//! A game steered by the input: each pair of bytes picks one legal move (or,
//! when its top bit is set, tries a likely-illegal move built from it). Checks
//! make/unmake, the incremental hash, `play`, counting and the end of the game.

#![no_main]

use amazons_core::{EndReason, MAX_GAME_LENGTH, Move, Outcome, Position, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut position = Position::start();
    let mut moves = Vec::new();
    for pair in data.chunks(2) {
        let choice = u16::from_le_bytes([pair[0], *pair.get(1).unwrap_or(&0)]);
        position.legal_moves_into(&mut moves);
        assert_eq!(position.count_moves(), moves.len() as u64);
        assert_eq!(position.count_moves_simple(), moves.len() as u64);
        if moves.is_empty() {
            assert!(position.ply() as usize <= MAX_GAME_LENGTH);
            assert_eq!(
                position.outcome(),
                Some(Outcome::win(
                    position.turn().opponent(),
                    EndReason::NoLegalMove
                ))
            );
            return;
        }
        if choice & 0x8000 != 0 {
            // Three squares from the low bits: legal exactly when generated,
            // and a refused move leaves the position as it was.
            let sq = |bits: u16| Square::from_index((bits % 100) as u8).expect("on board");
            let probe = Move::new(sq(choice), sq(choice >> 5), sq(choice.rotate_left(7)));
            let generated = moves.contains(&probe);
            match position.play(probe) {
                Ok(next) => {
                    assert!(generated, "{probe} played but not generated");
                    let mut made = position;
                    made.make(probe);
                    assert_eq!(next, made);
                }
                Err(err) => {
                    assert!(!generated, "{probe} generated but refused: {}", err.reason);
                    assert_eq!(err.position, position);
                }
            }
            continue;
        }
        let m = moves[usize::from(choice) % moves.len()];
        assert_eq!(position.is_legal(m), Ok(()));
        let before = position;
        let mut scratch = position;
        scratch.make(m);
        assert_eq!(scratch.hash(), scratch.hash_from_scratch());
        scratch.unmake(m);
        assert_eq!(scratch, before);
        position = position.play(m).expect("generated moves are legal");
        assert_eq!(position.hash(), position.hash_from_scratch());
    }
});
