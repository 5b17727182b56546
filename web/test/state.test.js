import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseFen } from '../assets/js/fen.js';
import { FALLBACK_LIMITS } from '../assets/js/limits.js';
import {
  applyLobbyMessage, applyMatchMessage, canAbort, canClaim, canResign, clockMs, describeOutcome, markStale, fromSnapshot, startedText,
} from '../assets/js/state.js';
import { FIRST_MOVE, ID, serverExample, startSnapshot } from './protocol.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));

test('a snapshot becomes the match state', () => {
  const state = fromSnapshot(startSnapshot('white'), 100);
  assert.equal(state.id, ID);
  assert.equal(state.you, 'white');
  assert.equal(state.ply, 0);
  assert.equal(state.clocksAt, 100);
  assert.equal(state.legal, null, 'legal moves come in their own message');
  assert.ok(canAbort(state, FALLBACK_LIMITS) && canResign(state));
  assert.ok(!canResign(fromSnapshot(startSnapshot(null), 0)), 'spectators cannot resign');
});

test('the documented snapshot, one move in, has the move, its board and its last move', () => {
  const snapshot = serverExample('snapshot');
  const state = fromSnapshot(snapshot, 0);
  assert.equal(state.you, 'black');
  assert.equal(state.ply, 1);
  assert.equal(state.turn, 'black');
  assert.deepEqual(state.moves, snapshot.moves);
  assert.deepEqual(state.board, parseFen(snapshot.fen));
  assert.deepEqual(state.initialBoard, parseFen(snapshot.initial_fen));
  assert.deepEqual(state.lastMove, { from: 3, to: 63, arrow: 66 });
  assert.equal(state.recordId, null, 'a game in progress has no record yet');
});

test('move_played draws the server FEN, advances the ply and restarts the clock', () => {
  const { state, events } = applyMatchMessage(fromSnapshot(startSnapshot('black'), 0), FIRST_MOVE, 500);
  assert.deepEqual(state.board, parseFen(FIRST_MOVE.fen));
  assert.equal(state.ply, 1);
  assert.equal(state.turn, 'black');
  assert.equal(state.clocksAt, 500);
  assert.deepEqual(state.moves, [{ move: 'd1-d7/g7', time_ms: 4100, clock_ms: 297900 }]);
  assert.deepEqual(state.lastMove, { from: 3, to: 63, arrow: 66 });
  assert.deepEqual(events, [{ kind: 'moved', side: 'white', move: 'd1-d7/g7', ply: 0 }]);
  const untimed = serverExample('move_played', (m) => m.clocks === null);
  const next = applyMatchMessage(state, untimed, 600).state;
  assert.equal(next.ply, 2);
  assert.deepEqual(next.moves[1], { move: 'a7-b7/c7', time_ms: 800 }, 'no clock after a move of an untimed game');
});

test('without fen (an older server) the move is drawn onto the board', () => {
  const { fen, ...old } = FIRST_MOVE;
  const { state } = applyMatchMessage(fromSnapshot(startSnapshot(null), 0), old, 0);
  assert.deepEqual(state.board, parseFen(fen));
});

test('a repeated move changes nothing; a gap asks for a snapshot', () => {
  const once = applyMatchMessage(fromSnapshot(startSnapshot('black'), 0), FIRST_MOVE, 0).state;
  const repeated = applyMatchMessage(once, FIRST_MOVE, 0);
  assert.equal(repeated.state, once);
  assert.deepEqual(repeated.events, []);
  const gap = applyMatchMessage(once, { ...FIRST_MOVE, ply: 5 }, 0);
  assert.deepEqual(gap.events, [{ kind: 'resync' }]);
});

