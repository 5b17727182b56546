import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FALLBACK_LIMITS } from '../assets/js/limits.js';
import { Session, readTabMessage } from '../assets/js/session.js';
import { canAbort } from '../assets/js/state.js';
import { Store } from '../assets/js/storage.js';
import { parseTimeControl } from '../assets/js/timecontrol.js';
import { FIRST_MOVE, ID, TOKEN, clientExample, serverExample, startSnapshot } from './protocol.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));

/** The documented `welcome` without the computer offer, as a server that sends no `limits` says it. */
function olderWelcome() {
  const { limits: _limits, ...welcome } = serverExample('welcome', (w) => w.computer === undefined);
  return welcome;
}

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
  start() {
    this.stopped = false;
  }
  stop() {
    this.stopped = true;
  }
  restart() {
    this.restarts += 1;
    this.stopped = false;
  }
  markHealthy() {}
  /** @param {string} type */
  last(type) {
    return this.sent.filter((m) => m.type === type).at(-1);
  }
}

/**
 * A session connected and greeted, with events collected.
 * @param {string} [name]
 * @param {object} [welcome] what the server answers to hello
 */
function connected(name = 'ann', welcome = olderWelcome()) {
  const store = new Store(null);
  store.name = name;
  const session = new Session(store, () => 1000);
  const socket = new FakeSocket();
  /** @type {any[]} */
  const events = [];
  session.subscribe((e) => events.push(...e));
  session.attach(socket);
  session.opened();
  session.received({ ...welcome, name });
  return { session, socket, store, events };
}

/** The documented `joined`, for a seat. @param {'white' | 'black'} seat */
const joined = (seat) => ({ ...serverExample('joined'), seat });

test('a session is idle (nothing to say about the network) until the page connects', () => {
  const session = new Session(new Store(null), () => 1000);
  assert.equal(session.connection, 'idle');
  let changes = 0;
  session.subscribe(() => (changes += 1));
  session.attach(new FakeSocket());
  assert.equal(session.connection, 'connecting');
  assert.equal(changes, 1, 'the banner is redrawn');
});

test('the greeting opts in to legal moves, then the lobby feed is asked for', () => {
  const { session, socket } = connected();
  const { key, ...hello } = socket.sent[0];
  const { key: _documented, ...documented } = clientExample('hello', (m) => m.legal_moves);
  assert.deepEqual(hello, { ...documented, kind: 'human' });
  assert.match(key, /^[0-9a-f]{64}$/, 'the browser\'s key');
  assert.equal(key, session.store.playerKey(), 'the one kept');
  assert.deepEqual(socket.sent[1], clientExample('subscribe_lobby'));
  assert.equal(session.connection, 'connected');
  assert.equal(session.computer, null, 'no computer offer from this server');
});

test('joined keeps the token and goes to the match; the snapshot and legal moves follow', () => {
  const { session, store, events } = connected();
  session.createMatch({ kind: 'untimed' }, 'white', null);
  session.received(joined('white'));
  assert.equal(store.seat(ID)?.token, TOKEN);
  assert.deepEqual(events.at(-1), { kind: 'navigate', matchId: ID });
  session.view(ID); // the page follows the navigation: nothing more to ask
  session.received(startSnapshot('white'));
  session.received({ ...serverExample('legal_moves'), ply: 0, moves: fixture.start });
  assert.equal(session.match?.legal?.size, 4);
});

test('a move is shown at once and taken back, with the reason, when refused', () => {
  const { session, socket, events } = connected();
  session.received(joined('white'));
  session.received(startSnapshot('white'));
  const squares = { from: 3, to: 63, arrow: 66 };
  assert.ok(session.sendMove('d1-d7/g7', squares));
  assert.deepEqual(socket.last('move'), clientExample('move', (m) => m.token === undefined));
  assert.equal(session.shownBoard?.cells[63], 'Q', 'drawn before the answer');
  assert.ok(!session.sendMove('a4-a5/a6', null), 'one move in flight at a time');
  const illegal = serverExample('error', (m) => m.code === 'illegal_move');
  session.received(illegal);
  assert.equal(session.pending, null);
  assert.equal(session.shownBoard?.cells[63], null, 'rolled back');
  assert.equal(session.notice, illegal.message);
  assert.deepEqual(events.at(-1), { kind: 'refused', reason: illegal.message, replyTo: 'move' });
  session.sendMove('d1-d7/g7', squares);
  session.received(FIRST_MOVE);
  assert.equal(session.pending, null);
  assert.equal(session.match?.ply, 1);
});

