// What travels between the page and the server, as types: every server
// message (a union on `type`, so each `case` of a `switch (message.type)`
// narrows to its message), every client message, and the bodies of the HTTP
// API. They follow docs/protocol.md and the Rust types they mirror
// (crates/protocol/src/messages.rs, lobby.rs, computer.rs, api.rs and
// crates/core/src/record.rs); the unit tests feed the page the document's
// own examples. Types only: nothing here runs, and no module imports it at
// run time. The enums people see by name (end reasons, error codes,
// tie-breaks) come from vocabulary.js, generated from their Rust declarations.

// ---- words of the protocol ----

/** A side, and a seat: white moves first. @typedef {'white' | 'black'} Side */

/** A person or a program. @typedef {'human' | 'bot'} PlayerKind */

/** A match id (a UUID) or a game record's id (the same). @typedef {string} MatchId */

/** The secret of a seat (32 hex digits), from `joined`, for `resume`. @typedef {string} SeatToken */

/**
 * Clock rules: none, or Fischer (a starting time, and an increment added
 * after each move made in time).
 * @typedef {{kind: 'untimed'} | {kind: 'fischer', initial_ms: number, increment_ms: number}} TimeControl
 */

/**
 * Both remaining times when the server sent the message, and whose clock
 * runs; `null` in the messages of an untimed match.
 * @typedef {{white_ms: number, black_ms: number, running: Side | null}} Clocks
 */

/**
 * Why a game ended. `illegal_move` and `engine_failure` only a program that
 * plays can cause; `territory`: the board was separated and exact counting
 * proved the winner.
 * The values are generated from the Rust declaration (vocabulary.js).
 * @typedef {import('./vocabulary.js').EndReason} EndReason
 */

/** Who won (nobody for `aborted`) and why. @typedef {{winner: Side | null, reason: EndReason}} Outcome */

/**
 * A player's rating as shown beside their name (`1523`, or `1523?` while
 * provisional): the Glicko-2 rating and deviation, rounded.
 * @typedef {{rating: number, deviation: number, provisional: boolean}} Rating
 */

/** What a rated game did to one player's rating. @typedef {{before: Rating, after: Rating}} RatingChange */

/**
 * Who sits in a seat, as everyone may see it; `rating` when the player is
 * identified (a key, or the server's computer), absent for a guest.
 * @typedef {{name: string, kind: PlayerKind, connected: boolean, rating?: Rating}} SeatInfo
 */

/** Both seats; `null` is a free seat. @typedef {{white: SeatInfo | null, black: SeatInfo | null}} Seats */

/** Where a match is in its life. @typedef {'waiting' | 'playing' | 'finished'} MatchStatus */

/**
 * One move as snapshots and records keep it: canonical text, the thinking
 * time charged, and the mover's clock after it (absent when untimed).
 * @typedef {{move: string, time_ms: number, clock_ms?: number}} RecordedMove
 */

/**
 * One line of the lobby (`match_list`, `match_updated`, `GET /api/matches`).
 * @typedef {object} MatchSummary
 * @property {MatchId} id
 * @property {Seats} seats
 * @property {number} spectators
 * @property {MatchStatus} status
 * @property {TimeControl} time_control
 * @property {boolean} [rated] whether the game counts for ratings (absent from older servers: casual)
 * @property {number} ply moves played so far
 * @property {Outcome | null} outcome
 * @property {boolean} [end_when_decided] the server ends the game once counting proves it (absent from older servers: no)
 * @property {boolean} [assistance] the players may see the territory overlay (absent from older servers: no)
 */

/**
 * The computer opponents a server offers (`welcome.computer`).
 * @typedef {object} ComputerOffer
 * @property {{level: number, description: string}[]} [levels] the built-in levels, 1 up to the highest offered
 * @property {{name: string, description: string}[]} [engines] the engines the host configured, by name
 * @property {{default: number, max: number}} think_ms the think time per move a client may ask for
 */

/**
 * The computer opponent asked for in `create_match.computer`: a level or an
 * engine (exactly one), and optionally the think time per move.
 * @typedef {{level?: number, engine?: string, think_ms?: number}} ComputerRequest
 */

/**
 * The server's bounds (`welcome.limits`, optional: older servers leave it
 * out): the longest name, the longest starting time and increment of a
 * Fischer clock, and abort allowed while fewer than `abort_before_ply` moves
 * have been played.
 * @typedef {{name_max_chars: number, max_initial_ms: number, max_increment_ms: number, abort_before_ply: number}} Limits
 */

