// The state of the lobby and of one match, folded from server messages.
// Pure functions: a message and the time it arrived in, a new state out, so
// the whole of the page's message handling is tested under Node.

import { remainingMs } from './clock.js';
import { applyMove, parseFen } from './fen.js';
import { decodeLegalMoves } from './legal.js';
import { opponent, parseCanonical } from './notation.js';
import { sideName, t, wireKey } from './i18n.js';
import { END_REASONS } from './vocabulary.js';

/** @typedef {import('./wire.js').Side} Side */
/** @typedef {import('./notation.js').MoveSquares} MoveSquares */
/** @typedef {import('./fen.js').Board} Board */
/** @typedef {import('./wire.js').Clocks} Clocks */
/** @typedef {import('./legal.js').LegalMap} LegalMap */
/** @typedef {import('./limits.js').Limits} Limits */
/** @typedef {import('./wire.js').TimeControl} TimeControl */
/** @typedef {import('./wire.js').Seats} Seats */
/** @typedef {import('./wire.js').MatchStatus} Status */
/** @typedef {import('./wire.js').Outcome} Outcome */
/** @typedef {import('./wire.js').RecordedMove} PlayedMove */
/** @typedef {import('./wire.js').MatchSummary} MatchSummary */
/** @typedef {import('./wire.js').SnapshotMessage} SnapshotMessage */
/** @typedef {import('./wire.js').RatingChange} RatingChange */

/**
 * The messages about one match that change its state.
 * @typedef {import('./wire.js').ServerMessageOf<'seats_changed' | 'game_started' | 'move_played' | 'legal_moves'
 *   | 'game_over' | 'rematch_offered' | 'rematch_declined' | 'rematch_started' | 'match_removed'>} MatchMessage
 */

/**
 * The messages that change the lobby list.
 * @typedef {import('./wire.js').ServerMessageOf<'match_list' | 'match_updated' | 'match_removed'>} LobbyMessage
 */

/**
 * One match as the page knows it.
 * @typedef {object} MatchState
 * @property {string} id
 * @property {Side | null} you the receiver's seat; null when watching
 * @property {Seats} seats
 * @property {number} spectators
 * @property {Status} status
 * @property {TimeControl} timeControl
 * @property {boolean} rated whether the game counts for ratings
 * @property {{white: RatingChange, black: RatingChange} | null} ratings what the game did to each side's
 *   rating, from `game_over` (null while it goes on, for a game not rated, and in a snapshot of a finished one)
 * @property {Board} initialBoard
 * @property {PlayedMove[]} moves
 * @property {Board} board the position now (the server's FEN)
 * @property {number} ply the ply the next move carries
 * @property {Side} turn
 * @property {Clocks | null} clocks as last sent by the server
 * @property {number} clocksAt performance.now() when they arrived
 * @property {number | null} staleSince performance.now() when the page stopped hearing about the
 *   match (the connection lost, the seat taken by another tab), until the server's next report (a
 *   snapshot, a move, the start or end): meanwhile the clocks are shown as they were then, so they
 *   neither run on nor jump back, and the page says it is not in touch
 * @property {Outcome | null} outcome
 * @property {number | null} margin the winner's margin of a game ended on territory (from `game_over`, or the snapshot of a finished one)
 * @property {boolean} endWhenDecided the server ends the game once counting proves it
 * @property {boolean} assistance the players may see the territory overlay
 * @property {import('./wire.js').Decided | null} decided counting proves the position now (the server did not
 *   end the game for it): a player may claim
 * @property {Side | null} rematchOffer who offered a rematch, if anyone
 * @property {LegalMap | null} legal the receiver's legal moves, when it is their turn
 * @property {MoveSquares | null} lastMove
 * @property {string | null} recordId the finished game's record
 * @property {string | null} nextMatchId the rematch, once it started
 * @property {boolean} removed the server has cleared the match away
 */

/**
 * Something worth a sound or an announcement, raised by a message.
 * @typedef {{kind: 'started'} | {kind: 'moved', side: Side, move: string, ply: number} | {kind: 'over', outcome: Outcome} | {kind: 'rematch_offered', by: Side} | {kind: 'rematch_declined', by: Side} | {kind: 'resync'}} MatchEvent
 */

/**
 * The board of a FEN, or the empty board when the FEN is unreadable.
 * @param {string} fen
 * @returns {Board}
 */
