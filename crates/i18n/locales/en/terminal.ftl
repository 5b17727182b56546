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
square-missing = missing square
square-bad-file = `{ $text }` is not a square: files run from a to j
square-bad-rank = `{ $text }` is not a square: ranks run from 1 to 10
move-text-square-count = a move names 3 squares (queen from, queen to, arrow), found { $found }
move-text-arrow-not-from-destination = UCI move: the arrow must be shot from the queen's destination { $to }, not from { $from }
time-control-syntax = `{ $text }` is not a time control: write `untimed` or MINUTES+SECONDS like 5+3 (or 10s+0.1)
time-control-no-initial = a clock must start with more than 0 seconds
time-control-initial-too-long = a clock may start with at most 24 hours
time-control-increment-too-large = the increment may be at most 1 hour
