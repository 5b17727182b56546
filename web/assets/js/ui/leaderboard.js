// The leaderboard (`GET /api/players`, a page at a time): rank, name,
// rating ± deviation, games, wins, losses, last played, bots marked; everyone,
// people or bots; each name opens the player's page.

import { h } from './dom.js';
import { FILTERS, leaderboardRows, pageCount } from '../leaderboard.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../leaderboard.js').LeaderboardRow} LeaderboardRow */
/** @typedef {import('../leaderboard.js').PlayerFilter} PlayerFilter */

/** The table's columns: heading, and the class of its cells (the phone's cards place them by it). */
const COLUMNS = /** @type {const} */ ([
  ['Rank', 'rank'],
  ['Player', 'name'],
  ['Rating', 'rating'],
  ['Games', 'games'],
  ['Won', 'wins'],
  ['Lost', 'losses'],
  ['Last played', 'last'],
  // Shown instead of the four before on a phone (style.css), and only there.
  ['Record', 'record'],
]);

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
    this.filters = h('nav', { class: 'filters', 'aria-label': 'Whose ratings' });
    this.body = h('tbody', { role: 'rowgroup' });
    this.pager = h('nav', { class: 'pager', 'aria-label': 'Leaderboard pages' });
    this.message = h('p', { class: 'empty', role: 'status' });
    /** Which load is the latest: an older answer arriving late is dropped. */
    this.loads = 0;
    this.element = h(
      'section',
      { class: 'leaderboard', 'data-state': 'loading' },
      h('h1', { id: 'leaderboard-heading' }, 'Leaderboard'),
      this.filters,
      // On a phone each row is a card (style.css), which takes a table's
      // roles away in some browsers: they are given explicitly.
      h(
        'table',
        { class: 'players', role: 'table', 'aria-labelledby': 'leaderboard-heading' },
        h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...COLUMNS.map(([title, key]) => h('th', { scope: 'col', role: 'columnheader', class: key }, title)))),
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
      ...FILTERS.map(({ filter, label }) =>
        h('a', { href: this.href({ name: 'players', kind: filter, page: 1 }), 'aria-current': filter === kind ? 'page' : false, 'data-filter': filter }, label)),
    );
    let data;
    try {
      data = await this.api.playersPage(kind, page);
    } catch (error) {
      if (load !== this.loads) return;
      this.body.replaceChildren();
      this.pager.replaceChildren();
      this.message.textContent = `Could not load the leaderboard: ${error instanceof Error ? error.message : String(error)}`;
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    if (load !== this.loads) return;
    const rows = leaderboardRows(data);
    this.body.replaceChildren(...rows.map((row) => this.row(row)));
    const who = kind === 'bot' ? 'No bot has' : 'Nobody has';
    this.message.textContent = rows.length === 0 ? `${who} played a rated game yet.` : '';
    const pages = pageCount(data);
    this.pager.replaceChildren(
      page > 1 ? h('a', { href: this.href({ name: 'players', kind, page: page - 1 }), rel: 'prev' }, '← better') : '',
      h('span', {}, ` page ${Math.min(page, pages)} of ${pages} `),
      page < pages ? h('a', { href: this.href({ name: 'players', kind, page: page + 1 }), rel: 'next' }, 'lower →') : '',
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
     * @param {(typeof COLUMNS)[number]} column
     * @param {...(Node | string | null)} content
     */
    const cell = ([title, key], ...content) => h('td', { class: key, role: 'cell', 'data-label': title }, ...content);
    return h(
      'tr',
      { role: 'row', 'data-player': row.name },
      cell(COLUMNS[0], row.rank),
      cell(COLUMNS[1], h('a', { href: this.href({ name: 'player', player: row.name }) }, row.name), row.bot ? h('span', { class: 'badge' }, 'bot') : null),
      cell(COLUMNS[2], row.rating),
      cell(COLUMNS[3], row.games),
      cell(COLUMNS[4], row.wins),
      cell(COLUMNS[5], row.losses),
      cell(COLUMNS[6], row.lastPlayed),
      cell(COLUMNS[7], row.record),
    );
  }
}
