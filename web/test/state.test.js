import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseFen } from '../assets/js/fen.js';
import { applyLobbyMessage, applyMatchMessage, canAbort, canResign, describeOutcome, fromSnapshot } from '../assets/js/state.js';
import { AFTER_D1D7G7, ID, movePlayed, snapshot, summary } from './messages.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/legal-moves.json', import.meta.url), 'utf8'));

test('a snapshot becomes the match state', () => {
  const state = fromSnapshot(snapshot('white'), 100);
  assert.equal(state.id, ID);
  assert.equal(state.you, 'white');
  assert.equal(state.ply, 0);
  assert.equal(state.clocksAt, 100);
  assert.equal(state.legal, null, 'legal moves come in their own message');
  assert.ok(canAbort(state) && canResign(state));
  assert.ok(!canResign(fromSnapshot(snapshot(null), 0)), 'spectators cannot resign');
});

test('move_played draws the server FEN, advances the ply and restarts the clock', () => {
  const { state, events } = applyMatchMessage(fromSnapshot(snapshot('black'), 0), movePlayed, 500);
  assert.deepEqual(state.board, parseFen(AFTER_D1D7G7));
  assert.equal(state.ply, 1);
  assert.equal(state.turn, 'black');
  assert.equal(state.clocksAt, 500);
  assert.deepEqual(state.moves, [{ move: 'd1-d7/g7', time_ms: 4100, clock_ms: 297900 }]);
  assert.deepEqual(state.lastMove, { from: 3, to: 63, arrow: 66 });
  assert.deepEqual(events, [{ kind: 'moved', side: 'white', move: 'd1-d7/g7', ply: 0 }]);
});

test('without fen (an older server) the move is drawn onto the board', () => {
  const { fen: _fen, ...old } = movePlayed;
  const { state } = applyMatchMessage(fromSnapshot(snapshot(null), 0), old, 0);
  assert.deepEqual(state.board, parseFen(AFTER_D1D7G7));
});

test('a repeated move changes nothing; a gap asks for a snapshot', () => {
  const once = applyMatchMessage(fromSnapshot(snapshot('black'), 0), movePlayed, 0).state;
  const repeated = applyMatchMessage(once, movePlayed, 0);
  assert.equal(repeated.state, once);
  assert.deepEqual(repeated.events, []);
  const gap = applyMatchMessage(once, { ...movePlayed, ply: 5 }, 0);
  assert.deepEqual(gap.events, [{ kind: 'resync' }]);
});

test('legal moves are taken only for this ply and only on the receiver\'s turn', () => {
  const white = fromSnapshot(snapshot('white'), 0);
  const legal = { type: 'legal_moves', match_id: ID, ply: 0, moves: fixture.start };
  assert.equal(applyMatchMessage(white, legal, 0).state.legal?.size, 4);
  assert.equal(applyMatchMessage(white, { ...legal, ply: 1 }, 0).state.legal, null, 'stale');
  assert.equal(applyMatchMessage(fromSnapshot(snapshot('black'), 0), legal, 0).state.legal, null, 'not black\'s turn');
  assert.equal(applyMatchMessage(white, { ...legal, moves: { d1: { d2: 'zz' } } }, 0).state.legal, null, 'garbled');
  const withLegal = applyMatchMessage(white, legal, 0).state;
  assert.equal(applyMatchMessage(withLegal, movePlayed, 0).state.legal, null, 'a move makes them stale');
});

test('the end of the game, rematch offers and the rematch', () => {
  const playing = fromSnapshot(snapshot('white'), 0);
  const over = applyMatchMessage(playing, { type: 'game_over', match_id: ID, winner: 'black', reason: 'resignation', clocks: null, record_id: ID }, 0);
  assert.equal(over.state.status, 'finished');
  assert.equal(over.state.recordId, ID);
  assert.deepEqual(over.events, [{ kind: 'over', outcome: { winner: 'black', reason: 'resignation' } }]);
  assert.ok(!canResign(over.state) && !canAbort(over.state));
  const offered = applyMatchMessage(over.state, { type: 'rematch_offered', match_id: ID, by: 'black' }, 0).state;
  assert.equal(offered.rematchOffer, 'black');
  assert.equal(applyMatchMessage(offered, { type: 'rematch_declined', match_id: ID, by: 'white' }, 0).state.rematchOffer, null);
  assert.equal(applyMatchMessage(offered, { type: 'rematch_started', match_id: ID, new_match_id: 'new' }, 0).state.nextMatchId, 'new');
  assert.equal(describeOutcome({ winner: 'black', reason: 'resignation' }), 'Black wins: White resigned');
  assert.equal(describeOutcome({ winner: 'white', reason: 'no_legal_move' }), 'White wins: Black has no legal move');
  assert.equal(describeOutcome({ winner: null, reason: 'aborted' }), 'Game aborted');
  assert.equal(describeOutcome({ winner: 'white', reason: 'engine_failure' }), "White wins: Black's engine failed");
  assert.equal(describeOutcome({ winner: 'black', reason: 'illegal_move' }), "Black wins: White's engine answered an illegal move");
});

test('seats, spectators and the start of the game', () => {
  const waiting = { ...fromSnapshot(snapshot('white'), 0), status: /** @type {const} */ ('waiting') };
  const seated = applyMatchMessage(waiting, { type: 'seats_changed', match_id: ID, seats: snapshot(null).seats, spectators: 3 }, 0);
  assert.equal(seated.state.spectators, 3);
  const started = applyMatchMessage(seated.state, { type: 'game_started', match_id: ID, seats: snapshot(null).seats, clocks: null }, 9);
  assert.equal(started.state.status, 'playing');
  assert.deepEqual(started.events, [{ kind: 'started' }]);
});

test('the lobby list follows match_list, match_updated and match_removed', () => {
  let lobby = applyLobbyMessage([], { type: 'match_list', matches: [summary] });
  assert.equal(lobby.length, 1);
  lobby = applyLobbyMessage(lobby, { type: 'match_updated', match: { ...summary, spectators: 2 } });
  assert.equal(lobby.length, 1);
  assert.equal(lobby[0].spectators, 2);
  lobby = applyLobbyMessage(lobby, { type: 'match_updated', match: { ...summary, id: 'other' } });
  assert.deepEqual(lobby.map((m) => m.id), ['other', ID], 'newest first');
  lobby = applyLobbyMessage(lobby, { type: 'match_removed', match_id: ID });
  assert.deepEqual(lobby.map((m) => m.id), ['other']);
});
