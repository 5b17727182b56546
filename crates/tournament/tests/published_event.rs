//! The Dutch system against a real event's published pairings: the XX Open
//! Internacional de Gros (Donostia, 2010), 52 players, rounds 1 to 4, as in
//! its crosstable (`tests/data/gros-2010.txt`, source and format there).
//! Each round is paired from the results before it and compared with what
//! was played.
//!
//! The event was paired in 2010, under the Dutch rules of the time; this
//! crate follows the 2017 rules. Rounds 1 and 3 come out exactly as
//! published. Rounds 2 and 4 do not, and the tests below pin exactly where
//! they differ (see `docs/tournaments.md`):
//! - round 2, the 24 players on one point: both pairings give every player
//!   their colour preference (forfeited games leave no colour, so 13, 16 and
//!   20 have none); ours is the earlier transposition of S2 (4-16 before
//!   4-17), as C.04.3 orders them. The published one is the first
//!   transposition with at most one colour conflict if the forfeit wins of
//!   13, 16 and 20 counted as colours played (the conflict then falls on
//!   board 1, 1-13), though none would be needed;
//! - round 4, from the 1.5-point bracket down: the downfloater 52 meets 33
//!   (each gets their colour) where the published 52-25 leaves 52 without
//!   its preference (C.10 ranks colours above the transposition order),
//!   and the brackets below pair differently from there.

use std::collections::BTreeSet;

use amazons_core::Side;
use amazons_tournament::dutch::{self, History};

/// One player's round in the crosstable.
#[derive(Clone, Copy, Debug)]
enum Cell {
    Game {
        opponent: usize,
        white: bool,
        /// Half-points scored.
        points: u32,
        /// Played over the board (not a forfeit).
        played: bool,
    },
    /// A requested bye, worth `points` half-points: not paired.
    Absent { points: u32 },
    /// The pairing-allocated bye.
    Bye,
}

fn crosstable() -> Vec<Vec<Cell>> {
    let text = include_str!("data/gros-2010.txt");
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let number: usize = words.next().unwrap().parse().unwrap();
        assert_eq!(number, rows.len() + 1, "players in order");
        let cells = words
            .map(|w| match w {
                "H" => Cell::Absent { points: 1 },
                "Z" => Cell::Absent { points: 0 },
                "U" => Cell::Bye,
                _ => {
                    let split = w.find(['w', 'b']).unwrap();
                    let opponent: usize = w[..split].parse().unwrap();
                    let (points, played) = match &w[split + 1..] {
                        "1" => (2, true),
                        "=" => (1, true),
                        "0" => (0, true),
                        "+" => (2, false),
                        "-" => (0, false),
                        other => panic!("result {other}"),
                    };
                    Cell::Game {
                        opponent: opponent - 1,
                        white: &w[split..=split] == "w",
                        points,
                        played,
                    }
                }
            })
            .collect();
        rows.push(cells);
    }
    rows
}

/// Round `round` (0-based) as published: its games (white, black) and bye.
fn published(table: &[Vec<Cell>], round: usize) -> (BTreeSet<(usize, usize)>, Option<usize>) {
    let mut games = BTreeSet::new();
    let mut bye = None;
    for (player, row) in table.iter().enumerate() {
        match row[round] {
            Cell::Game {
                opponent,
                white: true,
                ..
            } => {
                games.insert((player, opponent));
            }
            Cell::Bye => bye = Some(player),
            _ => {}
        }
    }
    (games, bye)
}

/// Everyone's history after `rounds` rounds.
fn history(table: &[Vec<Cell>], rounds: usize) -> History {
    let mut history = History::new(table.len());
    for round in 0..rounds {
        for (player, row) in table.iter().enumerate() {
            match row[round] {
                Cell::Game {
                    opponent,
                    white: true,
                    points,
                    played,
                } => {
                    let Cell::Game { points: theirs, .. } = table[opponent][round] else {
                        panic!("opponent's cell")
                    };
                    history.game(player, opponent, points, theirs, played);
                }
                Cell::Game { .. } => {}
                Cell::Absent { points } => history.absent(player, points),
                Cell::Bye => history.bye(player, 2),
            }
        }
        history.end_round();
    }
    history
}

/// Pairs round `round` (0-based) of the event from the rounds before it.
fn pair(table: &[Vec<Cell>], round: usize) -> (BTreeSet<(usize, usize)>, Option<usize>) {
    let history = history(table, round);
    let present: Vec<dutch::Player> = history
        .players()
        .iter()
        .filter(|p| !matches!(table[p.id][round], Cell::Absent { .. }))
        .cloned()
        .collect();
    let paired = dutch::pair(&present, Side::First).expect("a legal pairing");
    (paired.games.into_iter().collect(), paired.bye)
}

fn differences(round: usize) -> Vec<String> {
    let table = crosstable();
    let (want, want_bye) = published(&table, round);
    let (got, got_bye) = pair(&table, round);
    let name = |(w, b): &(usize, usize)| format!("{}-{}", w + 1, b + 1);
    let mut out: Vec<String> = want
        .difference(&got)
        .map(|g| format!("published {} not paired", name(g)))
        .chain(
            got.difference(&want)
                .map(|g| format!("paired {} not published", name(g))),
        )
        .collect();
    if want_bye != got_bye {
        out.push(format!("bye: published {want_bye:?}, paired {got_bye:?}"));
    }
    out
}

#[test]
fn round_1_is_reproduced() {
    assert_eq!(differences(0), Vec::<String>::new());
}

#[test]
fn round_2_differs_only_in_the_top_bracket_s_transposition() {
    assert_eq!(
        differences(1),
        [
            "published 4-17 not paired",
            "published 6-21 not paired",
            "published 8-23 not paired",
            "published 10-25 not paired",
            "published 12-52 not paired",
            "published 16-5 not paired",
            "published 20-7 not paired",
            "published 22-9 not paired",
            "published 24-11 not paired",
            "paired 4-16 not published",
            "paired 6-17 not published",
            "paired 8-21 not published",
            "paired 10-23 not published",
            "paired 12-25 not published",
            "paired 20-5 not published",
            "paired 22-7 not published",
            "paired 24-9 not published",
            "paired 52-11 not published",
        ]
    );
}

#[test]
fn round_3_is_reproduced() {
    assert_eq!(differences(2), Vec::<String>::new());
}

#[test]
fn round_4_differs_from_the_one_and_a_half_point_bracket_down() {
    assert_eq!(
        differences(3),
        [
            "published 16-27 not paired",
            "published 20-35 not paired",
            "published 31-17 not paired",
            "published 32-19 not paired",
            "published 33-39 not paired",
            "published 36-44 not paired",
            "published 38-47 not paired",
            "published 40-51 not paired",
            "published 50-46 not paired",
            "published 52-25 not paired",
            "paired 20-27 not published",
            "paired 31-16 not published",
            "paired 32-17 not published",
            "paired 33-52 not published",
            "paired 35-19 not published",
            "paired 36-47 not published",
            "paired 38-51 not published",
            "paired 39-46 not published",
            "paired 40-44 not published",
            "paired 50-25 not published",
        ]
    );
}
