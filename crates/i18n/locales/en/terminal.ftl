# The terminal client's messages (amazons-client), English.
# Words both clients use (sides, end reasons, error codes, time controls,
# rated/casual) are in common.ftl.

## The game's words in a sentence (face/words.rs). English names a side by
## its colour; the Chinese by move order with the colour beside it.

side-word-white = white
side-word-black = black
side-word-white-short = white
side-word-black-short = black
game-result-no-legal-move = { $winner } wins by no legal move
game-result-resignation = { $winner } wins by resignation
game-result-time = { $winner } wins by time
game-result-abandonment = { $winner } wins by abandonment
game-result-aborted-won = { $winner } wins by aborted
game-result-illegal-move = { $winner } wins by illegal move
game-result-engine-failure = { $winner } wins by engine failure
game-result-territory = { $winner } wins on territory
game-result-territory-by = { $winner } wins on territory by { $margin }
game-result-abandoned-by-both = game abandoned by both players
game-result-aborted = game aborted
game-result-no-winner = game { $reason }
reason-no-legal-move = no legal move
reason-resignation = resignation
reason-time = time
reason-abandonment = abandonment
reason-aborted = aborted
reason-illegal-move = illegal move
reason-engine-failure = engine failure
reason-territory = territory
status-waiting = waiting
status-playing = playing
status-finished = finished
illegal-game-over = the game is already over
illegal-no-queen = there is no queen on { $square }
illegal-not-your-queen = the queen on { $square } is not yours
illegal-queen-not-in-line = a queen moves along a rank, file or diagonal: { $from } to { $to } is not such a move
illegal-queen-path-blocked = the queen's path is blocked at { $square }
illegal-arrow-not-in-line = an arrow flies along a rank, file or diagonal: { $from } to { $to } is not such a shot
illegal-arrow-path-blocked = the arrow's path is blocked at { $square }
move-text-empty = empty move: type three squares, e.g. d1-d7/g7
move-text-unexpected = unexpected `{ $found }` in the move: type three squares, e.g. d1-d7/g7
move-text-bad-square = the { $part } is wrong: { $why }
move-part-from = queen's starting square
move-part-to = queen's destination
move-part-arrow = arrow square
move-text-square-count = a move names 3 squares (queen from, queen to, arrow), found { $found }
move-text-arrow-not-from-destination = UCI move: the arrow must be shot from the queen's destination { $to }, not from { $from }
time-control-syntax = `{ $text }` is not a time control: write `untimed` or MINUTES+SECONDS like 5+3 (or 10s+0.1)
time-control-no-initial = a clock must start with more than 0 seconds
time-control-initial-too-long = a clock may start with at most 24 hours
time-control-increment-too-large = the increment may be at most 1 hour

## Help (face/help.rs): the rules, the keys of each screen, plain mode.

help-rules =
    HOW TO PLAY
    White has queens on a4 d1 g1 j4, Black on a7 d10 g10 j7; White moves first.
    A move: move one of your queens like a chess queen (any distance along a
    rank, file or diagonal, through empty squares), then shoot an arrow from
    where it landed, again like a queen. The arrow's square (×) is burnt for the
    rest of the game. The square the queen left is free for the arrow.
    If you cannot move on your turn, you lose.
