import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen } from '../assets/js/fen.js';
import { finishFrameName, finishFrames, frameAfterKey, frameName, replayFrames } from '../assets/js/replay.js';
import { httpExample } from './protocol.js';

// The documented record: two moves, both timed.
const record = httpExample('GET /api/games/{id}');

test('a record becomes one frame per move, after the start', () => {
  const frames = replayFrames(record);
  assert.equal(frames.length, 3);
  assert.equal(frames[0].move, null);
  assert.deepEqual(frames[1].board, parseFen('3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1'));
  assert.equal(frames[1].move, 'd1-d7/g7');
  assert.equal(frames[1].timeMs, 4100);
  assert.equal(frames[1].clockMs, 298900);
  assert.deepEqual(frames[2].board.cells, parseFen(record.final_fen)?.cells, 'the moves reach the recorded final position');
  assert.equal(frames[2].board.turn, 'white');
  const { clock_ms: _clock, ...untimed } = record.moves[1];
  assert.equal(replayFrames({ ...record, moves: [record.moves[0], untimed] })[2].clockMs, null, 'no clock in untimed games');
  assert.throws(() => replayFrames({ ...record, moves: [{ ...record.moves[0], move: 'd1 d7 g7' }] }), /not in canonical form/);
  assert.equal(replayFrames({ ...record, moves: [] }).length, 1);
  assert.throws(() => replayFrames({ ...record, initial_fen: '10/10 w' }), /unreadable position/);
});

test('keys step through the frames and stop at the ends', () => {
  assert.equal(frameAfterKey('Home', 5, 10), 0);
  assert.equal(frameAfterKey('End', 5, 10), 9);
  assert.equal(frameAfterKey('ArrowLeft', 0, 10), 0);
  assert.equal(frameAfterKey('ArrowRight', 9, 10), 9);
  assert.equal(frameAfterKey('ArrowRight', 3, 10), 4);
  assert.equal(frameAfterKey('x', 3, 10), null);
});

test('the replay counts moves as the move list numbers them, and plies apart', () => {
  const frames = replayFrames(record);
  assert.equal(frameName(frames, 0), 'Start: 1 move (2 plies)');
  assert.equal(frameName(frames, 1), 'Move 1, white (ply 1 of 2)');
  assert.equal(frameName(frames, 2), 'Move 1, black (ply 2 of 2)');
  const fromBlack = replayFrames({ initial_fen: '3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 7', moves: [record.moves[1]] });
  assert.equal(frameName(fromBlack, 1), 'Move 7, black (ply 1 of 1)', 'a game from a position keeps its numbers');
});

test('a proven finish plays on from the final board, and an unreadable one is not offered', () => {
  const frames = replayFrames(record);
  const last = frames[frames.length - 1].board;
  const finish = finishFrames(last, ['g1-g4/g9', 'b7-b6/b5']);
  assert.equal(finish.length, 2);
  assert.deepEqual(finish[0].squares, { from: 6, to: 36, arrow: 86 });
  assert.equal(finish[0].board.cells[36], 'Q');
  assert.equal(finish[0].board.cells[6], null);
  assert.equal(finish[0].board.cells[86], '*');
  assert.equal(finish[0].board.turn, 'black');
  assert.equal(finish[1].board.cells[51], 'q', 'the second move is played on the first one\'s board');
  assert.equal(finish[1].timeMs, null, 'nobody played it: no time');
  assert.deepEqual(finishFrames(last, ['g1-g4/g9', 'nonsense']), []);
  assert.deepEqual(finishFrames(last, []), []);
  assert.equal(finishFrameName(3, 9), 'Proven finish: ply 3 of 9');
});
