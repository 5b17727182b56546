//! The ratings table: every identified player's standing after folding the
//! rated games in the order they ended.

use std::collections::{HashMap, HashSet};

use amazons_core::{BySide, PlayerId, PlayerKind, Side};
use amazons_protocol::{Rating, RatingChange};

use crate::game::RatedGame;
use crate::rules::{Glicko, RatingRules};

/// A player's rating after one of their rated games: a point of the rating
/// graph on their page.
#[derive(Clone, PartialEq, Debug)]
pub struct RatingPoint {
    /// The game.
    pub game_id: String,
    /// When it ended, Unix milliseconds.
    pub at_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// One player's line: their rating now, their record and their graph.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    /// Whose.
    pub id: PlayerId,
    /// The name of their latest rated game.
    pub name: String,
    /// Person or program, as of their latest rated game.
    pub kind: PlayerKind,
    /// Their Glicko-2 state after their latest rated game.
    pub glicko: Glicko,
    /// Rated games won.
    pub wins: u32,
    /// Rated games lost.
    pub losses: u32,
    /// When their latest rated game ended, Unix milliseconds.
    pub last_played_ms: u64,
    /// Their rating after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
}

impl Standing {
    /// Rated games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses
    }
}

/// What one game did to both players, in full precision.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct GameChange {
    /// Before the game (after any growth for absence).
    pub before: BySide<Glicko>,
    /// After it.
    pub after: BySide<Glicko>,
}

/// Every identified player's standing. Built only by folding [`RatedGame`]s,
/// so it is whatever the history says.
#[derive(Clone, PartialEq, Debug)]
pub struct Ratings {
    rules: RatingRules,
    players: HashMap<PlayerId, Standing>,
    /// Every game folded in, in counting order (kept so a game that arrives
    /// out of order is folded where it belongs).
    games: Vec<RatedGame>,
    counted: HashSet<String>,
}

impl Ratings {
    /// An empty table under `rules`.
    pub fn new(rules: RatingRules) -> Ratings {
        Ratings {
            rules,
            players: HashMap::new(),
            games: Vec::new(),
            counted: HashSet::new(),
        }
    }

    /// The table that `games` make, whatever order they come in (the
    /// history's files are read in any order).
    pub fn rebuild(rules: RatingRules, games: impl IntoIterator<Item = RatedGame>) -> Ratings {
        let mut games: Vec<RatedGame> = games.into_iter().collect();
        games.sort_by(|a, b| a.order_key().cmp(&b.order_key()));
        games.dedup_by(|a, b| a.id == b.id);
        let mut table = Ratings::new(rules);
        for game in games {
            table.fold(game);
        }
        table
    }

    /// Counts one more game and says what it did. A game already counted
    /// changes nothing (and its change is reported as none). A game that
    /// ended before the latest one counted is put in its place and the table
    /// folded again, so the result is always what [`Ratings::rebuild`] gives.
    pub fn record(&mut self, game: RatedGame) -> GameChange {
        if self.counted.contains(&game.id) {
            let now = game.players.as_ref().map(|c| self.glicko(&c.id));
            return GameChange {
                before: now,
                after: now,
            };
        }
        let in_order = self
            .games
            .last()
            .is_none_or(|last| last.order_key() < game.order_key());
        if in_order {
            return self.fold(game);
        }
        let id = game.id.clone();
        let mut games = std::mem::take(&mut self.games);
        games.push(game);
        *self = Ratings::rebuild(self.rules, games);
        self.change_of(&id)
    }

    /// The rules the table folds by.
    pub fn rules(&self) -> &RatingRules {
        &self.rules
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// The standing of `id`, once they have a rated game.
    pub fn standing(&self, id: &PlayerId) -> Option<&Standing> {
        self.players.get(id)
    }

    /// The Glicko-2 state of `id` now (the start for someone unrated).
    pub fn glicko(&self, id: &PlayerId) -> Glicko {
        self.players
            .get(id)
            .map_or(self.rules.start(), |s| s.glicko)
    }

    /// The rating of `id` as clients see it (`1500?` for someone unrated).
    pub fn shown(&self, id: &PlayerId) -> Rating {
        self.rules.shown(self.glicko(id))
    }

    /// A change as clients see it.
    pub fn shown_change(&self, change: &GameChange, side: Side) -> RatingChange {
        RatingChange {
            before: self.rules.shown(change.before[side]),
            after: self.rules.shown(change.after[side]),
        }
    }

    /// Every standing (of `kind`, or all), best first: by rating, then the
    /// smaller deviation, then the name.
    pub fn ranked(&self, kind: Option<PlayerKind>) -> Vec<&Standing> {
        let mut list: Vec<&Standing> = self
            .players
            .values()
            .filter(|s| kind.is_none_or(|k| s.kind == k))
            .collect();
        list.sort_by(|a, b| {
            b.glicko
                .rating
                .total_cmp(&a.glicko.rating)
                .then(a.glicko.deviation.total_cmp(&b.glicko.deviation))
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.id.cmp(&b.id))
        });
        list
    }

