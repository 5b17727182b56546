// Positions as the server writes them (FEN, Fairy-Stockfish's Amazons form),
// read only to draw them. Nothing here decides whether a move is legal: the
// server does, and sends the legal moves (see legal.js).

import { opponent } from './notation.js';

/** The standard start. */
export const START_FEN = '3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1';

/** @typedef {import('./notation.js').Side} Side */
/** @typedef {import('./notation.js').MoveSquares} MoveSquares */

/**
 * What stands on a square: a white queen, a black queen, an arrow, or nothing.
 * @typedef {'Q' | 'q' | '*' | null} Cell
 */

/**
 * A board to draw: 100 cells by square index, the side to move and the
 * full-move number.
 * @typedef {{cells: Cell[], turn: Side, fullmove: number}} Board
 */

/**
 * Reads FEN; null when it is not a 10x10 board.
 * @param {string} fen
 * @returns {Board | null}
 */
export function parseFen(fen) {
  const fields = fen.trim().split(/\s+/);
  const ranks = (fields[0] ?? '').split('/');
  if (ranks.length !== 10) return null;
  /** @type {Cell[]} */
  const cells = new Array(100).fill(null);
  for (let r = 0; r < 10; r++) {
    const rank = 9 - r;
    let file = 0;
    const tokens = ranks[r].match(/10|[1-9]|[Qq*]|./g) ?? [];
    for (const token of tokens) {
      if (/^\d+$/.test(token)) {
        file += Number(token);
      } else if (token === 'Q' || token === 'q' || token === '*') {
        if (file > 9) return null;
        cells[rank * 10 + file] = token;
        file += 1;
      } else {
        return null;
      }
    }
    if (file !== 10) return null;
  }
  const turn = fields[1] === 'b' ? 'black' : 'white';
  const fullmove = Number(fields[5] ?? '1');
  return { cells, turn, fullmove: Number.isInteger(fullmove) && fullmove > 0 ? fullmove : 1 };
}

/**
 * Writes a board as FEN, the way the server writes it (the half-move clock,
 * which the page does not keep, as 0): for asking the server about a
 * position the page shows (`GET /api/territory?fen=`).
 * @param {Board} board
 * @returns {string}
 */
export function formatFen(board) {
  /** @type {string[]} */
  const ranks = [];
  for (let rank = 9; rank >= 0; rank--) {
    let text = '';
    let run = 0;
    for (let file = 0; file < 10; file++) {
      const cell = board.cells[rank * 10 + file];
      if (cell === null) {
        run += 1;
        continue;
      }
      if (run > 0) text += String(run);
      run = 0;
      text += cell;
    }
    if (run > 0) text += String(run);
    ranks.push(text);
  }
  return `${ranks.join('/')} ${board.turn === 'white' ? 'w' : 'b'} - - 0 ${board.fullmove}`;
}

/**
 * The board after a move the server accepted, for drawing (replays, and
 * servers that do not send `fen`). It checks nothing.
 * @param {Board} board
 * @param {MoveSquares} move
 * @returns {Board}
 */
export function applyMove(board, move) {
  const cells = board.cells.slice();
  const queen = cells[move.from];
  cells[move.from] = null;
  cells[move.to] = queen;
  cells[move.arrow] = '*';
  return {
    cells,
    turn: opponent(board.turn),
    fullmove: board.turn === 'black' ? board.fullmove + 1 : board.fullmove,
  };
}
