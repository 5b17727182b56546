// What a screen reader or keyboard user meets, in Chromium against the real
// server: each square's name says what is on it and whether it may be
// picked, updated as the move is built; black's keyboard cursor starts on a
// black queen; Tab and Shift-Tab go from queen to queen; every screen has
// one h1; no connection bar before the page tries to connect.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame as startNewGame, openPage, serverAndBrowser, waitForGame } from './harness.js';

const env = serverAndBrowser();

/**
 * Two players in a fresh match, white to move on a board that takes picks.
 * @param {string} whiteName
 * @param {string} blackName
 */
async function newGame(whiteName, blackName) {
  const game = await startNewGame(env, whiteName, blackName);
  await game.white.page.waitForSelector('.board[data-interactive]');
  return game;
}

/**
 * The accessible name of a square.
 * @param {import('playwright-core').Page} page
 * @param {string} square
 */
function label(page, square) {
  return page.getAttribute(`#square-${square}`, 'aria-label');
}

/**
 * Focuses the board with Tab, as a keyboard user does.
 * @param {import('playwright-core').Page} page
 */
async function tabToBoard(page) {
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.classList.contains('board'))); i++) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('board')), 'Tab reaches the board');
}

test('each square says what is on it and whether it may be picked, as the move is built', async () => {
  const { white, black } = await newGame('ann', 'bob');
  const page = white.page;
  assert.equal(await label(page, 'd1'), 'd1, white queen, can move');
  assert.equal(await label(page, 'd10'), 'd10, black queen');
  assert.equal(await label(page, 'e5'), 'e5, empty');
  assert.equal(await label(black.page, 'd1'), 'd1, white queen', 'nothing to pick on the waiting side');
  await page.click('[data-square=d1]');
  await page.waitForSelector('#square-d7[aria-label="d7, empty, legal destination"]');
  assert.equal(await label(page, 'e5'), 'e5, empty', 'not reachable from d1');
  assert.equal(await label(page, 'd1'), 'd1, white queen', 'the picked queen (aria-selected says so)');
  assert.equal(await page.getAttribute('#square-d1', 'aria-selected'), 'true');
  await page.click('[data-square=d7]');
  await page.waitForSelector('#square-g7[aria-label="g7, empty, legal arrow square"]');
  assert.equal(await label(page, 'd7'), 'd7, white queen');
  assert.equal(await label(page, 'd1'), 'd1, empty, legal arrow square', 'the square the queen left');
  await page.click('[data-square=g7]');
  await waitForGame(black.page, 'your-move', 1);
  await black.page.waitForSelector('.board[data-interactive]');
  assert.equal(await label(black.page, 'g7'), 'g7, arrow');
  assert.equal(await label(black.page, 'd10'), 'd10, black queen, can move');
  assert.equal(await label(page, 'g7'), 'g7, arrow');
  // Playwright's accessibility snapshot hears the same name.
  const snapshot = await black.page.locator('.board').ariaSnapshot();
  assert.match(snapshot, /gridcell "d7, white queen"/);
  assert.match(snapshot, /gridcell "j7, black queen, can move"/);
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

test('black\'s cursor starts on a black queen, and Tab and Shift-Tab go from queen to queen', async () => {
  const { white, black } = await newGame('cy', 'dee');
  const page = white.page;
  await tabToBoard(page);
  assert.equal(await page.getAttribute('.board', 'aria-activedescendant'), 'square-d1', 'white starts on d1');
  for (const expected of ['g1', 'a4', 'j4']) {
    await page.keyboard.press('Tab');
    assert.equal(await page.getAttribute('.board', 'aria-activedescendant'), `square-${expected}`);
  }
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.getAttribute('.board', 'aria-activedescendant'), 'square-a4');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('board')), false, 'past the last queen Tab leaves the board');

  await page.click('[data-square=g1]');
  await page.click('[data-square=g5]');
  await page.click('[data-square=c5]');
  await waitForGame(black.page, 'your-move', 1);
  await black.page.waitForSelector('.board[data-interactive]');
  await tabToBoard(black.page);
  const cursor = await black.page.getAttribute('.board', 'aria-activedescendant');
  assert.ok(['square-a7', 'square-d10', 'square-g10', 'square-j7'].includes(cursor ?? ''), `black's cursor on ${cursor}`);
  assert.match(await label(black.page, (cursor ?? '').replace('square-', '')) ?? '', /black queen, can move$/);
  await black.page.keyboard.press('Enter');
  await black.page.waitForSelector('.status:has-text("pick where it goes")');
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

/**
 * The texts of the h1 headings shown (not in a hidden part of the page).
 * @param {import('playwright-core').Page} page
 */
function headings(page) {
  return page.$$eval('h1', (all) => all.filter((h) => h.checkVisibility()).map((h) => (h.textContent ?? '').trim()));
}

test('every screen has one h1, and no connection bar shows before a name is given', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.base);
  await page.waitForSelector('#name-form:not([hidden])');
  assert.equal(await page.isHidden('#banner'), true, 'no "Connecting…" before the page tries to connect');
  assert.deepEqual(await headings(page), ['Your name']);
  await page.fill('#name-input', 'eve');
  await page.press('#name-input', 'Enter');
  await page.waitForSelector('body[data-connection=connected]');
  await page.close();

  const { white, matchId } = await newGame('fay', 'gus');
  assert.deepEqual(await headings(white.page), ['Match: fay vs gus']);
  await white.page.click('button[data-action=abort]');
  await waitForGame(white.page, 'over');
  for (const [hash, selector, expected] of [
    ['#/', '.lobby', 'Lobby'],
    ['#/games', `.history[data-state=ready] tr[data-game="${matchId}"]`, 'Finished games'],
    [`#/games/${matchId}`, '.replay[data-state=ready]', 'Replay: fay (white) vs gus (black)'],
    ['#/rules', '#rules:not([hidden])', 'Rules'],
    ['#/players', '.leaderboard[data-state=ready]', 'Leaderboard'],
    // fay's name is bound to her browser's key; her one game was aborted, so she has no rated game yet.
    ['#/players/fay', '.player-page[data-state=ready]:has-text("No rated game yet")', 'fay'],
  ]) {
    await white.page.goto(`${env.server.base}/${hash}`);
    await white.page.waitForSelector(selector);
    assert.deepEqual(await headings(white.page), [expected], hash);
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(white.errors, []);
  await context.close();
});