test('a stale ply asks for the match again', () => {
  const { session, socket } = connected();
  session.received(joined('white'));
  session.received(startSnapshot('white'));
  session.sendMove('d1 d7 g7', null);
  session.received(serverExample('error', (m) => m.code === 'stale_ply'));
  assert.deepEqual(socket.last('resume'), clientExample('resume'));
});

test('after a reload the seat is resumed with the stored token; strangers watch', () => {
  const first = connected();
  first.session.received(joined('black'));
  const store = first.store;
  const reloaded = new Session(store, () => 0);
  const socket = new FakeSocket();
  reloaded.attach(socket);
  reloaded.view(ID);
  reloaded.opened();
  reloaded.received(olderWelcome());
  assert.deepEqual(socket.last('resume'), clientExample('resume'));
  const stranger = connected('cy');
  stranger.session.view(ID);
  assert.deepEqual(stranger.socket.last('spectate'), clientExample('spectate'));
  stranger.session.received(startSnapshot(null));
  stranger.session.view(null);
  assert.deepEqual(stranger.socket.last('leave'), clientExample('leave'));
});

test('a tab whose seat another tab took stops resuming until "play here"', () => {
  const { session, socket } = connected();
  session.received(joined('white'));
  session.received(startSnapshot('white'));
  session.received(serverExample('replaced'));
  assert.ok(session.elsewhere.has(ID));
  assert.equal(session.match?.you, null);
  session.closed(1008, 500);
  assert.equal(session.connection, 'reconnecting');
  socket.sent = [];
  session.opened();
  session.received(olderWelcome());
  assert.equal(socket.last('resume'), undefined, 'no automatic take-back: no ping-pong between tabs');
  assert.equal(socket.last('spectate'), undefined, 'nor watching: the player\'s own tab is no spectator');
  socket.sent = [];
  session.view(null);
  session.view(ID);
  assert.deepEqual(socket.sent, [], 'opening the match again asks for nothing either');
  session.playHere();
  assert.deepEqual(socket.last('resume'), clientExample('resume'));
  assert.ok(!session.elsewhere.has(ID));
});

test('when the tab that took the seat goes away, the tab it was taken from takes it back', () => {
  const { session, socket } = connected();
  session.view(ID);
  session.received(joined('white'));
  session.received(startSnapshot('white'));
  assert.deepEqual([...session.held], [ID]);
  session.received(serverExample('replaced'));
  session.closed(1008, 500);
  session.opened();
  session.received(olderWelcome());
  socket.sent = [];
  session.seatsReleased(['another-match']);
  assert.deepEqual(socket.sent, [], 'a seat this tab did not lose: nothing to do');
  session.seatsReleased([ID]);
  assert.deepEqual(socket.last('resume'), clientExample('resume'));
  assert.ok(!session.elsewhere.has(ID));
});

test('a seat released while another screen shows is resumed when its match is opened', () => {
  const { session, socket } = connected();
  session.view(ID);
  session.received(joined('white'));
  session.received(startSnapshot('white'));
  session.received(serverExample('replaced'));
  session.view(null);
  socket.sent = [];
  session.seatsReleased([ID]);
  assert.deepEqual(socket.sent, [], 'nothing shown: nothing asked');
  session.view(ID);
  assert.deepEqual(socket.last('resume'), clientExample('resume'));
});

test('what the tabs of one browser say to each other is read with care', () => {
  assert.deepEqual(readTabMessage({ type: 'seats_released', matches: [ID] }), [ID]);
  assert.equal(readTabMessage({ type: 'seats_released', matches: [1] }), null);
  assert.equal(readTabMessage({ type: 'something else', matches: [ID] }), null);
  assert.equal(readTabMessage('seats_released'), null);
  assert.equal(readTabMessage(null), null);
});

