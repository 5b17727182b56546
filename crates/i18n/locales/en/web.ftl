# The web page's own words (the words both clients use are in common.ftl).
# Notation, coordinates and numbers are never translated.

## The frame: header, navigation, window title, connection banner.

brand = Amazons
nav-label = Pages
rename = change name
sound-on = Sound on
sound-off = Sound off
language-label = Language
# The window title: the screen, then the program.
window-title = { $screen } · Amazons
screen-lobby = Play
screen-match = Match
screen-games = Games
screen-replay = Replay
screen-players = Leaderboard
screen-player = Player
screen-rules = Rules
screen-tournaments = Tournaments
screen-tournament = Tournament
banner-connecting = Connecting…
banner-reconnecting = Connection lost: reconnecting…
banner-stopped = The server stopped. Reconnecting when it is back…
banner-refused = The server refused this page: { $reason }
loading = Loading…
# A short duration: "4.1 s".
duration-seconds = { $seconds } s
# Between the parts of a list said in one line (spaces kept).
list-separator = {", "}
pager-label = Pages
pager-page = page { $page } of { $pages }
players-versus = { $white } vs { $black }

## The name form.

name-heading = Your name
name-explain = Others see it in the lobby and at the board. The first browser to use a name keeps it (with a key it stores); rated games follow that key.
name-continue = Continue
name-empty = Please type a name.

## Screen reader announcements.

announce-moved = { $side } played { $move }
announce-rematch-offered = { $side } offers a rematch
announce-rematch-declined = The rematch was declined

## The lobby.

lobby-heading = Lobby
lobby-create-label = Create a match
lobby-new-match = New match
lobby-time-legend = Time (minutes + seconds a move)
lobby-time-custom = custom
lobby-custom-placeholder = e.g. 7+2
lobby-custom-label = Custom time control, minutes+seconds
lobby-colour-legend = Your colour
lobby-colour-random = random
lobby-opponent-legend = Opponent
lobby-opponent-engine = an engine
lobby-level-legend = Level
# A level's name for screen readers: its number and the words for it.
lobby-level-name = { $level }: { $description }
lobby-think = Seconds a move
lobby-engine = Engine
lobby-rated = Rated
lobby-rated-untimed = Untimed games are casual.
lobby-rated-hint = Counts for ratings; a game with a guest (a client without a key) is casual.
lobby-create = Create match
lobby-empty = No matches yet: create one.
lobby-matches = Matches
lobby-your-games = Your games
lobby-your-game = { $players } ({ $status })
lobby-column-time = Time
lobby-column-status = Status
lobby-column-watching = Watching
lobby-seat-free = free
lobby-return = Return
lobby-join = Join
lobby-watch = Watch
lobby-status-waiting = waiting
lobby-status-playing = playing, move { $move }
lobby-status-finished = finished
time-custom-unreadable = write minutes+seconds, e.g. 5+3, or "untimed"
time-custom-minutes = minutes must be above 0 and at most { $max }
time-custom-increment = the increment is at most { $max } seconds
computer-no-engine = no engine named { $name }
computer-level-range = the level must be one of { $levels }
computer-think-range = the think time must be above 0 and at most { $max } ms

## The match screen.

game-board-label = Board
game-heading = Match: { $white } vs { $black }
game-free-seat = a free seat
game-free-seat-bar = (free seat)
# Beside the player's own name.
game-you = (you)
badge-offline = offline
game-loading = Loading the match…
game-send-move = Send move
game-cancel = Cancel
game-typed-placeholder = type a move, e.g. d1-d7/g7
game-typed-label = Type a move
game-typed-play = Play
moves-label = Moves
game-confirm-moves = Confirm moves
game-resign = Resign
game-resign-really = Really resign?
game-resign-no = No
game-abort = Abort
game-cancel-match = Cancel match
game-play-here = Play here
game-flip = Flip board
game-spectators = { $count ->
        [one] 1 spectator
       *[other] { $count } spectators
    }
