// The page's entry point: reads the name, connects, and shows the screen the
// address names (lobby, match, games, replay, rules), with the connection
// banner, sounds and announcements for screen readers.

import { ReconnectingSocket } from './socket.js';
import { Session } from './session.js';
import { Store } from './storage.js';
import { parseRoute, routeHash } from './router.js';
import { describeOutcome } from './state.js';
import { GameView } from './ui/game.js';
import { HistoryView } from './ui/history.js';
import { LobbyView } from './ui/lobby.js';
import { ReplayView } from './ui/replay.js';
import { Sounds } from './ui/sound.js';

/** @typedef {import('./session.js').SessionEvent} SessionEvent */

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

/**
 * Why a name cannot be used, or '' (the server checks again).
 * @param {string} name
 * @returns {string}
 */
function nameProblem(name) {
  if (name.length === 0) return 'Please type a name.';
  if ([...name].length > 32) return 'At most 32 characters, please.';
  if (/\p{Cc}/u.test(name)) return 'Only printable characters, please.';
  return '';
}

const store = new Store(localStore());
const session = new Session(store, () => performance.now());
const sounds = new Sounds(store.muted);
const lobby = new LobbyView(session, store);
const game = new GameView(session, store, () => sounds.play('low'));
const history = new HistoryView();
const replay = new ReplayView();

const main = byId('view');
const rules = byId('rules');
const banner = byId('banner');
const announcer = byId('announcer');
const nameForm = /** @type {HTMLFormElement} */ (byId('name-form'));
const nameInput = /** @type {HTMLInputElement} */ (byId('name-input'));
const nameError = byId('name-error');
const meName = byId('me-name');
const muteButton = byId('mute');

/** @type {'lobby' | 'match' | 'games' | 'replay' | 'rules'} the screen shown */
let screen = 'lobby';

/**
 * Says something to screen readers.
 * @param {string} text
 */
function announce(text) {
  announcer.textContent = text;
}

/** Shows the screen the address names. */
function route() {
  const where = parseRoute(location.hash);
  screen = where.name;
  session.view(where.name === 'match' ? where.id : null);
  rules.hidden = where.name !== 'rules';
  switch (where.name) {
    case 'lobby':
      main.replaceChildren(lobby.element);
      lobby.render();
      break;
    case 'match':
      main.replaceChildren(game.element);
      game.render();
      break;
    case 'games':
      main.replaceChildren(history.element);
      history.show(where.page);
      break;
    case 'replay':
      main.replaceChildren(replay.element);
      replay.show(where.id);
      break;
    case 'rules':
      main.replaceChildren();
      break;
  }
  for (const link of document.querySelectorAll('header nav a')) {
    const target = link.getAttribute('href') ?? '';
    const current = target === '#/' ? where.name === 'lobby' || where.name === 'match' : location.hash.startsWith(target);
    link.toggleAttribute('aria-current', current);
  }
}

/** Draws the connection banner. */
function drawBanner() {
  const texts = {
    connecting: 'Connecting…',
    connected: '',
    reconnecting: 'Connection lost: reconnecting…',
    stopped: 'The server stopped. Reconnecting when it is back…',
    refused: `The server refused this page: ${session.refusal}`,
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
      case 'started':
        sounds.play('start');
        announce('The game has started. White to move.');
        break;
      case 'moved':
        sounds.play('move');
        setTimeout(() => sounds.play('arrow'), 90);
        announce(`${event.side === 'white' ? 'White' : 'Black'} played ${event.move}`);
        break;
      case 'over':
        sounds.play('end');
        announce(describeOutcome(event.outcome));
        break;
      case 'rematch_offered':
        announce(`${event.by === 'white' ? 'White' : 'Black'} offers a rematch`);
        break;
      case 'rematch_declined':
        announce('The rematch was declined');
        break;
      case 'refused':
        announce(event.reason);
        break;
    }
  }
}

session.subscribe((events) => {
  react(events);
  drawBanner();
  if (session.connection === 'refused' && /name/i.test(session.refusal)) askName(session.refusal);
  if (screen === 'lobby') lobby.render();
  if (screen === 'match') game.update(events);
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
  meName.textContent = store.name;
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
  const problem = nameProblem(name);
  nameError.textContent = problem;
  if (problem) return;
  nameForm.hidden = true;
  meName.textContent = name;
  if (session.socket) {
    session.rename(name);
  } else {
    store.name = name;
    connect();
  }
});

byId('rename').addEventListener('click', () => askName(''));

/** Draws the mute button. */
function drawMute() {
  muteButton.textContent = sounds.muted ? 'Sound off' : 'Sound on';
  muteButton.setAttribute('aria-pressed', String(sounds.muted));
}
muteButton.addEventListener('click', () => {
  sounds.muted = !sounds.muted;
  store.muted = sounds.muted;
  drawMute();
});

window.addEventListener('hashchange', route);
window.setInterval(() => {
  if (screen === 'match') game.tick();
}, 100);

drawMute();
drawBanner();
route();
if (store.name) connect();
else askName('');
