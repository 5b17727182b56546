// The `legal_moves` message decoded: queen square → destination → arrow
// squares. The server computes them; the page only offers what is listed.

import { parseSquare } from './notation.js';

/** @typedef {import('./notation.js').MoveSquares} MoveSquares */

/**
 * Legal moves by queen, then destination, then the set of arrow squares.
 * @typedef {Map<number, Map<number, Set<number>>>} LegalMap
 */

/**
 * The squares in a 100-bit mask written as 25 lowercase hex digits, most
 * significant first (bit i = square index i). Throws on anything else.
 * @param {string} hex
 * @returns {number[]} ascending square indices
 */
export function maskToSquares(hex) {
  if (!/^[0-9a-f]{25}$/.test(hex)) throw new Error(`not an arrow set: ${hex}`);
  /** @type {number[]} */
  const squares = [];
  for (let digit = 24; digit >= 0; digit--) {
    const value = parseInt(hex[digit], 16);
    const base = (24 - digit) * 4;
    for (let bit = 0; bit < 4; bit++) {
      if (value & (1 << bit)) squares.push(base + bit);
    }
  }
  return squares;
}

/**
 * Decodes the `moves` field of a `legal_moves` message. Throws when it is
 * not in the documented form.
 * @param {Record<string, Record<string, string>>} moves
 * @returns {LegalMap}
 */
export function decodeLegalMoves(moves) {
  /** @type {LegalMap} */
  const legal = new Map();
  for (const [fromName, destinations] of Object.entries(moves)) {
    const from = parseSquare(fromName);
    if (from === null || typeof destinations !== 'object' || destinations === null) {
      throw new Error(`bad queen square ${fromName}`);
    }
    /** @type {Map<number, Set<number>>} */
    const byDestination = new Map();
    for (const [toName, mask] of Object.entries(destinations)) {
      const to = parseSquare(toName);
      if (to === null || typeof mask !== 'string') throw new Error(`bad destination ${toName}`);
      byDestination.set(to, new Set(maskToSquares(mask)));
    }
    legal.set(from, byDestination);
  }
  return legal;
}

/**
 * Whether the map holds a move.
 * @param {LegalMap} legal
 * @param {MoveSquares} move
 * @returns {boolean}
 */
export function isListed(legal, move) {
  return legal.get(move.from)?.get(move.to)?.has(move.arrow) ?? false;
}
