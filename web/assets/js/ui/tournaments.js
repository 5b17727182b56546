// The tournaments screen: the list of the server's tournaments (asked for
// when shown, and again every few seconds while it shows) and the form that
// creates one: title, format (round robin single or double, or Swiss with
// its rounds), time control as the match form has it, rated, and computer
// entrants by level when the server offers them.

import { h } from './dom.js';
import { checkedValue, chosenTimeControl, levelDescription, radios } from './lobby.js';
import { t } from '../i18n.js';
import { PRESETS } from '../timecontrol.js';
import { ratedByDefault } from '../rating.js';
import { FORMATS, createTournamentMessage, formatChoiceText, statusText, summaryLine } from '../tournament.js';
import { FORMAT_NAMES } from '../vocabulary.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('../tournament.js').TournamentChoices} TournamentChoices */

/** The list's column headings (the phone's cards label the organiser's line with the last). @returns {string[]} */
const columns = () => [
  t('tournaments-column-tournament'), t('tournaments-column-format'), t('tournaments-column-status'), t('tournaments-column-organiser'),
];

/** How often the list is asked for again while it shows. */
const REFRESH_MS = 5000;

/** The tournaments screen. */
export class TournamentsView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** The conversation with the server. */
    this.session = context.session;
    /** The HTTP calls: the list there has the finished tournaments of the history too. */
    this.api = context.api;
    /** @type {TournamentSummary[]} the list as `GET /api/tournaments` last gave it */
    this.history = [];
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** The list's column headings, in the page's language. */
    this.columns = columns();
    /** When the list was last asked for (performance.now()). */
    this.askedAt = -Infinity;
    this.formError = h('p', { class: 'form-error', role: 'alert' });
    this.titleInput = h('input', { type: 'text', name: 'title', placeholder: t('tournaments-title-placeholder'), maxlength: 80 });
    this.roundsInput = h('input', { type: 'number', name: 'rounds', min: 1, max: 99, step: 1, value: 5, 'aria-label': t('tournaments-rounds') });
    this.roundsBox = h('label', { class: 'rounds' }, `${t('tournaments-rounds')} `, this.roundsInput);
    this.custom = h('input', { type: 'text', name: 'custom', placeholder: t('lobby-custom-placeholder'), 'aria-label': t('lobby-custom-label'), size: 8 });
    this.rated = h('input', { type: 'checkbox', name: 'rated', 'aria-describedby': 'tournament-rated-hint' });
    this.ratedHint = h('span', { class: 'hint', id: 'tournament-rated-hint' });
    this.computerBox = h('div', { class: 'computer' });
    this.form = h(
      'form',
      { class: 'create tournament-create', 'aria-label': t('tournaments-create-label') },
      h('h2', {}, t('tournaments-new')),
      h('label', { class: 'field' }, h('span', {}, t('tournaments-title')), this.titleInput),
      radios('format', t('tournaments-format-legend'), FORMAT_NAMES.map((name) => ({ value: name, label: formatChoiceText(name) })), FORMAT_NAMES[0]),
      this.roundsBox,
      radios(
        'time',
        t('lobby-time-legend'),
        [...PRESETS.map((p) => ({ value: p.label, label: p.label === 'untimed' ? t('clock-untimed') : p.label })), { value: 'custom', label: t('lobby-time-custom') }],
        '5+3',
      ),
      this.custom,
      h('label', { class: 'toggle rated' }, this.rated, ' ', t('lobby-rated')),
      h('p', { class: 'hint-line' }, this.ratedHint),
      this.computerBox,
      this.formError,
      h('button', { type: 'submit', class: 'primary' }, t('tournaments-create')),
    );
    this.custom.addEventListener('focus', () => {
      const radio = /** @type {HTMLInputElement | null} */ (this.form.querySelector('input[name=time][value=custom]'));
      if (radio) radio.checked = true;
      this.showChoices();
    });
    this.custom.addEventListener('input', () => this.showChoices());
    this.form.addEventListener('change', () => this.showChoices());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    this.list = h('tbody', { role: 'rowgroup' });
    this.empty = h('p', { class: 'empty' }, t('tournaments-empty'));
    this.element = h(
      'section',
      { class: 'tournaments', 'data-state': 'tournaments' },
      h('h1', { class: 'visually-hidden' }, t('screen-tournaments')),
      this.form,
      h(
        'div',
        { class: 'list' },
        h('h2', { id: 'tournament-list-heading' }, t('tournaments-list')),
        // Cards on a phone (style.css): the table's roles are given explicitly.
        h(
          'table',
          { class: 'tournament-list', role: 'table', 'aria-labelledby': 'tournament-list-heading' },
          h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...this.columns.map((title) => h('th', { scope: 'col', role: 'columnheader' }, title)))),
          this.list,
        ),
        this.empty,
      ),
    );
    /** The offer the computer box was drawn for, to redraw only when it changes. */
    this.drawnOffer = /** @type {unknown} */ (undefined);
    this.showChoices();
  }

  /** The screen is shown: ask for the list, draw. */
  show() {
    this.session.watchTournament(null);
    this.ask();
    this.render();
  }

  /**
   * The session changed; a tournament this page created clears the form's
   * title and computer entrants (the page goes on to the tournament).
   * @param {import('../session.js').SessionEvent[]} events
   */
  update(events) {
    if (events.some((e) => e.kind === 'tournament')) {
      this.titleInput.value = '';
      for (const input of this.computerBox.querySelectorAll('input[name=level]')) /** @type {HTMLInputElement} */ (input).checked = false;
    }
    this.render();
  }

  /** Asks for the list again every few seconds while it shows (the server sends no list updates). */
  tick() {
    if (performance.now() - this.askedAt >= REFRESH_MS) this.ask();
  }

  /** Asks for the list now, over the socket and over HTTP (the history's finished ones). */
  ask() {
    this.askedAt = performance.now();
    this.session.listTournaments();
    this.api.tournaments().then(
      (list) => {
        this.history = list;
        this.render();
      },
      () => {}, // the socket's list is still shown
    );
  }

  /**
   * @param {string} name
   * @returns {string} the checked value of a radio group
   */
  checked(name) {
    return checkedValue(this.form, name);
  }

  /** @returns {{timeControl: import('../wire.js').TimeControl} | {error: string}} the time control chosen */
  timeControl() {
    return chosenTimeControl(this.form, this.custom, this.session.limits);
  }

  /** The rounds only for a format that asks for them (a Swiss); the Rated box off and disabled for an untimed clock. */
  showChoices() {
    const asksRounds = FORMATS[this.chosenFormat()].asksRounds;
    this.roundsBox.hidden = !asksRounds;
    this.roundsInput.disabled = !asksRounds;
    const parsed = this.timeControl();
    const untimed = 'timeControl' in parsed && !ratedByDefault(parsed.timeControl);
    if (untimed) this.rated.checked = false;
    this.rated.disabled = untimed;
    this.ratedHint.textContent = untimed ? t('lobby-rated-untimed') : t('tournaments-rated-hint');
  }

  /** @returns {import('../vocabulary.js').FormatName} the format checked in the form */
  chosenFormat() {
    const checked = this.checked('format');
    return FORMAT_NAMES.find((name) => name === checked) ?? FORMAT_NAMES[0];
  }

  /** Sends `create_tournament` from the form, or says what is wrong with it. */
  create() {
    const parsed = this.timeControl();
    if ('error' in parsed) {
      this.formError.textContent = parsed.error;
      return;
    }
    const levels = [...this.computerBox.querySelectorAll('input[name=level]:checked')].map((input) => Number(/** @type {HTMLInputElement} */ (input).value));
    const built = createTournamentMessage({
      title: this.titleInput.value,
      format: this.chosenFormat(),
      rounds: Number(this.roundsInput.value),
      timeControl: parsed.timeControl,
      rated: !this.rated.disabled && this.rated.checked,
      levels,
    });
    if ('error' in built) {
      this.formError.textContent = built.error;
      return;
    }
    this.formError.textContent = '';
    this.session.createTournament(built.message);
  }

  /** The computer levels as checkboxes, when the server offers any. */
  renderComputer() {
    const offer = this.session.computer;
    if (offer === this.drawnOffer) return;
    this.drawnOffer = offer;
    if (!offer || offer.levels.length === 0) {
      this.computerBox.replaceChildren();
      return;
    }
    const said = h('p', { class: 'level-description', 'aria-hidden': 'true' });
    const levels = h(
      'fieldset',
      { class: 'choices levels' },
      h('legend', {}, t('tournaments-computers')),
      ...offer.levels.map((l) => {
        const description = levelDescription(l);
        const input = h('input', { type: 'checkbox', name: 'level', value: l.level, 'aria-label': t('lobby-level-name', { level: l.level, description }) });
        input.addEventListener('focus', () => {
          said.textContent = description;
        });
        return h('label', { title: description }, input, h('span', {}, String(l.level)));
      }),
    );
    this.computerBox.replaceChildren(levels, said);
  }

  /** Draws the list from the session. */
  render() {
    this.renderComputer();
    // The socket's lines are the live ones; the history adds those it no longer holds.
    const live = this.session.tournaments;
    const tournaments = [...live, ...this.history.filter((h) => !live.some((t) => t.id === h.id))];
    this.empty.hidden = tournaments.length > 0;
    this.list.replaceChildren(...tournaments.map((t) => this.row(t)));
    const refusal = this.session.tournamentNotice;
    if (refusal) this.formError.textContent = refusal;
  }

  /**
   * One tournament in the list.
   * @param {TournamentSummary} tournament
   * @returns {HTMLTableRowElement}
   */
  row(tournament) {
    const href = this.href({ name: 'tournament', id: tournament.id });
    /**
     * @param {number} column
     * @param {string} key
     * @param {...(Node | string)} content
     */
    const cell = (column, key, ...content) => h('td', { class: key, role: 'cell', 'data-label': this.columns[column] }, ...content);
    return h(
      'tr',
      { role: 'row', 'data-tournament': tournament.id, 'data-status': tournament.status },
      cell(0, 'title', h('a', { href }, tournament.title)),
      cell(1, 'format', summaryLine(tournament)),
      cell(2, 'state', statusText(tournament)),
      cell(3, 'organiser', tournament.organiser),
    );
  }
}
