// The part of Project Fluent (https://projectfluent.org/) the catalogues use,
// read and formatted without third-party code: comments (`#`, `##`, `###`),
// messages (`key = value`), values over several indented lines, `{ $var }`
// placeables, `{ "text" }` string literals, and select expressions
// (`{ $count -> [one] … *[other] … }`) on a number (exact value, then its
// plural category from Intl.PluralRules) or a string, with a default
// variant. Terms, attributes and functions are not read: a catalogue that
// uses them is reported as an error, so the test of every catalogue fails.

/**
 * One piece of a message's value.
 * @typedef {string | {variable: string} | Select} Element
 */

/**
 * A select expression: the variable, its variants, and which is the default.
 * @typedef {{select: string, variants: {key: string, pattern: Pattern}[], fallback: number}} Select
 */

/** A message's value: text and placeables in order. @typedef {Element[]} Pattern */

/** What a message's variables may be. @typedef {Record<string, string | number>} Args */

/**
 * A catalogue as read: its messages, and what could not be read (with line
 * numbers), which a correct catalogue has none of.
 * @typedef {{messages: Map<string, Pattern>, errors: string[]}} Catalogue
 */

const MESSAGE = /^([a-zA-Z][a-zA-Z0-9_-]*) *= *(.*)$/;

/**
 * Reads a catalogue's text.
 * @param {string} text the contents of an `.ftl` file
 * @returns {Catalogue}
 */
