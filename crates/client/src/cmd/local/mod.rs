//! `local`: games on this machine with no server. Hot seat, a person against
//! an engine, or engines against each other; take-backs; every finished game
//! saved to the history directory, an unfinished one kept after every move
//! for `local --resume`. Full screen or plain text. The game itself is
//! core's [`Game`] (moves, clocks, outcome, record).
//!
//! - this module: the local match (who sits where, the game, where it is
//!   kept, and how a program is asked for its move), for both faces.
//! - `kept`: the kept unfinished game a new game would replace, asked
//!   about first.
//! - `tui`: the full-screen face.
//! - `plain`: the line-by-line face and its grammar.

mod kept;
mod plain;
mod tui;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{BySide, Game, Move, PlayerInfo, PlayerKind, RecordMeta, Side};
use anyhow::Context;

use amazons_engine::player::{
    ClockBudget, MoveRequest, Player, PlayerError, PlayerSettings, PlayerThread, Reply,
    ThinkBudget, TimeRule,
};

use crate::cli::{LocalArgs, SeatSpec, default_name};
use crate::face::bell::Bell;
use crate::face::words;
use crate::store::history::{default_history_dir, save};
use crate::store::local_save::{LocalSave, SavedLocalGame};
use crate::tui::theme::Theme;
use kept::KeptGame;

/// Runs `local`. A new game (not `--resume`, not `--new`) asks first when
/// it would replace a kept unfinished game.
pub fn run(args: &LocalArgs, plain: bool, quiet: bool, theme: Theme) -> anyhow::Result<()> {
    let keep = LocalSave::default();
    let kept = if args.resume || args.new {
        None
    } else {
        KeptGame::find(&keep)
    };
    if plain {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout();
        if let Some(kept) = &kept {
            let interactive = std::io::stdin().is_terminal();
            if !plain::replace_kept(kept, &mut stdin.lock(), &mut out, interactive)? {
                return Ok(());
            }
        }
        let local = LocalMatch::new(args, keep)?;
        plain::run(local, &mut stdin.lock(), &mut out)
    } else {
        // Said on the shell's screen once the full screen is gone: what is
        // kept for `--resume`.
        let farewell = crate::tui::terminal::with_terminal(|terminal| {
            if let Some(kept) = &kept {
                if !tui::replace_kept(terminal, kept, theme)? {
                    return Ok(Some(kept.still_kept()));
                }
            }
            let local = LocalMatch::new(args, keep)?;
            let unfinished = tui::run(local, terminal, Bell::new(quiet), theme)?;
            Ok(unfinished.then(kept_line))
        })?;
        if let Some(text) = farewell {
            let _ = writeln!(std::io::stdout(), "{text}");
        }
        Ok(())
    }
}

/// The kept-game line to show on leaving an unfinished game.
fn kept_line() -> String {
    t!("local-game-kept")
}

/// Who sits on one side.
enum Seat {
    /// A person at this terminal.
    Human,
    /// A program, on its own thread.
    Program(PlayerThread),
}

/// A search running off the UI thread: its answer to come.
type Thinking = Reply<Move>;

/// The local match: the game, who plays it, and where it is kept.
struct LocalMatch {
    /// The game being played.
    game: Game,
    /// Its record id.
    id: String,
    /// When it started.
    started_at: SystemTime,
    /// White's and black's names in the record.
    players: BySide<PlayerInfo>,
    /// White's and black's seats as given (for the save).
    specs: BySide<SeatSpec>,
    /// White's and black's seats.
    seats: BySide<Seat>,
    /// Thinking time per move for programs in untimed games.
    think: Duration,
    /// Where finished games are saved.
    history_dir: PathBuf,
    /// Where the unfinished game is kept.
    keep: LocalSave,
    /// Whether the finished game has been saved.
    saved: bool,
}

/// The program for a seat (`None` for a person); external engines are
/// started now, so a bad command is reported before the game.
fn chooser_for(spec: &SeatSpec) -> anyhow::Result<Option<Box<dyn Player>>> {
    Ok(match spec {
        SeatSpec::Human => None,
        SeatSpec::Program(program) => Some(
            program
                .player(&PlayerSettings {
                    show_stderr: true,
                    ..PlayerSettings::default()
                })
                .with_context(|| t!("engine-starting", program = program.to_string()))?,
        ),
    })
}