// ---- client messages ----

/**
 * The greeting; `key` is the player's secret key (64 hex digits), which binds the name to this browser.
 * @typedef {{type: 'hello', protocol: number, name: string, kind?: PlayerKind, client?: string, key?: string, legal_moves?: boolean}} HelloMessage
 */
/** @typedef {{type: 'list_matches'}} ListMatchesMessage */
/** @typedef {{type: 'subscribe_lobby'}} SubscribeLobbyMessage */
/** @typedef {{type: 'unsubscribe_lobby'}} UnsubscribeLobbyMessage */
/** @typedef {'white' | 'black' | 'random'} ColorPreference */
/**
 * A new match; `rated` absent: rated when timed, casual when untimed.
 * `end_when_decided` absent: on for a casual game, off for a rated one;
 * `assistance` (the players may see the territory) only with a casual one;
 * `initial_fen`: a casual game from a set-up position.
 * @typedef {{type: 'create_match', time_control?: TimeControl, color?: ColorPreference, computer?: ComputerRequest, rated?: boolean,
 *   end_when_decided?: boolean, assistance?: boolean, initial_fen?: string}} CreateMatchMessage
 */
/** @typedef {{type: 'join', match_id: MatchId, seat?: Side}} JoinMessage */
/** @typedef {{type: 'leave', match_id: MatchId}} LeaveMessage */
/** @typedef {{type: 'spectate', match_id: MatchId}} SpectateMessage */
/** @typedef {{type: 'resume', match_id: MatchId, token: SeatToken}} ResumeMessage */
/** @typedef {{type: 'move', match_id: MatchId, ply: number, move: string, token?: SeatToken}} MoveMessage */
/** @typedef {{type: 'resign', match_id: MatchId, token?: SeatToken}} ResignMessage */
/** @typedef {{type: 'abort', match_id: MatchId, token?: SeatToken}} AbortMessage */
/** A seated player asks the server to count the separated board. @typedef {{type: 'claim_territory', match_id: MatchId}} ClaimTerritoryMessage */
/** @typedef {{type: 'offer_rematch', match_id: MatchId}} OfferRematchMessage */
/** @typedef {{type: 'accept_rematch', match_id: MatchId}} AcceptRematchMessage */
/** @typedef {{type: 'decline_rematch', match_id: MatchId}} DeclineRematchMessage */
/** @typedef {{type: 'ping', nonce?: number}} PingMessage */
/** A tournament's id (a UUID). @typedef {string} TournamentId */
/**
 * How a tournament is paired, as the wire carries it; a person sees it by its
 * FormatName (vocabulary.js; tournament.js's FORMATS maps the two).
 * @typedef {{kind: 'round_robin', cycles: number} | {kind: 'swiss', rounds: number}} TournamentFormat
 */
/**
 * A new tournament, organised by the sender (who needs a key).
 * @typedef {{type: 'create_tournament', title?: string, format: TournamentFormat, time_control?: TimeControl, rated?: boolean,
 *   entry_list?: string[], computers?: ComputerRequest[]}} CreateTournamentMessage
 */
/** @typedef {{type: 'list_tournaments'}} ListTournamentsMessage */
/** @typedef {{type: 'watch_tournament', tournament_id: TournamentId}} WatchTournamentMessage */
/** @typedef {{type: 'unwatch_tournament', tournament_id: TournamentId}} UnwatchTournamentMessage */
/** @typedef {{type: 'join_tournament', tournament_id: TournamentId}} JoinTournamentMessage */
/** @typedef {{type: 'withdraw_tournament', tournament_id: TournamentId}} WithdrawTournamentMessage */
/** @typedef {{type: 'enter_computer', tournament_id: TournamentId, computer: ComputerRequest}} EnterComputerMessage */
/** @typedef {{type: 'start_tournament', tournament_id: TournamentId}} StartTournamentMessage */
/** @typedef {{type: 'pause_tournament', tournament_id: TournamentId}} PauseTournamentMessage */
/** @typedef {{type: 'resume_tournament', tournament_id: TournamentId}} ResumeTournamentMessage */
/** @typedef {{type: 'remove_entrant', tournament_id: TournamentId, name: string}} RemoveEntrantMessage */
/** @typedef {{type: 'end_tournament', tournament_id: TournamentId}} EndTournamentMessage */

