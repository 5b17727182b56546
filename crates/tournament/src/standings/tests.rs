//! Hand-worked standings.

use super::*;
use crate::{GameResult, Pairing};

/// A finished game: `winner` beat `loser` (the winner playing White).
fn win(winner: usize, loser: usize, margin: Option<u32>) -> Pairing {
    Pairing {
        white: winner,
        black: loser,
        result: Some(GameResult {
            winner: Some(Side::First),
            forfeit: false,
            margin,
        }),
    }
}

fn forfeit_win(winner: usize, loser: usize) -> Pairing {
    Pairing {
        white: loser,
        black: winner,
        result: Some(GameResult {
            winner: Some(Side::Second),
            forfeit: true,
            margin: None,
        }),
    }
}

fn round(pairings: Vec<Pairing>, bye: Option<usize>) -> Round {
    Round { pairings, bye }
}

fn summary(rows: &[Standing]) -> Vec<(usize, u32, u32, Vec<i64>)> {
    rows.iter()
        .map(|r| {
            (
                r.entrant,
                r.rank,
                r.points,
                r.tiebreaks.iter().map(|&(_, v)| v).collect(),
            )
        })
        .collect()
}

#[test]
fn round_robin_sonneborn_berger_then_direct_encounter() {
    // 0 beats 1, 1 beats 2, 2 beats 0 (a cycle); 0 and 2 beat 3 on the
    // board, 1 beats 3 by forfeit. Points 2, 2, 2, 0.
    let rounds = vec![
        round(vec![win(0, 3, Some(4)), win(1, 2, Some(5))], None),
        round(vec![win(2, 3, Some(3)), win(0, 1, Some(1))], None),
        round(vec![forfeit_win(1, 3), win(2, 0, Some(2))], None),
    ];
    let rows = standings(&Format::RoundRobin { cycles: 1 }, 4, &rounds);
    // SB: 1 beat 2 (2 points) and won a forfeit (a virtual opponent with 1's
    // own 2 points): 4. 0 and 2 beat a 2-point entrant and 3 (0): 2 each;
    // still tied, 2 beat 0 directly. Game scores: 0: 4+1, 1: 5, 2: 3+2.
    assert_eq!(
        summary(&rows),
        vec![
            (1, 1, 2, vec![4, 0, 5]),
            (2, 2, 2, vec![2, 1, 5]),
            (0, 3, 2, vec![2, 0, 5]),
            (3, 4, 0, vec![0, 0, 0]),
        ]
    );
    assert_eq!(
        rows[0]
            .tiebreaks
            .iter()
            .map(|&(t, _)| t)
            .collect::<Vec<_>>(),
        vec![
            Tiebreak::SonnebornBerger,
            Tiebreak::DirectEncounter,
            Tiebreak::GameScore
        ]
    );
    assert!(rows.iter().all(|r| r.games == 3));
}

#[test]
fn equal_on_everything_shares_a_rank() {
    let double_forfeit = Pairing {
        white: 0,
        black: 1,
        result: Some(GameResult {
            winner: None,
            forfeit: true,
            margin: None,
        }),
    };
    let rows = standings(
        &Format::RoundRobin { cycles: 1 },
        3,
        &[round(vec![double_forfeit], Some(2))],
    );
    assert_eq!(
        summary(&rows),
        vec![
            // The bye: 1 point, SB its own point (a virtual opponent).
            (2, 1, 1, vec![1, 0, 0]),
            (0, 2, 0, vec![0, 0, 0]),
            (1, 2, 0, vec![0, 0, 0]),
        ]
    );
}

#[test]
fn swiss_buchholz_cut_and_sonneborn_berger() {
    let rounds = vec![
        round(vec![win(0, 2, None), win(1, 3, Some(7))], None),
        round(vec![win(0, 1, None), win(3, 2, Some(2))], None),
    ];
    let rows = standings(&Format::Swiss { rounds: 2 }, 4, &rounds);
    // Points 0:2 1:1 2:0 3:1. Buchholz 0: 0+1, 1: 1+2, 2: 2+1, 3: 1+0.
    assert_eq!(
        summary(&rows),
        vec![
            (0, 1, 2, vec![1, 1, 1, 0]),
            (1, 2, 1, vec![3, 2, 1, 7]),
            (3, 3, 1, vec![1, 1, 0, 2]),
            (2, 4, 0, vec![3, 2, 0, 0]),
        ]
    );
}

#[test]
fn a_bye_counts_a_virtual_opponent_with_one_s_own_points() {
    // 0 beats 1, 2 has the bye: 0 and 2 on one point; 0's Buchholz is its
    // opponent's 0, 2's is its own 1.
    let rows = standings(
        &Format::Swiss { rounds: 1 },
        3,
        &[round(vec![win(0, 1, None)], Some(2))],
    );
    assert_eq!(
        summary(&rows),
        vec![
            (2, 1, 1, vec![1, 0, 1, 0]),
            (0, 2, 1, vec![0, 0, 0, 0]),
            (1, 3, 0, vec![1, 0, 0, 0]),
        ]
    );
}

#[test]
fn games_in_progress_do_not_count() {
    let mut live = win(0, 1, Some(3));
    live.result = None;
    let rows = standings(&Format::Swiss { rounds: 1 }, 2, &[round(vec![live], None)]);
    assert!(
        rows.iter()
            .all(|r| r.points == 0 && r.games == 0 && r.rank == 1)
    );
}
