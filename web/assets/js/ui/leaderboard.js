// The leaderboard (`GET /api/players`, a page at a time): rank, name,
// rating ± deviation, games, wins, losses, last played, bots marked; everyone,
// people or bots; each name opens the player's page.

import { h } from './dom.js';
import { filters, leaderboardRows, pageCount } from '../leaderboard.js';
import { t } from '../i18n.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../leaderboard.js').LeaderboardRow} LeaderboardRow */
/** @typedef {import('../leaderboard.js').PlayerFilter} PlayerFilter */

/**
 * The table's columns: heading, and the class of its cells (the phone's cards place them by it).
 * @returns {[string, string][]}
 */
const columns = () => [
  [t('players-column-rank'), 'rank'],
  [t('players-column-player'), 'name'],
  [t('rating'), 'rating'],
  [t('players-column-games'), 'games'],
  [t('players-column-won'), 'wins'],
  [t('players-column-lost'), 'losses'],
  [t('players-column-last'), 'last'],
  // Shown instead of the four before on a phone (style.css), and only there.
  [t('players-column-record'), 'record'],
];

/** The leaderboard screen. */
export class LeaderboardView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** Where the players come from. */
    this.api = context.api;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** The columns, in the page's language. */
    this.columns = columns();
    this.filters = h('nav', { class: 'filters', 'aria-label': t('players-filter-label') });
    this.body = h('tbody', { role: 'rowgroup' });
    this.pager = h('nav', { class: 'pager', 'aria-label': t('players-pager-label') });
    this.message = h('p', { class: 'empty', role: 'status' });
    /** Which load is the latest: an older answer arriving late is dropped. */
    this.loads = 0;
    this.element = h(
      'section',
      { class: 'leaderboard', 'data-state': 'loading' },
      h('h1', { id: 'leaderboard-heading' }, t('screen-players')),
      this.filters,
      // On a phone each row is a card (style.css), which takes a table's
      // roles away in some browsers: they are given explicitly.
      h(
        'table',
        { class: 'players', role: 'table', 'aria-labelledby': 'leaderboard-heading' },
        h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...this.columns.map(([title, key]) => h('th', { scope: 'col', role: 'columnheader', class: key }, title)))),
        this.body,
      ),
      this.message,
      this.pager,
    );
  }

  /**
   * Loads and shows one page of one filter.
   * @param {{kind: PlayerFilter, page: number}} params
   */
  async show({ kind, page }) {
    const load = ++this.loads;
    this.element.setAttribute('data-state', 'loading');
    this.element.setAttribute('data-kind', kind);
    this.filters.replaceChildren(
      ...filters().map(({ filter, label }) =>
        h('a', { href: this.href({ name: 'players', kind: filter, page: 1 }), 'aria-current': filter === kind ? 'page' : false, 'data-filter': filter }, label)),
    );
    let data;
    try {
      data = await this.api.playersPage(kind, page);
    } catch (error) {
      if (load !== this.loads) return;
      this.body.replaceChildren();
      this.pager.replaceChildren();
      this.message.textContent = t('players-load-failed', { reason: error instanceof Error ? error.message : String(error) });
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    if (load !== this.loads) return;
    const rows = leaderboardRows(data);
    this.body.replaceChildren(...rows.map((row) => this.row(row)));
    this.message.textContent = rows.length === 0 ? (kind === 'bot' ? t('players-empty-bots') : t('players-empty')) : '';
    const pages = pageCount(data);
    this.pager.replaceChildren(
      page > 1 ? h('a', { href: this.href({ name: 'players', kind, page: page - 1 }), rel: 'prev' }, t('players-better')) : '',
      h('span', {}, ` ${t('pager-page', { page: Math.min(page, pages), pages })} `),
      page < pages ? h('a', { href: this.href({ name: 'players', kind, page: page + 1 }), rel: 'next' }, t('players-lower')) : '',
    );
    this.pager.hidden = pages === 1;
    this.element.setAttribute('data-state', 'ready');
  }

  /**
   * @param {LeaderboardRow} row
   * @returns {HTMLTableRowElement}
   */
  row(row) {
    /**
     * @param {[string, string]} column
     * @param {...(Node | string | null)} content
     */
    const cell = ([title, key], ...content) => h('td', { class: key, role: 'cell', 'data-label': title }, ...content);
    const c = this.columns;
    return h(
      'tr',
      { role: 'row', 'data-player': row.name },
      cell(c[0], row.rank),
      cell(c[1], h('a', { href: this.href({ name: 'player', player: row.name }) }, row.name), row.bot ? h('span', { class: 'badge' }, t('kind-bot')) : null),
      cell(c[2], row.rating),
      cell(c[3], row.games),
      cell(c[4], row.wins),
      cell(c[5], row.losses),
      cell(c[6], row.lastPlayed),
      cell(c[7], row.record),
    );
  }
}
