import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDLE_PING_MS, ReconnectingSocket, SILENCE_LIMIT_MS } from '../assets/js/socket.js';
import { clientExample, serverExample } from './protocol.js';

const PING = clientExample('ping');
const PONG = JSON.stringify(serverExample('pong'));

/** Timers and WebSockets under the test's control. */
function world() {
  let now = 0;
  /** @type {{at: number, callback: () => void, id: number}[]} */
  let timers = [];
  let nextId = 1;
  /** @type {any[]} */
  const sockets = [];
  /** @type {any[]} */
  const log = [];
  const deps = {
    /** @param {string} url */
    connect: (url) => {
      const socket = {
        url,
        readyState: 0,
        /** @type {string[]} */ sent: [],
        /** @param {string} text */ send(text) { this.sent.push(text); },
        /** @param {number} code */ close(code) { this.closedWith = code; },
        closedWith: 0,
        onopen: /** @type {any} */ (null), onmessage: /** @type {any} */ (null), onclose: /** @type {any} */ (null), onerror: /** @type {any} */ (null),
      };
      sockets.push(socket);
      return socket;
    },
    /** @param {() => void} callback @param {number} ms */
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    /** @param {unknown} id */
    clearTimer: (id) => { timers = timers.filter((t) => t.id !== id); },
    random: () => 0,
    now: () => now,
  };
  const handlers = {
    onOpen: () => log.push('open'),
    /** @param {any} m */ onMessage: (m) => log.push(m),
    /** @param {number} code @param {number} delay */ onClose: (code, delay) => log.push(['close', code, delay]),
  };
  /** Moves the clock, firing due timers in order. @param {number} ms */
  const advance = (ms) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > end) break;
      timers.shift();
      now = due.at;
      due.callback();
    }
    now = end;
  };
  return { deps, handlers, sockets, log, advance };
}

/** @param {any} socket */
function open(socket) {
  socket.readyState = 1;
  socket.onopen({});
}

test('messages are parsed and handed on; garbage and binary are dropped', () => {
  const w = world();
  const socket = new ReconnectingSocket('ws://127.0.0.1:1/ws', w.deps, w.handlers);
  socket.start();
  open(w.sockets[0]);
  assert.ok(socket.send(PING));
  assert.deepEqual(w.sockets[0].sent, [JSON.stringify(PING)]);
  w.sockets[0].onmessage({ data: PONG });
  w.sockets[0].onmessage({ data: 'not json' });
  w.sockets[0].onmessage({ data: '[1, 2]' });
  w.sockets[0].onmessage({ data: '{"nonce": 1}' });
  w.sockets[0].onmessage({ data: new ArrayBuffer(2) });
  assert.deepEqual(w.log, ['open', JSON.parse(PONG)], 'only objects with a type are messages');
});

test('drops are retried with growing delays, reset once the server greets us', () => {
  const w = world();
  const socket = new ReconnectingSocket('ws://x/ws', w.deps, w.handlers);
  socket.start();
  w.sockets[0].onclose({ code: 1006 });
  assert.deepEqual(w.log.at(-1), ['close', 1006, 250]);
  assert.equal(socket.send(PING), false, 'nothing is sent while down');
  w.advance(250);
  assert.equal(w.sockets.length, 2);
  w.sockets[1].onclose({ code: 1006 });
  assert.deepEqual(w.log.at(-1), ['close', 1006, 500]);
  w.advance(500);
  open(w.sockets[2]);
  socket.markHealthy();
  w.sockets[2].onclose({ code: 1001 });
  assert.deepEqual(w.log.at(-1), ['close', 1001, 250]);
  socket.stop();
  w.advance(10_000);
  assert.equal(w.sockets.length, 3, 'stopped: no more tries');
});

test('an idle connection is pinged, a silent one is given up and redone', () => {
  const w = world();
  const socket = new ReconnectingSocket('ws://x/ws', w.deps, w.handlers);
  socket.start();
  open(w.sockets[0]);
  w.advance(IDLE_PING_MS);
  assert.deepEqual(w.sockets[0].sent, [JSON.stringify({ ...PING, nonce: 0 })], 'the page\'s own ping');
  w.sockets[0].onmessage({ data: PONG });
  w.advance(IDLE_PING_MS - 1);
  assert.equal(w.sockets[0].sent.length, 1, 'heard recently: no ping');
  w.advance(SILENCE_LIMIT_MS);
  assert.equal(w.sockets[0].closedWith, 4000);
  assert.ok(w.log.some((e) => Array.isArray(e) && e[1] === 4000));
  w.advance(1000);
  assert.equal(w.sockets.length, 2, 'reconnected');
});
