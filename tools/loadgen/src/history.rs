//! `history`: writes synthetic finished rated games into a history
//! directory, so that a server's start-up (the ratings folded from every
//! record) can be timed on 10,000 or 100,000 games without playing them.
//!
//! Each game is legal: a few random legal moves from the start (or
//! `--plies` of them), then the side to move resigns (unless it has lost),
//! on a 5+3 clock, built by core's one constructor (`GameRecord::from_game`).
//! The players are `--players` keyed identities (public ids of keys drawn
//! from the seed; every tenth one a bot), paired at random; the games end a
//! minute apart, the last one now.

use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{
    BySide, Game, GameRecord, PlayerInfo, PlayerKind, Position, RecordMeta, TimeControl,
};
use amazons_protocol::PlayerKey;
use anyhow::{Context, ensure};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// One synthetic player: who they are in every record.
fn players(count: usize, rng: &mut StdRng) -> Vec<PlayerInfo> {
    (0..count)
        .map(|n| {
            let key = PlayerKey::from_bytes(rng.random());
            let kind = if n % 10 == 9 {
                PlayerKind::Bot
            } else {
                PlayerKind::Human
            };
            PlayerInfo::new(format!("player-{n:05}"), kind).identified(Some(key.public_id()))
        })
        .collect()
}

/// A match id (a version 4 UUID) drawn from `rng`.
fn match_id(rng: &mut StdRng) -> String {
    let bits: u128 = rng.random();
    let bits = (bits & !(0xf << 76) | (0x4 << 76)) & !(0x3 << 62) | (0x2 << 62);
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// One finished rated game between `white` and `black`, ending at `ended`,
/// of `plies` random moves (1 to 11 at random when 0).
fn game(
    rng: &mut StdRng,
    players: BySide<PlayerInfo>,
    ended: SystemTime,
    plies: usize,
) -> GameRecord {
    let t0 = Instant::now();
    let clock = TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(3))
        .expect("5+3 is a valid clock");
    let mut game = Game::new(clock);
    game.start(t0);
    let mut position = Position::start();
    let plies = if plies == 0 {
        rng.random_range(1..12)
    } else {
        plies
    };
    let mut at = t0;
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves_into(&mut moves);
        let Some(&mv) = moves.choose(rng) else {
            break;
        };
        at += Duration::from_millis(rng.random_range(200..4_000));
        game.play(mv, at).expect("a legal move within the clock");
        position = position.play(mv).expect("legal");
    }
    if game.outcome().is_none() {
        game.resign(position.turn(), at);
    }
    let started = ended - at.duration_since(t0);
    let meta = RecordMeta::new(match_id(rng), players, started, ended).rated(true);
    GameRecord::from_game(&game, meta).expect("the game is over")
}

/// Writes `games` records of `plies` moves (see [`game`]) among `players`
/// players into `out` (created if needed), drawn from `seed`; says how many
/// and how long it took.
pub fn write(
    out: &Path,
    games: usize,
    players_wanted: usize,
    seed: u64,
    plies: usize,
) -> anyhow::Result<()> {
    ensure!(players_wanted >= 2, "a game needs two players");
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let began = Instant::now();
    let mut rng = StdRng::seed_from_u64(seed);
    let everyone = players(players_wanted, &mut rng);
    let now = SystemTime::now();
    for n in 0..games {
        let white = rng.random_range(0..everyone.len());
        let mut black = rng.random_range(0..everyone.len() - 1);
        if black >= white {
            black += 1;
        }
        let sides = BySide::new(everyone[white].clone(), everyone[black].clone());
        let ended = now - Duration::from_secs(60 * (games - n) as u64);
        let record = game(&mut rng, sides, ended, plies);
        let path = out.join(format!("{}.json", record.id));
        let bytes = serde_json::to_vec(&record)?;
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!(
        "wrote {games} finished rated games among {players_wanted} players in {} ({:.1} s); \
         start `amazons-server --history-dir {}` to fold them",
        out.display(),
        began.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_are_legal_rated_and_between_two_identities() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), 30, 5, 7, 0).unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(files.len(), 30);
        let mut rated = 0;
        for file in files {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            let record: GameRecord = serde_json::from_slice(&bytes).unwrap();
            assert!(record.replay().is_ok(), "legal");
            assert!(record.id.parse::<amazons_protocol::MatchId>().is_ok());
            if amazons_ratings::RatedGame::of(&record).is_some() {
                rated += 1;
            }
        }
        assert_eq!(rated, 30, "every game counts");
    }

    #[test]
    fn games_of_a_given_length_have_that_many_moves_unless_they_end_first() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), 3, 2, 5, 40).unwrap();
        for file in std::fs::read_dir(dir.path()).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            let record: GameRecord = serde_json::from_slice(&bytes).unwrap();
            let positions = record.replay().unwrap();
            let last = positions.last().unwrap();
            assert!(
                record.moves.len() == 40 || last.is_game_over(),
                "{} moves",
                record.moves.len()
            );
        }
    }
}
