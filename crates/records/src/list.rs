//! The game list that the server's `GET /api/games` pages through: the
//! summaries of every record, newest first, and the lookup of a game by the
//! start of its id (`GET /api/games/{id}`).

use amazons_core::GameRecord;
use amazons_protocol::{GameSummary, GamesPage, GamesQuery};

/// The fewest hex digits of an id that [`GameList::find_prefix`] takes as a
/// prefix.
pub const MIN_PREFIX: usize = 4;

/// What an id prefix names: one game (`T` says which: its summary in a
/// [`GameList`], its id in the server's history), none, or several.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup<T> {
    /// Exactly this game.
    One(T),
    /// No game (or text that is no long enough hex prefix).
    None,
    /// This many games: the prefix needs more digits.
    Several(usize),
}

impl<T> Lookup<T> {
    /// The same answer naming the one game by `name` of it instead, or no
    /// game when `name` has none for it.
    pub fn and_then<U>(self, name: impl FnOnce(T) -> Option<U>) -> Lookup<U> {
        match self {
            Lookup::One(game) => name(game).map_or(Lookup::None, Lookup::One),
            Lookup::None => Lookup::None,
            Lookup::Several(n) => Lookup::Several(n),
        }
    }
}

/// The summaries of a directory's records, newest first: the latest
/// `ended_at_ms` first; of two that ended at the same millisecond, the one
/// added later, or (as read from disk) the greater id.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameList {
    /// Newest first.
    games: Vec<GameSummary>,
}

impl GameList {
    /// The list of `records`.
    pub fn new<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> GameList {
        let mut games: Vec<GameSummary> = records.into_iter().map(GameSummary::of).collect();
        games.sort_by(|a, b| b.ended_at_ms.cmp(&a.ended_at_ms).then(b.id.cmp(&a.id)));
        GameList { games }
    }

    /// Adds the record just saved, before every game that ended at the same
    /// time or earlier.
    pub fn add(&mut self, record: &GameRecord) {
        let summary = GameSummary::of(record);
        let at = self
            .games
            .iter()
            .position(|g| g.ended_at_ms <= summary.ended_at_ms)
            .unwrap_or(self.games.len());
        self.games.insert(at, summary);
    }

    /// How many games the list holds.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The page `query` asks for (clamped as [`GamesQuery::clamped`] says),
    /// with the total: the body of `GET /api/games`.
    pub fn page(&self, query: GamesQuery) -> GamesPage {
        let (page, per_page) = query.clamped();
        let start = (page.saturating_sub(1) as usize).saturating_mul(per_page as usize);
        GamesPage {
            games: self
                .games
                .iter()
                .skip(start)
                .take(per_page as usize)
                .cloned()
                .collect(),
            page,
            per_page,
            total: self.games.len() as u64,
        }
    }

    /// The game whose id starts with `text`: at least [`MIN_PREFIX`] hex
    /// digits, with or without the hyphens, in either case (as git takes a
    /// commit's start).
    pub fn find_prefix(&self, text: &str) -> Lookup<&GameSummary> {
        let wanted = text.to_ascii_lowercase();
        let hex = wanted.chars().filter(|c| *c != '-').count();
        if hex < MIN_PREFIX || !wanted.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
            return Lookup::None;
        }
        let simple = !wanted.contains('-');
        let mut found = self.games.iter().filter(|g| {
            let id = g.id.to_ascii_lowercase();
            if simple {
                id.replace('-', "").starts_with(&wanted)
            } else {
                id.starts_with(&wanted)
            }
        });
        match (found.next(), found.count()) {
            (None, _) => Lookup::None,
            (Some(game), 0) => Lookup::One(game),
            (Some(_), others) => Lookup::Several(others + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_records::record;

    fn ids(page: &GamesPage) -> Vec<&str> {
        page.games.iter().map(|g| g.id.as_str()).collect()
    }

    #[test]
    fn pages_run_newest_first() {
        let records = [record("a", 10), record("c", 30), record("b", 20)];
        let mut list = GameList::new(&records);
        list.add(&record("d", 20));
        assert_eq!(list.len(), 4);
        let query = |page, per_page| GamesQuery {
            page: Some(page),
            per_page: Some(per_page),
        };
        let first = list.page(query(1, 2));
        assert_eq!(ids(&first), ["c", "d"]);
        assert_eq!((first.page, first.per_page, first.total), (1, 2, 4));
        assert_eq!(ids(&list.page(query(2, 2))), ["b", "a"]);
        assert!(list.page(query(3, 2)).games.is_empty());
        let clamped = list.page(query(0, 1000));
        assert_eq!((clamped.page, clamped.per_page), (1, 100));
        assert_eq!(ids(&clamped), ["c", "d", "b", "a"]);
        assert!(
            GameList::default()
                .page(GamesQuery::default())
                .games
                .is_empty()
        );
    }

    #[test]
    fn a_prefix_names_one_game_or_says_how_many() {
        let ids = [
            "1234abcd-0000-4000-8000-000000000001",
            "1234abcd-0000-4000-8000-000000000002",
            "9876fedc-0000-4000-8000-000000000003",
        ];
        let records: Vec<GameRecord> = ids.iter().map(|id| record(id, 1)).collect();
        let list = GameList::new(&records);
        let one = |text: &str| matches!(list.find_prefix(text), Lookup::One(g) if g.id == ids[2]);
        assert!(one("9876"));
        assert!(one("9876FEDC-0000"));
        assert!(one("9876fedc0000"));
        assert_eq!(list.find_prefix("1234abcd"), Lookup::Several(2));
        assert_eq!(
            list.find_prefix("1234abcd00004000800000000000000"),
            Lookup::Several(2)
        );
        assert_eq!(list.find_prefix("987"), Lookup::None);
        assert_eq!(list.find_prefix("..%2f..%2fetc"), Lookup::None);
        assert_eq!(list.find_prefix("5555"), Lookup::None);
    }

    #[test]
    fn a_lookup_names_its_game_another_way_or_finds_none() {
        let id = |game: &str| game.strip_prefix("game-").map(str::to_owned);
        assert_eq!(
            Lookup::One("game-7").and_then(id),
            Lookup::One("7".to_owned())
        );
        assert_eq!(Lookup::One("other").and_then(id), Lookup::None);
        assert_eq!(Lookup::<&str>::None.and_then(id), Lookup::None);
        assert_eq!(Lookup::<&str>::Several(3).and_then(id), Lookup::Several(3));
    }
}
