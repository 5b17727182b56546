//! One game as the ratings see it, and the rule for which records count.

use amazons_core::{BySide, EndReason, GameRecord, PlayerId, PlayerKind, Side};

/// One identified side of a rated game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Contestant {
    /// Whose rating moves.
    pub id: PlayerId,
    /// The name they played under (a standing shows the latest).
    pub name: String,
    /// Person or program (the leaderboard marks bots).
    pub kind: PlayerKind,
}

impl Contestant {
    /// `id`, playing as `name`.
    pub fn new(id: PlayerId, name: impl Into<String>, kind: PlayerKind) -> Contestant {
        Contestant {
            id,
            name: name.into(),
            kind,
        }
    }
}

/// A decided game between two identified players: what moves ratings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RatedGame {
    /// The record's id, so a game is counted once and points link to it.
    pub id: String,
    /// When it ended, Unix milliseconds: games count in this order.
    pub ended_at_ms: u64,
    /// Who played each side.
    pub players: BySide<Contestant>,
    /// Who won.
    pub winner: Side,
}

impl RatedGame {
    /// A game `winner` won.
    pub fn new(
        id: impl Into<String>,
        ended_at_ms: u64,
        players: BySide<Contestant>,
        winner: Side,
    ) -> RatedGame {
        RatedGame {
            id: id.into(),
            ended_at_ms,
            players,
            winner,
        }
    }

    /// The record as a rated game, when it counts: created rated, not
    /// aborted (so it has a winner), both sides identified, by two different
    /// ids. Every other record (casual, a guest, one key on both sides, a
    /// version 1 record) leaves ratings alone, and so does a game the
    /// server's own computer lost by failing (its worker did not answer):
    /// that is the host's fault, not a result. A bot that fails loses a
    /// rated game as it would lose on time.
    pub fn of(record: &GameRecord) -> Option<RatedGame> {
        if !record.rated {
            return None;
        }
        let winner = record.result.winner?;
        let loser = record.player(winner.opponent());
        if record.result.reason == EndReason::EngineFailure
            && loser.id.as_ref().is_some_and(PlayerId::is_computer)
        {
            return None;
        }
        let side = |info: &amazons_core::PlayerInfo| {
            Some(Contestant::new(
                info.id.clone()?,
                info.name.clone(),
                info.kind,
            ))
        };
        let (white, black) = (side(&record.white)?, side(&record.black)?);
        if white.id == black.id {
            return None;
        }
        Some(RatedGame::new(
            record.id.clone(),
            record.ended_at_ms,
            BySide::new(white, black),
            winner,
        ))
    }

    /// The order games count in: by end time, ties by id, so every fold of
    /// the same games agrees.
    pub(crate) fn order_key(&self) -> (u64, &str) {
        (self.ended_at_ms, &self.id)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use amazons_core::testing::record_of;
    use amazons_core::{Game, PlayerInfo, RecordMeta, TimeControl};

    use super::*;

    fn record(
        rated: bool,
        ids: [Option<&str>; 2],
        finish: impl FnOnce(&mut Game, std::time::Instant),
    ) -> GameRecord {
        let players = BySide::new(
            PlayerInfo::new("ann", PlayerKind::Human).identified(ids[0].map(PlayerId::new)),
            PlayerInfo::new("bob", PlayerKind::Human).identified(ids[1].map(PlayerId::new)),
        );
        let at = UNIX_EPOCH + Duration::from_secs(9);
        let meta = RecordMeta::new("g", players, at, at).rated(rated);
        let mut game = Game::new(TimeControl::Untimed);
        let t0 = std::time::Instant::now();
        game.start(t0);
        finish(&mut game, t0);
        GameRecord::from_game(&game, meta).unwrap()
    }

    fn resigned(game: &mut Game, at: std::time::Instant) {
        game.play("d1-d7/g7".parse().unwrap(), at).unwrap();
        game.resign(Side::Second, at);
    }

    #[test]
    fn only_decided_rated_games_between_two_identities_count() {
        let counted = RatedGame::of(&record(true, [Some("a"), Some("b")], resigned)).unwrap();
        assert_eq!(counted.winner, Side::First);
        assert_eq!(counted.ended_at_ms, 9_000);
        assert_eq!(counted.players.second.id, PlayerId::new("b"));
        let casual = record(false, [Some("a"), Some("b")], resigned);
        assert_eq!(RatedGame::of(&casual), None, "casual");
        let guest = record(true, [Some("a"), None], resigned);
        assert_eq!(RatedGame::of(&guest), None, "a guest");
        let itself = record(true, [Some("a"), Some("a")], resigned);
        assert_eq!(RatedGame::of(&itself), None, "one key on both sides");
        let aborted = record(true, [Some("a"), Some("b")], |game, at| {
            let reason = amazons_core::EndReason::Aborted;
            game.end(
                amazons_core::Outcome {
                    winner: None,
                    reason,
                },
                at,
            );
        });
        assert_eq!(aborted.result.winner, None);
        assert_eq!(RatedGame::of(&aborted), None, "aborted");
        let failed = |loser: &str| {
            let mut record = record(true, [Some("a"), Some(loser)], resigned);
            record.result = amazons_core::Outcome::win(Side::First, EndReason::EngineFailure);
            record
        };
        assert_eq!(
            RatedGame::of(&failed("computer:level-5")),
            None,
            "the host's computer failed"
        );
        assert!(
            RatedGame::of(&failed("b")).is_some(),
            "a bot that fails loses"
        );
        let old = record_of(amazons_core::testing::sample_meta("v1"), &["d1-d7/g7"]);
        assert_eq!(RatedGame::of(&old), None, "a record without identities");
    }
}
