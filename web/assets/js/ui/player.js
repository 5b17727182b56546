// A player's page (`GET /api/players/{name}`): their rating and rank, their
// record, their rating history as a plot, and their recent games, each
// linked to its replay.

import { h } from './dom.js';
import { drawRatingPlot } from './plot.js';
import { formatDay, recentGame, recordText, standingText } from '../leaderboard.js';
import { plotBox, ratingPlot } from '../plot.js';
import { sideName, t } from '../i18n.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').PlayerPage} PlayerPage */
/** @typedef {import('../leaderboard.js').RecentGame} RecentGame */

/** The recent games' columns: heading, and the class of its cells (the phone's cards place them by it). */
const COLUMNS = /** @type {const} */ ([
  ['games-column-ended', 'ended'],
  ['player-column-opponent', 'opponent'],
  ['player-column-side', 'colour'],
  ['games-column-result', 'verdict'],
  ['player-column-rated', 'stakes'],
  ['games-column-moves', 'moves'],
]);

/** The player screen. */
export class PlayerView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** Where the player's page comes from. */
    this.api = context.api;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** Which load is the latest: an older answer arriving late is dropped. */
    this.loads = 0;
    this.heading = h('h1', { id: 'player-heading' });
    this.standing = h('p', { class: 'standing' });
    this.record = h('p', { class: 'info' });
    this.plot = h('figure', { class: 'plot' });
    /** @type {PlayerPage | null} the page shown, to draw its plot again at a new width */
    this.shown = null;
    // The plot is drawn one unit a pixel at the width it is shown (plotBox):
    // drawn again when that changes (a phone turned, a window resized).
    new ResizeObserver(() => {
      const drawn = Number(this.plot.querySelector('svg')?.getAttribute('data-width') ?? 0);
      if (this.shown && drawn && Math.abs(this.plotWidth() - drawn) > 4) this.drawPlot(this.shown);
    }).observe(this.plot);
    this.games = h('tbody', { role: 'rowgroup' });
    // On a phone each row is a card (style.css), which takes a table's
    // roles away in some browsers: they are given explicitly.
    this.gamesTable = h(
      'table',
      { class: 'recent', role: 'table', 'aria-labelledby': 'recent-heading' },
      h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...COLUMNS.map(([title, key]) => h('th', { scope: 'col', role: 'columnheader', class: key }, t(title))))),
      this.games,
    );
    this.message = h('p', { class: 'empty', role: 'status' });
    this.details = h(
      'div',
      { class: 'details' },
      this.standing,
      this.record,
      h('h2', {}, t('player-rating-history')),
      this.plot,
      h('h2', { id: 'recent-heading' }, t('player-recent-games')),
      this.gamesTable,
    );
    /** @type {HTMLElement} (typed here: its link's address is typed by the table of screens, which names this view) */
    this.element = h(
      'section',
      { class: 'player-page', 'data-state': 'loading' },
      this.heading,
      this.message,
      this.details,
      h('p', {}, h('a', { href: this.href({ name: 'players', kind: 'all', page: 1 }) }, t('player-back'))),
    );
  }

  /**
   * Loads and shows a player.
   * @param {{player: string}} params
   */
  async show({ player }) {
    const load = ++this.loads;
    this.element.setAttribute('data-state', 'loading');
    this.heading.replaceChildren(player);
    this.details.hidden = true;
    this.message.textContent = t('loading');
    let page;
    try {
      page = await this.api.player(player);
    } catch (error) {
      if (load !== this.loads) return;
      this.message.textContent = t('player-load-failed', { name: player, reason: error instanceof Error ? error.message : String(error) });
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    if (load !== this.loads) return;
    this.render(page);
    this.element.setAttribute('data-state', 'ready');
  }

  /** @param {PlayerPage} page */
  render(page) {
    this.heading.replaceChildren(page.name, page.kind === 'bot' ? h('span', { class: 'badge' }, t('kind-bot')) : '');
    this.message.textContent = '';
    this.details.hidden = false;
    this.standing.textContent = page.games > 0 ? standingText(page) : t('player-no-games');
    this.record.textContent = page.games > 0 ? t('player-record-line', { record: recordText(page), day: formatDay(page.last_played_ms) }) : '';
    this.shown = page;
    this.drawPlot(page);
    const games = page.recent_games.map((game) => recentGame(game, page.id));
    this.games.replaceChildren(...games.map((game) => this.row(game)));
    this.gamesTable.hidden = games.length === 0;
  }

  /** @returns {number} the width the plot is shown at, in CSS pixels */
  plotWidth() {
    const style = getComputedStyle(this.plot);
    return this.plot.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  /** @param {PlayerPage} page */
  drawPlot(page) {
    const plot = ratingPlot(page.history, plotBox(this.plotWidth()));
    this.plot.replaceChildren(
      plot
        ? drawRatingPlot(plot, t('player-plot-label', { name: page.name }), 'player-plot')
        : h('p', { class: 'empty' }, t('player-plot-empty')),
    );
  }

  /**
   * @param {RecentGame} game
   * @returns {HTMLTableRowElement}
   */
  row(game) {
    /**
     * @param {(typeof COLUMNS)[number]} column
     * @param {import('./dom.js').Attributes} attributes
     * @param {...(Node | string | null)} content
     */
    const cell = ([, key], attributes, ...content) => h('td', { class: key, role: 'cell', ...attributes }, ...content);
    return h(
      'tr',
      { 'data-game': game.id, role: 'row' },
      cell(COLUMNS[0], {}, h('a', { href: this.href({ name: 'replay', id: game.id }) }, game.ended)),
      cell(COLUMNS[1], {}, game.opponent, game.opponentBot ? h('span', { class: 'badge' }, t('kind-bot')) : null),
      cell(COLUMNS[2], {}, game.side ? sideName(game.side) : ''),
      cell(COLUMNS[3], { 'data-result': game.verdict ?? 'unknown' }, game.result),
      cell(COLUMNS[4], {}, game.rated),
      cell(COLUMNS[5], {}, String(game.moves)),
    );
  }
}
