import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { httpExample } from './protocol.js';
import { GRAPH_BOX, classWord, evalText, nextFault, progressText, summaryLine, underWay, verdict, winChanceGraph } from '../assets/js/analysis.js';

/**
 * A fixture shaped as the agreed `GameAnalysis`.
 * @param {string} name
 * @returns {import('../assets/js/wire.js').GameAnalysis}
 */
const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

test('an analysis is followed while queued or running, and its progress said in positions', () => {
  const running = fixture('analysis-running');
  assert.equal(underWay(running), true);
  assert.equal(progressText(running), 'Position 2 of 5');
  assert.equal(underWay({ ...running, status: 'queued' }), true);
  assert.equal(progressText({ ...running, status: 'queued' }), 'Waiting for the engine…');
  assert.equal(underWay(fixture('analysis-done')), false);
  const failed = { ...running, status: /** @type {const} */ ('failed'), error: 'the worker stopped' };
  assert.equal(underWay(failed), false);
  assert.equal(progressText(failed), 'The analysis failed: the worker stopped');
});

test("a position's evaluation: the side favoured and its chance, or the proven result", () => {
  const [start, , third, , last] = fixture('analysis-done').plies;
  assert.equal(evalText(start), 'White 52%');
  assert.equal(evalText({ ...third, win_chance: 0.236 }), 'Black 76%', 'the side favoured, rounded');
  assert.equal(evalText({ ...start, win_chance: 0.5 }), 'White 50%');
  assert.equal(evalText(last), 'White wins in 7 plies');
  assert.equal(evalText({ ...last, proven: { winner: 'black', plies: 1 } }), 'Black wins in 1 ply');
  assert.equal(evalText({ ...last, proven: { winner: 'black', plies: 0 } }), 'Black wins', 'the loser is already stuck');
});

test('the verdict on a move comes from the position before it, with the better move only when it differs', () => {
  const analysis = fixture('analysis-done');
  assert.equal(verdict(analysis, 0), null, 'the start has no move');
  const glyph = (/** @type {string} */ symbol, /** @type {string} */ key, fault = false) => ({ symbol, key, fault });
  assert.deepEqual(verdict(analysis, 1), { played: 'd1-d7/g7', moveClass: 'best', glyph: glyph('!', 'analysis-class-best'), loss: '', best: null, line: [] });
  assert.deepEqual(verdict(analysis, 2), { played: 'a7-b7/b6', moveClass: 'mistake', glyph: glyph('?', 'analysis-class-mistake', true), loss: '−22%', best: 'g10-g7/g3', line: ['g10-g7/g3'] });
  assert.equal(verdict(analysis, 5), null, 'past the last position');
  assert.equal(verdict(fixture('analysis-running'), 3), null, 'a position not analysed yet');
  assert.equal(classWord(glyph('??', 'analysis-class-blunder', true)), 'blunder', 'the word is the glyph key\'s');
});

test('the fault buttons stop at inaccuracies, mistakes and blunders, both ways, and nowhere past the ends', () => {
  const analysis = fixture('analysis-done');
  // The mistake is the move into frame 2, the inaccuracy the one into frame 3.
  assert.equal(nextFault(analysis, 0, 1), 2);
  assert.equal(nextFault(analysis, 2, 1), 3);
  assert.equal(nextFault(analysis, 3, 1), null);
  assert.equal(nextFault(analysis, 4, -1), 3);
  assert.equal(nextFault(analysis, 2, -1), null);
  // The glyph decides, not a list of classes kept here.
  const plies = analysis.plies.map((ply) => (ply.glyph ? { ...ply, glyph: { ...ply.glyph, fault: ply.class === 'good' } } : ply));
  assert.equal(nextFault({ ...analysis, plies }, 0, 1), 4, 'the one glyph marked a fault');
});

test('the summary gives each player accuracy and counts, only once done', () => {
  const analysis = fixture('analysis-done');
  assert.equal(summaryLine(analysis, 'white'), 'White: accuracy 91.5% · 1 inaccuracy, 0 mistakes, 0 blunders');
  assert.equal(summaryLine(analysis, 'black'), 'Black: accuracy 72.3% · 0 inaccuracies, 1 mistake, 0 blunders');
  assert.equal(summaryLine(fixture('analysis-running'), 'white'), null);
});

test("the graph puts White's chance up, spans every position even while running, and labels each point", () => {
  const names = (/** @type {number} */ frame) => `frame ${frame}`;
  const done = winChanceGraph(fixture('analysis-done'), names);
  assert.ok(done);
  const inner = GRAPH_BOX.height - GRAPH_BOX.top - GRAPH_BOX.bottom;
  assert.equal(done.points.length, 5);
  assert.equal(done.points[0].x, GRAPH_BOX.left);
  assert.equal(done.points[4].x, GRAPH_BOX.width - GRAPH_BOX.right);
  assert.equal(done.points[4].y, GRAPH_BOX.top, 'a proven win for white is at the top');
  assert.ok(Math.abs(done.points[0].y - (GRAPH_BOX.top + 0.48 * inner)) < 1e-9);
  assert.equal(done.middle, GRAPH_BOX.top + inner / 2);
  assert.equal(done.points[2].moveClass, 'mistake', 'a point carries the class of the move that led to it');
  assert.deepEqual(done.points.map((p) => p.fault), [false, false, true, true, false], 'and whether its glyph is a fault');
  assert.equal(done.points[2].label, 'frame 2, White 77%, mistake');
  assert.equal(done.points[0].label, 'frame 0, White 52%');
  assert.match(done.line, /^M8 67\.52 L154 /);
  assert.match(done.area, / Z$/);
  const running = winChanceGraph(fixture('analysis-running'), names);
  assert.ok(running);
  assert.equal(running.points.length, 2);
  assert.equal(running.points[1].x, GRAPH_BOX.left + (GRAPH_BOX.width - GRAPH_BOX.left - GRAPH_BOX.right) / 4, 'spaced for all 5 positions');
  assert.equal(winChanceGraph({ ...fixture('analysis-running'), plies: [] }, names), null);
});

test('the documented analyses read as the page shows them', () => {
  const queued = httpExample('POST /api/games/{id}/analysis');
  assert.equal(underWay(queued), true);
  assert.equal(progressText(queued), 'Waiting for the engine…');
  assert.equal(winChanceGraph(queued, String), null, 'nothing to draw yet');
  const done = httpExample('GET /api/games/{id}/analysis');
  assert.equal(underWay(done), false);
  assert.equal(evalText(done.plies[0]), 'White 52%', 'no `proven`: a chance');
  assert.deepEqual(verdict(done, 2), { played: 'a7-b7/c7', moveClass: 'inaccuracy', glyph: { symbol: '?!', key: 'analysis-class-inaccuracy', fault: true }, loss: '−12%', best: 'a7-d4/a7', line: ['a7-d4/a7'] });
  assert.equal(nextFault(done, 0, 1), 2);
  assert.equal(winChanceGraph(done, String)?.points.length, done.total);
  const black = done.summary.black;
  assert.equal(black.inaccuracies, 1, 'the example has one inaccuracy by black');
  assert.match(summaryLine(done, 'black') ?? '', new RegExp(`^Black: accuracy ${black.accuracy.toFixed(1).replace('.', '\\.')}% · 1 inaccuracy`));
});
