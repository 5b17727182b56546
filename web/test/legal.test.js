import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeLegalMoves, isListed, maskToSquares } from '../assets/js/legal.js';

/**
 * How many moves a decoded map holds.
 * @param {import('../assets/js/legal.js').LegalMap} legal
 */
function countMoves(legal) {
  let count = 0;
  for (const byDestination of legal.values()) for (const arrows of byDestination.values()) count += arrows.size;
  return count;
}
import { parseSquare } from '../assets/js/notation.js';
import { serverExample } from './protocol.js';

// Made by amazons-protocol's LegalMoves::of_position (the server's own encoder).
const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));

/** @param {string} name */
const sq = (name) => /** @type {number} */ (parseSquare(name));

test('masks use the documented bit order', () => {
  assert.deepEqual(maskToSquares('0000000000000000000000402'), [sq('b1'), sq('a2')]);
  assert.deepEqual(maskToSquares('8000000000000000000000001'), [0, 99]);
  assert.equal(maskToSquares('f'.repeat(25)).length, 100);
  assert.deepEqual(maskToSquares('0'.repeat(25)), []);
});

test('anything but 25 lowercase hex digits is refused', () => {
  for (const bad of ['', '0'.repeat(24), '0'.repeat(26), '000000000000000000000000A', '00000000000000000000000g0']) {
    assert.throws(() => maskToSquares(bad), bad);
  }
  assert.throws(() => decodeLegalMoves({ k1: { d2: '0'.repeat(25) } }));
  assert.throws(() => decodeLegalMoves({ d1: { d2: '1' } }));
});

test('the documented example decodes to its two moves per destination', () => {
  const legal = decodeLegalMoves(serverExample('legal_moves').moves);
  assert.deepEqual([...(legal.get(sq('a1'))?.keys() ?? [])], [sq('a2'), sq('b2')]);
  assert.equal(countMoves(legal), 4);
  assert.ok(isListed(legal, { from: sq('a1'), to: sq('a2'), arrow: sq('b2') }));
  assert.ok(!isListed(legal, { from: sq('a1'), to: sq('a2'), arrow: sq('a2') }));
});

test('the server encoding of the start and of the position after d1-d7/g7 count right', () => {
  const start = decodeLegalMoves(fixture.start);
  assert.equal(countMoves(start), 2176);
  assert.equal(countMoves(start), fixture.start_count);
  assert.deepEqual([...start.keys()].sort((a, b) => a - b), ['d1', 'g1', 'a4', 'j4'].map(sq));
  assert.ok(isListed(start, { from: sq('d1'), to: sq('d7'), arrow: sq('g7') }));
  assert.ok(isListed(start, { from: sq('d1'), to: sq('d7'), arrow: sq('d1') }), 'the vacated square is a target');
  assert.ok(!isListed(start, { from: sq('d1'), to: sq('d10'), arrow: sq('d9') }), 'd10 holds a queen');
  const after = decodeLegalMoves(fixture.after_d1d7g7);
  assert.equal(countMoves(after), fixture.after_count);
});
