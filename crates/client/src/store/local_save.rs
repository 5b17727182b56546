//! The unfinished local game, kept after every move in
//! `<state dir>/local-game.json` (owner-only, written atomically), so that
//! quitting, Ctrl-C or a crash loses nothing and `local --resume` continues
//! it. Removed when the game ends (its record then goes to the history).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{BySide, Game, PlayerInfo, RecordedMove, TimeControl};
use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::store::state_dir::{state_dir, write_private};

/// A local game in progress, as saved.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedLocalGame {
    /// The record id it will have.
    pub id: String,
    /// Who plays white and black, as `--white`/`--black` name them
    /// (`human`, `level:4`, `uci:CMD` ...).
    #[serde(with = "white_then_black")]
    pub seats: BySide<String>,
    /// The names in the record.
    #[serde(with = "white_then_black")]
    pub players: BySide<PlayerInfo>,
    /// The clock rules.
    pub time_control: TimeControl,
    /// When the game started (Unix milliseconds).
    pub started_at_ms: u64,
    /// The moves with their times and clocks.
    pub moves: Vec<RecordedMove>,
}

impl SavedLocalGame {
    /// The game as it stood, its clocks running again from `now`: the side
    /// to move gets back the time it had when its turn began (as after a
    /// server restart).
    pub fn restore(&self, now: Instant) -> anyhow::Result<Game> {
        let mut game = Game::new(self.time_control);
        game.start(now);
        for (index, recorded) in self.moves.iter().enumerate() {
            game.apply_move(recorded.clone(), now)
                .with_context(|| t!("saved-game-ply", ply = index + 1))?;
        }
        Ok(game)
    }

    /// When the game started.
    pub fn started_at(&self) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_millis(self.started_at_ms)
    }
}

/// A [`BySide`] on disk as `[white, black]`, the form saved games have
/// always had (core's own serde form is `{"white": …, "black": …}`).
mod white_then_black {
    use amazons_core::BySide;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `[white, black]`.
    pub fn serialize<S: Serializer, T: Serialize>(
        value: &BySide<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        [&value.first, &value.second].serialize(serializer)
    }

    /// Reads `[white, black]`.
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<BySide<T>, D::Error> {
        let [first, second] = <[T; 2]>::deserialize(deserializer)?;
        Ok(BySide::new(first, second))
    }
}

/// Where the unfinished local game is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalSave {
    /// The file.
    path: PathBuf,
}

impl Default for LocalSave {
    fn default() -> Self {
        LocalSave::at(state_dir().join("local-game.json"))
    }
}

impl LocalSave {
    /// A save kept in `path`.
    pub fn at(path: PathBuf) -> LocalSave {
        LocalSave { path }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keeps `game`, replacing what was there.
    pub fn store(&self, game: &SavedLocalGame) -> anyhow::Result<()> {
        let json = serde_json::to_vec_pretty(game)?;
        write_private(&self.path, &json)
    }

    /// The kept game, if there is one.
    pub fn load(&self) -> anyhow::Result<Option<SavedLocalGame>> {
        match std::fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .with_context(|| {
                    t!(
                        "saved-game-not-a-game",
                        path = self.path.display().to_string()
                    )
                })
                .map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => {
                Err(e).with_context(|| t!("file-reading", path = self.path.display().to_string()))
            }
        }
    }

    /// When the kept game was last written (after its last move), if there
    /// is one.
    pub fn last_saved(&self) -> Option<SystemTime> {
        std::fs::metadata(&self.path)
            .and_then(|m| m.modified())
            .ok()
    }

    /// Forgets the kept game (it ended).
    pub fn clear(&self) -> anyhow::Result<()> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => {
                Err(e).with_context(|| t!("file-removing", path = self.path.display().to_string()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Side;
    use amazons_core::testing::human as player;

    #[test]
    fn a_saved_game_restores_with_its_moves_and_clocks() {
        let dir = tempfile::tempdir().unwrap();
        let save = LocalSave::at(dir.path().join("state").join("local-game.json"));
        assert_eq!(save.load().unwrap(), None);
        let t0 = Instant::now();
        let mut game = Game::new("1+2".parse().unwrap());
        game.start(t0);
        game.play("d1-d7/g7".parse().unwrap(), t0 + Duration::from_secs(5))
            .unwrap();
        let saved = SavedLocalGame {
            id: "g".into(),
            seats: BySide::new("human".into(), "level:2".into()),
            players: BySide::new(player("ann"), player("amazons-engine level 2")),
            time_control: game.time_control(),
            started_at_ms: 1_700_000_000_000,
            moves: game.moves().to_vec(),
        };
        assert_eq!(save.last_saved(), None);
        save.store(&saved).unwrap();
        assert!(save.last_saved().is_some(), "written now");
        let on_disk: serde_json::Value =
            serde_json::from_slice(&std::fs::read(save.path()).unwrap()).unwrap();
        assert_eq!(
            on_disk["seats"],
            serde_json::json!(["human", "level:2"]),
            "white then black, as saves have always been"
        );
        assert_eq!(on_disk["players"][1]["name"], "amazons-engine level 2");
        let loaded = save.load().unwrap().unwrap();
        assert_eq!(loaded, saved);
        let later = t0 + Duration::from_secs(3600);
        let restored = loaded.restore(later).unwrap();
        assert_eq!(restored.position(), game.position());
        assert_eq!(
            restored.clock().remaining_both(later),
            Some(BySide::new(
                Duration::from_secs(57),
                Duration::from_secs(60)
            )),
            "white's time after its move; black's turn starts now"
        );
        assert_eq!(restored.position().turn(), Side::Second);
        save.clear().unwrap();
        save.clear().unwrap();
        assert_eq!(save.load().unwrap(), None);
    }
}
