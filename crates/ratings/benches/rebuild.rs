//! Criterion bench of the ratings fold alone (no files): how long
//! `Ratings::rebuild` takes over 10,000 and 100,000 games among 1,000
//! players, the part of a server's start-up that ratings add to reading the
//! history. `cargo bench -p amazons-ratings`.

use std::hint::black_box;
use std::time::Duration;

use amazons_core::{BySide, PlayerId, PlayerKind, Side};
use amazons_ratings::{Contestant, RatedGame, RatingRules, Ratings};
use criterion::{Criterion, criterion_main};

/// `count` games among 1,000 players, a game every ten minutes, from a
/// fixed linear congruential sequence (the same games every run).
fn games(count: usize) -> Vec<RatedGame> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let player = |n: u64| {
        Contestant::new(
            PlayerId::new(format!("p{n:04}")),
            format!("player {n}"),
            PlayerKind::Human,
        )
    };
    (0..count)
        .map(|index| {
            let white = next() % 1_000;
            let black = (white + 1 + next() % 999) % 1_000;
            let winner = if next() % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            RatedGame::new(
                format!("g{index:06}"),
                index as u64 * 600_000,
                BySide::new(player(white), player(black)),
                winner,
            )
        })
        .collect()
}

fn rebuild(c: &mut Criterion) {
    let mut group = c.benchmark_group("rebuild");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for count in [10_000, 100_000] {
        let games = games(count);
        group.bench_function(format!("{count}_games"), |b| {
            b.iter(|| Ratings::rebuild(RatingRules::lichess(), black_box(games.clone())))
        });
    }
    group.finish();
}

/// The bench groups, for `criterion_main!`.
fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    rebuild(&mut criterion);
}

criterion_main!(benches);
