// The server goes away in the middle of a game (killed, as a crash or a
// pulled cable looks to the page) and comes back on the same port: while
// it is gone the turn line says so, no move can be made, and the clocks
// stand still at their last known values; then the game goes on. The page's
// time is playwright's clock, moved on by the test, so nothing waits on a
// sleep.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPlayer, startGame, waitForGame, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();

test('during an outage the turn line says so, moving waits and the clocks stand still; then the game goes on', async () => {
  const white = await openPlayer(env.browser, env.server.base, 'ann', {}, { fakeClock: true });
  const black = await openPlayer(env.browser, env.server.base, 'bob');
  const page = white.page;
  const matchId = await startGame(white, black);
  await page.waitForSelector('.board[data-interactive]');
  const clock = page.locator('.player[data-side=white] .clock');
  await page.clock.runFor(2_000);
  assert.match(await clock.textContent() ?? '', /^9:5\d$/, 'white\'s clock runs');

  await env.server.outage();
  await page.waitForSelector('body[data-connection=reconnecting]');
  const status = await page.textContent('.status');
  assert.match(status ?? '', /^Reconnecting…/, `the turn line: ${status}`);
  assert.doesNotMatch(status ?? '', /type it below/);
  assert.equal(await page.locator('.board[data-interactive]').count(), 0, 'no picking on the board');
  assert.equal(await page.isDisabled('.typed input'), true, 'no typed move');
  assert.equal(await page.isDisabled('button[data-action=abort]'), true, 'no abort that cannot be sent');
  assert.equal(await page.isHidden('.game-on'), true, 'no "your clock is running" banner');
  const frozen = await clock.textContent();
  await page.clock.runFor(5_000);
  assert.equal(await clock.textContent(), frozen, 'the clock stands still while the server is gone');
  assert.equal(await clock.getAttribute('data-running'), null, 'and is not shown running');

  await env.server.restart();
  await page.clock.runFor(16_000); // the next reconnect attempt is due within the backoff's longest step so far
  await waitForGame(page, 'your-move', 0);
  await page.waitForSelector('.board[data-interactive]');
  assert.match(await page.textContent('.status') ?? '', /^Your move/);
  await page.click('[data-square=d1]');
  await page.click('[data-square=d7]');
  await page.click('[data-square=g7]');
  await waitForGame(black.page, 'your-move', 1);
  assert.deepEqual(white.errors.filter((e) => !e.includes('WebSocket')), []);
  assert.deepEqual(black.errors.filter((e) => !e.includes('WebSocket')), []);
});
