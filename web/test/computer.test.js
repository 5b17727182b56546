import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkChoice, computerOffer, computerRequest } from '../assets/js/computer.js';
import { clientExample, serverExample } from './protocol.js';

// The documented welcome of a server that offers computer opponents.
const welcome = serverExample('welcome', (w) => w.computer !== undefined);

test('no computer offer without welcome.computer (servers that offer none)', () => {
  assert.equal(computerOffer(serverExample('welcome', (w) => w.computer === undefined)), null);
  assert.equal(computerOffer({ ...welcome, computer: { levels: [], engines: [] } }), null);
  assert.equal(computerOffer({ ...welcome, computer: 'yes' }), null);
});

test('the offer is read, and odd entries are left out', () => {
  const offer = computerOffer({ ...welcome, computer: { ...welcome.computer, levels: [...welcome.computer.levels, { level: 'x' }, null] } });
  assert.ok(offer);
  assert.deepEqual(offer.levels.map((l) => l.level), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(offer.levels[6].description, 'full strength, Monte-Carlo tree search');
  assert.equal(offer.engines[0].name, 'fairy');
  assert.deepEqual(offer.thinkMs, { default: 1000, max: 10000 });
});

test('choices are checked against the offer and become create_match.computer', () => {
  const offer = /** @type {import('../assets/js/computer.js').ComputerOffer} */ (computerOffer(welcome));
  assert.equal(checkChoice(offer, { level: 5 }), null);
  assert.equal(checkChoice(offer, { level: 9 }), 'the level must be one of 1, 2, 3, 4, 5, 6, 7');
  assert.equal(checkChoice(offer, { level: 5, thinkMs: 20000 }), 'the think time must be above 0 and at most 10000 ms');
  assert.equal(checkChoice(offer, { engine: 'fairy' }), null);
  assert.equal(checkChoice(offer, { engine: 'deep-blue' }), 'no engine named deep-blue');
  /** @param {(m: any) => boolean} which */
  const documented = (which) => clientExample('create_match', (m) => m.computer !== undefined && which(m.computer)).computer;
  assert.deepEqual(computerRequest({ level: 5 }), documented((c) => c.level === 5));
  assert.deepEqual(computerRequest({ level: 7, thinkMs: 2000 }), documented((c) => c.think_ms === 2000));
  assert.deepEqual(computerRequest({ engine: 'fairy' }), documented((c) => c.engine === 'fairy'));
});