/**
 * A message from the page to the server.
 * @typedef {HelloMessage | ListMatchesMessage | SubscribeLobbyMessage | UnsubscribeLobbyMessage | CreateMatchMessage
 *   | JoinMessage | LeaveMessage | SpectateMessage | ResumeMessage | MoveMessage | ResignMessage | AbortMessage
 *   | ClaimTerritoryMessage | OfferRematchMessage | AcceptRematchMessage | DeclineRematchMessage | CreateTournamentMessage | ListTournamentsMessage
 *   | WatchTournamentMessage | UnwatchTournamentMessage | JoinTournamentMessage | WithdrawTournamentMessage
 *   | EnterComputerMessage | StartTournamentMessage | PauseTournamentMessage | ResumeTournamentMessage
 *   | RemoveEntrantMessage | EndTournamentMessage | PingMessage} ClientMessage
 */

/** The `type` of a client message (what `error.reply_to` names). @typedef {ClientMessage['type']} ClientMessageType */

// ---- server messages ----

/**
 * The answer to `hello`: the connection is ready.
 * @typedef {object} WelcomeMessage
 * @property {'welcome'} type
 * @property {number} protocol
 * @property {string} server the server program and version
 * @property {string} name the name the server shows for this connection
 * @property {number} max_message_bytes
 * @property {number} grace_ms how long a dropped player keeps the seat
 * @property {ComputerOffer} [computer] absent when the server offers no computer opponent
 * @property {Limits} [limits] absent from older servers
 */

/** @typedef {{type: 'match_list', matches: MatchSummary[]}} MatchListMessage */
/** @typedef {{type: 'match_updated', match: MatchSummary}} MatchUpdatedMessage */
/** @typedef {{type: 'match_removed', match_id: MatchId}} MatchRemovedMessage */
/** @typedef {{type: 'joined', match_id: MatchId, seat: Side, token: SeatToken}} JoinedMessage */

/**
 * The whole state of a match, after `joined`, `resume` and `spectate`.
 * @typedef {object} SnapshotMessage
 * @property {'snapshot'} type
 * @property {MatchId} match_id
 * @property {Side | null} you the receiver's seat; null for a spectator
 * @property {Seats} seats
 * @property {number} spectators
 * @property {MatchStatus} status
 * @property {TimeControl} time_control
 * @property {boolean} [rated] whether the game counts for ratings (absent from older servers: casual)
 * @property {boolean} [end_when_decided] whether the server ends the game once the territory proves it
 * @property {boolean} [assistance] whether the players may see the territory
 * @property {Decided} [decided] the territory proves the game now (only when the server does not end it itself)
 * @property {number} [margin] for a game ended by territory, the winner's margin in moves
 * @property {string} initial_fen
 * @property {RecordedMove[]} moves
 * @property {string} fen the position now
 * @property {number} ply the ply the next move must carry
 * @property {Side} turn
 * @property {Clocks | null} clocks
 * @property {Outcome | null} outcome
 * @property {Side | null} rematch_offer the side with a pending rematch offer
 */

/** @typedef {{type: 'seats_changed', match_id: MatchId, seats: Seats, spectators: number}} SeatsChangedMessage */
/**
 * Both seats are taken; `rated` settles whether the game counts for ratings (absent from older servers).
 * @typedef {{type: 'game_started', match_id: MatchId, seats: Seats, clocks: Clocks | null, rated?: boolean}} GameStartedMessage
 */

/**
 * A separated position whose winner exact counting proves, and by how much
 * (the winner's moves left when the loser is stuck, plus one).
 * @typedef {{winner: Side, margin: number}} Decided
 */

/**
 * An accepted move, in canonical form; `fen` (the position after it) is
 * absent from older servers; `decided` when counting proves the position
 * after it (a player may then claim).
 * @typedef {{type: 'move_played', match_id: MatchId, ply: number, move: string, side: Side, time_ms: number, clocks: Clocks | null, fen?: string,
 *   decided?: Decided}} MovePlayedMessage
 */

/**
 * The receiver's legal moves: queen square → destination → the arrow
 * squares as a 25-hex-digit mask (decoded by legal.js).
 * @typedef {{type: 'legal_moves', match_id: MatchId, ply: number, moves: Record<string, Record<string, string>>}} LegalMovesMessage
 */

