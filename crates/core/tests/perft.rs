//! Perft counts from `tests/perft.perft`: the move-tree sizes that prove the
//! move generator exactly right.
//!
//! Entries up to [`QUICK_LIMIT`] leaves run on every `cargo test`; larger ones
//! run in the ignored test (`cargo test --release -p amazons-core --test perft --
//! --include-ignored`). Small entries are also recounted with the slow reference
//! generator in `tests/common`, so the data file cannot drift from the rules.

mod common;

use amazons_core::{Position, divide, perft, perft_parallel};
use common::Board;

/// Entries with more leaves than this are left to the ignored test.
const QUICK_LIMIT: u64 = 10_000_000;
/// Entries with at most this many leaves are recounted by the reference
/// generator in the quick test (it is slow in debug builds).
const REFERENCE_QUICK_LIMIT: u64 = 200_000;
/// The ignored test recounts entries up to this many leaves with the reference.
const REFERENCE_SLOW_LIMIT: u64 = 500_000_000;

/// One `depth N = COUNT` line with its position.
#[derive(Debug)]
struct Entry {
    line: usize,
    fen: String,
    depth: u32,
    count: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("perft.perft");
    let mut entries = Vec::new();
    let mut fen: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("fen ") {
            fen = Some(rest.trim().to_owned());
        } else if let Some(rest) = line.strip_prefix("depth ") {
            let (depth, count) = rest
                .split_once('=')
                .unwrap_or_else(|| panic!("line {}: `depth N = COUNT`", index + 1));
            let fen = fen
                .clone()
                .unwrap_or_else(|| panic!("line {}: depth before any fen", index + 1));
            entries.push(Entry {
                line: index + 1,
                fen,
                depth: depth.trim().parse().expect("depth is a number"),
                count: count
                    .trim()
                    .replace('_', "")
                    .parse()
                    .expect("count is a number"),
            });
        } else {
            panic!("line {}: cannot read `{line}`", index + 1);
        }
    }
    entries
}

fn position(entry: &Entry) -> Position {
    entry
        .fen
        .parse()
        .unwrap_or_else(|e| panic!("line {}: bad FEN: {e}", entry.line))
}

#[test]
fn the_data_file_has_the_required_entries() {
    let all = entries();
    let has = |fen_start: &str, depth: u32, count: u64| {
        all.iter()
            .any(|e| e.fen.starts_with(fen_start) && e.depth == depth && e.count == count)
    };
    assert!(has(amazons_core::START_FEN, 3, 8_350_439_170));
    assert!(all.iter().filter(|e| e.count <= QUICK_LIMIT).count() >= 20);
    // The positions after a4-b4/c4 and a4-b4/d4 are what the crate makes of them.
    for (text, depth1) in [("a4-b4/c4", 2_174), ("a4-b4/d4", 2_015)] {
        let after = Position::start().play(text.parse().unwrap()).unwrap();
        assert!(has(&after.fen(), 1, depth1), "{text}");
    }
}

#[test]
fn quick_counts() {
    for entry in entries().iter().filter(|e| e.count <= QUICK_LIMIT) {
        let position = position(entry);
        assert_eq!(
            perft(&position, entry.depth),
            entry.count,
            "line {}",
            entry.line
        );
        if entry.depth >= 2 {
            assert_eq!(
                perft_parallel(&position, entry.depth, 2),
                entry.count,
                "line {}",
                entry.line
            );
            let by_root: u64 = divide(&position, entry.depth).iter().map(|(_, n)| n).sum();
            assert_eq!(by_root, entry.count, "divide, line {}", entry.line);
        }
        if entry.count <= REFERENCE_QUICK_LIMIT {
            let reference = Board::from_fen(&entry.fen).perft(entry.depth);
            assert_eq!(reference, entry.count, "reference, line {}", entry.line);
        }
    }
}

#[test]
#[ignore = "billions of leaves: run with --release -- --include-ignored"]
fn slow_counts() {
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    for entry in entries().iter().filter(|e| e.count > QUICK_LIMIT) {
        let position = position(entry);
        let started = std::time::Instant::now();
        let count = perft_parallel(&position, entry.depth, threads);
        eprintln!(
            "line {}: perft({}) = {count} in {:.2?}",
            entry.line,
            entry.depth,
            started.elapsed()
        );
        assert_eq!(count, entry.count, "line {}", entry.line);
    }
    for entry in entries()
        .iter()
        .filter(|e| e.count > REFERENCE_QUICK_LIMIT && e.count <= REFERENCE_SLOW_LIMIT)
    {
        let reference = Board::from_fen(&entry.fen).perft(entry.depth);
        assert_eq!(reference, entry.count, "reference, line {}", entry.line);
    }
}
