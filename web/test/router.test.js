import './english.js';
import { t } from '../assets/js/i18n.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRoute, routeHash, screenNames } from '../assets/js/router.js';
import { SCREENS } from '../assets/js/screens.js';

const id = '6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60';

test('hash routes name the page\'s places and round-trip', () => {
  assert.deepEqual(parseRoute(''), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/'), { name: 'lobby' });
  assert.deepEqual(parseRoute(`#/match/${id}`), { name: 'match', id });
  assert.deepEqual(parseRoute(`#/games/${id.toUpperCase()}`), { name: 'replay', id });
  assert.deepEqual(parseRoute('#/games'), { name: 'games', page: 1 });
  assert.deepEqual(parseRoute('#/games?page=3'), { name: 'games', page: 3 });
  assert.deepEqual(parseRoute('#/games?page=0'), { name: 'games', page: 1 });
  assert.deepEqual(parseRoute('#/rules'), { name: 'rules' });
  assert.deepEqual(parseRoute('#/tournaments'), { name: 'tournaments' });
  assert.deepEqual(parseRoute(`#/tournaments/${id.toUpperCase()}`), { name: 'tournament', id });
  assert.deepEqual(parseRoute('#/tournaments/<b>'), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/match/<script>'), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/gamesx'), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/players'), { name: 'players', kind: 'all', page: 1 });
  assert.deepEqual(parseRoute('#/players?kind=bot'), { name: 'players', kind: 'bot', page: 1 });
  assert.deepEqual(parseRoute('#/players?kind=human&page=4'), { name: 'players', kind: 'human', page: 4 });
  assert.deepEqual(parseRoute('#/players?page=2'), { name: 'players', kind: 'all', page: 2 });
  assert.deepEqual(parseRoute('#/players?kind=robot'), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/players/ann'), { name: 'player', player: 'ann' });
  assert.deepEqual(parseRoute('#/players/computer%20(level%205)'), { name: 'player', player: 'computer (level 5)' });
  assert.deepEqual(parseRoute('#/players/100%'), { name: 'player', player: '100%' }, 'a stray % is read as it is');
  assert.equal(routeHash({ name: 'player', player: 'a/b?c' }), '#/players/a%2Fb%3Fc');
  assert.equal(routeHash({ name: 'players', kind: 'all', page: 1 }), '#/players');
  for (const route of /** @type {import('../assets/js/router.js').Route[]} */ ([
    { name: 'lobby' }, { name: 'match', id }, { name: 'games', page: 2 }, { name: 'games', page: 1 }, { name: 'replay', id }, { name: 'rules' },
    { name: 'players', kind: 'all', page: 1 }, { name: 'players', kind: 'bot', page: 2 }, { name: 'players', kind: 'all', page: 3 },
    { name: 'player', player: 'ann' }, { name: 'player', player: 'Ｍａｘ ünd/?#%' },
    { name: 'tournaments' }, { name: 'tournament', id },
  ])) {
    assert.deepEqual(parseRoute(routeHash(route)), route);
  }
});

test('the table of screens: each lights a tab of the navigation, and the navigation opens where it says', () => {
  const names = screenNames();
  assert.deepEqual(names, ['lobby', 'match', 'tournaments', 'tournament', 'games', 'replay', 'players', 'player', 'rules']);
  const tabs = names.filter((name) => SCREENS[name].nav);
  assert.deepEqual(tabs.map((name) => t(SCREENS[name].title)), ['Play', 'Tournaments', 'Games', 'Leaderboard', 'Rules']);
  for (const name of names) {
    const screen = SCREENS[name];
    assert.ok(tabs.includes(/** @type {any} */ (screen.tab)), `${name} lights a tab of the navigation`);
    assert.ok(screen.title, `${name} has a title`);
    if (screen.nav) assert.equal(parseRoute(routeHash(/** @type {any} */ ({ name, ...screen.nav }))).name, name);
  }
  assert.equal(routeHash({ name: 'games', page: 1 }), '#/games');
});
