// Playing details in the browser against the real server: refused picks and
// refused typed moves show their reasons, a keyboard-only move, resuming the
// seat after a reload, two tabs on one seat, a phone with the confirm step,
// a hostile name shown as text, a name the server refuses, abort until both
// sides have moved, and the page's HTTP headers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  SCREENSHOTS, clickMove, createMatch, joinMatch, moveList, newGame, openPage, openPlayer, openTab, waitForGame, serverAndBrowser,
} from './harness.js';

const env = serverAndBrowser();

test('a refused pick and a refused typed move show the reason; the typed move stays', async () => {
  const { white, black } = await newGame(env, 'ann', 'bob');
  await white.page.waitForSelector('.board[data-interactive]');
  await white.page.click('[data-square=a7]');
  await white.page.waitForSelector('.notice:has-text("a7 is not one of your queens that can move")');
  await white.page.click('[data-square=d1]');
  await white.page.click('[data-square=e3]');
  await white.page.waitForSelector('.notice:has-text("the queen on d1 cannot move to e3")');
  await white.page.keyboard.press('Escape');

  await white.page.fill('.typed input', 'd1-d10/d9');
  await white.page.press('.typed input', 'Enter');
  await white.page.waitForFunction(() => {
    const notice = document.querySelector('.notice')?.textContent ?? '';
    return notice !== '' && document.querySelector('.game')?.getAttribute('data-state') === 'your-move';
  });
  const reason = await white.page.textContent('.notice');
  assert.ok(reason && reason.length > 5, `the server's reason: ${reason}`);
  assert.equal(await white.page.inputValue('.typed input'), 'd1-d10/d9', 'kept for correcting');
  await white.page.fill('.typed input', 'D1 D7 G7');
  await white.page.press('.typed input', 'Enter');
  await waitForGame(black.page, 'your-move', 1);
  assert.deepEqual(await moveList(black.page), ['d1-d7/g7']);
  assert.equal(await white.page.inputValue('.typed input'), '');
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

test('a move made with the keyboard alone', async () => {
  const { white, black } = await newGame(env, 'kay', 'lee');
  const page = white.page;
  await page.waitForSelector('.board[data-interactive]');
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.classList.contains('board'))); i++) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('board')), 'Tab reaches the board');
  assert.equal(await page.getAttribute('.board', 'aria-activedescendant'), 'square-d1', 'the cursor starts on d1');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('.board', 'aria-activedescendant'), 'square-g7');
  assert.equal(await page.getAttribute('#square-d7', 'aria-label'), 'd7, white queen', 'the queen is drawn on d7 while the arrow is picked');
  await page.keyboard.press('Enter');
  await waitForGame(black.page, 'your-move', 1);
  assert.deepEqual(await moveList(black.page), ['d1-d7/g7']);
  assert.equal(await black.page.getAttribute('#square-g7', 'aria-label'), 'g7, arrow');
  await page.waitForSelector('#announcer:has-text("White played d1-d7/g7")');
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

test('a reload resumes the seat; a second tab takes it without the two fighting over it', async () => {
  const { white, black, matchId } = await newGame(env, 'max', 'ned');
  await clickMove(white.page);
  await waitForGame(black.page, 'your-move', 1);
  await black.page.reload();
  await waitForGame(black.page, 'your-move', 1);
  await black.page.waitForSelector('.board[data-interactive]');
  assert.deepEqual(await moveList(black.page), await moveList(white.page));

  // The same browser opens the match in a second tab: it takes the seat.
  const { page: second, errors: secondErrors } = await openTab(black.context, `${env.server.base}/#/match/${matchId}`);
  await waitForGame(second, 'your-move', 1);
  await waitForGame(black.page, 'elsewhere');
  await black.page.waitForSelector('button[data-action=play-here]');
  // The first tab comes back with its reconnect and stays a spectator.
  await black.page.waitForSelector('body[data-connection=connected] .game[data-state=elsewhere]');
  await black.page.click('button[data-action=play-here]');
  await waitForGame(black.page, 'your-move', 1);
  await waitForGame(second, 'elsewhere');
  await clickMove(black.page);
  await waitForGame(white.page, 'your-move', 2);
  await waitForGame(black.page, 'their-move', 2); // the first tab kept the seat
  // The second tab, out of play, does not watch either: it stays as it was.
  await second.waitForSelector('body[data-connection=connected] .game[data-state=elsewhere][data-ply="1"]');
  for (const errors of [white.errors, black.errors, secondErrors]) {
    assert.deepEqual(errors, []);
  }
});

