//! Round robins of every size: everyone meets everyone `cycles` times, a
//! double with each colour once, a single with colours balanced.

use std::collections::HashMap;

use amazons_core::Side;
use amazons_tournament::{Field, Format, GameResult, PairingError, Round, pair_round};
use proptest::prelude::*;

fn play_out(entrants: usize, cycles: u8) -> Vec<Round> {
    let format = Format::RoundRobin { cycles };
    let field = Field::new(entrants);
    let mut played = Vec::new();
    loop {
        match pair_round(&format, &field, &played) {
            Ok(mut round) => {
                for p in &mut round.pairings {
                    p.result = Some(GameResult {
                        winner: Some(Side::First),
                        forfeit: false,
                        margin: None,
                    });
                }
                played.push(round);
            }
            Err(PairingError::NoMoreRounds { planned }) => {
                assert_eq!(planned as usize, played.len());
                return played;
            }
            Err(other) => panic!("unexpected {other}"),
        }
    }
}

proptest! {
    #[test]
    fn everyone_meets_everyone(entrants in 2usize..=40, cycles in 1u8..=2) {
        let rounds = play_out(entrants, cycles);
        let mut games: HashMap<(usize, usize), u32> = HashMap::new();
        let mut whites = vec![0i64; entrants];
        let mut blacks = vec![0i64; entrants];
        for round in &rounds {
            let mut seen = vec![false; entrants];
            for p in &round.pairings {
                *games.entry((p.white, p.black)).or_default() += 1;
                whites[p.white] += 1;
                blacks[p.black] += 1;
                for e in [p.white, p.black] {
                    prop_assert!(!seen[e]);
                    seen[e] = true;
                }
            }
            if let Some(b) = round.bye {
                prop_assert!(!seen[b]);
                seen[b] = true;
            }
            prop_assert!(seen.iter().all(|&s| s));
            prop_assert_eq!(round.bye.is_some(), entrants % 2 == 1);
        }
        for a in 0..entrants {
            for b in a + 1..entrants {
                let ab = games.get(&(a, b)).copied().unwrap_or(0);
                let ba = games.get(&(b, a)).copied().unwrap_or(0);
                prop_assert_eq!(ab + ba, u32::from(cycles), "{} and {}", a, b);
                if cycles == 2 {
                    prop_assert_eq!((ab, ba), (1, 1));
                }
            }
            if cycles == 1 {
                prop_assert!((whites[a] - blacks[a]).abs() <= 1, "entrant {}", a);
            }
        }
    }
}
