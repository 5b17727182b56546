//! The arena plays legal games and writes records that replay through core.

use amazons_core::GameRecord;
use amazons_engine::arena::{self, ArenaArgs};

#[test]
fn arena_writes_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let args = ArenaArgs {
        a: "random".into(),
        b: "level:2".into(),
        games: 2,
        movetime: Some(20),
        tc: None,
        concurrency: 2,
        openings: None,
        out: Some(dir.path().to_path_buf()),
        margin_ms: 2_000,
        threads: 1,
        threads_a: None,
        threads_b: None,
        verbose: false,
        opening_offset: 3,
    };
    arena::run(args).unwrap();
    let mut n = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let record: GameRecord = serde_json::from_str(&text).unwrap();
        let positions = record.replay().expect("record replays");
        assert!(record.initial_fen.is_some());
        assert!(
            positions.last().unwrap().is_game_over(),
            "games are played to the end"
        );
        n += 1;
    }
    assert_eq!(n, 2);
}
