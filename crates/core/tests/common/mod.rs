//! A slow, plainly written rules reference shared by the integration tests.
//!
//! It keeps the board as a 10x10 array of cells and walks the eight directions
//! one square at a time, with no bitboards, tables or tricks, so that it is easy
//! to check by reading and shares no code with the crate's fast generator. The
//! tests compare the crate against it.

#![allow(dead_code)]

use amazons_core::{Move, Position, Side, Square};

/// What stands on one square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A queen of the first player (white).
    White,
    /// A queen of the second player (black).
    Black,
    /// A burnt square.
    Arrow,
}

/// The eight queen directions as (file step, rank step).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// A board as an array, `cells[rank][file]`, rank 0 = rank 1, file 0 = file a.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// The squares.
    pub cells: [[Cell; 10]; 10],
    /// Whether the first player is to move.
    pub white_to_move: bool,
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..10).contains(&file) && (0..10).contains(&rank)
}

fn square(file: i32, rank: i32) -> Square {
    Square::new(file as u8, rank as u8).expect("on board")
}

impl Board {
    /// Reads the board and side-to-move fields of a FEN with its own little
    /// parser (not the crate's).
    pub fn from_fen(fen: &str) -> Board {
        let mut fields = fen.split_whitespace();
        let board = fields.next().expect("board field");
        let mut cells = [[Cell::Empty; 10]; 10];
        let rows: Vec<&str> = board.split('/').collect();
        assert_eq!(rows.len(), 10, "ten ranks in {fen}");
        for (row, text) in rows.iter().enumerate() {
            let rank = 9 - row;
            let mut file = 0usize;
            let mut number = String::new();
            for c in text.chars().chain(std::iter::once('.')) {
                if c.is_ascii_digit() {
                    number.push(c);
                    continue;
                }
                if !number.is_empty() {
                    file += number.parse::<usize>().expect("run of empty squares");
                    number.clear();
                }
                let cell = match c {
                    'Q' => Cell::White,
                    'q' => Cell::Black,
                    '*' => Cell::Arrow,
                    '.' => break,
                    other => panic!("bad piece {other} in {fen}"),
                };
                cells[rank][file] = cell;
                file += 1;
            }
            assert_eq!(file, 10, "rank {} of {fen}", rank + 1);
        }
        let white_to_move = fields.next() != Some("b");
        Board {
            cells,
            white_to_move,
        }
    }

    /// The same board as the crate's position (read from its FEN).
    pub fn from_position(position: &Position) -> Board {
        Board::from_fen(&position.fen())
    }

    fn at(&self, file: i32, rank: i32) -> Cell {
        self.cells[rank as usize][file as usize]
    }

    /// The mover's queen colour.
    pub fn mover(&self) -> Cell {
        if self.white_to_move {
            Cell::White
        } else {
            Cell::Black
        }
    }

    /// Every legal move, found by stepping square by square.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for from_rank in 0..10 {
            for from_file in 0..10 {
                if self.at(from_file, from_rank) != self.mover() {
                    continue;
                }
                for (df, dr) in DIRECTIONS {
                    let (mut to_file, mut to_rank) = (from_file + df, from_rank + dr);
                    while on_board(to_file, to_rank) && self.at(to_file, to_rank) == Cell::Empty {
                        for (af, ar) in DIRECTIONS {
                            let (mut arrow_file, mut arrow_rank) = (to_file + af, to_rank + ar);
                            while on_board(arrow_file, arrow_rank)
                                && (self.at(arrow_file, arrow_rank) == Cell::Empty
                                    || (arrow_file, arrow_rank) == (from_file, from_rank))
                            {
                                moves.push(Move::new(
                                    square(from_file, from_rank),
                                    square(to_file, to_rank),
                                    square(arrow_file, arrow_rank),
                                ));
                                arrow_file += af;
                                arrow_rank += ar;
                            }
                        }
                        to_file += df;
                        to_rank += dr;
                    }
                }
            }
        }
        moves
    }

    /// Plays a move (assumed legal).
    pub fn apply(&mut self, m: Move) {
        let queen = self.mover();
        let cell = |s: Square| (s.rank() as usize, s.file() as usize);
        let (r, f) = cell(m.from);
        self.cells[r][f] = Cell::Empty;
        let (r, f) = cell(m.to);
        self.cells[r][f] = queen;
        let (r, f) = cell(m.arrow);
        self.cells[r][f] = Cell::Arrow;
        self.white_to_move = !self.white_to_move;
    }

    /// Leaves of the move tree, by plain recursion.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.apply(m);
                child.perft(depth - 1)
            })
            .sum()
    }

    /// Whether the crate's position has the same queens, arrows and side to move.
    pub fn agrees_with(&self, position: &Position) -> bool {
        let turn = if self.white_to_move {
            Side::First
        } else {
            Side::Second
        };
        if position.turn() != turn {
            return false;
        }
        (0..10).all(|rank| {
            (0..10).all(|file| {
                let sq = square(file, rank);
                let expected = match (position.queen_at(sq), position.arrows().contains(sq)) {
                    (Some(Side::First), false) => Cell::White,
                    (Some(Side::Second), false) => Cell::Black,
                    (None, true) => Cell::Arrow,
                    (None, false) => Cell::Empty,
                    (Some(_), true) => return false,
                };
                self.at(file, rank) == expected
            })
        })
    }
}
