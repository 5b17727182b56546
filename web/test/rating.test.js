import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatChange, formatDelta, formatRating, formatRatingWithDeviation, ratedByDefault, ratedWord, seatLabel,
} from '../assets/js/rating.js';
import { fischer, UNTIMED } from '../assets/js/timecontrol.js';

const provisional = { rating: 1500, deviation: 500, provisional: true };
const settled = { rating: 1523, deviation: 45, provisional: false };

test('a rating is its number, with a question mark while provisional, and its deviation on the leaderboard', () => {
  assert.equal(formatRating(settled), '1523');
  assert.equal(formatRating(provisional), '1500?');
  assert.equal(formatRatingWithDeviation(settled), '1523 ± 45');
  assert.equal(formatRatingWithDeviation(provisional), '1500? ± 500');
});

test("a game's change shows both ratings and the signed difference", () => {
  assert.equal(formatChange({ before: provisional, after: { rating: 1688, deviation: 300, provisional: true } }), '1500? → 1688? (+188)');
  assert.equal(formatChange({ before: settled, after: { ...settled, rating: 1516 } }), '1523 → 1516 (-7)');
  assert.equal(formatDelta(0), '+0');
  assert.equal(formatDelta(-12), '-12');
});

test('a seat shows its rating beside the name, a guest only the name', () => {
  assert.equal(seatLabel({ name: 'ann', kind: 'human', connected: true, rating: { ...settled, provisional: true } }), 'ann 1523?');
  assert.equal(seatLabel({ name: 'bob', kind: 'human', connected: true }), 'bob');
});

test('timed games are rated by default and untimed ones casual, as the server decides an absent `rated`', () => {
  assert.equal(ratedByDefault(fischer(5, 3)), true);
  assert.equal(ratedByDefault(UNTIMED), false);
  assert.equal(ratedWord(true), 'rated');
  assert.equal(ratedWord(false), 'casual');
  assert.equal(ratedWord(undefined), 'casual', 'an older server says nothing: casual');
});
