import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMove, moveRows, opponent, parseCanonical, parseSquare, squareName } from '../assets/js/notation.js';

test('square names follow the server numbering (a1 = 0, j1 = 9, a2 = 10, j10 = 99)', () => {
  assert.equal(squareName(0), 'a1');
  assert.equal(squareName(9), 'j1');
  assert.equal(squareName(10), 'a2');
  assert.equal(squareName(99), 'j10');
  for (let i = 0; i < 100; i++) assert.equal(parseSquare(squareName(i)), i);
  assert.equal(parseSquare('D7'), 63);
  for (const bad of ['', 'k1', 'a0', 'a11', 'a01', '1a']) assert.equal(parseSquare(bad), null, bad);
});

test('canonical moves round-trip; other notations are for the server to read', () => {
  const move = parseCanonical('d1-d7/g7');
  assert.deepEqual(move, { from: 3, to: 63, arrow: 66 });
  assert.equal(formatMove(/** @type {any} */ (move)), 'd1-d7/g7');
  assert.equal(parseCanonical('j10-a1/b2')?.from, 99);
  for (const other of ['d1 d7 g7', 'd1d7,d7g7', 'd1-d7-g7', 'd1-d7/k7']) assert.equal(parseCanonical(other), null, other);
});

test('move rows are numbered by full move', () => {
  const rows = moveRows(['d1-d7/g7', 'a7-b7/c7', 'g1-g2/g3']);
  assert.deepEqual(rows, [
    { number: 1, white: { text: 'd1-d7/g7', ply: 0 }, black: { text: 'a7-b7/c7', ply: 1 } },
    { number: 2, white: { text: 'g1-g2/g3', ply: 2 }, black: null },
  ]);
  const fromBlack = moveRows(['a7-b7/c7', 'd1-d7/g7'], 'black', 5);
  assert.deepEqual(fromBlack[0], { number: 5, white: null, black: { text: 'a7-b7/c7', ply: 0 } });
  assert.equal(fromBlack[1].number, 6);
  assert.equal(opponent('white'), 'black');
});
