import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordHeader } from '../assets/js/record.js';
import { httpExample } from './protocol.js';

test('a record and its line in the games list get the same header', () => {
  const record = httpExample('GET /api/games/{id}');
  const line = httpExample('GET /api/games').games[0];
  const header = recordHeader(record);
  assert.deepEqual(recordHeader(line), header);
  const ended = new Date(record.ended_at_ms).toLocaleString();
  assert.deepEqual(header, {
    white: 'ann',
    black: 'bob',
    players: 'ann (white) vs bob (black)',
    result: 'Black wins: White resigned',
    timeControl: '5+3',
    ended,
    moves: 1,
    summary: `Black wins: White resigned · 5+3 · ${ended}`,
  });
  assert.equal(recordHeader({ ...record, time_control: { kind: 'untimed' }, result: { winner: null, reason: 'aborted' } }).summary, `Game aborted · untimed · ${ended}`);
});

test('a game is as long as its move list numbers it: two plies are one move, three are two', () => {
  const line = httpExample('GET /api/games').games[1];
  assert.equal(line.moves, 9, 'the list counts plies');
  assert.equal(recordHeader(line).moves, 5);
  assert.equal(recordHeader({ ...line, moves: 0 }).moves, 0);
});
