// A tournament's page (watched while it shows, so it is live): what it is
// and where it stands, the viewer's buttons (join, withdraw, and the
// organiser's start, pause, resume, enter a computer, remove an entrant,
// end), the entrants, the standings with their tie-breaks, the current
// round's pairings each linked to its game, the earlier rounds, and the
// crosstable of a round robin.

import { h, button } from './dom.js';
import { levelDescription } from './lobby.js';
import { sideName, t } from '../i18n.js';
import { formatRating } from '../rating.js';
import {
  crosstable, resultText, roundsOf, standingsTable, statusText, summaryLine, viewerActions,
} from '../tournament.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').TournamentView} TournamentView */
/** @typedef {import('../wire.js').TournamentRound} TournamentRound */
/** @typedef {import('../wire.js').TournamentGame} TournamentGame */
/** @typedef {import('../session.js').TournamentRequest} TournamentRequest */

/** How often a tournament whose round is over is read again while no word of the next comes. */
const RELOAD_MS = 3000;

/**
 * How far on a view of a tournament is: its status, then its round, then its results.
 * @param {TournamentView} view
 * @returns {number}
 */
function progress(view) {
  const status = { registering: 0, running: 1, finished: 2 }[view.status] ?? 0;
  const results = (view.rounds ?? []).reduce((sum, round) => sum + round.games.filter((g) => g.result).length, 0);
  return status * 1e9 + view.round * 1e5 + results;
}

/** The viewer's own mark beside their name. @returns {string} */
const you = () => ` ${t('game-you')}`;

