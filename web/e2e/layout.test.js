// The layout on a phone (390 x 844, touch) and a laptop (1280 x 800): in
// the lobby, the game, the replay, the leaderboard, a player's page, the
// tournaments' list and form and a tournament's page (registering, during
// a game of it, finished)
// nothing reaches beyond the window (no sideways scroll) and no control's
// text is cut off, with a long name in the match; the computer's level and
// think time are shown only when the computer is the opponent chosen. The
// lobby, game, replay, leaderboard and player page are checked in English
// and in Chinese.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, FAST_COMPUTER, PHONE, clickMove, createMatch, createTournament, decidedGame, joinMatch, layoutProblems, openPlayer,
  ROUND_WAIT_MS, resignEveryGame, waitForGame, serverAndBrowser,
} from './harness.js';

// Computer players that move at once, so that a tournament of them ends quickly.
const env = serverAndBrowser(FAST_COMPUTER);

/** A name as long as the server allows, with no space to break it at. */
const LONG_NAME = 'Maximiliana_Wolfeschlegelstein';

/** Another, for the run in Chinese (names are taken for good by the first browser to use them). */
const LONG_NAME_ZH = 'Wolfeschlegelstein_Maximiliana';

const SIZES = /** @type {const} */ ([['phone', PHONE], ['laptop', DESKTOP]]);

/** The languages the layout is checked in, as the browser asks for them. */
const LOCALES = ['en-US', 'zh-CN'];

/**
 * Asserts the screen shown has no layout problem.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertFits(page, where) {
  assert.deepEqual(await layoutProblems(page), [], where);
}

// Each language's words are measured: Chinese is denser, but its buttons
// and labels change width.
for (const locale of LOCALES) {
  // Names are bound to their browser's key: each language's run has its own.
  const tag = locale === 'en-US' ? '' : '-zh';
  const longName = locale === 'en-US' ? LONG_NAME : LONG_NAME_ZH;
  test(`the lobby, the game and the replay fit a phone and a laptop (${locale})`, async () => {
    // A game between a phone and a laptop, with a long name in it; each page
    // is checked in the lobby, during the game and in the replay.
    const white = await openPlayer(env.browser, env.server.base, longName, { ...PHONE, locale });
    const black = await openPlayer(env.browser, env.server.base, `bob${tag}`, { ...DESKTOP, locale });
    assert.equal(await white.page.getAttribute('html', 'lang'), locale === 'en-US' ? 'en' : 'zh-CN', 'the page speaks the browser\'s language');
    const players = /** @type {const} */ ([['phone', white], ['laptop', black]]);
    for (const [size, player] of players) await assertFits(player.page, `the empty lobby on the ${size}`);

    const matchId = await createMatch(white.page, { color: 'white' });
    await assertFits(white.page, 'waiting for an opponent on the phone');
    for (const [size, options] of SIZES) {
      const viewer = await openPlayer(env.browser, env.server.base, `viewer-${size}${tag}`, { ...options, locale });
      await viewer.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
      await assertFits(viewer.page, `the lobby with a match waiting on the ${size}`);
      await viewer.page.click('form.create label:has(input[name=opponent][value=level])');
      await viewer.page.waitForSelector('form.create [data-computer=level]:not([hidden])');
      await assertFits(viewer.page, `the lobby with the computer chosen on the ${size}`);
      await viewer.context.close();
    }
    await black.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
    await joinMatch(black.page, matchId);
    await waitForGame(white.page, 'your-move', 0);
    await white.page.waitForSelector('.board[data-interactive]');
    for (const [size, player] of players) await assertFits(player.page, `the game on the ${size}`);

    await clickMove(white.page);
    await white.page.click('button[data-action=send]'); // the phone's confirm step
    await waitForGame(black.page, 'your-move', 1);
    await clickMove(black.page);
    await waitForGame(white.page, 'your-move', 2);
    await white.page.click('button[data-action=resign]');
    await white.page.click('button[data-action=resign]');
    for (const [size, player] of players) {
      await waitForGame(player.page, 'over');
      await assertFits(player.page, `the finished game on the ${size}`);
      await player.page.click('.result a.replay-link');
      await player.page.waitForSelector('.replay[data-state=ready][data-frame="2"]');
      await assertFits(player.page, `the replay on the ${size}`);
      await player.page.goto(`${env.server.base}/#/games`);
      await player.page.waitForSelector(`.history[data-state=ready] tr[data-game="${matchId}"]`);
      await assertFits(player.page, `the games list on the ${size}`);
    }
    for (const [, player] of players) assert.deepEqual(player.errors, []);
  });

  test(`the leaderboard and a player page fit a phone and a laptop, with a long name on them (${locale})`, async () => {
    const long = await openPlayer(env.browser, env.server.base, `${longName}2`, { ...DESKTOP, locale });
    const other = await openPlayer(env.browser, env.server.base, `dan${tag}`, { ...DESKTOP, locale });
    await decidedGame(long, other, 'black');
    await decidedGame(long, other, 'white');
    for (const [size, options] of SIZES) {
      const reader = await openPlayer(env.browser, env.server.base, `reader-${size}${tag}`, { ...options, locale });
      await reader.page.goto(`${env.server.base}/#/players`);
      await reader.page.waitForSelector(`.leaderboard[data-state=ready] tr[data-player="${longName}2"]`);
      await assertFits(reader.page, `the leaderboard on the ${size}`);
      await reader.page.click(`.players a:text-is("${longName}2")`);
      await reader.page.waitForSelector('.player-page[data-state=ready] svg.rating-plot[data-points="2"]');
      await assertFits(reader.page, `the player page on the ${size}`);
      assert.deepEqual(reader.errors, []);
      await reader.context.close();
    }
    for (const player of [long, other]) await player.context.close();
  });
}

