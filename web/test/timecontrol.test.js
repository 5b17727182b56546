import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, describeTimeControl, parseTimeControl } from '../assets/js/timecontrol.js';

test('the presets are the usual ones and describe themselves', () => {
  assert.deepEqual(PRESETS.map((p) => p.label), ['3+2', '5+3', '10+5', '15+10', 'untimed']);
  for (const preset of PRESETS) assert.equal(describeTimeControl(preset.timeControl), preset.label);
  assert.deepEqual(PRESETS[1].timeControl, { kind: 'fischer', initial_ms: 300_000, increment_ms: 3_000 });
});

test('custom time controls are read, and nonsense is explained', () => {
  assert.deepEqual(parseTimeControl(' 7 + 2 '), { timeControl: { kind: 'fischer', initial_ms: 420_000, increment_ms: 2_000 } });
  assert.deepEqual(parseTimeControl('0.5+0'), { timeControl: { kind: 'fischer', initial_ms: 30_000, increment_ms: 0 } });
  assert.deepEqual(parseTimeControl('Untimed'), { timeControl: { kind: 'untimed' } });
  for (const bad of ['', '5', '0+3', '5+', 'abc', '999+1', '5+999']) assert.ok('error' in parseTimeControl(bad), bad);
  assert.equal(describeTimeControl({ kind: 'fischer', initial_ms: 30_000, increment_ms: 500 }), '0.5+0.5');
});
