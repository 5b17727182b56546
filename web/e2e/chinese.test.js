// The page in Simplified Chinese, in a Chromium started with --lang=zh-CN:
// a whole game (the lobby, a move each, a resignation, the replay) with no
// English word left on those screens but the players' names, notation and
// a short list of words that are names themselves; no sideways scroll on a
// phone; the name form, the rules, the leaderboard, a player page and the
// outage banner likewise; the header's switch to English and back,
// remembered. Screenshots of the Chinese lobby and game, on a laptop and a
// phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  DESKTOP, PHONE, SCREENSHOTS, clickMove, createMatch, joinMatch, layoutProblems, openPage, openPlayer, waitForGame, serverAndBrowser,
} from './harness.js';

const env = serverAndBrowser([], ['--lang=zh-CN']);

/**
 * Playwright gives each context a locale of its own (en-US unless told),
 * which is what the page reads from navigator.languages: the contexts ask for
 * zh-CN too, as a Chinese browser does.
 */
const ZH = { locale: 'zh-CN' };

/**
 * Latin words a Chinese screen may show: the language switch names English
 * in English; the level descriptions name the search (alpha-beta); the
 * record's download names its format (JSON).
 */
const ALLOWED = new Set(['English', 'alpha', 'beta', 'JSON']);

/**
 * The English left on the screen shown: every run of two or more Latin
 * letters in the visible text, and in the aria-label, title and placeholder
 * of visible elements, less the players' names and the allowed words.
 * Notation and coordinates (`d1-d7/g7`, `a4`) have one letter a run, so
 * they are never counted.
 * @param {import('playwright-core').Page} page
 * @param {string[]} names
 * @returns {Promise<string[]>}
 */
async function englishLeft(page, names) {
  const texts = await page.evaluate(() => {
    /** @type {string[]} */
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').trim();
      if (!parent || !text || !parent.checkVisibility()) continue;
      found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    // Words a style sheet adds (::before and ::after content strings).
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility()) continue;
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        for (const [, text] of content.matchAll(/"([^"]*)"/g)) if (text.trim()) found.push(text);
      }
    }
    found.push(document.title);
    return found;
  });
  const own = new Set(names.map((n) => n.toLowerCase()));
  /** @type {string[]} */
  const left = [];
  for (const text of texts) {
    for (const [word] of text.matchAll(/[A-Za-z]{2,}/g)) {
      if (ALLOWED.has(word) || own.has(word.toLowerCase())) continue;
      left.push(`${word} in "${text.slice(0, 60)}"`);
    }
  }
  return left;
}

/**
 * Asserts a screen is all Chinese and fits its window.
 * @param {import('playwright-core').Page} page
 * @param {string[]} names
 * @param {string} where
 */
async function assertChinese(page, names, where) {
  assert.deepEqual(await englishLeft(page, names), [], `English on ${where}`);
  assert.deepEqual(await layoutProblems(page), [], `the layout of ${where}`);
}

