// Territory endings and analysis, in the browser against the real server:
// games set up one move before the board splits (the lobby form sends its
// options; the test adds the set-up position to the page's `create_match`
// on its way to the server, as a "from position" client would send it).
// A game the server does not end itself shows the proven result and the
// Claim button to both players, a spectator sees the territory overlay and
// the players do not; a claim ends it on territory with the margin. A game
// the server ends at once has a replay that plays on the proven finish, and
// its analysis runs with a progress bar, draws the win-chance graph and
// jumps to the blunder that lost it. The screens are checked on a phone and
// a laptop, in English and in Chinese.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DESKTOP, PHONE, SCREENSHOTS, WAIT_MS, joinMatch, layoutProblems, openTab, serverAndBrowser, waitForGame } from './harness.js';

// A small analysis budget: the debug build's engine is slow, and the test is about the page.
const env = serverAndBrowser(['--set', 'analysis.playouts=500']);

/** How long the analysis of the test's game may take (a busy machine, a debug build). */
const ANALYSIS_WAIT_MS = 120_000;

/**
 * Rank 1 only, every other square an arrow: White's queen on a1, Black's on
 * j1, b1 to i1 empty. White to move; its first move splits the rank.
 */
const RACE = '**********/**********/**********/**********/**********/**********/**********/**********/**********/Q8q w - - 0 1';

/**
 * A person at a browser whose `create_match` messages carry `initial_fen`.
 * @param {string} name
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
async function playerFrom(name, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  context.setDefaultTimeout(WAIT_MS);
  await context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = String(message);
      const parsed = JSON.parse(text);
      server.send(parsed.type === 'create_match' ? JSON.stringify({ ...parsed, initial_fen: RACE }) : text);
    });
  });
  const { page, errors } = await openTab(context, `${env.server.base}/`);
  await page.fill('#name-input', name);
  await page.press('#name-input', 'Enter');
  await page.waitForSelector('body[data-connection=connected]');
  return { context, page, errors };
}

/**
 * Creates an untimed (so casual) game from the race position, white to the
 * creator, and seats `black` in it.
 * @param {import('playwright-core').Page} white
 * @param {import('playwright-core').Page} black
 * @param {{endWhenDecided: boolean}} options
 * @returns {Promise<string>} the match id
 */
async function raceGame(white, black, { endWhenDecided }) {
  await white.click('form.create label:has(input[name=time][value="untimed"])');
  await white.click('form.create label:has(input[name=color][value="white"])');
  assert.equal(await white.isChecked('form.create input[name=end_when_decided]'), true, 'a casual game ends when decided by default');
  if (!endWhenDecided) await white.click('form.create input[name=end_when_decided]');
  await white.click('form.create button[type=submit]');
  await waitForGame(white, 'waiting');
  const matchId = await white.evaluate(() => location.hash.replace('#/match/', ''));
  await black.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  // The lobby row and the match page say how the match ends (no assistance: not said).
  const said = endWhenDecided ? 'untimed · casual · ends when the territory decides' : 'untimed · casual';
  const row = await black.locator(`tr[data-match="${matchId}"] td.time`).textContent();
  assert.equal(row?.replace(/\u00a0/g, ' '), said);
  assert.match(await white.textContent('.game .info') ?? '', new RegExp(`^${said} · `));
  await joinMatch(black, matchId);
  await waitForGame(white, 'your-move', 0);
  return matchId;
}

/**
 * Plays a move by clicking its three squares (and sending it, where the
 * page asks to confirm).
 * @param {import('playwright-core').Page} page
 * @param {string[]} squares from, to, arrow
 */
async function play(page, squares) {
  await page.waitForSelector('.game[data-state="your-move"] .board[data-interactive]');
  for (const [i, square] of squares.entries()) {
    await page.click(`#square-${square}`);
    if (i < 2) await page.waitForSelector(`.game[data-stage="${i === 0 ? 'destination' : 'arrow'}"]`);
  }
  // A touch screen asks to confirm the move.
  if (await page.isVisible('.confirm-bar')) await page.click('button[data-action=send]');
}