/** A tournament's page. */
export class TournamentPage {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** The conversation with the server. */
    this.session = context.session;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** The HTTP calls: a finished tournament is read, not watched. */
    this.api = context.api;
    /** @type {string | null} the tournament shown */
    this.id = null;
    /** @type {import('../wire.js').TournamentView | null} the view read over HTTP, until (or unless) the watch sends a newer one */
    this.fetched = null;
    /** Whether a read over HTTP is under way, and when the last began (performance.now()). */
    this.loading = false;
    this.loadedAt = -Infinity;
    /** @type {Set<string>} the entrants the viewer (the organiser) may remove */
    this.removable = new Set();
    /** The ready game the ready line was drawn for ('' for none). */
    this.readyKey = '';
    /** The End button asks once more before it ends the tournament. */
    this.confirmingEnd = false;
    /** To the list (its address is set when shown: the routes' types are made from the views'). */
    this.backLink = h('a', {}, t('tournament-back'));
    this.heading = h('h1', { id: 'tournament-heading' }, t('tournament-loading'));
    this.meta = h('p', { class: 'tournament-meta' });
    this.notice = h('p', { class: 'form-error', role: 'alert' });
    this.readyLine = h('p', { class: 'ready-line', role: 'status' });
    this.actions = h('div', { class: 'tournament-actions', role: 'group', 'aria-label': t('tournament-actions-label') });
    this.body = h('div', { class: 'tournament-body' });
    this.element = h(
      'section',
      { class: 'tournament', 'data-state': 'loading' },
      h('p', { class: 'back' }, this.backLink),
      this.heading,
      this.meta,
      this.readyLine,
      this.notice,
      this.actions,
      this.body,
    );
  }

  /**
   * Shows a tournament: watches it (the server sends its view now and at every change).
   * @param {{id: string}} params
   */
  show({ id }) {
    if (id !== this.id) {
      this.id = id;
      this.confirmingEnd = false;
      this.fetched = null;
    }
    this.backLink.setAttribute('href', this.href({ name: 'tournaments' }));
    this.session.watchTournament(id);
    this.render();
    this.load(id);
  }

  /**
   * Reads the tournament over HTTP too: a finished one is no longer watched,
   * and the watch's view, when it comes, is the newer.
   * @param {string} id
   */
  async load(id) {
    this.loading = true;
    this.loadedAt = performance.now();
    try {
      const view = await this.api.tournament(id);
      if (id !== this.id) return;
      this.fetched = view;
    } catch (error) {
      if (id !== this.id || this.shown()) return;
      this.notice.textContent = error instanceof Error ? error.message : String(error);
      return;
    } finally {
      this.loading = false;
    }
    this.render();
  }

  /** @returns {TournamentView | null} the view to draw: the further on of the watched one and the one read over HTTP */
  shown() {
    const watched = this.session.tournament?.id === this.id ? this.session.tournament : null;
    const fetched = this.fetched?.id === this.id ? this.fetched : null;
    if (watched && fetched) return progress(fetched) > progress(watched) ? fetched : watched;
    return watched ?? fetched;
  }

  /**
   * While the round shown has every result but no next round or end has
   * come (the server's last word is read over HTTP: a finished tournament
   * is no longer watched), the view is read again every few seconds.
   */
  tick() {
    const view = this.shown();
    if (!view || !this.id || view.status === 'finished' || this.loading) return;
    const { current } = roundsOf(view);
    if (!current || current.games.some((g) => !g.result)) return;
    if (performance.now() - this.loadedAt < RELOAD_MS) return;
    this.load(this.id);
  }

  /** Another screen is shown: stop watching. */
  hide() {
    this.session.watchTournament(null);
  }

  /** The session changed. */
  update() {
    this.render();
  }

  /** Draws the page from the session. */
  render() {
    const view = this.shown();
    if (view || this.session.tournamentNotice) this.notice.textContent = this.session.tournamentNotice;
    if (!view) {
      this.element.setAttribute('data-state', 'loading');
      this.element.removeAttribute('data-tournament');
      this.heading.textContent = t('tournament-loading');
      this.meta.textContent = '';
      this.readyLine.replaceChildren();
      this.readyKey = '';
      this.actions.replaceChildren();
      this.body.replaceChildren();
      return;
    }
    this.element.setAttribute('data-state', view.status);
    this.element.setAttribute('data-tournament', view.id);
    this.element.toggleAttribute('data-paused', view.paused === true);
    this.element.setAttribute('data-round', String(view.round));
    this.heading.textContent = view.title;
    this.meta.textContent = `${summaryLine(view)} · ${statusText(view)} · ${t('tournament-organised-by', { name: view.organiser })}`;
    this.renderReady(view);
    this.renderActions(view);
    const { current, earlier } = roundsOf(view);
    const table = crosstable(view);
    this.body.replaceChildren(
      ...(view.status === 'registering' ? [this.entrants(view)] : [this.standings(view)]),
      current ? this.round(current, 'h2') : h('p', { class: 'empty' }, t('tournament-no-rounds')),
      ...(earlier.length > 0
        ? [h('section', { class: 'earlier', 'aria-labelledby': 'earlier-heading' },
          h('h2', { id: 'earlier-heading' }, t('tournament-earlier')),
          ...earlier.map((round) => this.round(round, 'h3')))]
        : []),
      ...(table && view.status !== 'registering' ? [this.crosstable(table)] : []),
    );
  }

  /**
   * "Your game is ready", with a link to it, while the viewer's game of this
   * tournament is ready and not on screen.
   * @param {TournamentView} view
   */
  renderReady(view) {
    const ready = this.session.ready;
    const game = ready && ready.tournamentId === view.id
      ? (view.rounds ?? []).find((r) => r.number === ready.round)?.games.find((g) => g.match_id === ready.matchId)
      : undefined;
    const key = ready && game && !game.result ? ready.matchId : '';
    // Drawn again only when it changes: a live region is read when its words change, and its link stays put.
    if (key === this.readyKey) return;
    this.readyKey = key;
    if (!ready || !game || game.result) {
      this.readyLine.replaceChildren();
      return;
    }
    this.readyLine.replaceChildren(
      t('tournament-ready', { round: ready.round, opponent: ready.opponent }), ' ',
      h('a', { href: this.href({ name: 'match', id: ready.matchId }), class: 'button primary', 'data-action': 'go-to-game' }, t('tournament-go-to-game')),
    );
  }

  /**
   * The viewer's buttons.
   * @param {TournamentView} view
   */
  renderActions(view) {
    const can = viewerActions(view, this.session.me);
    this.removable = new Set(can.remove);
    /** @type {HTMLElement[]} */
    const parts = [];
    /**
     * @param {string} label
     * @param {TournamentRequest} type
     * @param {string} action
     * @param {boolean} [primary]
     */
    const request = (label, type, action, primary = false) =>
      button(label, () => this.session.tournamentRequest(type), { 'data-action': action, class: primary ? 'primary' : null });
    if (can.join) parts.push(request(t('tournament-join'), 'join_tournament', 'join', true));
    if (can.start) parts.push(request(t('tournament-start'), 'start_tournament', 'start', true));
    if (can.pause) parts.push(request(t('tournament-pause'), 'pause_tournament', 'pause'));
    if (can.resume) parts.push(request(t('tournament-resume'), 'resume_tournament', 'resume', true));
    if (can.withdraw) parts.push(request(t('tournament-withdraw'), 'withdraw_tournament', 'withdraw'));
    const offer = this.session.computer;
    if (can.enterComputer && offer && offer.levels.length > 0) {
      const select = h('select', { name: 'computer-level', 'aria-label': t('tournament-computer-level') },
        ...offer.levels.map((l) => h('option', { value: l.level, title: levelDescription(l) }, t('tournament-level', { level: l.level }))));
      parts.push(h('span', { class: 'inline-control' }, select,
        button(t('tournament-enter-computer'), () => this.session.enterComputer(Number(select.value)), { 'data-action': 'enter-computer' })));
    }
    if (can.end) {
      parts.push(button(this.confirmingEnd ? t('tournament-end-confirm') : t('tournament-end'), () => {
        if (this.confirmingEnd) {
          this.confirmingEnd = false;
          this.session.tournamentRequest('end_tournament');
        } else {
          this.confirmingEnd = true;
          this.render();
        }
      }, { 'data-action': 'end', class: 'danger' }));
    }
    this.actions.replaceChildren(...parts);
    this.actions.hidden = parts.length === 0;
  }

  /**
   * The entrants while the tournament registers.
   * @param {TournamentView} view
   * @returns {HTMLElement}
   */
  entrants(view) {
    return h(
      'section',
      { class: 'entrants', 'aria-labelledby': 'entrants-heading' },
      h('h2', { id: 'entrants-heading' }, t('tournament-entrants-heading')),
      view.entrants.length === 0
        ? h('p', { class: 'empty' }, t('tournament-no-entrants'))
        : h('ul', {}, ...view.entrants.map((e) => h(
          'li',
          { 'data-entrant': e.name },
          h('span', { class: 'who' }, e.name),
          e.name === this.session.me ? you() : '',
          e.rating ? h('span', { class: 'rating' }, ` ${formatRating(e.rating)}`) : null,
          e.kind === 'bot' ? h('span', { class: 'badge' }, t('kind-bot')) : null,
          e.withdrawn ? h('span', { class: 'badge' }, t('tournament-withdrawn')) : !e.connected ? h('span', { class: 'badge muted' }, t('tournament-away')) : null,
          this.removeButton(e.name),
        ))),
    );
  }

  /**
   * The organiser's button removing an entrant, or nothing.
   * @param {string} name
   * @returns {HTMLButtonElement | null}
   */
  removeButton(name) {
    if (!this.removable.has(name)) return null;
    return button(t('tournament-remove'), () => this.session.removeEntrant(name), { class: 'link remove', 'data-action': 'remove', 'aria-label': t('tournament-remove-label', { name }) });
  }

  /**
   * A heading cell: a short heading whose meaning is its title (and what a screen reader says).
   * @param {string} short
   * @param {string} long
   * @param {string} key
   * @returns {HTMLTableCellElement}
   */
  header(short, long, key) {
    return h('th', { scope: 'col', role: 'columnheader', class: key, 'aria-label': long }, h('abbr', { title: long }, short));
  }

  /**
   * The standings table.
   * @param {TournamentView} view
   * @returns {HTMLElement}
   */
  standings(view) {
    const table = standingsTable(view);
    return h(
      'section',
      { class: 'standings', 'aria-labelledby': 'standings-heading' },
      h('h2', { id: 'standings-heading' }, t('tournament-standings')),
      h(
        'table',
        { class: 'standings-table', 'aria-labelledby': 'standings-heading' },
        h('thead', {}, h('tr', {},
          this.header(t('tournament-rank-short'), t('tournament-rank'), 'rank'),
          h('th', { scope: 'col', class: 'name' }, t('tournament-player')),
          this.header(t('tournament-points-short'), t('tournament-points'), 'points'),
          this.header(t('tournament-games-short'), t('tournament-games'), 'games'),
          ...table.tiebreaks.map((t) => this.header(t.abbr, t.title, `tiebreak ${t.kind}`)))),
        h('tbody', {}, ...table.rows.map((row) => h(
          'tr',
          { 'data-player': row.name, 'data-points': row.points, class: row.withdrawn ? 'withdrawn' : null },
          h('td', { class: 'rank' }, row.rank),
          h('th', { scope: 'row', class: 'name' }, row.name, row.name === this.session.me ? you() : '',
            row.bot ? h('span', { class: 'badge' }, t('kind-bot')) : null,
            row.withdrawn ? h('span', { class: 'badge' }, t('tournament-withdrawn')) : null,
            this.removeButton(row.name)),
          h('td', { class: 'points' }, row.points),
          h('td', { class: 'games' }, row.games),
          ...row.tiebreaks.map((value) => h('td', { class: 'tiebreak' }, value)),
        ))),
      ),
    );
  }

  /**
   * One round's pairings, each linked to its game (watched while it goes on, replayed once over).
   * @param {TournamentRound} round
   * @param {'h2' | 'h3'} level
   * @returns {HTMLElement}
   */
  round(round, level) {
    const id = `round-${round.number}-heading`;
    return h(
      'section',
      { class: 'round', 'data-round': round.number, 'aria-labelledby': id },
      h(level, { id }, t('tournament-round', { number: round.number })),
      h(
        'table',
        { class: 'pairings', 'aria-labelledby': id },
        h('thead', {}, h('tr', {},
          this.header(t('tournament-board-short'), t('tournament-board'), 'board-number'),
          h('th', { scope: 'col', class: 'white' }, sideName('white')),
          h('th', { scope: 'col', class: 'black' }, sideName('black')),
          h('th', { scope: 'col', class: 'score' }, t('tournament-result')),
          h('th', { scope: 'col', class: 'link' }, t('tournament-game')))),
        h('tbody', {}, ...round.games.map((game, board) => this.pairing(game, board + 1))),
      ),
      round.bye ? h('p', { class: 'bye' }, t('tournament-bye', { name: round.bye })) : null,
    );
  }

  /**
   * @param {TournamentGame} game
   * @param {number} board
   * @returns {HTMLTableRowElement}
   */
  pairing(game, board) {
    const me = this.session.me;
    /** @param {string} name */
    const who = (name) => (name === me ? [name, you()] : [name]);
    const matchId = game.match_id;
    let link = null;
    if (matchId && !game.result) {
      link = h('a', { href: this.href({ name: 'match', id: matchId }), 'data-action': 'watch', 'aria-label': t('tournament-watch-label', { white: game.white, black: game.black }) }, t('lobby-watch'));
    } else if (matchId && game.result && !game.result.forfeit) {
      link = h('a', { href: this.href({ name: 'replay', id: matchId }), 'data-action': 'replay', 'aria-label': t('tournament-replay-label', { white: game.white, black: game.black }) }, t('tournament-replay'));
    }
    return h(
      'tr',
      { 'data-match': matchId ?? null, 'data-result': game.result ? 'done' : 'pending' },
      h('td', { class: 'board-number' }, String(board)),
      h('td', { class: 'white' }, ...who(game.white)),
      h('td', { class: 'black' }, ...who(game.black)),
      h('td', { class: 'score' }, resultText(game)),
      h('td', { class: 'link' }, link),
    );
  }

  /**
   * The crosstable of a round robin.
   * @param {import('../tournament.js').Crosstable} table
   * @returns {HTMLElement}
   */
  crosstable(table) {
    return h(
      'section',
      { class: 'crosstable', 'aria-labelledby': 'crosstable-heading' },
      h('h2', { id: 'crosstable-heading' }, t('tournament-crosstable')),
      h('p', { class: 'hint-line' }, t('tournament-crosstable-note')),
      h(
        'table',
        { class: 'crosstable-table', 'aria-labelledby': 'crosstable-heading' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', class: 'name' }, t('tournament-player')),
          ...table.names.map((name, i) => h('th', { scope: 'col', 'aria-label': name }, h('abbr', { title: name }, String(i + 1)))),
          this.header(t('tournament-points-short'), t('tournament-points'), 'points'))),
        h('tbody', {}, ...table.names.map((name, row) => h(
          'tr',
          { 'data-player': name },
          h('th', { scope: 'row', class: 'name' }, `${row + 1}. ${name}`),
          ...table.cells[row].map((scores, column) => h('td', { class: row === column ? 'self' : null }, scores.join(' '))),
          h('td', { class: 'points' }, table.points[row]),
        ))),
      ),
    );
  }
}