test('legal moves are taken only for this ply and only on the receiver\'s turn', () => {
  const white = fromSnapshot(startSnapshot('white'), 0);
  const legal = { ...serverExample('legal_moves'), ply: 0, moves: fixture.start };
  assert.equal(applyMatchMessage(white, legal, 0).state.legal?.size, 4);
  assert.equal(applyMatchMessage(white, { ...legal, ply: 1 }, 0).state.legal, null, 'stale');
  assert.equal(applyMatchMessage(fromSnapshot(startSnapshot('black'), 0), legal, 0).state.legal, null, 'not black\'s turn');
  assert.equal(applyMatchMessage(white, { ...legal, moves: { d1: { d2: 'zz' } } }, 0).state.legal, null, 'garbled');
  const withLegal = applyMatchMessage(white, legal, 0).state;
  assert.equal(applyMatchMessage(withLegal, FIRST_MOVE, 0).state.legal, null, 'a move makes them stale');
});

test('game_started settles whether the game is rated: a rated match turns casual with a guest in it', () => {
  const waiting = { ...fromSnapshot({ ...startSnapshot('white'), status: 'waiting' }, 0), rated: true };
  const started = serverExample('game_started');
  assert.equal(started.rated, false, 'the documented start is of a casual game');
  assert.equal(applyMatchMessage(waiting, started, 0).state.rated, false);
  assert.equal(applyMatchMessage(waiting, { ...started, rated: true }, 0).state.rated, true);
  const { rated: _rated, ...older } = started;
  assert.equal(applyMatchMessage(waiting, older, 0).state.rated, true, 'an older server says nothing: as created');
});

test("a rated game's end carries each side's rating change; a casual one none", () => {
  const playing = fromSnapshot(startSnapshot('white'), 0);
  assert.equal(playing.rated, true, 'the documented snapshot is of a rated match');
  assert.equal(playing.ratings, null, 'no change while the game goes on');
  const { rated: _rated, ...older } = startSnapshot('white');
  assert.equal(fromSnapshot(older, 0).rated, false, 'a snapshot without `rated` (an older server): casual');
  const gameOver = serverExample('game_over', (m) => m.ratings !== undefined);
  const over = applyMatchMessage(playing, gameOver, 0).state;
  assert.deepEqual(over.ratings, gameOver.ratings);
  assert.equal(over.ratings?.black.after.rating, 1809);
  const { ratings: _none, ...casual } = gameOver;
  assert.equal(applyMatchMessage(playing, casual, 0).state.ratings, null);
});

test('the end of the game, rematch offers and the rematch', () => {
  const playing = fromSnapshot(startSnapshot('white'), 0);
  const gameOver = serverExample('game_over', (m) => m.record_id !== undefined);
  const over = applyMatchMessage(playing, gameOver, 0);
  assert.equal(over.state.status, 'finished');
  assert.equal(over.state.recordId, gameOver.record_id);
  assert.deepEqual(over.state.clocks, gameOver.clocks);
  assert.deepEqual(over.events, [{ kind: 'over', outcome: { winner: 'white', reason: 'no_legal_move' } }]);
  assert.ok(!canResign(over.state) && !canAbort(over.state, FALLBACK_LIMITS));
  const aborted = applyMatchMessage(playing, serverExample('game_over', (m) => m.reason === 'aborted'), 0).state;
  assert.deepEqual(aborted.outcome, { winner: null, reason: 'aborted' });
  assert.equal(aborted.recordId, null, 'no record named');
  const offered = applyMatchMessage(over.state, serverExample('rematch_offered'), 0).state;
  assert.equal(offered.rematchOffer, 'black');
  assert.equal(applyMatchMessage(offered, serverExample('rematch_declined'), 0).state.rematchOffer, null);
  const started = serverExample('rematch_started');
  assert.equal(applyMatchMessage(offered, started, 0).state.nextMatchId, started.new_match_id);
  assert.equal(applyMatchMessage(offered, serverExample('match_removed'), 0).state.removed, true);
  assert.equal(describeOutcome({ winner: 'black', reason: 'resignation' }), 'Black wins: White resigned');
  assert.equal(describeOutcome({ winner: 'white', reason: 'no_legal_move' }), 'White wins: Black has no legal move');
  assert.equal(describeOutcome({ winner: null, reason: 'aborted' }), 'Game aborted');
  assert.equal(describeOutcome({ winner: 'white', reason: 'engine_failure' }), "White wins: Black's engine failed");
  assert.equal(describeOutcome({ winner: 'black', reason: 'illegal_move' }), "Black wins: White's engine answered an illegal move");
  assert.equal(describeOutcome(/** @type {any} */ ({ winner: 'white', reason: 'a_newer_reason' })), 'White wins', 'a reason of a newer server');
});

