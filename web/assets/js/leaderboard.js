// The leaderboard and a player's page as text, apart from the DOM: the
// filter (everyone, people, bots), a page of `GET /api/players` as table
// rows, a player's record, and a recent game from that player's side.

import { formatRatingWithDeviation, ratedWord } from './rating.js';
import { recordHeader } from './record.js';
import { language, t } from './i18n.js';

/** @typedef {import('./wire.js').PlayerKind} PlayerKind */
/** @typedef {import('./wire.js').PlayerRow} PlayerRow */
/** @typedef {import('./wire.js').PlayersPage} PlayersPage */
/** @typedef {import('./wire.js').PlayerPage} PlayerPage */
/** @typedef {import('./wire.js').GameSummary} GameSummary */

/** Whose ratings the leaderboard lists. @typedef {'all' | PlayerKind} PlayerFilter */

/**
 * The filter's choices, in order, with their words.
 * @returns {{filter: PlayerFilter, label: string}[]}
 */
export function filters() {
  return [
    { filter: 'all', label: t('players-filter-all') },
    { filter: 'human', label: t('players-filter-human') },
    { filter: 'bot', label: t('players-filter-bot') },
  ];
}

/** How many players a page of the leaderboard asks for. */
export const PLAYERS_PER_PAGE = 20;

/**
 * One leaderboard line, as text.
 * @typedef {object} LeaderboardRow
 * @property {string} rank `1`
 * @property {string} name as the server wrote it (a link to the player's page)
 * @property {boolean} bot a program (marked on the board)
 * @property {string} rating `1523? ± 240`
 * @property {string} games
 * @property {string} wins
 * @property {string} losses
 * @property {string} lastPlayed the day of their latest rated game, in the reader's locale
 * @property {string} record all four in a line, for a narrow screen: `12 games · 8 won · 4 lost · Dec 2, 2026`
 */

/**
 * A day, in the reader's locale.
 * @param {number} ms Unix milliseconds
 * @returns {string}
 */
export function formatDay(ms) {
  return new Date(ms).toLocaleDateString(language(), { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The rows of one page of the leaderboard, in the server's order (best first).
 * @param {PlayersPage} page
 * @returns {LeaderboardRow[]}
 */
export function leaderboardRows(page) {
  return page.players.map((player) => ({
    rank: String(player.rank),
    name: player.name,
    bot: player.kind === 'bot',
    rating: formatRatingWithDeviation(player.rating),
    games: String(player.games),
    wins: String(player.wins),
    losses: String(player.losses),
    lastPlayed: formatDay(player.last_played_ms),
    record: t('players-record-line', { games: player.games, wins: player.wins, losses: player.losses, day: formatDay(player.last_played_ms) }),
  }));
}

/**
 * How many pages a list has (at least one, the empty page).
 * @param {{total: number, per_page: number}} page
 * @returns {number}
 */
export function pageCount(page) {
  return Math.max(1, Math.ceil(page.total / Math.max(1, page.per_page)));
}

/**
 * A player's record in words: `12 rated games: 8 won, 4 lost`.
 * @param {PlayerRow} player
 * @returns {string}
 */
export function recordText(player) {
  return t('player-record', { games: player.games, wins: player.wins, losses: player.losses });
}

/**
 * One of a player's recent games, from their side.
 * @typedef {object} RecentGame
 * @property {string} id the record's id (its replay)
 * @property {string} ended when it ended: day and minute, in the reader's locale
 * @property {'white' | 'black' | null} side the side they played (null when no side carries their id: an older record)
 * @property {string} opponent the other side's name
 * @property {boolean} opponentBot
 * @property {string} result `won`, `lost` or `aborted` (in the page's language), or the result in words when their side is not known
 * @property {'won' | 'lost' | 'aborted' | null} verdict the same in no language (for styles), null when their side is not known
 * @property {string} rated `rated` or `casual`, in the page's language
 * @property {number} moves
 */

/**
 * A recent game as the player's page lists it.
 * @param {GameSummary} game
 * @param {string} playerId whose page it is
 * @returns {RecentGame}
 */
export function recentGame(game, playerId) {
  const header = recordHeader(game);
  /** @type {'white' | 'black' | null} */
  const side = game.white.id === playerId ? 'white' : game.black.id === playerId ? 'black' : null;
  const other = side === 'white' ? game.black : game.white;
  const winner = game.result.winner;
  /** @type {'won' | 'lost' | 'aborted' | null} */
  const verdict = side === null ? null : winner === null ? 'aborted' : winner === side ? 'won' : 'lost';
  const words = { won: t('player-game-won'), lost: t('player-game-lost'), aborted: t('player-game-aborted') };
  const result = verdict === null ? header.result : words[verdict];
  return {
    id: game.id,
    ended: new Date(game.ended_at_ms).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' }),
    side,
    opponent: side === null ? t('players-versus', { white: game.white.name, black: game.black.name }) : other.name,
    opponentBot: side !== null && other.kind === 'bot',
    result,
    verdict,
    rated: ratedWord(game.rated),
    moves: header.moves,
  };
}

/**
 * The heading line under a player's name: `1523? ± 240 · #3`.
 * @param {PlayerRow} player
 * @returns {string}
 */
export function standingText(player) {
  return t('player-standing', { rating: formatRatingWithDeviation(player.rating), rank: player.rank });
}
