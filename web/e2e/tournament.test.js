// Tournaments from the web board against the real server: a round robin
// with computer entrants created and started from the page, the organiser
// told "your game is ready" and seated in each game, resigning them, and
// the standings following; a second page finding a Swiss in the list,
// joining, withdrawing and joining again, seen live on the organiser's page;
// the organiser removing an entrant, pausing between rounds, resuming and
// ending early.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  DESKTOP, FAST_COMPUTER, PHONE, ROUND_WAIT_MS, SCREENSHOTS, createTournament, openPlayer, resignEveryGame, serverAndBrowser,
} from './harness.js';

const env = serverAndBrowser(FAST_COMPUTER);

/**
 * The standings as the page shows them: name and points, best first.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<[string, number][]>}
 */
async function standings(page) {
  return page.$$eval('.standings-table tbody tr', (rows) =>
    rows.map((row) => /** @type {[string, number]} */ ([row.getAttribute('data-player') ?? '', Number(row.getAttribute('data-points'))])));
}

/**
 * Asserts that the standings have a column for each tie-break the server
 * reports (`GET /api/tournaments/{id}`), in its order, and that every short
 * heading says what it means in its title.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
async function assertHeadingsExplained(page, id) {
  const response = await fetch(`${env.server.base}/api/tournaments/${id}`);
  assert.equal(response.status, 200);
  const view = await response.json();
  const kinds = view.standings[0].tiebreaks.map((/** @type {{kind: string}} */ t) => t.kind);
  const columns = await page.$$eval('.standings-table thead th.tiebreak', (cells) => cells.map((c) => c.className.replace('tiebreak ', '')));
  assert.deepEqual(columns, kinds, "the server's tie-breaks, in its order");
  const headings = await page.$$eval('.standings-table thead abbr', (abbrs) => abbrs.map((a) => [a.textContent, a.getAttribute('title')]));
  assert.equal(headings.length, 3 + kinds.length, 'rank, points, games and each tie-break');
  for (const [short, title] of headings) assert.ok(title && title.length > (short ?? '').length + 5, `${short} is explained`);
}

