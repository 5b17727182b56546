import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Session } from '../assets/js/session.js';
import { Store } from '../assets/js/storage.js';
import { ID, movePlayed, snapshot } from './messages.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));
const TOKEN = '5a'.repeat(16);

/** A socket that records what the session sends. */
class FakeSocket {
  constructor() {
    /** @type {any[]} */
    this.sent = [];
    this.open = true;
    this.restarts = 0;
  }
  /** @param {object} message */
  send(message) {
    if (this.open) this.sent.push(message);
    return this.open;
  }
  start() {}
  restart() {
    this.restarts += 1;
  }
  markHealthy() {}
  /** @param {string} type */
  last(type) {
    return this.sent.filter((m) => m.type === type).at(-1);
  }
}

/** A session connected and greeted, with events collected. */
function connected(name = 'ann') {
  const store = new Store(null);
  store.name = name;
  const session = new Session(store, () => 1000);
  const socket = new FakeSocket();
  /** @type {any[]} */
  const events = [];
  session.subscribe((e) => events.push(...e));
  session.attach(socket);
  session.opened();
  session.received({ type: 'welcome', protocol: 1, server: 'amazons-server 0.1.0', name, max_message_bytes: 4096, grace_ms: 60000 });
  return { session, socket, store, events };
}

test('the greeting opts in to legal moves, then the lobby feed is asked for', () => {
  const { session, socket } = connected();
  assert.deepEqual(socket.sent[0], { type: 'hello', protocol: 1, name: 'ann', kind: 'human', client: 'amazons-web', legal_moves: true });
  assert.deepEqual(socket.sent[1], { type: 'subscribe_lobby' });
  assert.equal(session.connection, 'connected');
  assert.equal(session.computer, null, 'no computer offer from this server');
});

test('joined keeps the token and goes to the match; the snapshot and legal moves follow', () => {
  const { session, store, events } = connected();
  session.createMatch({ kind: 'untimed' }, 'white', null);
  session.received({ type: 'joined', match_id: ID, seat: 'white', token: TOKEN });
  assert.equal(store.seat(ID)?.token, TOKEN);
  assert.deepEqual(events.at(-1), { kind: 'navigate', matchId: ID });
  session.view(ID); // the page follows the navigation: nothing more to ask
  session.received(snapshot('white'));
  session.received({ type: 'legal_moves', match_id: ID, ply: 0, moves: fixture.start });
  assert.equal(session.match?.legal?.size, 4);
});

test('a move is shown at once and taken back, with the reason, when refused', () => {
  const { session, socket, events } = connected();
  session.received({ type: 'joined', match_id: ID, seat: 'white', token: TOKEN });
  session.received(snapshot('white'));
  const squares = { from: 3, to: 63, arrow: 66 };
  assert.ok(session.sendMove('d1-d7/g7', squares));
  assert.deepEqual(socket.last('move'), { type: 'move', match_id: ID, ply: 0, move: 'd1-d7/g7' });
  assert.equal(session.shownBoard?.cells[63], 'Q', 'drawn before the answer');
  assert.ok(!session.sendMove('a4-a5/a6', null), 'one move in flight at a time');
  session.received({ type: 'error', code: 'illegal_move', message: "the queen's path is blocked at d5", reply_to: 'move', match_id: ID });
  assert.equal(session.pending, null);
  assert.equal(session.shownBoard?.cells[63], null, 'rolled back');
  assert.equal(session.notice, "the queen's path is blocked at d5");
  assert.deepEqual(events.at(-1), { kind: 'refused', reason: "the queen's path is blocked at d5", replyTo: 'move' });
  session.sendMove('d1-d7/g7', squares);
  session.received(movePlayed);
  assert.equal(session.pending, null);
  assert.equal(session.match?.ply, 1);
});

