//! The rules, and the keys of each screen, for the help overlay (`?`) and
//! the plain-mode `help` command. Each screen lists only what works there.

/// The rules of the game.
pub const RULES: &str = "\
HOW TO PLAY
White has queens on a4 d1 g1 j4, Black on a7 d10 g10 j7; White moves first.
A move: move one of your queens like a chess queen (any distance along a
rank, file or diagonal, through empty squares), then shoot an arrow from
where it landed, again like a queen. The arrow's square (×) is burnt for the
rest of the game. The square the queen left is free for the arrow.
If you cannot move on your turn, you lose.";

/// How a move is made on the full-screen board (only where the person may
/// move).
pub const POINTING: &[(&str, &str)] = &[
    (
        "click",
        "a queen, then its destination, then the arrow square",
    ),
    ("right-click/Esc", "step back one stage"),
    ("arrows", "move the cursor [ ]; Enter or Space picks"),
    ("Tab", "jump the cursor to your next queen (Shift-Tab back)"),
    (
        "type",
        "d1-d7/g7, d1 d7 g7, d1d7g7 ... then Enter (Esc clears)",
    ),
    (
        "typing",
        "the keys below act on an empty line; else every key types",
    ),
];

/// The help text for a full-screen board: the rules, then `keys`.
pub fn screen_help(keys: &[(&str, &str)]) -> String {
    let mut text = format!("{RULES}\n\nKEYS ON THIS SCREEN\n");
    let width = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    for (key, what) in keys {
        text.push_str(&format!("{key:<width$}  {what}\n"));
    }
    text
}

/// `help` in plain `play`.
pub const PLAIN_PLAY: &str = "\
Commands (one a line):
  list                         the matches on the server
  create [untimed|MIN+SEC] [white|black|random] [rated|casual]
                               a new match (5+3: 5 min + 3 s a move); rated
                               by default when timed, casual when untimed
  computer                     the computer opponents the server offers
  computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC]
           [rated|casual]      a game against the server's computer
  join ID [white|black]        take a free seat (an id prefix will do)
  watch ID                     watch a match
  d1-d7/g7 (or d1 d7 g7, d1d7g7 ...)
                               your move; typed early, it waits for your turn
  resign, abort, rematch, decline, leave, board, help, quit
  (abort only until both sides have moved)
In a live game `quit`, `resign` and `abort` ask first: answer y to go ahead,
anything else keeps playing (Ctrl-C twice quits at once). Quitting keeps
your seat for the server's grace period (it says how long): the same
command again takes it back. The bell (off with --quiet) rings when the
game starts, the opponent moves, your clock falls under 10 s and the game
ends.";

/// `help` in plain `local`.
pub const PLAIN_LOCAL: &str = "\
Commands (one a line):
  d1-d7/g7 (or d1 d7 g7, d1d7g7 ...)
                               the move of the side to move
  takeback                     take back your last move
  resign                       resign for the side to move (asks y/n first)
  board, help
  quit                         stop; the game is kept for `local --resume`";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_help_never_mentions_the_mouse_and_screen_help_lists_its_keys() {
        for text in [PLAIN_PLAY, PLAIN_LOCAL] {
            assert!(!text.contains("click"), "{text}");
            assert!(!text.contains("mouse"), "{text}");
        }
        let help = screen_help(&[("←/→", "step"), ("q", "quit")]);
        assert!(help.contains("HOW TO PLAY"));
        assert!(help.contains("←/→  step\nq    quit"), "{help}");
    }

    #[test]
    fn plain_help_lines_fit_80_columns() {
        for text in [PLAIN_PLAY, PLAIN_LOCAL, RULES] {
            for line in text.lines() {
                assert!(
                    line.chars().count() <= 80,
                    "wider than 80 columns: {line:?}"
                );
            }
        }
    }
}
