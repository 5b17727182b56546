// The lobby: create a match (time control, colour, and a computer opponent
// when the server offers one), and the live list of matches to join or
// watch, with the games this browser has a seat in.

import { h, button, attrs } from './dom.js';
import { PRESETS, describeTimeControl, longTimeControl, parseTimeControl } from '../timecontrol.js';
import { checkChoice, computerRequest } from '../computer.js';
import { formatRating, ratedByDefault, ratedWord } from '../rating.js';
import { has, sideName, t } from '../i18n.js';

/**
 * A match's territory options in words, for its lobby row and its page:
 * whether it ends once the territory decides it, whether the players may
 * see the territory. Empty for neither.
 * @param {{endWhenDecided: boolean, assistance: boolean}} options
 * @returns {string[]}
 */
export function matchOptionWords({ endWhenDecided, assistance }) {
  return [endWhenDecided ? t('match-option-ends-when-decided') : '', assistance ? t('match-option-assistance') : ''].filter(Boolean);
}

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../wire.js').ColorPreference} ColorPreference */
/** @typedef {import('../wire.js').MatchSummary} MatchSummary */
/** @typedef {import('../wire.js').SeatInfo} SeatInfo */

/**
 * A group of radio buttons.
 * @param {string} name
 * @param {string} legend
 * @param {{value: string, label: string, name?: string, title?: string}[]} choices `name`: what a
 *   screen reader says for a choice, when more than its label; `title`: its tooltip
 * @param {string} checked
 * @returns {HTMLFieldSetElement}
 */
export function radios(name, legend, choices, checked) {
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, legend),
    ...choices.map(({ value, label, name: spoken, title }) =>
      h('label', { title }, h('input', { type: 'radio', name, value, checked: value === checked, 'aria-label': spoken }), h('span', {}, label)),
    ),
  );
}

/** @returns {string[]} the match list's column headings (the last, the buttons', has none) */
const columns = () => [sideName('white'), sideName('black'), t('lobby-column-time'), t('lobby-column-status'), t('lobby-column-watching'), ''];

/**
 * A level's words: the catalogue's for a level it knows, else the server's.
 * @param {{level: number, description: string}} level
 * @returns {string}
 */
export function levelDescription(level) {
  const key = `level-description-${level.level}`;
  return has(key) ? t(key) : level.description;
}

/** The lobby screen. */
/**
 * The checked value of a radio group in a form ('' when none is).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {string}
 */
