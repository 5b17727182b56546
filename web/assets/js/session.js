// The conversation with the server: greeting, the lobby feed, the match on
// screen (taken back with its seat token, or watched), moves, and the
// server's answers. It holds no DOM: the page reads its fields and listens
// for changes, and Node tests drive it with a fake socket.

import { applyMove } from './fen.js';
import { computerOffer } from './computer.js';
import { FALLBACK_LIMITS, limitsOf } from './limits.js';
import { errorText, t } from './i18n.js';
import { applyLobbyMessage, applyMatchMessage, markStale, fromSnapshot } from './state.js';
import { applyTournamentList } from './tournament.js';

/** @typedef {import('./notation.js').MoveSquares} MoveSquares */
/** @typedef {import('./state.js').MatchState} MatchState */
/** @typedef {import('./state.js').MatchEvent} MatchEvent */
/** @typedef {import('./state.js').MatchMessage} MatchMessage */
/** @typedef {import('./storage.js').Store} Store */
/** @typedef {import('./computer.js').ComputerOffer} ComputerOffer */
/** @typedef {import('./limits.js').Limits} Limits */
/** @typedef {import('./wire.js').ClientMessage} ClientMessage */
/** @typedef {import('./wire.js').ClientMessageType} ClientMessageType */
/** @typedef {import('./wire.js').ColorPreference} ColorPreference */
/** @typedef {import('./wire.js').ComputerRequest} ComputerRequest */
/** @typedef {import('./wire.js').CreateMatchMessage} CreateMatchMessage */
/** @typedef {import('./wire.js').ErrorCode} ErrorCode */
/** @typedef {import('./wire.js').ErrorMessage} ErrorMessage */
/** @typedef {import('./wire.js').MatchSummary} MatchSummary */
/** @typedef {import('./wire.js').ServerMessage} ServerMessage */
/** @typedef {import('./wire.js').TimeControl} TimeControl */
/** @typedef {import('./wire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./wire.js').TournamentView} TournamentView */
/** @typedef {import('./wire.js').TournamentGameMessage} TournamentGameMessage */

/**
 * The tournament requests that name only the tournament.
 * @typedef {'join_tournament' | 'withdraw_tournament' | 'start_tournament' | 'pause_tournament' | 'resume_tournament' | 'end_tournament'} TournamentRequest
 */

/**
 * A tournament game the server made ready for this player: its match and
 * seat, the round and the opponent (`tournament_game`).
 * @typedef {{tournamentId: string, round: number, matchId: string, seat: import('./wire.js').Side, opponent: string}} ReadyGame
 */

/** The protocol version this page speaks. */
export const PROTOCOL = 1;

/**
 * How the connection is doing, for the banner. `idle`: not trying yet (no
 * name given), so there is nothing to say about the network.
 * @typedef {'idle' | 'connecting' | 'connected' | 'reconnecting' | 'stopped' | 'refused'} Connection
 */

/**
 * The socket as the session uses it (socket.js in the page, a fake in tests).
 * @typedef {{send(message: ClientMessage): boolean, start(): void, stop(): void, restart(): void, markHealthy(): void}} SessionSocket
 */

/**
 * Something for the page to do or show beyond redrawing.
 * `navigate`: show a match; `tournament`: show a tournament (one this
 * page just created); `game_ready`: a tournament game is ready for this
 * player (taken at once unless a game of theirs is being played on screen).
 * @typedef {MatchEvent | {kind: 'navigate', matchId: string} | {kind: 'tournament', tournamentId: string}
 *   | {kind: 'game_ready', game: ReadyGame, taken: boolean}
 *   | {kind: 'refused', reason: string, replyTo: ClientMessageType | ''}} SessionEvent
 */

/**
 * What one tab of this browser tells the others (over a BroadcastChannel,
 * app.js): it is going away and lets go of the seats it held, so a tab
 * they were taken from can take them back before the grace period runs.
 * @typedef {{type: 'seats_released', matches: string[]}} TabMessage
 */

/**
 * The match ids of a message from another tab, or null when it is not one
 * this page understands.
 * @param {unknown} data
 * @returns {string[] | null}
 */
export function readTabMessage(data) {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'seats_released') return null;
  const matches = 'matches' in data ? data.matches : null;
  if (!Array.isArray(matches) || !matches.every((id) => typeof id === 'string')) return null;
  return matches;
}