test('two tabs on one seat: the tab out of play is no spectator, and takes the seat back when the other tab closes', async () => {
  const { white, black, matchId } = await newGame(env, 'ora', 'pat');
  await clickMove(white.page);
  await waitForGame(black.page, 'your-move', 1);
  const first = black.page;
  /** @type {string[]} what the first tab sends after it lost the seat */
  const sentByFirst = [];
  /** The first tab's new connection got the lobby list: what it sent on greeting is recorded by then. */
  const firstReconnected = new Promise((resolve) => {
    first.on('websocket', (socket) => {
      socket.on('framesent', (frame) => sentByFirst.push(JSON.parse(String(frame.payload)).type));
      socket.on('framereceived', (frame) => {
        if (JSON.parse(String(frame.payload)).type === 'match_list') resolve(undefined);
      });
    });
  });

  const { page: second, errors: secondErrors } = await openTab(black.context, `${env.server.base}/#/match/${matchId}`);
  await waitForGame(second, 'your-move', 1);
  await waitForGame(first, 'elsewhere');
  assert.equal(await first.getAttribute('.board-column > .player:last-child', 'data-side'), 'black', 'still seen from her side');
  // The first tab is back on line (its lobby list came), and asked nothing about the match.
  await firstReconnected;
  await first.waitForSelector('body[data-connection=connected] .game[data-state=elsewhere]');
  assert.ok(sentByFirst.includes('hello'), `the first tab reconnected: ${sentByFirst}`);
  assert.deepEqual(sentByFirst.filter((t) => t === 'spectate' || t === 'resume'), [], 'the first tab neither watches nor resumes');
  await clickMove(second);
  await waitForGame(white.page, 'your-move', 2);
  await white.page.waitForSelector('.game .info:has-text("0 spectators")');

  // The second tab closes: the first takes the seat back by itself.
  await second.close();
  await waitForGame(first, 'their-move', 2);
  assert.doesNotMatch(await first.textContent('.status') ?? '', /another tab/, 'no word of another tab any more');
  assert.equal(await first.isHidden('button[data-action=play-here]'), true);
  await clickMove(white.page);
  await waitForGame(first, 'your-move', 3);
  await clickMove(first);
  await waitForGame(white.page, 'your-move', 4);
  await white.page.waitForSelector('.game .info:has-text("0 spectators")');
  for (const errors of [white.errors, black.errors, secondErrors]) assert.deepEqual(errors, []);
});

