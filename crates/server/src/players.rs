//! The ratings table as the HTTP API shows it: the leaderboard
//! (`GET /api/players`, [`PlayersPage`]) and a player's page
//! (`GET /api/players/{name}`, [`PlayerPage`]). Pure functions of the table,
//! the names book's answer and the history's latest games, so they are
//! tested without a server.

use amazons_core::PlayerId;
use amazons_protocol::{
    GameSummary, PlayerPage, PlayerRow, PlayersPage, PlayersQuery, RatingPoint, name_key,
};
use amazons_ratings::{Ratings, Standing};

use crate::names::Binding;

/// One standing as a line of the leaderboard, placed `rank`.
fn row(ratings: &Ratings, standing: &Standing, rank: u32) -> PlayerRow {
    PlayerRow {
        rank,
        name: standing.name.clone(),
        id: standing.id.clone(),
        kind: standing.kind,
        rating: ratings.rules().shown(standing.glicko),
        games: standing.games(),
        wins: standing.wins,
        losses: standing.losses,
        last_played_ms: standing.last_played_ms,
    }
}

/// The page of the leaderboard `query` asks for: players of its kind (or
/// everyone), best first, ranked among that kind.
pub fn leaderboard(ratings: &Ratings, query: PlayersQuery) -> PlayersPage {
    let (page, per_page) = query.clamped();
    let ranked = ratings.ranked(query.kind);
    let start = (page.saturating_sub(1) as usize).saturating_mul(per_page as usize);
    PlayersPage {
        players: ranked
            .iter()
            .enumerate()
            .skip(start)
            .take(per_page as usize)
            .map(|(index, standing)| row(ratings, standing, index as u32 + 1))
            .collect(),
        page,
        per_page,
        total: ranked.len() as u64,
    }
}

/// Whose page `name` asks for: the id the name is bound to, else the
/// player whose latest rated game was played under that name (the latest of
/// them, if several were).
pub fn who(ratings: &Ratings, binding: Option<&Binding>, name: &str) -> Option<PlayerId> {
    if let Some(binding) = binding {
        return Some(binding.id.clone());
    }
    let key = name_key(name);
    ratings
        .ranked(None)
        .into_iter()
        .filter(|s| name_key(&s.name) == key)
        .max_by_key(|s| s.last_played_ms)
        .map(|s| s.id.clone())
}

/// The page of `id`: their line (ranked among everyone; rank 0, the start
/// rating and no games when they have no rated game yet, as a name just
/// claimed), their rating after each rated game and `recent_games`.
/// `None` when `id` has neither a rated game nor a `binding`.
pub fn page(
    ratings: &Ratings,
    id: &PlayerId,
    binding: Option<&Binding>,
    recent_games: Vec<GameSummary>,
) -> Option<PlayerPage> {
    let Some(standing) = ratings.standing(id) else {
        let binding = binding.filter(|b| &b.id == id)?;
        let row = PlayerRow {
            rank: 0,
            name: binding.name.clone(),
            id: id.clone(),
            kind: binding.kind,
            rating: ratings.shown(id),
            games: 0,
            wins: 0,
            losses: 0,
            last_played_ms: 0,
        };
        return Some(PlayerPage {
            row,
            history: Vec::new(),
            recent_games,
        });
    };
    let rank = ratings
        .ranked(None)
        .iter()
        .position(|s| &s.id == id)
        .map_or(0, |index| index as u32 + 1);
    let history = standing
        .history
        .iter()
        .map(|point| RatingPoint {
            at_ms: point.at_ms,
            rating: point.rating.round() as i32,
            deviation: point.deviation.round() as i32,
        })
        .collect();
    Some(PlayerPage {
        row: row(ratings, standing, rank),
        history,
        recent_games,
    })
}

#[cfg(test)]
mod tests {
    use amazons_core::{BySide, Side};
    use amazons_ratings::{Contestant, RatedGame, RatingRules};

    use super::*;
    use amazons_core::PlayerKind;

    fn player(n: u8, kind: PlayerKind) -> Contestant {
        Contestant::new(PlayerId::new(format!("p{n}")), format!("Name{n}"), kind)
    }

    /// p1 (a person) beats p2 (a bot) three times, p2 beats p3 (a person).
    fn table() -> Ratings {
        let mut games = Vec::new();
        for n in 0..3 {
            let players = BySide::new(player(1, PlayerKind::Human), player(2, PlayerKind::Bot));
            games.push(RatedGame::new(
                format!("g{n}"),
                1_000 + n,
                players,
                Side::First,
            ));
        }
        let players = BySide::new(player(2, PlayerKind::Bot), player(3, PlayerKind::Human));
        games.push(RatedGame::new("g9", 9_000, players, Side::First));
        Ratings::rebuild(RatingRules::lichess(), games)
    }

    #[test]
    fn the_leaderboard_is_best_first_paged_and_ranked_within_the_kind_asked() {
        let ratings = table();
        let all = leaderboard(&ratings, PlayersQuery::default());
        let names: Vec<&str> = all.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Name1", "Name2", "Name3"]);
        assert_eq!(all.total, 3);
        assert_eq!((all.players[0].wins, all.players[0].games), (3, 3));
        let people = leaderboard(
            &ratings,
            PlayersQuery {
                kind: Some(PlayerKind::Human),
                ..PlayersQuery::default()
            },
        );
        let ranks: Vec<(u32, &str)> = people
            .players
            .iter()
            .map(|p| (p.rank, p.name.as_str()))
            .collect();
        assert_eq!(ranks, [(1, "Name1"), (2, "Name3")]);
        let second = leaderboard(
            &ratings,
            PlayersQuery {
                kind: None,
                page: Some(2),
                per_page: Some(2),
            },
        );
        assert_eq!(second.players.len(), 1);
        assert_eq!((second.players[0].rank, second.total), (3, 3));
    }

    #[test]
    fn a_page_is_found_by_binding_first_then_by_the_latest_name() {
        let ratings = table();
        assert_eq!(who(&ratings, None, " name2 "), Some(PlayerId::new("p2")));
        assert_eq!(who(&ratings, None, "nobody"), None);
        let binding = Binding {
            id: PlayerId::new("p9"),
            name: "Name2".into(),
            kind: PlayerKind::Human,
            claimed_at_ms: 1,
        };
        // Name2 was released and claimed by p9, who has no rated game yet.
        let id = who(&ratings, Some(&binding), "name2").unwrap();
        assert_eq!(id, PlayerId::new("p9"));
        let fresh = page(&ratings, &id, Some(&binding), Vec::new()).unwrap();
        assert_eq!((fresh.row.rank, fresh.row.games), (0, 0));
        assert_eq!(fresh.row.rating.to_string(), "1500?");
        let p2 = page(&ratings, &PlayerId::new("p2"), None, Vec::new()).unwrap();
        assert_eq!((p2.row.rank, p2.row.wins, p2.row.losses), (2, 1, 3));
        assert_eq!(p2.history.len(), 4);
        assert_eq!(p2.history[3].at_ms, 9_000);
        assert_eq!(p2.history[3].rating, p2.row.rating.rating);
        assert_eq!(page(&ratings, &PlayerId::new("p9"), None, Vec::new()), None);
    }
}
