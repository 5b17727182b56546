// The page's entry point: reads the name, connects, and shows the screen the
// address names (screens.js), with the navigation, the connection banner,
// sounds and announcements for screen readers.

import { Api } from './api.js';
import { ReconnectingSocket } from './socket.js';
import { Session, asksForAName, readTabMessage } from './session.js';
import { Store } from './storage.js';
import { parseRoute, routeHash, screenNames } from './router.js';
import { SCREENS } from './screens.js';
import { describeOutcome, startedText } from './state.js';
import { h } from './ui/dom.js';
import { Sounds } from './ui/sound.js';
import { LANGUAGES, Translator, chooseLanguage, fetchCatalogues, setTranslator, sideName, t } from './i18n.js';

/** @typedef {import('./session.js').SessionEvent} SessionEvent */
/** @typedef {import('./router.js').Route} Route */
/** @typedef {import('./router.js').ScreenName} ScreenName */
/** @typedef {import('./screens.js').ViewContext} ViewContext */
/** @typedef {import('./screens.js').View<Route>} View */

/**
 * An element the page cannot work without.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html lacks #${id}`);
  return /** @type {T} */ (element);
}

/** @returns {Storage | null} localStorage, when the browser lets the page have it */
function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const store = new Store(localStore());

// The language first: every screen is drawn in it. English is fetched beside
// another language, for the messages that language lacks.
const lang = chooseLanguage(store.language, navigator.languages ?? [navigator.language]);
{
  const fetchText = (/** @type {string} */ url) => fetch(url);
  const [messages, english] = await Promise.all([
    fetchCatalogues(lang, fetchText).catch(() => new Map()),
    lang === 'en' ? Promise.resolve(null) : fetchCatalogues('en', fetchText).catch(() => new Map()),
  ]);
  setTranslator(new Translator(lang, messages, english ?? messages));
}
document.documentElement.lang = lang;
const session = new Session(store, () => performance.now());
const sounds = new Sounds(store.muted);
/** @type {ViewContext} */
const context = { session, store, api: new Api((url, init) => fetch(url, init)), sounds, href: routeHash };

const main = byId('view');
const tabs = byId('tabs');
const banner = byId('banner');
const announcer = byId('announcer');
const readyBar = byId('ready');
const nameForm = /** @type {HTMLFormElement} */ (byId('name-form'));
const nameInput = /** @type {HTMLInputElement} */ (byId('name-input'));
const nameError = byId('name-error');
const meName = byId('me-name');
const muteButton = byId('mute');
const renameButton = byId('rename');
const languageSwitch = byId('language');

/** @type {Map<ScreenName, View>} each screen's view, made the first time it is shown */
const views = new Map();

/** @type {View | null} the view shown */
let shown = null;

/** @type {string | null} the ready tournament game's match, once shown: the bar has said its part */
let readySeen = null;

/**
 * Says on every screen that a tournament game is ready: elsewhere with a
 * link to the game (until it has been shown), at the game with a link back
 * to the tournament. The bar is a live region, so it is also heard.
 */
function drawReady() {
  const ready = session.ready;
  if (!ready) {
    readyBar.replaceChildren();
    return;
  }
  const back = h('a', { href: routeHash({ name: 'tournament', id: ready.tournamentId }), 'data-action': 'back-to-tournament' }, t('tournament-back-to-tournament'));
  if (session.viewing === ready.matchId) {
    const over = session.match?.id === ready.matchId && session.match.status === 'finished';
    readyBar.replaceChildren(h('span', {}, over ? t('tournament-ready-over', { round: ready.round }) : t('tournament-ready-bar', { round: ready.round, opponent: ready.opponent })), ' ', back);
    return;
  }
  if (readySeen === ready.matchId) {
    readyBar.replaceChildren();
    return;
  }
  const link = h('a', { href: routeHash({ name: 'match', id: ready.matchId }), class: 'button primary', 'data-action': 'go-to-game' }, t('tournament-go-to-game'));
  link.addEventListener('click', (event) => {
    // The seat may not be taken yet (a game was being played): take it; `joined` shows the game.
    event.preventDefault();
    session.takeReadyGame();
  });
  readyBar.replaceChildren(h('span', {}, t('tournament-ready-bar', { round: ready.round, opponent: ready.opponent })), ' ', link);
}

/**
 * Says something to screen readers.
 * @param {string} text
 */
function announce(text) {
  announcer.textContent = text;
}

/**
 * The view of a screen, made on first use.
 * @param {ScreenName} name
 * @returns {View}
 */
function viewOf(name) {
  let view = views.get(name);
  if (!view) {
    // Each screen's view takes the parameters of that screen's routes.
    view = /** @type {View} */ (new SCREENS[name].view(context));
    views.set(name, view);
  }
  return view;
}

/** The navigation: a link for each screen the table puts in it. */
function drawTabs() {
  tabs.replaceChildren(
    ...screenNames().flatMap((name) => {
      const { nav, title } = SCREENS[name];
      return nav ? [h('a', { href: routeHash(/** @type {Route} */ ({ name, ...nav })), 'data-screen': name }, t(title))] : [];
    }),
  );
}

/** Shows the screen the address names. */
function route() {
  const where = parseRoute(location.hash);
  const screen = SCREENS[where.name];
  const view = viewOf(where.name);
  const previous = shown;
  shown = view;
  if (previous !== view) previous?.hide?.();
  main.replaceChildren(view.element);
  view.show(where);
  if (where.name === 'match' && where.id === session.ready?.matchId) readySeen = where.id;
  drawReady();
  document.title = t('window-title', { screen: t(screen.title) });
  for (const link of tabs.querySelectorAll('a')) link.toggleAttribute('aria-current', link.dataset.screen === screen.tab);
}

