//! The completion criterion: a Swiss the format accepts can always be
//! paired to its last round (no withdrawals), whatever the results.

use std::collections::HashSet;

use amazons_core::Side;
use amazons_tournament::{Field, Format, GameResult, Pairing, PairingError, Round, pair_round};
use proptest::prelude::*;

fn result(roll: u8) -> GameResult {
    let winner = if roll % 2 == 0 {
        Side::First
    } else {
        Side::Second
    };
    GameResult {
        winner: Some(winner),
        forfeit: roll % 16 == 1,
        margin: None,
    }
}

/// The pairs met in `rounds`, smaller index first.
fn met(rounds: &[Round]) -> HashSet<(usize, usize)> {
    rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .map(|p| (p.white.min(p.black), p.white.max(p.black)))
        .collect()
}

/// Checks a round: no repeat pairing, and no second bye unless every
/// entrant still playing has had one (withdrawals can leave no other way).
fn check(field: &Field, before: &[Round], round: &Round) {
    let met = met(before);
    for p in &round.pairings {
        assert!(!met.contains(&(p.white.min(p.black), p.white.max(p.black))));
    }
    if let Some(b) = round.bye {
        let had: HashSet<usize> = before.iter().filter_map(|r| r.bye).collect();
        assert!(
            !had.contains(&b) || field.active().all(|i| had.contains(&i)),
            "second bye to {b} while others have none"
        );
    }
}

/// Plays `rounds` rounds of a Swiss of `entrants` with results from
/// `rolls`, withdrawing `(before round, entrant)`; returns the rounds
/// paired and the error that stopped it, if any.
fn play(
    entrants: usize,
    rounds: u32,
    rolls: &[u8],
    withdrawals: &[(usize, usize)],
) -> (Vec<Round>, Option<PairingError>) {
    let format = Format::Swiss { rounds };
    let mut field = Field::new(entrants);
    let mut played: Vec<Round> = Vec::new();
    let mut roll = rolls.iter().cycle();
    loop {
        for &(at, who) in withdrawals {
            if at == played.len() {
                field.withdraw(who % entrants);
            }
        }
        let mut round = match pair_round(&format, &field, &played) {
            Ok(round) => round,
            Err(PairingError::NoMoreRounds { .. }) => return (played, None),
            Err(other) => return (played, Some(other)),
        };
        check(&field, &played, &round);
        for p in &mut round.pairings {
            p.result = Some(result(*roll.next().unwrap()));
        }
        played.push(round);
    }
}

/// The most rounds `Format::validate` allows for `entrants`.
fn max_rounds(entrants: usize) -> u32 {
    (1..=entrants as u32)
        .take_while(|&r| Format::Swiss { rounds: r }.validate(entrants).is_ok())
        .last()
        .unwrap_or(0)
}