export function checkedValue(form, name) {
  const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name=${name}]:checked`));
  return input?.value ?? '';
}

/**
 * The time control a form's `time` radios name (a preset, or the custom
 * field's text), or why it names none: the match form and the tournament
 * form choose a clock the same way.
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement} custom the custom time control's field
 * @param {import('../limits.js').Limits} limits
 * @returns {{timeControl: import('../wire.js').TimeControl} | {error: string}}
 */
export function chosenTimeControl(form, custom, limits) {
  const time = checkedValue(form, 'time');
  const preset = PRESETS.find((p) => p.label === time);
  return preset ? { timeControl: preset.timeControl } : parseTimeControl(custom.value, limits);
}

export class LobbyView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** The conversation with the server. */
    this.session = context.session;
    /** Where this browser's seats are remembered. */
    this.store = context.store;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** Why the form cannot be sent, if it cannot. */
    this.formError = h('p', { class: 'form-error', role: 'alert' });
    this.custom = h('input', {
      type: 'text',
      name: 'custom',
      placeholder: t('lobby-custom-placeholder'),
      'aria-label': t('lobby-custom-label'),
      size: 8,
    });
    this.computerBox = h('div', { class: 'computer' });
    /** Whether the match counts for ratings: on for a timed game by default, off and not offered for an untimed one. */
    this.rated = h('input', { type: 'checkbox', name: 'rated', checked: true });
    /** What the player chose for a timed game, kept while an untimed one is chosen. */
    this.ratedChoice = true;
    this.rated.addEventListener('change', () => {
      this.ratedChoice = this.rated.checked;
    });
    this.ratedHint = h('span', { class: 'hint', id: 'rated-hint' });
    /** Whether the server ends the game once counting proves it: by default on for a casual game, off for a rated one. */
    this.endWhenDecided = h('input', { type: 'checkbox', name: 'end_when_decided' });
    /** What the player chose for it, once they touched it (until then it follows Rated). @type {boolean | null} */
    this.endChoice = null;
    this.endWhenDecided.addEventListener('change', () => {
      this.endChoice = this.endWhenDecided.checked;
    });
    /** Whether the players may see the territory: only in a casual game. */
    this.assistance = h('input', { type: 'checkbox', name: 'assistance' });
    /** What the player chose for a casual game, kept while a rated one is chosen. */
    this.assistanceChoice = false;
    this.assistance.addEventListener('change', () => {
      this.assistanceChoice = this.assistance.checked;
    });
    this.form = h(
      'form',
      { class: 'create', 'aria-label': t('lobby-create-label') },
      h('h2', {}, t('lobby-new-match')),
      radios(
        'time',
        t('lobby-time-legend'),
        [
          ...PRESETS.map((p) => ({ value: p.label, label: p.label === 'untimed' ? t('clock-untimed') : p.label })),
          { value: 'custom', label: t('lobby-time-custom') },
        ],
        '5+3',
      ),
      this.custom,
      radios('color', t('lobby-colour-legend'), [
        { value: 'white', label: t('plays-white') },
        { value: 'black', label: t('plays-black') },
        { value: 'random', label: t('lobby-colour-random') },
      ], 'random'),
      this.computerBox,
      h('label', { class: 'toggle rated' }, this.rated, ' ', t('lobby-rated')),
      h('p', { class: 'hint-line' }, this.ratedHint),
      h('label', { class: 'toggle option' }, this.endWhenDecided, ' ', t('lobby-end-when-decided')),
      h('p', { class: 'hint-line', id: 'end-when-decided-hint' }, t('lobby-end-when-decided-hint')),
      h('label', { class: 'toggle option' }, this.assistance, ' ', t('lobby-assistance')),
      h('p', { class: 'hint-line', id: 'assistance-hint' }, t('lobby-assistance-hint')),
      this.formError,
      h('button', { type: 'submit', class: 'primary' }, t('lobby-create')),
    );
    this.custom.addEventListener('focus', () => {
      const radio = /** @type {HTMLInputElement | null} */ (this.form.querySelector('input[name=time][value=custom]'));
      if (radio) radio.checked = true;
      this.showRated();
    });
    this.custom.addEventListener('input', () => this.showRated());
    this.form.addEventListener('change', (event) => {
      if (event.target !== this.endWhenDecided && event.target !== this.assistance) this.showRated();
    });
    attrs(this.rated, { 'aria-describedby': 'rated-hint' });
    attrs(this.endWhenDecided, { 'aria-describedby': 'end-when-decided-hint' });
    attrs(this.assistance, { 'aria-describedby': 'assistance-hint' });
    this.showRated();
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    this.list = h('tbody', { role: 'rowgroup' });
    this.empty = h('p', { class: 'empty' }, t('lobby-empty'));
    this.mine = h('div', { class: 'mine' });
    this.element = h(
      'section',
      { class: 'lobby', 'data-state': 'lobby' },
      h('h1', { class: 'visually-hidden' }, t('lobby-heading')),
      this.form,
      h(
        'div',
        { class: 'list' },
        this.mine,
        h('h2', {}, t('lobby-matches')),
        // On a phone each row is drawn as a card (style.css), which takes a
        // table's roles away in some browsers: they are given explicitly.
        h(
          'table',
          { class: 'matches', role: 'table' },
          h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...columns().map((title) => h('th', { scope: 'col', role: 'columnheader' }, title)))),
          this.list,
        ),
        this.empty,
      ),
    );
    /** The offer the computer box was drawn for, to redraw only when it changes. */
    this.drawnOffer = /** @type {unknown} */ (undefined);
  }

  /** The lobby is shown: draw it from the session. */
  show() {
    this.render();
  }

  /** The session changed: the list, the offer or a refusal. */
  update() {
    this.render();
  }

  /** @returns {string} the checked value of a radio group */
  checked(/** @type {string} */ name) {
    return checkedValue(this.form, name);
  }

  /**
   * The time control the form names, or why it names none.
   * @returns {{timeControl: import('../wire.js').TimeControl} | {error: string}}
   */
  timeControl() {
    return chosenTimeControl(this.form, this.custom, this.session.limits);
  }

  /**
   * The Rated box follows the clock: a timed game is rated unless the
   * player unticks it; an untimed one is casual, the box off and disabled.
   */
  showRated() {
    const parsed = this.timeControl();
    const untimed = 'timeControl' in parsed && !ratedByDefault(parsed.timeControl);
    this.rated.disabled = untimed;
    this.rated.checked = untimed ? false : this.ratedChoice;
    this.ratedHint.textContent = untimed
      ? t('lobby-rated-untimed')
      : t('lobby-rated-hint');
    this.showTerritoryOptions();
  }

  /**
   * The territory options follow Rated: a rated game goes on to the end
   * unless the player asks otherwise, and never allows assistance.
   */
  showTerritoryOptions() {
    const rated = this.rated.checked;
    this.endWhenDecided.checked = this.endChoice ?? !rated;
    this.assistance.disabled = rated;
    this.assistance.checked = !rated && this.assistanceChoice;
  }

  /** Sends `create_match` from the form, or says what is wrong with it. */
  create() {
    const parsed = this.timeControl();
    if ('error' in parsed) {
      this.formError.textContent = parsed.error;
      return;
    }
    const color = /** @type {ColorPreference} */ (this.checked('color') || 'random');
    let computer = null;
    const offer = this.session.computer;
    const opponent = this.checked('opponent');
    if (offer && opponent && opponent !== 'person') {
      /** @type {import('../computer.js').ComputerChoice} */
      let choice;
      if (opponent === 'engine') {
        const select = /** @type {HTMLSelectElement | null} */ (this.form.querySelector('select[name=engine]'));
        choice = { engine: select?.value ?? '' };
      } else {
        const level = Number(this.checked('level'));
        const think = /** @type {HTMLInputElement | null} */ (this.form.querySelector('input[name=think]'));
        const seconds = think && think.value.trim() !== '' ? Number(think.value) : null;
        choice = seconds === null ? { level } : { level, thinkMs: seconds * 1000 };
      }
      const problem = checkChoice(offer, choice);
      if (problem) {
        this.formError.textContent = problem;
        return;
      }
      computer = computerRequest(choice);
    }
    this.formError.textContent = '';
    const rated = !this.rated.disabled && this.rated.checked;
    this.session.createMatch(parsed.timeControl, color, computer, rated, {
      endWhenDecided: this.endWhenDecided.checked,
      assistance: !rated && this.assistance.checked,
    });
  }

  /** Draws the computer-opponent choices, when the server offers them. */
  renderComputer() {
    const offer = this.session.computer;
    if (offer === this.drawnOffer) return;
    this.drawnOffer = offer;
    if (!offer) {
      this.computerBox.replaceChildren();
      return;
    }
    /** @type {{value: string, label: string}[]} */
    const kinds = [{ value: 'person', label: t('kind-human') }];
    if (offer.levels.length > 0) kinds.push({ value: 'level', label: t('computer') });
    if (offer.engines.length > 0) kinds.push({ value: 'engine', label: t('lobby-opponent-engine') });
    const opponent = radios('opponent', t('lobby-opponent-legend'), kinds, 'person');
    /** @type {HTMLElement[]} */
    const parts = [opponent];
    if (offer.levels.length > 0) {
      // The levels as numbered choices with the chosen one's words beneath,
      // whole (a select would cut the server's words off on a narrow screen).
      const strongest = offer.levels[offer.levels.length - 1].level;
      const levels = radios(
        'level',
        t('lobby-level-legend'),
        offer.levels.map((l) => ({
          value: String(l.level),
          label: String(l.level),
          name: t('lobby-level-name', { level: l.level, description: levelDescription(l) }),
          title: t('computer-level', { level: l.level }),
        })),
        String(strongest),
      );
      const said = h('p', { class: 'level-description', 'aria-hidden': 'true' });
      const describe = () => {
        const chosen = /** @type {HTMLInputElement | null} */ (levels.querySelector('input:checked'));
        const level = offer.levels.find((l) => String(l.level) === chosen?.value);
        said.textContent = level ? levelDescription(level) : '';
      };
      levels.addEventListener('change', describe);
      describe();
      /** @type {HTMLElement[]} */
      const box = [levels, said];
      if (offer.thinkMs) {
        box.push(h('label', { class: 'think' }, t('lobby-think'), ' ',
          h('input', { type: 'number', name: 'think', min: 0.1, step: 0.1, max: offer.thinkMs.max / 1000, placeholder: String(offer.thinkMs.default / 1000) })));
      }
      parts.push(h('div', { 'data-computer': 'level' }, ...box));
    }
    if (offer.engines.length > 0) {
      const select = h('select', { name: 'engine' }, ...offer.engines.map((e) => h('option', { value: e.name }, e.name)));
      const said = h('p', { class: 'level-description', 'aria-hidden': 'true' });
      const describe = () => {
        said.textContent = offer.engines.find((e) => e.name === select.value)?.description ?? '';
      };
      select.addEventListener('change', describe);
      describe();
      parts.push(h('div', { 'data-computer': 'engine' }, h('label', {}, t('lobby-engine'), ' ', select), said));
    }
    this.computerBox.replaceChildren(...parts);
    opponent.addEventListener('change', () => this.showOpponentChoices());
    this.showOpponentChoices();
  }

  /** Shows the level and think time only for the computer, the engine list only for an engine. */
  showOpponentChoices() {
    const opponent = this.checked('opponent') || 'person';
    for (const box of this.computerBox.querySelectorAll('[data-computer]')) {
      const shown = box.getAttribute('data-computer') === opponent;
      /** @type {HTMLElement} */ (box).hidden = !shown;
      for (const control of box.querySelectorAll('input, select')) {
        /** @type {HTMLInputElement | HTMLSelectElement} */ (control).disabled = !shown;
      }
    }
  }

  /** Draws the lists from the session. */
  render() {
    this.renderComputer();
    const matches = this.session.lobby;
    this.empty.hidden = matches.length > 0;
    this.list.replaceChildren(...matches.map((m) => this.row(m)));
    const mine = matches.filter((m) => m.status !== 'finished' && this.store.seat(m.id));
    this.mine.replaceChildren(
      ...(mine.length === 0
        ? []
        : [h('h2', {}, t('lobby-your-games')), h('ul', {}, ...mine.map((m) => h('li', {}, h('a', { href: this.href({ name: 'match', id: m.id }) }, t('lobby-your-game', { players: this.players(m), status: this.statusWord(m) })))))]),
    );
    const refusal = this.session.notice;
    if (refusal && !this.session.viewing) this.formError.textContent = refusal;
  }

  /**
   * "ann vs bob".
   * @param {MatchSummary} match
   * @returns {string}
   */
  players(match) {
    return t('players-versus', { white: match.seats.white?.name ?? '?', black: match.seats.black?.name ?? '?' });
  }

  /**
   * Where a match is, in words: `waiting`, `playing, move 3`, `finished`.
   * @param {MatchSummary} match
   * @returns {string}
   */
  statusWord(match) {
    if (match.status === 'playing') return t('lobby-status-playing', { move: Math.floor(match.ply / 2) + 1 });
    return match.status === 'waiting' ? t('lobby-status-waiting') : t('lobby-status-finished');
  }

  /**
   * One match in the list.
   * @param {MatchSummary} match
   * @returns {HTMLTableRowElement}
   */
  row(match) {
    /**
     * @param {'white' | 'black'} side
     * @param {SeatInfo | null} seat
     */
    const seatCell = (side, seat) =>
      h('td', { class: `seat ${side}`, role: 'cell', 'data-label': sideName(side) },
        seat ? h('span', { class: 'who' }, seat.name) : h('span', { class: 'free' }, t('lobby-seat-free')),
        seat?.rating ? h('span', { class: 'rating' }, ` ${formatRating(seat.rating)}`) : null,
        seat?.kind === 'bot' ? h('span', { class: 'badge' }, t('kind-bot')) : null);
    const mine = this.store.seat(match.id) !== null;
    const actions = h('div', { class: 'row-actions' });
    if (mine && match.status !== 'finished') {
      actions.append(h('a', { href: this.href({ name: 'match', id: match.id }), class: 'button primary' }, t('lobby-return')));
    } else {
      if (match.status === 'waiting') actions.append(button(t('lobby-join'), () => this.session.join(match.id), { class: 'primary', 'data-action': 'join' }));
      actions.append(h('a', { href: this.href({ name: 'match', id: match.id }), class: 'button', 'data-action': 'watch' }, t('lobby-watch')));
    }
    const status = this.statusWord(match);
    return h(
      'tr',
      { 'data-match': match.id, 'data-status': match.status, role: 'row' },
      seatCell('white', match.seats.white),
      seatCell('black', match.seats.black),
      h(
        'td',
        { class: 'time', role: 'cell', title: longTimeControl(match.time_control) },
        `${describeTimeControl(match.time_control)} · `,
        h('span', { class: 'rated' }, ratedWord(match.rated)),
        ...matchOptionWords({ endWhenDecided: match.end_when_decided ?? false, assistance: match.assistance ?? false }).map((words) =>
          // A no-break space keeps each `·` at the end of a line, never at the start of the next.
          h('span', { class: 'match-option' }, `\u00a0· ${words}`),
        ),
      ),
      h('td', { class: 'progress', role: 'cell' }, status),
      h('td', { class: 'spectators', role: 'cell' }, String(match.spectators)),
      h('td', { class: 'buttons', role: 'cell' }, actions),
    );
  }
}
