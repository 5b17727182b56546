import { test } from 'node:test';
import assert from 'node:assert/strict';
import './english.js';
import { readFileSync } from 'node:fs';
import {
  FORMATS, applyTournamentList, createTournamentMessage, crosstable, formatChoiceText, formatName, formatText, myGame,
  resultText, roundsOf, standingsTable, statusText, summaryLine, tiebreakWords, viewerActions,
} from '../assets/js/tournament.js';
import { FORMAT_NAMES } from '../assets/js/vocabulary.js';
import { fischer, UNTIMED } from '../assets/js/timecontrol.js';

/**
 * A tournament view of the fixtures (the JSON shape of the protocol crate's TournamentView).
 * @param {string} name
 * @returns {import('../assets/js/wire.js').TournamentView}
 */
function fixture(name) {
  return JSON.parse(readFileSync(new URL(`./fixtures/tournament-${name}.json`, import.meta.url), 'utf8'));
}

test('formats and statuses in words', () => {
  assert.equal(formatText({ kind: 'round_robin', cycles: 1 }), 'round robin');
  assert.equal(formatText({ kind: 'round_robin', cycles: 2 }), 'double round robin');
  assert.equal(formatText({ kind: 'swiss', rounds: 5 }), 'Swiss, 5 rounds');
  assert.equal(formatText({ kind: 'swiss', rounds: 1 }), 'Swiss, 1 round');
  const view = fixture('round-robin');
  assert.equal(statusText(view), 'round 2 of 3');
  assert.equal(statusText({ ...view, paused: true }), 'round 2 of 3, paused');
  assert.equal(statusText({ ...view, status: 'finished' }), 'finished');
  assert.equal(statusText(fixture('swiss')), 'registering');
  assert.equal(summaryLine(view), 'round robin · 1+1 · casual · 4 entrants');
  assert.equal(summaryLine({ ...fixture('swiss'), rated: true, entrant_count: 1 }), 'Swiss, 3 rounds · untimed · rated · 1 entrant');
});

test('a result reads as a score from white, with forfeits, margins and games not finished', () => {
  const [first, second] = fixture('round-robin').rounds ?? [];
  assert.equal(resultText(first.games[0]), '1–0 forfeit');
  assert.equal(resultText(first.games[1]), '0–1 by 7 moves');
  assert.equal(resultText(second.games[0]), 'playing');
  assert.equal(resultText({ white: 'a', black: 'b' }), 'not started');
  assert.equal(resultText({ white: 'a', black: 'b', result: { winner: null, forfeit: true } }), '0–0 double forfeit');
  assert.equal(resultText({ white: 'a', black: 'b', result: { winner: 'white' } }), '1–0');
  assert.equal(resultText({ white: 'a', black: 'b', result: { winner: 'black', margin: 1 } }), '0–1 by 1 move');
});

test("the standings keep the server's order and ranks, with each tie-break's short heading and meaning", () => {
  const table = standingsTable(fixture('round-robin'));
  assert.deepEqual(table.tiebreaks.map((t) => t.abbr), ['SB', 'DE', 'GS']);
  assert.equal(table.tiebreaks[0].title, tiebreakWords('sonneborn_berger').title);
  assert.match(table.tiebreaks[0].title, /^Sonneborn-Berger: /);
  assert.deepEqual(table.rows.map((r) => [r.rank, r.name, r.points, r.games, r.tiebreaks.join(' ')]), [
    ['1', 'computer (level 2)', '1', '1', '1 0 7'],
    ['2', 'ann', '1', '1', '0 0 0'],
    ['2', 'computer (level 1)', '1', '2', '0 0 0'],
    ['4', 'bob', '0', '2', '0 0 0'],
  ]);
  assert.deepEqual(table.rows.map((r) => r.bot), [true, false, true, false]);
  assert.deepEqual(table.rows.map((r) => r.withdrawn), [false, false, false, true]);
  assert.deepEqual(standingsTable(fixture('swiss')), { tiebreaks: [], rows: [] }, 'no standings before the start');
  for (const tiebreak of /** @type {const} */ (['buchholz', 'buchholz_cut1'])) {
    assert.ok(tiebreakWords(tiebreak).abbr.length <= 4 && tiebreakWords(tiebreak).title.length > 10);
  }
});

