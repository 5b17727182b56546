// The page's screens, each declared once: the hash route it answers (a
// pattern, how its parameters are read from the address and written back),
// its title, the navigation tab it belongs to, and its view. router.js reads
// the addresses from this table and app.js everything else (the navigation
// links, the window title, which view to show), so a new screen is one entry
// here and one view module in ui/.

import { GameView } from './ui/game.js';
import { HistoryView } from './ui/history.js';
import { LeaderboardView } from './ui/leaderboard.js';
import { LobbyView } from './ui/lobby.js';
import { PlayerView } from './ui/player.js';
import { ReplayView } from './ui/replay.js';
import { RulesView } from './ui/rules.js';
import { TournamentPage } from './ui/tournament.js';
import { TournamentsView } from './ui/tournaments.js';

/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./session.js').SessionEvent} SessionEvent */
/** @typedef {import('./storage.js').Store} Store */
/** @typedef {import('./api.js').Api} Api */
/** @typedef {import('./ui/sound.js').Sounds} Sounds */
/** @typedef {import('./router.js').Route} Route */

/**
 * What every view is made with.
 * @typedef {object} ViewContext
 * @property {Session} session the conversation with the server
 * @property {Store} store what the browser remembers
 * @property {Api} api the HTTP calls
 * @property {Sounds} sounds
 * @property {(route: Route) => string} href the address of a screen, for links
 */

/**
 * A screen's view, as app.js drives it. One view per screen is made, the
 * first time the screen is shown, and kept.
 * @template P
 * @typedef {object} View
 * @property {HTMLElement} element what <main> shows
 * @property {(params: P) => void} show the screen is shown, or shown again at another address
 * @property {(events: SessionEvent[]) => void} [update] the session changed while the screen shows
 * @property {() => void} [tick] every 100 ms while the screen shows (clocks)
 * @property {() => void} [hide] another screen is shown instead
 */

/**
 * One screen.
 * @template P the parameters of its address
 * @typedef {object} Screen
 * @property {RegExp} path the part of the hash after `#` it answers; its groups are the parameters
 * @property {(groups: string[]) => P} read the parameters from the groups
 * @property {(params: P) => string} hash the address (the whole hash) of the screen
 * @property {string} title the catalogue key of what the screen is called: its window title, and its link's text in the navigation
 * @property {string} tab the screen whose navigation link is lit while this one shows
 * @property {P} [nav] for a screen in the navigation: the parameters its link opens it with
 * @property {new (context: ViewContext) => View<P>} view
 */

/**
 * A table entry, with its parameters' type inferred from `read`.
 * @template P
 * @param {Screen<P>} screen
 * @returns {Screen<P>}
 */
function screen(screen) {
  return screen;
}

/** A match or game id in an address (either case; read in lower case). */
const ID = '([0-9a-fA-F-]{1,64})';

/** @typedef {import('./leaderboard.js').PlayerFilter} PlayerFilter */

/**
 * A name from an address, where it is percent-encoded (as `hash` writes it).
 * @param {string} text
 * @returns {string}
 */
function decodeName(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a stray `%`: the text as it is
  }
}

/**
 * The leaderboard's address: `#/players`, `#/players?kind=bot&page=2`.
 * @param {{kind: PlayerFilter, page: number}} params
 * @returns {string}
 */
function playersHash({ kind, page }) {
  const query = [kind === 'all' ? '' : `kind=${kind}`, page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return query ? `#/players?${query}` : '#/players';
}

/**
 * Every screen, in the order of the navigation. The first one (the lobby)
 * is also where unknown addresses go.
 */
export const SCREENS = {
  lobby: screen({
    path: /^\/?$/,
    read: () => ({}),
    hash: () => '#/',
    title: 'screen-lobby',
    tab: 'lobby',
    nav: {},
    view: LobbyView,
  }),
  match: screen({
    path: new RegExp(`^/match/${ID}$`),
    read: ([id]) => ({ id: id.toLowerCase() }),
    hash: ({ id }) => `#/match/${id}`,
    title: 'screen-match',
    tab: 'lobby',
    view: GameView,
  }),
  tournaments: screen({
    path: /^\/tournaments$/,
    read: () => ({}),
    hash: () => '#/tournaments',
    title: 'screen-tournaments',
    tab: 'tournaments',
    nav: {},
    view: TournamentsView,
  }),
  tournament: screen({
    path: new RegExp(`^/tournaments/${ID}$`),
    read: ([id]) => ({ id: id.toLowerCase() }),
    hash: ({ id }) => `#/tournaments/${id}`,
    title: 'screen-tournament',
    tab: 'tournaments',
    view: TournamentPage,
  }),
  games: screen({
    path: /^\/games(?:\?page=(\d{1,6}))?$/,
    read: ([page]) => ({ page: Math.max(1, Number(page ?? 1)) }),
    hash: ({ page }) => (page > 1 ? `#/games?page=${page}` : '#/games'),
    title: 'screen-games',
    tab: 'games',
    nav: { page: 1 },
    view: HistoryView,
  }),
  replay: screen({
    path: new RegExp(`^/games/${ID}$`),
    read: ([id]) => ({ id: id.toLowerCase() }),
    hash: ({ id }) => `#/games/${id}`,
    title: 'screen-replay',
    tab: 'games',
    view: ReplayView,
  }),
  players: screen({
    path: /^\/players(?:\?(?:kind=(human|bot))?&?(?:page=(\d{1,6}))?)?$/,
    read: ([kind, page]) => ({
      kind: /** @type {PlayerFilter} */ (kind ?? 'all'),
      page: Math.max(1, Number(page ?? 1)),
    }),
    hash: playersHash,
    title: 'screen-players',
    tab: 'players',
    nav: { kind: 'all', page: 1 },
    view: LeaderboardView,
  }),
  player: screen({
    path: /^\/players\/([^/?#]+)$/,
    read: ([player]) => ({ player: decodeName(player) }),
    hash: ({ player }) => `#/players/${encodeURIComponent(player)}`,
    title: 'screen-player',
    tab: 'players',
    view: PlayerView,
  }),
  rules: screen({
    path: /^\/rules$/,
    read: () => ({}),
    hash: () => '#/rules',
    title: 'screen-rules',
    tab: 'rules',
    nav: {},
    view: RulesView,
  }),
};