test('a token the server no longer knows is forgotten and the match watched', () => {
  const { session, socket, store } = connected();
  store.saveSeat(ID, 'white', TOKEN, 0);
  session.view(ID);
  const error = serverExample('error', (m) => m.match_id !== undefined);
  session.received({ ...error, code: 'bad_token', message: 'that token does not hold a seat', reply_to: 'resume', match_id: ID });
  assert.equal(store.seat(ID), null);
  assert.deepEqual(socket.last('spectate'), clientExample('spectate'));
});

test('server shutdown, refusals of the greeting, and a new name', () => {
  const { session, socket } = connected();
  session.received(serverExample('server_shutdown'));
  assert.equal(session.connection, 'stopped');
  session.closed(1001, 500);
  assert.equal(session.connection, 'stopped', 'the banner keeps saying why');
  const error = serverExample('error', (m) => m.reply_to === undefined);
  session.received({ ...error, code: 'bad_name', message: 'the name is longer than 32 characters', reply_to: 'hello' });
  assert.equal(session.connection, 'refused');
  assert.equal(session.refusal, 'the name is longer than 32 characters');
  assert.equal(session.refusalCode, 'bad_name', 'the page asks for another name');
  session.rename('annie');
  assert.equal(session.store.name, 'annie');
  assert.equal(socket.restarts, 1);
  session.received({ ...error, code: 'version_mismatch', message: 'this server speaks protocol 1, not 2', reply_to: 'hello' });
  assert.equal(session.refusalCode, 'version_mismatch');
  session.received(olderWelcome());
  assert.equal(session.refusalCode, null);
});

test('a name another key holds (name_taken) is asked for again, without greeting again with it', () => {
  const { session, socket } = connected();
  const error = serverExample('error', (m) => m.reply_to === undefined);
  const message = 'the name `ann` is claimed by another player key; pick another name';
  session.received({ ...error, code: 'name_taken', message, reply_to: 'hello' });
  assert.equal(session.connection, 'refused');
  assert.equal(
    session.refusal,
    "ann is already another player's name: another browser or program used it first. Pick another name; the one you pick stays yours in this browser.",
    'said for this browser: no state directory, no key file',
  );
  assert.equal(session.refusalCode, 'name_taken');
  assert.equal(session.me, '', 'the refused name is nobody: the header shows none');
  assert.equal(socket.stopped, true, 'no reconnecting with a name that is refused');
  session.rename('ann2');
  assert.equal(socket.restarts, 1, 'a new name connects again');
  assert.equal(socket.stopped, false);
});

test('create_match says whether the match is rated when the form says so', () => {
  const { session, socket } = connected();
  session.createMatch({ kind: 'fischer', initial_ms: 300_000, increment_ms: 3000 }, 'random', null, false);
  assert.equal(socket.last('create_match').rated, false);
  session.createMatch({ kind: 'fischer', initial_ms: 300_000, increment_ms: 3000 }, 'random', null, true);
  assert.equal(socket.last('create_match').rated, true);
  session.createMatch({ kind: 'untimed' }, 'random', null);
  assert.equal('rated' in socket.last('create_match'), false, 'absent: the server decides');
});

test('a computer offer in welcome reaches the lobby; create_match carries the choice', () => {
  const { session, socket } = connected('ann', serverExample('welcome', (w) => w.computer !== undefined));
  assert.equal(session.computer?.levels.at(-1)?.level, 7);
  const asked = clientExample('create_match', (m) => m.computer?.think_ms !== undefined);
  session.createMatch(asked.time_control, asked.color, asked.computer);
  assert.deepEqual(socket.last('create_match'), asked);
  session.createMatch({ kind: 'untimed' }, 'white', null);
  assert.deepEqual(socket.last('create_match'), clientExample('create_match', (m) => m.color === 'white' && !m.computer));
});

test('without welcome.limits (older servers) the page keeps to the fallback bounds', () => {
  const { session } = connected();
  assert.deepEqual(session.limits, FALLBACK_LIMITS);
  assert.ok('timeControl' in parseTimeControl('1440+3600', session.limits), '24 hours and 1 hour, the server\'s defaults');
  assert.ok('error' in parseTimeControl('1441+0', session.limits));
  assert.ok('error' in parseTimeControl('5+3601', session.limits));
  const oneMove = { ...serverExample('snapshot'), you: 'white' };
  session.view(ID);
  session.received(oneMove);
  assert.ok(session.match && canAbort(session.match, session.limits), 'abort until both sides have moved');
  assert.ok(!canAbort({ ...session.match, ply: 2 }, session.limits));
});

