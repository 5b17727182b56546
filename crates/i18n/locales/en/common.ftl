# Words both clients use (the web page and the terminal client): the sides,
# the end of a game, the server's error codes, the clock, rated or casual,
# who plays, the analysis, the territory and tournaments. A word both faces
# show lives here only (a test refuses it in web.ftl or terminal.ftl too);
# a face's file keeps only its own. English is the fallback for every other
# language.
#
# Keys built from a wire name: the wire name with "_" written "-". Each
# family is an enum declared once in Rust (crates/protocol/src/vocabulary.rs
# lists them); tests refuse a value without its key here, in every language.
#   end-reason-<EndReason>          (no_legal_move -> end-reason-no-legal-move)
#   clock-<TimeControlKind>         (clock-untimed, clock-fischer)
#   error-<ErrorCode>               (no_such_match -> error-no-such-match)
#   tournament-format-<FormatName>, -choice
#   tiebreak-<Tiebreak>-short, -legend, -meaning

## The sides. White moves first; Chinese names a side by move order first.

side-white = White
side-black = Black
# Where there is no room for the long form.
side-white-short = White
side-black-short = Black
# "You play White": the side a player has.
plays-white = play White
plays-black = play Black

## The end of a game, one sentence each: $winner and $loser are side names
## (side-white or side-black).

end-reason-no-legal-move = { $winner } wins: { $loser } has no legal move
end-reason-resignation = { $winner } wins: { $loser } resigned
end-reason-time = { $winner } wins on time
end-reason-abandonment = { $winner } wins: { $loser } left the game
end-reason-aborted = Game aborted
end-reason-illegal-move = { $winner } wins: { $loser }'s engine answered an illegal move
end-reason-engine-failure = { $winner } wins: { $loser }'s engine failed
end-reason-territory = { $winner } wins on territory
# Abandonment with no winner: the server ends a game neither player came back to.
outcome-abandoned-by-both = Game over: both players left
# A reason this version does not know (from a newer server).
outcome-winner-only = { $winner } wins
outcome-no-winner = Game over

## The server's error codes. The server's own English message is shown for a
## code this catalogue does not know.

error-malformed = The server could not read that request.
error-unknown-type = The server does not know that request.
error-too-large = That request is too large.
error-binary-not-supported = The server only reads text messages.
error-rate-limited = Too many requests in too short a time.
error-version-mismatch = This page and the server speak different protocol versions.
error-hello-required = The connection was not ready yet.
error-heartbeat-timeout = The connection went silent for too long.
error-already-greeted = The connection was already open.
error-bad-name = That name is empty, too long or has characters that cannot be shown.
error-name-taken = That name belongs to another player.
error-server-full = The server is full; try again later.
error-too-many-matches = The server has as many games as it can hold; try again later.
error-no-such-match = That game does not exist (any more).
error-seat-taken = That seat is taken.
error-already-seated = You already have a seat in this game.
error-bad-token = That seat is not yours.
error-not-your-seat = That seat is held by another connection.
error-not-a-player = Only the players can do that.
error-not-started = The game has not started: a seat is still free.
error-not-your-turn = It is not your turn.
error-stale-ply = That move came too late: the position has changed.
error-bad-move-text = A move is three squares, e.g. d1-d7/g7.
error-illegal-move = That move is against the rules.
error-game-over = The game is over.
error-too-late-to-abort = Too late to abort: both sides have moved (resign instead).
error-game-in-progress = The game is in progress: resign or abort first.
error-game-not-over = The game is not over yet.
error-no-rematch-offer = There is no rematch offer to accept.
error-opponent-gone = Your opponent has left.
error-bad-opponent = The server does not offer that computer opponent.
error-computer-busy = No computer opponent is free now; try again later.
error-no-such-tournament = That tournament does not exist.
error-key-required = Only a player with a key can do that (a guest cannot).
error-not-organiser = Only the organiser can do that.
error-registration-closed = The tournament no longer takes entries.
error-not-entered = Not an entrant of this tournament.
error-bad-tournament = The tournament cannot be set up like that.
error-tournament-not-running = The tournament is not running.
error-bad-match-options = Those match options do not go together.
error-not-decided = The territory does not decide the game yet.
error-internal = Something went wrong on the server; nothing was changed.

## Rated or casual.

rated = rated
casual = casual

## Clocks.

time-control = Time control
clock-untimed = untimed
# A Fischer clock in words (the short form, "5+3", stays as it is).
clock-fischer = { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    } each, plus { $seconds ->
        [one] 1 second
       *[other] { $seconds } seconds
    } a move

## Who plays.

kind-human = person
kind-bot = bot
computer = computer
# A level of the server's computer opponent.
computer-level = level { $level }
rating = Rating

## The server's computer levels in a few words, level 1 first (the server's
## own words stand in for a level this catalogue lacks).

level-description-1 = random mover
level-description-2 = greedy: looks one move ahead, counts mobility
level-description-3 = beginner: two-move alpha-beta search on mobility
level-description-4 = greedy: looks one move ahead, judges territory
level-description-5 = club: shallow alpha-beta search (three moves) on territory
level-description-6 = strong: deep selective alpha-beta search with exact endgame counting
level-description-7 = full strength, Monte-Carlo tree search

## Words both faces show of a game's analysis, its territory and a tournament.

analysis-proven-won = { $side } wins
analysis-proven-in = { $side } wins in { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }
analysis-chance = { $side } { $percent }%
analysis-eval = engine: { $eval }
analysis-failed = The analysis failed: { $error }
analysis-class-best = best
analysis-class-good = good
analysis-class-inaccuracy = inaccuracy
analysis-class-mistake = mistake
analysis-class-blunder = blunder
territory-counts = territory: white { $white } · black { $black } · contested { $contested }
tournament-crosstable = Crosstable
tournament-round = Round { $number }
tournament-standings = Standings
tournament-status-finished = finished
tournament-status-registering = registering
tournament-no-entrants = nobody has joined yet

## Tournament formats (tournament-format-<name>), and as a choice in a form,
## without the rounds (-choice).

tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-format-swiss = { $rounds ->
        [one] Swiss, 1 round
       *[other] Swiss, { $rounds } rounds
    }
tournament-format-round-robin-choice = round robin
tournament-format-double-round-robin-choice = double round robin
tournament-format-swiss-choice = Swiss

## Tie-breaks (tiebreak-<name>): a column heading (-short), the heading with
## its name for a legend (-legend), and what it counts (-meaning).

tiebreak-sonneborn-berger-short = SB
tiebreak-sonneborn-berger-legend = SB Sonneborn-Berger
tiebreak-sonneborn-berger-meaning = Sonneborn-Berger: the points of the opponents one beat
tiebreak-direct-encounter-short = DE
tiebreak-direct-encounter-legend = DE direct encounter
tiebreak-direct-encounter-meaning = Direct encounter: points in the games among the players still tied
tiebreak-buchholz-short = BH
tiebreak-buchholz-legend = BH Buchholz
tiebreak-buchholz-meaning = Buchholz: the sum of the opponents' points
tiebreak-buchholz-cut1-short = BH-1
tiebreak-buchholz-cut1-legend = BH-1 Buchholz cut 1
tiebreak-buchholz-cut1-meaning = Buchholz cut 1: Buchholz without the weakest opponent's points
tiebreak-game-score-short = GS
tiebreak-game-score-legend = GS game score
tiebreak-game-score-meaning = Game score: the moves left in the games won on territory
