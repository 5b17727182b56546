// Time controls as the protocol writes them, the lobby's presets, and the
// short text people use (`5+3`: five minutes, three seconds a move).

/**
 * @typedef {{kind: 'untimed'} | {kind: 'fischer', initial_ms: number, increment_ms: number}} TimeControl
 */

/** @type {TimeControl} */
export const UNTIMED = Object.freeze({ kind: 'untimed' });

/**
 * Fischer clocks from minutes and seconds.
 * @param {number} minutes
 * @param {number} incrementSeconds
 * @returns {TimeControl}
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

/** The longest starting time accepted from the custom box (3 hours). */
export const MAX_MINUTES = 180;

/** The largest increment accepted from the custom box (3 minutes). */
export const MAX_INCREMENT_SECONDS = 180;

/**
 * Reads a custom time control: `M+S` (minutes, may have a decimal point;
 * seconds added per move) or `untimed`. Returns an error text otherwise.
 * @param {string} text
 * @returns {{timeControl: TimeControl} | {error: string}}
 */
export function parseTimeControl(text) {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'untimed' || trimmed === '-') return { timeControl: UNTIMED };
  const match = /^(\d+(?:\.\d+)?)\s*\+\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (!match) return { error: 'write minutes+seconds, e.g. 5+3, or "untimed"' };
  const minutes = Number(match[1]);
  const increment = Number(match[2]);
  if (minutes <= 0 || minutes > MAX_MINUTES) return { error: `minutes must be above 0 and at most ${MAX_MINUTES}` };
  if (increment > MAX_INCREMENT_SECONDS) return { error: `the increment is at most ${MAX_INCREMENT_SECONDS} seconds` };
  return { timeControl: fischer(minutes, increment) };
}

/**
 * The short text of a time control: `5+3`, `0.5+0`, `untimed`.
 * @param {TimeControl} timeControl
 * @returns {string}
 */
export function describeTimeControl(timeControl) {
  if (timeControl.kind !== 'fischer') return 'untimed';
  const minutes = Math.round((timeControl.initial_ms / 60_000) * 100) / 100;
  const seconds = Math.round((timeControl.increment_ms / 1000) * 100) / 100;
  return `${minutes}+${seconds}`;
}
