import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FILTERS, formatDay, leaderboardRows, pageCount, recentGame, recordText, standingText } from '../assets/js/leaderboard.js';

/** A page of `GET /api/players` and a `GET /api/players/{name}`, shaped as the protocol crate's types. */
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/players.json', import.meta.url), 'utf8'));

test('a page of the leaderboard becomes its rows, best first, bots marked', () => {
  const page = structuredClone(FIXTURE.players_page);
  const rows = leaderboardRows(page);
  assert.deepEqual(rows.map((r) => [r.rank, r.name, r.bot, r.rating, r.games, r.wins, r.losses]), [
    ['1', 'computer (level 5)', true, '1688? ± 240', '3', '3', '0'],
    ['2', 'ann', false, '1523 ± 45', '1', '1', '0'],
  ]);
  assert.equal(rows[1].lastPlayed, formatDay(page.players[1].last_played_ms));
  assert.equal(rows[1].record, `1 game · 1 won · 0 lost · ${rows[1].lastPlayed}`, 'the line a phone shows');
  assert.match(rows[0].record, /^3 games · 3 won · 0 lost · /);
  assert.equal(pageCount(page), 3, '5 players, 2 a page');
  assert.equal(pageCount({ ...page, players: [], total: 0 }), 1, 'an empty leaderboard is one page');
  assert.deepEqual(leaderboardRows({ ...page, players: [] }), []);
});

test('the filter is everyone, people or bots', () => {
  assert.deepEqual(FILTERS.map((f) => f.filter), ['all', 'human', 'bot']);
});

test("a player's standing and record in words", () => {
  const player = FIXTURE.player_page;
  assert.equal(standingText(player), '1523 ± 45 · rank 2');
  assert.equal(recordText(player), '3 rated games: 2 won, 1 lost');
  assert.equal(recordText({ ...player, games: 1, wins: 0, losses: 1 }), '1 rated game: 0 won, 1 lost');
});

test("a recent game is seen from the player's side: opponent, colour, won or lost, rated or casual", () => {
  const player = FIXTURE.player_page;
  const [rated, casual, older] = player.recent_games.map((/** @type {any} */ g) => recentGame(g, player.id));
  assert.deepEqual(
    { ...rated, ended: undefined },
    { id: player.recent_games[0].id, ended: undefined, side: 'black', opponent: 'computer (level 5)', opponentBot: true, result: 'lost', rated: 'rated', moves: 31 },
  );
  assert.equal(rated.ended, new Date(player.recent_games[0].ended_at_ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  assert.deepEqual([casual.side, casual.opponent, casual.opponentBot, casual.result, casual.rated], ['white', 'bob', false, 'won', 'casual']);
  // A record that carries no id for the player (older than ids): both names and the result in words.
  assert.deepEqual([older.side, older.opponent, older.result], [null, 'ann vs dee', 'Game aborted']);
});
