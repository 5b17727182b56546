// Identity and ratings in the browser, against the real server: each
// browser keeps its own key, so a rated game between two of them moves both
// ratings (shown at the game's end and then beside the names in the lobby);
// the leaderboard lists them, filtered by kind and with the computer marked
// as a bot, and a player's page shows the rating plot and recent games that
// open their replays; a name claimed by one browser is refused to another,
// which is asked for another name and does not retry the refused one.
// Screenshots of the leaderboard and a player page, laptop and phone.

import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  DESKTOP, PHONE, SCREENSHOTS, clickMove, createMatch, decidedGame, layoutProblems, openPage, openPlayer, serverAndBrowser, waitForGame,
} from './harness.js';

const env = serverAndBrowser();

before(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

/** A rating as the page writes it: `1523` or `1523?`. */
const RATING = /^\d{3,4}\??$/;

/**
 * The rating change the result shows for a side: its after rating and delta.
 * @param {import('playwright-core').Page} page
 * @param {'white' | 'black'} side
 */
async function changeShown(page, side) {
  const text = (await page.textContent(`.result .rating-changes li[data-side=${side}] .change`)) ?? '';
  const found = /^(\d+\??) → (\d+\??) \(([+-]\d+)\)$/.exec(text);
  assert.ok(found, `a change such as 1500? → 1688? (+188): "${text}"`);
  return { before: found[1], after: found[2], delta: Number(found[3]) };
}

/**
 * A game against the computer at level 1 (rated: the computer is
 * identified), the person white, who resigns after the computer's answer.
 * @param {import('playwright-core').Page} page
 */
async function loseToTheComputer(page) {
  await page.goto(`${env.server.base}/#/`);
  await page.click('form.create label:has(input[name=opponent][value=level])');
  await page.click('form.create label:has(input[name=level][value="1"])');
  await page.fill('input[name=think]', '0.1');
  await page.click('form.create label:has(input[name=time][value="5+3"])');
  await page.click('form.create label:has(input[name=color][value=white])');
  assert.equal(await page.isChecked('input[name=rated]'), true, 'a timed game is rated by default');
  await page.click('form.create button[type=submit]');
  await waitForGame(page, 'your-move', 0);
  await clickMove(page);
  await waitForGame(page, 'your-move', 2);
  await page.click('button[data-action=resign]');
  await page.click('button[data-action=resign]');
  await waitForGame(page, 'over');
}

test("a rated game between two browsers moves both ratings; the lobby shows them beside the names", async () => {
  const ann = await openPlayer(env.browser, env.server.base, 'ann');
  const bob = await openPlayer(env.browser, env.server.base, 'bob');
  // The form: rated by default for a timed game; an untimed one is casual and cannot be made rated.
  await ann.page.click('form.create label:has(input[name=time][value=untimed])');
  assert.equal(await ann.page.isChecked('input[name=rated]'), false);
  assert.equal(await ann.page.isDisabled('input[name=rated]'), true);
  await ann.page.click('form.create label:has(input[name=time][value="10+5"])');
  assert.equal(await ann.page.isChecked('input[name=rated]'), true);
  assert.equal(await ann.page.isDisabled('input[name=rated]'), false);

  const matchId = await decidedGame(ann, bob, 'white');
  await ann.page.waitForSelector('.game .info:has-text("rated")');
  const annChange = await changeShown(ann.page, 'white');
  const bobChange = await changeShown(bob.page, 'black');
  assert.equal(annChange.before, '1500?', 'a new key starts at 1500, provisional');
  assert.equal(bobChange.before, '1500?');
  assert.ok(annChange.delta < 0 && bobChange.delta > 0, `the loser goes down, the winner up: ${annChange.delta}, ${bobChange.delta}`);
  assert.deepEqual(await changeShown(bob.page, 'white'), annChange, 'both pages show the same changes');
  // The bars by the board show the ratings the game left.
  assert.equal(await ann.page.textContent('.player[data-side=white] .rating'), annChange.after);
  assert.equal(await ann.page.textContent('.player[data-side=black] .rating'), bobChange.after);

  // Back in the lobby, ann's new match shows her rating beside her name, and says it is rated.
  await ann.page.click('.result a:has-text("Back to the lobby")');
  const next = await createMatch(ann.page, { time: '5+3', color: 'white' });
  const row = bob.page.locator(`tr[data-match="${next}"]`);
  await bob.page.goto(`${env.server.base}/#/`);
  await row.locator('button[data-action=join]').waitFor();
  assert.equal((await row.locator('td.white .rating').textContent())?.trim(), annChange.after);
  assert.match(annChange.after, RATING);
  assert.equal(await row.locator('td.time .rated').textContent(), 'rated');
  // The record says so too.
  const record = await (await fetch(`${env.server.base}/api/games/${matchId}`)).json();
  assert.equal(record.rated, true);
  assert.match(record.white.id, /^[0-9a-f]{32}$/, "the key's public id, never the key");
  assert.notEqual(record.white.id, record.black.id);
  const key = await ann.page.evaluate(() => localStorage.getItem('amazons.key'));
  assert.match(key ?? '', /^[0-9a-f]{64}$/, 'the browser keeps a 64-hex-digit key');
  assert.ok(!JSON.stringify(record).includes(key ?? '-'), 'the key is in no record');
  for (const player of [ann, bob]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});

test('a name another browser holds is refused once, in words for this browser (the header claims no name meanwhile); another name is taken, and nothing retries meanwhile', async () => {
  const first = await openPlayer(env.browser, env.server.base, 'dora');
  const second = await openPage(env.browser, env.server.base, {}, { fakeClock: true });
  /** @type {string[]} */
  const sockets = [];
  second.page.on('websocket', (socket) => sockets.push(socket.url()));
  await second.page.fill('#name-input', 'DORA');
  await second.page.press('#name-input', 'Enter');
  await second.page.waitForSelector('body[data-connection=refused]');
  await second.page.waitForSelector('#name-form:not([hidden]) #name-error:has-text("another player\'s name")');
  const refusal = (await second.page.textContent('#name-error')) ?? '';
  assert.match(refusal, /^DORA is already another player's name: another browser or program used it first\. Pick another name/);
  assert.match(refusal, /this browser/);
  assert.doesNotMatch(refusal, /state directory|player-key|key file/, 'words for a browser, not a terminal');
  // Said once: not in the banner too; the header claims no name and offers no change of one.
  assert.equal(await second.page.isHidden('#banner'), true);
  assert.equal(await second.page.evaluate(() => document.body.innerText.split("another player's name").length - 1), 1);
  assert.equal(await second.page.textContent('#me-name'), '');
  assert.equal(await second.page.isHidden('#rename'), true);
  assert.equal(await second.page.inputValue('#name-input'), 'DORA', 'the refused name is there to change');
  // A minute on the page's clock: the refused name is not tried again.
  await second.page.clock.runFor(60_000);
  assert.equal(sockets.length, 1, `one connection, not a reconnecting loop: ${sockets.length}`);
  await second.page.fill('#name-input', 'dora2');
  await second.page.press('#name-input', 'Enter');
  await second.page.waitForSelector('body[data-connection=connected]');
  assert.equal(await second.page.textContent('#me-name'), 'dora2');
  assert.equal(await second.page.isVisible('#rename'), true);
  assert.equal(sockets.length, 2);
  // The first browser still has its name.
  assert.equal(await first.page.textContent('#me-name'), 'dora');
  for (const player of [first, second]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});

test('the leaderboard and a player page: rows best first, bots marked, filters, the plot, recent games to their replays; they fit a laptop and a phone', async () => {
  const eve = await openPlayer(env.browser, env.server.base, 'eve', DESKTOP);
  const finn = await openPlayer(env.browser, env.server.base, 'Finnegan_Wolfeschlegelstein', DESKTOP);
  // A few games, so eve's history has ups and downs and the computer is ranked.
  for (const loser of /** @type {const} */ (['black', 'black', 'white', 'black'])) {
    await decidedGame(eve, finn, loser);
  }
  await loseToTheComputer(eve.page);

  const page = eve.page;
  await page.click('header nav a[data-screen=players]');
  await page.waitForSelector('.leaderboard[data-state=ready][data-kind=all]');
  assert.equal(await page.title(), 'Leaderboard · Amazons');
  assert.equal(await page.getAttribute('header nav a[data-screen=players]', 'aria-current'), '');
  const rows = await page.$$eval('.players tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
  assert.ok(rows.length >= 3, `eve, finn and the computer: ${JSON.stringify(rows)}`);
  assert.deepEqual(rows.map((r) => r[0]), rows.map((_, i) => String(i + 1)), 'ranked 1, 2, 3…');
  const ratings = rows.map((r) => Number(/^\d+/.exec(r[2])?.[0]));
  assert.deepEqual([...ratings].sort((a, b) => b - a), ratings, 'best first');
  const eveRow = rows.find((r) => r[1] === 'eve');
  assert.ok(eveRow, 'eve is listed');
  assert.match(eveRow[2], /^\d+\?? ± \d+$/);
  assert.deepEqual(eveRow.slice(3, 6), ['5', '3', '2'], '5 rated games, 3 won, 2 lost');
  await page.waitForSelector('.players tr[data-player="computer (level 1)"] .badge:text("bot")');
  const headers = await page.$$eval('.players thead th', (ths) => ths.filter((th) => th.checkVisibility()).map((th) => th.textContent));
  assert.deepEqual(headers, ['Rank', 'Player', 'Rating', 'Games', 'Won', 'Lost', 'Last played']);
  for (const [size, options] of /** @type {const} */ ([['laptop', DESKTOP], ['phone', PHONE]])) {
    await page.setViewportSize(options.viewport);
    assert.deepEqual(await layoutProblems(page), [], `the leaderboard on the ${size}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `leaderboard-${size === 'laptop' ? 'desktop' : 'phone'}.png`) });
  }
  await page.setViewportSize(DESKTOP.viewport);

  await page.click('.filters a[data-filter=bot]');
  await page.waitForSelector('.leaderboard[data-state=ready][data-kind=bot]');
  const bots = await page.$$eval('.players tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-player')));
  assert.deepEqual(bots, ['computer (level 1)']);
  assert.equal(await page.textContent('.players tbody tr td.rank'), '1', 'ranked among the bots');
  await page.click('.filters a[data-filter=human]');
  await page.waitForSelector('.leaderboard[data-state=ready][data-kind=human]');
  const people = await page.$$eval('.players tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-player')));
  assert.ok(people.includes('eve') && !people.includes('computer (level 1)'), `${people}`);

  await page.click('.players a:text-is("eve")');
  await page.waitForSelector('.player-page[data-state=ready]');
  assert.equal(await page.textContent('.player-page h1'), 'eve');
  assert.match((await page.textContent('.player-page .info')) ?? '', /^5 rated games: 3 won, 2 lost · last played /);
  const plot = page.locator('.player-page svg.rating-plot');
  assert.equal(await plot.getAttribute('data-points'), '5');
  assert.equal(await plot.getAttribute('role'), 'img');
  assert.equal(await page.textContent('svg.rating-plot > title'), 'Rating history of eve');
  assert.match((await page.textContent('svg.rating-plot > desc')) ?? '', /^5 rated games from .*, \d+ ± \d+ now/);
  assert.deepEqual(await page.$$eval('svg.rating-plot .axis-name', (names) => names.map((n) => n.textContent)), ['Rated games', 'Rating']);
  assert.equal(await page.locator('svg.rating-plot circle.dot').count(), 5);
  const games = page.locator('.recent tbody tr');
  assert.equal(await games.count(), 5);
  assert.deepEqual(
    await page.$$eval('.recent thead th', (ths) => ths.map((th) => th.textContent)),
    ['Ended', 'Opponent', 'Colour', 'Result', 'Rated or casual', 'Moves'],
    'the rated/casual column says what it holds',
  );
  assert.equal(await games.first().locator('td.stakes').textContent(), 'rated');
  assert.equal(await games.first().locator('td').nth(1).textContent(), 'computer (level 1)bot');
  assert.equal(await games.first().locator('td[data-result]').textContent(), 'lost');
  for (const [size, options] of /** @type {const} */ ([['laptop', DESKTOP], ['phone', PHONE]])) {
    await page.setViewportSize(options.viewport);
    // The plot is drawn again for its new width, one unit a pixel.
    await page.waitForFunction(() => {
      const figure = document.querySelector('.player-page figure.plot');
      const drawn = Number(figure?.querySelector('svg')?.getAttribute('data-width'));
      if (!figure || !drawn) return false;
      const style = getComputedStyle(figure);
      return Math.abs(figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - drawn) <= 4;
    });
    assert.deepEqual(await layoutProblems(page), [], `the player page on the ${size}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `player-${size === 'laptop' ? 'desktop' : 'phone'}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP.viewport);
  // A recent game opens its replay.
  const gameId = await games.nth(1).getAttribute('data-game');
  await games.nth(1).locator('a').click();
  await page.waitForSelector('.replay[data-state=ready]');
  assert.equal(await page.evaluate(() => location.hash), `#/games/${gameId}`);

  // A name nobody has: the page says so.
  await page.goto(`${env.server.base}/#/players/${encodeURIComponent('nobody here')}`);
  await page.waitForSelector('.player-page[data-state=failed]:has-text("nobody by that name")');
  for (const player of [eve, finn]) {
    assert.deepEqual(player.errors.filter((e) => !e.includes('404')), [], 'only the 404 asked for');
    await player.context.close();
  }
});