function boardOf(fen) {
  return parseFen(fen) ?? { cells: new Array(100).fill(null), turn: 'white', fullmove: 1 };
}

/**
 * A match from a `snapshot`.
 * @param {SnapshotMessage} snapshot
 * @param {number} now performance.now()
 * @returns {MatchState}
 */
export function fromSnapshot(snapshot, now) {
  const moves = snapshot.moves;
  const last = moves.length > 0 ? parseCanonical(moves[moves.length - 1].move) : null;
  return {
    id: snapshot.match_id,
    you: snapshot.you,
    seats: snapshot.seats,
    spectators: snapshot.spectators,
    status: snapshot.status,
    timeControl: snapshot.time_control,
    rated: snapshot.rated ?? false,
    ratings: null,
    initialBoard: boardOf(snapshot.initial_fen),
    moves,
    board: boardOf(snapshot.fen),
    ply: snapshot.ply,
    turn: snapshot.turn,
    clocks: snapshot.clocks,
    clocksAt: now,
    staleSince: null,
    outcome: snapshot.outcome,
    margin: snapshot.margin ?? null,
    endWhenDecided: snapshot.end_when_decided ?? false,
    assistance: snapshot.assistance ?? false,
    decided: snapshot.status === 'playing' ? snapshot.decided ?? null : null,
    rematchOffer: snapshot.rematch_offer,
    legal: null,
    lastMove: last,
    recordId: snapshot.status === 'finished' ? snapshot.match_id : null,
    nextMatchId: null,
    removed: false,
  };
}

/**
 * Folds one message about this match into its state.
 * @param {MatchState} state
 * @param {MatchMessage} message a message whose match_id is state.id
 * @param {number} now performance.now()
 * @returns {{state: MatchState, events: MatchEvent[]}}
 */
export function applyMatchMessage(state, message, now) {
  switch (message.type) {
    case 'seats_changed':
      return { state: { ...state, seats: message.seats, spectators: message.spectators }, events: [] };
    case 'game_started':
      return {
        // Rated or casual is settled as the game begins (a guest's game is casual).
        state: { ...state, status: 'playing', seats: message.seats, rated: message.rated ?? state.rated, clocks: message.clocks, clocksAt: now, staleSince: null },
        events: [{ kind: 'started' }],
      };
    case 'move_played': {
      if (message.ply !== state.ply) {
        // A move already seen (a retry's echo) changes nothing; a gap means
        // messages were missed: ask for a snapshot.
        return { state, events: message.ply < state.ply ? [] : [{ kind: 'resync' }] };
      }
      const squares = parseCanonical(message.move);
      const board = typeof message.fen === 'string' ? parseFen(message.fen) : squares && applyMove(state.board, squares);
      if (!board) return { state, events: [{ kind: 'resync' }] };
      const clocks = message.clocks;
      /** @type {PlayedMove} */
      const played = { move: message.move, time_ms: message.time_ms };
      if (clocks) played.clock_ms = message.side === 'white' ? clocks.white_ms : clocks.black_ms;
      return {
        state: {
          ...state,
          moves: [...state.moves, played],
          board,
          ply: message.ply + 1,
          turn: opponent(message.side),
          clocks,
          clocksAt: now,
          staleSince: null,
          legal: null,
          lastMove: squares,
          decided: message.decided ?? null,
        },
        events: [{ kind: 'moved', side: message.side, move: message.move, ply: message.ply }],
      };
    }
    case 'legal_moves': {
      if (message.ply !== state.ply || state.status !== 'playing' || state.you !== state.turn) {
        return { state, events: [] };
      }
      try {
        return { state: { ...state, legal: decodeLegalMoves(message.moves) }, events: [] };
      } catch {
        return { state, events: [] };
      }
    }
    case 'game_over': {
      /** @type {Outcome} */
      const outcome = { winner: message.winner, reason: message.reason };
      return {
        state: {
          ...state,
          status: 'finished',
          outcome,
          clocks: message.clocks ?? state.clocks,
          clocksAt: now,
          staleSince: null,
          legal: null,
          recordId: message.record_id ?? null,
          ratings: message.ratings ?? null,
          margin: message.margin ?? null,
          decided: null,
        },
        events: [{ kind: 'over', outcome }],
      };
    }
    case 'rematch_offered':
      return { state: { ...state, rematchOffer: message.by }, events: [{ kind: 'rematch_offered', by: message.by }] };
    case 'rematch_declined':
      return { state: { ...state, rematchOffer: null }, events: [{ kind: 'rematch_declined', by: message.by }] };
    case 'rematch_started':
      return { state: { ...state, nextMatchId: message.new_match_id }, events: [] };
    case 'match_removed':
      return { state: { ...state, removed: true, legal: null }, events: [] };
  }
}

