// The replay of a finished game: the board at any move, first / previous /
// next / last, a slider, the keyboard, times per move, and the record to
// download.

import { h, button } from './dom.js';
import { BoardView } from './board.js';
import { formatClock, formatDuration } from '../clock.js';
import { moveRows } from '../notation.js';
import { recordHeader } from '../record.js';
import { frameAfterKey, frameName, replayFrames } from '../replay.js';
import { t } from '../i18n.js';

/** @typedef {import('../replay.js').Frame} Frame */
/** @typedef {import('../screens.js').ViewContext} ViewContext */

/** The replay screen. */
export class ReplayView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** Where the record comes from. */
    this.api = context.api;
    /** @type {Frame[]} */
    this.frames = [];
    /** The frame shown. */
    this.current = 0;
    /** Whether the board is turned. */
    this.flipped = false;
    this.board = new BoardView({ label: t('replay-board-label'), onPick: () => {}, onBack: () => {} });
    this.heading = h('h1');
    this.summary = h('p', { class: 'info' });
    this.slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': t('replay-slider-label') });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.position = h('p', { class: 'status', 'aria-live': 'polite' });
    this.moveList = h('table', { class: 'moves', 'aria-label': t('moves-label') });
    this.moveScroll = h('div', { class: 'move-scroll' }, this.moveList);
    this.download = h('a', { class: 'button', download: '' }, t('replay-download'));
    const controls = h(
      'div',
      { class: 'replay-controls' },
      button('«', () => this.go(0), { 'aria-label': t('replay-first'), 'data-action': 'first' }),
      button('‹', () => this.go(this.current - 1), { 'aria-label': t('replay-previous'), 'data-action': 'prev' }),
      button('›', () => this.go(this.current + 1), { 'aria-label': t('replay-next'), 'data-action': 'next' }),
      button('»', () => this.go(this.frames.length - 1), { 'aria-label': t('replay-last'), 'data-action': 'last' }),
      button(t('replay-flip'), () => {
        this.flipped = !this.flipped;
        this.draw();
      }, { 'data-action': 'flip' }),
    );
    this.element = h(
      'section',
      { class: 'replay game', 'data-state': 'loading', tabindex: -1 },
      h('div', { class: 'board-column' }, this.board.element),
      h('div', { class: 'panel' }, this.heading, this.summary, this.position, controls, this.slider, this.moveScroll, this.download),
    );
    this.element.addEventListener('keydown', (event) => {
      const next = frameAfterKey(event.key, this.current, this.frames.length);
      if (next === null || this.frames.length === 0) return;
      event.preventDefault();
      this.go(next);
    });
  }

  /**
   * Loads and shows a record.
   * @param {{id: string}} params
   */
  async show({ id }) {
    this.element.setAttribute('data-state', 'loading');
    let record;
    try {
      record = await this.api.gameRecord(id);
      this.frames = replayFrames(record);
    } catch (error) {
      this.heading.textContent = t('replay-failed');
      this.summary.textContent = error instanceof Error ? error.message : String(error);
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    const header = recordHeader(record);
    // The players, after a "Replay:" only screen readers say.
    this.heading.replaceChildren(h('span', { class: 'visually-hidden' }, t('replay-heading-prefix'), ' '), header.players);
    this.summary.textContent = header.summary;
    this.download.setAttribute('href', this.api.gameRecordUrl(id));
    this.download.setAttribute('download', `amazons-${id}.json`);
    this.slider.max = String(this.frames.length - 1);
    const start = this.frames[0].board;
    const rows = moveRows(record.moves.map((m) => m.move), start.turn, start.fullmove);
    /** @param {{text: string, ply: number} | null} entry */
    const cell = (entry) => {
      if (!entry) return h('td');
      const frame = this.frames[entry.ply + 1];
      const time = frame.timeMs === null ? '' : formatDuration(frame.timeMs);
      const moveButton = button(entry.text, () => this.go(entry.ply + 1), { class: 'link', 'data-ply': entry.ply });
      return h('td', {}, moveButton, h('span', { class: 'time' }, time));
    };
    this.moveList.replaceChildren(
      ...rows.map((row) => h('tr', {}, h('th', { scope: 'row' }, `${row.number}.`), cell(row.white), cell(row.black))),
    );
    this.element.setAttribute('data-state', 'ready');
    this.go(this.frames.length - 1);
    this.element.focus();
  }

  /**
   * Shows a frame.
   * @param {number} index
   */
  go(index) {
    if (this.frames.length === 0) return;
    this.current = Math.max(0, Math.min(this.frames.length - 1, index));
    this.draw();
  }

  draw() {
    const frame = this.frames[this.current];
    if (!frame) return;
    this.board.draw({
      board: frame.board,
      bottom: this.flipped ? 'black' : 'white',
      targets: new Set(),
      targetKind: null,
      queens: new Set(),
      picked: new Set(),
      lastMove: frame.squares,
      interactive: false,
    });
    this.slider.value = String(this.current);
    const name = frameName(this.frames, this.current);
    if (frame.move === null) {
      this.position.textContent = name;
    } else {
      const time = frame.timeMs === null ? '' : formatDuration(frame.timeMs);
      const clock = frame.clockMs === null ? '' : formatClock(frame.clockMs);
      this.position.textContent = [t('replay-position', { name, move: frame.move }), time, clock ? t('replay-clock', { clock }) : ''].filter(Boolean).join(t('list-separator'));
    }
    this.element.setAttribute('data-frame', String(this.current));
    for (const cellButton of this.moveList.querySelectorAll('button[data-ply]')) {
      cellButton.toggleAttribute('aria-current', Number(cellButton.getAttribute('data-ply')) === this.current - 1);
    }
  }
}
