//! What counting found about each region, remembered, so that a move
//! recounts only the regions it touched and a region that its budget could
//! not count is not counted again and again.
//!
//! A region's count depends only on the region (its queens and empty
//! squares) and the fixed budget, so what is remembered is what counting
//! it again would find: the same position gets the same answer whether it
//! is counted or remembered, before a restart or after.

use std::collections::HashMap;
use std::sync::Arc;

use amazons_core::Move;
use amazons_engine::territory::RegionKey;

/// What counting one region found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionCount {
    /// Counted exactly: a longest filling sequence.
    Exact(Arc<[Move]>),
    /// The budget ran out first: nothing proven.
    Unproven,
}

impl RegionCount {
    /// The region's longest filling sequence, when it was counted exactly.
    pub fn line(&self) -> Option<Vec<Move>> {
        match self {
            RegionCount::Exact(line) => Some(line.to_vec()),
            RegionCount::Unproven => None,
        }
    }
}

/// Remembered region counts, at most about twice `limit` of them: new ones
/// go to a recent table; when it is full, it becomes the older table (the
/// one before is forgotten). A region found in the older table moves back
/// to the recent one, so the regions of games still going stay.
#[derive(Debug)]
pub struct RegionMemo {
    /// Counts remembered since the last turnover.
    recent: HashMap<RegionKey, RegionCount>,
    /// Counts from before it.
    older: HashMap<RegionKey, RegionCount>,
    /// Most counts in each table.
    limit: usize,
}

impl RegionMemo {
    /// An empty memo holding up to `limit` counts in each of its two tables
    /// (at least one).
    pub fn new(limit: usize) -> RegionMemo {
        RegionMemo {
            recent: HashMap::new(),
            older: HashMap::new(),
            limit: limit.max(1),
        }
    }

    /// What counting `region` found, if it is remembered.
    pub fn get(&mut self, region: &RegionKey) -> Option<RegionCount> {
        if let Some(count) = self.recent.get(region) {
            return Some(count.clone());
        }
        let count = self.older.remove(region)?;
        self.insert(*region, count.clone());
        Some(count)
    }

    /// Remembers what counting `region` found.
    pub fn insert(&mut self, region: RegionKey, count: RegionCount) {
        if self.recent.len() >= self.limit {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.insert(region, count);
    }

    /// How many counts are remembered.
    pub fn remembered(&self) -> usize {
        self.recent.len() + self.older.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Bitboard;

    fn key(n: u32) -> RegionKey {
        RegionKey {
            queens: Bitboard(1),
            squares: Bitboard(u128::from(n) << 1),
        }
    }

    #[test]
    fn the_memo_stays_within_twice_its_limit_and_keeps_what_is_used() {
        let mut memo = RegionMemo::new(3);
        for n in 1..=3 {
            memo.insert(key(n), RegionCount::Unproven);
        }
        // The fourth turns the table over: 1..=3 are older now.
        memo.insert(key(4), RegionCount::Unproven);
        assert_eq!(memo.remembered(), 4);
        // 1 is used again, so it moves back among the recent ones.
        assert_eq!(memo.get(&key(1)), Some(RegionCount::Unproven));
        for n in 5..=7 {
            memo.insert(key(n), RegionCount::Unproven);
        }
        assert!(memo.remembered() <= 6);
        assert_eq!(memo.get(&key(2)), None, "unused and two turnovers old");
        assert_eq!(memo.get(&key(1)), Some(RegionCount::Unproven));
    }
}