test('a round robin with computer entrants: created and started from the page, each game ready and seated, standings to the end', async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann', DESKTOP);
  const id = await createTournament(ann.page, { title: 'Evening bots', levels: [1, 2, 3], join: true });
  assert.equal(await ann.page.locator('.entrants li').count(), 4, 'ann and three computers');
  await ann.page.click('.tournament-actions button[data-action=start]');
  // The first round's game is ready: the page takes the seat and shows the game, and says so.
  await ann.page.waitForSelector('.game[data-state="your-move"], .game[data-state="their-move"]');
  await ann.page.waitForSelector('#ready:has-text("Your tournament game is ready: round 1 against computer")');
  assert.match(await ann.page.textContent('#announcer') ?? '', /./, 'something was said');
  await ann.page.screenshot({ path: path.join(SCREENSHOTS, 'tournament-game.png') });
  // To the tournament's page and back while the game goes on: the page is not taken back to the game by itself.
  const first = await ann.page.evaluate(() => location.hash);
  await ann.page.click('#ready a[data-action=back-to-tournament]');
  await ann.page.waitForSelector(`.tournament[data-state=running][data-tournament="${id}"] .round[data-round="1"]`);
  await ann.page.click('.ready-line a[data-action=go-to-game]');
  await ann.page.waitForSelector('.game[data-state="your-move"], .game[data-state="their-move"]');
  assert.equal(await ann.page.evaluate(() => location.hash), first);
  const games = await resignEveryGame(ann.page, id);
  assert.equal(games.length, 3, 'one game in each of the three rounds');
  assert.equal(new Set(games).size, 3);

  const page = ann.page;
  await page.waitForSelector('.tournament[data-state=finished]');
  const table = await standings(page);
  assert.equal(table.length, 4);
  assert.deepEqual(table.find(([name]) => name === 'ann'), ['ann', 0], 'ann resigned every game');
  assert.equal(table.reduce((sum, [, points]) => sum + points, 0), 6, 'six games, a point each');
  assert.equal(table.at(-1)?.[0], 'ann', 'last');
  assert.equal(await page.locator('.round').count(), 3, 'three rounds shown');
  assert.equal(await page.locator('.round[data-round="3"] tr[data-result=pending]').count(), 0, 'every game over');
  for (const matchId of games) {
    assert.equal(await page.locator(`.pairings tr[data-match="${matchId}"][data-result=done]`).count(), 1, `the game ${matchId} is in its round`);
  }
  assert.ok(await page.locator('.crosstable-table tbody tr').count() === 4, 'a crosstable of the four');
  await assertHeadingsExplained(page, id);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'tournament-desktop.png'), fullPage: true });

  // The finished tournament's page on a phone, reached from the list.
  const reader = await openPlayer(env.browser, env.server.base, 'reader', PHONE);
  await reader.page.goto(`${env.server.base}/#/tournaments`);
  await reader.page.click(`tr[data-tournament="${id}"][data-status=finished] a`);
  await reader.page.waitForSelector(`.tournament[data-state=finished][data-tournament="${id}"] .standings-table`);
  await reader.page.screenshot({ path: path.join(SCREENSHOTS, 'tournament-phone.png'), fullPage: true });
  assert.deepEqual(reader.errors, []);
  await reader.context.close();
  // And in Chinese, on a laptop.
  const chinese = await openPlayer(env.browser, env.server.base, 'reader-zh', { ...DESKTOP, locale: 'zh-CN' });
  await chinese.page.goto(`${env.server.base}/#/tournaments/${id}`);
  await chinese.page.waitForSelector(`.tournament[data-state=finished][data-tournament="${id}"] .standings-table`);
  assert.equal(await chinese.page.textContent('.standings h2'), '名次');
  await chinese.page.screenshot({ path: path.join(SCREENSHOTS, 'tournament-zh.png'), fullPage: true });
  assert.deepEqual(chinese.errors, []);
  await chinese.context.close();
  assert.deepEqual(ann.errors, []);
  await ann.context.close();
});

