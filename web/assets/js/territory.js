// The territory of a position as the server counts it (`GET /api/territory`),
// read for drawing: who reaches each square first, the closed regions and
// their outlines, the count line, and who may see it (a fair-play rule kept
// by the page, as lichess does: a player only in a game that allows it).

import { parseSquare } from './notation.js';
import { sideName, t } from './i18n.js';

/** @typedef {import('./wire.js').Side} Side */
/** @typedef {import('./wire.js').TerritoryView} TerritoryView */
/** @typedef {import('./wire.js').Decided} Decided */

/**
 * What a square is in the territory picture: reached first by white or
 * black, by both equally (`tie`), by nobody (`none`), or not empty.
 * @typedef {'white' | 'black' | 'tie' | 'none' | 'queen' | 'arrow'} SquareOwner
 */

/**
 * A closed region ready to draw: its squares (indices), owner, the moves it
 * holds as text, and its outline.
 * @typedef {{squares: number[], owner: Side | null, moves: string, label: string, outline: Edge[]}} RegionPicture
 */

/**
 * What the board overlay draws.
 * @typedef {{owners: SquareOwner[], regions: RegionPicture[]}} TerritoryPicture
 */

/**
 * One side of a square on a region's border, between two corners given as
 * (file, rank) of the board's grid lines: corner (0, 0) is a1's lower left,
 * (10, 10) j10's upper right.
 * @typedef {{x1: number, y1: number, x2: number, y2: number}} Edge
 */

/** @type {Record<string, SquareOwner>} the letters of `owners` */
const LETTERS = { w: 'white', b: 'black', '=': 'tie', '.': 'none', Q: 'queen', q: 'queen', x: 'arrow' };

/**
 * The owner of each square, by index; null when the text is not 100 known letters.
 * @param {string} owners
 * @returns {SquareOwner[] | null}
 */
export function readOwners(owners) {
  if (typeof owners !== 'string' || owners.length !== 100) return null;
  /** @type {SquareOwner[]} */
  const read = [];
  for (const letter of owners) {
    const owner = LETTERS[letter];
    if (!owner) return null;
    read.push(owner);
  }
  return read;
}

/**
 * The border of a set of squares: every side of one of them whose
 * neighbour across it is not in the set.
 * @param {readonly number[]} squares indices
 * @returns {Edge[]}
 */
export function outline(squares) {
  const inside = new Set(squares);
  /** @param {number} file @param {number} rank */
  const has = (file, rank) => file >= 0 && file < 10 && rank >= 0 && rank < 10 && inside.has(rank * 10 + file);
  /** @type {Edge[]} */
  const edges = [];
  for (const square of [...inside].sort((a, b) => a - b)) {
    const file = square % 10;
    const rank = Math.floor(square / 10);
    if (!has(file, rank - 1)) edges.push({ x1: file, y1: rank, x2: file + 1, y2: rank });
    if (!has(file, rank + 1)) edges.push({ x1: file, y1: rank + 1, x2: file + 1, y2: rank + 1 });
    if (!has(file - 1, rank)) edges.push({ x1: file, y1: rank, x2: file, y2: rank + 1 });
    if (!has(file + 1, rank)) edges.push({ x1: file + 1, y1: rank, x2: file + 1, y2: rank + 1 });
  }
  return edges;
}

/**
 * A region's moves as text: exact (`5`) or a range (`3–5`).
 * @param {{lower: number, upper: number}} moves
 * @returns {string}
 */
export function movesText(moves) {
  return moves.lower === moves.upper ? String(moves.lower) : `${moves.lower}–${moves.upper}`;
}

/**
 * The picture of a territory view, or null when the server's answer cannot
 * be read (the overlay is then not drawn).
 * @param {TerritoryView} view
 * @returns {TerritoryPicture | null}
 */
export function territoryPicture(view) {
  const owners = readOwners(view.owners);
  if (!owners || !Array.isArray(view.regions)) return null;
  /** @type {RegionPicture[]} */
  const regions = [];
  for (const region of view.regions) {
    const squares = region.squares.map(parseSquare);
    if (squares.some((s) => s === null)) return null;
    const indices = /** @type {number[]} */ (squares);
    const moves = movesText(region.moves);
    const count = region.moves.upper;
    const label =
      region.owner === null
        ? t('territory-region-nobody', { squares: indices.length })
        : t('territory-region', { side: sideName(region.owner), squares: indices.length, moves, count });
    regions.push({ squares: indices, owner: region.owner, moves, label, outline: outline(indices) });
  }
  return { owners, regions };
}

/**
 * The count line under the board: `White 23 · Black 19 · contested 12`,
 * and the proven result when there is one.
 * @param {TerritoryView} view
 * @returns {string}
 */
export function countLine(view) {
  const counts = t('territory-counts', { white: view.counts.white, black: view.counts.black, contested: view.counts.contested });
  return view.decided ? `${counts} · ${decidedText(view.decided)}` : counts;
}

/**
 * A proven result in words: `White wins by 7`.
 * @param {Decided} decided
 * @returns {string}
 */
export function decidedText(decided) {
  return t('territory-decided', { side: sideName(decided.winner), margin: decided.margin });
}

/**
 * Whether the viewer may see the territory of a match: a spectator always,
 * anyone once the game is over, a player in a game in progress only when
 * the game allows assistance.
 * @param {{you: Side | null, status: import('./wire.js').MatchStatus, assistance: boolean}} match
 * @returns {boolean}
 */
export function mayShowTerritory(match) {
  return match.you === null || match.status === 'finished' || match.assistance;
}
