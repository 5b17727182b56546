// Two people play a whole game in the browser against the real server while
// a third watches; the record is then listed; rematch, then resign. The
// latency from the final click to the move on the opponent's screen is
// measured (printed, not asserted). Screenshots for the docs are taken.

import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  SCREENSHOTS, clickMove, seededRandom, createMatch, joinMatch, moveList, openPlayer, waitForGame, serverAndBrowser,
} from './harness.js';

const env = serverAndBrowser();

before(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

/**
 * Records, in the page, when the last click happened and when each ply
 * appeared, on one clock shared by all pages (timeOrigin + now).
 * @param {import('playwright-core').Page} page
 */
async function instrument(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__lastClick = 0;
    w.__plyShown = {};
    document.addEventListener('click', () => { w.__lastClick = performance.timeOrigin + performance.now(); }, true);
    const game = document.querySelector('.game');
    if (!game) throw new Error('no game screen');
    new MutationObserver(() => {
      const ply = game.getAttribute('data-ply');
      if (ply !== null && !(ply in w.__plyShown)) w.__plyShown[ply] = performance.timeOrigin + performance.now();
    }).observe(game, { attributes: true, attributeFilter: ['data-ply'] });
  });
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

test('two pages play a whole game, a third watches every move, the record is listed; rematch and resign', async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann');
  const bob = await openPlayer(env.browser, env.server.base, 'bob');
  const cy = await openPlayer(env.browser, env.server.base, 'cy');

  const matchId = await createMatch(ann.page, { time: '10+5', color: 'white' });
  await bob.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  // The documentation's lobby: a match to join, and the form with the computer's level shown.
  await bob.page.click('form.create label:has(input[name=opponent][value=level])');
  await bob.page.waitForSelector('form.create [data-computer=level]:not([hidden])');
  await bob.page.screenshot({ path: path.join(SCREENSHOTS, 'lobby.png') });
  await joinMatch(bob.page, matchId);
  await cy.page.click(`tr[data-match="${matchId}"] a[data-action=watch]`);
  await waitForGame(cy.page, 'watching');
  await ann.page.waitForSelector('.game .info:has-text("1 spectator")');

  for (const player of [ann, bob, cy]) await instrument(player.page);
  /** @type {number[]} */
  const latencies = [];
  const players = [ann, bob];
  let turn = 0;
  const random = seededRandom(12);
  for (;;) {
    const mover = players[turn % 2];
    const other = players[(turn + 1) % 2];
    await mover.page.waitForSelector('.game[data-state="your-move"] .board[data-interactive], .game[data-state="over"]');
    if ((await mover.page.getAttribute('.game', 'data-state')) === 'over') break;
    const ply = await clickMove(mover.page, random);
    await other.page.waitForSelector(`.game[data-ply="${ply + 1}"]`);
    const [clicked, shown] = await Promise.all([
      mover.page.evaluate(() => /** @type {any} */ (window).__lastClick),
      other.page.evaluate((p) => /** @type {any} */ (window).__plyShown[p], String(ply + 1)),
    ]);
    latencies.push(shown - clicked);
    if (ply === 24) await ann.page.screenshot({ path: path.join(SCREENSHOTS, 'game-desktop.png') });
    turn += 1;
  }
  const plies = turn;
  console.log(`# click-to-shown latency over ${latencies.length} moves: median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);

  for (const player of [ann, bob, cy]) {
    await waitForGame(player.page, 'over', plies);
    await player.page.waitForSelector('.result .outcome:has-text("has no legal move")');
  }
  const annMoves = await moveList(ann.page);
  assert.equal(annMoves.length, plies);
  assert.deepEqual(await moveList(bob.page), annMoves);
  assert.deepEqual(await moveList(cy.page), annMoves, 'the spectator saw every move');

  const listed = await (await fetch(`${env.server.base}/api/games`)).json();
  const entry = listed.games.find((/** @type {any} */ g) => g.id === matchId);
  assert.ok(entry, 'the finished game is listed');
  assert.equal(entry.moves, plies);
  const record = await (await fetch(`${env.server.base}/api/games/${matchId}`)).json();
  assert.deepEqual(record.moves.map((/** @type {any} */ m) => m.move), annMoves);

  // The replay of that game.
  await cy.page.click('.result a.replay-link');
  await cy.page.waitForSelector(`.replay[data-state=ready][data-frame="${plies}"]`);
  await cy.page.click('button[data-action=first]');
  await cy.page.waitForSelector('.replay[data-frame="0"]');
  await cy.page.keyboard.press('ArrowRight');
  await cy.page.keyboard.press('ArrowRight');
  await cy.page.waitForSelector('.replay[data-frame="2"]');
  await cy.page.keyboard.press('End');
  await cy.page.waitForSelector(`.replay[data-frame="${plies}"]`);
  await cy.page.locator('.replay input[type=range]').fill('10');
  await cy.page.waitForSelector('.replay[data-frame="10"]');
  assert.match(await cy.page.textContent('.replay .status') ?? '', /^Move 5, black \(ply 10 of \d+\): [a-j]\d+-[a-j]\d+\/[a-j]\d+, \d/);
  assert.equal(await cy.page.getAttribute('.replay a[download]', 'href'), `/api/games/${matchId}`);
  await cy.page.screenshot({ path: path.join(SCREENSHOTS, 'replay.png') });
  await cy.page.goto(`${env.server.base}/#/games`);
  await cy.page.waitForSelector(`.history[data-state=ready] tr[data-game="${matchId}"]`);

  // Rematch: offered by the loser... or the winner; accepted by the other; colours swap.
  await ann.page.click('button[data-action=offer-rematch]');
  await bob.page.waitForSelector('button[data-action=accept-rematch]');
  await bob.page.click('button[data-action=accept-rematch]');
  await ann.page.waitForFunction((old) => !location.hash.includes(old), matchId);
  await waitForGame(bob.page, 'your-move', 0);
  await waitForGame(ann.page, 'their-move', 0);
  assert.equal(await bob.page.getAttribute('.player[data-you]', 'data-side'), 'white', 'colours swapped');

  // Resign, with its confirm step.
  await ann.page.click('button[data-action=resign]');
  await ann.page.waitForSelector('button[data-action=resign]:has-text("Really resign?")');
  await ann.page.click('button[data-action=resign-no]');
  await ann.page.waitForSelector('button[data-action=resign]:has-text("Resign")');
  await ann.page.click('button[data-action=resign]');
  await ann.page.click('button[data-action=resign]');
  for (const player of [ann, bob]) {
    await waitForGame(player.page, 'over');
    await player.page.waitForSelector('.result .outcome:has-text("White wins: Black resigned")');
  }
  await bob.page.waitForSelector('.result:has-text("You won.")');

  for (const player of [ann, bob, cy]) assert.deepEqual(player.errors, []);
});
