// The match screen: players and clocks, the board, whose turn, the move
// being built, the move list, the typed-move box, resign / abort, the claim
// of a game counting proves, the territory overlay (for spectators, and for
// the players of a game that allows it), the result and rematch. It reads
// the session and sends through it.

import { h, button, attrs } from './dom.js';
import { BoardView } from './board.js';
import { TerritoryPanel } from './territory.js';
import { formatFen } from '../fen.js';
import { formatClock, isLowTime, formatDuration } from '../clock.js';
import { NOTHING_PICKED, back, confirmed, pick, previewBoard, prompt, targetKind, targets } from '../moves.js';
import { formatMove, moveRows, opponent } from '../notation.js';
import { canAbort, canClaim, canResign, clockMs, describeOutcome, startedText } from '../state.js';
import { decidedText, mayShowTerritory } from '../territory.js';
import { describeTimeControl, longTimeControl } from '../timecontrol.js';
import { formatChange, formatRating, ratedWord } from '../rating.js';
import { matchOptionWords } from './lobby.js';
import { sideName, t } from '../i18n.js';

/** @typedef {import('../screens.js').ViewContext} ViewContext */
/** @typedef {import('../session.js').SessionEvent} SessionEvent */
/** @typedef {import('../wire.js').Side} Side */
/** @typedef {import('../state.js').MatchState} MatchState */

/**
 * One player's bar: colour, name, rating, clock.
 * @typedef {{root: HTMLElement, name: HTMLElement, you: HTMLElement, rating: HTMLElement, badge: HTMLElement, clock: HTMLElement}} PlayerBar
 */

/** @returns {PlayerBar} */
function playerBar() {
  const name = h('span', { class: 'name' });
  const you = h('span', { class: 'you' });
  const rating = h('span', { class: 'rating' });
  const badge = h('span', { class: 'badge' });
  const clock = h('span', { class: 'clock', role: 'timer' });
  const root = h('div', { class: 'player' }, h('span', { class: 'chip', 'aria-hidden': 'true' }), name, you, rating, badge, clock);
  return { root, name, you, rating, badge, clock };
}


