// The rules screen: how to play and the controls. Its text is static HTML
// in index.html (the `#rules` section), shown in <main> like any view.

/** @typedef {import('../screens.js').ViewContext} ViewContext */

/** The rules screen. */
export class RulesView {
  /**
   * @param {ViewContext} _context
   */
  constructor(_context) {
    const section = document.getElementById('rules');
    if (!section) throw new Error('index.html lacks #rules');
    /** The rules section of index.html. */
    this.element = section;
  }

  /** Nothing to load: the text is in the page. */
  show() {
    this.element.hidden = false;
  }
}
