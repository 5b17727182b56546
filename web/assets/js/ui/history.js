// The list of finished games (`GET /api/games`, a page at a time).

import { h } from './dom.js';
import { describeOutcome } from '../state.js';
import { describeTimeControl } from '../timecontrol.js';

/** How many games a page lists. */
const PER_PAGE = 20;

/** The history screen. */
export class HistoryView {
  constructor() {
    this.body = h('tbody');
    this.pager = h('nav', { class: 'pager', 'aria-label': 'Pages' });
    this.message = h('p', { class: 'empty' });
    this.element = h(
      'section',
      { class: 'history', 'data-state': 'loading' },
      h('h2', {}, 'Finished games'),
      h(
        'table',
        { class: 'games' },
        h('thead', {}, h('tr', {}, ...['Ended', 'White', 'Black', 'Result', 'Moves', 'Time'].map((t) => h('th', { scope: 'col' }, t)))),
        this.body,
      ),
      this.message,
      this.pager,
    );
  }

  /**
   * Loads and shows one page.
   * @param {number} page
   */
  async show(page) {
    this.element.setAttribute('data-state', 'loading');
    let data;
    try {
      const response = await fetch(`/api/games?page=${page}&per_page=${PER_PAGE}`);
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      data = await response.json();
    } catch (error) {
      this.message.textContent = `Could not load the games: ${error instanceof Error ? error.message : String(error)}`;
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    const games = Array.isArray(data.games) ? data.games : [];
    this.body.replaceChildren(...games.map((/** @type {any} */ game) => this.row(game)));
    this.message.textContent = games.length === 0 ? 'No finished games yet.' : '';
    const pages = Math.max(1, Math.ceil(Number(data.total) / PER_PAGE));
    this.pager.replaceChildren(
      page > 1 ? h('a', { href: `#/games?page=${page - 1}`, rel: 'prev' }, '← newer') : '',
      h('span', {}, ` page ${page} of ${pages} `),
      page < pages ? h('a', { href: `#/games?page=${page + 1}`, rel: 'next' }, 'older →') : '',
    );
    this.element.setAttribute('data-state', 'ready');
  }

  /**
   * @param {any} game one entry of `/api/games`
   * @returns {HTMLTableRowElement}
   */
  row(game) {
    const ended = new Date(Number(game.ended_at_ms));
    const link = h('a', { href: `#/games/${String(game.id)}` }, ended.toLocaleString());
    return h(
      'tr',
      { 'data-game': String(game.id) },
      h('td', {}, link),
      h('td', {}, String(game.white?.name ?? '')),
      h('td', {}, String(game.black?.name ?? '')),
      h('td', {}, describeOutcome(game.result ?? { winner: null, reason: '' })),
      h('td', {}, String(game.moves ?? '')),
      h('td', {}, describeTimeControl(game.time_control ?? { kind: 'untimed' })),
    );
  }
}
