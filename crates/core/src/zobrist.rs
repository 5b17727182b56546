//! Zobrist keys: one random 64-bit number per (piece kind, square) and one for the
//! side to move. A position's hash is the XOR of the keys of what is on it, so a
//! move updates it with four XORs.

use crate::side::Side;
use crate::square::{SQUARES, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys for: first player's queen, second player's queen, arrow; then side to move.
struct Keys {
    pieces: [[u64; SQUARES]; 3],
    second_to_move: u64,
}

const fn build_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; SQUARES]; 3],
        second_to_move: 0,
    };
    let mut state = 0x0A3A_2025_u64;
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < SQUARES {
            let (next, key) = splitmix64(state);
            state = next;
            keys.pieces[kind][sq] = key;
            sq += 1;
        }
        kind += 1;
    }
    keys.second_to_move = splitmix64(state).1;
    keys
}

static KEYS: Keys = build_keys();

/// Key of `side`'s queen standing on `sq`.
#[inline]
pub(crate) fn queen_key(side: Side, sq: Square) -> u64 {
    KEYS.pieces[side.index()][sq.index() as usize]
}

/// Key of an arrow on `sq`.
#[inline]
pub(crate) fn arrow_key(sq: Square) -> u64 {
    KEYS.pieces[2][sq.index() as usize]
}

/// Key XORed in when the second player is to move.
#[inline]
pub(crate) fn second_to_move_key() -> u64 {
    KEYS.second_to_move
}
