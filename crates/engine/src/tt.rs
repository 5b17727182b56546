//! Transposition table shared by all search threads (Lazy SMP).
//!
//! Lock-free: each slot is two `AtomicU64`s, the key XOR the data and the data.
//! A torn write (two threads storing at once) makes the check `key ^ data`
//! fail, so a reader sees either a whole entry or nothing.

use std::sync::atomic::{AtomicU64, Ordering};

use amazons_core::{Move, Square};

/// Whether a stored score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// One decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Best or refuting move found, if any.
    pub best: Option<Move>,
    /// Score, from the side to move's point of view.
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// Kind of score.
    pub bound: Bound,
}

const NO_MOVE: u64 = 0x1F_FFFF;

fn encode_move(m: Option<Move>) -> u64 {
    match m {
        None => NO_MOVE,
        Some(m) => {
            u64::from(m.from.index())
                | u64::from(m.to.index()) << 7
                | u64::from(m.arrow.index()) << 14
        }
    }
}

fn decode_move(bits: u64) -> Option<Move> {
    if bits == NO_MOVE {
        return None;
    }
    let sq = |b: u64| Square::from_index((b & 0x7F) as u8);
    Some(Move::new(sq(bits)?, sq(bits >> 7)?, sq(bits >> 14)?))
}

/// The shared transposition table.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Tt {
    /// A table of about `mb` megabytes (rounded down to a power of two of
    /// 16-byte slots; at least 1024 slots).
    pub fn new(mb: usize) -> Tt {
        let wanted = (mb.max(1) << 20) / 16;
        let mut n = 1024usize;
        while n * 2 <= wanted {
            n *= 2;
        }
        let slots = (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        Tt { slots, mask: n - 1 }
    }

    /// Forgets everything (new game).
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let k = slot[0].load(Ordering::Relaxed);
        let d = slot[1].load(Ordering::Relaxed);
        if k ^ d != key || d == 0 {
            return None;
        }
        let bound = match (d >> 45) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best: decode_move(d & 0x1F_FFFF),
            score: ((d >> 21) & 0xFFFF) as u16 as i16 as i32,
            depth: ((d >> 37) & 0xFF) as u8,
            bound,
        })
    }

    /// Stores an entry for `key` (replacing what was there unless that was a
    /// deeper result for the same position).
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let old_k = slot[0].load(Ordering::Relaxed);
        let old_d = slot[1].load(Ordering::Relaxed);
        if old_k ^ old_d == key
            && ((old_d >> 37) & 0xFF) as u8 > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let score = entry.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let d = encode_move(entry.best)
            | score << 21
            | u64::from(entry.depth) << 37
            | bound << 45
            | 1 << 47;
        slot[0].store(key ^ d, Ordering::Relaxed);
        slot[1].store(d, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let tt = Tt::new(1);
        let m: Move = "d1-d7/g7".parse().unwrap();
        let e = Entry {
            best: Some(m),
            score: -1234,
            depth: 7,
            bound: Bound::Lower,
        };
        tt.store(0xDEAD_BEEF_1234, e);
        assert_eq!(tt.probe(0xDEAD_BEEF_1234), Some(e));
        assert_eq!(tt.probe(0xDEAD_BEEF_1235), None);
        let e2 = Entry {
            best: None,
            score: 29_000,
            depth: 0,
            bound: Bound::Exact,
        };
        tt.store(42, e2);
        assert_eq!(tt.probe(42), Some(e2));
    }
}
