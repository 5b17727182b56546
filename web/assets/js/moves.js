// Building a move by pointing: a queen, one of its destinations, one of the
// arrow squares from there, then (when the confirm step is on) send. Every
// choice offered comes from the server's legal moves (legal.js).

import { isListed } from './legal.js';
import { squareName } from './notation.js';
import { t } from './i18n.js';

/** @typedef {import('./legal.js').LegalMap} LegalMap */
/** @typedef {import('./notation.js').MoveSquares} MoveSquares */

/**
 * Where a move being built stands. `queen`: nothing picked; `destination`:
 * a queen picked; `arrow`: its destination picked too; `confirm`: all three
 * picked, waiting for send or cancel.
 * @typedef {{stage: 'queen' | 'destination' | 'arrow' | 'confirm', from: number | null, to: number | null, arrow: number | null}} Building
 */

/**
 * What a pick did: the new building state, a finished move to send, or why
 * the pick was refused (the building state is then unchanged).
 * @typedef {{building: Building, move: MoveSquares | null, refused: string | null}} PickResult
 */

/** @type {Building} */
export const NOTHING_PICKED = Object.freeze({ stage: 'queen', from: null, to: null, arrow: null });

/**
 * The squares that may be picked next.
 * @param {LegalMap | null} legal null while it is not the player's turn
 * @param {Building} building
 * @returns {Set<number>}
 */
export function targets(legal, building) {
  if (!legal) return new Set();
  switch (building.stage) {
    case 'queen':
      return new Set(legal.keys());
    case 'destination':
      return new Set(legal.get(/** @type {number} */ (building.from))?.keys() ?? []);
    case 'arrow':
      return new Set(
        legal.get(/** @type {number} */ (building.from))?.get(/** @type {number} */ (building.to)) ?? [],
      );
    case 'confirm':
      return new Set();
  }
}

/**
 * Picks a square.
 * @param {LegalMap | null} legal
 * @param {Building} building
 * @param {number} square
 * @param {boolean} confirmStep whether a finished move waits for send
 * @returns {PickResult}
 */
export function pick(legal, building, square, confirmStep) {
  /** @param {string} reason @returns {PickResult} */
  const refuse = (reason) => ({ building, move: null, refused: reason });
  /** @param {Building} next @returns {PickResult} */
  const go = (next) => ({ building: next, move: null, refused: null });
  if (!legal) return refuse(t('pick-not-your-move'));
  const name = squareName(square);
  switch (building.stage) {
    case 'queen':
      if (legal.has(square)) return go({ stage: 'destination', from: square, to: null, arrow: null });
      return refuse(t('pick-not-a-queen', { square: name }));
    case 'destination': {
      if (square === building.from) return go(NOTHING_PICKED);
      if (legal.get(/** @type {number} */ (building.from))?.has(square)) {
        return go({ stage: 'arrow', from: building.from, to: square, arrow: null });
      }
      if (legal.has(square)) return go({ stage: 'destination', from: square, to: null, arrow: null });
      return refuse(t('pick-cannot-move', { from: squareName(/** @type {number} */ (building.from)), square: name }));
    }
    case 'arrow': {
      const from = /** @type {number} */ (building.from);
      const to = /** @type {number} */ (building.to);
      const move = { from, to, arrow: square };
      if (isListed(legal, move)) {
        if (confirmStep) return go({ stage: 'confirm', from, to, arrow: square });
        return { building: NOTHING_PICKED, move, refused: null };
      }
      if (square === to) return go({ stage: 'destination', from, to: null, arrow: null });
      if (legal.has(square)) return go({ stage: 'destination', from: square, to: null, arrow: null });
      return refuse(t('pick-cannot-shoot', { from: squareName(to), square: name }));
    }
    case 'confirm':
      return refuse(t('pick-confirm-first'));
  }
}

/**
 * One step back (Esc, right-click, cancel).
 * @param {Building} building
 * @returns {Building}
 */
export function back(building) {
  switch (building.stage) {
    case 'confirm':
      return { ...building, stage: 'arrow', arrow: null };
    case 'arrow':
      return { ...building, stage: 'destination', to: null };
    default:
      return NOTHING_PICKED;
  }
}

/**
 * The move waiting in the confirm step, if any.
 * @param {Building} building
 * @returns {MoveSquares | null}
 */
export function confirmed(building) {
  if (building.stage !== 'confirm') return null;
  return {
    from: /** @type {number} */ (building.from),
    to: /** @type {number} */ (building.to),
    arrow: /** @type {number} */ (building.arrow),
  };
}

/**
 * What to tell the player about the next pick.
 * @param {Building} building
 * @returns {string}
 */
