//! The unfinished game a new `local` game would replace. Only one game is
//! kept (for `local --resume`), so a new game asks first, naming the kept
//! one (its players, how many moves, when it was last played) and offering
//! `--resume`; `--new` replaces it without asking. Both faces ask the same
//! question here; each reads the answer its own way.

use std::time::SystemTime;

use crate::face::labels::{ago, move_count};
use crate::store::local_save::{LocalSave, SavedLocalGame};

/// The command that continues the kept game.
const RESUME: &str = "amazons-client local --resume";

/// The command that replaces it without asking.
const REPLACE: &str = "amazons-client local --new";

/// A kept unfinished game, with a move played (one with none loses
/// nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct KeptGame {
    /// The game as kept.
    pub(super) saved: SavedLocalGame,
    /// When it was last written (after its last move).
    pub(super) last_played: Option<SystemTime>,
}

impl KeptGame {
    /// The kept game in `keep` that a new game would replace, if any (an
    /// unreadable file protects nothing and is only logged).
    pub(super) fn find(keep: &LocalSave) -> Option<KeptGame> {
        let saved = match keep.load() {
            Ok(saved) => saved?,
            Err(e) => {
                tracing::warn!("{e:#}");
                return None;
            }
        };
        (!saved.moves.is_empty()).then(|| KeptGame {
            saved,
            last_played: keep.last_saved(),
        })
    }

    /// The game in a line: `white ann vs black bob, 12 moves, last played
    /// 5 min ago`.
    pub(super) fn describe(&self, now: SystemTime) -> String {
        let players = &self.saved.players;
        let when = self
            .last_played
            .and_then(|at| now.duration_since(at).ok())
            .map(|elapsed| t!("kept-last-played", ago = ago(elapsed)))
            .unwrap_or_default();
        t!(
            "kept-describe",
            white = players.first.name.as_str(),
            black = players.second.name.as_str(),
            moves = move_count(self.saved.moves.len()),
            when = when
        )
    }

    /// The question before a new game replaces it (yes replaces).
    pub(super) fn question(&self, now: SystemTime) -> String {
        t!("kept-question", game = self.describe(now), resume = RESUME)
    }

    /// Said when the kept game stays and nothing starts.
    pub(super) fn still_kept(&self) -> String {
        t!("kept-still", resume = RESUME)
    }

    /// Why nothing starts when nobody can answer (input that is not a
    /// terminal, or ended).
    pub(super) fn refusal(&self, now: SystemTime) -> String {
        t!(
            "kept-refusal",
            game = self.describe(now),
            resume = RESUME,
            replace = REPLACE
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::time::Duration;

    use amazons_core::testing::human as player;
    use amazons_core::{BySide, Game};

    use super::*;

    /// A kept hot-seat game between ann and bob with `moves` played.
    pub(in crate::cmd::local) fn kept_game(moves: &[&str]) -> SavedLocalGame {
        let now = std::time::Instant::now();
        let mut game = Game::new("5+3".parse().unwrap());
        game.start(now);
        for m in moves {
            game.play(m.parse().unwrap(), now).unwrap();
        }
        SavedLocalGame {
            id: "kept".into(),
            seats: BySide::new("human".into(), "human".into()),
            players: BySide::new(player("ann"), player("bob")),
            time_control: game.time_control(),
            started_at_ms: 1_700_000_000_000,
            moves: game.moves().to_vec(),
        }
    }

    #[test]
    fn only_a_game_with_a_move_is_asked_about_and_it_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let keep = LocalSave::at(dir.path().join("local-game.json"));
        assert_eq!(KeptGame::find(&keep), None, "nothing kept");
        keep.store(&kept_game(&[])).unwrap();
        assert_eq!(KeptGame::find(&keep), None, "no move: nothing to lose");
        keep.store(&kept_game(&["d1-d7/g7", "a7-b7/c7"])).unwrap();
        let kept = KeptGame::find(&keep).expect("a game to ask about");
        let later = kept.last_played.unwrap() + Duration::from_secs(300);
        assert_eq!(
            kept.describe(later),
            "white ann vs black bob, 1 move, last played 5 min ago"
        );
        assert!(kept.question(later).contains("Replace it with a new game?"));
        assert!(
            kept.question(later)
                .contains("`amazons-client local --resume`")
        );
        assert!(
            kept.refusal(later)
                .contains("`amazons-client local --new` replaces it")
        );
    }
}
