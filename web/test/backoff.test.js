import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_DELAY_MS, MAX_DELAY_MS, reconnectDelay } from '../assets/js/backoff.js';

test('delays grow exponentially, are capped, and are jittered into [half, whole) of the step', () => {
  assert.equal(reconnectDelay(0, () => 0), BASE_DELAY_MS / 2);
  assert.equal(reconnectDelay(1, () => 0), BASE_DELAY_MS);
  assert.equal(reconnectDelay(3, () => 0.999999), Math.round(BASE_DELAY_MS * 8 * (0.5 + 0.999999 / 2)));
  assert.equal(reconnectDelay(40, () => 0), MAX_DELAY_MS / 2);
  assert.ok(reconnectDelay(1000, () => 0.999999) <= MAX_DELAY_MS);
  const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(4, Math.random)));
  assert.ok(spread.size > 10, 'clients do not all retry at the same instant');
});