test('a whole game in Chinese: lobby, a move each, resign, replay; no English left, nothing wider than a phone', async () => {
  const names = ['ann', 'bob'];
  const ann = await openPlayer(env.browser, env.server.base, 'ann', { ...PHONE, ...ZH });
  const bob = await openPlayer(env.browser, env.server.base, 'bob', { ...DESKTOP, ...ZH });
  for (const player of [ann, bob]) {
    assert.equal(await player.page.getAttribute('html', 'lang'), 'zh-CN', 'the browser asked for Chinese');
    assert.deepEqual(await player.page.evaluate(() => navigator.languages[0]), 'zh-CN');
  }
  await ann.page.waitForSelector('form.create h2:text("新对局")');
  await assertChinese(ann.page, names, 'the empty lobby on a phone');
  await ann.page.click('form.create label:has(input[name=opponent][value=level])');
  await ann.page.waitForSelector('form.create [data-computer=level]:not([hidden])');
  assert.equal(await ann.page.textContent('.level-description'), '全力：蒙特卡洛树搜索', "the level's words are the catalogue's");
  await assertChinese(ann.page, names, 'the lobby with the computer chosen on a phone');
  await ann.page.click('form.create label:has(input[name=opponent][value=person])');

  const matchId = await createMatch(ann.page, { color: 'white' });
  await assertChinese(ann.page, names, 'waiting for an opponent on a phone');
  await bob.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  assert.match(await bob.page.textContent(`tr[data-match="${matchId}"] .progress`) ?? '', /^等待对手$/);
  await assertChinese(bob.page, names, 'the lobby with a match waiting on a laptop');
  await joinMatch(bob.page, matchId);
  await waitForGame(ann.page, 'your-move', 0);
  await ann.page.waitForSelector('.board[data-interactive]');
  assert.equal(await ann.page.textContent('.status'), '轮到你走：选一个皇后');
  assert.equal(await bob.page.textContent('.status'), '轮到先手（白）走');
  await ann.page.screenshot({ path: path.join(SCREENSHOTS, 'game-phone-zh-CN.png') });
  await bob.page.screenshot({ path: path.join(SCREENSHOTS, 'game-desktop-zh-CN.png') });
  for (const [player, where] of /** @type {const} */ ([[ann, 'the game on a phone'], [bob, 'the game on a laptop']])) {
    await assertChinese(player.page, names, where);
  }

  await clickMove(ann.page);
  await ann.page.click('button[data-action=send]:text("走这步")'); // the phone's confirm step
  await waitForGame(bob.page, 'your-move', 1);
  await clickMove(bob.page);
  await waitForGame(ann.page, 'your-move', 2);
  await assertChinese(ann.page, names, 'the game after a move each on a phone');
  await ann.page.click('button[data-action=resign]');
  await ann.page.waitForSelector('button[data-action=resign]:text("确定认输？")');
  await ann.page.click('button[data-action=resign]');
  for (const [player, where] of /** @type {const} */ ([[ann, 'phone'], [bob, 'laptop']])) {
    await waitForGame(player.page, 'over');
    await player.page.waitForSelector('.result .outcome:text("后手（黑）胜：先手（白）认输")');
    await assertChinese(player.page, names, `the finished game on a ${where}`);
  }
  await bob.page.waitForSelector('.result:has-text("你赢了。")');

  for (const [player, where] of /** @type {const} */ ([[ann, 'phone'], [bob, 'laptop']])) {
    await player.page.click('.result a.replay-link');
    await player.page.waitForSelector('.replay[data-state=ready][data-frame="2"]');
    assert.match(await player.page.textContent('.replay .status') ?? '', /^第 1 回合，后手（第 2 步，共 2 步）：[a-j]\d+-[a-j]\d+\/[a-j]\d+/);
    await assertChinese(player.page, names, `the replay on a ${where}`);
    await player.page.goto(`${env.server.base}/#/games`);
    await player.page.waitForSelector(`.history[data-state=ready] tr[data-game="${matchId}"]`);
    await assertChinese(player.page, names, `the games list on a ${where}`);
  }
  for (const player of [ann, bob]) {
    assert.deepEqual(player.errors, []);
    await player.context.close();
  }
});

test('the name form, the rules, the leaderboard, a player page and the outage banner in Chinese', async () => {
  const fresh = await openPage(env.browser, env.server.base, { ...PHONE, ...ZH });
  await fresh.page.waitForSelector('#name-form:not([hidden]) h1:text("你的名字")');
  await fresh.page.click('#name-form button[type=submit]');
  await fresh.page.waitForSelector('#name-error:text("请输入名字。")');
  await assertChinese(fresh.page, [], 'the name form');
  await fresh.context.close();

  const fay = await openPlayer(env.browser, env.server.base, 'fay', { ...PHONE, ...ZH });
  const page = fay.page;
  await page.click('a[href="#/rules"]');
  await page.waitForSelector('#rules:not([hidden]) h2:text("怎么下")');
  // The rules name the keys as they are printed on the keyboard.
  await assertChinese(page, ['fay', 'Tab', 'Shift', 'Enter', 'Esc'], 'the rules');
  await page.click('a[href="#/players"]');
  await page.waitForSelector('.leaderboard[data-state=ready] tr[data-player=ann]');
  await assertChinese(page, ['fay', 'ann', 'bob'], 'the leaderboard');
  await page.click('.players a:text-is("ann")');
  await page.waitForSelector('.player-page[data-state=ready] svg.rating-plot');
  assert.match(await page.textContent('.player-page .info') ?? '', /^1 局积分对局：0 胜，1 负 · 最近对局 /);
  await assertChinese(page, ['fay', 'ann', 'bob'], "ann's player page");

  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector('body[data-connection=connected] .lobby');
  await env.server.outage();
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner') ?? '', /^连接中断|^服务器已停止/);
  await assertChinese(page, ['fay'], 'the lobby during an outage');
  await env.server.restart();
  await page.waitForSelector('body[data-connection=connected]');
  await fay.context.close();
});

