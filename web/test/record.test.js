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
    summary: `Black wins: White resigned · 5+3 · ${ended}`,
  });
  assert.equal(recordHeader({ ...record, time_control: { kind: 'untimed' }, result: { winner: null, reason: 'aborted' } }).summary, `Game aborted · untimed · ${ended}`);
});