/**
 * Whether a refusal of `hello` is about the name, so the page asks for
 * another one (and does not greet with the same name again).
 * @param {ErrorCode | null} code
 * @returns {boolean}
 */
export function asksForAName(code) {
  return code === 'bad_name' || code === 'name_taken';
}

/** The page's side of the protocol. */
export class Session {
  /**
   * @param {Store} store remembered name and seat tokens
   * @param {() => number} now performance.now()
   */
  constructor(store, now) {
    /** Remembered name and seat tokens. */
    this.store = store;
    /** The clock for clocks (performance.now()). */
    this.now = now;
    /** @type {SessionSocket | null} set by attach() */
    this.socket = null;
    /** @type {Connection} */
    this.connection = 'idle';
    /** Why the server refused the greeting (bad name, version), if it did: its words. */
    this.refusal = '';
    /** @type {ErrorCode | null} the code of that refusal (`bad_name` and `name_taken` ask for another name) */
    this.refusalCode = null;
    /** @type {Limits} the server's bounds, from `welcome` (the fallback's until then, and with older servers) */
    this.limits = FALLBACK_LIMITS;
    /** @type {ComputerOffer | null} computer opponents the server offers */
    this.computer = null;
    /** @type {MatchSummary[]} the lobby, newest first */
    this.lobby = [];
    /** @type {string | null} the match on screen */
    this.viewing = null;
    /** @type {MatchState | null} its state, once its snapshot arrived */
    this.match = null;
    /** @type {Set<string>} matches whose seat this connection holds */
    this.held = new Set();
    /** @type {Set<string>} matches whose seat another tab took over: not resumed automatically */
    this.elsewhere = new Set();
    /** @type {Set<string>} matches this page saw end: a late "your game is ready" for one is old news */
    this.ended = new Set();
    /** @type {{ply: number, text: string, squares: MoveSquares | null} | null} a move sent and not yet answered */
    this.pending = null;
    /** @type {string} the last refusal or notice about the match on screen */
    this.notice = '';
    /** @type {Set<(events: SessionEvent[]) => void>} */
    this.listeners = new Set();
    /** The name the server greeted this page with (`welcome.name`): who the viewer is in a tournament. */
    this.me = '';
    /** @type {TournamentSummary[]} the tournaments on the server, newest first (asked for by the list screen) */
    this.tournaments = [];
    /** @type {string | null} the tournament watched (its page is shown) */
    this.watchedTournament = null;
    /** @type {TournamentView | null} its latest view */
    this.tournament = null;
    /** The last refusal of a tournament request, in the server's words. */
    this.tournamentNotice = '';
    /** @type {ReadyGame | null} the latest tournament game made ready for this player */
    this.ready = null;
  }

  /**
   * Connects the session to its socket and starts it.
   * @param {SessionSocket} socket
   */
  attach(socket) {
    this.socket = socket;
    this.connection = 'connecting';
    socket.start();
    this.changed();
  }

  /**
   * Calls `listener` after every change, with what happened.
   * @param {(events: SessionEvent[]) => void} listener
   */
  subscribe(listener) {
    this.listeners.add(listener);
  }

  /** @param {SessionEvent[]} events */
  changed(events = []) {
    for (const listener of this.listeners) listener(events);
  }

  /**
   * @param {ClientMessage} message
   * @returns {boolean}
   */
  send(message) {
    return this.socket?.send(message) ?? false;
  }

  // ---- socket events ----

  /** The socket opened: greet. */
  opened() {
    this.held.clear();
    this.send({
      type: 'hello',
      protocol: PROTOCOL,
      name: this.store.name || 'player',
      kind: 'human',
      client: 'amazons-web',
      key: this.store.playerKey(),
      legal_moves: true,
    });
  }

  /**
   * The socket closed; it retries by itself.
   * @param {number} _code
   * @param {number} _retryInMs
   */
  closed(_code, _retryInMs) {
    this.held.clear();
    this.pending = null;
    if (this.connection !== 'stopped' && this.connection !== 'refused') this.connection = 'reconnecting';
    if (this.match) this.match = { ...markStale(this.match, this.now()), legal: null };
    this.changed();
  }

