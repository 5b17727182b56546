// The catalogues the page reads (common.ftl, shared with the terminal
// client, and web.ftl) against each other and against the code: every key
// in every language, every key used somewhere, every key the page asks for
// present. A key is used when it appears as a string literal in the page
// (web/assets/js, index.html's data-i18n) or in the terminal client
// (crates/client/src). A key built from a wire name (`error-<code>`,
// `end-reason-<reason>`, `tiebreak-<name>-short`) is checked against the
// enum's values in vocabulary.js, generated from the Rust declarations, and
// must be in common.ftl; a level (`level-description-<n>`) against the
// core's bounds. (terminal.ftl is checked on the Rust side.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { parseFtl } from '../assets/js/fluent.js';
import { FAMILIES as VOCABULARY } from '../assets/js/vocabulary.js';

const ROOT = new URL('../../', import.meta.url);
const FILES = ['common.ftl', 'web.ftl'];
const LANGS = ['en', 'zh-CN'];

/** @param {string} path relative to the repository @returns {string} */
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');

/** @param {string} lang @param {string} file @returns {string[]} */
const keysOf = (lang, file) => [...parseFtl(read(`crates/i18n/locales/${lang}/${file}`)).messages.keys()];

/**
 * Every file below a folder of the repository with one of the endings.
 * @param {string} dir
 * @param {string[]} endings
 * @returns {string[]} paths relative to the repository
 */
function sources(dir, endings) {
  /** @type {string[]} */
  const found = [];
  let names;
  try {
    names = readdirSync(new URL(dir, ROOT));
  } catch {
    return found; // a folder another branch adds
  }
  for (const name of names) {
    const path = `${dir}/${name}`;
    if (statSync(new URL(path, ROOT)).isDirectory()) found.push(...sources(path, endings));
    else if (endings.some((e) => name.endsWith(e))) found.push(path);
  }
  return found;
}

/**
 * The names of a union of string literals in a JSDoc typedef of wire.js.
 * @param {string} name
 * @returns {string[]}
 */