help-keys-heading = KEYS ON THIS SCREEN
key-name-click = click
key-name-right-click = right-click/Esc
key-name-arrows = arrows
key-name-type = type
key-name-typing = typing
keys-click = a queen, then its destination, then the arrow square
keys-step-back = step back one stage
keys-arrows = move the cursor [ ]; Enter or Space picks
keys-tab-queen = jump the cursor to your next queen (Shift-Tab back)
keys-type = d1-d7/g7, d1 d7 g7, d1d7g7 ... then Enter (Esc clears)
keys-typing = the keys below act on an empty line; else every key types
keys-step = step
keys-quit = quit
help-plain-play =
    Commands (one a line):
      list                         the matches on the server
      create [untimed|MIN+SEC] [white|black|random] [rated|casual]
             { "[" }end-decided|play-on] [assist]
                                   a new match (5+3: 5 min + 3 s a move); rated
                                   by default when timed, casual when untimed;
                                   a casual game ends once the territory decides
                                   it (play-on: a player claims), assist lets
                                   the players see the territory (casual only)
      computer                     the computer opponents the server offers
      computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC]
               { "[" }rated|casual]      a game against the server's computer
      join ID [white|black]        take a free seat (an id prefix will do)
      watch ID                     watch a match
      d1-d7/g7 (or d1 d7 g7, d1d7g7 ...)
                                   your move; typed early, it waits for your turn
      territory                    who owns the board (players: only with assist)
      claim                        end the game the territory decides
      resign, abort, rematch, decline, leave, board, help, quit
      (abort only until both sides have moved)
    In a live game `quit`, `resign` and `abort` ask first: answer y to go ahead,
    anything else keeps playing (Ctrl-C twice quits at once). Quitting keeps
    your seat for the server's grace period (it says how long): the same
    command again takes it back. The bell (off with --quiet) rings when the
    game starts, the opponent moves, your clock falls under 10 s and the game
    ends.
help-plain-local =
    Commands (one a line):
      d1-d7/g7 (or d1 d7 g7, d1d7g7 ...)
                                   the move of the side to move
      takeback                     take back your last move
      resign                       resign for the side to move (asks y/n first)
      territory                    who owns the board: who reaches each square first
      board, help
      quit                         stop; the game is kept for `local --resume`

## Labels (face/labels.rs): questions, counts, move numbers, times.

question-leave-game = Leave the game?
question-resign-game = Resign this game?
question-abort-game = Abort this game? Nobody wins (allowed until both sides have moved).
ago-just-now = just now
ago-minutes = { $count } min ago
ago-hours = { $count } h ago
ago-days = { $count } days ago
move-number-words = move { $number }, { $side }
move-number-error = `{ $text }` is not a move number: type 2 for white's move 2, 2b (or 2...) for black's move 2
count-moves = { $count ->
        [one] 1 move
       *[other] { $count } moves
    }
count-plies = { $count ->
        [one] 1 ply
       *[other] { $count } plies
    }
count-rated-games = { $count ->
        [one] 1 rated game
       *[other] { $count } rated games
    }

## The lobby (tui/lobby.rs).

lobby-key-select = select
lobby-key-join = join/watch
lobby-key-watch = watch
lobby-key-create = create
lobby-key-computer = computer
lobby-key-refresh = refresh
lobby-key-leaderboard = leaderboard
lobby-key-help = help
lobby-key-quit = quit
lobby-key-tournaments = tournaments
lobby-hint-join = join
lobby-column-white = white
lobby-column-black = black
lobby-heading-time = time
lobby-column-rated = rated
lobby-heading-status = status
lobby-column-ply = ply
lobby-column-watch = watch
lobby-matches-title = { " " }matches ({ $count }){ " " }
lobby-no-matches = no matches yet: press c to create one
lobby-no-computer = this server offers no computer opponents
lobby-nothing-to-join = no match to join: press c to create one
seat-free = (free)
seat-bot-mark = [bot]
seat-away-mark = (away)
colour-random = random
create-form-title = { " " }new match{ " " }
create-form-time-control = time control: { $typed }▏ (untimed, or 5+3: 5 min + 3 s)
create-form-colour = your colour: ‹ { $colour } ›
create-form-rated = rated: ‹ { $value } ›
create-form-rated-when-timed = when timed
create-form-end-when-decided = end when territory decides: ‹ { $value } ›
create-form-unless-rated = unless rated
create-form-assistance = allow the territory view: ‹ { $value } ›
create-form-assistance-rated = allow the territory view: ‹ no › (not in rated games)
create-form-assistance-not-rated = a rated game allows no assistance: make it casual first
create-form-yes = yes
create-form-no = no
create-form-keys = ↑/↓ choose a line, ←/→ change it, Enter creates, Esc cancels
players-everyone = everyone
players-people = people
players-bots = bots
leaderboard-reading = reading the leaderboard …
leaderboard-box-title = { " " }leaderboard: { $who }{ " " }
leaderboard-box-count = { $count }; ? = provisional
leaderboard-box-keys = Tab everyone/people/bots  ←/→ page  Esc back

