// Time controls as the protocol writes them, the lobby's presets, and the
// short text people use (`5+3`: five minutes, three seconds a move).

/** @typedef {import('./wire.js').TimeControl} TimeControl */
/** @typedef {Extract<TimeControl, {kind: 'fischer'}>} Fischer */
/** @typedef {import('./limits.js').Limits} Limits */

import { t } from './i18n.js';

/** @type {TimeControl} */
export const UNTIMED = Object.freeze({ kind: 'untimed' });

/**
 * Fischer clocks from minutes and seconds.
 * @param {number} minutes
 * @param {number} incrementSeconds
 * @returns {Fischer}
 */
export function fischer(minutes, incrementSeconds) {
  return { kind: 'fischer', initial_ms: Math.round(minutes * 60_000), increment_ms: Math.round(incrementSeconds * 1000) };
}

/** The lobby's one-click choices. @type {{label: string, timeControl: TimeControl}[]} */
export const PRESETS = [
  { label: '3+2', timeControl: fischer(3, 2) },
  { label: '5+3', timeControl: fischer(5, 3) },
  { label: '10+5', timeControl: fischer(10, 5) },
  { label: '15+10', timeControl: fischer(15, 10) },
  { label: 'untimed', timeControl: UNTIMED },
];

/**
 * A number of milliseconds in a unit, for people: `1440` (minutes), `0.5`.
 * @param {number} ms
 * @param {number} unitMs
 * @returns {string}
 */
function inUnits(ms, unitMs) {
  return String(Math.round((ms / unitMs) * 100) / 100);
}

/**
 * Reads a custom time control: `M+S` (minutes, may have a decimal point;
 * seconds added per move) or `untimed`, within the server's bounds. Returns
 * an error text otherwise.
 * @param {string} text
 * @param {Limits} limits the longest starting time and increment the server takes
 * @returns {{timeControl: TimeControl} | {error: string}}
 */
export function parseTimeControl(text, limits) {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'untimed' || trimmed === '-' || trimmed === t('clock-untimed')) return { timeControl: UNTIMED };
  const match = /^(\d+(?:\.\d+)?)\s*\+\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (!match) return { error: t('time-custom-unreadable') };
  const timeControl = fischer(Number(match[1]), Number(match[2]));
  if (timeControl.initial_ms <= 0 || timeControl.initial_ms > limits.max_initial_ms) {
    return { error: t('time-custom-minutes', { max: inUnits(limits.max_initial_ms, 60_000) }) };
  }
  if (timeControl.increment_ms > limits.max_increment_ms) {
    return { error: t('time-custom-increment', { max: inUnits(limits.max_increment_ms, 1000) }) };
  }
  return { timeControl };
}

/**
 * A time control in words, for a tooltip: "5 minutes each, plus 3 seconds a move".
 * @param {TimeControl} timeControl
 * @returns {string}
 */
export function longTimeControl(timeControl) {
  const words = /** @type {(timeControl: TimeControl) => string} */ (LONG_WORDS[timeControl.kind]);
  return words(timeControl);
}

/**
 * Each kind of clock in words (common.ftl's `clock-<kind>`, the terminal's
 * words too). Keyed by TimeControlKind, generated from the Rust declaration:
 * a kind the Rust code gains is missing here until handled (`tsc` says so).
 * @type {{[K in import('./vocabulary.js').TimeControlKind]: (timeControl: Extract<TimeControl, {kind: K}>) => string}}
 */
const LONG_WORDS = {
  untimed: () => t('clock-untimed'),
  fischer: (fischer) => t('clock-fischer', { minutes: Number(inUnits(fischer.initial_ms, 60_000)), seconds: Number(inUnits(fischer.increment_ms, 1000)) }),
};

/**
 * The short text of a time control: `5+3`, `0.5+0`, `untimed`.
 * @param {TimeControl} timeControl
 * @returns {string}
 */
export function describeTimeControl(timeControl) {
  if (timeControl.kind !== 'fischer') return t('clock-untimed');
  return `${inUnits(timeControl.initial_ms, 60_000)}+${inUnits(timeControl.increment_ms, 1000)}`;
}
