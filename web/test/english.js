// Imported by the unit tests of modules that say things: loads the English
// catalogues from crates/i18n/locales/en (as the server serves them) into
// the translator `t` reads, so the tests read the page's English.

import { readFileSync } from 'node:fs';
import { Translator, FILES, readCatalogues, setTranslator } from '../assets/js/i18n.js';

/**
 * A language's catalogues, read from the repository.
 * @param {string} lang
 */
export function catalogueFiles(lang) {
  return FILES.map((file) => readFileSync(new URL(`../../crates/i18n/locales/${lang}/${file}`, import.meta.url), 'utf8'));
}

const english = readCatalogues(catalogueFiles('en'));
setTranslator(new Translator('en', english, english));
