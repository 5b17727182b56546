// Ratings as the page writes them, everywhere alike: `1523` or `1523?`
// while provisional (as lichess marks it), `1523? ± 240` on the leaderboard,
// a game's change `1500? → 1688? (+188)`, and a seat's `ann 1523?`. Also
// whether a new match is rated by default, as the server decides it.

import { t } from './i18n.js';

/** @typedef {import('./wire.js').Rating} Rating */
/** @typedef {import('./wire.js').RatingChange} RatingChange */
/** @typedef {import('./wire.js').SeatInfo} SeatInfo */
/** @typedef {import('./wire.js').TimeControl} TimeControl */

/**
 * `1523`, or `1523?` when provisional.
 * @param {Rating} rating
 * @returns {string}
 */
export function formatRating(rating) {
  return `${rating.rating}${rating.provisional ? '?' : ''}`;
}

/**
 * `1523 ± 45`: the rating with its deviation.
 * @param {Rating} rating
 * @returns {string}
 */
export function formatRatingWithDeviation(rating) {
  return `${formatRating(rating)} ± ${rating.deviation}`;
}

/**
 * A change in points with its sign: `+188`, `-7`, `+0`.
 * @param {number} delta
 * @returns {string}
 */
export function formatDelta(delta) {
  return delta < 0 ? `-${-delta}` : `+${delta}`;
}

/**
 * What a rated game did: `1500? → 1688? (+188)`.
 * @param {RatingChange} change
 * @returns {string}
 */
export function formatChange(change) {
  return `${formatRating(change.before)} → ${formatRating(change.after)} (${formatDelta(change.after.rating - change.before.rating)})`;
}

/**
 * A seated player with their rating when they have one: `ann 1523?`, or
 * `ann` for a guest.
 * @param {SeatInfo} seat
 * @returns {string}
 */
export function seatLabel(seat) {
  return seat.rating ? `${seat.name} ${formatRating(seat.rating)}` : seat.name;
}

/**
 * Whether a match with this clock is rated when nothing is chosen (the
 * server's rule for an absent `create_match.rated`): timed games are,
 * untimed ones casual (and the lobby offers no rated untimed game).
 * @param {TimeControl} timeControl
 * @returns {boolean}
 */
export function ratedByDefault(timeControl) {
  return timeControl.kind !== 'untimed';
}

/**
 * `rated` or `casual`, as the lobby and the game say it.
 * @param {boolean | undefined} rated absent from older servers: casual
 * @returns {string}
 */
export function ratedWord(rated) {
  return rated ? t('rated') : t('casual');
}
