import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLOT_BOX, niceStep, plotBox, ratingPlot } from '../assets/js/plot.js';

const box = PLOT_BOX;
const bottom = box.height - box.bottom;
const right = box.width - box.right;

/**
 * A history of ratings, a day apart.
 * @param {number[]} ratings
 * @param {number} [deviation]
 */
function history(ratings, deviation = 50) {
  return ratings.map((rating, i) => ({ at_ms: 1_764_374_400_000 + i * 86_400_000, rating, deviation }));
}

test('round steps for the axes', () => {
  assert.equal(niceStep(100, 5), 20);
  assert.equal(niceStep(188, 5), 50);
  assert.equal(niceStep(1000, 5), 200);
  assert.equal(niceStep(9, 6), 2);
  assert.equal(niceStep(60, 5), 20, '12 rounds up to 20');
  assert.equal(niceStep(0, 5), 1);
});

test('no rated game, no plot', () => {
  assert.equal(ratingPlot([]), null);
});

test('the points span the plot left to right, higher ratings higher up, inside the y axis\'s round ticks', () => {
  const plot = ratingPlot(history([1500, 1688, 1600, 1450]));
  assert.ok(plot);
  const xs = plot.points.map((p) => p.x);
  assert.equal(xs[0], box.left);
  assert.equal(xs[3], right);
  assert.ok(xs[1] < xs[2], 'oldest first');
  const ys = plot.points.map((p) => p.y);
  assert.ok(ys[1] < ys[2] && ys[2] < ys[0] && ys[0] < ys[3], 'from the top: 1688, 1600, 1500, 1450');
  assert.deepEqual(plot.domain, { low: 1400, high: 1700 });
  assert.deepEqual(plot.yTicks.map((t) => t.label), ['1400', '1500', '1600', '1700']);
  assert.ok(Math.max(...ys) < bottom && Math.min(...ys) > box.top, 'no point on the edge');
  assert.equal(plot.yTicks[0].at, bottom, 'the lowest tick on the x axis');
  assert.equal(plot.yTicks.at(-1)?.at, box.top);
  for (const p of plot.points) assert.ok(p.y >= box.top && p.y <= bottom, `${p.y} inside`);
  assert.match(plot.line, /^M60 /);
  assert.equal(plot.line.split('L').length, 4);
  assert.deepEqual(plot.xTicks.map((t) => t.label), ['1', '2', '3', '4']);
  assert.match(plot.points[1].label, /^game 2, .*: 1688 ± 50$/);
});

test('the deviation band is clamped to the plot, a flat history still spans 100 points, a single game sits in the middle', () => {
  const plot = ratingPlot(history([1500, 1500], 350));
  assert.ok(plot);
  assert.deepEqual(plot.domain, { low: 1425, high: 1575 });
  const numbers = plot.band.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  for (let i = 1; i < numbers.length; i += 2) assert.ok(numbers[i] >= box.top && numbers[i] <= bottom, `band y ${numbers[i]}`);
  const one = ratingPlot(history([1523]));
  assert.ok(one);
  assert.equal(one.points[0].x, box.left + (right - box.left) / 2);
  assert.deepEqual(one.xTicks.map((t) => t.label), ['1']);
  assert.match(one.description, /^1 rated game from .*: rating 1523 after the first, 1523 ± 50 now/);
});

test('many games: a few round game-number ticks, the first and the last always', () => {
  const plot = ratingPlot(history(Array.from({ length: 137 }, (_, i) => 1500 + (i % 7) * 10)));
  assert.ok(plot);
  const labels = plot.xTicks.map((t) => Number(t.label));
  assert.equal(labels[0], 1);
  assert.equal(labels.at(-1), 137);
  assert.ok(labels.length <= 9, `${labels}`);
  assert.ok(labels.slice(1, -1).every((n) => n % 25 === 0), `${labels}`);
  assert.match(plot.description, /^137 rated games from/);
});

test('the box is as wide as the plot is shown, within bounds, and lower on a narrow screen', () => {
  assert.deepEqual([plotBox(360).width, plotBox(360).height], [360, 240]);
  assert.deepEqual([plotBox(900.4).width, plotBox(900.4).height], [900, 300]);
  assert.equal(plotBox(0).width, 280, 'never too narrow to draw');
  assert.equal(plotBox(5000).width, 1000);
  const plot = ratingPlot(history([1500, 1600]), plotBox(360));
  assert.equal(plot?.points[1].x, 360 - PLOT_BOX.right);
});