# $side is the wire name of the seat: white or black.
game-on-seat = { $name } ({ $side ->
        [white] white
       *[black] black
    })
game-on-watching = Game on: { $white } against { $black }.
game-on-your-move-clock = Game on: your move, your clock is running.
game-on-your-move = Game on: your move.
game-on-their-move = Game on: you play { $side ->
        [white] white
       *[black] black
    }; { $opponent } moves first.
match-missing = There is no such match on the server (it may have ended and been cleared away).
status-elsewhere = This seat is being played in another tab.
status-waiting-for-opponent = Waiting for an opponent. Share this page’s address, or wait for someone to join from the lobby.
status-over = Game over
status-reconnecting-your-move = Reconnecting… Your move: you can make it once the server is back.
status-reconnecting = Reconnecting… The game goes on once the server is back.
status-sending = Sending your move…
status-your-move = Your move: { $prompt }
status-your-move-typed = Your move: type it below
status-to-move = { $side } to move
status-to-move-watching = { $side } to move (you are watching)
prompt-queen = pick a queen
prompt-destination = queen { $from }: pick where it goes
prompt-arrow = queen to { $to }: pick the arrow square
prompt-confirm = send the move, or cancel
pick-not-your-move = it is not your move
pick-not-a-queen = { $square } is not one of your queens that can move
pick-cannot-move = the queen on { $from } cannot move to { $square }
pick-cannot-shoot = the queen on { $from } cannot shoot at { $square }
pick-confirm-first = send or cancel the move first

## A square's name for screen readers: "d7, white queen, can move".

square-white-queen = white queen
square-black-queen = black queen
square-arrow = arrow
square-empty = empty
square-owner-white = reached first by White
square-owner-black = reached first by Black
square-owner-tie = contested
square-owner-none = reached by neither
square-target-queen = can move
square-target-destination = legal destination
square-target-arrow = legal arrow square

## The end of a game.

result-you-won = You won.
result-you-lost = You lost.
result-rating-changes = Rating changes
result-rating-change = { $side } { $name }:
result-offer-rematch = Offer a rematch
result-rematch-offered = Rematch offered.
result-withdraw = Withdraw
result-opponent-offers = Your opponent offers a rematch.
result-accept-rematch = Accept rematch
result-decline = Decline
result-watch-rematch = Watch the rematch
result-replay = Replay this game
result-back-to-lobby = Back to the lobby

## Finished games and the replay.

games-heading = Finished games
games-column-ended = Ended
games-column-result = Result
games-column-moves = Moves
games-load-failed = Could not load the games: { $reason }
games-empty = No finished games yet.
games-newer = ← newer
games-older = older →
record-players = { $white } (white) vs { $black } (black)
replay-board-label = Replay board
replay-slider-label = Move
replay-download = Download record (JSON)
replay-first = First
replay-previous = Previous
replay-next = Next
replay-last = Last
replay-flip = Flip
replay-failed = Cannot replay this game
replay-heading-prefix = Replay:
replay-clock = clock { $clock }
# Where the replay is, and the move that led there.
replay-position = { $name }: { $move }
replay-start = Start: { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } ({ $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    })
# $side is the wire name of the side that moved: white or black.
replay-frame = Move { $move }, { $side ->
        [white] white
       *[black] black
    } (ply { $ply } of { $plies })
api-no-such-game = there is no such game
api-no-such-player = nobody by that name has played a rated game here
api-status = the server answered { $status }

## The leaderboard and a player's page.

players-filter-label = Whose ratings
players-filter-all = Everyone
players-filter-human = People
players-filter-bot = Bots
players-pager-label = Leaderboard pages
players-column-rank = Rank
players-column-player = Player
players-column-games = Games
players-column-won = Won
players-column-lost = Lost
players-column-last = Last played
players-column-record = Record
players-load-failed = Could not load the leaderboard: { $reason }
players-empty = Nobody has played a rated game yet.
players-empty-bots = No bot has played a rated game yet.
players-better = ← better
players-lower = lower →
players-record-line = { $games ->
        [one] 1 game
       *[other] { $games } games
    } · { $wins } won · { $losses } lost · { $day }
