import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { START_FEN, parseFen } from '../assets/js/fen.js';
import { decodeLegalMoves } from '../assets/js/legal.js';
import { NOTHING_PICKED, back, confirmed, pick, previewBoard, prompt, targets } from '../assets/js/moves.js';
import { parseSquare } from '../assets/js/notation.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));
const legal = decodeLegalMoves(fixture.start);

/** @param {string} name */
const sq = (name) => /** @type {number} */ (parseSquare(name));

/**
 * Picks squares in turn; returns the last result.
 * @param {string[]} names
 * @param {boolean} [confirmStep]
 */
function picks(names, confirmStep = false) {
  let building = NOTHING_PICKED;
  /** @type {ReturnType<typeof pick> | null} */
  let result = null;
  for (const name of names) {
    result = pick(legal, building, sq(name), confirmStep);
    building = result.building;
  }
  return /** @type {ReturnType<typeof pick>} */ (result);
}

test('three clicks make a move, each step offering only what the server listed', () => {
  assert.deepEqual([...targets(legal, NOTHING_PICKED)].sort((a, b) => a - b), ['d1', 'g1', 'a4', 'j4'].map(sq));
  const queen = picks(['d1']);
  assert.equal(queen.building.stage, 'destination');
  assert.ok(targets(legal, queen.building).has(sq('d7')));
  assert.ok(!targets(legal, queen.building).has(sq('d10')));
  const destination = picks(['d1', 'd7']);
  assert.equal(destination.building.stage, 'arrow');
  assert.ok(targets(legal, destination.building).has(sq('d1')), 'the vacated square is offered for the arrow');
  const done = picks(['d1', 'd7', 'g7']);
  assert.deepEqual(done.move, { from: sq('d1'), to: sq('d7'), arrow: sq('g7') });
  assert.equal(done.building, NOTHING_PICKED);
});

test('clicking the picked queen steps back; another own queen switches', () => {
  assert.equal(picks(['d1', 'd1']).building, NOTHING_PICKED);
  assert.deepEqual(picks(['d1', 'g1']).building, { stage: 'destination', from: sq('g1'), to: null, arrow: null });
  assert.deepEqual(picks(['d1', 'd7', 'd7']).building, { stage: 'destination', from: sq('d1'), to: null, arrow: null });
  assert.deepEqual(picks(['d1', 'd7', 'a4']).building, { stage: 'destination', from: sq('a4'), to: null, arrow: null });
});

test('refused picks keep the state and say why', () => {
  const notQueen = picks(['e5']);
  assert.equal(notQueen.building, NOTHING_PICKED);
  assert.equal(notQueen.refused, 'e5 is not one of your queens that can move');
  assert.equal(picks(['a7']).refused, 'a7 is not one of your queens that can move');
  assert.equal(picks(['d1', 'e3']).refused, 'the queen on d1 cannot move to e3');
  assert.equal(picks(['d1', 'd7', 'd10']).refused, 'the queen on d7 cannot shoot at d10');
  assert.equal(pick(null, NOTHING_PICKED, sq('d1'), false).refused, 'it is not your move');
});

test('with the confirm step the move waits for send; back steps one stage at a time', () => {
  const waiting = picks(['d1', 'd7', 'g7'], true);
  assert.equal(waiting.move, null);
  assert.equal(waiting.building.stage, 'confirm');
  assert.deepEqual(confirmed(waiting.building), { from: sq('d1'), to: sq('d7'), arrow: sq('g7') });
  assert.equal(pick(legal, waiting.building, sq('a4'), true).refused, 'send or cancel the move first');
  const arrowAgain = back(waiting.building);
  assert.equal(arrowAgain.stage, 'arrow');
  assert.equal(confirmed(arrowAgain), null);
  assert.equal(back(arrowAgain).stage, 'destination');
  assert.equal(back(back(arrowAgain)), NOTHING_PICKED);
  assert.equal(prompt(NOTHING_PICKED), 'pick a queen');
  assert.equal(prompt(arrowAgain), 'queen to d7: pick the arrow square');
});

test('while the arrow is picked the queen is drawn on its destination', () => {
  const board = /** @type {import('../assets/js/fen.js').Board} */ (parseFen(START_FEN));
  const arrowStep = picks(['d1', 'd7']).building;
  const preview = previewBoard(board, arrowStep);
  assert.equal(preview.cells[sq('d1')], null);
  assert.equal(preview.cells[sq('d7')], 'Q');
  assert.equal(board.cells[sq('d1')], 'Q', 'the server board is untouched');
  const confirming = previewBoard(board, picks(['d1', 'd7', 'g7'], true).building);
  assert.equal(confirming.cells[sq('g7')], '*');
  assert.equal(previewBoard(board, NOTHING_PICKED), board);
});
