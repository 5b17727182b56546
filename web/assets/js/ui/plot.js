// A player's rating history drawn by the page itself in SVG (no library):
// axes with their ticks and names, the rating ± deviation band, the line and
// a dot per rated game, with a title and a description for screen readers.
// The geometry is plot.js's.

import { svg } from './dom.js';
import { t } from '../i18n.js';

/** @typedef {import('../plot.js').Plot} Plot */

/**
 * An SVG text element.
 * @param {string} content
 * @param {import('./dom.js').Attributes} attributes
 * @returns {SVGElement}
 */
function text(content, attributes) {
  const element = svg('text', attributes);
  element.textContent = content;
  return element;
}

/**
 * The plot as an SVG element, scaled to its container's width.
 * @param {Plot} plot
 * @param {string} title what it is, e.g. "Rating history of ann"
 * @param {string} idPrefix makes the title's and description's ids unique on the page
 * @returns {SVGElement}
 */
export function drawRatingPlot(plot, title, idPrefix) {
  const { box } = plot;
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  const root = svg('svg', {
    class: 'rating-plot',
    viewBox: `0 0 ${box.width} ${box.height}`,
    role: 'img',
    'aria-labelledby': titleId,
    'aria-describedby': descId,
    'data-points': plot.points.length,
    'data-width': box.width,
  });
  const titleElement = svg('title', { id: titleId });
  titleElement.textContent = title;
  const desc = svg('desc', { id: descId });
  desc.textContent = plot.description;
  root.append(titleElement, desc);

  const left = box.left;
  const right = box.width - box.right;
  const top = box.top;
  const bottom = box.height - box.bottom;
  const grid = svg('g', { class: 'grid', 'aria-hidden': 'true' });
  for (const tick of plot.yTicks) {
    grid.append(
      svg('line', { x1: left, x2: right, y1: tick.at, y2: tick.at }),
      text(tick.label, { x: left - 8, y: tick.at, class: 'tick y' }),
    );
  }
  for (const tick of plot.xTicks) {
    grid.append(
      svg('line', { x1: tick.at, x2: tick.at, y1: bottom, y2: bottom + 5, class: 'mark' }),
      text(tick.label, { x: tick.at, y: bottom + 18, class: 'tick x' }),
    );
  }
  grid.append(
    svg('line', { x1: left, x2: left, y1: top, y2: bottom, class: 'axis' }),
    svg('line', { x1: left, x2: right, y1: bottom, y2: bottom, class: 'axis' }),
    text(t('plot-axis-games'), { x: (left + right) / 2, y: box.height - 6, class: 'axis-name x' }),
    text(t('rating'), { x: 14, y: (top + bottom) / 2, class: 'axis-name y', transform: `rotate(-90 14 ${(top + bottom) / 2})` }),
  );
  const drawing = svg('g', { class: 'data', 'aria-hidden': 'true' });
  drawing.append(svg('path', { d: plot.band, class: 'band' }), svg('path', { d: plot.line, class: 'line' }));
  // A dot per game while they are few enough to tell apart, each with its
  // words as a tooltip.
  if (plot.points.length <= 100) {
    for (const point of plot.points) {
      const dot = svg('circle', { cx: point.x, cy: point.y, r: 3.5, class: 'dot' });
      const tip = svg('title');
      tip.textContent = point.label;
      dot.append(tip);
      drawing.append(dot);
    }
  }
  root.append(grid, drawing);
  return root;
}