test('a name another browser holds is refused once, in Chinese, in words for this browser, on a phone and a laptop', async () => {
  const first = await openPlayer(env.browser, env.server.base, '钟', { ...DESKTOP, ...ZH });
  for (const [options, where] of /** @type {const} */ ([[PHONE, 'phone'], [DESKTOP, 'laptop']])) {
    const second = await openPage(env.browser, env.server.base, { ...options, ...ZH });
    await second.page.fill('#name-input', '钟');
    await second.page.press('#name-input', 'Enter');
    await second.page.waitForSelector('body[data-connection=refused] #name-form:not([hidden])');
    assert.equal(
      await second.page.textContent('#name-error'),
      '“钟”已是另一位棋手的名字：另一个浏览器或程序先用了它。请换一个名字；你在这里选的名字在这个浏览器中一直属于你。',
    );
    assert.equal(await second.page.isHidden('#banner'), true, 'said once');
    assert.equal(await second.page.textContent('#me-name'), '');
    assert.equal(await second.page.isHidden('#rename'), true);
    await assertChinese(second.page, [], `the refused name on a ${where}`);
    await second.page.screenshot({ path: path.join(SCREENSHOTS, `name-taken-${where}-zh-CN.png`) });
    await second.page.fill('#name-input', `钟-${where}`);
    await second.page.press('#name-input', 'Enter');
    await second.page.waitForSelector('body[data-connection=connected]');
    assert.equal(await second.page.textContent('#me-name'), `钟-${where}`);
    assert.equal(await second.page.isVisible('#rename'), true);
    assert.deepEqual(second.errors, []);
    await second.context.close();
  }
  await first.context.close();
});

test('the header switches to English and back, and the choice is remembered', async () => {
  const cy = await openPlayer(env.browser, env.server.base, 'cy', { ...DESKTOP, ...ZH });
  const page = cy.page;
  await page.waitForSelector('form.create h2:text("新对局")');
  assert.equal(await page.textContent('#language'), 'English');
  await page.click('#language');
  await page.waitForSelector('html[lang=en] form.create h2:text("New match")');
  assert.equal(await page.textContent('#language'), '中文');
  assert.equal(await page.textContent('#tabs a[data-screen=lobby]'), 'Play');
  assert.ok((await englishLeft(page, ['cy'])).length > 10, 'the check finds English where there is some');
  await page.reload();
  await page.waitForSelector('html[lang=en] form.create h2:text("New match")');
  assert.equal(await page.textContent('body[data-connection=connected] #me-name'), 'cy', 'the name is kept');
  await page.click('#language');
  await page.waitForSelector('html[lang=zh-CN] form.create h2:text("新对局")');
  assert.equal(await page.title(), '下棋 · 亚马逊棋');
  assert.deepEqual(cy.errors, []);
  await cy.context.close();
});

test('the lobby in Chinese, for the documentation: a laptop and a phone', async () => {
  const dee = await openPlayer(env.browser, env.server.base, 'dee', { ...DESKTOP, ...ZH });
  await createMatch(dee.page, { color: 'black', time: '5+3' });
  for (const [options, name] of /** @type {const} */ ([[DESKTOP, 'lobby-desktop-zh-CN.png'], [PHONE, 'lobby-phone-zh-CN.png']])) {
    const eve = await openPlayer(env.browser, env.server.base, `eve-${options === PHONE ? 'phone' : 'laptop'}`, { ...options, ...ZH });
    await eve.page.waitForSelector('.matches tr[data-status=waiting]');
    await eve.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: options === PHONE });
    await eve.context.close();
  }
  await dee.context.close();
});
