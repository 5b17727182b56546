//! Helpers shared by the engine's integration tests.

use amazons_core::Position;

/// A position reached by `plies` pseudo-random legal moves from the start.
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut p = Position::start();
    let mut s = seed | 1;
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        p.make(moves[(s % moves.len() as u64) as usize]);
    }
    p
}
