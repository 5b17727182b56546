// What the browser tests share: the real amazons-server on 127.0.0.1 (port 0,
// a temporary history directory), Debian's Chromium driven by playwright-core,
// and players that open the page, give their name and collect console errors.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** How long any one wait for the page may take before the test fails. */
export const WAIT_MS = 15_000;

/**
 * The server binary: $AMAZONS_SERVER_BIN, which scripts/test.sh sets to the
 * build cargo just made (never a guess at which build in target/ is current).
 * @returns {string}
 */
export function serverBinary() {
  const binary = process.env.AMAZONS_SERVER_BIN;
  if (!binary) {
    throw new Error(
      'AMAZONS_SERVER_BIN is not set: run `bash scripts/test.sh`, or build the server and name it, e.g. ' +
        '`cargo build -p amazons-server && AMAZONS_SERVER_BIN=$PWD/target/debug/amazons-server npm --prefix web run e2e`',
    );
  }
  if (!existsSync(binary)) throw new Error(`AMAZONS_SERVER_BIN names ${binary}, which does not exist: build it with \`cargo build -p amazons-server\``);
  return binary;
}

/**
 * Runs the server binary on a port (0: any) over a history directory and
 * waits for its "listening on" line.
 * @param {string} history
 * @param {number} port
 * @param {string[]} args extra flags
 * @returns {Promise<{child: import('node:child_process').ChildProcess, port: number, output: () => string}>}
 */
async function spawnServer(history, port, args) {
  const child = spawn(serverBinary(), ['--listen', '127.0.0.1', '--port', String(port), '--history-dir', history, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.E2E_SERVER_LOG ?? 'warn' },
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const listening = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), WAIT_MS);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /listening on [^\s]*:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, port: /** @type {number} */ (listening), output: () => output };
}

/**
 * Ends a server process and waits for it to be gone.
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
async function endProcess(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Starts the real server and waits for its "listening on" line. `outage()`
 * kills it (SIGKILL, as a crash or a pulled cable looks to the page) and
 * `restart()` starts it again on the same port and history, so a test can
 * take the server away in the middle of a game.
 * @param {string[]} [args] extra flags
 * @returns {Promise<{base: string, port: number, history: string, output: () => string, outage: () => Promise<void>, restart: () => Promise<void>, stop: () => Promise<void>}>}
 */