test('abort is offered while fewer moves than the bound are played, to a seated player', () => {
  const start = fromSnapshot(startSnapshot('white'), 0);
  const oneMove = fromSnapshot(serverExample('snapshot'), 0);
  const twoMoves = { ...oneMove, ply: 2 };
  assert.ok(canAbort(start, FALLBACK_LIMITS) && canAbort(oneMove, FALLBACK_LIMITS));
  assert.ok(!canAbort(twoMoves, FALLBACK_LIMITS), 'both sides have moved');
  assert.ok(!canAbort({ ...oneMove, you: null }, FALLBACK_LIMITS), 'spectators cannot abort');
  const strict = { ...FALLBACK_LIMITS, abort_before_ply: 1 };
  assert.ok(canAbort(start, strict) && !canAbort(oneMove, strict), 'a server that allows it before the first move only');
});

test('seats, spectators and the start of the game', () => {
  const waiting = { ...fromSnapshot(startSnapshot('white'), 0), status: /** @type {const} */ ('waiting') };
  const seatsChanged = serverExample('seats_changed');
  const seated = applyMatchMessage(waiting, seatsChanged, 0);
  assert.equal(seated.state.spectators, seatsChanged.spectators);
  assert.equal(seated.state.seats.white?.connected, false);
  const gameStarted = serverExample('game_started');
  const started = applyMatchMessage(seated.state, gameStarted, 9);
  assert.equal(started.state.status, 'playing');
  assert.deepEqual(started.state.clocks, gameStarted.clocks);
  assert.equal(started.state.clocksAt, 9);
  assert.deepEqual(started.events, [{ kind: 'started' }]);
});

test('the lobby list follows match_list, match_updated and match_removed', () => {
  const list = serverExample('match_list');
  const summary = list.matches[0];
  let lobby = applyLobbyMessage([], list);
  assert.equal(lobby.length, 1);
  lobby = applyLobbyMessage(lobby, { ...serverExample('match_updated'), match: { ...summary, spectators: 2 } });
  assert.equal(lobby.length, 1);
  assert.equal(lobby[0].spectators, 2);
  const updated = serverExample('match_updated');
  lobby = applyLobbyMessage(lobby, { ...updated, match: { ...updated.match, id: 'other' } });
  assert.deepEqual(lobby.map((m) => m.id), ['other', ID], 'newest first');
  lobby = applyLobbyMessage(lobby, serverExample('match_removed'));
  assert.deepEqual(lobby.map((m) => m.id), ['other']);
});

test('clocks count down from the server\'s values; frozen (connection lost) they stay until the server\'s next report', () => {
  const full = startSnapshot('white').clocks.white_ms;
  const state = fromSnapshot(startSnapshot('white'), 1000);
  assert.equal(clockMs(state, 4000, 'white'), full - 3000, 'the side to move counts down');
  assert.equal(clockMs(state, 4000, 'black'), full);
  const frozen = markStale(state, 2000);
  assert.equal(clockMs(frozen, 2000, 'white'), full - 1000);
  assert.equal(clockMs(frozen, 60_000, 'white'), full - 1000, 'no countdown while the server is not heard');
  assert.equal(markStale(frozen, 9000), frozen, 'frozen once, at the first loss');
  const moved = applyMatchMessage(frozen, { ...FIRST_MOVE, ply: 0 }, 70_000).state;
  assert.equal(clockMs(moved, 71_000, 'black'), FIRST_MOVE.clocks.black_ms - 1000, 'the next report runs again');
  const resumed = fromSnapshot(startSnapshot('white'), 80_000);
  assert.equal(clockMs(resumed, 81_000, 'white'), full - 1000);
  assert.equal(clockMs(fromSnapshot({ ...startSnapshot('white'), clocks: null }, 0), 10, 'white'), null, 'untimed');
});

