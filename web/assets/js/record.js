// A finished game as the page names it, in the games list and at the top
// of its replay alike: the players, the result, the time control and when
// it ended. Written once here, so the two always agree.

import { describeOutcome } from './state.js';
import { describeTimeControl } from './timecontrol.js';
import { language, t } from './i18n.js';

/**
 * What names a game: a whole record (`GET /api/games/{id}`) or its line in
 * the list (`GET /api/games`) both have it (a record of a game ended on
 * territory also says by how much).
 * @typedef {Pick<import('./wire.js').GameSummary, 'white' | 'black' | 'result' | 'time_control' | 'ended_at_ms'> & {moves: number | unknown[], territory?: {margin: number}}} RecordHead
 */

/**
 * A game's header, as text.
 * @typedef {object} RecordHeader
 * @property {string} white white's name
 * @property {string} black black's name
 * @property {string} players `ann (white) vs bob (black)`
 * @property {string} result `Black wins: White resigned`
 * @property {string} timeControl `5+3`
 * @property {string} ended when the game ended, in the reader's locale
 * @property {number} moves how long it was, in moves as the move list numbers them (a move is white's and black's turn; the list counts plies)
 * @property {string} summary result, time control and end in one line
 */

/**
 * The header of a game.
 * @param {RecordHead} record
 * @returns {RecordHeader}
 */
export function recordHeader(record) {
  const result = describeOutcome(record.result, record.territory?.margin ?? null);
  const timeControl = describeTimeControl(record.time_control);
  const ended = new Date(record.ended_at_ms).toLocaleString(language());
  const plies = typeof record.moves === 'number' ? record.moves : record.moves.length;
  return {
    white: record.white.name,
    black: record.black.name,
    players: t('record-players', { white: record.white.name, black: record.black.name }),
    result,
    timeControl,
    ended,
    moves: Math.ceil(plies / 2),
    summary: `${result} · ${timeControl} · ${ended}`,
  };
}
