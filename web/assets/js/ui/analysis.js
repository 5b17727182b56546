// A game's analysis in its replay: the Analyse button, the live progress
// while the server works (asked again every POLL_MS), then the win-chance
// graph (each point a button that shows its position), the evaluation of
// the position shown, the verdict on the move that led to it (its class,
// the chance it lost, the engine's better move and line), the players'
// summary, and buttons to the previous and next faulty move. The words
// and geometry are analysis.js's.

import { h, button, svg, attrs } from './dom.js';
import { POLL_MS, classWord, evalText, nextFault, progressText, summaryLine, underWay, verdict, winChanceGraph } from '../analysis.js';
import { parseCanonical } from '../notation.js';
import { t } from '../i18n.js';

/** @typedef {import('../api.js').Api} Api */
/** @typedef {import('../wire.js').GameAnalysis} GameAnalysis */
/** @typedef {import('./board.js').MoveArrow} MoveArrow */

/**
 * What the panel needs from the replay around it.
 * @typedef {object} ReplayHooks
 * @property {(frame: number) => void} go shows a frame
 * @property {(frame: number) => string} frameName how the replay names a frame
 * @property {() => void} redraw the board should be drawn again (the engine's arrow changed)
 */

/** The analysis panel of the replay screen. */
export class AnalysisPanel {
  /**
   * @param {Api} api
   * @param {ReplayHooks} hooks
   */
  constructor(api, hooks) {
    this.api = api;
    this.hooks = hooks;
    /** @type {string | null} the game shown */
    this.gameId = null;
    /** @type {GameAnalysis | null} the analysis as last heard */
    this.analysis = null;
    /** The frame the replay shows. */
    this.frame = 0;
    /** @type {ReturnType<typeof setTimeout> | null} the next poll */
    this.timer = null;
    /** Bumped for every game shown, so an answer about an earlier one is dropped. */
    this.generation = 0;
    this.analyseButton = button(t('analysis-analyse'), () => this.request(), { class: 'primary', 'data-action': 'analyse' });
    this.progress = h('progress', { max: 1, value: 0, 'aria-label': t('analysis-progress-label') });
    /** The status in words; heard when it changes (queued, running, done), not at every poll. */
    this.statusLine = h('p', { class: 'analysis-status', 'aria-live': 'polite' });
    this.progressText = h('span', { class: 'analysis-progress-text' });
    this.progressBox = h('div', { class: 'analysis-progress', hidden: true }, this.progress, ' ', this.progressText);
    this.graphBox = h('div', { class: 'analysis-graph' });
    this.evalLine = h('p', { class: 'analysis-eval' });
    this.badge = h('span', { class: 'class-badge' });
    this.verdictText = h('span', { class: 'analysis-verdict-text' });
    this.verdictLine = h('p', { class: 'analysis-verdict' }, this.badge, ' ', this.verdictText);
    this.lineText = h('p', { class: 'analysis-line' });
    this.previousFault = button(t('analysis-previous-fault'), () => this.jump(-1), { 'data-action': 'previous-fault' });
    this.nextFaultButton = button(t('analysis-next-fault'), () => this.jump(1), { 'data-action': 'next-fault' });
    this.faults = h('div', { class: 'analysis-faults' }, this.previousFault, this.nextFaultButton);
    this.summary = h('ul', { class: 'analysis-summary', 'aria-label': t('analysis-summary-label') });
    this.results = h('div', { class: 'analysis-results', hidden: true }, this.graphBox, this.evalLine, this.verdictLine, this.lineText, this.faults, this.summary);
    this.element = h(
      'section',
      { class: 'analysis', 'aria-label': t('analysis-heading'), 'data-status': 'none' },
      h('h2', {}, t('analysis-heading')),
      this.analyseButton,
      this.statusLine,
      this.progressBox,
      this.results,
    );
  }

  /**
   * A game is shown: its analysis is offered. Nothing is asked yet: asking
   * is the Analyse button's POST, which returns an analysis made before at
   * once (a GET of one never asked for is a 404, which the browser's
   * console reports as an error on every replay).
   * @param {string} gameId
   */
  load(gameId) {
    this.stop();
    this.gameId = gameId;
    this.analysis = null;
    this.frame = 0;
    this.statusLine.textContent = '';
    this.draw();
  }

