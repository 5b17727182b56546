//! The terminal bell: one BEL character, rung when something happens that
//! the player should hear (an opponent sits down or moves, time runs low,
//! the game ends), unless `--quiet`.

use std::io::{IsTerminal, Write};

/// What the bell is rung for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ring {
    /// An opponent sat down: the game (and the clock) starts.
    OpponentJoined,
    /// The opponent moved: it is our turn.
    OpponentMoved,
    /// Our clock fell under [`LOW_TIME`].
    LowTime,
    /// The game ended.
    GameOver,
}

/// Under this much time left, the bell rings once per game.
pub const LOW_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The bell, and what it has rung for (for tests and the low-time rule).
#[derive(Clone, Debug, Default)]
pub struct Bell {
    /// `--quiet`: never ring.
    quiet: bool,
    /// Every ring asked for, in order (also when quiet: what the player
    /// would have heard).
    rung: Vec<Ring>,
}

impl Bell {
    /// A bell that rings unless `quiet`.
    pub fn new(quiet: bool) -> Bell {
        Bell {
            quiet,
            rung: Vec::new(),
        }
    }

    /// Rings for `why` (a BEL to the terminal, when stdout is one).
    pub fn ring(&mut self, why: Ring) {
        self.rung.push(why);
        if self.quiet {
            return;
        }
        let mut out = std::io::stdout();
        if out.is_terminal() {
            let _ = out.write_all(b"\x07");
            let _ = out.flush();
        }
    }

    /// Everything rung for so far.
    pub fn rung(&self) -> &[Ring] {
        &self.rung
    }
}