impl LocalMatch {
    /// A new game as the arguments say, or the kept one with `--resume`.
    fn new(args: &LocalArgs, keep: LocalSave) -> anyhow::Result<LocalMatch> {
        let now = Instant::now();
        let saved = if args.resume {
            Some(keep.load()?.with_context(|| {
                t!(
                    "local-nothing-to-resume",
                    path = keep.path().display().to_string()
                )
            })?)
        } else {
            None
        };
        let specs: BySide<SeatSpec> = match &saved {
            Some(saved) => BySide::new(
                saved.seats.first.parse().map_err(anyhow::Error::msg)?,
                saved.seats.second.parse().map_err(anyhow::Error::msg)?,
            ),
            None => BySide::new(args.white.clone(), args.black.clone()),
        };
        let human_name = args.name.clone().unwrap_or_else(default_name);
        let choosers = BySide::new(chooser_for(&specs.first)?, chooser_for(&specs.second)?);
        let players = choosers.as_ref().map(|chooser| match chooser {
            None => PlayerInfo::new(human_name.clone(), PlayerKind::Human),
            Some(chooser) => PlayerInfo::new(chooser.name(), PlayerKind::Bot),
        });
        let seats = choosers.map(|chooser| match chooser {
            None => Ok(Seat::Human),
            Some(chooser) => PlayerThread::spawn(chooser).map(Seat::Program),
        });
        let seats = BySide::new(seats.first?, seats.second?);
        let (game, id, started_at, players) = match saved {
            Some(saved) => (
                saved.restore(now)?,
                saved.id.clone(),
                saved.started_at(),
                saved.players.clone(),
            ),
            None => {
                let mut game = Game::new(args.time);
                game.start(now);
                (
                    game,
                    uuid::Uuid::new_v4().to_string(),
                    SystemTime::now(),
                    players,
                )
            }
        };
        let mut local = LocalMatch {
            game,
            id,
            started_at,
            players,
            specs,
            seats,
            think: Duration::from_secs_f64(args.think.max(0.01)),
            history_dir: args.history_dir.clone().unwrap_or_else(default_history_dir),
            keep,
            saved: false,
        };
        if local.game.moves().is_empty() {
            local.tell_programs_new_game()?;
        }
        Ok(local)
    }

    fn tell_programs_new_game(&mut self) -> anyhow::Result<()> {
        for seat in self.seats.iter_mut() {
            if let Seat::Program(player) = seat {
                player.new_game().wait()?;
            }
        }
        Ok(())
    }

    fn start_new_game(&mut self) -> anyhow::Result<()> {
        let mut game = Game::new(self.game.time_control());
        game.start(Instant::now());
        self.game = game;
        self.id = uuid::Uuid::new_v4().to_string();
        self.started_at = SystemTime::now();
        self.saved = false;
        self.tell_programs_new_game()
    }

    fn is_human(&self, side: Side) -> bool {
        matches!(self.seats[side], Seat::Human)
    }

    fn humans(&self) -> usize {
        Side::BOTH.iter().filter(|s| self.is_human(**s)).count()
    }

    /// What a program may spend now: the clocks as they stand, or the
    /// think time of an untimed game.
    fn budget(&self, now: Instant) -> ThinkBudget {
        let clocks = ClockBudget::at(self.game.clock(), now);
        let rule = TimeRule::clocks_or(Some(self.think));
        ThinkBudget::under_clock(clocks, &self.game.position(), rule)
    }

    /// The move to ask the program to move for.
    fn move_request(&self, now: Instant) -> MoveRequest {
        MoveRequest {
            start: self.game.initial(),
            moves: self.moves(),
            budget: self.budget(now),
            new_game: false,
            ponder: None,
        }
    }

    /// Starts the program whose turn it is thinking on its thread (the
    /// full screen keeps drawing meanwhile); `None` when the game is over or
    /// a person is to move.
    fn think_on_a_thread(&mut self, now: Instant) -> Option<(Side, Thinking)> {
        let turn = self.game.position().turn();
        if self.game.outcome().is_some() {
            return None;
        }
        let Seat::Program(player) = &self.seats[turn] else {
            return None;
        };
        Some((turn, player.choose(self.move_request(now))))
    }

    /// Asks the program whose turn it is for its move and waits for it
    /// (plain mode).
    fn think_here(&mut self, now: Instant) -> Result<Move, PlayerError> {
        let Seat::Program(player) = &self.seats[self.game.position().turn()] else {
            panic!("plain mode thinks on this thread, for a program");
        };
        player.choose(self.move_request(now)).wait()
    }

