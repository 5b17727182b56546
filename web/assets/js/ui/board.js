// The board in SVG: 10x10 squares with coordinates, queens and arrows, the
// last move, the squares that may be picked, the picked ones and a keyboard
// cursor; on request the territory (each empty square tinted by who reaches
// it first, closed regions outlined with their moves) and moves drawn as
// arrows (the engine's choice beside the one played). It draws what it is
// told and reports clicks and keys: no rules.

import { svg, attrs } from './dom.js';
import { cursorStart, nextQueen, squareLabel } from '../moves.js';
import { squareName } from '../notation.js';

/** @typedef {import('../fen.js').Board} Board */
/** @typedef {import('../notation.js').MoveSquares} MoveSquares */
/** @typedef {import('../notation.js').Side} Side */
/** @typedef {import('../moves.js').TargetKind} TargetKind */
/** @typedef {import('../territory.js').TerritoryPicture} TerritoryPicture */

/**
 * A move drawn as arrows over the board: the queen's path, then the shot.
 * `kind` says whose (styles tell them apart).
 * @typedef {{squares: MoveSquares, kind: 'best' | 'played'}} MoveArrow
 */

/**
 * What to draw.
 * @typedef {object} BoardPicture
 * @property {Board} board
 * @property {Side} bottom the side whose first rank is at the bottom
 * @property {Set<number>} targets squares that may be picked now
 * @property {TargetKind | null} targetKind what picking one of them does (for screen readers)
 * @property {Set<number>} queens the player's movable queens (Tab goes from one to the next)
 * @property {Set<number>} picked squares picked for the move being built
 * @property {MoveSquares | null} lastMove
 * @property {boolean} interactive whether the cursor and picks are live
 * @property {TerritoryPicture | null} [territory] the territory overlay, when shown
 * @property {MoveArrow[]} [arrows] moves drawn as arrows
 */

/** Size of a square in SVG units. */
const SQUARE = 100;

/**
 * Width of the margin left of and below the squares, where the coordinates
 * are written: beside the squares, so no piece ever covers one.
 */
const MARGIN = 40;

/** The queen: a crown, drawn once and used on every square. */
const CROWN =
  'M22 76 L16 38 L34 56 L40 28 L50 52 L60 28 L66 56 L84 38 L78 76 Z M24 80 H76 V86 H24 Z';

/** The board view. */
export class BoardView {
  /**
   * @param {{label: string, onPick: (square: number) => void, onBack: () => void}} options
   */
  constructor(options) {
    /** Called with a square the player clicked or chose with the keyboard. */
    this.onPick = options.onPick;
    /** Called on right-click or Esc: one step back. */
    this.onBack = options.onBack;
    /** @type {BoardPicture | null} the picture drawn last */
    this.picture = null;
    /** The keyboard cursor's square (index); a turn starts it on one of the player's queens. */
    this.cursor = 3;
    /** The root element. */
    this.element = /** @type {SVGSVGElement} */ (
      svg('svg', {
        class: 'board',
        viewBox: `${-MARGIN} 0 ${10 * SQUARE + MARGIN} ${10 * SQUARE + MARGIN}`,
        role: 'grid',
        'aria-label': options.label,
        tabindex: 0,
      })
    );
    const defs = svg('defs');
    const crown = svg('symbol', { id: 'queen-shape', viewBox: '0 0 100 100' });
    crown.append(svg('path', { d: CROWN }));
    for (const [cx, cy] of [[16, 36], [40, 26], [60, 26], [84, 36]]) crown.append(svg('circle', { cx, cy, r: 6 }));
    defs.append(crown);
    this.element.append(defs);
    /** @type {SVGGElement[]} one group per square, by index */
    this.squares = [];
    /** @type {SVGGElement[]} the rows (rank order as drawn) */
    this.rows = [];
    for (let row = 0; row < 10; row++) {
      const rowGroup = /** @type {SVGGElement} */ (svg('g', { role: 'row' }));
      this.rows.push(rowGroup);
      this.element.append(rowGroup);
    }
    for (let index = 0; index < 100; index++) this.squares.push(this.makeSquare(index));
    /** @type {SVGTextElement[]} the file letters below the columns, left to right */
    this.fileLabels = [];
    /** @type {SVGTextElement[]} the rank numbers beside the rows, top to bottom */
    this.rankLabels = [];
    const coordinates = svg('g', { class: 'coordinates', 'aria-hidden': 'true' });
    for (let i = 0; i < 10; i++) {
      const file = /** @type {SVGTextElement} */ (svg('text', { class: 'coord file', x: i * SQUARE + SQUARE / 2, y: 10 * SQUARE + MARGIN / 2 }));
      const rank = /** @type {SVGTextElement} */ (svg('text', { class: 'coord rank', x: -MARGIN / 2, y: i * SQUARE + SQUARE / 2 }));
      this.fileLabels.push(file);
      this.rankLabels.push(rank);
      coordinates.append(file, rank);
    }
    this.element.append(coordinates);
    /** The territory's outlines and labels, over the squares; never takes a click. */
    this.regionLayer = /** @type {SVGGElement} */ (svg('g', { class: 'regions', 'aria-hidden': 'true' }));
    /** Moves drawn as arrows, over everything. */
    this.arrowLayer = /** @type {SVGGElement} */ (svg('g', { class: 'move-arrows', 'aria-hidden': 'true' }));
    // An arrowhead per kind of arrow, coloured as its line (style.css).
    for (const kind of ['best', 'played']) {
      const head = svg('marker', { id: `arrow-head-${kind}`, class: `arrow-head ${kind}`, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 3.5, markerHeight: 3.5, orient: 'auto' });
      head.append(svg('path', { d: 'M0 0 L10 5 L0 10 Z' }));
      defs.append(head);
    }
    this.element.append(this.regionLayer, this.arrowLayer);
    this.element.addEventListener('click', (event) => {
      const square = this.squareOf(event.target);
      if (square !== null && this.picture?.interactive) {
        this.cursor = square;
        this.onPick(square);
      }
    });
    this.element.addEventListener('contextmenu', (event) => {
      if (!this.picture?.interactive) return;
      event.preventDefault();
      this.onBack();
    });
    this.element.addEventListener('keydown', (event) => this.key(event));
  }

