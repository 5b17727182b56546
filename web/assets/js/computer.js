// Computer opponents, offered only when the server's `welcome` advertises
// them (`welcome.computer`): the levels and engines it names, and the
// `computer` object of `create_match` built from a choice.

/** @typedef {import('./wire.js').WelcomeMessage} WelcomeMessage */
/** @typedef {import('./wire.js').ComputerRequest} ComputerRequest */

import { t } from './i18n.js';

/**
 * What the server offers, checked and tidied.
 * @typedef {{levels: {level: number, description: string}[], engines: {name: string, description: string}[], thinkMs: {default: number, max: number} | null}} ComputerOffer
 */

/**
 * A choice in the lobby's form: a level (with an optional think time) or a
 * named engine.
 * @typedef {{level: number, thinkMs?: number} | {engine: string}} ComputerChoice
 */

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {unknown[]} the value when it is an array, else nothing
 */
function listOf(value) {
  return Array.isArray(value) ? value : [];
}

/**
 * Reads `welcome.computer`; null when the server offers no computer opponent
 * (or says it in a form this page does not understand: an optional part of
 * the protocol, read field by field).
 * @param {WelcomeMessage} welcome
 * @returns {ComputerOffer | null}
 */
export function computerOffer(welcome) {
  /** @type {unknown} */
  const computer = welcome.computer;
  if (!isObject(computer)) return null;
  const { levels, engines, think_ms: thinkMs } = computer;
  const offer = {
    levels: listOf(levels)
      .filter(isObject)
      .filter((l) => Number.isInteger(l.level))
      .map((l) => ({ level: Number(l.level), description: String(l.description ?? '') })),
    engines: listOf(engines)
      .filter(isObject)
      .filter((e) => typeof e.name === 'string' && e.name !== '')
      .map((e) => ({ name: String(e.name), description: String(e.description ?? '') })),
    thinkMs:
      isObject(thinkMs) && Number.isFinite(thinkMs.default) && Number.isFinite(thinkMs.max)
        ? { default: Number(thinkMs.default), max: Number(thinkMs.max) }
        : null,
  };
  if (offer.levels.length === 0 && offer.engines.length === 0) return null;
  return offer;
}

/**
 * Checks a choice against the offer; an error text, or null when it is fine.
 * @param {ComputerOffer} offer
 * @param {ComputerChoice} choice
 * @returns {string | null}
 */
export function checkChoice(offer, choice) {
  if ('engine' in choice) {
    return offer.engines.some((e) => e.name === choice.engine) ? null : t('computer-no-engine', { name: choice.engine });
  }
  const levels = offer.levels.map((l) => l.level);
  if (!levels.includes(choice.level)) {
    return t('computer-level-range', { levels: levels.join(', ') });
  }
  if (choice.thinkMs !== undefined) {
    const max = offer.thinkMs?.max ?? Infinity;
    if (!(choice.thinkMs > 0) || choice.thinkMs > max) return t('computer-think-range', { max });
  }
  return null;
}

/**
 * The `computer` object of `create_match` for a choice.
 * @param {ComputerChoice} choice
 * @returns {ComputerRequest}
 */
export function computerRequest(choice) {
  if ('engine' in choice) return { engine: choice.engine };
  if (choice.thinkMs === undefined) return { level: choice.level };
  return { level: choice.level, think_ms: Math.round(choice.thinkMs) };
}
