// Every HTTP call the page makes, beside socket.js for the WebSocket: one
// page of the finished games (`GET /api/games`), one game's record
// (`GET /api/games/{id}`) and its analysis (`GET`/`POST
// /api/games/{id}/analysis`), a position's territory (`GET /api/territory`),
// one page of the leaderboard (`GET /api/players`) and one player's page
// (`GET /api/players/{name}`). The bodies are typed in wire.js; a refusal
// becomes an Error whose message is for people.

import { PLAYERS_PER_PAGE } from './leaderboard.js';
import { t } from './i18n.js';

/** @typedef {import('./wire.js').GameRecord} GameRecord */
/** @typedef {import('./wire.js').GamesPage} GamesPage */
/** @typedef {import('./wire.js').PlayersPage} PlayersPage */
/** @typedef {import('./wire.js').PlayerPage} PlayerPage */
/** @typedef {import('./wire.js').GameAnalysis} GameAnalysis */
/** @typedef {import('./wire.js').TerritoryView} TerritoryView */
/** @typedef {import('./leaderboard.js').PlayerFilter} PlayerFilter */

/**
 * The part of `fetch` used here (a fake in tests); `init` only for a POST.
 * @typedef {(url: string, init?: {method: 'POST'}) => Promise<{ok: boolean, status: number, json(): Promise<unknown>}>} Fetch
 */

/** How many games a page of the list asks for. */
export const GAMES_PER_PAGE = 20;

/** The server's JSON API, on the page's own origin. */
export class Api {
  /**
   * @param {Fetch} fetch usually `(url) => fetch(url)`
   */
  constructor(fetch) {
    /** Makes the requests. */
    this.fetch = fetch;
  }

  /**
   * One page of the finished games, newest first.
   * @param {number} page 1-based
   * @returns {Promise<GamesPage>}
   */
  async gamesPage(page) {
    return /** @type {GamesPage} */ (await this.get(`/api/games?page=${page}&per_page=${GAMES_PER_PAGE}`, {}));
  }

  /**
   * A finished game's record.
   * @param {string} id the record's id (the match id)
   * @returns {Promise<GameRecord>}
   */
  async gameRecord(id) {
    return /** @type {GameRecord} */ (await this.get(this.gameRecordUrl(id), { 404: t('api-no-such-game') }));
  }

  /**
   * A game's analysis, or null when none was ever asked for.
   * @param {string} id
   * @returns {Promise<GameAnalysis | null>}
   */
  async analysis(id) {
    const response = await this.fetch(this.analysisUrl(id));
    if (response.status === 404) return null;
    return /** @type {GameAnalysis} */ (await this.body(response, {}));
  }

  /**
   * Asks the server to analyse a game (asking again returns where it is).
   * @param {string} id
   * @returns {Promise<GameAnalysis>}
   */
  async requestAnalysis(id) {
    const response = await this.fetch(this.analysisUrl(id), { method: 'POST' });
    if (response.status === 503) {
      // Busy (a full queue) or off (a server that does not analyse): its `error` says which.
      const refusal = /** @type {Partial<import('./wire.js').HttpError> | null} */ (await response.json().catch(() => null));
      throw new Error(refusal?.error === 'analysis_off' ? t('api-analysis-off') : t('api-analysis-busy'));
    }
    return /** @type {GameAnalysis} */ (await this.body(response, { 404: t('api-no-such-game') }));
  }

  /**
   * Who reaches each square of a position first, its closed regions, and
   * the proven result when the board is separated.
   * @param {string} fen
   * @returns {Promise<TerritoryView>}
   */
  async territory(fen) {
    return /** @type {TerritoryView} */ (await this.get(`/api/territory?fen=${encodeURIComponent(fen)}`, {}));
  }

  /**
   * One page of the leaderboard, best rating first.
   * @param {PlayerFilter} filter everyone, or only people or bots
   * @param {number} page 1-based
   * @returns {Promise<PlayersPage>}
   */
  async playersPage(filter, page) {
    const kind = filter === 'all' ? '' : `kind=${filter}&`;
    return /** @type {PlayersPage} */ (await this.get(`/api/players?${kind}page=${page}&per_page=${PLAYERS_PER_PAGE}`, {}));
  }

  /**
   * Every tournament, live and finished (the history's too), newest first.
   * @returns {Promise<import('./wire.js').TournamentSummary[]>}
   */
  async tournaments() {
    const body = /** @type {{tournaments: import('./wire.js').TournamentSummary[]}} */ (await this.get('/api/tournaments', {}));
    return body.tournaments;
  }

  /**
   * One tournament's view, live or finished (a finished one can no longer be watched).
   * @param {string} id
   * @returns {Promise<import('./wire.js').TournamentView>}
   */
  async tournament(id) {
    return /** @type {import('./wire.js').TournamentView} */ (
      await this.get(`/api/tournaments/${encodeURIComponent(id)}`, { 404: t('error-no-such-tournament') })
    );
  }

  /**
   * A player's page: rating, record, rating history, recent games.
   * @param {string} name as any game or the leaderboard shows it (the server compares names as it binds them)
   * @returns {Promise<PlayerPage>}
   */
  async player(name) {
    return /** @type {PlayerPage} */ (
      await this.get(`/api/players/${encodeURIComponent(name)}`, { 404: t('api-no-such-player') })
    );
  }

  /**
   * Where a record is, for the replay's download link.
   * @param {string} id
   * @returns {string}
   */
  gameRecordUrl(id) {
    return `/api/games/${encodeURIComponent(id)}`;
  }

  /**
   * Where a game's analysis is.
   * @param {string} id
   * @returns {string}
   */
  analysisUrl(id) {
    return `/api/games/${encodeURIComponent(id)}/analysis`;
  }

  /**
   * GETs a JSON body; throws with words for people when the answer is not 2xx.
   * @param {string} url
   * @param {Record<number, string>} meanings what some statuses mean here
   * @returns {Promise<unknown>}
   */
  async get(url, meanings) {
    return this.body(await this.fetch(url), meanings);
  }

  /**
   * The JSON body of a 2xx answer; otherwise throws with words for people.
   * @param {{ok: boolean, status: number, json(): Promise<unknown>}} response
   * @param {Record<number, string>} meanings what some statuses mean here
   * @returns {Promise<unknown>}
   */
  async body(response, meanings) {
    if (!response.ok) throw new Error(meanings[response.status] ?? t('api-status', { status: response.status }));
    return response.json();
  }
}