fn finished(pairs: &[(usize, usize)], bye: Option<usize>) -> Round {
    Round {
        pairings: pairs
            .iter()
            .map(|&(white, black)| Pairing {
                white,
                black,
                result: Some(result(0)),
            })
            .collect(),
        bye,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn six_entrants_complete_five_rounds(rolls in prop::collection::vec(any::<u8>(), 15)) {
        let (played, error) = play(6, 5, &rolls, &[]);
        prop_assert_eq!(error, None);
        prop_assert_eq!(played.len(), 5);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_swiss_of_up_to_half_the_field_completes(
        entrants in 2usize..=16,
        rolls in prop::collection::vec(any::<u8>(), 8 * 15),
    ) {
        // Up to half as many rounds as entrants (rounded up) completion is
        // guaranteed; longer Swisses are steered but may stop short.
        let rounds = max_rounds(entrants).min(entrants.div_ceil(2) as u32);
        prop_assert!(rounds >= 1);
        let (played, error) = play(entrants, rounds, &rolls, &[]);
        prop_assert_eq!(error, None);
        prop_assert_eq!(played.len(), rounds as usize);
    }

    #[test]
    fn a_swiss_as_long_as_a_round_robin_stops_only_by_refusing(
        entrants in 2usize..=16,
        rolls in prop::collection::vec(any::<u8>(), 8 * 15),
    ) {
        let rounds = max_rounds(entrants);
        let (played, error) = play(entrants, rounds, &rolls, &[]);
        match error {
            None => prop_assert_eq!(played.len(), rounds as usize),
            Some(PairingError::NoLegalPairing { round }) => {
                prop_assert_eq!(round as usize, played.len() + 1);
            }
            Some(other) => prop_assert!(false, "unexpected {}", other),
        }
    }

    #[test]
    fn a_withdrawal_ends_a_swiss_only_when_nothing_can_be_paired(
        entrants in 3usize..=12,
        rolls in prop::collection::vec(any::<u8>(), 6 * 11),
        withdrawals in prop::collection::vec((1usize..11, 0usize..12), 1..3),
    ) {
        let rounds = max_rounds(entrants);
        let (played, error) = play(entrants, rounds, &rolls, &withdrawals);
        match error {
            None => prop_assert_eq!(played.len(), rounds as usize),
            Some(PairingError::TooFewActive { .. }) => {}
            Some(PairingError::NoLegalPairing { round }) => {
                // Ending early is the documented outcome (a Swiss as long as
                // a round robin may stop short even without a withdrawal).
                prop_assert_eq!(round as usize, played.len() + 1);
            }
            Some(other) => prop_assert!(false, "unexpected {}", other),
        }
    }
}

/// Whether the pairs not yet met among `0..6` form two triangles (then no
/// round can be paired).
fn two_triangles(rounds: &[Round]) -> bool {
    let met = met(rounds);
    let unplayed = |a: usize, b: usize| !met.contains(&(a.min(b), a.max(b)));
    // Every vertex has exactly two unplayed opponents and those two have
    // not met each other either.
    (0..6).all(|a| {
        let others: Vec<usize> = (0..6).filter(|&b| b != a && unplayed(a, b)).collect();
        others.len() == 2 && unplayed(others[0], others[1])
    })
}

#[test]
fn the_two_triangles_trap_is_real() {
    // 0-1-2 and 3-4-5 have not met among themselves: every pair of
    // opponents still unplayed is inside a triangle, so round 4 has none.
    let history = [
        finished(&[(0, 3), (1, 4), (2, 5)], None),
        finished(&[(0, 4), (1, 5), (2, 3)], None),
        finished(&[(0, 5), (1, 3), (2, 4)], None),
    ];
    assert!(two_triangles(&history));
    assert_eq!(
        pair_round(&Format::Swiss { rounds: 5 }, &Field::new(6), &history),
        Err(PairingError::NoLegalPairing { round: 4 })
    );
}

#[test]
fn the_check_avoids_the_two_triangles_one_round_earlier() {
    // Every result sequence of rounds 1 and 2: where pairing round 3 with
    // no thought of later rounds walks into the trap, the five-round Swiss
    // pairs round 3 differently and goes on to the end.
    let mut trapped = 0;
    for results in 0u32..64 {
        let mut played: Vec<Round> = Vec::new();
        let five = Format::Swiss { rounds: 5 };
        let field = Field::new(6);
        for r in 0..2 {
            let mut round = pair_round(&five, &field, &played).unwrap();
            for (g, p) in round.pairings.iter_mut().enumerate() {
                p.result = Some(result((results >> (3 * r + g)) as u8 & 1));
            }
            played.push(round);
        }
        let blind = pair_round(&Format::Swiss { rounds: 3 }, &field, &played).unwrap();
        let seeing = pair_round(&five, &field, &played).unwrap();
        let with = |round: &Round| {
            let mut all = played.clone();
            all.push(round.clone());
            all
        };
        if two_triangles(&with(&blind)) {
            trapped += 1;
            assert_ne!(blind, seeing);
        }
        assert!(!two_triangles(&with(&seeing)));
    }
    assert!(trapped > 0, "no result sequence reaches the trap");
}

#[test]
fn a_withdrawal_that_leaves_no_legal_round_ends_the_swiss_early() {
    // After three rounds 4 and 5 withdraw; entrant 0 has met 1, 2 and 3,
    // the only others left: round 4 cannot be paired, and is refused.
    let history = [
        finished(&[(0, 1), (2, 3), (4, 5)], None),
        finished(&[(0, 2), (1, 4), (3, 5)], None),
        finished(&[(0, 3), (1, 5), (2, 4)], None),
    ];
    let mut field = Field::new(6);
    field.withdraw(4);
    field.withdraw(5);
    assert_eq!(
        pair_round(&Format::Swiss { rounds: 5 }, &field, &history),
        Err(PairingError::NoLegalPairing { round: 4 })
    );
    // With only 5 gone, the five left (and the bye) still pair round 4.
    let mut field = Field::new(6);
    field.withdraw(5);
    let round = pair_round(&Format::Swiss { rounds: 5 }, &field, &history).unwrap();
    check(&field, &history, &round);
    assert!(round.bye.is_some());
}