export function prompt(building) {
  switch (building.stage) {
    case 'queen':
      return t('prompt-queen');
    case 'destination':
      return t('prompt-destination', { from: squareName(/** @type {number} */ (building.from)) });
    case 'arrow':
      return t('prompt-arrow', { to: squareName(/** @type {number} */ (building.to)) });
    case 'confirm':
      return t('prompt-confirm');
  }
}

/**
 * The board as it looks while a move is being built: during the arrow step
 * the queen stands on its destination (its old square empty), and in the
 * confirm step the arrow is drawn too.
 * @param {import('./fen.js').Board} board
 * @param {Building} building
 * @returns {import('./fen.js').Board}
 */
export function previewBoard(board, building) {
  if (building.stage !== 'arrow' && building.stage !== 'confirm') return board;
  const cells = board.cells.slice();
  const from = /** @type {number} */ (building.from);
  cells[/** @type {number} */ (building.to)] = cells[from];
  cells[from] = null;
  if (building.stage === 'confirm') cells[/** @type {number} */ (building.arrow)] = '*';
  return { ...board, cells };
}

/**
 * What the squares that may be picked now are, for the words a screen
 * reader says: movable queens, destinations, arrow squares, or nothing
 * (while a finished move waits for send).
 * @typedef {'queen' | 'destination' | 'arrow'} TargetKind
 */

/**
 * The kind of the squares `targets` offers at this stage.
 * @param {Building} building
 * @returns {TargetKind | null}
 */
export function targetKind(building) {
  return building.stage === 'confirm' ? null : building.stage;
}

/** Words for a square's occupant. */
/** @param {'Q' | 'q' | '*'} cell @returns {string} */
const occupant = (cell) => (cell === 'Q' ? t('square-white-queen') : cell === 'q' ? t('square-black-queen') : t('square-arrow'));

/** Words for a square that may be picked, by what picking it does. */
/** @param {TargetKind} target @returns {string} */
const targetWords = (target) =>
  target === 'queen' ? t('square-target-queen') : target === 'destination' ? t('square-target-destination') : t('square-target-arrow');

/** Words for who reaches an empty square first, as the territory view tints it. */
/** @param {import('./territory.js').SquareOwner} owner @returns {string | null} */
const ownerWords = (owner) =>
  owner === 'white'
    ? t('square-owner-white')
    : owner === 'black'
      ? t('square-owner-black')
      : owner === 'tie'
        ? t('square-owner-tie')
        : owner === 'none'
          ? t('square-owner-none')
          : null;

/**
 * A square's accessible name: its name, what is on it, who reaches it first
 * while the territory view is shown, and whether it may be picked now, e.g.
 * "d7, white queen", "e5, empty, legal destination", "f6, arrow", "c3,
 * empty, reached first by White".
 * @param {number} square
 * @param {import('./fen.js').Cell} cell what the board shows on it
 * @param {TargetKind | null} target what it is a target for, if it is one now
 * @param {import('./territory.js').SquareOwner | null} [owner] who reaches it first, when the territory view is shown
 * @returns {string}
 */
export function squareLabel(square, cell, target, owner = null) {
  const parts = [squareName(square), cell ? occupant(cell) : t('square-empty')];
  const reached = cell || !owner ? null : ownerWords(owner);
  if (reached) parts.push(reached);
  if (target) parts.push(targetWords(target));
  return parts.join(t('list-separator'));
}

/**
 * How far apart two squares are, in steps along files and ranks.
 * @param {number} a
 * @param {number} b
 */
function distance(a, b) {
  return Math.abs((a % 10) - (b % 10)) + Math.abs(Math.floor(a / 10) - Math.floor(b / 10));
}

/**
 * Where the keyboard cursor is when a turn starts: where it was, when that
 * is one of the player's movable queens, else the nearest of them (the
 * first in square order among equals), as in the terminal client.
 * @param {number} cursor
 * @param {Set<number>} queens the player's movable queens
 * @returns {number}
 */
export function cursorStart(cursor, queens) {
  if (queens.has(cursor) || queens.size === 0) return cursor;
  const sorted = [...queens].sort((a, b) => a - b);
  return sorted.reduce((best, square) => (distance(square, cursor) < distance(best, cursor) ? square : best));
}

/**
 * The queen Tab (`forward`) or Shift-Tab goes to: the player's next movable
 * queen in square order after the cursor, or the one before it. Null past
 * the last (or before the first), where the key leaves the board as Tab
 * does anywhere else, so the board never holds the keyboard captive.
 * @param {Set<number>} queens the player's movable queens
 * @param {number} cursor
 * @param {boolean} forward
 * @returns {number | null}
 */
export function nextQueen(queens, cursor, forward) {
  const sorted = [...queens].sort((a, b) => a - b);
  const next = forward ? sorted.find((q) => q > cursor) : sorted.reverse().find((q) => q < cursor);
  return next ?? null;
}
