//! The Dutch system on small hand-made fields.

use super::*;

const W: Side = Side::First;

fn fresh(n: usize) -> Vec<Player> {
    History::new(n).players().to_vec()
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_alternating_colours() {
    let round = pair(&fresh(6), W).unwrap();
    // Pairing numbers 1-4, 2-5, 3-6; the top seed White, then alternating.
    assert_eq!(round.games, vec![(0, 3), (4, 1), (2, 5)]);
    assert_eq!(round.bye, None);
    let black_first = pair(&fresh(6), Side::Second).unwrap();
    assert_eq!(black_first.games, vec![(3, 0), (1, 4), (5, 2)]);
}

#[test]
fn an_odd_field_gives_the_lowest_the_bye() {
    let round = pair(&fresh(5), W).unwrap();
    assert_eq!(round.bye, Some(4));
    assert_eq!(round.games, vec![(0, 2), (3, 1)]);
}

#[test]
fn round_two_pairs_by_score_without_repeats() {
    // Round 1 (as above): 1-4, 5-2, 3-6; winners 1, 2, 3.
    let mut history = History::new(6);
    history.game(0, 3, 2, 0, true);
    history.game(4, 1, 0, 2, true);
    history.game(2, 5, 2, 0, true);
    history.end_round();
    let round = pair(history.players(), W).unwrap();
    // Score 1: {1, 2, 3}, score 0: {4, 5, 6}. The top bracket pairs 1-2 and
    // moves 3 down; 3 meets the best of the zeros it has not met (4); 5-6.
    // Colours: 1 (W) wants B and 2 (B) wants W: 2-1; 3 had W, 4 had B: 4-3;
    // 5 had W, 6 had B: 6-5.
    assert_eq!(round.games, vec![(1, 0), (3, 2), (5, 4)]);
}

#[test]
fn no_legal_pairing_is_reported() {
    // Two players who have met: nothing left to pair.
    let mut history = History::new(2);
    history.game(0, 1, 2, 0, true);
    history.end_round();
    assert_eq!(pair(history.players(), W), Err(NoLegalPairing));
}

#[test]
fn a_draw_keeps_both_in_one_bracket() {
    // Four players, round 1: 1-3 drawn, 4-2 won by 2. In half-points: 1 and
    // 3 on 1, 2 on 2, 4 on 0.
    let mut history = History::new(4);
    history.game(0, 2, 1, 1, true);
    history.game(3, 1, 0, 2, true);
    history.end_round();
    let round = pair(history.players(), W).unwrap();
    // 2 (score 2) floats down to {1, 3}: meets 1 (the highest resident);
    // 3 meets 4. Colours: 2 had B, 1 had W: 2-1; 3 had B, 4 had W: 3-4.
    assert_eq!(round.games, vec![(1, 0), (2, 3)]);
}