/**
 * The end of a game; `record_id` names its record (absent when none was
 * written); `ratings`, what a rated game did to each side's rating (absent
 * when it was not rated); `margin`, the winner's margin of a game ended on territory.
 * @typedef {{type: 'game_over', match_id: MatchId, winner: Side | null, reason: EndReason, clocks: Clocks | null, record_id?: MatchId,
 *   ratings?: {white: RatingChange, black: RatingChange}, margin?: number}} GameOverMessage
 */

/** @typedef {{type: 'rematch_offered', match_id: MatchId, by: Side}} RematchOfferedMessage */
/** @typedef {{type: 'rematch_declined', match_id: MatchId, by: Side}} RematchDeclinedMessage */
/** @typedef {{type: 'rematch_started', match_id: MatchId, new_match_id: MatchId}} RematchStartedMessage */
/** @typedef {{type: 'left', match_id: MatchId}} LeftMessage */
/** @typedef {{type: 'replaced', match_id: MatchId}} ReplacedMessage */
/** @typedef {{type: 'pong', nonce: number}} PongMessage */
/** @typedef {{type: 'tournament_created', tournament_id: TournamentId}} TournamentCreatedMessage */
/** @typedef {{type: 'tournament_list', tournaments: TournamentSummary[]}} TournamentListMessage */
/** @typedef {{type: 'tournament_updated', tournament: TournamentView}} TournamentUpdatedMessage */
/**
 * The receiver's tournament game is ready: `join` this match and seat.
 * @typedef {{type: 'tournament_game', tournament_id: TournamentId, round: number, match_id: MatchId, seat: Side,
 *   opponent: string}} TournamentGameMessage
 */
/** @typedef {{type: 'server_shutdown', message: string}} ServerShutdownMessage */

/**
 * Why a request was refused, for programs. A code the page does not know
 * reads like `internal`.
 * Generated from the Rust declaration (vocabulary.js).
 * @typedef {import('./vocabulary.js').ErrorCode} ErrorCode
 */

/**
 * A refused request; nothing changed. `message` is for people.
 * @typedef {object} ErrorMessage
 * @property {'error'} type
 * @property {ErrorCode} code
 * @property {string} message
 * @property {ClientMessageType} [reply_to] the refused message's type, when it could be read
 * @property {MatchId} [match_id] the match concerned
 * @property {number} [expected_ply] with `stale_ply` and `not_your_turn`
 */

/**
 * A message from the server to the page.
 * @typedef {WelcomeMessage | MatchListMessage | MatchUpdatedMessage | MatchRemovedMessage | JoinedMessage
 *   | SnapshotMessage | SeatsChangedMessage | GameStartedMessage | MovePlayedMessage | LegalMovesMessage
 *   | GameOverMessage | RematchOfferedMessage | RematchDeclinedMessage | RematchStartedMessage | LeftMessage
 *   | ReplacedMessage | TournamentCreatedMessage | TournamentListMessage | TournamentUpdatedMessage
 *   | TournamentGameMessage | PongMessage | ServerShutdownMessage | ErrorMessage} ServerMessage
 */

/**
 * The server messages of the given types, e.g. `ServerMessageOf<'match_list' | 'match_updated'>`.
 * @template {ServerMessage['type']} T
 * @typedef {Extract<ServerMessage, {type: T}>} ServerMessageOf
 */

// ---- tournaments (crates/protocol/src/tournament.rs) ----
// The view a watcher is sent (`tournament_updated`), in detail; the
// messages themselves are with the others above.



/** Where a tournament is in its life. @typedef {'registering' | 'running' | 'finished'} TournamentStatus */

/**
 * What orders entrants on equal points (in the order the format applies them).
 * Generated from the Rust declaration (vocabulary.js).
 * @typedef {import('./vocabulary.js').Tiebreak} Tiebreak
 */

/**
 * How one tournament game ended: the winner (null only for a double
 * forfeit), whether it was a forfeit, and the margin of a game won on territory.
 * @typedef {{winner: Side | null, forfeit?: boolean, margin?: number}} TournamentResult
 */

/**
 * One entrant as everyone sees them.
 * @typedef {{name: string, kind: PlayerKind, rating?: Rating, withdrawn?: boolean, connected: boolean}} TournamentEntrant
 */

/**
 * One game of a round, by the entrants' names; `match_id` once created, `result` once known.
 * @typedef {{white: string, black: string, match_id?: MatchId, result?: TournamentResult}} TournamentGame
 */

