// A finished game's record (`GET /api/games/{id}`) as the frames of a
// replay: the board before the first move and after each move, and for a
// game ended on territory the frames of its proven finish.

import { START_FEN, applyMove, parseFen } from './fen.js';
import { parseCanonical } from './notation.js';
import { t } from './i18n.js';

/** @typedef {import('./fen.js').Board} Board */
/** @typedef {import('./wire.js').GameRecord} GameRecord */
/** @typedef {import('./notation.js').MoveSquares} MoveSquares */

/**
 * What a replay shows at one point: the board, the move that led to it
 * (none for the first frame), the time that move took and the mover's clock
 * after it.
 * @typedef {{board: Board, move: string | null, squares: MoveSquares | null, timeMs: number | null, clockMs: number | null}} Frame
 */

/**
 * The frames of a proven finish: the board after each of its moves, played
 * on from the game's final board (no times: nobody played them).
 * @param {Board} last the final board
 * @param {readonly string[]} finish the moves, canonical text
 * @returns {Frame[]} empty when a move is unreadable (the finish is then not offered)
 */
export function finishFrames(last, finish) {
  /** @type {Frame[]} */
  const frames = [];
  let board = last;
  for (const move of finish) {
    const squares = parseCanonical(move);
    if (!squares) return [];
    board = applyMove(board, squares);
    frames.push({ board, move, squares, timeMs: null, clockMs: null });
  }
  return frames;
}

/**
 * What the replay says at a frame of the proven finish: `Proven finish: ply 3 of 9`.
 * @param {number} step 1-based
 * @param {number} steps
 * @returns {string}
 */
export function finishFrameName(step, steps) {
  return t('replay-finish-frame', { step, steps });
}

/**
 * The frames of a record; throws when a move is not in canonical form or
 * the starting position is unreadable.
 * @param {Pick<GameRecord, 'initial_fen' | 'moves'>} record
 * @returns {Frame[]}
 */
export function replayFrames(record) {
  const start = parseFen(record.initial_fen ?? START_FEN);
  if (!start) throw new Error('the record starts from an unreadable position');
  /** @type {Frame[]} */
  const frames = [{ board: start, move: null, squares: null, timeMs: null, clockMs: null }];
  record.moves.forEach((played, i) => {
    const squares = parseCanonical(played.move);
    if (!squares) throw new Error(`move ${i + 1} (${played.move}) is not in canonical form`);
    frames.push({
      board: applyMove(frames[i].board, squares),
      move: played.move,
      squares,
      timeMs: played.time_ms,
      clockMs: played.clock_ms ?? null,
    });
  });
  return frames;
}

/**
 * What the replay says at frame `index`, counting moves as the move list
 * numbers them (move N is white's and black's N-th moves; a ply is one
 * side's turn), as the terminal client does: `Move 5, black (ply 10 of 72)`,
 * or for the start `Start: 36 moves (72 plies)`.
 * @param {Frame[]} frames
 * @param {number} index
 * @returns {string}
 */
export function frameName(frames, index) {
  const plies = frames.length - 1;
  if (index === 0) {
    const moves = plies === 0 ? 0 : frames[plies - 1].board.fullmove;
    return t('replay-start', { moves, plies });
  }
  const before = frames[index - 1].board;
  return t('replay-frame', { move: before.fullmove, side: before.turn, ply: index, plies });
}

/**
 * The frame to show after a replay key: Home/End, arrows.
 * @param {string} key KeyboardEvent.key
 * @param {number} current the frame shown
 * @param {number} count how many frames there are
 * @returns {number | null} the new frame, or null when the key does nothing
 */
export function frameAfterKey(key, current, count) {
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, current + 1);
    default:
      return null;
  }
}