player-record = { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    }: { $wins } won, { $losses } lost
player-record-line = { $record } · last played { $day }
player-standing = { $rating } · rank { $rank }
player-no-games = No rated game yet
player-load-failed = Could not load { $name }: { $reason }
player-rating-history = Rating history
player-recent-games = Recent games
player-back = ← the leaderboard
player-plot-label = Rating history of { $name }
player-plot-empty = The plot starts with the first rated game.
player-column-opponent = Opponent
player-column-side = Colour
player-game-won = won
player-game-lost = lost
player-game-aborted = aborted
plot-axis-games = Rated games
plot-point = game { $game }, { $day }: { $rating } ± { $deviation }
plot-description = { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    } from { $from } to { $to }: rating { $first } after the first, { $last } ± { $deviation } now, lowest { $lowest }, highest { $highest }.

## The rules screen.

rules-heading = Rules
rules-how-to-play = How to play
rules-start = White has queens on a4, d1, g1 and j4; Black on a7, d10, g10 and j7. White moves first.
rules-move =
    A move has two parts. First move one of your queens like a chess queen: any distance along a
    rank, file or diagonal, through empty squares. Then shoot an arrow from where it landed, again
    like a queen. The arrow's square is burnt for the rest of the game: nothing may stand on it or
    pass it. The square the queen just left is free for the arrow.
rules-end = If you cannot move on your turn, you lose. A game lasts at most 92 moves.
rules-controls = Controls
rules-mouse-title = Mouse or touch:
rules-mouse =
    click a queen, then its destination, then the arrow square. The squares you may pick are
    marked. Click the picked queen again, right-click, or press Esc to go back one step; click
    another of your queens to switch to it.
rules-confirm-title = Confirm moves
rules-confirm = (on by default on touch screens): after the arrow, press "Send move" or "Cancel".
rules-keyboard-title = Keyboard:
rules-keyboard =
    focus the board (Tab), move the cursor with the arrow keys or jump from one of your queens to
    the next with Tab and Shift-Tab (past the last one Tab leaves the board), pick with Enter or
    Space, step back with Esc. Each square's name says what is on it and whether you may pick it.
