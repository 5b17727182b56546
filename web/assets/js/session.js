// The conversation with the server: greeting, the lobby feed, the match on
// screen (taken back with its seat token, or watched), moves, and the
// server's answers. It holds no DOM: the page reads its fields and listens
// for changes, and Node tests drive it with a fake socket.

import { applyMove } from './fen.js';
import { computerOffer } from './computer.js';
import { FALLBACK_LIMITS, limitsOf } from './limits.js';
import { errorText, t } from './i18n.js';
import { applyLobbyMessage, applyMatchMessage, markStale, fromSnapshot } from './state.js';

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
 * @typedef {MatchEvent | {kind: 'navigate', matchId: string} | {kind: 'refused', reason: string, replyTo: ClientMessageType | ''}} SessionEvent
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
    /** @type {{ply: number, text: string, squares: MoveSquares | null} | null} a move sent and not yet answered */
    this.pending = null;
    /** @type {string} the last refusal or notice about the match on screen */
    this.notice = '';
    /** @type {Set<(events: SessionEvent[]) => void>} */
    this.listeners = new Set();
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
      case 'welcome':
        this.connection = 'connected';
        this.refusal = '';
        this.refusalCode = null;
        this.computer = computerOffer(message);
        this.limits = limitsOf(message);
        this.socket?.markHealthy();
        this.send({ type: 'subscribe_lobby' });
        if (this.viewing) this.enter(this.viewing);
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
   * A message about a match: folded into the one on screen.
   * @param {MatchMessage} message
   * @param {SessionEvent[]} events
   */
  forMatch(message, events) {
    if (!this.match || message.match_id !== this.match.id) return;
    const { state, events: raised } = applyMatchMessage(this.match, message, this.now());
    this.match = state;
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
      this.refusal = text;
      this.refusalCode = code;
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
   */
  createMatch(timeControl, color, computer, rated) {
    /** @type {CreateMatchMessage} */
    const message = { type: 'create_match', time_control: timeControl, color };
    if (computer) message.computer = computer;
    if (rated !== undefined) message.rated = rated;
    this.send(message);
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
   * `offer_rematch`, `accept_rematch`, `decline_rematch`).
   * @param {'resign' | 'abort' | 'offer_rematch' | 'accept_rematch' | 'decline_rematch'} type
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