/** One round: its games (board 1 first) and the bye. @typedef {{number: number, games: TournamentGame[], bye?: string}} TournamentRound */

/** One tie-break's value for one entrant. @typedef {{kind: Tiebreak, value: number}} TiebreakValue */
/**
 * One row of a round robin's crosstable: against each entrant of the table
 * (in its row order) the row entrant's scores, one a game in round order;
 * empty against themself.
 * @typedef {{name: string, points: number, scores: import('./vocabulary.js').CrossScore[][]}} CrosstableRow
 */

/**
 * One line of the standings, best first.
 * @typedef {{rank: number, name: string, points: number, games: number, tiebreaks: TiebreakValue[]}} StandingRow
 */

/**
 * A tournament as a line of the list (`tournament_list`, `GET /api/tournaments`).
 * @typedef {object} TournamentSummary
 * @property {TournamentId} id
 * @property {string} title
 * @property {TournamentFormat} format
 * @property {TimeControl} time_control
 * @property {boolean} rated
 * @property {TournamentStatus} status
 * @property {boolean} [paused] no new round starts until the organiser resumes it
 * @property {string} organiser the organiser's name
 * @property {number} entrant_count withdrawn ones included
 * @property {number} round the round being played or last played (0 before the start)
 * @property {number} rounds_planned
 */

/**
 * Everything about a tournament (`tournament_updated`, `GET /api/tournaments/{id}`); a round
 * robin's `crosstable` once started.
 * @typedef {TournamentSummary & {entry_list?: string[], entrants: TournamentEntrant[], rounds?: TournamentRound[], standings?: StandingRow[],
 *   crosstable?: CrosstableRow[]}} TournamentView
 */


// ---- HTTP bodies ----

/**
 * `GET /health`.
 * @typedef {{status: 'ok' | 'shutting_down', version: string, connections: number, matches: number}} Health
 */

/** `GET /api/matches`: every match on the server, newest first. @typedef {MatchSummary[]} MatchesBody */

/**
 * Who played one side of a finished game; `id`, their public id when they
 * were identified (absent for a guest and in older records).
 * @typedef {{name: string, kind: PlayerKind, id?: PlayerId}} PlayerInfo
 */

/**
 * A player's public id, derived from their key (32 hex digits) or
 * `computer:…` for the server's computer players; never the key itself.
 * @typedef {string} PlayerId
 */

/**
 * One line of `GET /api/games`: a record without its moves (`moves` is their number).
 * @typedef {object} GameSummary
 * @property {MatchId} id
 * @property {MatchId} [rematch_of] present when the game is a rematch: the game it came from
 * @property {boolean} [rated] present (true) when the game counted for ratings
 * @property {PlayerInfo} white
 * @property {PlayerInfo} black
 * @property {Outcome} result
 * @property {number} moves
 * @property {TimeControl} time_control
 * @property {number} started_at_ms Unix milliseconds
 * @property {number} ended_at_ms Unix milliseconds
 */

/**
 * `GET /api/games?page=&per_page=`: one page of finished games, newest first,
 * with the page and page size the server answered and the total.
 * @typedef {{games: GameSummary[], page: number, per_page: number, total: number}} GamesPage
 */

/**
 * `GET /api/games/{id}`: a finished game's record.
 * @typedef {object} GameRecord
 * @property {number} schema the record layout version
 * @property {MatchId} id
 * @property {MatchId} [rematch_of] present when the game is a rematch: the game it came from
 * @property {boolean} [rated] present (true) when the game counted for ratings
 * @property {PlayerInfo} white
 * @property {PlayerInfo} black
 * @property {number} started_at_ms Unix milliseconds
 * @property {number} ended_at_ms Unix milliseconds
 * @property {TimeControl} time_control
 * @property {string} [initial_fen] present only when the game did not start from the standard position
 * @property {RecordedMove[]} moves
 * @property {Outcome} result
 * @property {string} final_fen
 * @property {TerritoryEnd} [territory] present when the game ended on territory
 */

/**
 * How a game ended on territory: the margin, each side's exact moves left
 * at the end, and a proven play-out from the final position (each side
 * filling its own regions until the loser cannot move), canonical text.
 * @typedef {{margin: number, moves_left: {white: number, black: number}, finish: string[]}} TerritoryEnd
 */

