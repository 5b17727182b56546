import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { formatPattern, parseFtl } from '../assets/js/fluent.js';
import { FILES } from '../assets/js/i18n.js';

const en = new Intl.PluralRules('en');
const zh = new Intl.PluralRules('zh-CN');

/**
 * A message of a catalogue, formatted.
 * @param {string} text
 * @param {string} key
 * @param {Record<string, string | number>} [args]
 * @param {Intl.PluralRules} [plurals]
 */
function say(text, key, args = {}, plurals = en) {
  const { messages, errors } = parseFtl(text);
  assert.deepEqual(errors, []);
  const pattern = messages.get(key);
  assert.ok(pattern, `${key} is read`);
  return formatPattern(pattern, args, plurals);
}

test('messages, comments and variables', () => {
  const text = '# a comment\n## a group\n### a file comment\nhello = Hello, { $name }!\nbare = no variables here\n';
  assert.equal(say(text, 'hello', { name: 'ann' }), 'Hello, ann!');
  assert.equal(say(text, 'bare'), 'no variables here');
  assert.equal(parseFtl(text).messages.size, 2, 'comments are not messages');
  assert.equal(say(text, 'hello'), 'Hello, {$name}!', 'a missing variable shows, it does not break');
});

test('a value over several indented lines is joined with its indentation taken off', () => {
  const text = 'rules =\n    First line,\n    second line.\n\n    After a blank line.\nnext = x\n';
  assert.equal(say(text, 'rules'), 'First line,\nsecond line.\n\nAfter a blank line.');
  const inline = 'rules = Starts here\n    and goes on.\n';
  assert.equal(say(inline, 'rules'), 'Starts here\nand goes on.');
  assert.equal(say(text, 'next'), 'x', 'the message after it is its own');
});

test('a select on a number takes the exact value, then the plural category, then the default', () => {
  const text = [
    'moves = { $count ->',
    '        [0] no moves',
    '        [one] 1 move',
    '       *[other] { $count } moves',
    '    } so far',
  ].join('\n');
  assert.equal(say(text, 'moves', { count: 0 }), 'no moves so far');
  assert.equal(say(text, 'moves', { count: 1 }), '1 move so far');
  assert.equal(say(text, 'moves', { count: 7 }), '7 moves so far');
  assert.equal(say(text, 'moves', { count: 1 }, zh), '1 moves so far', 'Chinese has no "one" category: the default');
  assert.equal(say(text, 'moves', {}), '{$count} moves so far', 'no value: the default');
});

test('a select on a string takes the variant of that name, else the default', () => {
  const text = 'side = { $side ->\n    [white] first\n   *[black] second\n  }';
  assert.equal(say(text, 'side', { side: 'white' }), 'first');
  assert.equal(say(text, 'side', { side: 'black' }), 'second');
  assert.equal(say(text, 'side', { side: 'green' }), 'second');
});

test('string literals keep spaces and braces the text cannot hold', () => {
  assert.equal(say('sep = {", "}', 'sep'), ', ');
  assert.equal(say('brace = a {"{"} b', 'brace'), 'a { b');
});

test('what the reader does not take is reported with its line, and costs only its message', () => {
  const { messages, errors } = parseFtl(
    ['good = fine', 'not a message', 'term = { -brand }', 'nodefault = { $n ->', '    [one] x', '  }', 'open = { $x', 'twice = 1', 'twice = 2', 'empty =', 'last = ok'].join('\n'),
  );
  assert.equal(errors.length, 6, errors.join('\n'));
  assert.match(errors[0], /^line 2: not a message/);
  assert.match(errors[1], /^line 3: term:/);
  assert.match(errors[2], /^line 4: nodefault: .*no \*\[default\]/);
  assert.match(errors[3], /^line 7: open:/);
  assert.match(errors[4], /^line 9: twice is defined twice/);
  assert.match(errors[5], /^line 10: empty has no value/);
  assert.deepEqual([...messages.keys()].sort(), ['good', 'last', 'twice']);
});

test('every catalogue file the page reads, in every language, reads without an error', () => {
  // terminal.ftl is the terminal client's, read and checked on the Rust side.
  const root = new URL('../../crates/i18n/locales/', import.meta.url);
  const langs = readdirSync(root);
  assert.ok(langs.includes('en') && langs.includes('zh-CN'), langs.join(', '));
  for (const lang of langs) {
    for (const file of FILES) {
      const { messages, errors } = parseFtl(readFileSync(new URL(`${lang}/${file}`, root), 'utf8'));
      assert.deepEqual(errors, [], `${lang}/${file}`);
      assert.ok(messages.size > 0, `${lang}/${file} has messages`);
    }
  }
});