test('a stale ply asks for the match again', () => {
  const { session, socket } = connected();
  session.received({ type: 'joined', match_id: ID, seat: 'white', token: TOKEN });
  session.received(snapshot('white'));
  session.sendMove('d1 d7 g7', null);
  session.received({ type: 'error', code: 'stale_ply', message: 'this match is at ply 1', reply_to: 'move', match_id: ID, expected_ply: 1 });
  assert.deepEqual(socket.last('resume'), { type: 'resume', match_id: ID, token: TOKEN });
});

test('after a reload the seat is resumed with the stored token; strangers watch', () => {
  const first = connected();
  first.session.received({ type: 'joined', match_id: ID, seat: 'black', token: TOKEN });
  const store = first.store;
  const reloaded = new Session(store, () => 0);
  const socket = new FakeSocket();
  reloaded.attach(socket);
  reloaded.view(ID);
  reloaded.opened();
  reloaded.received({ type: 'welcome', protocol: 1 });
  assert.deepEqual(socket.last('resume'), { type: 'resume', match_id: ID, token: TOKEN });
  const stranger = connected('cy');
  stranger.session.view(ID);
  assert.deepEqual(stranger.socket.last('spectate'), { type: 'spectate', match_id: ID });
  stranger.session.received(snapshot(null));
  stranger.session.view(null);
  assert.deepEqual(stranger.socket.last('leave'), { type: 'leave', match_id: ID });
});

test('a tab whose seat another tab took stops resuming until "play here"', () => {
  const { session, socket } = connected();
  session.received({ type: 'joined', match_id: ID, seat: 'white', token: TOKEN });
  session.received(snapshot('white'));
  session.received({ type: 'replaced', match_id: ID });
  assert.ok(session.elsewhere.has(ID));
  assert.equal(session.match?.you, null);
  session.closed(1008, 500);
  assert.equal(session.connection, 'reconnecting');
  socket.sent = [];
  session.opened();
  session.received({ type: 'welcome', protocol: 1 });
  assert.equal(socket.last('resume'), undefined, 'no automatic take-back: no ping-pong between tabs');
  assert.deepEqual(socket.last('spectate'), { type: 'spectate', match_id: ID });
  session.playHere();
  assert.deepEqual(socket.last('resume'), { type: 'resume', match_id: ID, token: TOKEN });
  assert.ok(!session.elsewhere.has(ID));
});

test('a token the server no longer knows is forgotten and the match watched', () => {
  const { session, socket, store } = connected();
  store.saveSeat(ID, 'white', TOKEN, 0);
  session.view(ID);
  session.received({ type: 'error', code: 'bad_token', message: 'that token does not hold a seat', reply_to: 'resume', match_id: ID });
  assert.equal(store.seat(ID), null);
  assert.deepEqual(socket.last('spectate'), { type: 'spectate', match_id: ID });
});

test('server shutdown, refusals of the greeting, and a new name', () => {
  const { session, socket } = connected();
  session.received({ type: 'server_shutdown', message: 'bye' });
  assert.equal(session.connection, 'stopped');
  session.closed(1001, 500);
  assert.equal(session.connection, 'stopped', 'the banner keeps saying why');
  session.received({ type: 'error', code: 'bad_name', message: 'the name is empty', reply_to: 'hello' });
  assert.equal(session.connection, 'refused');
  assert.equal(session.refusal, 'the name is empty');
  session.rename('annie');
  assert.equal(session.store.name, 'annie');
  assert.equal(socket.restarts, 1);
});

test('a computer offer in welcome reaches the lobby; create_match carries the choice', () => {
  const { session, socket } = connected();
  session.received({ type: 'welcome', protocol: 1, computer: { levels: [{ level: 7, description: 'full strength' }], engines: [], think_ms: { default: 1000, max: 10000 } } });
  assert.equal(session.computer?.levels[0].level, 7);
  session.createMatch({ kind: 'untimed' }, 'random', { level: 7, think_ms: 2000 });
  assert.deepEqual(socket.last('create_match'), { type: 'create_match', time_control: { kind: 'untimed' }, color: 'random', computer: { level: 7, think_ms: 2000 } });
});