/**
 * Asserts the screen shown fits its window, and saves it.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function fitsAndShot(page, name) {
  assert.deepEqual(await layoutProblems(page), [], name);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

test('a proven position is shown to both players with a Claim button; the claim ends the game on territory with its margin', async () => {
  const ann = await playerFrom('ann');
  const bob = await playerFrom('bob');
  const matchId = await raceGame(ann.page, bob.page, { endWhenDecided: false });
  // A spectator on a phone, in Chinese.
  const cat = await playerFrom('cat', { ...PHONE, locale: 'zh-CN' });
  await cat.page.evaluate((id) => {
    location.hash = `#/match/${id}`;
  }, matchId);
  await waitForGame(cat.page, 'watching');
  assert.equal(await ann.page.isVisible('button[data-action=territory]'), false, 'no assistance: the players see no territory');
  assert.equal(await cat.page.isVisible('button[data-action=territory]'), true, 'a spectator may');

  // a1-e1/f1: White keeps a1..d1 (4 moves), Black g1..i1 (3), Black to move: White wins by 4 - 3 + 1 = 2.
  await play(ann.page, ['a1', 'e1', 'f1']);
  for (const player of [ann, bob]) {
    await player.page.waitForSelector('button[data-action=claim]:visible');
    assert.match(await player.page.textContent('.decided') ?? '', /White wins by 2/);
  }
  await cat.page.waitForSelector('.decided:visible');
  assert.equal(await cat.page.isVisible('button[data-action=claim]'), false, 'a spectator cannot claim');
  assert.match(await cat.page.textContent('.decided') ?? '', /先手（白）胜 2 步/);

  await cat.page.click('button[data-action=territory]');
  await cat.page.waitForSelector('.territory[data-shown]');
  // The colours have a key, in the page's language.
  assert.deepEqual(
    await cat.page.locator('.territory-key li').allTextContents(),
    ['先手（白）先到达', '后手（黑）先到达', '争夺中', '双方都到不了'],
  );
  assert.equal(await cat.page.isVisible('.territory-key'), true);
  assert.equal(await cat.page.getAttribute('#square-b1', 'data-owner'), 'white');
  assert.equal(await cat.page.getAttribute('#square-h1', 'data-owner'), 'black');
  // A screen reader hears the owner too, in the page's language.
  assert.equal(await cat.page.getAttribute('#square-b1', 'aria-label'), 'b1，空，先手（白）先到达');
  assert.equal(await cat.page.getAttribute('#square-h1', 'aria-label'), 'h1，空，后手（黑）先到达');
  assert.deepEqual(
    await cat.page.$$eval('.board .region', (regions) => regions.map((r) => `${r.getAttribute('data-owner')} ${r.getAttribute('data-squares')} ${r.textContent}`).sort()),
    ['black 3 3', 'white 4 4'],
  );
  await fitsAndShot(cat.page, 'territory-phone-zh-CN');
  await fitsAndShot(ann.page, 'territory-claim-desktop');

  await bob.page.click('button[data-action=claim]'); // the loser may claim too: the count decides, not who asks
  for (const player of [ann, bob, cat]) await waitForGame(player.page, 'over');
  assert.equal(await ann.page.textContent('.result .outcome'), 'White wins on territory by 2');
  assert.equal(await cat.page.textContent('.result .outcome'), '先手（白）按领地胜 2 步');
  const record = await (await fetch(`${env.server.base}/api/games/${matchId}`)).json();
  assert.deepEqual(record.result, { winner: 'white', reason: 'territory' });
  assert.equal(record.territory.margin, 2);
  for (const player of [ann, bob, cat]) assert.deepEqual(player.errors, []);
  for (const player of [ann, bob, cat]) await player.context.close();
});

test('a game the server ends on territory replays its proven finish, and its analysis finds the blunder', async () => {
  const dee = await playerFrom('dee', PHONE);
  const eve = await playerFrom('eve');
  const matchId = await raceGame(dee.page, eve.page, { endWhenDecided: true });
  // a1-d1/e1: White keeps a1..c1 (3), Black f1..i1 (4), Black to move: Black wins by 4 - 3 = 1. White had
  // a1-h1/i1, which leaves Black no move at all: the move played is a blunder.
  await play(dee.page, ['a1', 'd1', 'e1']);
  await waitForGame(dee.page, 'over');
  await waitForGame(eve.page, 'over');
  assert.equal(await eve.page.textContent('.result .outcome'), 'Black wins on territory by 1');

  await eve.page.click('.result a.replay-link');
  const replay = eve.page;
  await replay.waitForSelector('.replay[data-state=ready]');
  assert.equal(await replay.getAttribute('.replay', 'data-frame'), '1');
  assert.match(await replay.textContent('.replay p.info') ?? '', /Black wins on territory by 1/);
  const finish = (await (await fetch(`${env.server.base}/api/games/${matchId}`)).json()).territory.finish;
  assert.ok(finish.length >= 3, finish.join(' '));
  // Every frame and status the replay shows once the finish is asked for.
  await replay.evaluate(() => {
    const section = /** @type {HTMLElement} */ (document.querySelector('.replay'));
    const status = /** @type {HTMLElement} */ (document.querySelector('.replay .status'));
    const seen = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).finishSeen = seen;
    new MutationObserver(() => {
      const frame = `${section.getAttribute('data-frame')} ${status.textContent}`;
      if (seen[seen.length - 1] !== frame) seen.push(frame);
    }).observe(section, { attributes: true, attributeFilter: ['data-frame'] });
  });
  await replay.click('button[data-action=finish]');
  // It plays through to its end by itself, a ply at a time.
  await replay.waitForSelector(`.replay[data-frame="${1 + finish.length}"]:not([data-playing])`);
  const seen = await replay.evaluate(() => /** @type {any} */ (window).finishSeen);
  assert.deepEqual(
    seen.map((/** @type {string} */ frame) => frame.split(' ')[0]),
    finish.map((/** @type {string} */ _, /** @type {number} */ k) => String(2 + k)),
    seen.join('\n'),
  );
  assert.match(seen[0], new RegExp(`^2 Proven finish: ply 1 of ${finish.length}`));
  assert.match(await replay.textContent('.replay .status') ?? '', new RegExp(`^Proven finish: ply ${finish.length} of ${finish.length}`));
  // A step of one's own stops it where it is.
  await replay.click('button[data-action=finish]');
  await replay.waitForSelector('.replay[data-frame="1"]');
  await replay.click('button[data-action=finish]');
  await replay.waitForSelector('.replay[data-frame="2"]');
  await replay.click('button[data-action=first]');
  await replay.waitForSelector('.replay[data-frame="0"]:not([data-playing])');
  await replay.click('button[data-action=finish]');
  await replay.waitForSelector('.replay[data-frame="1"]');

  // Every status the panel shows, in order, from the moment Analyse is pressed.
  await replay.evaluate(() => {
    const panel = /** @type {HTMLElement} */ (document.querySelector('.analysis'));
    const seen = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).analysisStatuses = seen;
    new MutationObserver(() => {
      const status = panel.getAttribute('data-status') ?? '';
      if (seen[seen.length - 1] !== status) seen.push(status);
    }).observe(panel, { attributes: true, attributeFilter: ['data-status'] });
  });
  await replay.click('button[data-action=analyse]');
  await replay.waitForSelector('.analysis[data-status=done]', { timeout: ANALYSIS_WAIT_MS });
  const statuses = await replay.evaluate(() => /** @type {any} */ (window).analysisStatuses);
  assert.ok(statuses.length >= 2 && statuses[statuses.length - 1] === 'done', statuses.join(' '));
  assert.ok(['queued', 'running'].includes(statuses[0]), `the progress was shown first: ${statuses.join(' ')}`);
  assert.equal(await replay.getAttribute('.win-chance', 'data-points'), '2');

  await replay.click('.win-chance .point[data-frame="0"]');
  await replay.waitForSelector('.replay[data-frame="0"]');
  await replay.click('button[data-action=next-fault]');
  await replay.waitForSelector('.replay[data-frame="1"]');
  assert.equal(await replay.getAttribute('.class-badge', 'data-class'), 'blunder');
  assert.match(await replay.textContent('.analysis-verdict') ?? '', /Played a1-d1\/e1/);
  assert.equal(await replay.locator('.board .move-arrow.best').count(), 1, "the engine's move is drawn");
  assert.equal(await replay.locator('.board .move-arrow.played').count(), 1, 'beside the one played');
  assert.match(await replay.textContent('.analysis-eval') ?? '', /Black wins/);
  // Reopened in this browser, the replay shows its analysis without Analyse pressed.
  await replay.evaluate(() => {
    location.hash = '#/';
  });
  await replay.waitForSelector('.lobby');
  await replay.evaluate((id) => {
    location.hash = `#/games/${id}`;
  }, matchId);
  await replay.waitForSelector('.replay[data-state=ready] .analysis[data-status=done] .win-chance');
  assert.equal(await replay.isVisible('button[data-action=analyse]'), false);
  for (const player of [dee, eve]) assert.deepEqual(player.errors, []);
  for (const player of [dee, eve]) await player.context.close();

  // The finished analysis, as anyone who asks for it sees it, on each screen and in each language.
  for (const [size, options] of /** @type {const} */ ([['phone', PHONE], ['desktop', DESKTOP]])) {
    for (const locale of ['en-US', 'zh-CN']) {
      const viewer = await playerFrom(`v-${size}-${locale}`, { ...options, locale });
      await viewer.page.evaluate((id) => {
        location.hash = `#/games/${id}`;
      }, matchId);
      await viewer.page.waitForSelector('.replay[data-state=ready]');
      // Asking again returns the analysis made: at once, no progress.
      await viewer.page.click('button[data-action=analyse]');
      await viewer.page.waitForSelector('.analysis[data-status=done] .win-chance');
      await viewer.page.click('button[data-action=territory]');
      await viewer.page.waitForSelector('.territory[data-shown]');
      await viewer.page.click('button[data-action=first]');
      await viewer.page.click('button[data-action=next-fault]');
      await viewer.page.waitForSelector('.replay[data-frame="1"] .class-badge[data-class=blunder]');
      await fitsAndShot(viewer.page, `territory-replay-${size}${locale === 'en-US' ? '' : '-zh-CN'}`);
      assert.deepEqual(viewer.errors, []);
      await viewer.context.close();
    }
  }
});