test('a phone: the board first at full width, no sideways scroll, the confirm step on by default', async () => {
  const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const { white, black } = await newGame(env, 'pia', 'quinn', phone);
  const page = white.page;
  await page.waitForSelector('.board[data-interactive]');
  const box = await page.locator('.board').boundingBox();
  assert.ok(box && box.width >= 350 && box.y < 160, `board at ${JSON.stringify(box)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scroll');
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.board') ?? document.body).touchAction), 'none');
  for (const square of ['g1', 'g5', 'c5']) await page.tap(`[data-square=${square}]`);
  await page.waitForSelector('.confirm-bar:not([hidden])');
  assert.equal(await page.isChecked('input[name=confirm]'), true);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'game-phone.png') });
  await page.tap('button[data-action=cancel]');
  await page.waitForSelector('.confirm-bar[hidden]', { state: 'attached' });
  await page.tap('[data-square=c5]');
  await page.tap('button[data-action=send]');
  await waitForGame(black.page, 'your-move', 1);
  assert.deepEqual(await moveList(black.page), ['g1-g5/c5']);
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

test('the move box and the confirm toggle are there only for a seated player in a game in progress', async () => {
  const white = await openPlayer(env.browser, env.server.base, 'rae');
  const matchId = await createMatch(white.page, { color: 'white' });
  const moving = ['.typed input', '.typed button[type=submit]', 'input[name=confirm]'];
  /**
   * @param {import('playwright-core').Page} page
   * @param {boolean} shown
   * @param {string} who
   */
  const assertMoving = async (page, shown, who) => {
    for (const selector of moving) assert.equal(await page.locator(selector).isVisible(), shown, `${selector} for ${who}`);
  };
  await assertMoving(white.page, false, 'the creator waiting for an opponent');
  const black = await openPlayer(env.browser, env.server.base, 'sol');
  await black.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  await joinMatch(black.page, matchId);
  const watcher = await openPlayer(env.browser, env.server.base, 'tam');
  await watcher.page.goto(`${env.server.base}/#/match/${matchId}`);
  await waitForGame(watcher.page, 'watching');
  await waitForGame(white.page, 'your-move', 0);
  await assertMoving(white.page, true, 'the player to move');
  await assertMoving(black.page, true, 'the player waiting for the move');
  await assertMoving(watcher.page, false, 'a spectator');
  await white.page.click('button[data-action=abort]');
  for (const page of [white.page, black.page, watcher.page]) {
    await waitForGame(page, 'over');
    await assertMoving(page, false, 'a finished game');
  }
  for (const player of [white, black, watcher]) assert.deepEqual(player.errors, []);
});

test('a sound and a banner, shown and announced, say the game has started', async () => {
  /** Records the notes the page plays (WebAudio oscillators), in `window.notes`. */
  const listen = () => {
    const w = /** @type {any} */ (window);
    w.notes = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      w.notes.push(this.frequency.value);
      return start.apply(this, args);
    };
  };
  const white = await openPlayer(env.browser, env.server.base, 'uma');
  const black = await openPlayer(env.browser, env.server.base, 'vic');
  for (const player of [white, black]) {
    await player.page.addInitScript(listen);
    await player.page.reload();
    await player.page.waitForSelector('body[data-connection=connected]');
  }
  const matchId = await createMatch(white.page, { color: 'white' });
  assert.equal(await white.page.isHidden('.game-on'), true, 'no banner while waiting');
  await black.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  await joinMatch(black.page, matchId);
  await white.page.waitForSelector('.game-on:visible');
  assert.equal(await white.page.textContent('.game-on'), 'Game on: your move, your clock is running.');
  await white.page.waitForSelector('#announcer:has-text("Game on: your move, your clock is running.")');
  await black.page.waitForSelector('.game-on:visible');
  assert.equal(await black.page.textContent('.game-on'), 'Game on: you play black; uma (white) moves first.');
  await black.page.waitForSelector('#announcer:has-text("Game on: you play black")');
  for (const player of [white, black]) {
    // The start sound: its two notes (ui/sound.js), after the gesture that created or joined the match.
    await player.page.waitForFunction(() => {
      const notes = /** @type {any} */ (window).notes;
      return notes.includes(523) && notes.includes(784);
    });
  }
  await clickMove(white.page);
  await waitForGame(black.page, 'your-move', 1);
  for (const player of [white, black]) await player.page.waitForSelector('.game-on', { state: 'hidden' });
  for (const player of [white, black]) assert.deepEqual(player.errors, []);
});

test('a name made of HTML is shown as text and runs nothing', async () => {
  const evil = '<img src=x onerror=alert(1)>';
  const mallory = await openPlayer(env.browser, env.server.base, evil);
  let dialogs = 0;
  mallory.page.on('dialog', (dialog) => {
    dialogs += 1;
    dialog.dismiss();
  });
  const matchId = await createMatch(mallory.page, { color: 'white' });
  const viewer = await openPlayer(env.browser, env.server.base, 'viewer');
  viewer.page.on('dialog', (dialog) => {
    dialogs += 1;
    dialog.dismiss();
  });
  const cell = viewer.page.locator(`tr[data-match="${matchId}"] td`).first();
  assert.equal(await cell.locator('.who').textContent(), evil);
  assert.match((await cell.textContent()) ?? '', /^<img src=x onerror=alert\(1\)> 1500\?$/, 'the name, then its rating');
  assert.equal(await viewer.page.locator('.matches img').count(), 0);
  assert.equal(await mallory.page.textContent('.player[data-you] .name'), evil);
  assert.equal(await mallory.page.textContent('#me-name'), evil);
  assert.equal(await mallory.page.locator('main img').count(), 0);
  assert.equal(dialogs, 0);
  for (const player of [mallory, viewer]) assert.deepEqual(player.errors, []);
});

