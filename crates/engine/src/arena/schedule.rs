//! Who plays whom in an arena run: the players' names and rating ids, and
//! what each game of the run is (which pair, who has white, which opening).
//!
//! Two players make one pair; three or more a round robin of every pair.
//! Every pair plays the same number of games over the same openings, each
//! opening twice with colours swapped, as a match of two always has. The
//! games are numbered in the order they are started: round by round, each
//! pair one game a round, so a run stopped early has played about as many
//! games of every pair. With one pair the numbering is the match's own
//! (game `i` is opening `i / 2`, the first player white when `i` is even),
//! so the records of a two-player match are what they always were.

use crate::player::PlayerSpec;
use amazons_core::PlayerId;
use anyhow::bail;

/// One player of the run, as the records and the tables name it.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// What plays.
    pub spec: PlayerSpec,
    /// The name in records and tables: the spec's label, with the player's
    /// letter (`-A`, `-B`, ...) when another player has the same label.
    pub name: String,
    /// Whose rating the games move: derived from the name, in a namespace of
    /// its own (`arena:NAME`) so no server identity can be mistaken for it.
    pub id: PlayerId,
}

/// The letter of the `index`-th player (`A` for the first); past `Z`, its
/// number.
pub fn letter(index: usize) -> String {
    match u8::try_from(index) {
        Ok(n) if n < 26 => char::from(b'A' + n).to_string(),
        _ => (index + 1).to_string(),
    }
}

/// The players of `specs`, named by their labels (told apart by their
/// letters where labels repeat).
pub fn entrants(specs: Vec<PlayerSpec>) -> anyhow::Result<Vec<Entrant>> {
    let labels: Vec<String> = specs.iter().map(PlayerSpec::label).collect();
    let entrants: Vec<Entrant> = specs
        .into_iter()
        .enumerate()
        .map(|(index, spec)| {
            let label = &labels[index];
            let name = if labels.iter().filter(|other| *other == label).count() > 1 {
                format!("{label}-{}", letter(index))
            } else {
                label.clone()
            };
            let id = PlayerId::new(format!("arena:{name}"));
            Entrant { spec, name, id }
        })
        .collect();
    for (index, entrant) in entrants.iter().enumerate() {
        if entrants[..index].iter().any(|e| e.name == entrant.name) {
            bail!(
                "two players would be called {}: give them labels apart",
                entrant.name
            );
        }
    }
    Ok(entrants)
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The player with white (an index into the entrants).
    pub white: usize,
    /// The player with black.
    pub black: usize,
    /// The opening, counted from the run's first (the caller adds the offset
    /// and wraps around the openings file).
    pub opening: usize,
}

/// Every game of a run.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Every pair of players, the earlier player first.
    pairs: Vec<(usize, usize)>,
    /// Games each pair plays (even).
    per_pair: usize,
}

impl Schedule {
    /// `players` players, each pair playing `games` games rounded up to an
    /// even number (each opening twice).
    pub fn new(players: usize, games: usize) -> Schedule {
        let pairs = (0..players)
            .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
            .collect();
        Schedule {
            pairs,
            per_pair: games.div_ceil(2) * 2,
        }
    }

    /// Games each pair plays.
    pub fn per_pair(&self) -> usize {
        self.per_pair
    }

    /// Games in the run.
    pub fn games(&self) -> usize {
        self.pairs.len() * self.per_pair
    }

    /// Game `index` (counted from 0): round `index / pairs`, in which every
    /// pair plays once; in even rounds the pair's earlier player has white,
    /// and rounds `2k` and `2k + 1` play opening `k`.
    pub fn game(&self, index: usize) -> Pairing {
        let round = index / self.pairs.len();
        let (a, b) = self.pairs[index % self.pairs.len()];
        let (white, black) = if round % 2 == 0 { (a, b) } else { (b, a) };
        Pairing {
            white,
            black,
            opening: round / 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(texts: &[&str]) -> Vec<PlayerSpec> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn one_pair_is_the_match_of_two_as_it_always_was() {
        let schedule = Schedule::new(2, 3);
        assert_eq!(schedule.games(), 4, "rounded up to even");
        let games: Vec<Pairing> = (0..4).map(|i| schedule.game(i)).collect();
        let expected =
            [(0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1)].map(|(white, black, opening)| Pairing {
                white,
                black,
                opening,
            });
        assert_eq!(games, expected);
    }

    #[test]
    fn a_round_robin_plays_every_pair_with_both_colours_on_each_opening() {
        let schedule = Schedule::new(4, 4);
        assert_eq!(schedule.games(), 6 * 4);
        let games: Vec<Pairing> = (0..schedule.games()).map(|i| schedule.game(i)).collect();
        for a in 0..4 {
            for b in a + 1..4 {
                let of_pair: Vec<&Pairing> = games
                    .iter()
                    .filter(|g| (g.white.min(g.black), g.white.max(g.black)) == (a, b))
                    .collect();
                assert_eq!(of_pair.len(), 4, "{a} against {b}");
                for opening in 0..2 {
                    let colours: Vec<(usize, usize)> = of_pair
                        .iter()
                        .filter(|g| g.opening == opening)
                        .map(|g| (g.white, g.black))
                        .collect();
                    assert_eq!(colours, [(a, b), (b, a)], "opening {opening}");
                }
            }
        }
        // The first round has every pair once before any plays again.
        let first: Vec<(usize, usize)> = games[..6].iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(first, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    }

    #[test]
    fn repeated_labels_are_told_apart_by_letter() {
        let players = entrants(specs(&["random", "level:2", "level:1"])).unwrap();
        let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["level1-A", "level2", "level1-C"]);
        assert_eq!(players[1].id, PlayerId::new("arena:level2"));
        assert_eq!(letter(27), "28");
    }
}
