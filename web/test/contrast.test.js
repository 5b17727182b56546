// The board's colours, read from style.css's custom properties in the light
// theme (:root) and the dark one (prefers-color-scheme: dark): the marks a
// player must see against both square colours have a WCAG contrast of at
// least 3:1 (the ratio WCAG 2.1 asks of graphics a user needs, 1.4.11), and
// the coordinates in the board's margin stand out from the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const CSS = readFileSync(new URL('../assets/style.css', import.meta.url), 'utf8');

/**
 * The custom properties declared in the first block after `opening`.
 * @param {string} opening text just before the block's `{`
 * @returns {Map<string, string>}
 */
function propertiesAfter(opening) {
  const at = CSS.indexOf(opening);
  assert.ok(at >= 0, `style.css has ${opening}`);
  const start = CSS.indexOf('{', at + opening.length - 1);
  let depth = 0;
  let end = start;
  for (let i = start; i < CSS.length; i++) {
    if (CSS[i] === '{') depth += 1;
    if (CSS[i] === '}') depth -= 1;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const found = new Map();
  for (const [, name, value] of CSS.slice(start, end).matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) found.set(name, value.trim());
  return found;
}

const LIGHT = propertiesAfter(':root {');
/** The dark theme: the light one with the dark block's values over it. */
const DARK = new Map([...LIGHT, ...propertiesAfter('@media (prefers-color-scheme: dark) {')]);

/**
 * A colour as [r, g, b, alpha] (0-255, alpha 0-1): `#rrggbb` or `rgba(r, g, b, a)`.
 * @param {string} text
 * @returns {[number, number, number, number]}
 */
function parseColour(text) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16), 1];
  const rgba = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$/.exec(text);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), rgba[4] === undefined ? 1 : Number(rgba[4])];
  throw new Error(`not a colour this test reads: ${text}`);
}

/**
 * A colour drawn over an opaque one.
 * @param {[number, number, number, number]} top
 * @param {[number, number, number, number]} under
 * @returns {[number, number, number, number]}
 */
function over(top, under) {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
}

/**
 * WCAG relative luminance.
 * @param {[number, number, number, number]} colour opaque
 */
function luminance(colour) {
  const [r, g, b] = colour.slice(0, 3).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The WCAG contrast ratio of a mark drawn on a background (both read from
 * a theme's properties; the mark may be translucent).
 * @param {Map<string, string>} theme
 * @param {string} mark a custom property
 * @param {string} background a custom property
 */
function contrast(theme, mark, background) {
  const markText = theme.get(mark);
  const backgroundText = theme.get(background);
  assert.ok(markText && backgroundText, `${mark} and ${background} are declared`);
  const ground = parseColour(backgroundText);
  const drawn = over(parseColour(markText), ground);
  const [lighter, darker] = [luminance(drawn), luminance(ground)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

test('the WCAG contrast of this test is the standard one', () => {
  assert.equal(contrast(new Map([['--a', '#000000'], ['--b', '#ffffff']]), '--a', '--b').toFixed(0), '21');
  assert.equal(contrast(new Map([['--a', '#777777'], ['--b', '#ffffff']]), '--a', '--b').toFixed(2), '4.48');
  assert.equal(contrast(new Map([['--a', 'rgba(0, 0, 0, 0)'], ['--b', '#b58863']]), '--a', '--b'), 1);
});

for (const [themeName, theme] of /** @type {const} */ ([['light', LIGHT], ['dark', DARK]])) {
  test(`${themeName} theme: the legal-target dots and rings stand out from both squares (at least 3:1)`, () => {
    for (const square of ['--light-square', '--dark-square']) {
      const ratio = contrast(theme, '--target', square);
      assert.ok(ratio >= 3, `--target on ${square}: ${ratio.toFixed(2)}:1`);
    }
  });

  test(`${themeName} theme: the coordinates beside the board stand out from the page (at least 4.5:1)`, () => {
    const ratio = contrast(theme, '--coord', '--bg');
    assert.ok(ratio >= 4.5, `--coord on --bg: ${ratio.toFixed(2)}:1`);
  });
}
