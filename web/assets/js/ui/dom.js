// Small helpers for building DOM. Text always goes in as text nodes or
// attributes, never as HTML, so names and messages from the network cannot
// become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attributes
 * `true` sets an empty attribute, `false`/null/undefined leaves it out.
 */

/**
 * @param {Element} element
 * @param {Attributes} attributes
 */
function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) element.removeAttribute(name);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
}

/**
 * An HTML element with attributes and children (strings become text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} [attributes]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Attributes} [attributes]
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttributes(element, attributes);
  return element;
}

/**
 * Sets or clears attributes on an element.
 * @param {Element} element
 * @param {Attributes} attributes
 */
export function attrs(element, attributes) {
  setAttributes(element, attributes);
}

/**
 * A button.
 * @param {string} label
 * @param {() => void} onClick
 * @param {Attributes} [attributes]
 * @returns {HTMLButtonElement}
 */
export function button(label, onClick, attributes = {}) {
  const element = h('button', { type: 'button', ...attributes }, label);
  element.addEventListener('click', onClick);
  return element;
}
