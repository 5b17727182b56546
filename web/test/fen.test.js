import { test } from 'node:test';
import assert from 'node:assert/strict';
import { START_FEN, applyMove, formatFen, parseFen } from '../assets/js/fen.js';
import { parseSquare } from '../assets/js/notation.js';

/** @param {string} name */
const sq = (name) => /** @type {number} */ (parseSquare(name));

test('the start position has the queens where the rules put them', () => {
  const board = parseFen(START_FEN);
  assert.ok(board);
  assert.equal(board.turn, 'white');
  assert.equal(board.fullmove, 1);
  for (const name of ['a4', 'd1', 'g1', 'j4']) assert.equal(board.cells[sq(name)], 'Q', name);
  for (const name of ['a7', 'd10', 'g10', 'j7']) assert.equal(board.cells[sq(name)], 'q', name);
  assert.equal(board.cells.filter((c) => c !== null).length, 8);
});

test('a move is drawn as the server would have it, and FEN after it agrees', () => {
  const start = /** @type {any} */ (parseFen(START_FEN));
  const after = applyMove(start, { from: sq('d1'), to: sq('d7'), arrow: sq('g7') });
  assert.deepEqual(after, parseFen('3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1'));
  const again = applyMove(after, { from: sq('a7'), to: sq('b7'), arrow: sq('c7') });
  assert.equal(again.turn, 'white');
  assert.equal(again.fullmove, 2);
});

test('FEN that is not a 10x10 board is refused', () => {
  for (const bad of ['', '10/10 w', '11/10/10/10/10/10/10/10/10/10 w', '3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q4 w', '3x6/10/10/10/10/10/10/10/10/10 w']) {
    assert.equal(parseFen(bad), null, bad);
  }
  assert.equal(parseFen('10/10/10/10/10/10/10/10/10/9q b')?.turn, 'black');
});

test('a board is written as the FEN the server writes (the half-move clock as 0)', () => {
  assert.equal(formatFen(/** @type {any} */ (parseFen(START_FEN))), START_FEN);
  const after = '3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1';
  assert.equal(formatFen(/** @type {any} */ (parseFen(after))), '3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 0 1');
  const full = `${'*'.repeat(10)}/${'10/'.repeat(8)}q8Q w - - 0 40`;
  assert.equal(formatFen(/** @type {any} */ (parseFen(full))), full, 'a full rank and both edges');
});
