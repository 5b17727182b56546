// Clocks as the page shows them: the server's remaining times, counted down
// from when they arrived with performance.now(), never by counting timer
// ticks (background tabs throttle timers). The server alone decides a flag.

import { t } from './i18n.js';

/** @typedef {import('./wire.js').Side} Side */

/** @typedef {import('./wire.js').Clocks} Clocks */

/** Under this much time a clock is shown in the low-time style. */
export const LOW_TIME_MS = 20_000;

/** Under this much time tenths of a second are shown. */
export const TENTHS_BELOW_MS = 10_000;

/**
 * A side's remaining time now.
 * @param {Clocks} clocks as the server sent them
 * @param {number} receivedAt performance.now() when they arrived
 * @param {number} now performance.now()
 * @param {Side} side
 * @returns {number} milliseconds, never below 0
 */
export function remainingMs(clocks, receivedAt, now, side) {
  const sent = side === 'white' ? clocks.white_ms : clocks.black_ms;
  const elapsed = clocks.running === side ? Math.max(0, now - receivedAt) : 0;
  return Math.max(0, sent - elapsed);
}

/**
 * Clock text: `1:02:03`, `4:05`, or `0:09.3` under ten seconds. Rounds down,
 * so a clock never shows time that is already gone.
 * @param {number} ms
 * @returns {string}
 */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < TENTHS_BELOW_MS) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`;
  return `${minutes}:${seconds}`;
}

/**
 * Whether a clock is in the low-time style.
 * @param {number} ms
 * @returns {boolean}
 */
export function isLowTime(ms) {
  return ms < LOW_TIME_MS;
}

/**
 * A duration for move lists and replays: `4.1 s`, `1:05`.
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  if (ms < 60_000) return t('duration-seconds', { seconds: (Math.floor(ms / 100) / 10).toFixed(1) });
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
