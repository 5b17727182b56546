// Playing the computer from the web lobby alone, against the real server:
// the lobby offers the levels in words (from `welcome.computer`), a game
// against level 1 is played by clicks to its end and recorded with a bot in
// it, and a server at its limit of computer games says so in the form.
// `COMPUTER_LEVELS=1,2,...,7` plays a whole game against each of those
// levels instead (slow at the high levels; prints the results and times).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SCREENSHOTS, clickMove, openPlayer, seededRandom, waitForGame, serverAndBrowser } from './harness.js';

// No waiting line, so that a third game is refused rather than queued for
// a place (the line has tests of its own, crates/server/tests/workers.rs).
const env = serverAndBrowser(['--computer-max-games', '2', '--set', 'computer.max_waiting=0']);

/**
 * Fills the lobby form for a game against the computer and sends it.
 * @param {import('playwright-core').Page} page
 * @param {{level: number, seconds: string, color: string, time: string}} choice
 */
async function askForTheComputer(page, choice) {
  await page.click('form.create label:has(input[name=opponent][value=level])');
  await page.click(`form.create label:has(input[name=level][value="${choice.level}"])`);
  await page.fill('input[name=think]', choice.seconds);
  await page.click(`form.create label:has(input[name=time][value="${choice.time}"])`);
  await page.click(`form.create label:has(input[name=color][value="${choice.color}"])`);
  await page.click('form.create button[type=submit]');
}

/**
 * Plays random legal moves by clicks until the game is over; returns the
 * number of moves made and the result shown.
 * @param {import('playwright-core').Page} page
 * @param {number} seed
 * @param {number} waitMs how long the computer may take for a move
 */
async function playToTheEnd(page, seed, waitMs) {
  const random = seededRandom(seed);
  let moves = 0;
  for (;;) {
    await page.waitForSelector('.game[data-state="your-move"] .board[data-interactive], .game[data-state="over"]', { timeout: waitMs });
    if (await page.$('.game[data-state="over"]')) break;
    const ply = await clickMove(page, random);
    moves += 1;
    await page.waitForSelector(`.game:not([data-ply="${ply}"])`);
  }
  return { moves, result: (await page.textContent('.result .outcome')) ?? '' };
}

test('the lobby offers the computer with its levels in words; a game against level 1 is played to its end and recorded', async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann');
  const page = ann.page;
  await page.click('form.create label:has(input[name=opponent][value=level])');
  // Each level is a choice whose name says it in the server's words; the
  // chosen one's words are also shown whole beneath.
  const levels = await page.$$eval('input[name=level]', (inputs) => inputs.map((i) => i.getAttribute('aria-label')));
  assert.equal(levels.length, 7);
  assert.equal(levels[0], '1: random mover');
  assert.equal(levels[6], '7: full strength, Monte-Carlo tree search');
  assert.equal(await page.isChecked('input[name=level][value="7"]'), true, 'the strongest level by default');
  await page.waitForSelector('.level-description:text("full strength, Monte-Carlo tree search")');
  await page.click('form.create label:has(input[name=level][value="1"])');
  await page.waitForSelector('.level-description:text("random mover")');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lobby-computer.png') });

  await askForTheComputer(page, { level: 1, seconds: '0.1', color: 'black', time: '5+3' });
  // No waiting for an opponent: the computer is white and opens.
  await waitForGame(page, 'your-move', 1);
  assert.equal(await page.textContent('.player:has(.badge:text("bot")) .name'), 'computer (level 1)');
  const matchId = await page.evaluate(() => location.hash.replace('#/match/', ''));

  const { result } = await playToTheEnd(page, 13, 15_000);
  assert.match(result, /wins: (White|Black) has no legal move/);
  const games = await (await fetch(`${env.server.base}/api/games`)).json();
  const record = games.games.find((/** @type {{id: string}} */ g) => g.id === matchId);
  assert.deepEqual(record.white, { name: 'computer (level 1)', kind: 'bot', id: 'computer:level-1' });
  assert.equal(record.black.name, 'ann');
  assert.equal(record.black.kind, 'human');
  assert.match(record.black.id, /^[0-9a-f]{32}$/, "the page's key makes ann an identified player");
  assert.equal(record.rated, true, 'a timed game against the computer is rated');
  assert.deepEqual(ann.errors, []);
  await ann.context.close();
});

test('at its limit of computer games the server says so in the form', async () => {
  const players = [];
  for (const name of ['kim', 'lou']) {
    const player = await openPlayer(env.browser, env.server.base, name);
    await askForTheComputer(player.page, { level: 2, seconds: '0.2', color: 'white', time: 'untimed' });
    await waitForGame(player.page, 'your-move', 0);
    players.push(player);
  }
  const third = await openPlayer(env.browser, env.server.base, 'max');
  await askForTheComputer(third.page, { level: 2, seconds: '0.2', color: 'white', time: 'untimed' });
  await third.page.waitForSelector('.form-error:has-text("the computer is already playing 2 games")');
  // Both computer games are in the lobby, with a bot in each.
  await third.page.waitForSelector('tbody tr:has(.badge:text("bot")) >> nth=1');
  for (const player of [...players, third]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});

const levels = (process.env.COMPUTER_LEVELS ?? '')
  .split(',')
  .filter((l) => l.trim() !== '')
  .map(Number);

for (const level of levels) {
  test(`a whole game against level ${level} from the lobby`, { timeout: 30 * 60_000 }, async () => {
    const player = await openPlayer(env.browser, env.server.base, `tester${level}`);
    const seconds = process.env.COMPUTER_SECONDS ?? '1';
    const started = Date.now();
    await askForTheComputer(player.page, { level, seconds, color: 'white', time: 'untimed' });
    await waitForGame(player.page, 'your-move', 0);
    const { moves, result } = await playToTheEnd(player.page, 100 + level, Number(seconds) * 1000 + 15_000);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`level ${level} (${seconds} s a move): ${result}; ${moves} moves by the random clicker, ${took} s`);
    assert.deepEqual(player.errors, []);
    await player.context.close();
  });
}