test('welcome.limits sets the bounds of the custom time control and of abort', () => {
  const limits = { name_max_chars: 20, max_initial_ms: 10_800_000, max_increment_ms: 180_000, abort_before_ply: 1 };
  const { session } = connected('ann', { ...olderWelcome(), limits });
  assert.deepEqual(session.limits, { max_initial_ms: 10_800_000, max_increment_ms: 180_000, abort_before_ply: 1 });
  assert.ok('timeControl' in parseTimeControl('180+180', session.limits));
  assert.deepEqual(parseTimeControl('181+0', session.limits), { error: 'minutes must be above 0 and at most 180' });
  assert.deepEqual(parseTimeControl('5+181', session.limits), { error: 'the increment is at most 180 seconds' });
  session.view(ID);
  session.received(startSnapshot('white'));
  assert.ok(session.match && canAbort(session.match, session.limits));
  session.received(FIRST_MOVE);
  assert.ok(session.match && !canAbort(session.match, session.limits), 'this server allows abort before the first move only');
});

test('a limits field that is not a whole number falls back on its own', () => {
  const limits = { max_initial_ms: 'a day', max_increment_ms: -1, abort_before_ply: 3 };
  const { session } = connected('ann', { ...olderWelcome(), limits });
  assert.deepEqual(session.limits, { ...FALLBACK_LIMITS, abort_before_ply: 3 });
  session.received({ ...olderWelcome(), limits: null });
  assert.deepEqual(session.limits, FALLBACK_LIMITS, 'a later welcome without limits');
});

