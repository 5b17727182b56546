// The JSON examples of docs/protocol.md, found the way the protocol crate's
// test finds them (crates/protocol/tests/docs_examples.rs): a ```json block
// under a `### name` heading in "## Client messages", "## Server messages",
// "## HTTP on the same port" or "## Worker messages" (read, so that no
// example stands outside a section, though the page speaks none of them). The page's tests feed it these messages,
// so the page is tested against what the document promises and the Rust
// types parse; a test that needs a variation derives it from an example.

import { readFileSync } from 'node:fs';

const SECTIONS = /** @type {const} */ ({
  '## Client messages': 'client',
  '## Server messages': 'server',
  '## HTTP on the same port': 'http',
  '## Worker messages': 'worker',
});

/** @typedef {'client' | 'server' | 'http' | 'worker'} Section */

/**
 * Every example, by section and heading (the message type, or the route
 * such as `GET /api/games`), in the document's order.
 * @returns {Record<Section, Map<string, unknown[]>>}
 */
function readExamples() {
  const text = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');
  /** @type {Record<Section, Map<string, unknown[]>>} */
  const found = { client: new Map(), server: new Map(), http: new Map(), worker: new Map() };
  /** @type {Section | null} */
  let section = null;
  let heading = '';
  /** @type {string[] | null} the lines of the JSON block being read */
  let block = null;
  for (const line of text.split('\n')) {
    if (block) {
      if (line.startsWith('```')) {
        if (!section) throw new Error(`a JSON example outside the message sections, under ${heading}`);
        const list = found[section].get(heading) ?? [];
        list.push(JSON.parse(block.join('\n')));
        found[section].set(heading, list);
        block = null;
      } else {
        block.push(line);
      }
    } else if (line.startsWith('## ')) {
      section = SECTIONS[/** @type {keyof typeof SECTIONS} */ (line)] ?? null;
    } else if (line.startsWith('### ')) {
      heading = line.slice(4).trim().replace(/^`|`$/g, '');
    } else if (line.startsWith('```json')) {
      block = [];
    }
  }
  return found;
}

const EXAMPLES = readExamples();

/**
 * A fresh copy of an example (tests may change it).
 * @param {Section} section
 * @param {string} heading
 * @param {(example: any) => boolean} which picks among several examples; the first by default
 * @returns {any}
 */
function example(section, heading, which) {
  const found = (EXAMPLES[section].get(heading) ?? []).find(which);
  if (found === undefined) throw new Error(`docs/protocol.md has no such example under ${heading}`);
  return structuredClone(found);
}

/**
 * A server message from the document.
 * @param {string} type
 * @param {(example: any) => boolean} [which]
 */
export function serverExample(type, which = () => true) {
  return example('server', type, which);
}

/**
 * A client message from the document.
 * @param {string} type
 * @param {(example: any) => boolean} [which]
 */
export function clientExample(type, which = () => true) {
  return example('client', type, which);
}

/**
 * An HTTP body from the document.
 * @param {string} route e.g. `GET /api/games`
 */
export function httpExample(route) {
  return example('http', route, () => true);
}

/** The match every example is about. */
export const ID = serverExample('snapshot').match_id;

/** The seat token of the examples. */
export const TOKEN = serverExample('joined').token;

/**
 * The snapshot example moved back to the start of its game: no move yet,
 * white to move with both clocks full.
 * @param {'white' | 'black' | null} you the receiver's seat
 */
export function startSnapshot(you) {
  const snapshot = serverExample('snapshot');
  const full = snapshot.time_control.initial_ms;
  return {
    ...snapshot,
    you,
    moves: [],
    fen: snapshot.initial_fen,
    ply: 0,
    turn: 'white',
    clocks: { white_ms: full, black_ms: full, running: 'white' },
  };
}

/** The first move of a game (ply 0, with `fen`), as the document shows it. */
export const FIRST_MOVE = serverExample('move_played', (m) => m.ply === 0);
