//! What analysis and territory endings cost: `evaluate` at the default
//! budget, `territory::solve` of separated positions, and the territory view
//! (`cargo bench -p amazons-engine --bench analysis`; medians are in
//! docs/analysis.md).

use amazons_core::{Move, Position};
use amazons_engine::analysis::{AnalysisBudget, evaluate};
use amazons_engine::territory::{SOLVE_BUDGET, Territory, solve};
use criterion::{Criterion, criterion_main};

/// A middlegame position (the `bench` command's position after 24 plies).
const MIDDLE: &str = "5q4/1Qq5**/1**3*3/**1**Q*q2/****4**/6*1*1/5Q2*1/3*1q1**1/1*Q7/9* w - - 24 13";

/// An arena game (level 7 against level 5, 40 ms a move): its opening and
/// the first 41 moves, after which the board is separated (White wins by 8,
/// 40 plies to go).
const GAME_START: &str = "3q6/10/10/3Q*1Q1*q/10/*1q7/Q5q3/10/6*3/6Q3 w - - 4 3";
const GAME_MOVES: &str = "a4-c4/f4 j7-h9/h2 d7-c8/d9 d10-b8/b3 g7-h6/h4 h9-h8/c3 c4-d3/d5 h8-g8/h7 g1-j1/h3 g4-h5/j3 h6-g7/g6 h5-i6/i1 g7-h8/g9 i6-e2/c2 d3-e3/f3 e2-f2/d2 e3-e2/f1 g8-g7/g8 j1-i2/i6 b8-b10/d8 i2-i5/h6 c5-c6/e6 c8-b9/c10 b10-c9/c8 b9-b8/e5 c6-b5/d3 h8-h10/h8 b5-c6/g10 i5-g5/g3 g7-f6/f5 b8-b5/c5 c9-a7/b6 e2-e1/e3 f2-g1/f2 g5-i5/g5 g1-h1/i2 e1-b1/e1 a7-a6/a7 i5-i3/i4 h1-g1/h1 b5-a4/b5";

/// The game's position once separated.
fn separated() -> Position {
    GAME_MOVES
        .split_whitespace()
        .fold(Position::from_fen(GAME_START).unwrap(), |p, m| {
            p.play(m.parse::<Move>().unwrap()).unwrap()
        })
}

/// The benchmarks: `evaluate`, `solve` and the view.
fn benches(c: &mut Criterion) {
    let middle = Position::from_fen(MIDDLE).unwrap();
    let budget = AnalysisBudget::default();
    let mut group = c.benchmark_group("evaluate");
    group.sample_size(10);
    group.bench_function("start, default budget", |b| {
        b.iter(|| evaluate(&Position::start(), &budget))
    });
    group.bench_function("middlegame, default budget", |b| {
        b.iter(|| evaluate(&middle, &budget))
    });
    group.finish();

    let separated = separated();
    assert!(solve(&separated, SOLVE_BUDGET).is_some());
    c.bench_function("solve, separated game position (40 plies left)", |b| {
        b.iter(|| solve(&separated, SOLVE_BUDGET))
    });
    c.bench_function("territory view, middlegame", |b| {
        b.iter(|| Territory::of(middle.board()))
    });
    c.bench_function("territory view, separated game position", |b| {
        b.iter(|| Territory::of(separated.board()))
    });
}

/// The bench group (in a module of its own: the macro's function has no docs).
mod group {
    #![allow(missing_docs)]
    use super::benches;
    criterion::criterion_group!(analysis, benches);
}
criterion_main!(group::analysis);
