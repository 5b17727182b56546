import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filters, formatDay, leaderboardRows, pageCount, recentGame, recordText, standingText } from '../assets/js/leaderboard.js';
import { httpExample } from './protocol.js';

test('a page of the leaderboard becomes its rows, best first, bots marked', () => {
  const page = httpExample('GET /api/players');
  const rows = leaderboardRows(page);
  assert.deepEqual(rows.map((r) => [r.rank, r.name, r.bot, r.rating, r.games, r.wins, r.losses]), [
    ['1', 'bob', false, '1809? ± 354', '2', '2', '0'],
    ['2', 'ann', false, '1191? ± 354', '2', '0', '2'],
  ]);
  assert.equal(rows[0].lastPlayed, formatDay(page.players[0].last_played_ms));
  assert.equal(rows[1].record, `2 games · 0 won · 2 lost · ${rows[1].lastPlayed}`, 'the line a phone shows');
  const computer = { ...page.players[1], name: 'computer (level 5)', kind: 'bot' };
  assert.deepEqual(leaderboardRows({ ...page, players: [computer] }).map((r) => [r.name, r.bot]), [['computer (level 5)', true]]);
  assert.match(leaderboardRows({ ...page, players: [{ ...page.players[0], games: 1 }] })[0].record, /^1 game · /);
  assert.equal(pageCount(page), 1);
  assert.equal(pageCount({ ...page, per_page: 1, total: 3 }), 3);
  assert.equal(pageCount({ ...page, players: [], total: 0 }), 1, 'an empty leaderboard is one page');
  assert.deepEqual(leaderboardRows({ ...page, players: [] }), []);
});

test('the filter is everyone, people or bots', () => {
  assert.deepEqual(filters().map((f) => f.filter), ['all', 'human', 'bot']);
  assert.deepEqual(filters().map((f) => f.label), ['Everyone', 'People', 'Bots']);
});

test("a player's standing and record in words", () => {
  const player = httpExample('GET /api/players/{name}');
  assert.equal(standingText(player), '1809? ± 354 · rank 1');
  assert.equal(recordText(player), '2 rated games: 2 won, 0 lost');
  assert.equal(recordText({ ...player, games: 1, wins: 0, losses: 1 }), '1 rated game: 0 won, 1 lost');
});

test("a recent game is seen from the player's side: opponent, colour, won or lost, rated or casual", () => {
  const player = httpExample('GET /api/players/{name}');
  const game = player.recent_games[0];
  assert.deepEqual(recentGame(game, player.id), {
    id: game.id,
    ended: new Date(game.ended_at_ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    side: 'black',
    opponent: 'ann',
    opponentBot: false,
    result: 'won',
    verdict: 'won',
    rated: 'rated',
    moves: 1,
  });
  // The same game seen by ann; then as a casual game against the computer.
  const ann = recentGame(game, game.white.id);
  assert.deepEqual([ann.side, ann.opponent, ann.result], ['white', 'bob', 'lost']);
  const computer = { name: 'computer (level 5)', kind: 'bot', id: 'computer:level-5' };
  const casual = recentGame({ ...game, rated: undefined, white: computer }, player.id);
  assert.deepEqual([casual.opponent, casual.opponentBot, casual.rated], ['computer (level 5)', true, 'casual']);
  const aborted = recentGame({ ...game, result: { winner: null, reason: 'aborted' } }, player.id);
  assert.deepEqual([aborted.result, aborted.verdict], ['aborted', 'aborted']);
  // A record that carries no id for the player (older than ids): both names and the result in words.
  const { id: _id, ...guest } = game.black;
  const older = recentGame({ ...game, rated: undefined, black: guest }, player.id);
  assert.deepEqual([older.side, older.opponent, older.result, older.verdict], [null, 'ann vs bob', 'Black wins: White resigned', null]);
});