export async function startServer(args = []) {
  const history = mkdtempSync(path.join(tmpdir(), 'amazons-web-e2e-'));
  let running = await spawnServer(history, 0, args);
  const port = running.port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    history,
    output: () => running.output(),
    outage: () => endProcess(running.child, 'SIGKILL'),
    restart: async () => {
      await endProcess(running.child, 'SIGKILL');
      running = await spawnServer(history, port, args);
    },
    stop: async () => {
      await endProcess(running.child, 'SIGTERM');
      rmSync(history, { recursive: true, force: true });
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */

/**
 * The real server and one Chromium for the tests of a file: started before
 * the first test, stopped after the last (its `server` and `browser` are
 * read inside tests, once the hooks have run).
 * @param {string[]} [args] extra server flags
 * @param {string[]} [browserArgs] extra Chromium flags
 * @returns {{readonly server: Server, readonly browser: import('playwright-core').Browser}}
 */
export function serverAndBrowser(args = [], browserArgs = []) {
  /** @type {Server | undefined} */
  let server;
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  before(async () => {
    server = await startServer(args);
    browser = await launchBrowser(browserArgs);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in the before hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in the before hook');
      return browser;
    },
  };
}

/**
 * Launches headless Chromium with no network but loopback and a fresh profile.
 * @param {string[]} [extraArgs] more flags, e.g. `--lang=zh-CN`
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchBrowser(extraArgs = []) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * A person at a browser: a context of their own (own storage), one page on
 * the board, every console error and page error collected.
 * @typedef {{context: import('playwright-core').BrowserContext, page: import('playwright-core').Page, errors: string[]}} Player
 */

/**
 * Opens the page in a new context of its own, before any name is given.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base the server's http address
 * @param {import('playwright-core').BrowserContextOptions} [options]
 * @param {{fakeClock?: boolean}} [setup] `fakeClock`: the page's timers and
 *   performance.now() are playwright's, so a test moves time on with
 *   `page.clock.runFor` instead of waiting for it
 * @returns {Promise<Player>}
 */
export async function openPage(browser, base, options = {}, setup = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  context.setDefaultTimeout(WAIT_MS);
  if (setup.fakeClock) await context.clock.install();
  const { page, errors } = await openTab(context, `${base}/`);
  return { context, page, errors };
}

/**
 * Opens the page in a new context and gives a name.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base the server's http address
 * @param {string} name
 * @param {import('playwright-core').BrowserContextOptions} [options]
 * @param {{fakeClock?: boolean}} [setup] as for {@link openPage}
 * @returns {Promise<Player>}
 */
export async function openPlayer(browser, base, name, options = {}, setup = {}) {
  const player = await openPage(browser, base, options, setup);
  await player.page.fill('#name-input', name);
  await player.page.press('#name-input', 'Enter');
  await player.page.waitForSelector('body[data-connection=connected]');
  return player;
}

/**
 * Another tab of a person's browser: a new page of `context` at `url`, its
 * console errors and page errors collected.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @returns {Promise<{page: import('playwright-core').Page, errors: string[]}>}
 */
export async function openTab(context, url) {
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  return { page, errors };
}

/**
 * A game between two players with their pages open: `white` creates a
 * match as white (10+5), `black` joins it from the lobby, and white's page
 * waits for its first move.
 * @param {Player} white
 * @param {Player} black
 * @returns {Promise<string>} the match id
 */
export async function startGame(white, black) {
  const matchId = await createMatch(white.page, { color: 'white' });
  await black.page.waitForSelector(`tr[data-match="${matchId}"] button[data-action=join]`);
  await joinMatch(black.page, matchId);
  await waitForGame(white.page, 'your-move', 0);
  return matchId;
}

/**
 * A short decided game between two players with their pages open (desktop:
 * no confirm step): from the lobby, {@link startGame} (10+5, so rated by
 * default), one move each, then `loser` resigns; both pages wait for its end.
 * @param {Player} white
 * @param {Player} black
 * @param {'white' | 'black'} loser
 * @returns {Promise<string>} the match id
 */
export async function decidedGame(white, black, loser) {
  for (const player of [white, black]) {
    await player.page.evaluate(() => {
      location.hash = '#/';
    });
    await player.page.waitForSelector('.lobby');
  }
  const matchId = await startGame(white, black);
  await clickMove(white.page);
  await waitForGame(black.page, 'your-move', 1);
  await clickMove(black.page);
  await waitForGame(white.page, 'your-move', 2);
  const resigner = (loser === 'white' ? white : black).page;
  await resigner.click('button[data-action=resign]');
  await resigner.click('button[data-action=resign]');
  await waitForGame(white.page, 'over');
  await waitForGame(black.page, 'over');
  return matchId;
}

/**
 * Two players named `whiteName` and `blackName`, each in a browser of their
 * own, in a fresh game ({@link startGame}), white to move.
 * @param {{readonly server: Server, readonly browser: import('playwright-core').Browser}} env
 * @param {string} whiteName
 * @param {string} blackName
 * @param {import('playwright-core').BrowserContextOptions} [whiteOptions]
 */
export async function newGame(env, whiteName, blackName, whiteOptions = {}) {
  const white = await openPlayer(env.browser, env.server.base, whiteName, whiteOptions);
  const black = await openPlayer(env.browser, env.server.base, blackName);
  const matchId = await startGame(white, black);
  return { white, black, matchId };
}

/**
 * Collects console errors and uncaught exceptions of a page.
 * @param {import('playwright-core').Page} page
 * @param {string[]} errors
 */
function watchErrors(page, errors) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
}

/**
 * Where the tests' screenshots go: docs/screenshots when
 * `AMAZONS_SCREENSHOTS=docs` asks to refresh the documentation's pictures,
 * else a temporary folder, so a test run leaves the tree unchanged.
 */
export const SCREENSHOTS =
  process.env.AMAZONS_SCREENSHOTS === 'docs'
    ? path.join(ROOT, 'docs', 'screenshots')
    : mkdtempSync(path.join(tmpdir(), 'amazons-screenshots-'));

/**
 * Waits until the match screen is in a state (`data-state`), optionally at a ply.
 * @param {import('playwright-core').Page} page
 * @param {string} state
 * @param {number} [ply]
 */
export async function waitForGame(page, state, ply) {
  const plySelector = ply === undefined ? '' : `[data-ply="${ply}"]`;
  await page.waitForSelector(`.game[data-state="${state}"]${plySelector}`);
}

/**
 * A small seeded random number generator (mulberry32), so that a test's
 * game is the same on every run.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a move the way a person does: a marked queen, a marked destination,
 * a marked arrow square (all three offered by the server's legal moves),
 * each chosen with `random`. Returns the ply it was played at.
 * @param {import('playwright-core').Page} page
 * @param {() => number} [random] the first marked square each time when absent
 * @returns {Promise<number>}
 */
export async function clickMove(page, random = () => 0) {
  await page.waitForSelector('.game[data-state="your-move"] .board[data-interactive]');
  const ply = Number(await page.getAttribute('.game', 'data-ply'));
  for (const stage of ['destination', 'arrow', null]) {
    const marked = page.locator('.board .square[data-target]');
    await marked.nth(Math.floor(random() * (await marked.count()))).click();
    if (stage) await page.waitForSelector(`.game[data-stage="${stage}"]`);
  }
  return ply;
}

/**
 * The moves in a page's move list, in order.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export async function moveList(page) {
  return page.$$eval('.game .moves td[data-ply]', (cells) =>
    cells.sort((a, b) => Number(a.dataset.ply) - Number(b.dataset.ply)).map((c) => c.textContent ?? ''));
}

/**
 * Creates a match from the lobby form and waits for its screen.
 * @param {import('playwright-core').Page} page
 * @param {{time?: string, color?: string}} [choice]
 * @returns {Promise<string>} the match id
 */
export async function createMatch(page, choice = {}) {
  await page.click(`form.create label:has(input[name=time][value="${choice.time ?? '10+5'}"])`);
  await page.click(`form.create label:has(input[name=color][value="${choice.color ?? 'white'}"])`);
  await page.click('form.create button[type=submit]');
  await waitForGame(page, 'waiting');
  return page.evaluate(() => location.hash.replace('#/match/', ''));
}

/**
 * Joins a match from the lobby list.
 * @param {import('playwright-core').Page} page
 * @param {string} matchId
 */
export async function joinMatch(page, matchId) {
  await page.click(`tr[data-match="${matchId}"] button[data-action=join]`);
  await page.waitForSelector('.game[data-state="your-move"], .game[data-state="their-move"]');
}

/** A phone: 390 x 844 CSS pixels, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A laptop: 1280 x 800, mouse. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * What is wrong with the layout of the screen shown: the page wider than the
 * window the test gave it (a sideways scroll; a phone's browser would zoom
 * out to fit it), any visible element reaching beyond the
 * window's left or right edge, and any control whose text is clipped (a
 * button, link button, label, legend or choice whose text is wider than its
 * box; a select whose chosen option is wider than the select can show).
 * An empty list when all is well.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export async function layoutProblems(page) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport size');
  return page.evaluate((width) => {
    /** @type {string[]} */
    const problems = [];
    /** @param {Element} e */
    const describe = (e) => {
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = e.getAttribute('class') ? `.${(e.getAttribute('class') ?? '').trim().split(/\s+/).join('.')}` : '';
      const name = e.getAttribute('name') ? `[name=${e.getAttribute('name')}]` : '';
      return `<${e.tagName.toLowerCase()}${classes}${name}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    }
    /** @param {Element} e whether e or an ancestor clips it away (the visually-hidden pattern) */
    const clippedAway = (e) => {
      for (let at = /** @type {Element | null} */ (e); at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clip !== 'auto' && style.position === 'absolute') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || clippedAway(element)) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        problems.push(`${describe(element)} spans x=${Math.round(box.left)}..${Math.round(box.right)} in a ${width} px window`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const element of document.body.querySelectorAll('button, a.button, label, legend, .choices span, select, input[type=text], input[type=number]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || clippedAway(element)) continue;
      if (element instanceof HTMLSelectElement) {
        const style = getComputedStyle(element);
        if (!canvas) continue;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = element.selectedOptions[0]?.textContent ?? '';
        // The room for the text: the box less its padding and the drop-down arrow (about 1.5em).
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
        if (canvas.measureText(text).width > room) problems.push(`${describe(element)} cuts off "${text}"`);
      } else if (element instanceof HTMLInputElement) {
        const style = getComputedStyle(element);
        if (!canvas || !element.placeholder) continue;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (canvas.measureText(element.placeholder).width > room) problems.push(`${describe(element)} cuts off its placeholder "${element.placeholder}"`);
      } else if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== 'inline') {
        problems.push(`${describe(element)} is clipped (${element.scrollWidth} px of text in ${element.clientWidth} px)`);
      }
    }
    return problems;
  }, viewport.width);
}


/** How long a test waits for a tournament's round to end (its computers' games, on a busy machine). */
export const ROUND_WAIT_MS = 90_000;

/**
 * The flags of a server whose computer players play fast and never ponder
 * (tournaments of them end quickly), with room for every computer game a
 * test's rounds hold at once.
 */
export const FAST_COMPUTER = ['--computer-think-ms', '20', '--computer-ponder-ms', '0', '--computer-max-games', '8'];

/**
 * Creates a tournament from the tournaments screen's form and waits for its
 * page; the page's player joins it too when `join` (the form's organiser
 * may play or only organise).
 * @param {import('playwright-core').Page} page
 * @param {{title: string, format?: 'round_robin' | 'double_round_robin' | 'swiss', rounds?: number, time?: string, levels?: number[], join?: boolean}} choice
 * @returns {Promise<string>} the tournament's id
 */
export async function createTournament(page, choice) {
  await page.evaluate(() => {
    location.hash = '#/tournaments';
  });
  const form = 'form.tournament-create';
  await page.waitForSelector(`${form} input[name=level]`, { state: 'attached' });
  await page.fill(`${form} input[name=title]`, choice.title);
  await page.click(`${form} label:has(input[name=format][value=${choice.format ?? 'round_robin'}])`);
  if (choice.rounds !== undefined) await page.fill(`${form} input[name=rounds]`, String(choice.rounds));
  await page.click(`${form} label:has(input[name=time][value="${choice.time ?? '10+5'}"])`);
  for (const box of await page.locator(`${form} input[name=level]`).all()) {
    const wanted = (choice.levels ?? []).includes(Number(await box.getAttribute('value')));
    if ((await box.isChecked()) !== wanted) await page.click(`${form} label:has(input[name=level][value="${await box.getAttribute('value')}"])`);
  }
  await page.click(`${form} button[type=submit]`);
  await page.waitForFunction(() => /^#\/tournaments\/[0-9a-f-]+$/.test(location.hash));
  const id = await page.evaluate(() => location.hash.replace('#/tournaments/', ''));
  await page.waitForSelector(`.tournament[data-state=registering][data-tournament="${id}"]`);
  if (choice.join) {
    const me = await page.textContent('#me-name');
    const join = page.locator('.tournament-actions button[data-action=join]');
    if (await join.count()) await join.click();
    await page.waitForSelector(`.entrants li[data-entrant="${me}"]`);
  }
  return id;
}

/**
 * Plays the page's player's part of a running tournament: each game it is
 * seated in ("your game is ready") is resigned at once, back to the
 * tournament's page, until the tournament is finished.
 * @param {import('playwright-core').Page} page
 * @param {string} tournamentId
 * @returns {Promise<string[]>} the matches the player was seated in, in order
 */
export async function resignEveryGame(page, tournamentId) {
  /** @type {string[]} */
  const games = [];
  for (;;) {
    // The next round waits for the round's other games, computers playing each other: longer than one page wait.
    const shown = await page.waitForSelector(
      '.game[data-state="your-move"], .game[data-state="their-move"], .tournament[data-state=finished], .ready-line a[data-action=go-to-game]',
      { timeout: ROUND_WAIT_MS },
    ).catch(async (error) => {
      // Where the page was instead, to tell a stalled tournament from a page that missed its game.
      const where = await page.evaluate(() => `${location.hash}\n${document.querySelector('#ready')?.textContent ?? ''}\n${document.querySelector('main')?.textContent ?? ''}`);
      const api = await page.evaluate(async (id) => {
        const response = await fetch(`/api/tournaments/${id}`);
        return `${response.status} ${await response.text()}`;
      }, tournamentId);
      throw new Error(`${error instanceof Error ? error.message : error}\nthe page shows: ${where}\nthe server has: ${api}`);
    });
    if (await shown.evaluate((e) => e.matches('.tournament'))) return games;
    if (await shown.evaluate((e) => e.matches('a'))) {
      // The game is ready and not shown: go to it (unless the page is taken there first).
      await page.locator('.ready-line a[data-action=go-to-game]').click({ timeout: 2000 }).catch(() => {});
      continue;
    }
    const matchId = await page.evaluate(() => location.hash.replace('#/match/', ''));
    await page.waitForSelector('#ready a[data-action=back-to-tournament]'); // "your game is ready", in any language
    games.push(matchId);
    await page.click('button[data-action=resign]');
    await page.click('button[data-action=resign]');
    // Over, or already taken on to the next round's game (the other games may end at once).
    await page.waitForFunction((id) => location.hash !== `#/match/${id}` || document.querySelector('.game[data-state=over]'), matchId);
    await page.evaluate((id) => {
      location.hash = `#/tournaments/${id}`;
    }, tournamentId);
  }
}
