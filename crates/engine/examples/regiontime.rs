//! Times the region counter on a large defective region (worst case for the
//! search budget).
use std::time::Instant;

use amazons_core::Board;
use amazons_core::{Position, Side};
use amazons_engine::endgame::{self, RegionCache, SEARCH_REGION_BUDGET};

fn main() {
    // White: a big open area with a dead-end pocket (not perfectly fillable
    // quickly); Black walled in a corner.
    let fens = [
        "********1q/********2/**********/10/10/10/10/10/1Q8/*1*7 w",
        "********1q/********2/**********/1*1*1*1*1*/*1*1*1*1*1/1*1*1*1*1*/10/10/1Q6Q1/*1*7 w",
        // Checkerboard pockets: many dead ends, not perfectly fillable.
        "********1q/********2/**********/1*1*1*1*1*/*1*1*1*1*1/1*1*1*1*1*/*1*1*1*1*1/1*1*1*1*1*/*1*1Q1*1*1/1*1*1*1*1* w",
        "********1q/********2/**********/1*1*1*1*1*/*1*1*1*1*1/1*1*1*1*1*/*1*1*1*1*1/1*1*1*1*1*/*Q*1*Q*1*1/1*1*1*1*1* w",
    ];
    for fen in fens {
        let p = Position::from_fen(fen).unwrap();
        let board: Board = *p.board();
        let t = Instant::now();
        let mut cache = RegionCache::default();
        let b = endgame::side_bounds(&board, Side::First, &mut cache, SEARCH_REGION_BUDGET);
        println!("{fen}: {b:?} in {:?}", t.elapsed());
    }
}