test('the game-start banner speaks to whoever reads it', () => {
  const snapshot = startSnapshot('white');
  const seats = snapshot.seats;
  assert.equal(startedText(fromSnapshot(snapshot, 0)), 'Game on: your move, your clock is running.');
  assert.equal(startedText(fromSnapshot({ ...snapshot, clocks: null }, 0)), 'Game on: your move.', 'untimed');
  assert.equal(startedText(fromSnapshot(startSnapshot('black'), 0)), `Game on: you play black; ${seats.white?.name} (white) moves first.`);
  assert.equal(startedText(fromSnapshot(startSnapshot(null), 0)), `Game on: ${seats.white?.name} (white) against ${seats.black?.name} (black).`);
});

test('a proven position lets a player claim until the next move; the end on territory says the margin', () => {
  const decided = { winner: /** @type {const} */ ('white'), margin: 7 };
  const playing = { ...startSnapshot('black'), status: 'playing', end_when_decided: false, assistance: true };
  const plain = fromSnapshot(playing, 0);
  assert.equal(plain.decided, null);
  assert.equal(plain.endWhenDecided, false);
  assert.equal(plain.assistance, true);
  assert.ok(!canClaim(plain));
  const claimable = fromSnapshot({ ...playing, decided }, 0);
  assert.deepEqual(claimable.decided, decided);
  assert.ok(canClaim(claimable));
  assert.ok(!canClaim({ ...claimable, you: null }), 'a spectator cannot claim');
  const { fen: _fen, ...older } = startSnapshot('black');
  const defaults = fromSnapshot({ ...older, fen: playing.fen }, 0);
  assert.equal(defaults.endWhenDecided, false, 'an older server says nothing: no automatic end');
  assert.equal(defaults.assistance, false);
  // A move that leaves the position proven carries it; one that does not takes it away.
  const proven = applyMatchMessage(plain, { ...FIRST_MOVE, decided }, 0).state;
  assert.deepEqual(proven.decided, decided);
  assert.ok(canClaim(proven), 'either player may claim, whoever is to move');
  const again = applyMatchMessage(fromSnapshot({ ...startSnapshot('white'), decided }, 0), FIRST_MOVE, 0).state;
  assert.equal(again.decided, null);
  const over = applyMatchMessage(claimable, { type: 'game_over', match_id: ID, winner: 'white', reason: 'territory', clocks: null, margin: 7 }, 0).state;
  assert.equal(over.margin, 7);
  assert.equal(over.decided, null);
  assert.ok(!canClaim(over));
  assert.equal(describeOutcome(/** @type {import('../assets/js/wire.js').Outcome} */ (over.outcome), over.margin), 'White wins on territory by 7');
});

test('the documented end on territory names its margin', () => {
  const gameOver = serverExample('game_over', (m) => m.reason === 'territory');
  const over = applyMatchMessage(fromSnapshot(startSnapshot('white'), 0), gameOver, 0).state;
  assert.equal(over.margin, gameOver.margin);
  assert.equal(describeOutcome(/** @type {import('../assets/js/wire.js').Outcome} */ (over.outcome), over.margin), `Black wins on territory by ${gameOver.margin}`);
  assert.equal(describeOutcome({ winner: 'black', reason: 'territory' }), 'Black wins on territory', 'without its margin (a list line)');
  const snapshot = fromSnapshot({ ...serverExample('snapshot'), status: 'finished', outcome: { winner: 'black', reason: 'territory' }, margin: 7 }, 0);
  assert.equal(snapshot.margin, 7, "a finished game's snapshot keeps it");
});