/** The match screen. */
export class GameView {
  /**
   * @param {ViewContext} context
   */
  constructor(context) {
    /** The conversation with the server. */
    this.session = context.session;
    /** Remembered settings (the confirm step). */
    this.store = context.store;
    /** For the low-time warning. */
    this.sounds = context.sounds;
    /** Addresses of the other screens, for links. */
    this.href = context.href;
    /** @type {import('../moves.js').Building} the move being built */
    this.building = NOTHING_PICKED;
    /** Whether the board is turned from its usual way up. */
    this.flipped = false;
    /** @type {{id: string, side: Side} | null} the seat this page last played, to keep its side at the bottom while another tab plays it */
    this.lastSeat = null;
    /** Why the last pick was refused (cleared by the next pick). */
    this.pickNotice = '';
    /** Whether the resign button is asking "really?". */
    this.resignAsked = false;
    /** Whether the low-time warning has sounded in this game. */
    this.warnedLow = false;
    /** The ply the move being built is for: a new ply clears it. */
    this.builtForPly = -1;
    /** The game-start banner (app.js announces it): shown from the start to the first move. */
    this.gameOn = h('p', { class: 'game-on', hidden: true });

    this.board = new BoardView({
      label: t('game-board-label'),
      onPick: (square) => this.picked(square),
      onBack: () => this.stepBack(),
    });
    this.top = playerBar();
    this.bottom = playerBar();
    /** The screen's heading, for screen readers: the match's players. */
    this.heading = h('h1', { class: 'visually-hidden' }, t('screen-match'));
    this.status = h('p', { class: 'status', 'aria-live': 'off' });
    this.notice = h('p', { class: 'notice', role: 'status' });
    this.result = h('div', { class: 'result', hidden: true });
    /** Counting proves the position: said (and heard) with the Claim button for a player. */
    this.decided = h('p', { class: 'decided', 'aria-live': 'polite', hidden: true });
    this.claimButton = button(t('game-claim'), () => this.session.matchRequest('claim_territory'), { class: 'primary', 'data-action': 'claim', hidden: true });
    this.territory = new TerritoryPanel(context.api, () => this.render());
    this.confirmBar = h(
      'div',
      { class: 'confirm-bar', hidden: true },
      button(t('game-send-move'), () => this.sendConfirmed(), { class: 'primary', 'data-action': 'send' }),
      button(t('game-cancel'), () => this.stepBack(), { 'data-action': 'cancel' }),
    );
    this.typed = h('input', {
      type: 'text',
      name: 'move',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: t('game-typed-placeholder'),
      'aria-label': t('game-typed-label'),
    });
    this.playButton = h('button', { type: 'submit' }, t('game-typed-play'));
    const typedForm = h('form', { class: 'typed', hidden: true }, this.typed, this.playButton);
    /** The typed-move box: only for a seated player in a game in progress. */
    this.typedForm = typedForm;
    typedForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.typed.value.trim();
      if (text) this.session.sendMove(text, null);
    });
    this.moveList = h('table', { class: 'moves', 'aria-label': t('moves-label') });
    this.moveScroll = h('div', { class: 'move-scroll' }, this.moveList);
    this.confirmToggle = h('input', { type: 'checkbox', name: 'confirm' });
    this.confirmToggle.addEventListener('change', () => {
      this.store.confirmMoves = this.confirmToggle.checked;
      if (!this.confirmToggle.checked && this.building.stage === 'confirm') this.building = back(this.building);
      this.render();
    });
    /** The confirm-step toggle: only for a seated player in a game in progress. */
    this.confirmLabel = h('label', { class: 'toggle', hidden: true }, this.confirmToggle, ' ', t('game-confirm-moves'));
    this.resignButton = button(t('game-resign'), () => this.resign(), { 'data-action': 'resign' });
    this.resignNo = button(t('game-resign-no'), () => {
      this.resignAsked = false;
      this.render();
    }, { hidden: true, 'data-action': 'resign-no' });
    this.abortButton = button(t('game-abort'), () => this.session.matchRequest('abort'), { 'data-action': 'abort' });
    this.playHereButton = button(t('game-play-here'), () => this.session.playHere(), { class: 'primary', 'data-action': 'play-here', hidden: true });
    this.info = h('p', { class: 'info' });
    const actions = h(
      'div',
      { class: 'actions' },
      button(t('game-flip'), () => {
        this.flipped = !this.flipped;
        this.render();
      }, { 'data-action': 'flip' }),
      this.resignButton,
      this.resignNo,
      this.abortButton,
      this.confirmLabel,
    );
    this.element = h(
      'section',
      { class: 'game', 'data-state': 'loading' },
      h('div', { class: 'board-column' }, this.top.root, this.board.element, this.bottom.root),
      h(
        'div',
        { class: 'panel' },
        this.heading,
        this.gameOn,
        this.status,
        this.confirmBar,
        this.notice,
        this.playHereButton,
        this.decided,
        this.claimButton,
        this.result,
        typedForm,
        this.moveScroll,
        actions,
        this.territory.element,
        this.info,
      ),
    );
  }

  /**
   * Shows a match: takes its seat back, or watches it (the session decides).
   * @param {{id: string}} params
   */
  show({ id }) {
    if (id !== this.session.viewing) this.gameOn.hidden = true;
    this.session.view(id);
    this.render();
  }

  /** Leaves the match on screen (stops watching it). */
  hide() {
    this.session.view(null);
  }

  /** Whether a finished move waits for "send". */
  get confirmStep() {
    const chosen = this.store.confirmMoves;
    if (chosen !== null) return chosen;
    return window.matchMedia('(pointer: coarse)').matches;
  }

  /** Whether the player may pick on the board now. */
  get canPick() {
    const match = this.session.match;
    return Boolean(
      match && match.legal && match.status === 'playing' && match.you === match.turn && !this.session.pending,
    );
  }

  /** @param {number} square */
  picked(square) {
    const match = this.session.match;
    if (!match) return;
    const result = pick(this.canPick ? match.legal : null, this.building, square, this.confirmStep);
    this.pickNotice = result.refused ?? '';
    this.building = result.building;
    if (result.move) this.session.sendMove(formatMove(result.move), result.move);
    this.render();
  }

  stepBack() {
    this.building = back(this.building);
    this.pickNotice = '';
    this.render();
  }

  sendConfirmed() {
    const move = confirmed(this.building);
    if (!move) return;
    this.building = NOTHING_PICKED;
    this.session.sendMove(formatMove(move), move);
    this.render();
  }

  resign() {
    if (this.resignAsked) {
      this.resignAsked = false;
      this.session.matchRequest('resign');
    } else {
      this.resignAsked = true;
    }
    this.render();
  }

  /**
   * After a change in the session.
   * @param {SessionEvent[]} events
   */
  update(events) {
    for (const event of events) {
      if (event.kind === 'refused' && event.replyTo === 'move') this.building = NOTHING_PICKED;
      if (event.kind === 'moved' && event.side === this.session.match?.you) this.typed.value = '';
      if (event.kind === 'started') {
        this.warnedLow = false;
        const match = this.session.match;
        if (match) this.gameOn.textContent = startedText(match);
        this.gameOn.hidden = !match;
      }
      if (event.kind === 'moved' || event.kind === 'over') this.gameOn.hidden = true;
    }
    this.render();
  }

  /** The state the screen is in, for styles and tests (`data-state`). */
  get screenState() {
    const session = this.session;
    const match = session.match;
    if (session.viewing && session.elsewhere.has(session.viewing)) return 'elsewhere';
    if (!match) return session.notice ? 'missing' : 'loading';
    if (match.status === 'finished') return 'over';
    // Out of touch with the server (or back, before its snapshot came).
    if (session.connection !== 'connected' || match.staleSince !== null) return 'reconnecting';
    if (match.status === 'waiting') return 'waiting';
    if (match.you === null) return 'watching';
    if (session.pending) return 'sending';
    return match.turn === match.you ? 'your-move' : 'their-move';
  }

  /** Draws everything from the session's state. */
  render() {
    const session = this.session;
    const match = session.match;
    const state = this.screenState;
    attrs(this.element, { 'data-state': state, 'data-ply': match ? match.ply : false });
    this.playHereButton.hidden = state !== 'elsewhere';
    this.notice.textContent = this.pickNotice || session.notice;
    if (!match) {
      this.heading.textContent = t('screen-match');
      this.status.textContent = state === 'loading' ? t('game-loading') : state === 'elsewhere' ? this.statusText(null, state) : '';
      this.typedForm.hidden = true;
      this.confirmLabel.hidden = true;
      this.decided.hidden = true;
      this.claimButton.hidden = true;
      this.territory.show(false, '');
      return;
    }
    if (match.ply !== this.builtForPly || !this.canPick) {
      if (match.ply !== this.builtForPly) this.pickNotice = '';
      this.building = NOTHING_PICKED;
      this.builtForPly = match.ply;
    }
    const you = match.you;
    if (you !== null) this.lastSeat = { id: match.id, side: you };
    const ownSide = you ?? (this.lastSeat?.id === match.id ? this.lastSeat.side : 'white');
    const bottom = this.flipped ? opponent(ownSide) : ownSide;
    const shown = session.shownBoard ?? match.board;
    const canPick = this.canPick;
    const building = this.building;
    // The stage of the move being built, for styles and tests, in no language.
    this.element.setAttribute('data-stage', building.stage);
    this.territory.show(mayShowTerritory(match), formatFen(match.board));
    this.board.draw({
      board: previewBoard(shown, building),
      bottom,
      targets: canPick ? targets(match.legal, building) : new Set(),
      targetKind: targetKind(building),
      queens: canPick && match.legal ? new Set(match.legal.keys()) : new Set(),
      picked: new Set([building.from, building.to, building.arrow].filter((s) => s !== null)),
      lastMove: session.pending?.squares ?? match.lastMove,
      interactive: canPick,
      territory: this.territory.picture,
    });
    this.renderPlayers(match, bottom);
    const seatName = (/** @type {Side} */ side) => match.seats[side]?.name ?? t('game-free-seat');
    this.heading.textContent = t('game-heading', { white: seatName('white'), black: seatName('black') });
    this.status.textContent = this.statusText(match, state);
    this.confirmBar.hidden = building.stage !== 'confirm';
    this.confirmToggle.checked = this.confirmStep;
    const moving = you !== null && match.status === 'playing';
    this.typedForm.hidden = !moving;
    this.confirmLabel.hidden = !moving;
    // While out of touch nothing can be sent: the box keeps what is typed.
    const offline = state === 'reconnecting';
    this.typed.disabled = offline;
    this.playButton.disabled = offline;
    this.resignButton.disabled = offline;
    this.resignNo.disabled = offline;
    this.abortButton.disabled = offline;
    // The start banner belongs to the game in play, not to a seat played elsewhere or a lost connection.
    if (!['your-move', 'their-move', 'sending', 'watching'].includes(state)) this.gameOn.hidden = true;
    this.renderDecided(match, offline);
    this.renderResult(match);
    this.renderMoves(match);
    this.resignButton.hidden = !canResign(match);
    this.resignButton.textContent = this.resignAsked ? t('game-resign-really') : t('game-resign');
    this.resignNo.hidden = !this.resignAsked || !canResign(match);
    this.abortButton.hidden = !canAbort(match, session.limits);
    this.abortButton.textContent = match.status === 'waiting' ? t('game-cancel-match') : t('game-abort');
    const watchers = t('game-spectators', { count: match.spectators });
    this.info.textContent = [describeTimeControl(match.timeControl), ratedWord(match.rated), ...matchOptionWords(match), watchers].join(' · ');
    this.info.title = longTimeControl(match.timeControl);
    this.tick();
  }

  /**
   * The turn line.
   * @param {MatchState | null} match null only in the `elsewhere` state
   * @param {string} state
   * @returns {string}
   */
  statusText(match, state) {
    if (state === 'elsewhere' || !match) return t('status-elsewhere');
    switch (state) {
      case 'waiting':
        return t('status-waiting-for-opponent');
      case 'over':
        return t('status-over');
      case 'reconnecting':
        return match.you !== null && match.status === 'playing' && match.turn === match.you
          ? t('status-reconnecting-your-move')
          : t('status-reconnecting');
      case 'sending':
        return t('status-sending');
      case 'your-move':
        return match.legal ? t('status-your-move', { prompt: prompt(this.building) }) : t('status-your-move-typed');
      case 'their-move':
        return t('status-to-move', { side: sideName(match.turn) });
      default:
        return t('status-to-move-watching', { side: sideName(match.turn) });
    }
  }

  /**
   * @param {MatchState} match
   * @param {Side} bottom
   */
  renderPlayers(match, bottom) {
    for (const [bar, side] of /** @type {[PlayerBar, Side][]} */ ([[this.top, opponent(bottom)], [this.bottom, bottom]])) {
      const seat = match.seats[side];
      bar.name.textContent = seat ? seat.name : t('game-free-seat-bar');
      bar.you.textContent = match.you === side ? t('game-you') : '';
      // After a rated game, the rating it left; before, the seat's.
      const rating = match.ratings?.[side].after ?? seat?.rating;
      bar.rating.textContent = rating ? formatRating(rating) : '';
      bar.badge.textContent = !seat ? '' : !seat.connected ? t('badge-offline') : seat.kind === 'bot' ? t('kind-bot') : '';
      attrs(bar.root, {
        'data-side': side,
        'data-turn': match.status === 'playing' && match.turn === side,
        'data-you': match.you === side,
      });
    }
  }

  /** Redraws the clocks from the server's values and performance.now(). */
  tick() {
    const match = this.session.match;
    if (!match) return;
    const bottom = this.bottom.root.getAttribute('data-side') === 'black' ? 'black' : 'white';
    for (const [bar, side] of /** @type {[PlayerBar, Side][]} */ ([[this.top, opponent(bottom)], [this.bottom, bottom]])) {
      const ms = clockMs(match, performance.now(), side);
      if (!match.clocks || ms === null) {
        bar.clock.textContent = '';
        bar.clock.hidden = true;
        continue;
      }
      bar.clock.hidden = false;
      bar.clock.textContent = formatClock(ms);
      // A clock shown frozen (out of touch) is not shown as running.
      const running = match.status === 'playing' && match.clocks.running === side && match.staleSince === null;
      attrs(bar.clock, { 'data-running': running, 'data-low': isLowTime(ms) });
      if (running && side === match.you && isLowTime(ms) && !this.warnedLow) {
        this.warnedLow = true;
        this.sounds.play('low');
      }
    }
  }

  /**
   * The proven result of the position, while the game goes on, and the
   * Claim button for a player.
   * @param {MatchState} match
   * @param {boolean} offline
   */
  renderDecided(match, offline) {
    const decided = match.status === 'playing' ? match.decided : null;
    this.decided.hidden = !decided;
    if (decided) {
      const text = decidedText(decided);
      this.decided.textContent = match.you === null ? t('game-decided', { result: text }) : t('game-decided-claim', { result: text });
    }
    this.claimButton.hidden = !canClaim(match);
    this.claimButton.disabled = offline;
  }

  /** @param {MatchState} match */
  renderResult(match) {
    const result = this.result;
    if (match.status !== 'finished' || !match.outcome) {
      result.hidden = true;
      return;
    }
    result.hidden = false;
    /** @type {(Node | string)[]} */
    const parts = [h('p', { class: 'outcome' }, describeOutcome(match.outcome, match.margin))];
    const you = match.you;
    if (you && match.outcome.winner !== null) {
      parts.push(h('p', {}, match.outcome.winner === you ? t('result-you-won') : t('result-you-lost')));
    }
    const ratings = match.ratings;
    if (ratings) {
      parts.push(
        h(
          'ul',
          { class: 'rating-changes', 'aria-label': t('result-rating-changes') },
          ...(/** @type {Side[]} */ (['white', 'black'])).map((side) =>
            h('li', { 'data-side': side }, t('result-rating-change', { side: sideName(side), name: match.seats[side]?.name ?? '' }), ' ', h('span', { class: 'change' }, formatChange(ratings[side])))),
        ),
      );
    }
    if (you && !match.removed && !match.nextMatchId) {
      if (match.rematchOffer === null) {
        parts.push(button(t('result-offer-rematch'), () => this.session.matchRequest('offer_rematch'), { 'data-action': 'offer-rematch' }));
      } else if (match.rematchOffer === you) {
        parts.push(
          h('p', {}, t('result-rematch-offered')),
          button(t('result-withdraw'), () => this.session.matchRequest('decline_rematch'), { 'data-action': 'withdraw-rematch' }),
        );
      } else {
        parts.push(
          h('p', {}, t('result-opponent-offers')),
          button(t('result-accept-rematch'), () => this.session.matchRequest('accept_rematch'), { class: 'primary', 'data-action': 'accept-rematch' }),
          button(t('result-decline'), () => this.session.matchRequest('decline_rematch'), { 'data-action': 'decline-rematch' }),
        );
      }
    }
    if (!you && match.nextMatchId) parts.push(h('a', { href: this.href({ name: 'match', id: match.nextMatchId }) }, t('result-watch-rematch')));
    if (match.recordId) parts.push(h('a', { href: this.href({ name: 'replay', id: match.recordId }), class: 'replay-link' }, t('result-replay')));
    parts.push(h('a', { href: this.href({ name: 'lobby' }) }, t('result-back-to-lobby')));
    result.replaceChildren(...parts);
  }

  /** @param {MatchState} match */
  renderMoves(match) {
    const rows = moveRows(match.moves.map((m) => m.move), match.initialBoard.turn, match.initialBoard.fullmove);
    /**
     * @param {{text: string, ply: number} | null} entry
     * @returns {HTMLTableCellElement}
     */
    const cell = (entry) => {
      if (!entry) return h('td');
      const time = match.moves[entry.ply]?.time_ms;
      return h('td', { 'data-ply': entry.ply, title: typeof time === 'number' ? formatDuration(time) : false }, entry.text);
    };
    if (this.moveList.rows.length === rows.length && rows.length > 0) {
      const lastRow = rows[rows.length - 1];
      const drawn = this.moveList.rows[rows.length - 1];
      drawn.replaceChildren(h('th', { scope: 'row' }, `${lastRow.number}.`), cell(lastRow.white), cell(lastRow.black));
    } else {
      this.moveList.replaceChildren(
        ...rows.map((row) => h('tr', {}, h('th', { scope: 'row' }, `${row.number}.`), cell(row.white), cell(row.black))),
      );
    }
    this.moveScroll.scrollTop = this.moveScroll.scrollHeight;
  }
}