rules-typing-title = Typing:
rules-typing = all work (the last is the engines' form); a refused move stays in the box with the server's reason.
rules-clocks-title = Clocks:
rules-clocks =
    5+3 means five minutes each, plus three seconds after each move. The server keeps the time; a
    dropped player keeps the seat for a minute and can come back by reloading the page.

## Tournaments: the list, the form, a tournament's page, "your game is ready".

tournament-status-round = round { $round } of { $rounds }
tournament-status-paused = { $status }, paused
tournament-entrants = { $count ->
        [one] 1 entrant
       *[other] { $count } entrants
    }
tournament-result-playing = playing
tournament-result-not-started = not started
tournament-result-forfeit = { $score } forfeit
tournament-result-double-forfeit = 0–0 double forfeit
tournament-result-margin = { $score } by { $margin ->
        [one] 1 move
       *[other] { $margin } moves
    }
tournament-rounds-invalid = a Swiss needs a whole number of rounds, 1 or more
tournaments-create-label = Create a tournament
tournaments-new = New tournament
tournaments-title = Title
tournaments-title-placeholder = e.g. Friday bots
tournaments-format-legend = Format
tournaments-rounds = Rounds
tournaments-rated-hint = Counts for ratings.
tournaments-computers = Computer entrants (levels)
tournaments-create = Create tournament
tournaments-list = On this server
tournaments-empty = No tournaments yet: create one.
tournaments-column-tournament = Tournament
tournaments-column-format = Format
tournaments-column-status = Status
tournaments-column-organiser = Organiser
tournament-loading = Loading the tournament…
tournament-back = ← All tournaments
tournament-organised-by = Organised by { $name }
tournament-actions-label = Tournament actions
tournament-join = Join
tournament-withdraw = Withdraw
tournament-start = Start
tournament-pause = Pause
tournament-resume = Resume
tournament-end = End tournament
tournament-end-confirm = Really end it?
tournament-enter-computer = Enter
tournament-computer-level = Computer level
tournament-level = level { $level }
tournament-remove = Remove
tournament-remove-label = Remove { $name } from the tournament
tournament-entrants-heading = Entrants
tournament-away = not connected
tournament-withdrawn = withdrawn
tournament-rank-short = #
tournament-rank = Rank in the standings (tied players share one)
tournament-player = Player
tournament-points-short = Pts
tournament-points = Points: wins, byes and forfeit wins
tournament-games-short = G
tournament-games = Games played, forfeited or byes
tournament-no-rounds = No round has been paired yet.
tournament-earlier = Earlier rounds
tournament-board-short = Bd
tournament-board = Board
tournament-result = Result
tournament-game = Game
tournament-watch-label = Watch { $white } – { $black }
tournament-replay = Replay
tournament-replay-label = Replay { $white } – { $black }
tournament-bye = Bye: { $name } (scores as a win)
tournament-crosstable-note = 1 won, 0 lost, + won by forfeit, − lost by forfeit, · to play (being played or not paired yet)
tournament-ready = Your game is ready: round { $round } against { $opponent }.
tournament-go-to-game = Go to the game
tournament-ready-bar = Your tournament game is ready: round { $round } against { $opponent }.
tournament-ready-over = Your round { $round } game is over.
tournament-back-to-tournament = Back to the tournament

## Territory: the lobby's options, the claim, the overlay, the proven finish.
lobby-end-when-decided = End when territory decides
lobby-end-when-decided-hint = Once the board is split and counting proves the winner, the game ends. Off: play on; either player may claim.
lobby-assistance = Allow assistance
lobby-assistance-hint = The players may see the territory during the game (casual games only).
game-claim = Claim the win on territory
game-decided = Counting proves the result: { $result }.
game-decided-claim = Counting proves the result: { $result }. Either player may claim it.
outcome-territory-by = { $winner } wins on territory by { $margin }
territory-show = Show territory
territory-hide = Hide territory
territory-counting = Counting…
territory-unreadable = The server's count could not be read.
territory-decided = { $side } wins by { $margin }
territory-regions-label = Closed regions
territory-region = { $side }: { $squares ->
        [one] 1 square
       *[other] { $squares } squares
    }, { $moves } { $count ->
        [one] move
       *[other] moves
    }
territory-region-nobody = Nobody's: { $squares ->
        [one] 1 square
       *[other] { $squares } squares
    }, no move
replay-finish-show = Play the proven finish
replay-finish-hide = Hide the proven finish
replay-finish-frame = Proven finish: ply { $step } of { $steps }

## A game's analysis in its replay.
analysis-heading = Analysis
analysis-analyse = Analyse
analysis-queued = Waiting for the engine…
analysis-progress = Position { $done } of { $total }
analysis-progress-label = Analysis progress
analysis-done = Analysis done.
api-analysis-busy = The server is busy with other analyses; try again later.
api-analysis-off = This server does not analyse games.
analysis-graph-label = White's win chance, a point per position
analysis-not-yet = Not analysed yet.
analysis-played = Played { $move }
analysis-best = best { $move }
analysis-line = Engine's line: { $line }
analysis-loss = −{ $percent }%
analysis-previous-fault = ‹ Previous mistake
analysis-next-fault = Next mistake ›
analysis-summary-label = Each player's accuracy
analysis-summary = { $side }: accuracy { $accuracy }% · { $inaccuracies ->
        [one] 1 inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] 1 mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] 1 blunder
       *[other] { $blunders } blunders
    }
name-taken-here = { $name } is already another player's name: another browser or program used it first. Pick another name; the one you pick stays yours in this browser.
match-option-ends-when-decided = ends when the territory decides
match-option-assistance = assistance allowed
territory-key-label = What the colours mean
player-column-rated = Rated or casual
