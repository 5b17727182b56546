// What the browser remembers: the player's secret key (made once; it binds
// the name to this browser), the name, settings, and the seat token of each
// match the player sits in (so a reload or a dropped network resumes the
// seat). Works without storage too (private windows), for the life of the
// page.

/**
 * The part of the Web Storage interface used here.
 * @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void, removeItem(key: string): void}} StorageLike
 */

/**
 * A seat this browser holds.
 * @typedef {{matchId: string, seat: import('./wire.js').Side, token: string, savedAt: number}} SeatRecord
 */

/**
 * Whether a stored value is a seat (storage may hold anything: an older
 * page's layout, another program's writes).
 * @param {unknown} value
 * @returns {value is SeatRecord}
 */
function isSeatRecord(value) {
  if (typeof value !== 'object' || value === null) return false;
  const seat = /** @type {Partial<Record<keyof SeatRecord, unknown>>} */ (value);
  return typeof seat.matchId === 'string' && typeof seat.token === 'string' && (seat.seat === 'white' || seat.seat === 'black');
}

const PREFIX = 'amazons.';

/** Bytes in a player key (64 hex digits on the wire). */
export const PLAYER_KEY_BYTES = 32;

/** What a stored player key looks like. */
const PLAYER_KEY = /^[0-9a-f]{64}$/;

/**
 * Fills `n` bytes from a cryptographic generator (a fake in tests).
 * @typedef {(n: number) => Uint8Array} RandomBytes
 */

/** @type {RandomBytes} */
const cryptoBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

/** How many seats are kept; the oldest go first. */
export const MAX_SEATS = 20;

/** How many analysed games are remembered (their replays show the analysis when opened). */
export const MAX_ANALYSED = 200;

/** Reads and writes the page's settings and seats. */
export class Store {
  /**
   * @param {StorageLike | null} storage usually window.localStorage
   * @param {RandomBytes} [randomBytes] where a new player key comes from: crypto.getRandomValues
   */
  constructor(storage, randomBytes = cryptoBytes) {
    /** Where things are kept; a Map stands in when storage is missing or refuses. */
    this.storage = storage;
    /** @type {Map<string, string>} */
    this.fallback = new Map();
    /** Makes a new player key's bytes. */
    this.randomBytes = randomBytes;
  }

  /**
   * The player's secret key, 64 hex digits: the one kept, or a new one made
   * from 32 random bytes and kept (also in place of anything stored that is
   * not a key). It is sent only in `hello`, and shown nowhere.
   * @returns {string}
   */
  playerKey() {
    const kept = this.get('key');
    if (kept !== null && PLAYER_KEY.test(kept)) return kept;
    const bytes = this.randomBytes(PLAYER_KEY_BYTES);
    if (bytes.length !== PLAYER_KEY_BYTES) throw new Error(`a player key needs ${PLAYER_KEY_BYTES} random bytes`);
    const key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    this.set('key', key);
    return key;
  }

  /**
   * @param {string} key
   * @returns {string | null}
   */
  get(key) {
    try {
      if (this.storage) return this.storage.getItem(PREFIX + key);
    } catch {
      // storage refused (private mode, quota): fall through to memory
    }
    return this.fallback.get(key) ?? null;
  }

  /**
   * @param {string} key
   * @param {string | null} value null removes
   */
  set(key, value) {
    if (value === null) this.fallback.delete(key);
    else this.fallback.set(key, value);
    try {
      if (!this.storage) return;
      if (value === null) this.storage.removeItem(PREFIX + key);
      else this.storage.setItem(PREFIX + key, value);
    } catch {
      // kept in memory only
    }
  }

  /** @returns {string} the remembered name, or '' */
  get name() {
    return this.get('name') ?? '';
  }

  set name(name) {
    this.set('name', name);
  }

  /** @returns {boolean} whether sounds are off */
  get muted() {
    return this.get('muted') === '1';
  }

  set muted(muted) {
    this.set('muted', muted ? '1' : '0');
  }

  /** @returns {string | null} the language the header's switch chose (`en`, `zh-CN`); null: the browser's */
  get language() {
    return this.get('lang');
  }

  set language(lang) {
    this.set('lang', lang);
  }

  /** @returns {boolean | null} the confirm-move setting; null: not chosen yet */
  get confirmMoves() {
    const value = this.get('confirm');
    return value === null ? null : value === '1';
  }

  set confirmMoves(on) {
    this.set('confirm', on === null ? null : on ? '1' : '0');
  }

  /** @returns {SeatRecord[]} every remembered seat, newest first */
  seats() {
    try {
      /** @type {unknown} */
      const parsed = JSON.parse(this.get('seats') ?? '[]');
      return (Array.isArray(parsed) ? /** @type {unknown[]} */ (parsed) : []).filter(isSeatRecord);
    } catch {
      return [];
    }
  }

  /**
   * The seat remembered for a match.
   * @param {string} matchId
   * @returns {SeatRecord | null}
   */
  seat(matchId) {
    return this.seats().find((s) => s.matchId === matchId) ?? null;
  }

  /**
   * Remembers a seat (from `joined`).
   * @param {string} matchId
   * @param {import('./wire.js').Side} seat
   * @param {string} token
   * @param {number} now Date.now()
   */
  saveSeat(matchId, seat, token, now) {
    const others = this.seats().filter((s) => s.matchId !== matchId);
    const seats = [{ matchId, seat, token, savedAt: now }, ...others].slice(0, MAX_SEATS);
    this.set('seats', JSON.stringify(seats));
  }

  /**
   * Whether this browser saw the game's analysis done: its replay shows it
   * when opened (the server keeps it), without Analyse pressed again.
   * @param {string} gameId
   * @returns {boolean}
   */
  analysed(gameId) {
    return this.analysedGames().includes(gameId);
  }

  /**
   * Remembers that a game's analysis is done.
   * @param {string} gameId
   */
  rememberAnalysed(gameId) {
    if (this.analysed(gameId)) return;
    this.set('analysed', JSON.stringify([gameId, ...this.analysedGames()].slice(0, MAX_ANALYSED)));
  }

  /** @returns {string[]} the games remembered as analysed, newest first */
  analysedGames() {
    try {
      /** @type {unknown} */
      const parsed = JSON.parse(this.get('analysed') ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  /**
   * Forgets a match's seat (the match is over or gone).
   * @param {string} matchId
   */
  forgetSeat(matchId) {
    this.set('seats', JSON.stringify(this.seats().filter((s) => s.matchId !== matchId)));
  }
}
