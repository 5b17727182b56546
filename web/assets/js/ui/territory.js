// The territory toggle beside a board: a button that shows or hides the
// overlay, the key to its colours, the count line and the closed regions
// in words. It asks the
// server about the position shown (`GET /api/territory`), keeps the
// answers it had, and tells its owner to redraw the board when one comes.

import { h, button, attrs } from './dom.js';
import { countLine, territoryPicture } from '../territory.js';
import { t } from '../i18n.js';

/** @typedef {import('../api.js').Api} Api */
/** @typedef {import('../territory.js').TerritoryPicture} TerritoryPicture */
/** @typedef {import('../wire.js').TerritoryView} TerritoryView */

/** How many positions' answers are kept (a replay steps back and forth). */
const KEPT = 200;

/** The overlay's tints (a square's owner, as the board marks it) and their words, for the key. */
const KEY = /** @type {const} */ ([
  ['white', 'square-owner-white'],
  ['black', 'square-owner-black'],
  ['tie', 'square-owner-tie'],
  ['none', 'square-owner-none'],
]);

/** The toggle, the key, the count line and the region list. */
export class TerritoryPanel {
  /**
   * @param {Api} api
   * @param {() => void} redraw called when what the board should show changed
   */
  constructor(api, redraw) {
    this.api = api;
    this.redraw = redraw;
    /** Whether the overlay is asked for. */
    this.on = false;
    /** Whether the viewer may see it here (false hides the toggle and the overlay). */
    this.allowed = false;
    /** @type {string | null} the position shown */
    this.fen = null;
    /** @type {Map<string, TerritoryView>} answers by position */
    this.views = new Map();
    /** @type {string | null} the position whose answer is awaited */
    this.asking = null;
    // Its words say what a press does (show, hide), so it is a plain button, not a pressed one.
    this.toggle = button(t('territory-show'), () => this.setOn(!this.on), { 'data-action': 'territory' });
    // The overlay's colours in words, each beside its tint over a square.
    this.key = h(
      'ul',
      { class: 'territory-key', 'aria-label': t('territory-key-label'), hidden: true },
      ...KEY.map(([owner, words]) => h('li', { 'data-owner': owner }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(words))),
    );
    this.counts = h('p', { class: 'territory-counts', 'aria-live': 'polite' });
    this.regions = h('ul', { class: 'territory-regions', 'aria-label': t('territory-regions-label') });
    this.element = h('div', { class: 'territory', hidden: true }, this.toggle, this.key, this.counts, this.regions);
  }

  /**
   * Says whether the viewer may see the territory here, and of which position.
   * @param {boolean} allowed
   * @param {string} fen
   */
  show(allowed, fen) {
    const changed = allowed !== this.allowed || fen !== this.fen;
    this.allowed = allowed;
    this.fen = fen;
    if (changed) this.refresh();
  }

  /**
   * Turns the overlay on or off.
   * @param {boolean} on
   */
  setOn(on) {
    this.on = on;
    this.refresh();
    this.redraw();
  }

  /** The overlay to draw now, or null. @returns {TerritoryPicture | null} */
  get picture() {
    const view = this.current;
    return view ? territoryPicture(view) : null;
  }

  /** The answer for the position shown, when the overlay is on and it came. @returns {TerritoryView | null} */
  get current() {
    if (!this.on || !this.allowed || this.fen === null) return null;
    return this.views.get(this.fen) ?? null;
  }

  /** Draws the controls, and asks for the position shown when needed. */
  refresh() {
    this.element.hidden = !this.allowed;
    this.toggle.textContent = this.on ? t('territory-hide') : t('territory-show');
    const view = this.current;
    attrs(this.element, { 'data-shown': Boolean(view) });
    this.key.hidden = !view;
    if (!this.on || !this.allowed) {
      this.counts.textContent = '';
      this.regions.replaceChildren();
      return;
    }
    if (!view) {
      this.counts.textContent = t('territory-counting');
      this.regions.replaceChildren();
      this.ask();
      return;
    }
    const picture = territoryPicture(view);
    this.counts.textContent = picture ? countLine(view) : t('territory-unreadable');
    this.regions.replaceChildren(...(picture?.regions ?? []).map((region) => h('li', { 'data-owner': region.owner ?? 'none' }, region.label)));
  }

  /** Asks the server about the position shown, once at a time. */
  async ask() {
    const fen = this.fen;
    if (fen === null || this.asking === fen) return;
    this.asking = fen;
    try {
      const view = await this.api.territory(fen);
      if (this.views.size >= KEPT) this.views.delete(/** @type {string} */ (this.views.keys().next().value));
      this.views.set(fen, view);
    } catch (error) {
      if (this.fen === fen) this.counts.textContent = error instanceof Error ? error.message : String(error);
      else queueMicrotask(() => this.refresh());
      return;
    } finally {
      if (this.asking === fen) this.asking = null;
    }
    if (this.fen === fen) {
      this.refresh();
      this.redraw();
    } else {
      // The position changed meanwhile: ask for the one shown now.
      this.refresh();
    }
  }
}
