import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRoute, routeHash } from '../assets/js/router.js';

const id = '6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60';

test('hash routes name the page\'s places and round-trip', () => {
  assert.deepEqual(parseRoute(''), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/'), { name: 'lobby' });
  assert.deepEqual(parseRoute(`#/match/${id}`), { name: 'match', id });
  assert.deepEqual(parseRoute(`#/games/${id.toUpperCase()}`), { name: 'replay', id });
  assert.deepEqual(parseRoute('#/games'), { name: 'games', page: 1 });
  assert.deepEqual(parseRoute('#/games?page=3'), { name: 'games', page: 3 });
  assert.deepEqual(parseRoute('#/rules'), { name: 'rules' });
  assert.deepEqual(parseRoute('#/match/<script>'), { name: 'lobby' });
  for (const route of /** @type {import('../assets/js/router.js').Route[]} */ ([
    { name: 'lobby' }, { name: 'match', id }, { name: 'games', page: 2 }, { name: 'replay', id }, { name: 'rules' },
  ])) {
    assert.deepEqual(parseRoute(routeHash(route)), route);
  }
});