    /// Folds the game after every game counted so far.
    fn fold(&mut self, game: RatedGame) -> GameChange {
        let at = game.ended_at_ms;
        let before = game
            .players
            .as_ref()
            .map(|c| match self.players.get(&c.id) {
                Some(s) => self
                    .rules
                    .after_absence(s.glicko, at.saturating_sub(s.last_played_ms)),
                None => self.rules.start(),
            });
        let first_won = game.winner == Side::First;
        let (first, second) = self
            .rules
            .after_game(before.first, before.second, first_won);
        let after = BySide::new(first, second);
        for side in [Side::First, Side::Second] {
            let who = &game.players[side];
            let standing = self
                .players
                .entry(who.id.clone())
                .or_insert_with(|| Standing {
                    id: who.id.clone(),
                    name: who.name.clone(),
                    kind: who.kind,
                    glicko: after[side],
                    wins: 0,
                    losses: 0,
                    last_played_ms: at,
                    history: Vec::new(),
                });
            standing.name.clone_from(&who.name);
            standing.kind = who.kind;
            standing.glicko = after[side];
            standing.last_played_ms = at;
            if game.winner == side {
                standing.wins += 1;
            } else {
                standing.losses += 1;
            }
            standing.history.push(RatingPoint {
                game_id: game.id.clone(),
                at_ms: at,
                rating: after[side].rating,
                deviation: after[side].deviation,
            });
        }
        self.counted.insert(game.id.clone());
        self.games.push(game);
        GameChange { before, after }
    }

    /// The change the counted game `id` made, read back from both players'
    /// graphs (after a refold).
    fn change_of(&self, id: &str) -> GameChange {
        let Some(index) = self.games.iter().position(|g| g.id == id) else {
            let start = self.rules.start();
            return GameChange {
                before: BySide::both(start),
                after: BySide::both(start),
            };
        };
        let game = &self.games[index];
        let mut table = Ratings::new(self.rules);
        for earlier in &self.games[..index] {
            table.fold(earlier.clone());
        }
        table.fold(game.clone())
    }
}

#[cfg(test)]
mod tests {
    use amazons_core::PlayerKind;
    use proptest::prelude::*;

    use super::*;
    use crate::game::Contestant;

    fn player(n: u8) -> Contestant {
        let kind = if n % 3 == 0 {
            PlayerKind::Bot
        } else {
            PlayerKind::Human
        };
        Contestant::new(PlayerId::new(format!("p{n}")), format!("name{n}"), kind)
    }

    fn game(n: usize, at: u64, white: u8, black: u8, first_won: bool) -> RatedGame {
        let winner = if first_won { Side::First } else { Side::Second };
        RatedGame::new(
            format!("g{n:04}"),
            at,
            BySide::new(player(white), player(black)),
            winner,
        )
    }

    /// A few hundred games among eight players, ending at random times.
    fn games() -> impl Strategy<Value = Vec<RatedGame>> {
        prop::collection::vec(
            (0u64..5_000_000_000, 0u8..8, 1u8..8, any::<bool>()),
            50..300,
        )
        .prop_map(|raw| {
            raw.into_iter()
                .enumerate()
                .map(|(n, (at, white, step, won))| game(n, at, white, (white + step) % 8, won))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// The live table, fed games in whatever order they arrive (some
        /// twice), equals the table rebuilt from the same games.
        #[test]
        fn folding_live_in_any_order_equals_rebuilding(games in games(), seed in any::<u64>()) {
            let rebuilt = Ratings::rebuild(RatingRules::lichess(), games.clone());
            let mut arrival = games.clone();
            let len = arrival.len();
            arrival.rotate_left((seed as usize) % len);
            arrival.push(games[0].clone());
            let mut live = Ratings::new(RatingRules::lichess());
            for game in arrival {
                live.record(game);
            }
            prop_assert_eq!(&live, &rebuilt);
            prop_assert_eq!(rebuilt.games(), games.len());
            let total: u32 = rebuilt.ranked(None).iter().map(|s| s.games()).sum();
            prop_assert_eq!(total as usize, 2 * games.len());
        }
    }

    #[test]
    fn a_win_moves_both_ratings_and_the_record_of_each() {
        let mut table = Ratings::new(RatingRules::lichess());
        let change = table.record(game(1, 1_000, 1, 2, true));
        assert_eq!(change.before.first, RatingRules::lichess().start());
        assert!(change.after.first.rating > 1500.0 && change.after.second.rating < 1500.0);
        let winner = table.standing(&PlayerId::new("p1")).unwrap();
        assert_eq!((winner.wins, winner.losses, winner.games()), (1, 0, 1));
        assert_eq!(winner.history.len(), 1);
        assert_eq!(winner.history[0].game_id, "g0001");
        assert_eq!(
            table.shown_change(&change, Side::First).before.to_string(),
            "1500?"
        );
        assert!(table.shown_change(&change, Side::First).delta() > 0);
        // The same game again changes nothing.
        let again = table.record(game(1, 1_000, 1, 2, true));
        assert_eq!(again.before, again.after);
        assert_eq!(table.games(), 1);
    }

    #[test]
    fn a_game_counted_late_reports_the_change_it_made_in_its_place() {
        let mut table = Ratings::new(RatingRules::lichess());
        table.record(game(2, 2_000, 1, 3, false));
        let late = table.record(game(1, 1_000, 1, 2, true));
        assert_eq!(
            late.before.first,
            RatingRules::lichess().start(),
            "p1's first game"
        );
        let history = &table.standing(&PlayerId::new("p1")).unwrap().history;
        assert_eq!(history[0].game_id, "g0001", "in the order the games ended");
    }

    #[test]
    fn the_ranking_is_by_rating_and_can_keep_to_bots_or_people() {
        let mut table = Ratings::new(RatingRules::lichess());
        for n in 0..6 {
            table.record(game(n, n as u64 * 1_000, 1, 2, true));
            table.record(game(10 + n, n as u64 * 1_000 + 500, 2, 3, true));
        }
        let names: Vec<&str> = table.ranked(None).iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["name1", "name2", "name3"]);
        let bots: Vec<&str> = table
            .ranked(Some(PlayerKind::Bot))
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(bots, ["name3"]);
        assert_eq!(table.shown(&PlayerId::new("nobody")).to_string(), "1500?");
    }
}