test('the current round is the latest, the earlier ones follow latest first', () => {
  const { current, earlier } = roundsOf(fixture('round-robin'));
  assert.equal(current?.number, 2);
  assert.deepEqual(earlier.map((r) => r.number), [1]);
  assert.deepEqual(roundsOf(fixture('swiss')), { current: null, earlier: [] });
  assert.equal(myGame(fixture('round-robin'), 'ann')?.white, 'computer (level 2)');
  assert.equal(myGame(fixture('round-robin'), 'dan'), null);
});

test("a round robin's crosstable is drawn as the server computed it: the row's scores in its order, as signs", () => {
  const table = crosstable(fixture('round-robin'));
  assert.ok(table);
  assert.deepEqual(table.names, ['computer (level 2)', 'ann', 'computer (level 1)', 'bob'], "the server's order (the standings')");
  /** @param {string} row @param {string} column */
  const cell = (row, column) => table.cells[table.names.indexOf(row)][table.names.indexOf(column)].join(' ');
  assert.equal(cell('computer (level 2)', 'computer (level 1)'), '1');
  assert.equal(cell('computer (level 1)', 'computer (level 2)'), '0');
  assert.equal(cell('ann', 'bob'), '+', 'won by forfeit');
  assert.equal(cell('bob', 'ann'), '−');
  assert.equal(cell('ann', 'computer (level 2)'), '·', 'no result yet');
  assert.equal(cell('ann', 'ann'), '');
  assert.deepEqual(table.points, ['1', '1', '1', '0']);
  assert.equal(crosstable(fixture('swiss')), null, 'no crosstable for a Swiss');
});

test('a double round robin shows both games of a pair in one cell, in round order', () => {
  const view = fixture('round-robin');
  view.crosstable = [
    { name: 'ann', points: 1, scores: [[], ['won', 'lost']] },
    { name: 'bob', points: 1, scores: [['lost', 'won'], []] },
  ];
  const table = crosstable(view);
  assert.ok(table);
  assert.deepEqual(table.cells[0][1], ['1', '0']);
  assert.deepEqual(table.cells[1][0], ['0', '1']);
});

test('what the viewer may do: organiser, entrant, newcomer, before and after the start', () => {
  const registering = fixture('swiss');
  assert.deepEqual(viewerActions(registering, 'cy'), {
    join: false, withdraw: true, start: true, pause: false, resume: false, end: false, enterComputer: true,
    remove: ['cy', 'computer (level 3)'],
  });
  assert.deepEqual(viewerActions(registering, 'dan'), {
    join: true, withdraw: false, start: false, pause: false, resume: false, end: false, enterComputer: false, remove: [],
  });
  assert.equal(viewerActions(registering, '').join, false, 'not greeted yet');
  assert.equal(viewerActions({ ...registering, entry_list: ['eve'] }, 'dan').join, false, 'not on the entry list');
  assert.equal(viewerActions({ ...registering, entry_list: ['dan'] }, 'dan').join, true);
  assert.equal(viewerActions({ ...registering, entrants: registering.entrants.slice(0, 1) }, 'cy').start, false, 'one entrant cannot start');

  const running = fixture('round-robin');
  assert.deepEqual(viewerActions(running, 'ann'), {
    join: false, withdraw: true, start: false, pause: true, resume: false, end: true, enterComputer: false,
    remove: ['ann', 'computer (level 1)', 'computer (level 2)'],
  });
  assert.equal(viewerActions({ ...running, paused: true }, 'ann').resume, true);
  assert.equal(viewerActions({ ...running, paused: true }, 'ann').pause, false);
  assert.equal(viewerActions(running, 'bob').withdraw, false, 'already withdrawn');
  assert.equal(viewerActions(running, 'dan').join, false, 'entry is closed');
  const finished = viewerActions({ ...running, status: 'finished' }, 'ann');
  assert.deepEqual(finished, { join: false, withdraw: false, start: false, pause: false, resume: false, end: false, enterComputer: false, remove: [] });
});