  /**
   * The square group of one square.
   * @param {number} index
   * @returns {SVGGElement}
   */
  makeSquare(index) {
    const name = squareName(index);
    const group = /** @type {SVGGElement} */ (
      svg('g', { role: 'gridcell', id: `square-${name}`, 'data-square': name, class: 'square' })
    );
    const file = index % 10;
    const rank = Math.floor(index / 10);
    group.append(
      svg('rect', { class: (file + rank) % 2 === 0 ? 'cell dark' : 'cell light', width: SQUARE, height: SQUARE }),
      svg('rect', { class: 'owner', width: SQUARE, height: SQUARE }),
      svg('rect', { class: 'mark', x: 3, y: 3, width: SQUARE - 6, height: SQUARE - 6, rx: 8 }),
      svg('use', { class: 'queen', href: '#queen-shape', width: SQUARE, height: SQUARE }),
      svg('g', { class: 'arrow' }),
      svg('circle', { class: 'dot', cx: SQUARE / 2, cy: SQUARE / 2, r: 15 }),
    );
    const arrow = /** @type {SVGGElement} */ (group.querySelector('.arrow'));
    arrow.append(
      svg('rect', { x: 18, y: 18, width: 64, height: 64, rx: 10 }),
      svg('path', { d: 'M34 34 L66 66 M66 34 L34 66' }),
    );
    return group;
  }

  /**
   * The square index under an event target, if any.
   * @param {EventTarget | null} target
   * @returns {number | null}
   */
  squareOf(target) {
    const element = target instanceof Element ? target.closest('[data-square]') : null;
    if (!element) return null;
    const index = this.squares.indexOf(/** @type {SVGGElement} */ (element));
    return index >= 0 ? index : null;
  }

  /**
   * Where a square is drawn: column and row from the top-left.
   * @param {number} index
   * @param {Side} bottom
   * @returns {{column: number, row: number}}
   */
  static place(index, bottom) {
    const file = index % 10;
    const rank = Math.floor(index / 10);
    return bottom === 'white' ? { column: file, row: 9 - rank } : { column: 9 - file, row: rank };
  }

  /**
   * Puts every square in its place for a side at the bottom, in reading
   * order within its row, and names the files and ranks in the margin.
   * @param {Side} bottom
   */
  arrange(bottom) {
    for (let row = 0; row < 10; row++) {
      for (let column = 0; column < 10; column++) {
        const file = bottom === 'white' ? column : 9 - column;
        const rank = bottom === 'white' ? 9 - row : row;
        const index = rank * 10 + file;
        const group = this.squares[index];
        group.setAttribute('transform', `translate(${column * SQUARE} ${row * SQUARE})`);
        this.rows[row].append(group);
        if (row === 9) this.fileLabels[column].textContent = squareName(index)[0];
        if (column === 0) this.rankLabels[row].textContent = squareName(index).slice(1);
      }
    }
  }

  /**
   * Draws a picture.
   * @param {BoardPicture} picture
   */
  draw(picture) {
    const flipped = this.picture?.bottom !== picture.bottom;
    if (picture.interactive && !this.picture?.interactive) this.cursor = cursorStart(this.cursor, picture.queens);
    this.picture = picture;
    if (flipped) this.arrange(picture.bottom);
    const last = picture.lastMove;
    const owners = picture.territory?.owners ?? null;
    for (let index = 0; index < 100; index++) {
      const group = this.squares[index];
      const cell = picture.board.cells[index];
      const lastRole = !last ? null : last.from === index ? 'from' : last.to === index ? 'to' : last.arrow === index ? 'arrow' : null;
      attrs(group, {
        'data-piece': cell ?? false,
        'data-target': picture.targets.has(index),
        'data-picked': picture.picked.has(index),
        'data-last': lastRole,
        'data-cursor': picture.interactive && this.cursor === index,
        'data-owner': owners && cell === null ? owners[index] : false,
        'aria-label': squareLabel(index, cell, picture.targets.has(index) ? picture.targetKind : null, owners ? owners[index] : null),
        'aria-selected': picture.picked.has(index) ? 'true' : false,
      });
    }
    attrs(this.element, {
      'aria-activedescendant': picture.interactive ? `square-${squareName(this.cursor)}` : false,
      'data-interactive': picture.interactive,
      'data-territory': Boolean(picture.territory),
    });
    this.drawRegions(picture);
    this.drawArrows(picture);
  }

