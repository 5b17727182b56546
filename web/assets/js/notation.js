// Square names and move text. Squares are numbered as the server numbers
// them: index = rank * 10 + file, a1 = 0, j1 = 9, a2 = 10, j10 = 99.

/** The file letters, a to j. */
export const FILES = 'abcdefghij';

/** @typedef {import('./wire.js').Side} Side */

/**
 * A move as its three squares.
 * @typedef {{from: number, to: number, arrow: number}} MoveSquares
 */

/**
 * One line of a move list: the full-move number, then white's and black's
 * move (either may be missing: black's when white just moved, white's when a
 * game starts with black to move).
 * @typedef {{number: number, white: {text: string, ply: number} | null, black: {text: string, ply: number} | null}} MoveRow
 */

/**
 * The name of a square, e.g. 63 → "d7".
 * @param {number} index
 * @returns {string}
 */
export function squareName(index) {
  return FILES[index % 10] + String(Math.floor(index / 10) + 1);
}

/**
 * The index of a square name (a1 … j10, either case), or null.
 * @param {string} name
 * @returns {number | null}
 */
export function parseSquare(name) {
  const match = /^([a-j])(10|[1-9])$/i.exec(name.trim());
  if (!match) return null;
  return (Number(match[2]) - 1) * 10 + FILES.indexOf(match[1].toLowerCase());
}

/**
 * The canonical text of a move, `d1-d7/g7`.
 * @param {MoveSquares} move
 * @returns {string}
 */
export function formatMove(move) {
  return `${squareName(move.from)}-${squareName(move.to)}/${squareName(move.arrow)}`;
}

/**
 * Reads the canonical text the server sends (`d1-d7/g7`); null otherwise.
 * (What people type is read by the server, not here.)
 * @param {string} text
 * @returns {MoveSquares | null}
 */
export function parseCanonical(text) {
  const parts = /^([a-j](?:10|[1-9]))-([a-j](?:10|[1-9]))\/([a-j](?:10|[1-9]))$/.exec(text);
  if (!parts) return null;
  const [from, to, arrow] = parts.slice(1).map(parseSquare);
  if (from === null || to === null || arrow === null) return null;
  return { from, to, arrow };
}

/**
 * Groups moves into numbered rows by full move.
 * @param {readonly string[]} moves the moves in order, canonical text
 * @param {Side} firstSide who made the first of them
 * @param {number} firstNumber the full-move number of the first move
 * @returns {MoveRow[]}
 */
export function moveRows(moves, firstSide = 'white', firstNumber = 1) {
  /** @type {MoveRow[]} */
  const rows = [];
  const offset = firstSide === 'white' ? 0 : 1;
  moves.forEach((text, ply) => {
    const slot = ply + offset;
    const rowIndex = Math.floor(slot / 2);
    if (!rows[rowIndex]) rows[rowIndex] = { number: firstNumber + rowIndex, white: null, black: null };
    if (slot % 2 === 0) rows[rowIndex].white = { text, ply };
    else rows[rowIndex].black = { text, ply };
  });
  return rows;
}

/**
 * The other side.
 * @param {Side} side
 * @returns {Side}
 */
export function opponent(side) {
  return side === 'white' ? 'black' : 'white';
}
