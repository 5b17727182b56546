//! Criterion benches for move generation, counting, legality and perft:
//! `cargo bench -p amazons-core` (or `-- count_moves` etc. for one group).
//!
//! Positions: the start, and three from a seeded random game (plies 20, 40
//! and 50, also in `tests/perft.perft`), so openings, middlegames and endgames
//! all show. Throughput is in moves, so the reports read as moves per second.

use std::hint::black_box;
use std::time::Duration;

use amazons_core::{Move, Position, perft};
use criterion::{Criterion, SamplingMode, Throughput, criterion_main};

const POSITIONS: [(&str, &str); 4] = [
    ("start", amazons_core::START_FEN),
    (
        "ply20",
        "2q*6/2q*6/2*QqQ2*1/2*1**3*/3*1*2*1/2*5q1/5***2/Q*8/6*1*1/1*1*2Q3 w - - 20 11",
    ),
    (
        "ply40",
        "*2*1**3/**1*2**1q/1q*Q1Q2*1/1**1**3*/2q*1*q1*Q/***3*1*1/2*1****2/1*2*2*2/3Q*1*1*1/1****1*3 w - - 40 21",
    ),
    (
        "ply50",
        "*2***4/1*2*qq2*/4*3*1/1**1***1**/*********1/1****1*1q*/Q1*2**3/1*2*1****/2**Q****Q/*1q**2Q1* w - - 50 26",
    ),
];

fn positions() -> Vec<(&'static str, Position)> {
    POSITIONS
        .iter()
        .map(|(name, fen)| (*name, fen.parse().expect("bench FEN")))
        .collect()
}

fn generation(c: &mut Criterion) {
    let mut buffer: Vec<Move> = Vec::with_capacity(4096);
    for (name, position) in positions() {
        let moves = position.count_moves();
        let mut group = c.benchmark_group(format!("movegen/{name}"));
        group.throughput(Throughput::Elements(moves));
        group.bench_function("legal_moves_into", |b| {
            b.iter(|| {
                black_box(&position).legal_moves_into(&mut buffer);
                black_box(buffer.len())
            })
        });
        group.bench_function("for_each_move", |b| {
            b.iter(|| {
                let mut sum = 0u32;
                black_box(&position).for_each_move(|m| sum += u32::from(m.arrow.index()));
                black_box(sum)
            })
        });
        group.bench_function("count_moves", |b| {
            b.iter(|| black_box(&position).count_moves())
        });
        group.bench_function("count_moves_simple", |b| {
            b.iter(|| black_box(&position).count_moves_simple())
        });
        group.finish();
    }
}

fn legality(c: &mut Criterion) {
    let start = Position::start();
    let legal = start.legal_moves();
    // Illegal moves: each legal move with its queen starting from the
    // (empty) destination square, so the check fails at its first step.
    let illegal: Vec<Move> = legal
        .iter()
        .map(|m| Move::new(m.to, m.from, m.arrow))
        .collect();
    let mut group = c.benchmark_group("is_legal/start");
    group.throughput(Throughput::Elements(legal.len() as u64));
    group.bench_function("legal", |b| {
        b.iter(|| {
            legal
                .iter()
                .filter(|m| black_box(&start).is_legal(**m).is_ok())
                .count()
        })
    });
    group.bench_function("illegal", |b| {
        b.iter(|| {
            illegal
                .iter()
                .filter(|m| black_box(&start).is_legal(**m).is_ok())
                .count()
        })
    });
    group.bench_function("make_unmake", |b| {
        b.iter(|| {
            let mut position = start;
            let mut hashes = 0u64;
            for m in &legal {
                position.make(*m);
                hashes ^= position.hash();
                position.unmake(*m);
            }
            black_box(hashes)
        })
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    let start = Position::start();
    let ply20: Position = POSITIONS[1].1.parse().expect("bench FEN");
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(4_307_152));
    group.bench_function("start/2", |b| b.iter(|| perft(black_box(&start), 2)));
    group.throughput(Throughput::Elements(55_712_598));
    group.bench_function("ply20/3", |b| b.iter(|| perft(black_box(&ply20), 3)));
    group.finish();

    // About 1.5 s a run: ten flat samples, one run each.
    let mut group = c.benchmark_group("perft-slow");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(12));
    group.throughput(Throughput::Elements(8_350_439_170));
    group.bench_function("start/3 single-threaded", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
    group.finish();
}

/// The bench group (in a module of its own: the macro's function has no docs).
mod group {
    #![allow(missing_docs)]
    use super::{generation, legality, perft_benches};
    criterion::criterion_group!(benches, generation, legality, perft_benches);
}
criterion_main!(group::benches);