  /**
   * One message from the server.
   * @param {ServerMessage} message
   */
  received(message) {
    /** @type {SessionEvent[]} */
    const events = [];
    switch (message.type) {
      case 'tournament_list':
        this.tournaments = applyTournamentList(this.tournaments, message);
        break;
      case 'tournament_created':
        this.tournamentNotice = '';
        events.push({ kind: 'tournament', tournamentId: message.tournament_id });
        break;
      case 'tournament_updated':
        this.tournaments = applyTournamentList(this.tournaments, message);
        if (message.tournament.id === this.watchedTournament) this.tournament = message.tournament;
        break;
      case 'tournament_game':
        this.gameReady(message, events);
        break;
      case 'welcome':
        this.connection = 'connected';
        this.refusal = '';
        this.refusalCode = null;
        this.computer = computerOffer(message);
        this.limits = limitsOf(message);
        this.me = message.name;
        this.socket?.markHealthy();
        this.send({ type: 'subscribe_lobby' });
        if (this.viewing) this.enter(this.viewing);
        if (this.watchedTournament) this.send({ type: 'watch_tournament', tournament_id: this.watchedTournament });
        break;
      case 'match_list':
      case 'match_updated':
        this.lobby = applyLobbyMessage(this.lobby, message);
        break;
      case 'match_removed':
        this.lobby = applyLobbyMessage(this.lobby, message);
        this.store.forgetSeat(message.match_id);
        this.forMatch(message, events);
        break;
      case 'joined':
        this.store.saveSeat(message.match_id, message.seat, message.token, Date.now());
        this.held.add(message.match_id);
        this.elsewhere.delete(message.match_id);
        if (this.viewing !== message.match_id) {
          this.leaveWatched();
          this.viewing = message.match_id;
          this.match = null;
          this.notice = '';
          events.push({ kind: 'navigate', matchId: message.match_id });
        }
        break;
      case 'snapshot':
        if (message.match_id === this.viewing) {
          this.match = fromSnapshot(message, this.now());
          this.pending = null;
          if (message.you) this.held.add(message.match_id);
        }
        break;
      case 'replaced':
        this.held.delete(message.match_id);
        this.elsewhere.add(message.match_id);
        // The game screen says where the seat went (its `elsewhere` state).
        if (message.match_id === this.viewing) {
          if (this.match) this.match = { ...markStale(this.match, this.now()), you: null, legal: null };
        }
        break;
      case 'server_shutdown':
        this.connection = 'stopped';
        break;
      case 'error':
        this.refused(message, events);
        break;
      case 'seats_changed':
      case 'game_started':
      case 'move_played':
      case 'legal_moves':
      case 'game_over':
      case 'rematch_offered':
      case 'rematch_declined':
      case 'rematch_started':
        this.forMatch(message, events);
        break;
      default:
        // `left`, `pong`, and types of newer servers: nothing to show.
        break;
    }
    this.changed(events);
  }

  /**
   * A tournament game is ready: the seat is taken (`join` for that match and
   * seat; `joined` then shows the game) unless this page is playing another
   * game on screen, when the page only says so and the player takes it with
   * {@link takeReadyGame}. A seat this browser already holds is resumed.
   * @param {TournamentGameMessage} message
   * @param {SessionEvent[]} events
   */
  gameReady(message, events) {
    /** @type {ReadyGame} */
    const game = {
      tournamentId: message.tournament_id,
      round: message.round,
      matchId: message.match_id,
      seat: message.seat,
      opponent: message.opponent,
    };
    // A game this page saw end is not taken again: the tournament may say it
    // once more (on a watch) before it has heard of the end.
    if (this.ended.has(game.matchId)) return;
    // The server says it again on every hello and watch while the game is
    // unfinished: a game already announced whose seat this browser holds is
    // not shown again (the player may be reading the tournament's page).
    const repeat = this.ready?.matchId === game.matchId && (this.store.seat(game.matchId) !== null || this.held.has(game.matchId));
    this.ready = game;
    if (repeat) return;
    const busy = this.match !== null && this.match.you !== null && this.match.status !== 'finished' && this.match.id !== game.matchId;
    if (!busy) this.takeReadyGame();
    events.push({ kind: 'game_ready', game, taken: !busy });
  }

  /** Takes the seat of the ready tournament game (or shows it, when this browser holds it already). */
  takeReadyGame() {
    const game = this.ready;
    if (!game) return;
    if (this.store.seat(game.matchId) || this.held.has(game.matchId)) {
      this.view(game.matchId);
      this.changed([{ kind: 'navigate', matchId: game.matchId }]);
      return;
    }
    this.send({ type: 'join', match_id: game.matchId, seat: game.seat });
  }