    /// Plays the answer of `side`'s program: its move, or (when it failed or
    /// its move is illegal) its resignation, with why in words.
    fn play_program_answer(
        &mut self,
        side: Side,
        answer: Result<Move, PlayerError>,
    ) -> Result<Move, String> {
        let why = match answer {
            Ok(m) => match self.play(m) {
                Ok(()) => return Ok(m),
                Err(e) => t!(
                    "local-engine-illegal",
                    side = words::side(side),
                    error = e.to_string()
                ),
            },
            Err(e) => t!(
                "local-engine-failed",
                side = words::side(side),
                error = e.to_string()
            ),
        };
        self.game.resign(side, Instant::now());
        Err(why)
    }

    /// How many moves a take-back undoes: one in hot seat, back to the
    /// person's turn against an engine; none when engines play each other.
    fn take_back_plies(&self) -> usize {
        match self.humans() {
            2 => 1,
            1 if self.is_human(self.game.position().turn()) => 2,
            1 => 1,
            _ => 0,
        }
    }

    /// Plays `m` for the side to move now.
    fn play(&mut self, m: Move) -> Result<(), amazons_core::GameError> {
        self.game.play(m, Instant::now())?;
        self.keep_unfinished();
        Ok(())
    }

    /// Keeps the unfinished game for `--resume` (after every change).
    fn keep_unfinished(&self) {
        if self.game.outcome().is_some() {
            return;
        }
        let saved = SavedLocalGame {
            id: self.id.clone(),
            seats: self.specs.as_ref().map(ToString::to_string),
            players: self.players.clone(),
            time_control: self.game.time_control(),
            started_at_ms: amazons_core::unix_ms(self.started_at),
            moves: self.game.moves().to_vec(),
        };
        if let Err(e) = self.keep.store(&saved) {
            tracing::warn!("could not keep the unfinished game: {e:#}");
        }
    }

    /// Whether quitting now leaves an unfinished game behind.
    fn unfinished(&self) -> bool {
        self.game.outcome().is_none() && !self.game.moves().is_empty()
    }

    /// The finished game's record (`None` while it goes on).
    fn record(&self) -> Option<amazons_core::GameRecord> {
        let meta = RecordMeta::new(
            self.id.clone(),
            self.players.clone(),
            self.started_at,
            SystemTime::now(),
        );
        amazons_core::GameRecord::from_game(&self.game, meta)
    }

    /// Saves the game once it is over; returns what to tell the player.
    fn save_if_over(&mut self) -> Option<Result<PathBuf, anyhow::Error>> {
        if self.saved {
            return None;
        }
        let record = self.record()?;
        self.saved = true;
        if let Err(e) = self.keep.clear() {
            tracing::warn!("{e:#}");
        }
        Some(save(&self.history_dir, &record))
    }

    /// The human side that resigns on `r`: the side to move if a person, else
    /// the only person at the board.
    fn resigning_side(&self) -> Option<Side> {
        let turn = self.game.position().turn();
        if self.is_human(turn) {
            Some(turn)
        } else if self.is_human(turn.opponent()) {
            Some(turn.opponent())
        } else {
            None
        }
    }

    fn moves(&self) -> Vec<Move> {
        self.game.moves().iter().map(|m| m.mv).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(extra: &[&str]) -> LocalArgs {
        let mut argv = vec!["amazons-client", "local"];
        argv.extend_from_slice(extra);
        match crate::cli::Cli::parse_from(argv).command {
            crate::cli::Command::Local(args) => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_unfinished_game_is_kept_after_each_move_and_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let keep = LocalSave::at(dir.path().join("local-game.json"));
        let history = dir.path().join("history").display().to_string();
        let mut local = LocalMatch::new(
            &args(&["--time", "5+3", "--name", "ann", "--history-dir", &history]),
            keep.clone(),
        )
        .unwrap();
        assert_eq!(
            local.players.first.name, "ann",
            "no colour added to the name"
        );
        local.play("d1-d7/g7".parse().unwrap()).unwrap();
        local.play("a7-b7/c7".parse().unwrap()).unwrap();
        let resumed = LocalMatch::new(
            &args(&["--resume", "--history-dir", &history]),
            keep.clone(),
        )
        .unwrap();
        assert_eq!(resumed.moves(), local.moves());
        assert_eq!(resumed.id, local.id);
        assert_eq!(resumed.game.time_control(), local.game.time_control());
        let mut resumed = resumed;
        resumed.game.resign(Side::First, Instant::now());
        assert!(matches!(resumed.save_if_over(), Some(Ok(_))));
        assert_eq!(keep.load().unwrap(), None, "a finished game is not kept");
        let error = LocalMatch::new(&args(&["--resume"]), keep).err().unwrap();
        assert!(
            error.to_string().contains("no unfinished local game"),
            "{error}"
        );
    }
}
