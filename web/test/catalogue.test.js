// The catalogues the page reads (common.ftl, shared with the terminal
// client, and web.ftl) against each other and against the code: every key
// in every language, every key used somewhere, every key the page asks for
// present. A key is used when it appears as a string literal in the page
// (web/assets/js, index.html's data-i18n) or in the terminal client
// (crates/client/src). A key built from a wire name (`error-<code>`,
// `end-reason-<reason>`) or a level (`level-description-<n>`) is checked
// against the list of that enum's values, read from the Rust source the
// protocol is defined in. (terminal.ftl is checked on the Rust side.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { parseFtl } from '../assets/js/fluent.js';

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
 * The variants of a Rust enum, in the wire's spelling (snake_case), as
 * serde writes them; `skip` leaves some out (one only ever read).
 * @param {string} path
 * @param {string} name
 * @param {string[]} [skip]
 * @returns {string[]}
 */
function rustEnum(path, name, skip = []) {
  const text = read(path);
  const start = text.indexOf(`pub enum ${name} {`);
  assert.ok(start >= 0, `${path} declares ${name}`);
  const body = text.slice(start, text.indexOf('\n}', start));
  return [...body.matchAll(/^\s{4}([A-Z][A-Za-z0-9]*),?$/gm)]
    .map((m) => m[1])
    .filter((v) => !skip.includes(v))
    .map((v) => v.replace(/[A-Z]/g, (c, i) => (i === 0 ? c.toLowerCase() : `_${c.toLowerCase()}`)));
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

const ERROR_CODES = rustEnum('crates/protocol/src/messages.rs', 'ErrorCode', ['Unknown']);
const END_REASONS = rustEnum('crates/core/src/outcome.rs', 'EndReason');
const MOVE_CLASSES = rustEnum('crates/core/src/analysis.rs', 'MoveClass');
const LEVELS = (() => {
  const text = read('crates/core/src/level.rs');
  const bound = (/** @type {string} */ which) => Number(new RegExp(`pub const ${which}: Level = Level\\((\\d+)\\)`).exec(text)?.[1]);
  const levels = [];
  for (let n = bound('MIN'); n <= bound('MAX'); n += 1) levels.push(String(n));
  return levels;
})();

/** Keys built at run time: a prefix, and the values it is completed with. */
const FAMILIES = [
  { prefix: 'error-', values: ERROR_CODES.map(kebab) },
  { prefix: 'end-reason-', values: END_REASONS.map(kebab) },
  { prefix: 'level-description-', values: LEVELS },
  // Looked up by the key each class declares in the core, sent with the analysis.
  { prefix: 'analysis-class-', values: MOVE_CLASSES.map(kebab), declaredIn: 'crates/core/src/analysis.rs' },
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
  assert.ok(ERROR_CODES.includes('no_such_match') && ERROR_CODES.includes('internal'), ERROR_CODES.join(' '));
  assert.ok(!ERROR_CODES.includes('unknown'), 'unknown is only ever read');
  assert.deepEqual(END_REASONS, wireUnion('EndReason'), 'the page types the same end reasons as the core');
  assert.ok(MOVE_CLASSES.includes('blunder'), MOVE_CLASSES.join(' '));
  assert.deepEqual(MOVE_CLASSES, wireUnion('MoveClass'), 'the page types the same move classes as the core');
  for (const code of wireUnion('ErrorCode')) assert.ok(ERROR_CODES.includes(code), `wire.js's ${code} is a protocol code`);
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

test('no key is in two files', () => {
  const [common, web] = FILES.map((file) => keysOf('en', file));
  assert.deepEqual(common.filter((k) => web.includes(k)), []);
});

test('every key of the families built from enums is there, one per value, and nothing else', () => {
  const keys = FILES.flatMap((file) => keysOf('en', file));
  for (const { prefix, values } of FAMILIES) {
    const inFamily = keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    assert.deepEqual([...inFamily].sort(), [...values].sort(), `${prefix}<value>`);
  }
});

test('every key of common.ftl and web.ftl is used by the page or the terminal client', () => {
  const code = [...sources('web/assets/js', ['.js']), ...sources('crates/client/src', ['.rs'])].map(read).join('\n');
  for (const file of FILES) {
    const unused = keysOf('en', file).filter((key) => {
      const family = FAMILIES.find((f) => key.startsWith(f.prefix));
      // A family counts as used when the code builds its keys from the prefix.
      if (family?.declaredIn) return !read(family.declaredIn).includes(`"${family.prefix}`);
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
