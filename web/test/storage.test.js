import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ANALYSED, MAX_SEATS, Store } from '../assets/js/storage.js';

/** A Web Storage stand-in. */
function memoryStorage() {
  const map = new Map();
  return {
    map,
    /** @param {string} k */ getItem: (k) => map.get(k) ?? null,
    /** @param {string} k @param {string} v */ setItem: (k, v) => void map.set(k, v),
    /** @param {string} k */ removeItem: (k) => void map.delete(k),
  };
}

test('name, mute and the confirm setting are remembered', () => {
  const storage = memoryStorage();
  const store = new Store(storage);
  assert.equal(store.name, '');
  assert.equal(store.confirmMoves, null, 'not chosen: the page decides by pointer type');
  store.name = 'ann';
  store.muted = true;
  store.confirmMoves = false;
  const again = new Store(storage);
  assert.equal(again.name, 'ann');
  assert.equal(again.muted, true);
  assert.equal(again.confirmMoves, false);
  assert.equal(storage.map.get('amazons.name'), 'ann');
});

test('the player key is made once from 32 random bytes, kept, and remade only when what is kept is not a key', () => {
  const storage = memoryStorage();
  let made = 0;
  /** @param {number} n */
  const random = (n) => {
    made += 1;
    return Uint8Array.from({ length: n }, (_, i) => (i * 7 + made) & 0xff);
  };
  const store = new Store(storage, random);
  const key = store.playerKey();
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(key.slice(0, 6), '01080f', 'the bytes in order, two hex digits each');
  assert.equal(new Store(storage, random).playerKey(), key, 'kept across page loads');
  assert.equal(made, 1);
  assert.equal(storage.map.get('amazons.key'), key);
  storage.setItem('amazons.key', 'not a key');
  assert.notEqual(new Store(storage, random).playerKey(), key);
  assert.equal(made, 2);
  assert.match(new Store(null).playerKey(), /^[0-9a-f]{64}$/, 'crypto.getRandomValues by default');
  assert.notEqual(new Store(null).playerKey(), new Store(null).playerKey(), 'random: two browsers never share one');
  assert.throws(() => new Store(null, () => new Uint8Array(4)).playerKey(), /32 random bytes/);
});

test('seat tokens are kept per match, newest first, at most MAX_SEATS', () => {
  const store = new Store(memoryStorage());
  store.saveSeat('m1', 'white', 'aa', 1);
  store.saveSeat('m2', 'black', 'bb', 2);
  store.saveSeat('m1', 'black', 'cc', 3);
  assert.deepEqual(store.seats().map((s) => s.matchId), ['m1', 'm2']);
  assert.equal(store.seat('m1')?.token, 'cc');
  store.forgetSeat('m1');
  assert.equal(store.seat('m1'), null);
  for (let i = 0; i < MAX_SEATS + 5; i++) store.saveSeat(`x${i}`, 'white', 't', i);
  assert.equal(store.seats().length, MAX_SEATS);
  assert.equal(store.seats()[0].matchId, `x${MAX_SEATS + 4}`);
});

test('games seen analysed are remembered, once each, newest first, at most MAX_ANALYSED', () => {
  const storage = memoryStorage();
  const store = new Store(storage);
  assert.equal(store.analysed('g1'), false);
  store.rememberAnalysed('g1');
  store.rememberAnalysed('g2');
  store.rememberAnalysed('g1');
  assert.deepEqual(new Store(storage).analysedGames(), ['g2', 'g1']);
  assert.equal(new Store(storage).analysed('g1'), true);
  for (let i = 0; i < MAX_ANALYSED + 5; i++) store.rememberAnalysed(`x${i}`);
  assert.equal(store.analysedGames().length, MAX_ANALYSED);
  storage.map.set('amazons.analysed', '{not json');
  assert.deepEqual(store.analysedGames(), [], 'what cannot be read is nothing');
});

test('a browser that refuses storage still works for the page\'s life', () => {
  const refusing = {
    getItem: () => { throw new Error('denied'); },
    setItem: () => { throw new Error('denied'); },
    removeItem: () => { throw new Error('denied'); },
  };
  for (const store of [new Store(refusing), new Store(null)]) {
    store.name = 'bob';
    store.saveSeat('m', 'white', 'tok', 0);
    assert.equal(store.name, 'bob');
    assert.equal(store.seat('m')?.token, 'tok');
  }
  const corrupt = memoryStorage();
  corrupt.setItem('amazons.seats', '{not json');
  assert.deepEqual(new Store(corrupt).seats(), []);
});