## The leaderboard (cmd/leaderboard.rs), as a command and in the lobby's box.

leaderboard-empty = no rated players yet: a rated game (timed, between two players with keys, or against the server's computer) puts both players here
leaderboard-column-player = player
leaderboard-column-rating = rating
leaderboard-column-games = games
leaderboard-column-won = won
leaderboard-column-lost = lost
leaderboard-column-last-played = last played
leaderboard-wide-line = { $rank }  { $name }  { $rating }  { $games } ({ $won } won, { $lost } lost)  last played { $last } UTC ({ $ago })  id { $id }
leaderboard-page-people = { $total } rated people, page { $page } of { $pages }
leaderboard-page-bots = { $total } rated bots, page { $page } of { $pages }
leaderboard-page-players = { $total } rated players, page { $page } of { $pages }
leaderboard-more = ; --page { $next } for more
leaderboard-footer = { $line }{ $more }; ? = provisional
player-kind-person = person
player-kind-bot = bot
player-page-who = { $name } ({ $kind }), rank { $rank }
player-page-rating = rating { $rating }
player-page-rating-provisional = rating { $rating } (provisional: too few recent games to say much yet)
player-page-record = { $games }: { $won } won, { $lost } lost; last played { $ago }
player-page-history = rating after each rated game ({ $shown } latest of { $total }):
player-page-recent = recent games (the command under them replays one):
games-heading-ended = ended (UTC)
games-column-winner = winner
games-no-winner = none

## The game screen (tui/game, tui/move_input.rs, tui/board.rs).

game-is-over = the game is over
not-your-turn = it is not your turn
cannot-move-on-this-board = you cannot move on this board
premove-kept = premove { $premove }: played when your turn comes, if still legal (Esc cancels)
premove-cancelled = premove cancelled
keys-go-to-white-move = the board after white's move 2 (0: the start)
keys-go-to-black-move = the board after black's move 2 (or type 2...)
keys-flip-board = flip the board
keys-this-help = this help
hint-flip = v flip
hint-help = ? help
hint-quit = q quit
hint-territory = m territory
keys-territory = show or hide the territory: who reaches each empty square first
territory-legend = w/b white/black first, = contested, . nobody; capitals closed, numbers moves left
territory-closed = moves left in closed regions: white { $white }, black { $black }
territory-proven = proven: { $side } wins by { $margin }
waiting-for-opponent = waiting for an opponent: the clock starts when one sits down
game-over-banner = GAME OVER: { $outcome }
to-move = { $side } to move
to-move-prompt = { $side } to move: { $prompt }
to-move-your-premove = { $side } to move; your premove: { $premove }
to-move-premoving = { $side } to move; premove { $prompt }
moves-title = { " " }moves{ " " }
prompt-go-to-move = go to move>{ " " }
prompt-move = move>{ " " }
prompt-premove = premove>{ " " }
pick-queen = pick a queen
pick-destination = { $from }: pick its destination
pick-arrow = { $from }-{ $to }: pick the arrow square
queen-walled-in = the queen on { $square } is walled in and cannot move
move-cannot-be-played = { $premove } cannot be played here
window-too-small = window too small for the board

## Playing on a server (cmd/play, net/session.rs): the full screen and both faces.

too-late-to-abort = too late to abort: a game can be aborted only before { $plies } are played; resign instead
grace-minutes = { $count } min
grace-seconds = { $count } s
seat-kept = your seat is kept for { $grace }: run the same command again to take it back
seat-kept-clock-runs = your seat is kept for { $grace } while your clock runs: run the same command again to take it back
leave-question = { $question } { $kept }.
farewell-left-match = Left match { $id }: { $kept }.
away-then-seat-given-up = the seat is given up
away-then-called-off = the game is called off
away-then-lost = the game is lost by abandonment
away-line = { $name } ({ $side }) is away: back within { $left } or { $then }
free-seat = (free seat)
not-playing = you are not playing in a match
not-started-waiting = the game has not started: waiting for an opponent
not-in-a-match = you are not in a match
game-on-resign-or-abort-first = the game is on: resign or abort first
rematch-after-the-game = a rematch comes after the game
link-connecting = connecting to { $server } …
lobby-title = amazons — { $server } as { $name }
match-caption = match { $id }
role-you-play = you play { $side }
role-watching = watching
rematch-offered-by = ; { $side } offers a rematch (o accepts, n declines)
rematch-offered = ; rematch offered
banner-your-move-clock-running = GAME ON — your move; your clock is running
banner-your-move = GAME ON — your move
banner-you-play-black = GAME ON — you play black; { $first } (white) moves first
banner-game-on = GAME ON
link-connected = connected
link-reconnecting = reconnecting in { $seconds }s (attempt { $attempt }): { $reason }
link-connected-as = connected as { $name }
server-says = server: { $message }
seated-as = seated as { $side } in match { $id }
back-in-your-game = back in your game
seat-taken-over = another connection took over your seat in match { $id }
match-gone = this match is gone from the server; l returns to the lobby
rematch-new-match = rematch: new match { $id }
game-over-notice = game over: { $outcome }
game-over-while-away = game over while you were away: { $outcome }
premove-played = premove { $premove } played
premove-dropped = premove { $premove } dropped: { $reason }
asking-the-computer = asking the server's computer for a game …
creating-a-match = creating a match …
lobby-joining = joining …
game-on-resign-or-abort-keys = the game is on: resign (r) or abort (x) first; q quits and keeps your seat
game-on-resign-keys = the game is on: resign (r) first; q quits and keeps your seat
key-does-nothing = `{ $key }` does nothing here; press ? for help
keys-stop-watching = stop watching
keys-give-up-seat = give up the seat
keys-resign = resign
keys-abort = abort
keys-rematch = rematch
keys-decline = decline
keys-leave = leave

## Playing the computer (tui/computer_form.rs) and the boxes (tui/popup.rs).

computer-engine = { $description } (engine)
levels-only = only level { $level }
levels-range = levels { $low } to { $high }
levels-none = no levels
level-not-offered = level { $level }: this server offers { $offered }
give-a-level = `{ $word }`: give a level, { $levels }
give-a-level-or-engine = `{ $word }`: give a level ({ $levels }) or an engine ({ $engines })
no-opponent-offered = the server offers no opponent
computer-form-title = { " " }play the computer{ " " }
computer-form-opponent = opponent (↑/↓):
computer-form-think = think time (←/→): { $seconds } s a move (at most { $most } s)
computer-form-white = white (you move first)
computer-form-colour = your colour (Tab): ‹ { $colour } ›
computer-form-rated-yes = rated: yes (a timed game)
computer-form-rated-no = rated: no (an untimed game)
computer-form-rated-when-timed = rated: when timed
computer-form-end-when-decided = end when territory decides (Ctrl+E): ‹ { $value } ›
computer-form-assistance = allow the territory view (Ctrl+T): ‹ { $value } ›
computer-form-assistance-rated = allow the territory view (Ctrl+T): ‹ no › (not in rated games)
computer-form-keys = Enter starts the game, Esc cancels
help-box-title = { " " }help: any key closes{ " " }
question-title = { " " }sure?{ " " }
question-answers = y yes   n no
# The words that answer yes to a y/n question, besides y and yes.
answer-yes-words = y yes

## Plain `play` (cmd/play/plain): the lines it prints.

plain-no-match-on-board = no match on the board
plain-player-line = { $side }: { $name }
plain-waiting-for-opponent = waiting for an opponent
plain-your-move = your move ({ $side }), move { $number }
plain-joined = joined match { $id } as { $side }
plain-left = left match { $id }
plain-match-gone = match { $id } is gone from the server
plain-refused = refused: { $message } ({ $code })
plain-rematch-offer = { $side } offers a rematch: type `rematch` to accept or `decline`
plain-rematch-offered = { $side } offered a rematch
plain-seats = white: { $white }  black: { $black }  ({ $watching } watching)
plain-game-started = game started: { $white } (white) vs { $black } (black), { $rated }
plain-plays = { $number } { $side } plays { $premove }
plain-out-of-step = out of step with the server; resynchronising
plain-question = { $question } (y/n)
plain-kept-playing = kept playing
plain-cancelled = { $command } cancelled

## The program (main.rs).

failure-line = error: { $error }

## The local game on the full screen (cmd/local/tui.rs).

keys-take-back = take back
keys-new-game = new game
local-resumed = resumed: { $moves }
local-saved = game saved to { $path }
local-not-saved = could not save the game: { $error }
local-thinking = { $name } ({ $side }) is thinking…
local-quit-question = Quit this game? It is kept: `amazons-client local --resume` continues it.
local-wait-to-take-back = wait for the engine's move, then take back
local-nothing-to-take-back = nothing to take back
local-took-back = took back { $plies }
local-resign-as = Resign as { $side }?
local-only-a-person-resigns = only a person can resign
local-new-game = new game
local-new-game-after = a new game comes after this one ends
local-kept-game = the kept game
plain-illegal = illegal: { $reason }
plain-input-ended = input ended before an answer: quitting without `{ $command }`{ $seat }
plain-move-waits = { $premove } will be played when it is your turn
plain-no-such-match = `{ $text }` is no match listed: give the id (`list` shows them)
plain-several-matches = `{ $text }` matches { $count } matches; give more of the id
plain-not-a-command = not a command or a move: { $why } (`help` lists them)
plain-think-without-computer = a think time is for `computer` games
plain-think-seconds = `think` takes seconds, like `think 2`
plain-match-count = { $count } match(es):
plain-summary-line = { "  " }{ $id }  white: { $white }  black: { $black }  { $time } { $rated }  { $status }  ply { $ply }  { $watching } watching
plain-computer-heading = computer opponents (`computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC] [rated|casual]`):
plain-think-time = think time: { $default } ms a move unless given, at most { $most } ms
plain-connecting = connecting to { $server } ...
plain-type-help = Type `help` for the commands.
plain-quitting = quitting
plain-ctrl-c-again = Ctrl-C again leaves the game: { $kept }
plain-low-time = under 10 s left on your clock
plain-taking-back-seat = taking back your seat in match { $id }
plain-reconnecting = connection lost ({ $reason }); reconnecting in { $seconds }s (attempt { $attempt })
plain-connected = connected to { $server } as { $name }

## The local game in plain mode (cmd/local/plain.rs, mod.rs, kept.rs).

local-game-kept = the game is kept: `amazons-client local --resume` continues it
local-nothing-to-resume = there is no unfinished local game to resume (looked in { $path })
local-engine-illegal = { $side }'s engine played an illegal move ({ $error }); it resigns
local-engine-failed = { $side }'s engine failed ({ $error }); it resigns
local-clocks = { " " }[white { $white } / black { $black }]
local-players = white: { $white }  black: { $black }
local-plain-intro = Type moves like d1-d7/g7 (or d1 d7 g7). Commands: takeback, resign, board, help, quit.
local-moves = moves: { $moves }
local-plain-saved = saved: { $path }
local-plays = { $number } { $side } ({ $name }) plays { $premove }
local-prompt = { $number } { $side } ({ $name }) to move{ $clocks }>
local-end-of-input = end of input: { $kept }
local-quitting = quitting: { $kept }
local-end-before-answer = end of input before an answer: { $kept }
local-not-a-move = not a move: { $why }
kept-last-played = , last played { $ago }
kept-describe = white { $white } vs black { $black }, { $moves }{ $when }
kept-question = An unfinished game is kept ({ $game }). Replace it with a new game? No keeps it: `{ $resume }` continues it.
kept-still = the unfinished game is kept: `{ $resume }` continues it
kept-refusal = an unfinished game is kept ({ $game }): `{ $resume }` continues it, `{ $replace }` replaces it

## History (cmd/history.rs): the list, a game's header, the replay.

history-no-such-game = no game `{ $game }`: give its number in the list or its id
history-several-games = `{ $game }` matches { $count } games; give more of the id
history-no-games = no finished games
history-does-not-replay = game { $id } does not replay
history-rematch-of = { "  " }rematch of { $id }
history-players = { $white } (white) vs { $black } (black)
history-game-line = { $time }  { $moves }  { $result }  ended { $ended } UTC
history-caption = game { $id }
history-caption-rematch = game { $id }, rematch of { $of }
games-heading-moves = moves
replay-start-ply = start (ply 0 of { $last })
replay-place = { $number } (ply { $shown } of { $last })
replay-no-moves = the game has no moves
replay-no-such-move = no move { $typed } in this game: it runs from { $first } to { $last }
replay-plain-help =
    Commands: next (n, or Enter), back (b), first, last, quit, or a move number as
    the list numbers them: 2 shows the board after white's move 2, 2b (or 2...)
    after black's move 2, 0 the start. territory shows who owns the board;
    analyse analyses the game and then shows each position's evaluation;
    finish shows the proven finish of a game that ended on territory.
replay-prompt = replay>
keys-first-last = first/last
replay-caption-move = { $place }: { $played }
replay-status = replay: { $place }

## Reaching a server (net/address.rs, net/http.rs, net/connection.rs).

address-no-host = `{ $text }` names no host: the server's address looks like ws://HOST:7878/ws
address-encrypted = `{ $text }`: encrypted connections are not supported; the server speaks plain ws:// — did you mean { $suggestion }?
address-web-board = `{ $text }` is the web board's address (for browsers); this client connects to the WebSocket — did you mean { $suggestion }?
address-other-scheme = `{ $text }`: `{ $scheme }://` is not a WebSocket address — did you mean { $suggestion }?
address-no-scheme = `{ $text }` has no scheme — did you mean { $suggestion }?
connect-no-websocket = no WebSocket at { $address } (HTTP { $status }) — did you mean { $suggestion }?
connect-failed = cannot connect to { $address }: { $error }
connect-no-answer = no answer from { $address } within { $seconds }s — is the address right, and is the server running?
connect-version-mismatch = the server does not speak protocol version { $version } ({ $message }); this client cannot play there
connect-bad-name = the server refused our name: { $message } (choose another with --name)
name-taken-used = { " " }(this run used { $path })
name-taken =
    the server refused the name `{ $name }`: { $server_says }
    With this client: --name NAME plays under another name; --key-file PATH plays with the key file that claimed `{ $name }` (`player-key` in the state directory of the client that first used it){ $used }
nothing-listening = nothing is listening at { $authority } (connection refused) — is amazons-server running there? It listens on port 7878 unless started with --port
unknown-host = cannot find the host of { $address } ({ $detail }) — check the name, or use the address the server printed when it started
not-speaking = { $address } does not speak { $protocol } ({ $detail }) — is it an amazons-server? Its address looks like { $looks_like }
http-fix = Use the address amazons-server printed when it started, like http://HOST:7878
http-looks-like = http://HOST:7878 (it prints its address when it starts)
http-bad-address = `{ $typed }` is not a server address: { $why }. { $fix }
http-encrypted = `{ $typed }`: encrypted connections are not supported; the server speaks plain http:// — did you mean http://{ $authority }?
http-timed-out = { $base } did not answer within { $seconds } s — is it an amazons-server? { $fix }
http-not-amazons = { $base } is not an amazons-server ({ $what }) — is the port right? { $fix }
http-no-such-game = { $base } has no game { $id }
http-no-such-player = { $base } has no player `{ $name }`: nobody by that name has played a rated game there or claimed it (names are compared ignoring case); `amazons-client leaderboard --server { $base }` lists the players
http-failed = { $base } refused { $method } { $path } (HTTP { $status }): { $message }
http-other = cannot read { $base }: { $detail }
http-bad-scheme = `{ $scheme }://` is neither http:// nor ws://
http-no-host = it names no host
http-bad-port = `{ $port }` is not a port (1 to 65535)

## Files on this machine (store/), and starting programs.

key-file-corrupt = { $path } is not a player key (it should hold 64 hex digits): restore it from a backup, or remove it to make a new key (the names the old key claimed stay bound to it on each server until its host runs `amazons-server release-name NAME`)
key-file-io = cannot use the player key file { $path }: { $error }
saved-game-ply = ply { $ply } of the saved game
saved-game-not-a-game = { $path } is not a saved game
file-reading = reading { $path }
file-removing = removing { $path }
file-creating = creating { $path }
file-writing = writing { $path }
engine-starting = starting { $program }
connection-task-ended = the connection task ended
http-not-what = GET { $resource } is not { $what }: { $error }
http-answered-status = GET { $resource } answered HTTP { $status }
http-answered-something-else = it answered something else
http-closed-without-answer = it closed the connection without an answer
http-what-games = a page of games
http-what-record = a game record
http-what-analysis = a game analysis
http-what-players = a page of players
http-what-player = a player's page
closed-by-server-because = closed by the server ({ $code } { $reason })
closed-by-server = closed by the server
connection-closed = connection closed

## Tournaments (cmd/tournament, tui/tournaments.rs, bot --tournament).

tournament-status-paused-word = paused
tournament-status-running = running
tournament-round-of = round { $round } of { $planned }
tournament-rounds-planned = { $planned } rounds planned
tournament-heading-first = { $title } — { $format }, { $time }, { $rated }
tournament-heading = { $status } · { $round } · organiser { $organiser } · { $entrants }
tournament-entrant-count = { $count ->
    [one] 1 entrant
   *[other] { $count } entrants
}
tournament-legend-separator = {", "}
tournament-col-name = name
tournament-col-points = pts
tournament-col-games = games
tournament-crosstable-too-wide = (the crosstable is too wide for this screen)
tournament-entrants-counted = Entrants ({ $count })
tournament-mark-withdrawn = (withdrawn)
tournament-mark-away = (away)
tournament-entry-list = entry list: { $names }
tournament-bye-cell = bye
tournament-playing = playing
tournament-pending = pending
tournament-double-forfeit = -/- both forfeit
tournament-result-legend = 1 win, 0 loss, + forfeit win, - forfeit loss, . to play
tournament-none = no tournaments on this server yet
tournament-col-id = id
tournament-col-title = title
tournament-col-format = format
tournament-col-time = time
tournament-col-status = status
tournament-col-players = players
tournament-started = started: round 1 is paired
tournament-paused = paused: no new round starts until `resume`
tournament-resumed = resumed
tournament-ended = ended: no new round will be paired
tournament-joined = entered as { $name }
tournament-withdrew = { $name } withdrew
tournament-removed = removed { $name }
tournament-computer-entered = entered { $name }
tournament-no-such = no tournament's id starts with `{ $text }` (see `tournament list`)
tournament-ambiguous = { $count } tournaments' ids start with `{ $text }`: give more of it
tournament-refused = the server refused: { $message }
tournament-rounds-needed = a Swiss needs --rounds N
tournament-rounds-round-robin = a round robin has as many rounds as its field needs: give --cycles 1 or 2, not --rounds
tournament-cycles-swiss = --cycles is for a round robin (a double round robin has two)
tournament-no-answer = no answer from the server in { $seconds }s
tournament-connection-ended = the connection ended
tournament-connection-lost = lost the connection to the server: { $reason }
tournament-bot-started-without-us = the tournament has started and `{ $name }` is not one of its entrants
tournament-bot-withdrawn = `{ $name }` was withdrawn or removed from the tournament
tournament-bot-finished = the tournament is over; final standings:
tournaments-list-title = { " " }tournaments ({ $count }){ " " }
tournaments-reading = asking the server for its tournaments …
tournaments-reading-one = reading the tournament …
tournaments-box-standings = { " " }standings{ " " }
tournaments-box-entrants = { " " }entrants{ " " }
tournaments-box-crosstable = { " " }crosstable{ " " }
tournaments-box-round = { " " }round { $number }{ " " }
tournaments-box-pairings = { " " }pairings{ " " }
tournaments-not-started = not started yet
tournaments-nothing-to-watch = this game has no match to watch yet
tournaments-end-question = End the tournament now? No new round will be paired.
tournaments-withdraw-question = Withdraw from the tournament? Your pending games are forfeited.
tournaments-asked = asked the server …
tournaments-form-title = { " " }new tournament{ " " }
tournaments-field-title = title:
tournaments-field-format = format:
tournaments-field-rounds = rounds:
tournaments-field-clock = clock:
tournaments-field-rated = rated:
tournaments-rounds-follow = as many as the field needs
tournaments-yes = yes
tournaments-no = no
tournaments-form-keys = ↑/↓ field  ←/→ change  Enter creates  Esc cancels
tournaments-title-from-format = (from the format)
tournaments-creating = creating the tournament …
tournaments-your-game = round { $round }: your game against { $opponent } is ready
tournaments-key-select = select
tournaments-key-open = open
tournaments-key-new = new
tournaments-key-lobby = lobby
tournaments-key-select-game = select a game
tournaments-key-join = join
tournaments-key-withdraw = withdraw
tournaments-key-start = start
tournaments-key-pause-resume = pause/resume
tournaments-key-pause = pause
tournaments-key-resume = resume
tournaments-key-end = end
tournaments-key-crosstable = crosstable
tournaments-key-list = list

## A game's analysis (face/analysis.rs, history analyse, the replay's a).

analysis-even = even
analysis-best-move = best { $best }
analysis-summary-line = { $side }: accuracy { $accuracy }%, { $inaccuracies } inaccuracies, { $mistakes } mistakes, { $blunders } blunders
analysis-queued-place = analysis: waiting for a place
analysis-progress-bar = analysing: position { $done } of { $total } { $bar }
analysis-by = analysed by { $engine }
analysis-sparkline = white's win chance: { $line }
analysis-accuracy = accuracy: white { $white }% · black { $black }%
analysis-cannot-save = could not save the analysis as { $path }
keys-analyse = analyse
keys-mistakes = mistakes
replay-analyse-first = press a to analyse the game first
replay-no-more-mistakes = no more mistakes that way
keys-proven-finish = proven finish
replay-finish-status = replay: proven finish, ply { $step } of { $steps } (not played)
replay-no-finish = this game has no proven finish: it did not end on territory
replay-plain-finish = proven finish ({ $plies } plies, not played): { $moves }

## Territory endings in live games (cmd/play).

keys-claim = claim the win the territory proves
decided-claim = the territory decides: { $side } wins by { $margin } (k claims it)
decided-watching = the territory decides: { $side } wins by { $margin }
decided-claim-plain = the territory decides: { $side } wins by { $margin }; type claim to end the game
claim-not-decided = the territory does not decide the game yet: nothing to claim
territory-not-allowed = this match allows no assistance: the territory shows to players once the game is over
analysis-starting = analysing …
lobby-key-esc = closes a box (q quits)
replay-finish-move = { $side } plays { $played }
move-text-not-a-move = `{ $typed }` is not a move: type three squares, e.g. d1-d7/g7
