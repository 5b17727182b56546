// Tournaments as text (in the page's language, from the catalogues), apart from the DOM: a format and a status in words,
// the standings with their tie-breaks' short headings, a round's results,
// the crosstable the server computed, drawn as signs, what the viewer may
// do (join, withdraw, the organiser's controls), the list folded from the
// server's messages, and the `create_tournament` message of the form.

import { t, wireKey } from './i18n.js';
import { ratedWord } from './rating.js';
import { describeTimeControl } from './timecontrol.js';

/** @typedef {import('./wire.js').TimeControl} TimeControl */
/** @typedef {import('./wire.js').ComputerRequest} ComputerRequest */
/** @typedef {import('./wire.js').Tiebreak} Tiebreak */
/** @typedef {import('./wire.js').TournamentFormat} TournamentFormat */
/** @typedef {import('./vocabulary.js').FormatName} FormatName */
/** @typedef {import('./vocabulary.js').CrossScore} CrossScore */
/** @typedef {import('./wire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./wire.js').TournamentView} TournamentView */
/** @typedef {import('./wire.js').TournamentRound} TournamentRound */
/** @typedef {import('./wire.js').TournamentGame} TournamentGame */
/** @typedef {import('./wire.js').TournamentResult} TournamentResult */
/** @typedef {import('./wire.js').CreateTournamentMessage} CreateTournamentMessage */

/**
 * A tie-break's short heading and what it means (the heading's title), in
 * the page's language: common.ftl's `tiebreak-<name>-short` and `-meaning`,
 * the words the terminal shows too.
 * @param {Tiebreak} kind
 * @returns {{abbr: string, title: string}}
 */
export function tiebreakWords(kind) {
  const key = wireKey('tiebreak-', kind);
  return { abbr: t(`${key}-short`), title: t(`${key}-meaning`) };
}

/**
 * Each format a person may choose (FormatName, generated from the Rust
 * declaration): whether the organiser gives the rounds, and its wire form.
 * A format the Rust code gains is missing here until handled (`tsc` says so).
 * @type {Record<FormatName, {asksRounds: boolean, format: (rounds: number) => TournamentFormat}>}
 */
export const FORMATS = {
  round_robin: { asksRounds: false, format: () => ({ kind: 'round_robin', cycles: 1 }) },
  double_round_robin: { asksRounds: false, format: () => ({ kind: 'round_robin', cycles: 2 }) },
  swiss: { asksRounds: true, format: (rounds) => ({ kind: 'swiss', rounds }) },
};

/**
 * The name a person knows a format by, from its wire form (each kind
 * handled, so that `tsc` refuses a wire format without its name).
 * @type {{[K in TournamentFormat['kind']]: (format: Extract<TournamentFormat, {kind: K}>) => FormatName}}
 */
const NAME_OF = {
  round_robin: (format) => (format.cycles === 2 ? 'double_round_robin' : 'round_robin'),
  swiss: () => 'swiss',
};

/**
 * The name of a format, as Rust's `Format::name` gives it.
 * @param {TournamentFormat} format
 * @returns {FormatName}
 */
export function formatName(format) {
  const name = /** @type {(format: TournamentFormat) => FormatName} */ (NAME_OF[format.kind]);
  return name(format);
}

/**
 * A format in words: `Round robin`, `Double round robin`, `Swiss, 5 rounds`
 * (common.ftl's `tournament-format-<name>`, the terminal's words too).
 * @param {TournamentFormat} format
 * @returns {string}
 */
export function formatText(format) {
  return t(wireKey('tournament-format-', formatName(format)), { rounds: 'rounds' in format ? format.rounds : 0 });
}

/**
 * A format as a choice in the form, without its rounds: `Swiss`.
 * @param {FormatName} name
 * @returns {string}
 */
export function formatChoiceText(name) {
  return t(`${wireKey('tournament-format-', name)}-choice`);
}