test('a name the server refuses is asked for again, with the server\'s reason', async () => {
  const { page, errors } = await openPage(env.browser, env.server.base);
  await page.press('#name-input', 'Enter');
  await page.waitForSelector('#name-error:has-text("Please type a name.")');
  // The page does not restate the server's length rule: the server's answer is shown.
  await page.fill('#name-input', 'x'.repeat(40));
  await page.press('#name-input', 'Enter');
  await page.waitForSelector('body[data-connection=refused]');
  await page.waitForSelector('#name-form:not([hidden]) #name-error:has-text("longer than 32 characters")');
  assert.equal(await page.inputValue('#name-input'), 'x'.repeat(40), 'the refused name is there to shorten');
  // The header does not show the refused name as if it were taken, and the reason is said once.
  assert.equal(await page.textContent('#me-name'), '');
  assert.equal(await page.isHidden('#rename'), true);
  assert.equal(await page.isHidden('#banner'), true);
  await page.fill('#name-input', 'kim');
  await page.press('#name-input', 'Enter');
  await page.waitForSelector('body[data-connection=connected]');
  assert.equal(await page.textContent('#me-name'), 'kim');
  assert.equal(await page.isHidden('#name-form'), true);
  assert.deepEqual(errors, []);
});

test('abort is offered until both sides have moved, and calls the game off', async () => {
  // Names of their own: each new browser has its own key, and a name stays with the first key that used it.
  const first = await newGame(env, 'ada', 'ben');
  for (const player of [first.white, first.black]) await player.page.waitForSelector('button[data-action=abort]:visible');
  await clickMove(first.white.page);
  await waitForGame(first.black.page, 'your-move', 1);
  await first.black.page.waitForSelector('button[data-action=abort]:visible');
  await clickMove(first.black.page);
  await waitForGame(first.white.page, 'your-move', 2);
  for (const player of [first.white, first.black]) {
    await player.page.waitForSelector('button[data-action=abort]', { state: 'hidden' });
    await player.page.waitForSelector('button[data-action=resign]:visible');
  }
  const second = await newGame(env, 'cy', 'dee');
  await second.white.page.click('button[data-action=abort]');
  for (const player of [second.white, second.black]) {
    await waitForGame(player.page, 'over');
    await player.page.waitForSelector('.result .outcome:has-text("Game aborted")');
  }
  for (const player of [first.white, first.black, second.white, second.black]) assert.deepEqual(player.errors, []);
});

test('the page and its files come with MIME types, ETags and a CSP the page lives within', async () => {
  const page = await fetch(`${env.server.base}/`);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, new RegExp(`connect-src 'self' ws://127\\.0\\.0\\.1:${env.server.port}`));
  for (const [file, type] of [['js/app.js', 'text/javascript; charset=utf-8'], ['style.css', 'text/css; charset=utf-8'], ['icon.svg', 'image/svg+xml']]) {
    const response = await fetch(`${env.server.base}/assets/${file}`);
    assert.equal(response.headers.get('content-type'), type, file);
    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(`${env.server.base}/assets/${file}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304, file);
  }
  assert.equal((await fetch(`${env.server.base}/assets/nope.js`)).status, 404);

  // In Chromium, the policy lets the page reach its WebSocket and nothing else breaks.
  const visitor = await openPlayer(env.browser, env.server.base, 'visitor');
  const violations = await visitor.page.evaluate(() => new Promise((resolve) => {
    /** @type {string[]} */
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
    requestAnimationFrame(() => resolve(seen));
  }));
  assert.deepEqual(violations, []);
  await visitor.page.click('a[href="#/rules"]');
  await visitor.page.waitForSelector('#rules:not([hidden]) h2:has-text("How to play")');
  assert.deepEqual(visitor.errors, []);
});
