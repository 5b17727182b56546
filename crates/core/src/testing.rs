//! Support for tests of this crate and of the crates above it (the `testing`
//! feature, enabled only from dev-dependencies): seeded random positions and
//! games, and sample game records.
//!
//! Every random helper is seeded (`StdRng::seed_from_u64`), so a failure
//! replays; the ones that take an `Rng` let a test draw its other choices
//! (pauses, plies) from the same generator.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::clock::TimeControl;
use crate::moves::Move;
use crate::position::Position;
use std::time::{Instant, UNIX_EPOCH};

use crate::game::Game;
use crate::record::{GameRecord, PlayerInfo, PlayerKind, RecordMeta};
use crate::side::BySide;

/// A random legal move of `position`. Panics when the game is over there
/// (no legal move).
pub fn random_move(position: &Position, rng: &mut impl Rng) -> Move {
    *position
        .legal_moves()
        .choose(rng)
        .expect("the position has a legal move")
}

/// The position after `plies` random legal moves from the start (fewer when
/// the game ends first), drawn from `seed`.
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    for _ in 0..plies {
        if position.is_game_over() {
            break;
        }
        position.make(random_move(&position, &mut rng));
    }
    position
}

/// Every move of a random game from the start to its end by the rules,
/// drawn from `seed`.
pub fn random_game(seed: u64) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    let mut moves = Vec::new();
    while !position.is_game_over() {
        let mv = random_move(&position, &mut rng);
        position.make(mv);
        moves.push(mv);
    }
    moves
}

/// Every position of `games` random games from the start, each to its end
/// (the final, lost position included), drawn from one generator seeded
/// with `seed`.
pub fn random_games(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Position::start();
        positions.push(position);
        while !position.is_game_over() {
            position.make(random_move(&position, &mut rng));
            positions.push(position);
        }
    }
    positions
}

/// A person's seat in a record.
pub fn human(name: &str) -> PlayerInfo {
    PlayerInfo::new(name, PlayerKind::Human)
}

/// The meta of a sample game `id` between two people, ann (white) and bob
/// (black), started and ended at Unix time 0, for [`record_of`]; change it
/// with its builder methods or make another with [`RecordMeta::new`].
pub fn sample_meta(id: &str) -> RecordMeta {
    RecordMeta::new(
        id,
        BySide::new(human("ann"), human("bob")),
        UNIX_EPOCH,
        UNIX_EPOCH,
    )
}

/// The record of an untimed game with `meta` (players, times, rematch):
/// `moves` (move text, legal from the start), then the side to move resigns.
/// Built by the one constructor, [`GameRecord::from_game`].
pub fn record_of(meta: RecordMeta, moves: &[&str]) -> GameRecord {
    let now = Instant::now();
    let mut game = Game::new(TimeControl::Untimed);
    game.start(now);
    for text in moves {
        let mv: Move = text
            .parse()
            .unwrap_or_else(|e| panic!("{text} is not a move: {e}"));
        game.play(mv, now)
            .unwrap_or_else(|e| panic!("{text} is illegal: {e}"));
    }
    game.resign(game.position().turn(), now);
    GameRecord::from_game(&game, meta).expect("a resigned game is over")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::START_FEN;
    use crate::outcome::{EndReason, Outcome};

    #[test]
    fn the_same_seed_gives_the_same_game_and_every_game_ends_by_the_rules() {
        assert_eq!(random_game(5), random_game(5));
        assert_ne!(random_game(5), random_game(6));
        let mut position = Position::start();
        for mv in random_game(5) {
            position = position.play(mv).unwrap();
        }
        assert!(position.is_game_over());
    }

    #[test]
    fn a_random_position_is_reached_by_legal_moves_and_stops_at_the_end() {
        let position = random_position(3, 10);
        assert_eq!(position.ply(), 10);
        assert_eq!(position, random_position(3, 10));
        assert!(random_position(3, 1_000).is_game_over());
    }

    #[test]
    fn random_games_hold_every_position_of_each_game() {
        let positions = random_games(9, 2);
        let starts = positions
            .iter()
            .filter(|p| **p == Position::start())
            .count();
        assert_eq!(starts, 2);
        assert_eq!(positions.iter().filter(|p| p.is_game_over()).count(), 2);
    }

    #[test]
    fn a_sample_record_replays_to_its_final_position() {
        let record = record_of(sample_meta("g1"), &["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"]);
        let positions = record.replay().unwrap();
        assert_eq!(positions.len(), 4);
        assert_eq!(
            record.result,
            Outcome::win(crate::Side::First, EndReason::Resignation)
        );
        let empty = record_of(sample_meta("g0"), &[]);
        assert_eq!(empty.replay().unwrap(), vec![Position::start()]);
        assert_eq!(empty.final_fen, START_FEN);
    }
}
