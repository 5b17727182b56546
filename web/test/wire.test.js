// wire.js restates the protocol's vocabulary for the type checker: which
// messages there are in each direction and which error codes. The protocol
// crate's test (crates/protocol/tests/docs_vocabulary.rs) holds
// docs/protocol.md to the Rust enums; this one holds wire.js to
// docs/protocol.md, so a message or code added on the server cannot be
// forgotten in the page's types.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../assets/js/vocabulary.js';

const WIRE = readFileSync(new URL('../assets/js/wire.js', import.meta.url), 'utf8');
const DOC = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');

/**
 * The `### name` headings of one `## section` of the document.
 * @param {string} section
 * @returns {string[]}
 */
function headings(section) {
  const start = DOC.indexOf(`\n${section}\n`);
  assert.notEqual(start, -1, `docs/protocol.md has no ${section}`);
  const end = DOC.indexOf('\n## ', start + 1);
  return [...DOC.slice(start, end === -1 ? undefined : end).matchAll(/^### `([a-z_]+)`$/gm)].map((m) => m[1]);
}

/** @returns {string[]} the codes of the document's error table */
function documentedCodes() {
  // The table of the `error` message's section (the HTTP API and the
  // workers have tables of their own).
  const start = DOC.indexOf('### `error`');
  const end = DOC.indexOf('\n## ', start);
  return [...DOC.slice(start, end).matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
}

/**
 * The JSDoc comments of wire.js, each as one line of text.
 * @returns {string[]}
 */
function comments() {
  return [...WIRE.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((m) => m[1].replace(/\n\s*\*/g, ' '));
}

/**
 * The `type` each message typedef declares: `{{type: 'x', …}} Name` or an
 * object typedef with `@property {'x'} type`.
 * @returns {Map<string, string>} typedef name → message type
 */
function messageTypes() {
  const types = new Map();
  for (const comment of comments()) {
    const inline = /@typedef \{\{type: '([a-z_]+)'[^]*\}\} (\w+)/.exec(comment);
    const object = /@typedef \{object\} (\w+)[^]*@property \{'([a-z_]+)'\} type\b/.exec(comment);
    if (inline) types.set(inline[2], inline[1]);
    else if (object) types.set(object[1], object[2]);
  }
  return types;
}

/**
 * The members of a union typedef of wire.js.
 * @param {string} name
 * @returns {string[]}
 */
function unionMembers(name) {
  for (const comment of comments()) {
    const match = new RegExp(`@typedef \\{([^{}]+)\\} ${name}\\s*$`).exec(comment.trim());
    if (match) return match[1].split('|').map((member) => member.trim().replace(/^'|'$/g, ''));
  }
  throw new Error(`wire.js has no union ${name}`);
}

test('wire.js types every client and every server message the protocol document has', () => {
  const types = messageTypes();
  /** @param {string} union */
  const typesOf = (union) => unionMembers(union).map((member) => types.get(member) ?? `${member}?`);
  assert.deepEqual(typesOf('ClientMessage').sort(), headings('## Client messages').sort());
  assert.deepEqual(typesOf('ServerMessage').sort(), headings('## Server messages').sort());
});

test("the page's error codes (vocabulary.js) are the protocol document's, not one more or less", () => {
  const codes = documentedCodes();
  assert.ok(codes.includes('illegal_move') && codes.length > 20, 'the error table is found');
  assert.deepEqual([...ERROR_CODES].sort(), codes.sort());
  assert.deepEqual(unionMembers('ErrorCode'), ["import('./vocabulary.js').ErrorCode"], "wire.js's ErrorCode is vocabulary.js's");
});
