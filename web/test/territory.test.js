import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { countLine, decidedText, mayShowTerritory, movesText, outline, readOwners, territoryPicture } from '../assets/js/territory.js';
import { parseSquare } from '../assets/js/notation.js';

/** @returns {import('../assets/js/wire.js').TerritoryView} the fixture: a separated board, white's region of 5, black's of 2 to 3 */
const fixture = () => JSON.parse(readFileSync(new URL('./fixtures/territory.json', import.meta.url), 'utf8'));

/** @param {string} name */
const sq = (name) => /** @type {number} */ (parseSquare(name));

test('owners are read square by square, a1 first, and a wrong answer is refused whole', () => {
  const owners = readOwners(fixture().owners);
  assert.ok(owners);
  assert.equal(owners[sq('a1')], 'white');
  assert.equal(owners[sq('d1')], 'queen');
  assert.equal(owners[sq('j10')], 'black');
  assert.equal(owners[sq('g10')], 'queen');
  assert.equal(owners[sq('f3')], 'tie');
  assert.equal(owners[sq('c5')], 'arrow');
  assert.equal(owners[sq('a10')], 'none');
  assert.equal(readOwners('w'.repeat(99)), null, 'too short');
  assert.equal(readOwners(`${'w'.repeat(99)}?`), null, 'an unknown letter');
});

test('a region is outlined by the sides of its squares that face the outside', () => {
  // One square: its four sides.
  assert.deepEqual(outline([sq('a1')]), [
    { x1: 0, y1: 0, x2: 1, y2: 0 },
    { x1: 0, y1: 1, x2: 1, y2: 1 },
    { x1: 0, y1: 0, x2: 0, y2: 1 },
    { x1: 1, y1: 0, x2: 1, y2: 1 },
  ]);
  // Two squares side by side: six sides, none between them.
  const pair = outline([sq('b2'), sq('c2')]);
  assert.equal(pair.length, 6);
  assert.ok(!pair.some((e) => e.x1 === 2 && e.x2 === 2), 'no edge on the shared side');
  // A 2x2 block: 8 sides, all on its border.
  const block = outline([sq('e5'), sq('f5'), sq('e6'), sq('f6')]);
  assert.equal(block.length, 8);
  for (const e of block) assert.ok((e.x1 === e.x2 && [4, 6].includes(e.x1)) || (e.y1 === e.y2 && [4, 6].includes(e.y1)), JSON.stringify(e));
});

test('the picture names each region, its owner and its moves, exact or as a range', () => {
  const picture = territoryPicture(fixture());
  assert.ok(picture);
  assert.equal(picture.owners.length, 100);
  assert.deepEqual(picture.regions.map((r) => r.label), ['White: 5 squares, 5 moves', 'Black: 3 squares, 2–3 moves', "Nobody's: 1 square, no move"]);
  assert.deepEqual(picture.regions.map((r) => r.moves), ['5', '2–3', '0']);
  assert.deepEqual(picture.regions[0].squares, ['a1', 'b1', 'c1', 'd2', 'e2'].map(sq));
  assert.equal(picture.regions[2].outline.length, 4);
  assert.equal(movesText({ lower: 1, upper: 1 }), '1');
  const broken = { ...fixture(), regions: [{ squares: ['k1'], owner: 'white', moves: { lower: 1, upper: 1 } }] };
  assert.equal(territoryPicture(/** @type {any} */ (broken)), null, 'a square the page cannot read');
  assert.equal(territoryPicture({ ...fixture(), owners: 'x' }), null);
});

test('the count line gives each side its squares and the proven result when there is one', () => {
  const view = fixture();
  assert.equal(countLine(view), 'territory: white 5 · black 3 · contested 1 · White wins by 3');
  const { decided: _decided, ...open } = view;
  assert.equal(countLine(open), 'territory: white 5 · black 3 · contested 1');
  assert.equal(decidedText({ winner: 'black', margin: 1 }), 'Black wins by 1');
});

test('a player sees the territory only when the game allows it; a spectator and a finished game always', () => {
  assert.equal(mayShowTerritory({ you: 'white', status: 'playing', assistance: false }), false);
  assert.equal(mayShowTerritory({ you: 'white', status: 'playing', assistance: true }), true);
  assert.equal(mayShowTerritory({ you: null, status: 'playing', assistance: false }), true);
  assert.equal(mayShowTerritory({ you: 'black', status: 'finished', assistance: false }), true);
  assert.equal(mayShowTerritory({ you: 'black', status: 'waiting', assistance: false }), false);
});
