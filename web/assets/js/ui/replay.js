// The replay of a finished game: the board at any move, first / previous /
// next / last, a slider, the keyboard, times per move, the territory
// overlay, the proven finish of a game ended on territory, the game's
// analysis (ui/analysis.js), and the record to download.

import { h, button } from './dom.js';
import { BoardView } from './board.js';
import { AnalysisPanel } from './analysis.js';
import { TerritoryPanel } from './territory.js';
import { formatClock, formatDuration } from '../clock.js';
import { formatFen } from '../fen.js';
import { moveRows } from '../notation.js';
import { recordHeader } from '../record.js';
import { finishFrameName, finishFrames, frameAfterKey, frameName, replayFrames } from '../replay.js';
import { t } from '../i18n.js';

/** @typedef {import('../replay.js').Frame} Frame */
/** @typedef {import('../screens.js').ViewContext} ViewContext */

/** How long each ply of the proven finish shows while it plays, in ms. */
const FINISH_STEP_MS = 700;

/** The replay screen. */
export class ReplayView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** Where the record comes from. */
    this.api = context.api;
    /** What this browser remembers: which games it saw analysed. */
    this.store = context.store;
    /** @type {Frame[]} the game's frames */
    this.gameFrames = [];
    /** @type {Frame[]} the proven finish's, after them (empty unless the game ended on territory) */
    this.finish = [];
    /** Whether the proven finish is played on after the game. */
    this.showFinish = false;
    /** @type {ReturnType<typeof setTimeout> | null} the finish's next ply while it plays by itself */
    this.finishTimer = null;
    /** The frame shown. */
    this.current = 0;
    /** Whether the board is turned. */
    this.flipped = false;
    this.board = new BoardView({ label: t('replay-board-label'), onPick: () => {}, onBack: () => {} });
    this.heading = h('h1');
    this.summary = h('p', { class: 'info' });
    this.slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': t('replay-slider-label') });
    this.slider.addEventListener('input', () => this.goTo(Number(this.slider.value)));
    this.position = h('p', { class: 'status', 'aria-live': 'polite' });
    this.moveList = h('table', { class: 'moves', 'aria-label': t('moves-label') });
    this.moveScroll = h('div', { class: 'move-scroll' }, this.moveList);
    this.download = h('a', { class: 'button', download: '' }, t('replay-download'));
    this.territory = new TerritoryPanel(this.api, () => this.draw());
    this.finishButton = button(t('replay-finish-show'), () => this.toggleFinish(), { 'data-action': 'finish', hidden: true });
    this.analysis = new AnalysisPanel(this.api, {
      go: (frame) => this.goTo(frame),
      frameName: (frame) => frameName(this.gameFrames, frame),
      redraw: () => {
        const analysis = this.analysis.analysis;
        if (analysis?.status === 'done' && this.analysis.gameId !== null) this.store.rememberAnalysed(this.analysis.gameId);
        this.draw();
      },
    });
    const controls = h(
      'div',
      { class: 'replay-controls' },
      button('«', () => this.goTo(0), { 'aria-label': t('replay-first'), 'data-action': 'first' }),
      button('‹', () => this.goTo(this.current - 1), { 'aria-label': t('replay-previous'), 'data-action': 'prev' }),
      button('›', () => this.goTo(this.current + 1), { 'aria-label': t('replay-next'), 'data-action': 'next' }),
      button('»', () => this.goTo(this.frames.length - 1), { 'aria-label': t('replay-last'), 'data-action': 'last' }),
      button(t('replay-flip'), () => {
        this.flipped = !this.flipped;
        this.draw();
      }, { 'data-action': 'flip' }),
    );
    this.element = h(
      'section',
      { class: 'replay game', 'data-state': 'loading', tabindex: -1 },
      h('div', { class: 'board-column' }, this.board.element),
      h(
        'div',
        { class: 'panel' },
        this.heading,
        this.summary,
        this.position,
        controls,
        this.slider,
        h('div', { class: 'actions' }, this.finishButton),
        this.territory.element,
        this.analysis.element,
        this.moveScroll,
        this.download,
      ),
    );
    this.element.addEventListener('keydown', (event) => {
      const next = frameAfterKey(event.key, this.current, this.frames.length);
      if (next === null || this.frames.length === 0) return;
      event.preventDefault();
      this.goTo(next);
    });
  }

  /**
   * Loads and shows a record.
   * @param {{id: string}} params
   */
  async show({ id }) {
    this.element.setAttribute('data-state', 'loading');
    this.analysis.stop();
    this.stopFinish();
    let record;
    try {
      record = await this.api.gameRecord(id);
      this.gameFrames = replayFrames(record);
    } catch (error) {
      this.heading.textContent = t('replay-failed');
      this.summary.textContent = error instanceof Error ? error.message : String(error);
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    this.finish = finishFrames(this.gameFrames[this.gameFrames.length - 1].board, record.territory?.finish ?? []);
    this.showFinish = false;
    this.finishButton.hidden = this.finish.length === 0;
    this.analysis.load(id);
    // A game this browser saw analysed shows its analysis again at once:
    // asking for a done one returns it as the server saved it.
    if (this.store.analysed(id)) this.analysis.request();
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
      const moveButton = button(entry.text, () => this.goTo(entry.ply + 1), { class: 'link', 'data-ply': entry.ply });
      return h('td', {}, moveButton, h('span', { class: 'time' }, time));
    };
    this.moveList.replaceChildren(
      ...rows.map((row) => h('tr', {}, h('th', { scope: 'row' }, `${row.number}.`), cell(row.white), cell(row.black))),
    );
    this.element.setAttribute('data-state', 'ready');
    this.go(this.frames.length - 1);
    this.element.focus();
  }

  /** The screen is left: the analysis is no longer followed. */
  hide() {
    this.analysis.stop();
    this.stopFinish();
  }

  /** The frames shown: the game's, and the proven finish's when asked for. */
  get frames() {
    return this.showFinish ? [...this.gameFrames, ...this.finish] : this.gameFrames;
  }

  /**
   * Plays on the proven finish after the game, a ply every FINISH_STEP_MS
   * to its end (a step of the person's own stops it there), or takes it
   * away.
   */
  toggleFinish() {
    this.showFinish = !this.showFinish;
    this.finishButton.textContent = this.showFinish ? t('replay-finish-hide') : t('replay-finish-show');
    this.slider.max = String(this.frames.length - 1);
    this.stopFinish();
    this.go(this.showFinish ? this.gameFrames.length : this.gameFrames.length - 1);
    if (this.showFinish) this.playFinish();
  }

  /** Shows the finish's next ply after FINISH_STEP_MS, until its last. */
  playFinish() {
    if (this.current >= this.frames.length - 1) {
      this.stopFinish();
      return;
    }
    this.element.setAttribute('data-playing', '');
    this.finishTimer = setTimeout(() => {
      this.finishTimer = null;
      this.go(this.current + 1);
      this.playFinish();
    }, FINISH_STEP_MS);
  }

  /** Stops the finish playing by itself (where it is). */
  stopFinish() {
    if (this.finishTimer !== null) clearTimeout(this.finishTimer);
    this.finishTimer = null;
    this.element.removeAttribute('data-playing');
  }

  /**
   * The person goes to a frame: the finish stops playing by itself.
   * @param {number} index
   */
  goTo(index) {
    this.stopFinish();
    this.go(index);
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
    this.territory.show(true, formatFen(frame.board));
    this.analysis.show(this.current);
    this.board.draw({
      board: frame.board,
      bottom: this.flipped ? 'black' : 'white',
      targets: new Set(),
      targetKind: null,
      queens: new Set(),
      picked: new Set(),
      lastMove: frame.squares,
      interactive: false,
      territory: this.territory.picture,
      arrows: this.analysis.arrows(),
    });
    this.slider.value = String(this.current);
    const inFinish = this.current >= this.gameFrames.length;
    const name = inFinish ? finishFrameName(this.current - this.gameFrames.length + 1, this.finish.length) : frameName(this.gameFrames, this.current);
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
