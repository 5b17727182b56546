//! The one place the server asks the pairing crate for a round and for the
//! standings, in the server's terms (entrant indices in, rows out).

use amazons_protocol::{TiebreakValue, tournament::Format};
use amazons_tournament::{Pairing, Round};

/// One line of the standings, by entrant index.
pub struct Row {
    /// The entrant's index in the field.
    pub entrant: usize,
    /// 1 for the leader; ties share a rank.
    pub rank: u32,
    /// Points.
    pub points: u32,
    /// Games counted.
    pub games: u32,
    /// Tie-breaks in their order.
    pub tiebreaks: Vec<TiebreakValue>,
}

/// Whether `format` can run with `entrants` entrants, in words when not.
pub fn validate(format: &Format, entrants: usize) -> Result<(), String> {
    if entrants < 2 {
        return Err(format!(
            "a tournament needs at least two entrants, it has {entrants}"
        ));
    }
    match *format {
        Format::RoundRobin { cycles } if !(1..=2).contains(&cycles) => {
            Err(format!("a round robin has one or two cycles, not {cycles}"))
        }
        Format::Swiss { rounds } if rounds == 0 || rounds > per_cycle(entrants) => Err(format!(
            "a Swiss of {entrants} entrants has 1 to {} rounds, not {rounds}",
            per_cycle(entrants)
        )),
        _ => Ok(()),
    }
}

/// The rounds of one round-robin cycle of `entrants`.
fn per_cycle(entrants: usize) -> u32 {
    (entrants + entrants % 2).saturating_sub(1) as u32
}

/// How many rounds `format` has with `entrants` entrants.
pub fn rounds_planned(format: &Format, entrants: usize) -> u32 {
    match *format {
        Format::RoundRobin { cycles } => per_cycle(entrants) * u32::from(cycles),
        Format::Swiss { rounds } => rounds,
    }
}

/// The next round of a field of `entrants` (the `withdrawn` ones among
/// them) after the rounds `played`, or why there is none.
pub fn pair(
    format: &Format,
    entrants: usize,
    withdrawn: &[usize],
    played: &[Round],
) -> Result<Round, String> {
    validate(format, entrants)?;
    if played.len() as u32 >= rounds_planned(format, entrants) {
        return Err("every round has been paired".into());
    }
    // Round robin by the circle method until the pairing crate lands.
    let _ = withdrawn;
    let n = entrants + entrants % 2;
    let per_cycle = n - 1;
    let r = played.len() % per_cycle;
    let swap = played.len() / per_cycle % 2 == 1;
    let mut ring: Vec<usize> = (1..n).collect();
    ring.rotate_right(r);
    let mut order = vec![0];
    order.extend(ring);
    let mut round = Round::default();
    for board in 0..n / 2 {
        let (a, b) = (order[board], order[n - 1 - board]);
        let (mut white, mut black) = if (board + r) % 2 == 0 { (a, b) } else { (b, a) };
        if swap {
            std::mem::swap(&mut white, &mut black);
        }
        if white >= entrants || black >= entrants {
            round.bye = Some(white.min(black));
            continue;
        }
        round.pairings.push(Pairing {
            white,
            black,
            result: None,
        });
    }
    Ok(round)
}

/// The standings of a field of `entrants` after the rounds `played`, best
/// first.
pub fn standings(format: &Format, entrants: usize, played: &[Round]) -> Vec<Row> {
    let _ = format;
    let mut rows: Vec<Row> = (0..entrants)
        .map(|entrant| Row {
            entrant,
            rank: 0,
            points: 0,
            games: 0,
            tiebreaks: Vec::new(),
        })
        .collect();
    for round in played {
        if let Some(bye) = round.bye {
            rows[bye].points += 1;
            rows[bye].games += 1;
        }
        for pairing in &round.pairings {
            let Some(result) = pairing.result else {
                continue;
            };
            rows[pairing.white].games += 1;
            rows[pairing.black].games += 1;
            match result.winner {
                Some(amazons_core::Side::First) => rows[pairing.white].points += 1,
                Some(amazons_core::Side::Second) => rows[pairing.black].points += 1,
                None => {}
            }
        }
    }
    rows.sort_by(|a, b| b.points.cmp(&a.points).then(a.entrant.cmp(&b.entrant)));
    let mut rank = 0;
    let mut last = None;
    for (i, row) in rows.iter_mut().enumerate() {
        if last != Some(row.points) {
            rank = i as u32 + 1;
            last = Some(row.points);
        }
        row.rank = rank;
    }
    rows
}