for (const locale of LOCALES) {
  test(`the tournaments' list and form and a tournament's page fit a phone and a laptop, with a long name on them (${locale})`, async () => {
    for (const [size, options] of SIZES) {
      const name = `${locale === 'en-US' ? LONG_NAME : LONG_NAME_ZH}${size === 'phone' ? 3 : 4}`;
      const organiser = await openPlayer(env.browser, env.server.base, name, { ...options, locale });
      const page = organiser.page;
      await page.goto(`${env.server.base}/#/tournaments`);
      await page.waitForSelector('form.tournament-create input[name=level]', { state: 'attached' });
      await assertFits(page, `the tournaments screen on the ${size}`);
      await page.click('form.tournament-create label:has(input[name=format][value=swiss])');
      await page.waitForSelector('form.tournament-create input[name=rounds]:visible');
      await assertFits(page, `the form with a Swiss chosen on the ${size}`);
      await createTournament(page, { title: `${LONG_NAME} Swiss`, format: 'swiss', rounds: 3, levels: [1, 2], join: true });
      await assertFits(page, `a registering tournament, its organiser's controls on the ${size}`);
      const id = await createTournament(page, { title: `${LONG_NAME} round robin`, levels: [1, 2], join: true });
      await page.click('.tournament-actions button[data-action=start]');
      await page.waitForSelector('.game[data-state="your-move"], .game[data-state="their-move"], .tournament .ready-line a', { timeout: ROUND_WAIT_MS });
      await assertFits(page, `a tournament game, "your game is ready" above it, on the ${size}`);
      await resignEveryGame(page, id);
      await page.waitForSelector('.tournament[data-state=finished] .crosstable-table');
      await assertFits(page, `a finished round robin (standings, rounds, crosstable) on the ${size}`);
      await page.goto(`${env.server.base}/#/tournaments`);
      await page.waitForSelector(`tr[data-tournament="${id}"][data-status=finished]`);
      await assertFits(page, `the list of tournaments on the ${size}`);
      assert.deepEqual(organiser.errors, []);
      await organiser.context.close();
    }
  });
}

test('the level and the seconds a move are shown only when the computer is the opponent', async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann', DESKTOP);
  const page = ann.page;
  const level = page.locator('form.create [data-computer=level]');
  await page.waitForSelector('form.create input[name=opponent][value=person]:checked', { state: 'attached' });
  assert.equal(await level.isVisible(), false, 'no level against a person');
  assert.equal(await page.locator('input[name=think]').isVisible(), false, 'no think time against a person');
  await page.click('form.create label:has(input[name=opponent][value=level])');
  await page.waitForSelector('input[name=think]:visible');
  assert.equal(await level.isVisible(), true);
  await page.click('form.create label:has(input[name=opponent][value=person])');
  await page.waitForSelector('input[name=think]', { state: 'hidden' });
  assert.deepEqual(ann.errors, []);
});

/**
 * The coordinates a piece covers on the board shown: each coordinate's box
 * against each queen's and arrow's drawn box.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
async function coveredCoordinates(page) {
  return page.evaluate(() => {
    const pieces = [...document.querySelectorAll('.board .queen, .board .arrow')]
      .map((piece) => ({ piece, box: piece.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    /** @type {string[]} */
    const covered = [];
    for (const label of document.querySelectorAll('.board .coord')) {
      const box = label.getBoundingClientRect();
      if (!label.textContent || box.width === 0) continue;
      for (const { piece, box: p } of pieces) {
        if (box.left < p.right && p.left < box.right && box.top < p.bottom && p.top < box.bottom) {
          covered.push(`"${label.textContent}" under the piece on ${piece.closest('[data-square]')?.getAttribute('data-square')}`);
        }
      }
    }
    return covered;
  });
}

test('no piece covers a coordinate, whichever side is at the bottom', async () => {
  // Not ann: her name is the first test's browser's (its key's).
  const ann = await openPlayer(env.browser, env.server.base, 'amy', DESKTOP);
  await createMatch(ann.page, { color: 'white' });
  await ann.page.waitForSelector('.board [data-square=d1][data-piece=Q]');
  const labels = await ann.page.$$eval('.board .coord', (all) => all.map((l) => l.textContent).filter(Boolean));
  assert.deepEqual(labels.sort(), [...'abcdefghij', ...Array.from({ length: 10 }, (_, i) => String(i + 1))].sort(), 'every file and rank once');
  assert.deepEqual(await coveredCoordinates(ann.page), [], 'white at the bottom');
  await ann.page.click('button[data-action=flip]');
  await ann.page.waitForSelector('.board-column > .player:last-child[data-side=black]');
  assert.deepEqual(await coveredCoordinates(ann.page), [], 'black at the bottom');
  assert.deepEqual(ann.errors, []);
});
