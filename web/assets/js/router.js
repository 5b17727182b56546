// The page's places, as hash routes, so the server serves one page at `/`:
// `#/` lobby, `#/match/<id>`, `#/games` (optionally `?page=N`),
// `#/games/<id>` replay, `#/rules`.

/**
 * @typedef {{name: 'lobby'} | {name: 'match', id: string} | {name: 'games', page: number} | {name: 'replay', id: string} | {name: 'rules'}} Route
 */

const ID = '([0-9a-fA-F-]{1,64})';

/**
 * The route of a location hash; unknown hashes go to the lobby.
 * @param {string} hash e.g. `#/match/6f1c…`
 * @returns {Route}
 */
export function parseRoute(hash) {
  const path = hash.replace(/^#/, '');
  let m;
  if ((m = new RegExp(`^/match/${ID}$`).exec(path))) return { name: 'match', id: m[1].toLowerCase() };
  if ((m = new RegExp(`^/games/${ID}$`).exec(path))) return { name: 'replay', id: m[1].toLowerCase() };
  if ((m = /^\/games(?:\?page=(\d{1,6}))?$/.exec(path))) return { name: 'games', page: Math.max(1, Number(m[1] ?? 1)) };
  if (path === '/rules') return { name: 'rules' };
  return { name: 'lobby' };
}

/**
 * The hash of a route.
 * @param {Route} route
 * @returns {string}
 */
export function routeHash(route) {
  switch (route.name) {
    case 'lobby':
      return '#/';
    case 'match':
      return `#/match/${route.id}`;
    case 'games':
      return route.page > 1 ? `#/games?page=${route.page}` : '#/games';
    case 'replay':
      return `#/games/${route.id}`;
    case 'rules':
      return '#/rules';
  }
}