/**
 * One line of the leaderboard (`GET /api/players`).
 * @typedef {object} PlayerRow
 * @property {number} rank 1-based place among the players listed (of the kind asked for)
 * @property {string} name the name of their latest rated game; `GET /api/players/{name}`
 * @property {PlayerId} id ratings follow it, not the name
 * @property {PlayerKind} kind
 * @property {Rating} rating
 * @property {number} games rated games played
 * @property {number} wins
 * @property {number} losses
 * @property {number} last_played_ms when their latest rated game ended, Unix milliseconds
 */

/**
 * `GET /api/players?kind=&page=&per_page=`: one page of the leaderboard,
 * best rating first, with the page and page size answered and the total.
 * @typedef {{players: PlayerRow[], page: number, per_page: number, total: number}} PlayersPage
 */

/** A player's rating after one rated game. @typedef {{at_ms: number, rating: number, deviation: number}} RatingPoint */

/**
 * `GET /api/players/{name}`: one player's page: their leaderboard line (rank
 * among everyone), their rating after each rated game (oldest first) and
 * their latest games, rated or not (newest first).
 * @typedef {PlayerRow & {history: RatingPoint[], recent_games: GameSummary[]}} PlayerPage
 */

/**
 * One closed region (reachable by one side only): its squares, who reaches
 * it (null: nobody, 0 moves) and bounds on the moves it holds.
 * @typedef {{squares: string[], owner: Side | null, moves: {lower: number, upper: number}}} TerritoryRegion
 */

/**
 * `GET /api/territory?fen=`: who reaches each square first. `owners` has 100
 * characters, a1 first (index rank * 10 + file): `w`/`b` the side that
 * reaches it first, `=` both equally, `.` nobody, `Q`/`q` a queen, `x` an
 * arrow. `decided` only when the board is separated and counting is exact.
 * @typedef {{owners: string, counts: {white: number, black: number, contested: number}, regions: TerritoryRegion[], decided?: Decided}} TerritoryView
 */

/**
 * How good the move played from a position was: core's `MoveClass`,
 * generated from the Rust declaration (vocabulary.js); the page draws a
 * class from the glyph sent with it.
 * @typedef {import('./vocabulary.js').MoveClass} MoveClass
 */

/**
 * How a move's class is drawn, sent with it (as lichess sends glyphs): the
 * symbol beside the move (empty for a good move), the catalogue key of its
 * word, and whether it is a fault (an inaccuracy or worse).
 * @typedef {{symbol: string, key: string, fault: boolean}} Glyph
 */

/** Where an analysis is. @typedef {'queued' | 'running' | 'done' | 'failed'} AnalysisStatus */

/**
 * The engine's view of the position after `ply` moves (0: the start): White's
 * win chance (0..1), the score, a proven result (plies until the loser is
 * stuck), its best move and line (absent when the side to move cannot
 * move), and for every position but the last the move played from it, its
 * class with its glyph and the mover's loss of win chance (once the next
 * position is evaluated).
 * @typedef {object} AnalysedPly
 * @property {number} ply
 * @property {number} win_chance White's, 0..1, as the graph shows it
 * @property {number} win_chance_white White's, 0..1, in this position's own evaluation
 * @property {number} score_cp
 * @property {{winner: Side, plies: number} | null} [proven]
 * @property {string | null} [best]
 * @property {string[]} [line]
 * @property {string} [played]
 * @property {MoveClass} [class]
 * @property {Glyph} [glyph] present with `class`
 * @property {number} [loss]
 */

/** One side's count of faults and accuracy (0..100). @typedef {{inaccuracies: number, mistakes: number, blunders: number, accuracy: number}} PlayerSummary */

/**
 * An HTTP refusal of the JSON routes (the analysis): a code for programs, words for people.
 * @typedef {{error: string, message: string}} HttpError
 */

/**
 * `GET`/`POST /api/games/{id}/analysis`: an analysis, under way (`done` of
 * `total` positions so far) or finished (`summary`), or failed (`error`).
 * @typedef {object} GameAnalysis
 * @property {number} [version] the rules' version that made it (absent: before versions)
 * @property {MatchId} game_id
 * @property {AnalysisStatus} status
 * @property {number} done
 * @property {number} total
 * @property {{playouts: number, engine: string}} budget
 * @property {AnalysedPly[]} plies
 * @property {{white: PlayerSummary, black: PlayerSummary}} [summary]
 * @property {string} [error]
 */

export {};
