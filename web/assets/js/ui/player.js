// A player's page (`GET /api/players/{name}`): their rating and rank, their
// record, their rating history as a plot, and their recent games, each
// linked to its replay.

import { h } from './dom.js';
import { drawRatingPlot } from './plot.js';
import { formatDay, recentGame, recordText, standingText } from '../leaderboard.js';
import { ratingPlot } from '../plot.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').PlayerPage} PlayerPage */
/** @typedef {import('../leaderboard.js').RecentGame} RecentGame */

/** The recent games' columns. */
const COLUMNS = ['Ended', 'Opponent', 'Played', 'Result', 'Game', 'Moves'];

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
    this.games = h('tbody');
    this.gamesTable = h(
      'table',
      { class: 'recent', 'aria-labelledby': 'recent-heading' },
      h('thead', {}, h('tr', {}, ...COLUMNS.map((t) => h('th', { scope: 'col' }, t)))),
      this.games,
    );
    this.message = h('p', { class: 'empty', role: 'status' });
    this.details = h(
      'div',
      { class: 'details' },
      this.standing,
      this.record,
      h('h2', {}, 'Rating history'),
      this.plot,
      h('h2', { id: 'recent-heading' }, 'Recent games'),
      this.gamesTable,
    );
    /** @type {HTMLElement} (typed here: its link's address is typed by the table of screens, which names this view) */
    this.element = h(
      'section',
      { class: 'player-page', 'data-state': 'loading' },
      this.heading,
      this.message,
      this.details,
      h('p', {}, h('a', { href: this.href({ name: 'players', kind: 'all', page: 1 }) }, '← the leaderboard')),
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
    this.message.textContent = 'Loading…';
    let page;
    try {
      page = await this.api.player(player);
    } catch (error) {
      if (load !== this.loads) return;
      this.message.textContent = `Could not load ${player}: ${error instanceof Error ? error.message : String(error)}`;
      this.element.setAttribute('data-state', 'failed');
      return;
    }
    if (load !== this.loads) return;
    this.render(page);
    this.element.setAttribute('data-state', 'ready');
  }

  /** @param {PlayerPage} page */
  render(page) {
    this.heading.replaceChildren(page.name, page.kind === 'bot' ? h('span', { class: 'badge' }, 'bot') : '');
    this.message.textContent = '';
    this.details.hidden = false;
    this.standing.textContent = page.games > 0 ? standingText(page) : 'No rated game yet';
    this.record.textContent = page.games > 0 ? `${recordText(page)} · last played ${formatDay(page.last_played_ms)}` : '';
    const plot = ratingPlot(page.history);
    this.plot.replaceChildren(
      plot
        ? drawRatingPlot(plot, `Rating history of ${page.name}`, 'player-plot')
        : h('p', { class: 'empty' }, 'The plot starts with the first rated game.'),
    );
    const games = page.recent_games.map((game) => recentGame(game, page.id));
    this.games.replaceChildren(...games.map((game) => this.row(game)));
    this.gamesTable.hidden = games.length === 0;
  }

  /**
   * @param {RecentGame} game
   * @returns {HTMLTableRowElement}
   */
  row(game) {
    return h(
      'tr',
      { 'data-game': game.id },
      h('td', {}, h('a', { href: this.href({ name: 'replay', id: game.id }) }, game.ended)),
      h('td', { class: 'seat' }, game.opponent, game.opponentBot ? h('span', { class: 'badge' }, 'bot') : null),
      h('td', {}, game.side ?? ''),
      h('td', { 'data-result': game.result }, game.result),
      h('td', {}, game.rated),
      h('td', {}, String(game.moves)),
    );
  }
}
