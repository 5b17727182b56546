// The page's languages: which one to show (the header's switch, remembered,
// else the browser's `navigator.languages`), its catalogues fetched from the
// server (`/locales/<lang>/common.ftl` and `web.ftl`, the files the terminal
// client reads too) and `t(key, args)`, the text of a message. English is
// loaded beside any other language and stands in for a message it lacks.

import { formatPattern, parseFtl } from './fluent.js';

/** @typedef {import('./fluent.js').Args} Args */
/** @typedef {import('./fluent.js').Pattern} Pattern */

/** A language the page speaks. @typedef {'en' | 'zh-CN'} Lang */

/** The languages, in the switch's order, each named in itself. @type {{lang: Lang, name: string}[]} */
export const LANGUAGES = [
  { lang: 'en', name: 'English' },
  { lang: 'zh-CN', name: '中文' },
];

/** The catalogue files the page reads, in each language. */
export const FILES = ['common.ftl', 'web.ftl'];

/**
 * Whether a browser language tag reads Simplified Chinese: `zh`, `zh-CN`,
 * `zh-Hans` (and its regions), `zh-SG`, `zh-MY`. Traditional Chinese
 * (`zh-TW`, `zh-HK`, `zh-Hant`) is not, and the next language is looked at.
 * @param {string} tag
 * @returns {boolean}
 */
function isSimplifiedChinese(tag) {
  return /^zh(-(cn|sg|my|hans(-.*)?))?$/i.test(tag);
}

/**
 * The language to show: the one chosen in the switch, else the first of the
 * browser's languages the page speaks, else English.
 * @param {string | null} chosen what the switch remembered
 * @param {readonly string[]} browser `navigator.languages`
 * @returns {Lang}
 */
export function chooseLanguage(chosen, browser) {
  const known = LANGUAGES.find((l) => l.lang === chosen);
  if (known) return known.lang;
  for (const tag of browser) {
    if (isSimplifiedChinese(tag)) return 'zh-CN';
    if (/^en(-|$)/i.test(tag)) return 'en';
  }
  return 'en';
}

/** A language's messages, with English under them. */
export class Translator {
  /**
   * @param {Lang} lang
   * @param {Map<string, Pattern>} messages the language's
   * @param {Map<string, Pattern>} english the fallback's (the same map for English)
   */
  constructor(lang, messages, english) {
    /** The language shown. */
    this.lang = lang;
    this.messages = messages;
    this.english = english;
    this.plurals = new Intl.PluralRules(lang);
    this.englishPlurals = new Intl.PluralRules('en');
  }

  /**
   * Whether a message exists in the language or in English.
   * @param {string} key
   * @returns {boolean}
   */
  has(key) {
    return this.messages.has(key) || this.english.has(key);
  }

  /**
   * The text of a message: the language's, else English, else the key
   * itself (a mistake a test catches, shown rather than hidden).
   * @param {string} key
   * @param {Args} [args]
   * @returns {string}
   */
  t(key, args = {}) {
    const own = this.messages.get(key);
    if (own) return formatPattern(own, args, this.plurals);
    const english = this.english.get(key);
    if (english) return formatPattern(english, args, this.englishPlurals);
    return key;
  }
}

/**
 * Reads catalogue files into one map of messages (later files may not
 * repeat a key of an earlier one).
 * @param {string[]} texts
 * @returns {Map<string, Pattern>}
 */
export function readCatalogues(texts) {
  /** @type {Map<string, Pattern>} */
  const messages = new Map();
  for (const text of texts) {
    const { messages: read, errors } = parseFtl(text);
    // A broken line costs its message (English shows instead), not the page.
    for (const error of errors) console.warn(`catalogue: ${error}`);
    for (const [key, pattern] of read) messages.set(key, pattern);
  }
  return messages;
}

/**
 * Fetches one language's catalogues.
 * @param {Lang} lang
 * @param {(url: string) => Promise<{ok: boolean, status: number, text(): Promise<string>}>} fetchText
 * @returns {Promise<Map<string, Pattern>>}
 */
export async function fetchCatalogues(lang, fetchText) {
  const texts = await Promise.all(
    FILES.map(async (file) => {
      const response = await fetchText(`/locales/${lang}/${file}`);
      if (!response.ok) throw new Error(`/locales/${lang}/${file}: the server answered ${response.status}`);
      return response.text();
    }),
  );
  return readCatalogues(texts);
}

/** The translator the page uses; none until `setTranslator` (tests and app.js set one). */
let current = new Translator('en', new Map(), new Map());

/**
 * Makes `translator` the one `t` reads.
 * @param {Translator} translator
 */
export function setTranslator(translator) {
  current = translator;
}

/**
 * Whether a message exists (in the page's language or in English).
 * @param {string} key
 * @returns {boolean}
 */
export function has(key) {
  return current.has(key);
}

/**
 * A side's name: `White` / `先手（白）`, or the short form (`先手`) where there
 * is no room.
 * @param {'white' | 'black'} side
 * @param {boolean} [short]
 * @returns {string}
 */
export function sideName(side, short = false) {
  if (short) return side === 'white' ? t('side-white-short') : t('side-black-short');
  return side === 'white' ? t('side-white') : t('side-black');
}

/**
 * The key of a message named by a wire name: `error-` and `no_such_match`
 * make `error-no-such-match` (catalogue keys are kebab-case).
 * @param {string} prefix
 * @param {string} wireName
 * @returns {string}
 */
export function wireKey(prefix, wireName) {
  return `${prefix}${wireName.replaceAll('_', '-')}`;
}

/**
 * What the page says for a refusal from the server. The server's `message`
 * is English and names details (the rule a move broke, the allowed range):
 * an English page shows it as it is. Another language shows its message for
 * the code, and the server's words only for a code it does not know.
 * @param {{code: string, message?: string}} refusal
 * @returns {string}
 */
export function errorText(refusal) {
  const key = wireKey('error-', refusal.code);
  if (current.lang === 'en' && refusal.message) return refusal.message;
  if (current.has(key)) return t(key);
  return refusal.message || refusal.code;
}

/** @returns {Lang} the language shown */
export function language() {
  return current.lang;
}

/**
 * The text of a message in the page's language.
 * @param {string} key
 * @param {Args} [args]
 * @returns {string}
 */
export function t(key, args) {
  return current.t(key, args);
}