test('the list: replaced by tournament_list, one line updated or added by tournament_updated', () => {
  const rr = fixture('round-robin');
  const swiss = fixture('swiss');
  const { entrants: _e, rounds: _r, standings: _s, ...summary } = swiss;
  let list = applyTournamentList([], { type: 'tournament_list', tournaments: [summary] });
  assert.deepEqual(list.map((t) => t.id), [swiss.id]);
  list = applyTournamentList(list, { type: 'tournament_updated', tournament: rr });
  assert.deepEqual(list.map((t) => t.id), [rr.id, swiss.id], 'a new one comes first');
  assert.equal('standings' in list[0], false, 'a line of the list, not the whole view');
  list = applyTournamentList(list, { type: 'tournament_updated', tournament: { ...swiss, status: 'running', round: 1 } });
  assert.deepEqual(list.map((t) => [t.id, t.status]), [[rr.id, 'running'], [swiss.id, 'running']]);
});

test('every format a person may choose is made and named back as the Rust code names it', () => {
  assert.deepEqual(Object.keys(FORMATS).sort(), [...FORMAT_NAMES].sort());
  for (const name of FORMAT_NAMES) {
    const made = createTournamentMessage({ title: '', format: name, rounds: 3, timeControl: UNTIMED, rated: false, levels: [] });
    assert.ok('message' in made, name);
    assert.equal(formatName(made.message.format), name);
    assert.ok(formatChoiceText(name).length > 0 && !formatChoiceText(name).startsWith('tournament-format-'), name);
  }
  assert.equal(formatChoiceText('swiss'), 'Swiss');
});

test("the form's choices become create_tournament, or say what is wrong", () => {
  const base = { title: '  Friday bots ', rounds: 5, timeControl: fischer(3, 2), rated: true, levels: [] };
  assert.deepEqual(createTournamentMessage({ ...base, format: 'round_robin', levels: [1, 3] }), {
    message: {
      type: 'create_tournament', title: 'Friday bots', format: { kind: 'round_robin', cycles: 1 },
      time_control: fischer(3, 2), rated: true, computers: [{ level: 1 }, { level: 3 }],
    },
  });
  assert.deepEqual(createTournamentMessage({ ...base, title: '', format: 'double_round_robin', timeControl: UNTIMED, rated: false }), {
    message: { type: 'create_tournament', format: { kind: 'round_robin', cycles: 2 }, time_control: UNTIMED, rated: false },
  });
  const swiss = createTournamentMessage({ ...base, format: 'swiss' });
  assert.ok('message' in swiss);
  assert.deepEqual(swiss.message.format, { kind: 'swiss', rounds: 5 });
  for (const rounds of [0, 2.5, NaN]) {
    assert.ok('error' in createTournamentMessage({ ...base, format: 'swiss', rounds }), `${rounds} rounds`);
  }
});

test("the protocol document's tournament_updated and tournament_list read as the page shows them", async () => {
  const { serverExample } = await import('./protocol.js');
  const view = serverExample('tournament_updated').tournament;
  const table = standingsTable(view);
  assert.deepEqual(table.rows.map((r) => r.name), view.standings.map((/** @type {{name: string}} */ s) => s.name));
  for (const heading of table.tiebreaks) assert.notEqual(heading.abbr, heading.kind, `${heading.kind} has a short heading of its own`);
  const cross = crosstable(view);
  assert.ok(cross, 'a round robin has a crosstable');
  assert.equal(cross.names.length, view.entrants.length);
  assert.deepEqual(cross.names, view.standings.map((/** @type {{name: string}} */ s) => s.name));
  const list = applyTournamentList([], serverExample('tournament_list'));
  assert.ok(list.length >= 1 && list.every((t) => typeof statusText(t) === 'string' && summaryLine(t).includes('·')));
});
