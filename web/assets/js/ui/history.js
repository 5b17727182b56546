// The list of finished games (`GET /api/games`, a page at a time).

import { h } from './dom.js';
import { recordHeader } from '../record.js';
import { sideName, t } from '../i18n.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').GameSummary} GameSummary */

/** The history screen. */
export class HistoryView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** Where the games come from. */
    this.api = context.api;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    this.body = h('tbody');
    this.pager = h('nav', { class: 'pager', 'aria-label': t('pager-label') });
    this.message = h('p', { class: 'empty' });
    this.element = h(
      'section',
      { class: 'history', 'data-state': 'loading' },
      h('h1', {}, t('games-heading')),
      h(
        'table',
        { class: 'games' },
        h('thead', {}, h('tr', {}, ...[t('games-column-ended'), sideName('white'), sideName('black'), t('games-column-result'), t('games-column-moves'), t('time-control')].map((title) => h('th', { scope: 'col' }, title)))),
        this.body,
      ),
      this.message,
      this.pager,
    );
  }

  /**
   * Loads and shows one page.
   * @param {{page: number}} params
   */
  async show({ page }) {
    this.element.setAttribute('data-state', 'loading');
    let data;
    try {
      data = await this.api.gamesPage(page);
    } catch (error) {
      this.message.textContent = t('games-load-failed', { reason: error instanceof Error ? error.message : String(error) });
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    this.body.replaceChildren(...data.games.map((game) => this.row(game)));
    this.message.textContent = data.games.length === 0 ? t('games-empty') : '';
    const pages = Math.max(1, Math.ceil(data.total / data.per_page));
    this.pager.replaceChildren(
      page > 1 ? h('a', { href: this.href({ name: 'games', page: page - 1 }), rel: 'prev' }, t('games-newer')) : '',
      h('span', {}, ` ${t('pager-page', { page, pages })} `),
      page < pages ? h('a', { href: this.href({ name: 'games', page: page + 1 }), rel: 'next' }, t('games-older')) : '',
    );
    this.element.setAttribute('data-state', 'ready');
  }

  /**
   * @param {GameSummary} game one entry of `/api/games`
   * @returns {HTMLTableRowElement}
   */
  row(game) {
    const header = recordHeader(game);
    const link = h('a', { href: this.href({ name: 'replay', id: game.id }) }, header.ended);
    return h(
      'tr',
      { 'data-game': game.id },
      h('td', {}, link),
      h('td', { class: 'seat' }, header.white),
      h('td', { class: 'seat' }, header.black),
      h('td', {}, header.result),
      h('td', {}, String(header.moves)),
      h('td', {}, header.timeControl),
    );
  }
}
