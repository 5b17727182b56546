import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { START_FEN, parseFen } from '../assets/js/fen.js';
import { decodeLegalMoves } from '../assets/js/legal.js';
import {
  NOTHING_PICKED, back, confirmed, cursorStart, nextQueen, pick, previewBoard, prompt, squareLabel, targetKind, targets,
} from '../assets/js/moves.js';
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

test('a square is named with what is on it and, while a move is built, whether it may be picked', () => {
  const board = parseFen(START_FEN);
  assert.ok(board);
  assert.equal(targetKind(NOTHING_PICKED), 'queen');
  assert.equal(squareLabel(sq('d1'), board.cells[sq('d1')], null), 'd1, white queen');
  assert.equal(squareLabel(sq('d10'), board.cells[sq('d10')], null), 'd10, black queen');
  assert.equal(squareLabel(sq('e5'), board.cells[sq('e5')], null), 'e5, empty');
  assert.equal(squareLabel(sq('d1'), board.cells[sq('d1')], 'queen'), 'd1, white queen, can move');
  const queenPicked = picks(['d1']).building;
  assert.equal(targetKind(queenPicked), 'destination');
  assert.ok(targets(legal, queenPicked).has(sq('d7')));
  assert.equal(squareLabel(sq('d7'), null, targetKind(queenPicked)), 'd7, empty, legal destination');
  const destinationPicked = picks(['d1', 'd7']).building;
  assert.equal(targetKind(destinationPicked), 'arrow');
  assert.equal(squareLabel(sq('g7'), null, targetKind(destinationPicked)), 'g7, empty, legal arrow square');
  assert.equal(squareLabel(sq('f6'), '*', null), 'f6, arrow');
  // With the territory view shown, an empty square says who reaches it first.
  assert.equal(squareLabel(sq('e5'), null, null, 'white'), 'e5, empty, reached first by White');
  assert.equal(squareLabel(sq('e5'), null, null, 'black'), 'e5, empty, reached first by Black');
  assert.equal(squareLabel(sq('e5'), null, null, 'tie'), 'e5, empty, contested');
  assert.equal(squareLabel(sq('e5'), null, null, 'none'), 'e5, empty, reached by neither');
  assert.equal(squareLabel(sq('d7'), null, 'destination', 'black'), 'd7, empty, reached first by Black, legal destination');
  assert.equal(squareLabel(sq('f6'), '*', null, 'arrow'), 'f6, arrow', 'an arrow owns nothing');
  assert.equal(targetKind(picks(['d1', 'd7', 'g7'], true).building), null, 'nothing to pick while the move waits for send');
});

test('a turn starts with the cursor on one of the player\'s movable queens, the nearest one', () => {
  const white = new Set(legal.keys());
  assert.equal(cursorStart(sq('d1'), white), sq('d1'), 'already on a movable queen: kept');
  assert.equal(cursorStart(sq('e2'), white), sq('d1'));
  assert.equal(cursorStart(sq('j9'), white), sq('j4'));
  // Black's movable queens at the start; the board's first cursor is d1.
  const black = new Set(['a7', 'j7', 'd10', 'g10'].map(sq));
  assert.ok(black.has(cursorStart(sq('d1'), black)), 'a queen of black\'s');
  assert.equal(cursorStart(sq('d1'), black), sq('a7'), 'the nearest (a7 and d10 are as near: the first in square order)');
  assert.equal(cursorStart(sq('d1'), new Set()), sq('d1'), 'nothing to move: the cursor stays');
});

test('Tab and Shift-Tab go from queen to queen in square order, and past the last one leave the board', () => {
  const white = new Set(legal.keys());
  assert.equal(nextQueen(white, sq('d1'), true), sq('g1'));
  assert.equal(nextQueen(white, sq('g1'), true), sq('a4'));
  assert.equal(nextQueen(white, sq('a4'), true), sq('j4'));
  assert.equal(nextQueen(white, sq('j4'), true), null, 'past the last queen: out of the board');
  assert.equal(nextQueen(white, sq('j4'), false), sq('a4'));
  assert.equal(nextQueen(white, sq('d1'), false), null, 'before the first queen: out of the board');
  assert.equal(nextQueen(white, sq('e3'), true), sq('a4'), 'from an empty square, the next queen after it');
  assert.equal(nextQueen(new Set(), sq('e5'), true), null);
});
