// A tournament's page (watched while it shows, so it is live): what it is
// and where it stands, the viewer's buttons (join, withdraw, and the
// organiser's start, pause, resume, enter a computer, remove an entrant,
// end), the entrants, the standings with their tie-breaks, the current
// round's pairings each linked to its game, the earlier rounds, and the
// crosstable of a round robin.

import { h, button } from './dom.js';
import { formatRating } from '../rating.js';
import {
  crosstable, resultText, roundsOf, standingsTable, statusText, summaryLine, viewerActions,
} from '../tournament.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').TournamentView} TournamentView */
/** @typedef {import('../wire.js').TournamentRound} TournamentRound */
/** @typedef {import('../wire.js').TournamentGame} TournamentGame */
/** @typedef {import('../session.js').TournamentRequest} TournamentRequest */

/** Every word of this screen, in one place (to move into the catalogues). */
const TEXT = {
  loading: 'Loading the tournament…',
  back: '← All tournaments',
  /** @param {string} name */
  organisedBy: (name) => `Organised by ${name}`,
  you: ' (you)',
  join: 'Join',
  withdraw: 'Withdraw',
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  end: 'End tournament',
  endConfirm: 'Really end it?',
  enterComputer: 'Enter',
  computerLevel: 'Computer level',
  remove: 'Remove',
  /** @param {string} name */
  removeWho: (name) => `Remove ${name} from the tournament`,
  /** @param {number} level */
  level: (level) => `level ${level}`,
  organiserControls: 'Organiser controls',
  entrantsHeading: 'Entrants',
  noEntrants: 'Nobody has joined yet.',
  bot: 'bot',
  away: 'not connected',
  withdrawn: 'withdrawn',
  standingsHeading: 'Standings',
  rank: ['#', 'Rank in the standings (tied players share one)'],
  player: 'Player',
  points: ['Pts', 'Points: wins, byes and forfeit wins'],
  games: ['G', 'Games played, forfeited or byes'],
  /** @param {number} number */
  round: (number) => `Round ${number}`,
  noRounds: 'No round has been paired yet.',
  earlierHeading: 'Earlier rounds',
  board: ['Bd', 'Board'],
  white: 'White',
  black: 'Black',
  result: 'Result',
  game: 'Game',
  watch: 'Watch',
  replay: 'Replay',
  /** @param {string} name */
  bye: (name) => `Bye: ${name} (scores as a win)`,
  crosstableHeading: 'Crosstable',
  crosstableNote: '1 won, 0 lost, + won by forfeit, − lost by forfeit, · being played',
  total: ['Pts', 'Points'],
  /** @param {number} round @param {string} opponent */
  ready: (round, opponent) => `Your game is ready: round ${round} against ${opponent}.`,
  goToGame: 'Go to the game',
};

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
    /** @type {string | null} the tournament shown */
    this.id = null;
    /** @type {Set<string>} the entrants the viewer (the organiser) may remove */
    this.removable = new Set();
    /** The ready game the ready line was drawn for ('' for none). */
    this.readyKey = '';
    /** The End button asks once more before it ends the tournament. */
    this.confirmingEnd = false;
    /** To the list (its address is set when shown: the routes' types are made from the views'). */
    this.backLink = h('a', {}, TEXT.back);
    this.heading = h('h1', { id: 'tournament-heading' }, TEXT.loading);
    this.meta = h('p', { class: 'tournament-meta' });
    this.notice = h('p', { class: 'form-error', role: 'alert' });
    this.readyLine = h('p', { class: 'ready-line', role: 'status' });
    this.actions = h('div', { class: 'tournament-actions', role: 'group', 'aria-label': TEXT.organiserControls });
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
    }
    this.backLink.setAttribute('href', this.href({ name: 'tournaments' }));
    this.session.watchTournament(id);
    this.render();
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
    const view = this.session.tournament;
    this.notice.textContent = this.session.tournamentNotice;
    if (!view || view.id !== this.id) {
      this.element.setAttribute('data-state', 'loading');
      this.element.removeAttribute('data-tournament');
      this.heading.textContent = TEXT.loading;
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
    this.meta.textContent = `${summaryLine(view)} · ${statusText(view)} · ${TEXT.organisedBy(view.organiser)}`;
    this.renderReady(view);
    this.renderActions(view);
    const { current, earlier } = roundsOf(view);
    const table = crosstable(view);
    this.body.replaceChildren(
      ...(view.status === 'registering' ? [this.entrants(view)] : [this.standings(view)]),
      current ? this.round(current, 'h2') : h('p', { class: 'empty' }, TEXT.noRounds),
      ...(earlier.length > 0
        ? [h('section', { class: 'earlier', 'aria-labelledby': 'earlier-heading' },
          h('h2', { id: 'earlier-heading' }, TEXT.earlierHeading),
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
      TEXT.ready(ready.round, ready.opponent), ' ',
      h('a', { href: this.href({ name: 'match', id: ready.matchId }), class: 'button primary', 'data-action': 'go-to-game' }, TEXT.goToGame),
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
    if (can.join) parts.push(request(TEXT.join, 'join_tournament', 'join', true));
    if (can.start) parts.push(request(TEXT.start, 'start_tournament', 'start', true));
    if (can.pause) parts.push(request(TEXT.pause, 'pause_tournament', 'pause'));
    if (can.resume) parts.push(request(TEXT.resume, 'resume_tournament', 'resume', true));
    if (can.withdraw) parts.push(request(TEXT.withdraw, 'withdraw_tournament', 'withdraw'));
    const offer = this.session.computer;
    if (can.enterComputer && offer && offer.levels.length > 0) {
      const select = h('select', { name: 'computer-level', 'aria-label': TEXT.computerLevel },
        ...offer.levels.map((l) => h('option', { value: l.level, title: l.description }, TEXT.level(l.level))));
      parts.push(h('span', { class: 'inline-control' }, select,
        button(TEXT.enterComputer, () => this.session.enterComputer(Number(select.value)), { 'data-action': 'enter-computer' })));
    }
    if (can.end) {
      parts.push(button(this.confirmingEnd ? TEXT.endConfirm : TEXT.end, () => {
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
      h('h2', { id: 'entrants-heading' }, TEXT.entrantsHeading),
      view.entrants.length === 0
        ? h('p', { class: 'empty' }, TEXT.noEntrants)
        : h('ul', {}, ...view.entrants.map((e) => h(
          'li',
          { 'data-entrant': e.name },
          h('span', { class: 'who' }, e.name),
          e.name === this.session.me ? TEXT.you : '',
          e.rating ? h('span', { class: 'rating' }, ` ${formatRating(e.rating)}`) : null,
          e.kind === 'bot' ? h('span', { class: 'badge' }, TEXT.bot) : null,
          e.withdrawn ? h('span', { class: 'badge' }, TEXT.withdrawn) : !e.connected ? h('span', { class: 'badge muted' }, TEXT.away) : null,
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
    return button(TEXT.remove, () => this.session.removeEntrant(name), { class: 'link remove', 'data-action': 'remove', 'aria-label': TEXT.removeWho(name) });
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
      h('h2', { id: 'standings-heading' }, TEXT.standingsHeading),
      h(
        'table',
        { class: 'standings-table', 'aria-labelledby': 'standings-heading' },
        h('thead', {}, h('tr', {},
          this.header(TEXT.rank[0], TEXT.rank[1], 'rank'),
          h('th', { scope: 'col', class: 'name' }, TEXT.player),
          this.header(TEXT.points[0], TEXT.points[1], 'points'),
          this.header(TEXT.games[0], TEXT.games[1], 'games'),
          ...table.tiebreaks.map((t) => this.header(t.abbr, t.title, `tiebreak ${t.kind}`)))),
        h('tbody', {}, ...table.rows.map((row) => h(
          'tr',
          { 'data-player': row.name, 'data-points': row.points, class: row.withdrawn ? 'withdrawn' : null },
          h('td', { class: 'rank' }, row.rank),
          h('th', { scope: 'row', class: 'name' }, row.name, row.name === this.session.me ? TEXT.you : '',
            row.bot ? h('span', { class: 'badge' }, TEXT.bot) : null,
            row.withdrawn ? h('span', { class: 'badge' }, TEXT.withdrawn) : null,
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
      h(level, { id }, TEXT.round(round.number)),
      h(
        'table',
        { class: 'pairings', 'aria-labelledby': id },
        h('thead', {}, h('tr', {},
          this.header(TEXT.board[0], TEXT.board[1], 'board-number'),
          h('th', { scope: 'col', class: 'white' }, TEXT.white),
          h('th', { scope: 'col', class: 'black' }, TEXT.black),
          h('th', { scope: 'col', class: 'score' }, TEXT.result),
          h('th', { scope: 'col', class: 'link' }, TEXT.game))),
        h('tbody', {}, ...round.games.map((game, board) => this.pairing(game, board + 1))),
      ),
      round.bye ? h('p', { class: 'bye' }, TEXT.bye(round.bye)) : null,
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
    const who = (name) => (name === me ? [name, TEXT.you] : [name]);
    const matchId = game.match_id;
    let link = null;
    if (matchId && !game.result) {
      link = h('a', { href: this.href({ name: 'match', id: matchId }), 'data-action': 'watch', 'aria-label': `${TEXT.watch}: ${game.white} – ${game.black}` }, TEXT.watch);
    } else if (matchId && game.result && !game.result.forfeit) {
      link = h('a', { href: this.href({ name: 'replay', id: matchId }), 'data-action': 'replay', 'aria-label': `${TEXT.replay}: ${game.white} – ${game.black}` }, TEXT.replay);
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
      h('h2', { id: 'crosstable-heading' }, TEXT.crosstableHeading),
      h('p', { class: 'hint-line' }, TEXT.crosstableNote),
      h(
        'table',
        { class: 'crosstable-table', 'aria-labelledby': 'crosstable-heading' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', class: 'name' }, TEXT.player),
          ...table.names.map((name, i) => h('th', { scope: 'col', 'aria-label': name }, h('abbr', { title: name }, String(i + 1)))),
          this.header(TEXT.total[0], TEXT.total[1], 'points'))),
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
