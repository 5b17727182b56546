//! The Dutch system against FIDE's own worked example: the 15-player event
//! of "Mastering the Dutch" (the FIDE Systems of Pairings and Programs
//! Commission's guide to C.04.3), section 3 (round 1), section 4 (round 2)
//! and section 5 (round 3), as transcribed in the chesspairing project's
//! tests (pairing/dutch/fide_examples_test.go). Players are numbered 1-15
//! by rating; round 1's top board White. Player 6 takes a half-point bye in
//! round 2, player 7 in round 3 (both requested: not paired).

use amazons_core::Side;
use amazons_tournament::dutch::{self, History};

/// A game as published: white, black (pairing numbers), White's
/// half-points (2 win, 1 draw, 0 loss).
type Game = (usize, usize, u32);

const ROUND_1: &[Game] = &[
    (1, 8, 2),
    (9, 2, 1),
    (3, 10, 2),
    (11, 4, 0),
    (5, 12, 1),
    (13, 6, 2),
    (7, 14, 0),
];
const ROUND_1_BYE: usize = 15;

const ROUND_2: &[Game] = &[
    (14, 1, 0),
    (15, 3, 0),
    (4, 13, 2),
    (2, 5, 2),
    (12, 9, 1),
    (10, 7, 0),
    (8, 11, 2),
];
const ROUND_2_HALF_BYE: usize = 6;

const ROUND_3: &[(usize, usize)] = &[(1, 4), (3, 2), (13, 8), (9, 14), (12, 15), (6, 5), (11, 10)];
const ROUND_3_HALF_BYE: usize = 7;

fn record(history: &mut History, games: &[Game]) {
    for &(white, black, points) in games {
        history.game(white - 1, black - 1, points, 2 - points, true);
    }
}

/// Pairs the players present (all but `absent`, by pairing number).
fn pair(history: &History, absent: Option<usize>) -> (Vec<(usize, usize)>, Option<usize>) {
    let present: Vec<dutch::Player> = history
        .players()
        .iter()
        .filter(|p| Some(p.id + 1) != absent)
        .cloned()
        .collect();
    let round = dutch::pair(&present, Side::First).expect("a legal pairing");
    (
        round.games.iter().map(|&(w, b)| (w + 1, b + 1)).collect(),
        round.bye.map(|b| b + 1),
    )
}

fn games_of(games: &[Game]) -> Vec<(usize, usize)> {
    games.iter().map(|&(w, b, _)| (w, b)).collect()
}

#[test]
fn round_1() {
    let history = History::new(15);
    assert_eq!(pair(&history, None), (games_of(ROUND_1), Some(ROUND_1_BYE)));
}

#[test]
fn round_2() {
    let mut history = History::new(15);
    record(&mut history, ROUND_1);
    history.bye(ROUND_1_BYE - 1, 2);
    history.end_round();
    assert_eq!(
        pair(&history, Some(ROUND_2_HALF_BYE)),
        (games_of(ROUND_2), None)
    );
}

#[test]
fn round_3() {
    let mut history = History::new(15);
    record(&mut history, ROUND_1);
    history.bye(ROUND_1_BYE - 1, 2);
    history.end_round();
    record(&mut history, ROUND_2);
    history.absent(ROUND_2_HALF_BYE - 1, 1);
    history.end_round();
    assert_eq!(
        pair(&history, Some(ROUND_3_HALF_BYE)),
        (ROUND_3.to_vec(), None)
    );
}