  /**
   * Where a corner of the grid is drawn: corner (file, rank) is the lower
   * left of square (file, rank) as White sees the board.
   * @param {number} file 0 to 10
   * @param {number} rank 0 to 10
   * @param {Side} bottom
   * @returns {{x: number, y: number}}
   */
  static corner(file, rank, bottom) {
    return bottom === 'white' ? { x: file * SQUARE, y: (10 - rank) * SQUARE } : { x: (10 - file) * SQUARE, y: rank * SQUARE };
  }

  /**
   * The middle of a square as drawn.
   * @param {number} index
   * @param {Side} bottom
   * @returns {{x: number, y: number}}
   */
  static centre(index, bottom) {
    const { column, row } = BoardView.place(index, bottom);
    return { x: column * SQUARE + SQUARE / 2, y: row * SQUARE + SQUARE / 2 };
  }

  /**
   * The closed regions' outlines, each with its moves written in the
   * region's first square as seen from the top left.
   * @param {BoardPicture} picture
   */
  drawRegions(picture) {
    const regions = picture.territory?.regions ?? [];
    this.regionLayer.replaceChildren(
      ...regions.map((region) => {
        const group = svg('g', { class: 'region', 'data-owner': region.owner ?? 'none', 'data-squares': region.squares.length });
        const d = region.outline
          .map((edge) => {
            const a = BoardView.corner(edge.x1, edge.y1, picture.bottom);
            const b = BoardView.corner(edge.x2, edge.y2, picture.bottom);
            return `M${a.x} ${a.y} L${b.x} ${b.y}`;
          })
          .join(' ');
        group.append(svg('path', { d }));
        const first = [...region.squares].sort((a, b) => {
          const pa = BoardView.place(a, picture.bottom);
          const pb = BoardView.place(b, picture.bottom);
          return pa.row - pb.row || pa.column - pb.column;
        })[0];
        if (first !== undefined) {
          const { column, row } = BoardView.place(first, picture.bottom);
          const label = svg('text', { x: column * SQUARE + 10, y: row * SQUARE + 28 });
          label.textContent = region.moves;
          group.append(label);
        }
        return group;
      }),
    );
  }

  /**
   * Moves drawn as arrows: square centre to centre, the queen's path solid
   * and the shot dashed.
   * @param {BoardPicture} picture
   */
  drawArrows(picture) {
    this.arrowLayer.replaceChildren(
      ...(picture.arrows ?? []).map(({ squares, kind }) => {
        const from = BoardView.centre(squares.from, picture.bottom);
        const to = BoardView.centre(squares.to, picture.bottom);
        const arrow = BoardView.centre(squares.arrow, picture.bottom);
        const group = svg('g', { class: `move-arrow ${kind}`, 'data-kind': kind });
        group.append(
          svg('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, 'marker-end': `url(#arrow-head-${kind})` }),
          svg('line', { x1: to.x, y1: to.y, x2: arrow.x, y2: arrow.y, class: 'shot', 'marker-end': `url(#arrow-head-${kind})` }),
        );
        return group;
      }),
    );
  }

  /**
   * Arrow keys move the cursor as the board is seen; Tab and Shift-Tab go
   * to the next or previous of the player's queens (past the last one they
   * leave the board as usual); Enter or Space picks; Esc steps back.
   * @param {KeyboardEvent} event
   */
  key(event) {
    const picture = this.picture;
    if (!picture?.interactive) return;
    if (event.key === 'Tab') {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const queen = nextQueen(picture.queens, this.cursor, !event.shiftKey);
      if (queen === null) return;
      this.cursor = queen;
      this.draw(picture);
      event.preventDefault();
      return;
    }
    const { column, row } = BoardView.place(this.cursor, picture.bottom);
    /** @type {Record<string, [number, number]>} */
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[event.key];
    if (step) {
      const newColumn = Math.min(9, Math.max(0, column + step[0]));
      const newRow = Math.min(9, Math.max(0, row + step[1]));
      const file = picture.bottom === 'white' ? newColumn : 9 - newColumn;
      const rank = picture.bottom === 'white' ? 9 - newRow : newRow;
      this.cursor = rank * 10 + file;
      this.draw(picture);
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.onPick(this.cursor);
    } else if (event.key === 'Escape') {
      this.onBack();
    } else {
      return;
    }
    event.preventDefault();
  }
}