  /**
   * A message about a match: folded into the one on screen.
   * @param {MatchMessage} message
   * @param {SessionEvent[]} events
   */
  forMatch(message, events) {
    if (!this.match || message.match_id !== this.match.id) return;
    const { state, events: raised } = applyMatchMessage(this.match, message, this.now());
    this.match = state;
    if (state.status === 'finished') this.ended.add(state.id);
    if (message.type === 'move_played' && this.pending && message.ply >= this.pending.ply) this.pending = null;
    for (const event of raised) {
      if (event.kind === 'resync') this.enter(state.id);
      else events.push(event);
    }
  }

  /**
   * An `error` from the server.
   * @param {ErrorMessage} message
   * @param {SessionEvent[]} events
   */
  refused(message, events) {
    const code = message.code;
    const replyTo = message.reply_to ?? '';
    const text = errorText(message);
    if (replyTo === 'hello' || code === 'version_mismatch' || code === 'bad_name' || code === 'name_taken') {
      this.connection = 'refused';
      // The server's words for a taken name speak to every client (a
      // terminal's state directory); the page says it for this browser.
      this.refusal = code === 'name_taken' ? t('name-taken-here', { name: this.store.name }) : text;
      this.refusalCode = code;
      // Nobody is greeted now: the header shows no name until one is.
      this.me = '';
      // The same name would be refused again: no reconnecting with it. A
      // new name (rename) connects again.
      if (asksForAName(code)) this.socket?.stop();
      return;
    }
    if (replyTo === 'resume' && message.match_id) {
      this.store.forgetSeat(message.match_id);
      if (message.match_id === this.viewing && code !== 'no_such_match') {
        this.send({ type: 'spectate', match_id: message.match_id });
        return;
      }
    }
    if (replyTo === 'move') {
      this.pending = null;
      if (code === 'stale_ply' && this.viewing) this.enter(this.viewing);
    }
    if (replyTo.endsWith('_tournament') || replyTo === 'enter_computer' || replyTo === 'remove_entrant') {
      this.tournamentNotice = text;
      events.push({ kind: 'refused', reason: text, replyTo });
      return;
    }
    if (code === 'no_such_match' && message.match_id === this.viewing) {
      this.notice = t('match-missing');
    } else {
      this.notice = text;
    }
    events.push({ kind: 'refused', reason: text, replyTo });
  }

  // ---- what the page asks for ----

  /**
   * Shows a match (or nothing, for the other pages): takes its seat back
   * with the remembered token, else watches it.
   * @param {string | null} matchId
   */
  view(matchId) {
    if (matchId === this.viewing) return;
    this.leaveWatched();
    this.viewing = matchId;
    this.match = null;
    this.pending = null;
    this.notice = '';
    if (matchId && this.connection === 'connected') this.enter(matchId);
    this.changed();
  }

  /**
   * Asks for a match's snapshot: as its player when this browser holds the
   * seat, else as a spectator. When another tab of this browser took the
   * seat over, nothing: that tab plays, and this one, the same player, is
   * no spectator (until "play here", or that tab lets the seat go).
   * @param {string} matchId
   */
  enter(matchId) {
    if (this.elsewhere.has(matchId)) return;
    const seat = this.store.seat(matchId);
    if (seat) {
      this.send({ type: 'resume', match_id: matchId, token: seat.token });
    } else {
      this.send({ type: 'spectate', match_id: matchId });
    }
  }

  /** Stops watching the match on screen when it is only watched. */
  leaveWatched() {
    const id = this.viewing;
    if (id && this.match && this.match.you === null && !this.held.has(id) && !this.elsewhere.has(id)) {
      this.send({ type: 'leave', match_id: id });
    }
  }

  /**
   * Another tab of this browser went away and let go of these seats: the
   * ones taken from this tab are this tab's again, and the one on screen is
   * taken back at once.
   * @param {string[]} matchIds
   */
  seatsReleased(matchIds) {
    const back = matchIds.filter((id) => this.elsewhere.has(id));
    if (back.length === 0) return;
    for (const id of back) this.elsewhere.delete(id);
    if (this.viewing && back.includes(this.viewing)) {
      this.notice = '';
      if (this.connection === 'connected') this.enter(this.viewing);
    }
    this.changed();
  }

  /** Takes the seat back from another tab. */
  playHere() {
    if (!this.viewing) return;
    this.elsewhere.delete(this.viewing);
    this.notice = '';
    this.enter(this.viewing);
    this.changed();
  }

