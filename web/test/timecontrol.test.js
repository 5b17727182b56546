import './english.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FALLBACK_LIMITS } from '../assets/js/limits.js';
import { PRESETS, describeTimeControl, parseTimeControl } from '../assets/js/timecontrol.js';

test('the presets are the usual ones and describe themselves', () => {
  assert.deepEqual(PRESETS.map((p) => p.label), ['3+2', '5+3', '10+5', '15+10', 'untimed']);
  for (const preset of PRESETS) assert.equal(describeTimeControl(preset.timeControl), preset.label);
  assert.deepEqual(PRESETS[1].timeControl, { kind: 'fischer', initial_ms: 300_000, increment_ms: 3_000 });
});

test('custom time controls are read, and nonsense is explained', () => {
  assert.deepEqual(parseTimeControl(' 7 + 2 ', FALLBACK_LIMITS), { timeControl: { kind: 'fischer', initial_ms: 420_000, increment_ms: 2_000 } });
  assert.deepEqual(parseTimeControl('0.5+0', FALLBACK_LIMITS), { timeControl: { kind: 'fischer', initial_ms: 30_000, increment_ms: 0 } });
  assert.deepEqual(parseTimeControl('Untimed', FALLBACK_LIMITS), { timeControl: { kind: 'untimed' } });
  for (const bad of ['', '5', '0+3', '0.000001+3', '5+', 'abc', '1441+1', '5+3601']) assert.ok('error' in parseTimeControl(bad, FALLBACK_LIMITS), bad);
  assert.deepEqual(parseTimeControl('1441+1', FALLBACK_LIMITS), { error: 'minutes must be above 0 and at most 1440' });
  assert.deepEqual(parseTimeControl('5+3601', FALLBACK_LIMITS), { error: 'the increment is at most 3600 seconds' });
  assert.equal(describeTimeControl({ kind: 'fischer', initial_ms: 30_000, increment_ms: 500 }), '0.5+0.5');
});

test('the bounds are the server\'s: a stricter server refuses what the fallback takes', () => {
  const strict = { ...FALLBACK_LIMITS, max_initial_ms: 5_400_000, max_increment_ms: 30_000 };
  assert.ok('timeControl' in parseTimeControl('999+1', FALLBACK_LIMITS));
  assert.deepEqual(parseTimeControl('999+1', strict), { error: 'minutes must be above 0 and at most 90' });
  assert.deepEqual(parseTimeControl('5+31', strict), { error: 'the increment is at most 30 seconds' });
  assert.ok('timeControl' in parseTimeControl('90+30', strict));
});