/**
 * The page has lost touch with the match: its clocks stop where they are
 * now until the server reports them again (a snapshot, a move, the start
 * or end of the game), since what the server's clocks do meanwhile is not
 * known. Marked once: a second loss keeps the first time.
 * @param {MatchState} state
 * @param {number} now performance.now()
 * @returns {MatchState}
 */
export function markStale(state, now) {
  return state.staleSince === null ? { ...state, staleSince: now } : state;
}

/**
 * A side's clock as the page shows it: the server's value counted down
 * from its arrival to now, or to when the clocks froze; null when untimed.
 * @param {MatchState} state
 * @param {number} now performance.now()
 * @param {Side} side
 * @returns {number | null}
 */
export function clockMs(state, now, side) {
  if (!state.clocks) return null;
  return remainingMs(state.clocks, state.clocksAt, state.staleSince ?? now, side);
}

/**
 * Whether the player may still abort: seated, the game not over, and fewer
 * moves played than the server's bound (before both sides moved, by default).
 * @param {MatchState} state
 * @param {Limits} limits
 * @returns {boolean}
 */
export function canAbort(state, limits) {
  return state.you !== null && state.status !== 'finished' && state.ply < limits.abort_before_ply;
}

/**
 * Whether the player may claim the game on territory: seated in a game in
 * progress whose position counting proves.
 * @param {MatchState} state
 * @returns {boolean}
 */
export function canClaim(state) {
  return state.you !== null && state.status === 'playing' && state.decided !== null;
}

/**
 * Whether the player may resign: seated in a game in progress.
 * @param {MatchState} state
 * @returns {boolean}
 */
export function canResign(state) {
  return state.you !== null && state.status === 'playing';
}

/**
 * Folds a lobby message into the list of matches (newest first).
 * @param {MatchSummary[]} matches
 * @param {LobbyMessage} message
 * @returns {MatchSummary[]}
 */
export function applyLobbyMessage(matches, message) {
  switch (message.type) {
    case 'match_list':
      return message.matches;
    case 'match_updated': {
      const summary = message.match;
      if (matches.some((m) => m.id === summary.id)) return matches.map((m) => (m.id === summary.id ? summary : m));
      return [summary, ...matches];
    }
    case 'match_removed':
      return matches.filter((m) => m.id !== message.match_id);
  }
}

/**
 * The banner (shown and announced) that says the game has started, for the
 * one who reads it, as the terminal client's "GAME ON" line does.
 * @param {MatchState} state
 * @returns {string}
 */
export function startedText(state) {
  /** @param {Side} side */
  const named = (side) => t('game-on-seat', { name: state.seats[side]?.name ?? t('game-free-seat'), side });
  const you = state.you;
  if (you === null) return t('game-on-watching', { white: named('white'), black: named('black') });
  if (state.turn === you) return state.clocks ? t('game-on-your-move-clock') : t('game-on-your-move');
  return t('game-on-their-move', { side: you, opponent: named(opponent(you)) });
}

/**
 * A sentence for the end of a game, e.g. "White wins: Black has no legal
 * move", or with the margin of a game won on territory "White wins on
 * territory by 7".
 * @param {Outcome} outcome
 * @param {number | null} [margin] the margin, when the game ended on territory
 * @returns {string}
 */
export function describeOutcome(outcome, margin = null) {
  // A newer server's reason, not in this version's list, reads as "wins".
  const known = END_REASONS.includes(outcome.reason);
  if (outcome.winner === null) {
    if (outcome.reason === 'aborted') return t('end-reason-aborted');
    if (outcome.reason === 'abandonment') return t('outcome-abandoned-by-both');
    return t('outcome-no-winner');
  }
  const winner = sideName(outcome.winner);
  const loser = sideName(opponent(outcome.winner));
  if (outcome.reason === 'territory' && margin !== null) return t('outcome-territory-by', { winner, loser, margin });
  return known ? t(wireKey('end-reason-', outcome.reason), { winner, loser }) : t('outcome-winner-only', { winner });
}