  /** Asks the server to analyse the game shown (or for the analysis it has). */
  async request() {
    const gameId = this.gameId;
    if (gameId === null) return;
    const generation = this.generation;
    this.analyseButton.disabled = true;
    try {
      const analysis = await this.api.requestAnalysis(gameId);
      if (generation === this.generation) this.received(analysis);
    } catch (error) {
      if (generation !== this.generation) return;
      this.analyseButton.disabled = false;
      this.statusLine.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  /**
   * An answer: drawn, and asked again after POLL_MS while under way.
   * @param {GameAnalysis | null} analysis
   */
  received(analysis) {
    const before = this.analysis?.status ?? null;
    this.analysis = analysis;
    if (analysis && analysis.status !== before) this.statusLine.textContent = analysis.status === 'done' ? t('analysis-done') : progressText(analysis);
    this.draw();
    this.hooks.redraw();
    if (analysis && underWay(analysis)) {
      const generation = this.generation;
      this.timer = setTimeout(() => this.poll(generation), POLL_MS);
    }
  }

  /**
   * Asks where the analysis is.
   * @param {number} generation the game it is for
   */
  async poll(generation) {
    this.timer = null;
    if (generation !== this.generation || this.gameId === null) return;
    try {
      const analysis = await this.api.analysis(this.gameId);
      if (generation === this.generation) this.received(analysis);
    } catch (error) {
      if (generation !== this.generation) return;
      // A failed poll is tried again: the server may be restarting.
      this.progressText.textContent = error instanceof Error ? error.message : String(error);
      this.timer = setTimeout(() => this.poll(generation), POLL_MS);
    }
  }

  /** Stops following (the screen is left or another game shown). */
  stop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.generation += 1;
  }

  /**
   * The replay shows another frame.
   * @param {number} frame
   */
  show(frame) {
    this.frame = frame;
    this.drawFrame();
  }

  /**
   * The move that led to the frame shown and the engine's better one, as
   * arrows for the board (none when the move played was its choice).
   * @returns {MoveArrow[]}
   */
  arrows() {
    const said = this.analysis ? verdict(this.analysis, this.frame) : null;
    const best = said?.best ? parseCanonical(said.best) : null;
    const played = said ? parseCanonical(said.played) : null;
    if (!best || !played) return [];
    return [{ squares: played, kind: 'played' }, { squares: best, kind: 'best' }];
  }

  /**
   * Goes to the previous or next faulty move.
   * @param {1 | -1} direction
   */
  jump(direction) {
    if (!this.analysis) return;
    const frame = nextFault(this.analysis, this.frame, direction);
    if (frame !== null) this.hooks.go(frame);
  }

  /** Draws everything from the analysis as last heard. */
  draw() {
    const analysis = this.analysis;
    const status = analysis?.status ?? 'none';
    this.element.setAttribute('data-status', status);
    this.analyseButton.hidden = analysis !== null && status !== 'failed';
    this.analyseButton.disabled = false;
    const running = analysis !== null && underWay(analysis);
    this.progressBox.hidden = !running;
    if (analysis && running) {
      this.progress.max = Math.max(1, analysis.total);
      this.progress.value = analysis.done;
      this.progressText.textContent = progressText(analysis);
    }
    if (analysis?.status === 'failed') this.statusLine.textContent = progressText(analysis);
    this.results.hidden = !analysis || analysis.plies.length === 0;
    this.drawGraph();
    this.drawSummary();
    this.drawFrame();
  }

  /** The win-chance graph, a button per position. */
  drawGraph() {
    const analysis = this.analysis;
    const graph = analysis ? winChanceGraph(analysis, this.hooks.frameName) : null;
    if (!graph) {
      this.graphBox.replaceChildren();
      return;
    }
    const { box } = graph;
    const root = svg('svg', { class: 'win-chance', viewBox: `0 0 ${box.width} ${box.height}`, role: 'group', 'aria-label': t('analysis-graph-label'), 'data-points': graph.points.length });
    const picture = svg('g', { 'aria-hidden': 'true' });
    picture.append(
      svg('rect', { class: 'black-side', x: box.left, y: box.top, width: box.width - box.left - box.right, height: box.height - box.top - box.bottom }),
      svg('path', { class: 'white-side', d: graph.area }),
      svg('line', { class: 'even', x1: box.left, x2: box.width - box.right, y1: graph.middle, y2: graph.middle }),
      svg('path', { class: 'line', d: graph.line }),
    );
    root.append(picture);
    const step = graph.points.length > 1 ? graph.points[1].x - graph.points[0].x : box.width;
    for (const point of graph.points) {
      const target = svg('g', {
        class: 'point',
        role: 'button',
        tabindex: -1,
        'aria-label': point.label,
        'data-frame': point.frame,
        'data-class': point.moveClass ?? false,
      });
      const tip = svg('title');
      tip.textContent = point.label;
      target.append(
        tip,
        svg('rect', { class: 'hit', x: Math.max(0, point.x - step / 2), y: 0, width: Math.min(box.width, point.x + step / 2) - Math.max(0, point.x - step / 2), height: box.height }),
        svg('line', { class: 'cursor', x1: point.x, x2: point.x, y1: box.top, y2: box.height - box.bottom }),
        svg('circle', { class: 'dot', cx: point.x, cy: point.y, r: point.fault ? 5 : 2.5 }),
      );
      target.addEventListener('click', () => this.hooks.go(point.frame));
      target.addEventListener('keydown', (event) => {
        const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          this.hooks.go(point.frame);
          return;
        }
        const by = moves[/** @type {keyof typeof moves} */ (event.key)];
        if (by === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        const next = Math.max(0, Math.min(graph.points.length - 1, point.frame + by));
        this.hooks.go(next);
        const focused = /** @type {SVGElement | null} */ (root.querySelector(`[data-frame="${next}"]`));
        focused?.focus();
      });
      root.append(target);
    }
    this.graphBox.replaceChildren(root);
  }

  /** Each player's accuracy and faults, once the analysis is done. */
  drawSummary() {
    const analysis = this.analysis;
    const lines = analysis ? /** @type {const} */ (['white', 'black']).map((side) => ({ side, text: summaryLine(analysis, side) })) : [];
    this.summary.replaceChildren(...lines.flatMap(({ side, text }) => (text === null ? [] : [h('li', { 'data-side': side }, text)])));
  }

  /** What the panel says about the frame shown, and which graph point is current. */
  drawFrame() {
    const analysis = this.analysis;
    const ply = analysis?.plies[this.frame];
    this.evalLine.textContent = ply ? t('analysis-eval', { eval: evalText(ply) }) : analysis ? t('analysis-not-yet') : '';
    const said = analysis ? verdict(analysis, this.frame) : null;
    this.verdictLine.hidden = !said;
    if (said) {
      // The glyph as the server sent it: its symbol, then its word.
      this.badge.textContent = said.glyph ? [said.glyph.symbol, classWord(said.glyph)].filter(Boolean).join(' ') : '';
      attrs(this.badge, { 'data-class': said.moveClass ?? false, hidden: !said.glyph });
      // The two moves' words are underlined in their arrows' colours.
      const separator = t('list-separator');
      this.verdictText.replaceChildren(
        h('span', { class: 'verdict-move', 'data-kind': said.best ? 'played' : false }, t('analysis-played', { move: said.played })),
        said.loss ? `${separator}${said.loss}` : '',
        said.best ? separator : '',
        said.best ? h('span', { class: 'verdict-move', 'data-kind': 'best' }, t('analysis-best', { move: said.best })) : '',
      );
    }
    this.lineText.textContent = said && said.line.length > 0 ? t('analysis-line', { line: said.line.join(' ') }) : '';
    this.lineText.hidden = this.lineText.textContent === '';
    if (analysis) {
      this.previousFault.disabled = nextFault(analysis, this.frame, -1) === null;
      this.nextFaultButton.disabled = nextFault(analysis, this.frame, 1) === null;
    }
    // One tab stop in the graph: the point shown (else the first); arrows move along.
    const points = [...this.graphBox.querySelectorAll('.point')];
    const shown = points.find((point) => Number(point.getAttribute('data-frame')) === this.frame) ?? null;
    for (const point of points) {
      attrs(point, { 'aria-current': point === shown ? 'true' : false, tabindex: point === (shown ?? points[0]) ? 0 : -1 });
    }
  }
}
