//! Standings of random events: a total order, best first, consistent with
//! the points; ranks shared exactly when points and every tie-break tie.

use amazons_core::Side;
use amazons_tournament::{
    Field, Format, GameResult, Round, Standing, pair_round, standings, tiebreak_order,
};
use proptest::prelude::*;

fn play(format: Format, entrants: usize, rolls: &[u8]) -> Vec<Round> {
    let field = Field::new(entrants);
    let mut played = Vec::new();
    let mut roll = rolls.iter().cycle();
    while let Ok(mut round) = pair_round(&format, &field, &played) {
        for p in &mut round.pairings {
            let r = *roll.next().unwrap();
            let winner = match r % 16 {
                0 => None,
                x if x % 2 == 0 => Some(Side::First),
                _ => Some(Side::Second),
            };
            let forfeit = winner.is_none() || r % 16 < 3;
            p.result = Some(GameResult {
                winner,
                forfeit,
                margin: (!forfeit && r % 3 == 0).then_some(u32::from(r % 7)),
            });
        }
        played.push(round);
    }
    played
}

/// Points counted straight from the rounds.
fn points(entrant: usize, rounds: &[Round]) -> u32 {
    let mut total = 0;
    for round in rounds {
        total += u32::from(round.bye == Some(entrant));
        for p in &round.pairings {
            let winner = p.result.and_then(|r| r.winner);
            if (p.white == entrant && winner == Some(Side::First))
                || (p.black == entrant && winner == Some(Side::Second))
            {
                total += 1;
            }
        }
    }
    total
}

fn key(row: &Standing) -> (u32, Vec<i64>) {
    (row.points, row.tiebreaks.iter().map(|&(_, v)| v).collect())
}

fn check(format: Format, entrants: usize, rounds: &[Round]) {
    let rows = standings(&format, entrants, rounds);
    let mut seen: Vec<usize> = rows.iter().map(|r| r.entrant).collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..entrants).collect::<Vec<_>>());
    let order = tiebreak_order(&format);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.points, points(row.entrant, rounds));
        assert_eq!(
            row.tiebreaks.iter().map(|&(t, _)| t).collect::<Vec<_>>(),
            order
        );
        if i == 0 {
            assert_eq!(row.rank, 1);
            continue;
        }
        let before = &rows[i - 1];
        assert!(
            key(before) >= key(row),
            "rows {} and {} out of order",
            i - 1,
            i
        );
        assert!(before.points >= row.points);
        if key(before) == key(row) {
            assert_eq!(row.rank, before.rank);
            assert!(before.entrant < row.entrant, "ties listed by seeding");
        } else {
            assert_eq!(row.rank, i as u32 + 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn round_robin_standings_are_a_total_order(
        entrants in 2usize..=12,
        cycles in 1u8..=2,
        rolls in prop::collection::vec(any::<u8>(), 64),
    ) {
        let format = Format::RoundRobin { cycles };
        let rounds = play(format, entrants, &rolls);
        check(format, entrants, &rounds);
    }

    #[test]
    fn swiss_standings_are_a_total_order(
        entrants in 2usize..=24,
        rounds in 1u32..=6,
        rolls in prop::collection::vec(any::<u8>(), 64),
    ) {
        let max = Format::RoundRobin { cycles: 1 }.rounds_planned(entrants);
        let format = Format::Swiss { rounds: rounds.min(max) };
        let played = play(format, entrants, &rolls);
        check(format, entrants, &played);
    }
}
