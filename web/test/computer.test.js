import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkChoice, computerOffer, computerRequest } from '../assets/js/computer.js';

// welcome as the issue-13 server will send it.
const welcome = {
  type: 'welcome',
  protocol: 1,
  server: 'amazons-server 0.2.0',
  name: 'ann',
  max_message_bytes: 4096,
  grace_ms: 60000,
  computer: {
    levels: [
      { level: 1, description: 'random mover' },
      { level: 5, description: 'alpha-beta, short' },
      { level: 7, description: 'full strength, Monte-Carlo tree search' },
    ],
    engines: [{ name: 'fairy', description: 'Fairy-Stockfish' }],
    think_ms: { default: 1000, max: 10000 },
  },
};

test('no computer offer without welcome.computer (today\'s servers)', () => {
  assert.equal(computerOffer({ type: 'welcome', protocol: 1 }), null);
  assert.equal(computerOffer({ type: 'welcome', computer: { levels: [], engines: [] } }), null);
  assert.equal(computerOffer({ type: 'welcome', computer: 'yes' }), null);
});

test('the offer is read, and odd entries are left out', () => {
  const offer = computerOffer({ ...welcome, computer: { ...welcome.computer, levels: [...welcome.computer.levels, { level: 'x' }, null] } });
  assert.ok(offer);
  assert.deepEqual(offer.levels.map((l) => l.level), [1, 5, 7]);
  assert.equal(offer.engines[0].name, 'fairy');
  assert.deepEqual(offer.thinkMs, { default: 1000, max: 10000 });
});

test('choices are checked against the offer and become create_match.computer', () => {
  const offer = /** @type {import('../assets/js/computer.js').ComputerOffer} */ (computerOffer(welcome));
  assert.equal(checkChoice(offer, { level: 5 }), null);
  assert.equal(checkChoice(offer, { level: 9 }), 'the level must be one of 1, 5, 7');
  assert.equal(checkChoice(offer, { level: 5, thinkMs: 20000 }), 'the think time must be above 0 and at most 10000 ms');
  assert.equal(checkChoice(offer, { engine: 'fairy' }), null);
  assert.equal(checkChoice(offer, { engine: 'deep-blue' }), 'no engine named deep-blue');
  assert.deepEqual(computerRequest({ level: 5 }), { level: 5 });
  assert.deepEqual(computerRequest({ level: 5, thinkMs: 2000 }), { level: 5, think_ms: 2000 });
  assert.deepEqual(computerRequest({ engine: 'fairy' }), { engine: 'fairy' });
});
