// A game's analysis (`/api/games/{id}/analysis`) as the replay shows it,
// apart from the DOM: the progress while it runs, each position's
// evaluation in words, the class of each move played, the way to the next
// or previous fault, the per-player summary, and the geometry of the
// win-chance graph (ui/analysis.js draws it in SVG).

import { sideName, t } from './i18n.js';

/** @typedef {import('./wire.js').GameAnalysis} GameAnalysis */
/** @typedef {import('./wire.js').AnalysedPly} AnalysedPly */
/** @typedef {import('./wire.js').MoveClass} MoveClass */
/** @typedef {import('./wire.js').Glyph} Glyph */
/** @typedef {import('./wire.js').Side} Side */

/** How often the page asks again while an analysis is queued or running. */
export const POLL_MS = 500;

/**
 * Whether an analysis is still under way (the page keeps asking).
 * @param {GameAnalysis} analysis
 * @returns {boolean}
 */
export function underWay(analysis) {
  return analysis.status === 'queued' || analysis.status === 'running';
}

/**
 * The progress line: `Waiting for the engine…`, `Position 12 of 81`.
 * @param {GameAnalysis} analysis
 * @returns {string}
 */
export function progressText(analysis) {
  if (analysis.status === 'queued') return t('analysis-queued');
  if (analysis.status === 'failed') return t('analysis-failed', { error: analysis.error ?? '' });
  return t('analysis-progress', { done: analysis.done, total: analysis.total });
}

/**
 * A position's evaluation in words: `White 64%` (the side favoured and its
 * chance), `White wins` (proven, the loser already stuck), `Black wins in 7`.
 * @param {AnalysedPly} ply
 * @returns {string}
 */
export function evalText(ply) {
  if (ply.proven) {
    const side = sideName(ply.proven.winner);
    return ply.proven.plies === 0 ? t('analysis-proven-won', { side }) : t('analysis-proven-in', { side, plies: ply.proven.plies });
  }
  const white = ply.win_chance >= 0.5;
  const chance = white ? ply.win_chance : 1 - ply.win_chance;
  return t('analysis-chance', { side: sideName(white ? 'white' : 'black'), percent: Math.round(chance * 100) });
}

/**
 * A move's class in words, by the catalogue key its glyph carries (the
 * classes are listed once, in the Rust core, never here).
 * @param {Glyph} glyph
 * @returns {string}
 */
export function classWord(glyph) {
  return t(glyph.key);
}

/**
 * What the replay says about the move that led to frame `index` (none for
 * the start): its class and glyph, the win chance it lost, and the
 * engine's better move and line when it was not the engine's choice.
 * @typedef {{played: string, moveClass: MoveClass | null, glyph: Glyph | null, loss: string, best: string | null, line: string[]}} MoveVerdict
 */

/**
 * The verdict on the move played into frame `index`, from the analysis of
 * the position before it; null for the start and for a frame the analysis
 * does not reach.
 * @param {GameAnalysis} analysis
 * @param {number} index
 * @returns {MoveVerdict | null}
 */
export function verdict(analysis, index) {
  const before = analysis.plies[index - 1];
  if (index < 1 || !before || typeof before.played !== 'string') return null;
  const loss = typeof before.loss === 'number' && before.loss > 0 ? t('analysis-loss', { percent: Math.round(before.loss * 100) }) : '';
  const best = before.best ?? null;
  const better = best !== null && best !== before.played;
  return { played: before.played, moveClass: before.class ?? null, glyph: before.glyph ?? null, loss, best: better ? best : null, line: better ? before.line ?? [] : [] };
}

/**
 * The frame of the next (or previous) faulty move from frame `current`: a
 * frame whose move's glyph says it is a fault (an inaccuracy or worse);
 * null when there is none that way.
 * @param {GameAnalysis} analysis
 * @param {number} current the frame shown
 * @param {1 | -1} direction
 * @returns {number | null}
 */
export function nextFault(analysis, current, direction) {
  const faulty = (/** @type {number} */ frame) => analysis.plies[frame - 1]?.glyph?.fault === true;
  for (let frame = current + direction; frame >= 1 && frame <= analysis.plies.length - 1; frame += direction) {
    if (faulty(frame)) return frame;
  }
  return null;
}

/**
 * One player's line of the summary: `White: accuracy 91.5% · 1 inaccuracy, 0 mistakes, 0 blunders`.
 * @param {GameAnalysis} analysis
 * @param {Side} side
 * @returns {string | null} null before the analysis is done
 */
export function summaryLine(analysis, side) {
  const summary = analysis.summary?.[side];
  if (!summary) return null;
  return t('analysis-summary', {
    side: sideName(side),
    accuracy: summary.accuracy.toFixed(1),
    inaccuracies: summary.inaccuracies,
    mistakes: summary.mistakes,
    blunders: summary.blunders,
  });
}

/** The graph's size in SVG units (its viewBox) and its margins. */
export const GRAPH_BOX = Object.freeze({ width: 600, height: 140, left: 8, right: 8, top: 8, bottom: 8 });

/**
 * One point of the graph: a position, where it is drawn, the class of the
 * move that led to it and whether that was a fault, and its words (for the
 * button a screen reader reads).
 * @typedef {{frame: number, x: number, y: number, moveClass: MoveClass | null, fault: boolean, label: string}} GraphPoint
 */

/**
 * What the graph draws: a point per analysed position, White's win chance
 * as a line and as the area below it (white's share of the picture), and
 * the even line.
 * @typedef {{box: typeof GRAPH_BOX, points: GraphPoint[], line: string, area: string, middle: number}} Graph
 */

/**
 * A number for an SVG attribute: two decimals at most.
 * @param {number} value
 * @returns {string}
 */
function num(value) {
  return String(Math.round(value * 100) / 100);
}

/**
 * The win-chance graph: x is the position (0 to the last), y White's win
 * chance (1 at the top). A proven result counts as certain.
 * @param {GameAnalysis} analysis
 * @param {(frame: number) => string} frameName how the replay names a frame
 * @returns {Graph | null} null while no position is analysed
 */
export function winChanceGraph(analysis, frameName) {
  const plies = analysis.plies;
  if (plies.length === 0) return null;
  const box = GRAPH_BOX;
  const width = box.width - box.left - box.right;
  const height = box.height - box.top - box.bottom;
  // The positions the graph spans: all of them once known, so the line grows while it runs.
  const span = Math.max(1, Math.max(analysis.total, plies.length) - 1);
  const x = (/** @type {number} */ frame) => box.left + (frame * width) / span;
  const y = (/** @type {number} */ chance) => box.top + (1 - Math.min(1, Math.max(0, chance))) * height;
  const points = plies.map((ply, frame) => {
    const chance = ply.proven ? (ply.proven.winner === 'white' ? 1 : 0) : ply.win_chance;
    const before = plies[frame - 1];
    const glyph = before?.glyph ?? null;
    const words = [frameName(frame), evalText(ply), glyph ? classWord(glyph) : ''].filter(Boolean);
    return { frame, x: x(frame), y: y(chance), moveClass: before?.class ?? null, fault: glyph?.fault === true, label: words.join(t('list-separator')) };
  });
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ');
  const bottom = num(box.top + height);
  const area = `${line} L${num(points[points.length - 1].x)} ${bottom} L${num(points[0].x)} ${bottom} Z`;
  return { box, points, line, area, middle: y(0.5) };
}

