// The page's places as hash routes, so the server serves one page at `/`.
// The routes are the screens' (screens.js): a route is a screen's name and
// the parameters its address carries, e.g. `{name: 'match', id}` for
// `#/match/<id>`.

import { SCREENS } from './screens.js';

/** @typedef {typeof SCREENS} Screens */
/** @typedef {keyof Screens} ScreenName */

/**
 * The parameters of a screen's address.
 * @template S
 * @typedef {S extends import('./screens.js').Screen<infer P> ? P : never} ParamsOf
 */

/**
 * Where the page is: a screen and its parameters.
 * @typedef {{[K in ScreenName]: {name: K} & ParamsOf<Screens[K]>}[ScreenName]} Route
 */

/** @returns {ScreenName[]} the screens, in the table's order */
export function screenNames() {
  return /** @type {ScreenName[]} */ (Object.keys(SCREENS));
}

/**
 * The route of a location hash; unknown hashes go to the lobby.
 * @param {string} hash e.g. `#/match/6f1c…`
 * @returns {Route}
 */
export function parseRoute(hash) {
  const path = hash.replace(/^#/, '');
  for (const name of screenNames()) {
    const found = SCREENS[name].path.exec(path);
    if (found) return /** @type {Route} */ ({ name, ...SCREENS[name].read(found.slice(1)) });
  }
  return { name: 'lobby' };
}

/**
 * The hash of a route.
 * @param {Route} route
 * @returns {string}
 */
export function routeHash(route) {
  // The table's entries differ in their parameters; the route carries the
  // ones of its own screen.
  const hash = /** @type {(route: Route) => string} */ (SCREENS[route.name].hash);
  return hash(route);
}