/** A tournament view of the fixtures. @param {string} name */
const tournamentFixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/tournament-${name}.json`, import.meta.url), 'utf8'));

test('a tournament is watched while its page shows, watched again after a reconnect, and let go', () => {
  const { session, socket } = connected('ann');
  assert.equal(session.me, 'ann', 'who the viewer is, from welcome');
  const view = tournamentFixture('round-robin');
  session.watchTournament(view.id);
  assert.deepEqual(socket.last('watch_tournament'), { type: 'watch_tournament', tournament_id: view.id });
  session.received({ type: 'tournament_updated', tournament: { ...view, id: 'another' } });
  assert.equal(session.tournament, null, 'an update of another tournament is only a line of the list');
  assert.deepEqual(session.tournaments.map((t) => t.id), ['another']);
  session.received({ type: 'tournament_updated', tournament: view });
  assert.equal(session.tournament?.title, 'Friday bots');
  socket.sent = [];
  session.closed(1006, 100);
  session.opened();
  session.received({ ...olderWelcome(), name: 'ann' });
  assert.deepEqual(socket.last('watch_tournament'), { type: 'watch_tournament', tournament_id: view.id });
  session.watchTournament(null);
  assert.deepEqual(socket.last('unwatch_tournament'), { type: 'unwatch_tournament', tournament_id: view.id });
  assert.equal(session.tournament, null);
});

test("a created tournament is shown; the organiser's requests name the tournament watched; refusals are kept", () => {
  const { session, socket, events } = connected('ann');
  session.listTournaments();
  assert.deepEqual(socket.last('list_tournaments'), { type: 'list_tournaments' });
  session.createTournament({ type: 'create_tournament', format: { kind: 'swiss', rounds: 3 } });
  assert.deepEqual(socket.last('create_tournament'), { type: 'create_tournament', format: { kind: 'swiss', rounds: 3 } });
  const id = tournamentFixture('swiss').id;
  session.received({ type: 'tournament_created', tournament_id: id });
  assert.deepEqual(events.at(-1), { kind: 'tournament', tournamentId: id });
  session.watchTournament(id);
  session.tournamentRequest('start_tournament');
  assert.deepEqual(socket.last('start_tournament'), { type: 'start_tournament', tournament_id: id });
  session.enterComputer(3);
  assert.deepEqual(socket.last('enter_computer'), { type: 'enter_computer', tournament_id: id, computer: { level: 3 } });
  session.removeEntrant('bob');
  assert.deepEqual(socket.last('remove_entrant'), { type: 'remove_entrant', tournament_id: id, name: 'bob' });
  session.received({ type: 'error', code: 'not_organiser', message: 'only the organiser may start it', reply_to: 'start_tournament' });
  assert.equal(session.tournamentNotice, 'only the organiser may start it');
  assert.equal(session.notice, '', 'not a notice about a match');
  session.tournamentRequest('pause_tournament');
  assert.equal(session.tournamentNotice, '', 'a new request clears the last refusal');
});

test('tournament_game takes the reserved seat with join, and joined shows the game', () => {
  const { session, socket, events } = connected('ann');
  session.received({ type: 'tournament_game', tournament_id: 't', round: 2, match_id: ID, seat: 'black', opponent: 'bob' });
  assert.deepEqual(socket.last('join'), { type: 'join', match_id: ID, seat: 'black' });
  assert.deepEqual(events.at(-1), {
    kind: 'game_ready', taken: true, game: { tournamentId: 't', round: 2, matchId: ID, seat: 'black', opponent: 'bob' },
  });
  session.received(joined('black'));
  assert.deepEqual(events.at(-1), { kind: 'navigate', matchId: ID });
});

test('tournament_game while another game of this player is on: said, and taken when the player asks', () => {
  const { session, socket, events } = connected('ann');
  session.received(joined('white'));
  session.view(ID);
  session.received(startSnapshot('white'));
  socket.sent = [];
  const other = '7a1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f61';
  session.received({ type: 'tournament_game', tournament_id: 't', round: 1, match_id: other, seat: 'white', opponent: 'bob' });
  assert.equal(socket.last('join'), undefined, 'the game being played stays on screen');
  assert.equal(events.at(-1).taken, false);
  session.takeReadyGame();
  assert.deepEqual(socket.last('join'), { type: 'join', match_id: other, seat: 'white' });
});

test('a tournament game whose seat this browser holds already is shown, not joined again', () => {
  const { session, socket, store, events } = connected('ann');
  store.saveSeat(ID, 'white', TOKEN, 0);
  session.received({ type: 'tournament_game', tournament_id: 't', round: 1, match_id: ID, seat: 'white', opponent: 'bob' });
  assert.equal(socket.last('join'), undefined);
  assert.deepEqual(socket.last('resume'), { type: 'resume', match_id: ID, token: TOKEN });
  assert.ok(events.some((e) => e.kind === 'navigate' && e.matchId === ID));
});

test('tournament_game said late for a game this page saw end does not take the page back to it, even after a reconnect', () => {
  const { session, socket, events } = connected('ann');
  const ready = { type: 'tournament_game', tournament_id: 't', round: 3, match_id: ID, seat: 'white', opponent: 'bob' };
  session.received(ready);
  session.received(joined('white'));
  session.received({ ...serverExample('snapshot'), match_id: ID, you: 'white' });
  session.received({ type: 'game_over', match_id: ID, winner: 'black', reason: 'resignation', clocks: null });
  assert.equal(session.match?.status, 'finished');
  session.view(null); // back to the tournament's page, whose watch the server answers
  // A reconnect under load: the held seats are cleared and the ended
  // match's seat is forgotten (its `match_removed`).
  session.closed(1006, 100);
  session.opened();
  session.store.forgetSeat(ID);
  socket.sent = [];
  const before = events.length;
  session.received(ready);
  assert.deepEqual(socket.sent, [], 'no join');
  assert.equal(events.slice(before).some((e) => e.kind === 'navigate' || e.kind === 'game_ready'), false);
});

test('tournament_game said again (on watch, after hello) for a game already taken does not take the page back to it', () => {
  const { session, socket, events } = connected('ann');
  const ready = { type: 'tournament_game', tournament_id: 't', round: 1, match_id: ID, seat: 'white', opponent: 'bob' };
  session.received(ready);
  session.received(joined('white'));
  session.view(ID);
  session.view(null); // the player goes to the tournament's page
  socket.sent = [];
  const before = events.length;
  session.received(ready);
  assert.deepEqual(socket.sent, [], 'no join, no resume');
  assert.equal(events.slice(before).some((e) => e.kind === 'navigate' || e.kind === 'game_ready'), false);
  assert.equal(session.ready?.matchId, ID, 'still the ready game, for its link');
});