export function parseFtl(text) {
  /** @type {Map<string, Pattern>} */
  const messages = new Map();
  /** @type {string[]} */
  const errors = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '' || line.startsWith('#')) {
      i += 1;
      continue;
    }
    const start = i + 1;
    const head = MESSAGE.exec(line);
    i += 1;
    if (!head) {
      errors.push(`line ${start}: not a message or a comment: ${line}`);
      while (i < lines.length && /^\s+\S/.test(lines[i])) i += 1;
      continue;
    }
    // The value's other lines: indented ones, with blank lines between them.
    /** @type {string[]} */
    const more = [];
    while (i < lines.length) {
      if (/^\s+\S/.test(lines[i])) {
        more.push(lines[i]);
        i += 1;
        continue;
      }
      let j = i;
      while (j < lines.length && lines[j].trim() === '') j += 1;
      if (j > i && j < lines.length && /^\s+\S/.test(lines[j])) {
        for (; i < j; i += 1) more.push('');
        continue;
      }
      break;
    }
    const [, key, first] = head;
    const indent = Math.min(...more.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)?.[0].length ?? 0));
    const body = [first.trimEnd(), ...more.map((l) => l.slice(indent).trimEnd())];
    if (body[0] === '') body.shift();
    const source = body.join('\n').trimEnd();
    if (messages.has(key)) errors.push(`line ${start}: ${key} is defined twice`);
    if (source === '') {
      errors.push(`line ${start}: ${key} has no value`);
      continue;
    }
    try {
      messages.set(key, new PatternReader(source).pattern(''));
    } catch (error) {
      errors.push(`line ${start}: ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { messages, errors };
}

/** Reads a pattern (text and placeables) from a value's source text. */
class PatternReader {
  /** @param {string} source */
  constructor(source) {
    this.source = source;
    this.at = 0;
  }

  /**
   * Text and placeables up to the end, or up to a character of `stops` met
   * outside a placeable (a variant's value stops at the end of its line).
   * @param {string} stops
   * @returns {Pattern}
   */
  pattern(stops) {
    /** @type {Pattern} */
    const elements = [];
    let text = '';
    while (this.at < this.source.length) {
      const char = this.source[this.at];
      if (stops.includes(char)) break;
      if (char === '}') throw new Error('a "}" outside a placeable');
      if (char === '{') {
        if (text) elements.push(text);
        text = '';
        this.at += 1;
        const placeable = this.placeable();
        if (typeof placeable === 'string' && typeof elements[elements.length - 1] === 'string') {
          elements[elements.length - 1] += placeable;
        } else {
          elements.push(placeable);
        }
        continue;
      }
      text += char;
      this.at += 1;
    }
    if (text) {
      if (typeof elements[elements.length - 1] === 'string') elements[elements.length - 1] += text;
      else elements.push(text);
    }
    return elements;
  }

  /** Skips spaces and line breaks. */
  blank() {
    while (/\s/.test(this.source[this.at] ?? '')) this.at += 1;
  }

  /**
   * Expects `text` next (after blanks).
   * @param {string} text
   */
  expect(text) {
    this.blank();
    if (!this.source.startsWith(text, this.at)) throw new Error(`expected "${text}" at "${this.source.slice(this.at, this.at + 12)}"`);
    this.at += text.length;
  }

  /**
   * What follows a `{`, up to and including its `}`.
   * @returns {Element}
   */
  placeable() {
    this.blank();
    if (this.source[this.at] === '"') {
      const end = this.source.indexOf('"', this.at + 1);
      if (end < 0) throw new Error('a string literal is not closed');
      const literal = this.source.slice(this.at + 1, end);
      this.at = end + 1;
      this.expect('}');
      return literal;
    }
    const variable = /^\$([a-zA-Z][a-zA-Z0-9_-]*)/.exec(this.source.slice(this.at));
    if (!variable) throw new Error(`a placeable that is not a $variable or a "string" at "${this.source.slice(this.at, this.at + 12)}"`);
    this.at += variable[0].length;
    this.blank();
    if (this.source[this.at] === '}') {
      this.at += 1;
      return { variable: variable[1] };
    }
    this.expect('->');
    /** @type {Select} */
    const select = { select: variable[1], variants: [], fallback: -1 };
    for (;;) {
      this.blank();
      if (this.source[this.at] === '}') {
        this.at += 1;
        break;
      }
      const isDefault = this.source[this.at] === '*';
      if (isDefault) this.at += 1;
      const key = /^\[\s*([a-zA-Z0-9_.-]+)\s*\]/.exec(this.source.slice(this.at));
      if (!key) throw new Error(`expected a variant's [key] at "${this.source.slice(this.at, this.at + 12)}"`);
      this.at += key[0].length;
      while (this.source[this.at] === ' ') this.at += 1;
      if (isDefault) {
        if (select.fallback >= 0) throw new Error('two default variants');
        select.fallback = select.variants.length;
      }
      const pattern = this.pattern('\n}');
      const last = pattern[pattern.length - 1];
      if (typeof last === 'string') pattern[pattern.length - 1] = last.trimEnd();
      select.variants.push({ key: key[1], pattern });
    }
    if (select.fallback < 0) throw new Error(`the select on $${select.select} has no *[default] variant`);
    return select;
  }
}

/**
 * A message's text with its variables filled in. A missing variable is
 * written `{$name}`, so the mistake shows without breaking the page.
 * @param {Pattern} pattern
 * @param {Args} args
 * @param {Intl.PluralRules} plurals the language's plural rules
 * @returns {string}
 */
export function formatPattern(pattern, args, plurals) {
  let text = '';
  for (const element of pattern) {
    if (typeof element === 'string') {
      text += element;
    } else if ('variable' in element) {
      const value = args[element.variable];
      text += value === undefined ? `{$${element.variable}}` : String(value);
    } else {
      text += formatPattern(chooseVariant(element, args[element.select], plurals), args, plurals);
    }
  }
  return text;
}

/**
 * The variant a select expression takes for a value: the one whose key is
 * the value itself, else (for a number) the one named by its plural
 * category, else the default.
 * @param {Select} select
 * @param {string | number | undefined} value
 * @param {Intl.PluralRules} plurals
 * @returns {Pattern}
 */
function chooseVariant(select, value, plurals) {
  const exact = select.variants.find((v) => value !== undefined && v.key === String(value));
  if (exact) return exact.pattern;
  if (typeof value === 'number') {
    const category = plurals.select(value);
    const plural = select.variants.find((v) => v.key === category);
    if (plural) return plural.pattern;
  }
  return select.variants[select.fallback].pattern;
}
