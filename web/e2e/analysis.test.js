// A finished game's analysis in its replay, against the real server: Analyse
// asks for it, the progress bar follows it position by position, then the
// win-chance graph (a button per position), the verdict on each move, the
// players' summary and the fault buttons show what the server's analysis
// says. Whoever asks again gets the finished analysis at once; its screen
// fits a phone and a laptop, in English and in Chinese.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DESKTOP, PHONE, SCREENSHOTS, decidedGame, layoutProblems, openPlayer, serverAndBrowser } from './harness.js';

// A budget that keeps each of the game's three positions in the engine for
// some of the page's 500 ms polls (the progress is the thing checked), and
// small enough for a debug build on a busy machine.
const env = serverAndBrowser(['--set', 'analysis.playouts=5000']);

/** How long the analysis of the test's game may take (a busy machine, a debug build). */
const ANALYSIS_WAIT_MS = 120_000;

/** The faulty classes, as the fault buttons stop at them. */
const FAULTS = ['inaccuracy', 'mistake', 'blunder'];

test('Analyse shows the progress, then the graph, the verdicts and the summary; the fault buttons jump to the faulty moves', async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann');
  const bob = await openPlayer(env.browser, env.server.base, 'bob');
  // Two moves (each side's first marked squares: poor moves), then Black resigns.
  const matchId = await decidedGame(ann, bob, 'black');
  await bob.context.close();
  const page = ann.page;
  await page.click('.result a.replay-link');
  await page.waitForSelector('.replay[data-state=ready]');
  assert.equal(await page.isVisible('.analysis-results'), false, 'nothing is asked before Analyse');

  // Every status and progress line the panel shows, in order, from the moment Analyse is pressed.
  await page.evaluate(() => {
    const panel = /** @type {HTMLElement} */ (document.querySelector('.analysis'));
    const seen = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).analysisSeen = seen;
    new MutationObserver(() => {
      const progress = /** @type {HTMLElement} */ (panel.querySelector('.analysis-progress'));
      const status = panel.getAttribute('data-status');
      const line = `${status} ${progress.hidden ? '' : progress.textContent?.trim()}`;
      // (The button greys while the request is on its way: still "none".)
      if (status !== 'none' && seen[seen.length - 1] !== line) seen.push(line);
    }).observe(panel, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  await page.click('button[data-action=analyse]');
  await page.waitForSelector('.analysis[data-status=done]', { timeout: ANALYSIS_WAIT_MS });
  const seen = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).analysisSeen));
  assert.match(seen[0], /^(queued Waiting for the engine…|running Position \d of 3)$/, `the progress shows first: ${seen.join(' | ')}`);
  assert.ok(seen.some((line) => /^running Position [0-2] of 3$/.test(line)), `the bar counts positions: ${seen.join(' | ')}`);
  assert.equal(seen[seen.length - 1], 'done ', 'the bar goes once done');
  assert.equal(await page.textContent('.analysis-status'), 'Analysis done.');

  // What the page shows is what the server says.
  const analysis = await (await fetch(`${env.server.base}/api/games/${matchId}/analysis`)).json();
  assert.equal(analysis.status, 'done');
  assert.equal(await page.getAttribute('.win-chance', 'data-points'), '3');
  const labels = await page.$$eval('.win-chance .point[role=button]', (points) => points.map((p) => p.getAttribute('aria-label')));
  assert.equal(labels.length, 3);
  assert.match(labels[0] ?? '', /^Start: 1 move \(2 plies\), (White|Black) \d+%/);
  for (const [side, summary] of Object.entries(analysis.summary)) {
    const line = await page.textContent(`.analysis-summary li[data-side=${side}]`);
    assert.match(line ?? '', new RegExp(`accuracy ${summary.accuracy.toFixed(1)}%`));
  }

  // A click on a point shows its position; the keyboard walks the points.
  await page.click('.win-chance .point[data-frame="0"]');
  await page.waitForSelector('.replay[data-frame="0"]');
  assert.equal(await page.getAttribute('.win-chance .point[data-frame="0"]', 'aria-current'), 'true');
  await page.focus('.win-chance .point[data-frame="0"]');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.replay[data-frame="1"]');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-frame')), '1', 'the focus follows');
  assert.equal(await page.getAttribute('.class-badge', 'data-class'), analysis.plies[0].class);

  // The fault buttons stop exactly at the moves the analysis classed as faults.
  const faulty = analysis.plies.flatMap((/** @type {any} */ ply, /** @type {number} */ k) => (FAULTS.includes(ply.class) ? [k + 1] : []));
  assert.ok(faulty.length > 0, `the first marked squares make a poor move somewhere: ${JSON.stringify(analysis.plies.map((/** @type {any} */ p) => p.class))}`);
  await page.click('button[data-action=first]');
  for (const frame of faulty) {
    await page.click('button[data-action=next-fault]');
    await page.waitForSelector(`.replay[data-frame="${frame}"]`);
    const before = analysis.plies[frame - 1];
    assert.equal(await page.getAttribute('.class-badge', 'data-class'), before.class);
    assert.match(await page.textContent('.analysis-verdict') ?? '', new RegExp(`Played ${before.played}`));
    if (before.best && before.best !== before.played) {
      assert.match(await page.textContent('.analysis-verdict') ?? '', new RegExp(`best ${before.best}`));
      assert.equal(await page.locator('.board .move-arrow.best').count(), 1, "the engine's move is drawn");
      assert.equal(await page.locator('.board .move-arrow.played').count(), 1, 'beside the one played');
    }
  }
  assert.equal(await page.isDisabled('button[data-action=next-fault]'), true, 'no fault after the last');
  await page.click('button[data-action=previous-fault]');
  if (faulty.length > 1) await page.waitForSelector(`.replay[data-frame="${faulty[faulty.length - 2]}"]`);
  assert.deepEqual(ann.errors, []);
  await ann.context.close();

  // Asking again gets the finished analysis at once, on each screen and in each language.
  for (const [size, options] of /** @type {const} */ ([['phone', PHONE], ['desktop', DESKTOP]])) {
    for (const locale of ['en-US', 'zh-CN']) {
      const viewer = await openPlayer(env.browser, env.server.base, `v-${size}-${locale}`, { ...options, locale });
      await viewer.page.evaluate((id) => {
        location.hash = `#/games/${id}`;
      }, matchId);
      await viewer.page.waitForSelector('.replay[data-state=ready]');
      await viewer.page.click('button[data-action=analyse]');
      await viewer.page.waitForSelector('.analysis[data-status=done] .win-chance');
      assert.equal(await viewer.page.isVisible('.analysis-progress'), false, 'done: no progress bar');
      await viewer.page.click('button[data-action=first]');
      await viewer.page.click('button[data-action=next-fault]');
      await viewer.page.waitForSelector(`.replay[data-frame="${faulty[0]}"]`);
      assert.deepEqual(await layoutProblems(viewer.page), [], `the analysis on the ${size} (${locale})`);
      await viewer.page.screenshot({ path: path.join(SCREENSHOTS, `analysis-${size}${locale === 'en-US' ? '' : '-zh-CN'}.png`), fullPage: true });
      assert.deepEqual(viewer.errors, []);
      await viewer.context.close();
    }
  }
});
