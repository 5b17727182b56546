// Reconnect delays: exponential with jitter, so that after a server restart
// the clients of a whole LAN do not all knock at the same instant.

/** The first delay, in milliseconds (before jitter). */
export const BASE_DELAY_MS = 500;

/** The longest delay, in milliseconds. */
export const MAX_DELAY_MS = 15_000;

/**
 * The delay before reconnect attempt `attempt` (0 for the first): the
 * exponential step, capped, scaled by a random factor in [0.5, 1).
 * @param {number} attempt
 * @param {() => number} random a number in [0, 1), e.g. Math.random
 * @returns {number} milliseconds
 */
export function reconnectDelay(attempt, random) {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 30));
  return Math.round(step * (0.5 + random() / 2));
}