/**
 * Where a tournament is, in words: `registering`, `round 2 of 5`,
 * `round 2 of 5, paused`, `finished`.
 * @param {TournamentSummary} summary
 * @returns {string}
 */
export function statusText(summary) {
  if (summary.status === 'registering') return t('tournament-status-registering');
  if (summary.status === 'finished') return t('tournament-status-finished');
  const running = t('tournament-status-round', { round: summary.round, rounds: summary.rounds_planned });
  return summary.paused ? t('tournament-status-paused', { status: running }) : running;
}

/**
 * A line of the list under the title: format, clock, rated, entrants.
 * @param {TournamentSummary} summary
 * @returns {string}
 */
export function summaryLine(summary) {
  return [
    formatText(summary.format),
    describeTimeControl(summary.time_control),
    ratedWord(summary.rated),
    t('tournament-entrants', { count: summary.entrant_count }),
  ].join(' · ');
}

/**
 * A game's result as a score, white's first: `1–0`, `0–1`, `1–0 forfeit`,
 * `0–0 double forfeit`; `playing` while it goes on, `not started` before
 * its match exists.
 * @param {TournamentGame} game
 * @returns {string}
 */
export function resultText(game) {
  const result = game.result;
  if (!result) return game.match_id ? t('tournament-result-playing') : t('tournament-result-not-started');
  if (result.winner === null) return t('tournament-result-double-forfeit');
  const score = result.winner === 'white' ? '1–0' : '0–1';
  if (result.forfeit) return t('tournament-result-forfeit', { score });
  return result.margin ? t('tournament-result-margin', { score, margin: result.margin }) : score;
}

/**
 * The standings as table rows, with the tie-breaks' headings (the ones the
 * first row carries, which every row shares).
 * @typedef {{rank: string, name: string, bot: boolean, withdrawn: boolean, points: string, games: string, tiebreaks: string[]}} StandingLine
 * @param {TournamentView} view
 * @returns {{tiebreaks: {kind: Tiebreak, abbr: string, title: string}[], rows: StandingLine[]}}
 */
export function standingsTable(view) {
  const standings = view.standings ?? [];
  const kinds = standings[0]?.tiebreaks.map((t) => t.kind) ?? [];
  const entrant = new Map(view.entrants.map((e) => [e.name, e]));
  return {
    tiebreaks: kinds.map((kind) => ({ kind, ...tiebreakWords(kind) })),
    rows: standings.map((row) => ({
      rank: String(row.rank),
      name: row.name,
      bot: entrant.get(row.name)?.kind === 'bot',
      withdrawn: entrant.get(row.name)?.withdrawn === true,
      points: String(row.points),
      games: String(row.games),
      tiebreaks: kinds.map((kind) => String(row.tiebreaks.find((t) => t.kind === kind)?.value ?? '')),
    })),
  };
}

/**
 * The round being played or last played, and the ones before it (latest first).
 * @param {TournamentView} view
 * @returns {{current: TournamentRound | null, earlier: TournamentRound[]}}
 */
export function roundsOf(view) {
  const rounds = [...(view.rounds ?? [])].sort((a, b) => b.number - a.number);
  return { current: rounds[0] ?? null, earlier: rounds.slice(1) };
}

/**
 * How the page draws each crosstable score (CrossScore, generated from the
 * Rust declaration): `1`, `0`, `+` won by forfeit, `−` lost by forfeit, `·`
 * no result yet.
 * @type {Record<CrossScore, string>}
 */
const SCORE_SIGNS = { won: '1', lost: '0', forfeit_won: '+', forfeit_lost: '−', pending: '·' };

/**
 * The crosstable the server sent with the view (a round robin's, once
 * started; computed once, in Rust), as the page draws it: names in its row
 * order, for each pair the row entrant's scores against the column entrant,
 * one a game in round order, and each row's points. Null when the view has
 * none (a Swiss).
 * @typedef {{names: string[], cells: string[][][], points: string[]}} Crosstable
 * @param {TournamentView} view
 * @returns {Crosstable | null}
 */
