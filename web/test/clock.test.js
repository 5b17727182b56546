import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, formatDuration, isLowTime, remainingMs } from '../assets/js/clock.js';

test('only the running clock counts down, from when the server values arrived', () => {
  const clocks = { white_ms: 60_000, black_ms: 30_000, running: /** @type {const} */ ('white') };
  assert.equal(remainingMs(clocks, 1000, 1000, 'white'), 60_000);
  assert.equal(remainingMs(clocks, 1000, 4500, 'white'), 56_500);
  assert.equal(remainingMs(clocks, 1000, 4500, 'black'), 30_000);
  assert.equal(remainingMs(clocks, 1000, 999_999, 'white'), 0, 'never below zero: the server decides the flag');
  assert.equal(remainingMs({ ...clocks, running: null }, 0, 10_000, 'white'), 60_000);
});

test('clock text shows tenths under ten seconds and hours when there are any', () => {
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(65_999), '1:05');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_999), '0:09.9');
  assert.equal(formatClock(1_050), '0:01.0');
  assert.equal(formatClock(0), '0:00.0');
  assert.equal(formatClock(-5), '0:00.0');
  assert.equal(formatClock(3_723_000), '1:02:03');
  assert.ok(isLowTime(19_999) && !isLowTime(20_000));
  assert.equal(formatDuration(4_150), '4.1 s');
  assert.equal(formatDuration(65_000), '1:05');
});