  /**
   * Creates a match.
   * @param {TimeControl} timeControl
   * @param {ColorPreference} color
   * @param {ComputerRequest | null} computer the `computer` object (computer.js), or null
   * @param {boolean} [rated] whether it counts for ratings; absent: the server's default (rated when timed)
   * @param {{endWhenDecided?: boolean, assistance?: boolean}} [options] whether the server ends the game
   *   once counting proves it, and whether the players may see the territory; each absent: the server's default
   */
  createMatch(timeControl, color, computer, rated, options = {}) {
    /** @type {CreateMatchMessage} */
    const message = { type: 'create_match', time_control: timeControl, color };
    if (computer) message.computer = computer;
    if (rated !== undefined) message.rated = rated;
    if (options.endWhenDecided !== undefined) message.end_when_decided = options.endWhenDecided;
    if (options.assistance !== undefined) message.assistance = options.assistance;
    this.send(message);
  }

  // ---- tournaments ----

  /** Asks for the list of tournaments (`tournament_list` answers). */
  listTournaments() {
    this.send({ type: 'list_tournaments' });
  }

  /**
   * Watches a tournament (its page is shown), or none; the one watched
   * before is let go.
   * @param {string | null} tournamentId
   */
  watchTournament(tournamentId) {
    if (tournamentId === this.watchedTournament) return;
    if (this.watchedTournament) this.send({ type: 'unwatch_tournament', tournament_id: this.watchedTournament });
    this.watchedTournament = tournamentId;
    this.tournament = null;
    this.tournamentNotice = '';
    if (tournamentId && this.connection === 'connected') this.send({ type: 'watch_tournament', tournament_id: tournamentId });
    this.changed();
  }

  /**
   * Sends `create_tournament`; `tournament_created` then shows it.
   * @param {import('./wire.js').CreateTournamentMessage} message
   */
  createTournament(message) {
    this.tournamentNotice = '';
    this.send(message);
  }

  /**
   * A request about the watched tournament that names only it.
   * @param {TournamentRequest} type
   */
  tournamentRequest(type) {
    if (!this.watchedTournament) return;
    this.tournamentNotice = '';
    this.send({ type, tournament_id: this.watchedTournament });
  }

  /**
   * Organiser: enters one of the server's computer levels in the watched tournament.
   * @param {number} level
   */
  enterComputer(level) {
    if (!this.watchedTournament) return;
    this.tournamentNotice = '';
    this.send({ type: 'enter_computer', tournament_id: this.watchedTournament, computer: { level } });
  }

  /**
   * Organiser: removes an entrant of the watched tournament.
   * @param {string} name
   */
  removeEntrant(name) {
    if (!this.watchedTournament) return;
    this.tournamentNotice = '';
    this.send({ type: 'remove_entrant', tournament_id: this.watchedTournament, name });
  }

  /** @param {string} matchId */
  join(matchId) {
    this.send({ type: 'join', match_id: matchId });
  }

  /**
   * Sends a move for the match on screen. `squares` (when the move was
   * picked on the board) shows it at once; a refusal takes it back.
   * @param {string} text
   * @param {MoveSquares | null} squares
   * @returns {boolean} whether it was sent
   */
  sendMove(text, squares) {
    const match = this.match;
    if (!match || this.pending) return false;
    if (!this.send({ type: 'move', match_id: match.id, ply: match.ply, move: text })) return false;
    this.pending = { ply: match.ply, text, squares };
    this.notice = '';
    this.changed();
    return true;
  }

  /**
   * Sends a request that names only the match on screen (`resign`, `abort`,
   * `claim_territory`, `offer_rematch`, `accept_rematch`, `decline_rematch`).
   * @param {'resign' | 'abort' | 'claim_territory' | 'offer_rematch' | 'accept_rematch' | 'decline_rematch'} type
   */
  matchRequest(type) {
    if (this.match) this.send({ type, match_id: this.match.id });
  }

  /**
   * A new name: remembered, and the connection is redone to say it.
   * @param {string} name
   */
  rename(name) {
    this.store.name = name;
    this.connection = 'connecting';
    this.socket?.restart();
    this.changed();
  }

  /** The board to draw: the server's, with a move in flight shown on it. */
  get shownBoard() {
    const match = this.match;
    if (!match) return null;
    if (this.pending?.squares && this.pending.ply === match.ply) return applyMove(match.board, this.pending.squares);
    return match.board;
  }
}