export function crosstable(view) {
  const rows = view.crosstable ?? [];
  if (rows.length === 0) return null;
  return {
    names: rows.map((row) => row.name),
    cells: rows.map((row) => row.scores.map((scores) => scores.map((score) => SCORE_SIGNS[score] ?? '?'))),
    points: rows.map((row) => String(row.points)),
  };
}

/**
 * What the viewer may do now. `remove` names the entrants the organiser may
 * remove; `join` is offered to anyone not entered while entry is open (and
 * on the entry list, when there is one).
 * @typedef {{join: boolean, withdraw: boolean, start: boolean, pause: boolean, resume: boolean, end: boolean, enterComputer: boolean, remove: string[]}} TournamentActions
 * @param {TournamentView} view
 * @param {string} me the viewer's name, as the server greeted them
 * @returns {TournamentActions}
 */
export function viewerActions(view, me) {
  const organiser = me !== '' && view.organiser === me;
  const entrant = view.entrants.find((e) => e.name === me);
  const entered = entrant !== undefined && !entrant.withdrawn;
  const registering = view.status === 'registering';
  const running = view.status === 'running';
  const active = view.entrants.filter((e) => !e.withdrawn);
  return {
    join: me !== '' && registering && !entered && (!view.entry_list || view.entry_list.includes(me)),
    withdraw: entered && view.status !== 'finished',
    start: organiser && registering && active.length >= 2,
    pause: organiser && running && !view.paused,
    resume: organiser && running && view.paused === true,
    end: organiser && running,
    enterComputer: organiser && registering,
    remove: organiser && view.status !== 'finished' ? active.map((e) => e.name) : [],
  };
}

/**
 * The viewer's game in the current round, if they have one.
 * @param {TournamentView} view
 * @param {string} me
 * @returns {TournamentGame | null}
 */
export function myGame(view, me) {
  const { current } = roundsOf(view);
  return current?.games.find((g) => g.white === me || g.black === me) ?? null;
}

/**
 * The list of tournaments after a message: the whole list from
 * `tournament_list`, or one line replaced (or added, newest first) from
 * `tournament_updated`.
 * @param {TournamentSummary[]} list
 * @param {import('./wire.js').TournamentListMessage | import('./wire.js').TournamentUpdatedMessage} message
 * @returns {TournamentSummary[]}
 */
export function applyTournamentList(list, message) {
  if (message.type === 'tournament_list') return message.tournaments;
  const { entry_list: _entries, entrants: _entrants, rounds: _rounds, standings: _standings, crosstable: _crosstable, ...summary } = message.tournament;
  const at = list.findIndex((t) => t.id === summary.id);
  if (at === -1) return [summary, ...list];
  return list.map((t, i) => (i === at ? summary : t));
}

/**
 * The form's choices for a new tournament.
 * @typedef {object} TournamentChoices
 * @property {string} title empty: the server makes one
 * @property {FormatName} format
 * @property {number} rounds for a format that asks for them (a Swiss)
 * @property {TimeControl} timeControl
 * @property {boolean} rated
 * @property {number[]} levels the computer levels entered at once
 */

/**
 * The `create_tournament` message of the form's choices, or why there is none.
 * @param {TournamentChoices} choices
 * @returns {{message: CreateTournamentMessage} | {error: string}}
 */
export function createTournamentMessage(choices) {
  const chosen = FORMATS[choices.format];
  if (chosen.asksRounds && (!Number.isInteger(choices.rounds) || choices.rounds < 1)) return { error: t('tournament-rounds-invalid') };
  const format = chosen.format(choices.rounds);
  /** @type {CreateTournamentMessage} */
  const message = { type: 'create_tournament', format, time_control: choices.timeControl, rated: choices.rated };
  const title = choices.title.trim();
  if (title !== '') message.title = title;
  if (choices.levels.length > 0) message.computers = choices.levels.map((level) => ({ level }));
  return { message };
}
