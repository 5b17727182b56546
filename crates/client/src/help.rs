//! The rules of the game and the controls, for the help overlay and `--help`
//! style text in plain mode.

/// Shown by `?` on the game screen and by `help` in plain mode.
pub const HELP_TEXT: &str = "\
HOW TO PLAY
White has queens on a4 d1 g1 j4, Black on a7 d10 g10 j7; White moves first.
A move: move one of your queens like a chess queen (any distance along a
rank, file or diagonal, through empty squares), then shoot an arrow from
where it landed, again like a queen. The arrow's square (×) is burnt for the
rest of the game. The square the queen left is free for the arrow.
If you cannot move on your turn, you lose.

CONTROLS
Mouse: click a queen, then its destination, then the arrow square.
       Right-click steps back one stage.
Keys:  arrows move the cursor [ ], Enter or Space picks, Esc steps back.
Typing: d1-d7/g7, d1 d7 g7, D1-D7-G7, d1,d7,g7, d1d7g7 and full-width
       forms all work; Enter plays, Esc clears, a refused move is kept.
v flips the board; the bottom line lists this mode's other keys.";