test('a second page finds a Swiss in the list and joins it, withdraws and joins again, live on the organiser\'s page', async () => {
  const cy = await openPlayer(env.browser, env.server.base, 'cy', DESKTOP);
  const title = 'Club <b>Swiss</b>';
  const id = await createTournament(cy.page, { title, format: 'swiss', rounds: 2, levels: [1, 2, 3] });
  assert.equal(await cy.page.textContent('.tournament h1'), title, 'a title from the network is shown as text');
  const dan = await openPlayer(env.browser, env.server.base, 'dan', DESKTOP);
  await dan.page.goto(`${env.server.base}/#/tournaments`);
  await dan.page.click(`tr[data-tournament="${id}"] a`);
  await dan.page.waitForSelector('.tournament[data-state=registering]');
  assert.equal(await dan.page.locator('.tournament-actions button[data-action=start]').count(), 0, 'only the organiser starts it');
  await dan.page.click('.tournament-actions button[data-action=join]');
  await dan.page.waitForSelector('.entrants li[data-entrant=dan]');
  await cy.page.waitForSelector('.entrants li[data-entrant=dan]');
  await dan.page.click('.tournament-actions button[data-action=withdraw]');
  await cy.page.waitForSelector('.entrants li[data-entrant=dan]', { state: 'detached' });
  await dan.page.click('.tournament-actions button[data-action=join]');
  await cy.page.waitForSelector('.entrants li[data-entrant=dan]');

  // The list (asked for again every few seconds): the finished round robin and this one, on a laptop and a phone.
  for (const [size, options] of /** @type {const} */ ([['desktop', DESKTOP], ['phone', PHONE]])) {
    const reader = await openPlayer(env.browser, env.server.base, `reader-${size}`, options);
    await reader.page.goto(`${env.server.base}/#/tournaments`);
    await reader.page.waitForSelector(`tr[data-tournament="${id}"][data-status=registering]`);
    assert.equal(await reader.page.textContent(`tr[data-tournament="${id}"] td.title`), title);
    await reader.page.screenshot({ path: path.join(SCREENSHOTS, `tournaments-${size}.png`), fullPage: true });
    assert.deepEqual(reader.errors, []);
    await reader.context.close();
  }

  await cy.page.click('.tournament-actions button[data-action=start]');
  const games = await resignEveryGame(dan.page, id);
  assert.ok(games.length >= 1, 'dan was seated in a game');
  await cy.page.waitForSelector('.tournament[data-state=finished]', { timeout: ROUND_WAIT_MS });
  const table = await standings(cy.page);
  assert.deepEqual(table.find(([name]) => name === 'dan'), ['dan', 2 - games.length], 'dan scores only a bye');
  assert.equal(await cy.page.locator('.crosstable').count(), 0, 'no crosstable for a Swiss');
  await assertHeadingsExplained(cy.page, id);
  for (const player of [cy, dan]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});

test("the organiser's controls: remove an entrant, start, pause between rounds, resume, end early", async () => {
  const eve = await openPlayer(env.browser, env.server.base, 'eve', DESKTOP);
  const id = await createTournament(eve.page, { title: 'Paused bots', levels: [1, 2, 3, 4] });
  const page = eve.page;
  const fay = await openPlayer(env.browser, env.server.base, 'fay', DESKTOP);
  await fay.page.goto(`${env.server.base}/#/tournaments/${id}`);
  await fay.page.click('.tournament-actions button[data-action=join]');
  await page.waitForSelector('.entrants li[data-entrant=fay]');
  assert.equal(await fay.page.locator('button[data-action=remove]').count(), 0, 'only the organiser removes');
  await page.click('.entrants li[data-entrant=fay] button[data-action=remove]');
  await fay.page.waitForSelector('.entrants li[data-entrant=fay]', { state: 'detached' });
  await fay.page.waitForSelector('.tournament-actions button[data-action=join]');

  await page.click('.tournament-actions button[data-action=start]');
  await page.waitForSelector('.tournament[data-state=running] .tournament-actions button[data-action=pause]');
  await page.click('.tournament-actions button[data-action=pause]');
  await page.waitForSelector('.tournament[data-paused] .tournament-actions button[data-action=resume]');
  assert.match(await page.textContent('.tournament-meta') ?? '', /paused/);
  // The round being played when the pause came is played out; paused, no next round is paired.
  const round = Number(await page.getAttribute('.tournament', 'data-round'));
  assert.ok(round >= 1 && round < 3, `paused in round ${round} of 3`);
  const played = `.round[data-round="${round}"]:not(:has(tr[data-result=pending]))`;
  await page.waitForSelector(`.tournament[data-round="${round}"] ${played}`, { timeout: ROUND_WAIT_MS });
  await fay.page.waitForSelector(`.tournament[data-paused] ${played}`);
  assert.equal(await page.locator(`.round[data-round="${round + 1}"]`).count(), 0, 'no next round while paused');
  await page.click('.tournament-actions button[data-action=resume]');
  await page.waitForSelector(`.tournament:not([data-paused]) .round[data-round="${round + 1}"]`, { timeout: ROUND_WAIT_MS });
  await page.click('.tournament-actions button[data-action=end]');
  await page.waitForSelector('.tournament-actions button[data-action=end]:has-text("Really end it?")');
  await page.click('.tournament-actions button[data-action=end]');
  await page.waitForSelector('.tournament[data-state=finished]', { timeout: ROUND_WAIT_MS });
  await fay.page.waitForSelector('.tournament[data-state=finished]');
  assert.equal(await page.locator(`.round[data-round="${round + 2}"]`).count(), 0, 'ended in the round after the pause');
  assert.equal(await page.locator('.tournament-actions button').count(), 0, 'nothing left to do');
  for (const player of [eve, fay]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});
