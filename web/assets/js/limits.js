// The server's bounds as the page uses them: the longest custom time
// control the lobby accepts, and until when Abort is offered. The server
// says them in `welcome.limits`; with a server that does not (older ones)
// the page keeps to FALLBACK_LIMITS, the server's defaults, written here
// and nowhere else. The name's length is not here: the name is typed before
// the page is connected, so the server's `bad_name` answers it.

/** @typedef {import('./wire.js').WelcomeMessage} WelcomeMessage */

/**
 * The bounds the page uses.
 * @typedef {Pick<import('./wire.js').Limits, 'max_initial_ms' | 'max_increment_ms' | 'abort_before_ply'>} Limits
 */

/**
 * The server's defaults (core's longest clock, 24 h + 1 h; abort before
 * both sides have moved), for servers that do not send `limits`.
 * @type {Readonly<Limits>}
 */
export const FALLBACK_LIMITS = Object.freeze({ max_initial_ms: 86_400_000, max_increment_ms: 3_600_000, abort_before_ply: 2 });

/**
 * The bounds a `welcome` gives, field by field: the server's when it says a
 * whole number for it, the fallback's otherwise.
 * @param {WelcomeMessage} welcome
 * @returns {Limits}
 */
export function limitsOf(welcome) {
  /** @type {Partial<Record<keyof Limits, unknown>>} */
  const given = welcome.limits ?? {};
  /** @param {keyof Limits} field */
  const read = (field) => {
    const value = given[field];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : FALLBACK_LIMITS[field];
  };
  return { max_initial_ms: read('max_initial_ms'), max_increment_ms: read('max_increment_ms'), abort_before_ply: read('abort_before_ply') };
}