/**
 * The header's name: the one the server greeted this page with, and the
 * way to change it; nothing while no name is accepted (a refused name is
 * on the name form, not in the header).
 */
function drawMe() {
  meName.textContent = session.me;
  renameButton.hidden = session.me === '';
}

/** Draws the connection banner. */
function drawBanner() {
  const texts = {
    idle: '',
    connecting: t('banner-connecting'),
    connected: '',
    reconnecting: t('banner-reconnecting'),
    stopped: t('banner-stopped'),
    // A refused name is said on the name form, once.
    refused: asksForAName(session.refusalCode) ? '' : t('banner-refused', { reason: session.refusal }),
  };
  const text = texts[session.connection];
  banner.textContent = text;
  banner.hidden = text === '';
  banner.setAttribute('data-connection', session.connection);
  document.body.setAttribute('data-connection', session.connection);
}

/**
 * Sounds and announcements for what happened.
 * @param {SessionEvent[]} events
 */
function react(events) {
  for (const event of events) {
    switch (event.kind) {
      case 'navigate':
        location.hash = routeHash({ name: 'match', id: event.matchId });
        break;
      case 'tournament':
        location.hash = routeHash({ name: 'tournament', id: event.tournamentId });
        break;
      case 'game_ready':
        sounds.play('start');
        announce(t('tournament-ready-bar', { round: event.game.round, opponent: event.game.opponent }));
        break;
      case 'started':
        sounds.play('start');
        if (session.match) announce(startedText(session.match));
        break;
      case 'moved':
        sounds.play('move');
        setTimeout(() => sounds.play('arrow'), 90);
        announce(t('announce-moved', { side: sideName(event.side), move: event.move }));
        break;
      case 'over':
        sounds.play('end');
        announce(describeOutcome(event.outcome));
        break;
      case 'rematch_offered':
        announce(t('announce-rematch-offered', { side: sideName(event.by) }));
        break;
      case 'rematch_declined':
        announce(t('announce-rematch-declined'));
        break;
      case 'refused':
        announce(event.reason);
        break;
    }
  }
}

session.subscribe((events) => {
  react(events);
  drawMe();
  drawBanner();
  drawReady();
  // A name refused (`bad_name`, or `name_taken` by another browser's key):
  // the server's words on the name form, and the page waits for another.
  if (session.connection === 'refused' && asksForAName(session.refusalCode) && nameForm.hidden) askName(session.refusal);
  shown?.update?.(events);
});

/**
 * Shows the name form.
 * @param {string} problem why a name is asked again, if it is
 */
function askName(problem) {
  nameForm.hidden = false;
  nameInput.value = store.name;
  nameError.textContent = problem;
  nameInput.focus();
}

/** Connects once a name is known. */
function connect() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new ReconnectingSocket(
    `${scheme}//${location.host}/ws`,
    {
      connect: (url) => new WebSocket(url),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(/** @type {number} */ (handle)),
      random: Math.random,
      now: () => performance.now(),
    },
    {
      onOpen: () => session.opened(),
      onMessage: (message) => session.received(message),
      onClose: (code, retryInMs) => session.closed(code, retryInMs),
    },
  );
  session.attach(socket);
}

nameForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = nameInput.value.trim();
  // The server checks the rest (length, printable) and says why in `bad_name`.
  const problem = name === '' ? t('name-empty') : '';
  nameError.textContent = problem;
  if (problem) return;
  nameForm.hidden = true;
  if (session.socket) {
    session.rename(name);
  } else {
    store.name = name;
    connect();
  }
});

renameButton.addEventListener('click', () => askName(''));

/** Draws the mute button. */
function drawMute() {
  muteButton.textContent = sounds.muted ? t('sound-off') : t('sound-on');
  muteButton.setAttribute('aria-pressed', String(sounds.muted));
}
muteButton.addEventListener('click', () => {
  sounds.muted = !sounds.muted;
  store.muted = sounds.muted;
  drawMute();
});

// The other tabs of this browser: a tab that goes away (closed, reloaded,
// navigated elsewhere) lets go of its seats, and a tab they were taken from
// takes them back before the player is seen as gone.
const tabChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('amazons-seats') : null;
tabChannel?.addEventListener('message', (event) => {
  const matches = readTabMessage(event.data);
  if (matches) session.seatsReleased(matches);
});
window.addEventListener('pagehide', () => {
  if (session.held.size === 0) return;
  /** @type {import('./session.js').TabMessage} */
  const message = { type: 'seats_released', matches: [...session.held] };
  tabChannel?.postMessage(message);
});

window.addEventListener('hashchange', route);
window.setInterval(() => shown?.tick?.(), 100);

// The static parts of index.html, by their data-i18n keys: text, or an
// attribute for data-i18n-attr ("aria-label").
for (const element of document.querySelectorAll('[data-i18n]')) {
  const key = element.getAttribute('data-i18n') ?? '';
  const attribute = element.getAttribute('data-i18n-attr');
  if (attribute) element.setAttribute(attribute, t(key));
  else element.textContent = t(key);
}

// The language switch: the other language, named in itself. The choice is
// remembered, and the page loads again in it (the seats and the name are
// kept, so a game in progress comes back as it was).
const other = LANGUAGES.find((l) => l.lang !== lang) ?? LANGUAGES[0];
languageSwitch.textContent = other.name;
languageSwitch.setAttribute('lang', other.lang);
languageSwitch.setAttribute('aria-label', `${t('language-label')}: ${other.name}`);
languageSwitch.setAttribute('data-lang', other.lang);
languageSwitch.addEventListener('click', () => {
  store.language = other.lang;
  location.reload();
});

drawTabs();
drawMute();
drawBanner();
route();
if (store.name) connect();
else askName('');
