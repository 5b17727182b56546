import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen } from '../assets/js/fen.js';
import { frameAfterKey, replayFrames } from '../assets/js/replay.js';

const record = {
  schema: 1,
  id: 'g',
  white: { name: 'ann', kind: 'human' },
  black: { name: 'bob', kind: 'human' },
  moves: [
    { move: 'd1-d7/g7', time_ms: 4100, clock_ms: 297900 },
    { move: 'a7-b7/c7', time_ms: 800 },
  ],
  result: { winner: 'white', reason: 'resignation' },
  final_fen: '3q2q3/10/10/1qq*Q2*2q/10/10/Q8Q/10/10/6Q3 w - - 0 2',
};

test('a record becomes one frame per move, after the start', () => {
  const frames = replayFrames(record);
  assert.equal(frames.length, 3);
  assert.equal(frames[0].move, null);
  assert.deepEqual(frames[1].board, parseFen('3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1'));
  assert.equal(frames[1].timeMs, 4100);
  assert.equal(frames[1].clockMs, 297900);
  assert.equal(frames[2].clockMs, null);
  assert.equal(frames[2].board.turn, 'white');
  assert.throws(() => replayFrames({ moves: [{ move: 'd1 d7 g7' }] }), /not in canonical form/);
  assert.equal(replayFrames({ moves: [] }).length, 1);
});

test('keys step through the frames and stop at the ends', () => {
  assert.equal(frameAfterKey('Home', 5, 10), 0);
  assert.equal(frameAfterKey('End', 5, 10), 9);
  assert.equal(frameAfterKey('ArrowLeft', 0, 10), 0);
  assert.equal(frameAfterKey('ArrowRight', 9, 10), 9);
  assert.equal(frameAfterKey('ArrowRight', 3, 10), 4);
  assert.equal(frameAfterKey('x', 3, 10), null);
});
