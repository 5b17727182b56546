//! The field: how many entrants, which have withdrawn, and round one's
//! colours.

use amazons_core::Side;
use serde::{Deserialize, Serialize};

/// The entrants of a tournament as pairing sees them: indices `0..len()` in
/// seeding order (index 0 the strongest), some perhaps withdrawn. The caller
/// keeps the identities; this crate only ever sees the indices.
///
/// A withdrawn entrant stays in the field (its index and its games stay
/// valid): a round robin still pairs its games (the server forfeits them, the
/// pairing stands), a Swiss no longer pairs it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Field {
    entrants: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    withdrawn: Vec<usize>,
    #[serde(default = "white")]
    first_colour: Side,
}

fn white() -> Side {
    Side::First
}

impl Field {
    /// A field of `entrants` entrants, none withdrawn, round one's top board
    /// with White for the higher-seeded entrant (FIDE's default).
    pub fn new(entrants: usize) -> Self {
        Field {
            entrants,
            withdrawn: Vec::new(),
            first_colour: Side::First,
        }
    }

    /// The same field with round one's colours drawn: `side` is the colour
    /// of the higher-seeded entrant on a Swiss's first board (the other
    /// boards alternate). A caller that draws the colour by lot passes the
    /// side its seeded draw gave.
    pub fn with_first_colour(mut self, side: Side) -> Self {
        self.first_colour = side;
        self
    }

    /// The same field with round one's colours drawn by lot from `seed`
    /// (the caller keeps the seed, so the draw can be replayed): White or
    /// Black for the top seed, each for half of all seeds.
    pub fn with_colour_drawn_by(self, seed: u64) -> Self {
        let side = if splitmix64(seed) & 1 == 0 {
            Side::First
        } else {
            Side::Second
        };
        self.with_first_colour(side)
    }

    /// The colour of the higher-seeded entrant on a Swiss's first board in
    /// round one.
    pub fn first_colour(&self) -> Side {
        self.first_colour
    }

    /// Marks `entrant` withdrawn (or removed by the organiser). Returns
    /// whether that changed anything: `false` for an entrant already
    /// withdrawn or not in the field.
    pub fn withdraw(&mut self, entrant: usize) -> bool {
        if entrant >= self.entrants || self.is_withdrawn(entrant) {
            return false;
        }
        self.withdrawn.push(entrant);
        self.withdrawn.sort_unstable();
        true
    }

    /// How many entrants, withdrawn ones included.
    pub fn len(&self) -> usize {
        self.entrants
    }

    /// Whether the field has no entrants at all.
    pub fn is_empty(&self) -> bool {
        self.entrants == 0
    }

    /// Whether `entrant` has withdrawn.
    pub fn is_withdrawn(&self, entrant: usize) -> bool {
        self.withdrawn.binary_search(&entrant).is_ok()
    }

    /// The withdrawn entrants, in index order.
    pub fn withdrawn(&self) -> &[usize] {
        &self.withdrawn
    }

    /// The entrants still playing, in seeding order.
    pub fn active(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.entrants).filter(|&i| !self.is_withdrawn(i))
    }
}

/// One step of SplitMix64: spreads every bit of the seed over the output,
/// so that consecutive seeds draw independently.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withdrawing_keeps_the_indices() {
        let mut field = Field::new(4);
        assert!(field.withdraw(2));
        assert!(!field.withdraw(2));
        assert!(!field.withdraw(4));
        assert!(field.withdraw(0));
        assert_eq!(field.len(), 4);
        assert_eq!(field.withdrawn(), &[0, 2]);
        assert_eq!(field.active().collect::<Vec<_>>(), vec![1, 3]);
        assert!(field.is_withdrawn(0) && !field.is_withdrawn(1));
    }

    #[test]
    fn the_drawn_colour_depends_on_the_seed_only() {
        let draws: Vec<Side> = (0..64)
            .map(|seed| Field::new(4).with_colour_drawn_by(seed).first_colour())
            .collect();
        let whites = draws.iter().filter(|&&s| s == Side::First).count();
        assert!((16..=48).contains(&whites), "{whites} whites of 64");
        for seed in 0..64 {
            assert_eq!(
                Field::new(9).with_colour_drawn_by(seed).first_colour(),
                draws[seed as usize]
            );
        }
    }

    #[test]
    fn serde_shape() {
        let field = Field::new(3);
        let json = serde_json::to_string(&field).unwrap();
        assert_eq!(json, r#"{"entrants":3,"first_colour":"white"}"#);
        let mut back: Field = serde_json::from_str(r#"{"entrants":3}"#).unwrap();
        assert_eq!(back, field);
        back.withdraw(1);
        let json = serde_json::to_string(&back.clone().with_first_colour(Side::Second)).unwrap();
        assert_eq!(
            json,
            r#"{"entrants":3,"withdrawn":[1],"first_colour":"black"}"#
        );
    }
}