function wireUnion(name) {
  const text = read('web/assets/js/wire.js');
  const end = text.indexOf(`} ${name}\n`);
  assert.ok(end >= 0, `wire.js types ${name}`);
  const start = text.lastIndexOf('@typedef {', end);
  return [...text.slice(start, end).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

/** @param {string} wire */
const kebab = (wire) => wire.replaceAll('_', '-');

const LEVELS = (() => {
  const text = read('crates/core/src/level.rs');
  const bound = (/** @type {string} */ which) => Number(new RegExp(`pub const ${which}: Level = Level\\((\\d+)\\)`).exec(text)?.[1]);
  const levels = [];
  for (let n = bound('MIN'); n <= bound('MAX'); n += 1) levels.push(String(n));
  return levels;
})();

/**
 * Keys built at run time: a prefix, the values it is completed with, and
 * the suffixes of each value's forms. The enums come from vocabulary.js,
 * generated from their Rust declarations (a Rust test keeps it so).
 */
const FAMILIES = [
  ...VOCABULARY.map((f) => ({ prefix: `${f.family}-`, values: f.names.map(kebab), forms: f.forms })),
  { prefix: 'level-description-', values: LEVELS, forms: [''] },
];

/** Every string literal of the page's code and the terminal client's, and index.html's data-i18n keys. */
const literals = (() => {
  const found = new Set();
  for (const path of [...sources('web/assets/js', ['.js']), ...sources('crates/client/src', ['.rs'])]) {
    for (const m of read(path).matchAll(/(['"`])([a-z][a-z0-9-]*)\1/g)) found.add(m[2]);
  }
  for (const m of read('web/assets/index.html').matchAll(/data-i18n="([a-z0-9-]+)"/g)) found.add(m[1]);
  return found;
})();

test('the enums the keys are built from are read', () => {
  const errors = VOCABULARY.find((f) => f.type === 'ErrorCode')?.names ?? [];
  assert.ok(errors.includes('no_such_match') && errors.includes('internal'), errors.join(' '));
  assert.ok(!errors.includes('unknown'), 'unknown is only ever read');
  assert.deepEqual(wireUnion('TournamentFormat'), ['round_robin', 'swiss'], "wire.js's formats");
  assert.deepEqual(LEVELS, ['1', '2', '3', '4', '5', '6', '7']);
});

for (const file of FILES) {
  test(`${file}: every key in every language`, () => {
    const english = keysOf('en', file);
    assert.ok(english.length > 0);
    for (const lang of LANGS.slice(1)) {
      const other = keysOf(lang, file);
      assert.deepEqual(english.filter((k) => !other.includes(k)), [], `in en/${file}, missing from ${lang}/${file}`);
      assert.deepEqual(other.filter((k) => !english.includes(k)), [], `in ${lang}/${file}, missing from en/${file}`);
    }
  });
}

test('no key is in two files: a word both faces show is in common.ftl only, a face keeps only its own', () => {
  for (const lang of LANGS) {
    const [common, web, terminal] = [...FILES, 'terminal.ftl'].map((file) => keysOf(lang, file));
    assert.deepEqual(common.filter((k) => web.includes(k)), [], `${lang}: in common.ftl and web.ftl`);
    assert.deepEqual(common.filter((k) => terminal.includes(k)), [], `${lang}: in common.ftl and terminal.ftl`);
    assert.deepEqual(web.filter((k) => terminal.includes(k)), [], `${lang}: in both faces (move it to common.ftl, or name each face's own)`);
  }
});

test("every key of the families built from enums is in common.ftl, one per value and form, and nothing else", () => {
  for (const { prefix, values, forms } of FAMILIES) {
    for (const file of FILES) {
      const inFamily = keysOf('en', file).filter((k) => k.startsWith(prefix));
      const wanted = file === 'common.ftl' ? values.flatMap((v) => forms.map((form) => `${prefix}${v}${form}`)) : [];
      assert.deepEqual([...inFamily].sort(), [...wanted].sort(), `${file}: ${prefix}<value>`);
    }
  }
});

/** Families whose keys the server sends (an analysis ply's `glyph.key`), drawn without a prefix in the code. */
const SENT_AS_DATA = ['analysis-class-'];

test('every key of common.ftl and web.ftl is used by the page or the terminal client', () => {
  const code = [...sources('web/assets/js', ['.js']), ...sources('crates/client/src', ['.rs'])].map(read).join('\n');
  for (const file of FILES) {
    const unused = keysOf('en', file).filter((key) => {
      const family = FAMILIES.find((f) => key.startsWith(f.prefix));
      // A family counts as used when the code builds its keys from the prefix,
      // or when the server sends its keys as data (an analysis's glyphs).
      if (family && SENT_AS_DATA.includes(family.prefix)) return false;
      if (family) return !code.includes(`'${family.prefix}`) && !code.includes(`\`${family.prefix}`) && !code.includes(`"${family.prefix}`);
      return !literals.has(key);
    });
    assert.deepEqual(unused, [], `keys of ${file} nothing uses`);
  }
});

test("every key the page asks for by name is in the English catalogues", () => {
  const keys = new Set(FILES.flatMap((file) => keysOf('en', file)));
  /** @type {string[]} */
  const missing = [];
  for (const path of sources('web/assets/js', ['.js'])) {
    for (const m of read(path).matchAll(/\bt\('([a-z0-9-]+)'/g)) if (!keys.has(m[1])) missing.push(`${path}: ${m[1]}`);
  }
  for (const m of read('web/assets/index.html').matchAll(/data-i18n="([a-z0-9-]+)"/g)) if (!keys.has(m[1])) missing.push(`index.html: ${m[1]}`);
  for (const m of read('web/assets/js/screens.js').matchAll(/title: '([a-z0-9-]+)'/g)) if (!keys.has(m[1])) missing.push(`screens.js: ${m[1]}`);
  assert.deepEqual(missing, []);
});
