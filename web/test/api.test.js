import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Api, GAMES_PER_PAGE } from '../assets/js/api.js';
import { PLAYERS_PER_PAGE } from '../assets/js/leaderboard.js';
import { readFileSync } from 'node:fs';
import { httpExample } from './protocol.js';

/**
 * A fetch that answers every request with one status and body, and records the addresses.
 * @param {number} status
 * @param {unknown} body
 */
function answering(status, body) {
  /** @type {string[]} */
  const asked = [];
  /** @param {string} url */
  const fetch = async (url) => {
    asked.push(url);
    return { ok: status >= 200 && status < 300, status, json: async () => structuredClone(body) };
  };
  return { api: new Api(fetch), asked };
}

test('a page of the games list is asked for with its size, and read as the server wrote it', async () => {
  const page = httpExample('GET /api/games');
  const { api, asked } = answering(200, page);
  assert.deepEqual(await api.gamesPage(2), page);
  assert.deepEqual(asked, [`/api/games?page=2&per_page=${GAMES_PER_PAGE}`]);
});

test('a record is asked for by id; a missing one and a server error say so in words', async () => {
  const record = httpExample('GET /api/games/{id}');
  const { api, asked } = answering(200, record);
  assert.deepEqual(await api.gameRecord(record.id), record);
  assert.deepEqual(asked, [`/api/games/${record.id}`]);
  assert.equal(api.gameRecordUrl('a/b'), '/api/games/a%2Fb');
  await assert.rejects(answering(404, 'no such game').api.gameRecord('ffff'), { message: 'there is no such game' });
  await assert.rejects(answering(409, 'more of the id').api.gameRecord('ffff'), { message: 'the server answered 409' });
  await assert.rejects(answering(500, '').api.gamesPage(1), { message: 'the server answered 500' });
});

test('the leaderboard is asked for by kind and page; a player by name, encoded', async () => {
  const page = httpExample('GET /api/players');
  const { api, asked } = answering(200, page);
  assert.deepEqual(await api.playersPage('all', 1), page);
  await api.playersPage('bot', 3);
  await api.playersPage('human', 1);
  assert.deepEqual(asked, [
    `/api/players?page=1&per_page=${PLAYERS_PER_PAGE}`,
    `/api/players?kind=bot&page=3&per_page=${PLAYERS_PER_PAGE}`,
    `/api/players?kind=human&page=1&per_page=${PLAYERS_PER_PAGE}`,
  ]);
  const player = httpExample('GET /api/players/{name}');
  const one = answering(200, player);
  assert.deepEqual(await one.api.player('ann'), player);
  await one.api.player('computer (level 5)');
  await one.api.player('a/b?c#d');
  assert.deepEqual(one.asked, ['/api/players/ann', '/api/players/computer%20(level%205)', '/api/players/a%2Fb%3Fc%23d']);
  await assert.rejects(answering(404, 'no such player').api.player('zed'), { message: 'nobody by that name has played a rated game here' });
});

test('the tournaments and one tournament are asked for at their addresses; a missing one is said in words', async () => {
  const list = httpExample('GET /api/tournaments');
  const { api, asked } = answering(200, list);
  assert.deepEqual(await api.tournaments(), list.tournaments);
  const view = httpExample('GET /api/tournaments/{id}');
  const one = answering(200, view);
  assert.deepEqual(await one.api.tournament(view.id), view);
  assert.deepEqual([...asked, ...one.asked], ['/api/tournaments', `/api/tournaments/${view.id}`]);
  await assert.rejects(answering(404, null).api.tournament('x'), /That tournament does not exist/);
});

/**
 * An Api whose every answer is one status and JSON body.
 * @param {number} status
 * @param {unknown} body
 */
const answeringWith = (status, body) => new Api(async () => ({ ok: status >= 200 && status < 300, status, json: async () => structuredClone(body) }));

test("a game's analysis is read, asked for by POST, and a game never analysed is null", async () => {
  const analysis = JSON.parse(readFileSync(new URL('./fixtures/analysis-running.json', import.meta.url), 'utf8'));
  /** @type {{url: string, method: string}[]} */
  const asked = [];
  /**
   * @param {number} status
   * @returns {import('../assets/js/api.js').Fetch}
   */
  const answering = (status) => async (url, init) => {
    asked.push({ url, method: init?.method ?? 'GET' });
    return { ok: status >= 200 && status < 300, status, json: async () => structuredClone(analysis) };
  };
  assert.deepEqual(await new Api(answering(200)).analysis(analysis.game_id), analysis);
  assert.deepEqual(await new Api(answering(202)).requestAnalysis('a/b'), analysis);
  assert.equal(await new Api(answering(404)).analysis('ffff'), null);
  assert.deepEqual(asked, [
    { url: `/api/games/${analysis.game_id}/analysis`, method: 'GET' },
    { url: '/api/games/a%2Fb/analysis', method: 'POST' },
    { url: '/api/games/ffff/analysis', method: 'GET' },
  ]);
  await assert.rejects(new Api(answering(503)).requestAnalysis('ffff'), { message: 'The server is busy with other analyses; try again later.' });
  const off = answeringWith(503, { error: 'analysis_off', message: 'analyses are off on this server' });
  await assert.rejects(off.requestAnalysis('ffff'), { message: 'This server does not analyse games.' });
  const busy = answeringWith(503, { error: 'analysis_busy', message: '8 analyses wait already' });
  await assert.rejects(busy.requestAnalysis('ffff'), { message: 'The server is busy with other analyses; try again later.' });
  await assert.rejects(new Api(answering(404)).requestAnalysis('ffff'), { message: 'there is no such game' });
  await assert.rejects(new Api(answering(500)).analysis('ffff'), { message: 'the server answered 500' });
});

test("a position's territory is asked for by its FEN, encoded", async () => {
  const view = JSON.parse(readFileSync(new URL('./fixtures/territory.json', import.meta.url), 'utf8'));
  const { api, asked } = answering(200, view);
  const fen = '3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1';
  assert.deepEqual(await api.territory(fen), view);
  assert.deepEqual(asked, [`/api/territory?fen=${encodeURIComponent(fen)}`]);
  assert.match(asked[0], /^\/api\/territory\?fen=3q2q3%2F10%2F/);
  await assert.rejects(answering(400, { error: 'bad FEN' }).api.territory('x'), { message: 'the server answered 400' });
});
