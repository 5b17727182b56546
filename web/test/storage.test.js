import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SEATS, Store } from '../assets/js/storage.js';

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
