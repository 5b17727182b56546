// The geometry of a player's rating plot, apart from the DOM: where each
// rated game's rating lands in the picture, the deviation band around the
// line, the axes' ticks, and the words a screen reader gets instead of the
// picture. ui/plot.js draws it in SVG.

import { formatDay } from './leaderboard.js';
import { t } from './i18n.js';

/** @typedef {import('./wire.js').RatingPoint} RatingPoint */

/**
 * The picture's size (its viewBox, in SVG units) and the margins left for
 * the axes' labels.
 * @typedef {{width: number, height: number, left: number, right: number, top: number, bottom: number}} PlotBox
 */

/** The plot's box when nothing says how wide it is shown. @type {PlotBox} */
export const PLOT_BOX = Object.freeze({ width: 640, height: 300, left: 60, right: 16, top: 16, bottom: 52 });

/**
 * The box for a plot shown `width` CSS pixels wide, one unit a pixel, so its
 * labels are as large on a phone as on a laptop: lower on a narrow screen.
 * @param {number} width
 * @returns {PlotBox}
 */
export function plotBox(width) {
  const shown = Math.round(Math.min(1000, Math.max(280, width)));
  return { ...PLOT_BOX, width: shown, height: shown < 520 ? 240 : 300 };
}

/** The smallest span of ratings shown, so a few points' line is not all noise. */
const MIN_SPAN = 100;

/**
 * A point of the plot: where it is and what it says.
 * @typedef {{x: number, y: number, label: string}} PlotPoint
 */

/**
 * A tick of an axis: where, and its label.
 * @typedef {{at: number, label: string}} Tick
 */

/**
 * Everything the plot draws.
 * @typedef {object} Plot
 * @property {PlotBox} box
 * @property {PlotPoint[]} points one per rated game, oldest first
 * @property {string} line the path through the points
 * @property {string} band the path of the rating ± deviation band, clamped to the plot
 * @property {Tick[]} yTicks ratings, at their y
 * @property {Tick[]} xTicks game numbers, at their x
 * @property {{low: number, high: number}} domain the ratings the y axis spans
 * @property {string} description what the plot shows, in words
 */

/**
 * A round step for an axis: 1, 2, 2.5 or 5 times a power of ten, the
 * smallest that cuts `span` into at most `parts` parts.
 * @param {number} span
 * @param {number} parts
 * @returns {number}
 */
export function niceStep(span, parts) {
  if (!(span > 0)) return 1;
  const rough = span / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (factor * power >= rough) return factor * power;
  }
  return 10 * power;
}

/**
 * A number for an SVG attribute: two decimals at most.
 * @param {number} value
 * @returns {string}
 */
function num(value) {
  return String(Math.round(value * 100) / 100);
}

/**
 * The plot of a player's ratings after each rated game, or null when they
 * have none. The x axis counts rated games (1 to n, evenly spaced); the y
 * axis spans the ratings, at least {@link MIN_SPAN} points, with a little
 * room, widened to round ticks.
 * @param {RatingPoint[]} history oldest first
 * @param {PlotBox} [box]
 * @returns {Plot | null}
 */
export function ratingPlot(history, box = PLOT_BOX) {
  const n = history.length;
  if (n === 0) return null;
  const ratings = history.map((p) => p.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < MIN_SPAN) {
    const middle = (low + high) / 2;
    low = middle - MIN_SPAN / 2;
    high = middle + MIN_SPAN / 2;
  }
  // A little room above and below, so no point sits on the axis.
  const room = (high - low) * 0.05;
  low -= room;
  high += room;
  const yStep = niceStep(high - low, 5);
  low = Math.floor(low / yStep) * yStep;
  high = Math.ceil(high / yStep) * yStep;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  /** @param {number} index 0-based game */
  const x = (index) => (n === 1 ? box.left + plotWidth / 2 : box.left + (index * plotWidth) / (n - 1));
  /** @param {number} rating */
  const y = (rating) => box.top + ((high - Math.min(high, Math.max(low, rating))) * plotHeight) / (high - low);

  const points = history.map((p, i) => ({
    x: x(i),
    y: y(p.rating),
    label: t('plot-point', { game: i + 1, day: formatDay(p.at_ms), rating: p.rating, deviation: p.deviation }),
  }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ');
  const upper = history.map((p, i) => `${num(x(i))} ${num(y(p.rating + p.deviation))}`);
  const lower = history.map((p, i) => `${num(x(i))} ${num(y(p.rating - p.deviation))}`).reverse();
  // A single game's band is a bar as wide as a dot, so it still shows.
  const band =
    n === 1
      ? `M${num(x(0) - 4)} ${num(y(history[0].rating + history[0].deviation))} h8 V${num(y(history[0].rating - history[0].deviation))} h-8 Z`
      : `M${upper.join(' L')} L${lower.join(' L')} Z`;

  /** @type {Tick[]} */
  const yTicks = [];
  for (let rating = low; rating <= high + yStep / 1000; rating += yStep) {
    yTicks.push({ at: y(rating), label: String(Math.round(rating)) });
  }
  const xStep = Math.max(1, Math.ceil(niceStep(n - 1, 6)));
  const games = new Set([1, n]);
  for (let game = xStep; game < n; game += xStep) games.add(game);
  // A tick too close to the last one's label would overlap it.
  const xTicks = [...games]
    .sort((a, b) => a - b)
    .filter((game) => game === n || game === 1 || n - game >= xStep / 2)
    .map((game) => ({ at: x(game - 1), label: String(game) }));

  const first = history[0];
  const last = history[n - 1];
  const description = t('plot-description', {
    games: n,
    from: formatDay(first.at_ms),
    to: formatDay(last.at_ms),
    first: first.rating,
    last: last.rating,
    deviation: last.deviation,
    lowest: Math.min(...ratings),
    highest: Math.max(...ratings),
  });
  return { box, points, line, band, yTicks, xTicks, domain: { low, high }, description };
}
