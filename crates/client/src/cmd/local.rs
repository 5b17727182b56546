//! `local`: games on this machine with no server. Hot seat, a person against
//! an engine, or engines against each other; take-backs; every finished game
//! saved to the history directory, an unfinished one kept after every move
//! for `local --resume`. Full screen or plain text. The game itself is
//! core's [`Game`] (moves, clocks, outcome, record).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{BySide, Game, Move, PlayerInfo, PlayerKind, RecordMeta, Side};
use anyhow::Context;
use crossterm::event;

use amazons_engine::player::{
    ClockBudget, GameSoFar, Player, PlayerError, PlayerSettings, ThinkBudget,
};

use crate::cli::{LocalArgs, SeatSpec, default_name};
use crate::face::bell::{Bell, Ring};
use crate::face::help::PLAIN_LOCAL;
use crate::face::labels::{count, format_clock, move_number};
use crate::face::text_board::board_text;
use crate::store::history::{default_history_dir, save};
use crate::store::local_save::{LocalSave, SavedLocalGame};
use crate::tui::game_screen::{GameScreen, ScreenAction, Tone};
use crate::tui::theme::Theme;

/// Who sits on one side.
enum Seat {
    /// A person at this terminal.
    Human,
    /// A program; `None` while it is thinking on its own thread.
    Program(Option<Box<dyn Player>>),
}

/// A search running off the UI thread: the player comes back with its answer.
type Thinking = Receiver<(Box<dyn Player>, Result<Move, PlayerError>)>;

/// The local match: the game, who plays it, and where it is kept.
struct LocalMatch {
    /// The game being played.
    game: Game,
    /// Its record id.
    id: String,
    /// When it started.
    started_at: SystemTime,
    /// White's and black's names in the record.
    players: [PlayerInfo; 2],
    /// White's and black's seats as given (for the save).
    specs: [SeatSpec; 2],
    /// White's and black's seats.
    seats: [Seat; 2],
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
                .with_context(|| format!("starting {program}"))?,
        ),
    })
}

impl LocalMatch {
    /// A new game as the arguments say, or the kept one with `--resume`.
    fn new(args: &LocalArgs, keep: LocalSave) -> anyhow::Result<LocalMatch> {
        let now = Instant::now();
        let saved = if args.resume {
            Some(keep.load()?.with_context(|| {
                format!(
                    "there is no unfinished local game to resume (looked in {})",
                    keep.path().display()
                )
            })?)
        } else {
            None
        };
        let specs: [SeatSpec; 2] = match &saved {
            Some(saved) => [
                saved.seats[0].parse().map_err(anyhow::Error::msg)?,
                saved.seats[1].parse().map_err(anyhow::Error::msg)?,
            ],
            None => [args.white.clone(), args.black.clone()],
        };
        let human_name = args.name.clone().unwrap_or_else(default_name);
        let mut seats = Vec::new();
        let mut players = Vec::new();
        for spec in &specs {
            let chooser = chooser_for(spec)?;
            players.push(match &chooser {
                None => PlayerInfo {
                    name: human_name.clone(),
                    kind: PlayerKind::Human,
                },
                Some(chooser) => PlayerInfo {
                    name: chooser.name(),
                    kind: PlayerKind::Bot,
                },
            });
            seats.push(match chooser {
                None => Seat::Human,
                Some(chooser) => Seat::Program(Some(chooser)),
            });
        }
        let seats: [Seat; 2] = seats.try_into().map_err(|_| anyhow::anyhow!("two seats"))?;
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
                let players = players.try_into().expect("two players");
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
        for seat in &mut self.seats {
            if let Seat::Program(Some(chooser)) = seat {
                chooser.new_game()?;
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
        matches!(self.seats[side.index()], Seat::Human)
    }

    fn humans(&self) -> usize {
        Side::BOTH.iter().filter(|s| self.is_human(**s)).count()
    }

    fn budget(&self, now: Instant) -> ThinkBudget {
        match self.game.clock().remaining_both(now) {
            None => ThinkBudget {
                movetime: Some(self.think),
                clocks: None,
            },
            Some(remaining) => ThinkBudget {
                movetime: None,
                clocks: Some(ClockBudget {
                    remaining,
                    increment: BySide::both(self.game.time_control().increment()),
                }),
            },
        }
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
            seats: [self.specs[0].to_string(), self.specs[1].to_string()],
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
        self.game.to_record(RecordMeta {
            id: self.id.clone(),
            white: self.players[0].clone(),
            black: self.players[1].clone(),
            started_at: self.started_at,
            ended_at: SystemTime::now(),
        })
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

/// Runs `local`.
pub fn run(args: &LocalArgs, plain: bool, quiet: bool, theme: Theme) -> anyhow::Result<()> {
    let local = LocalMatch::new(args, LocalSave::default())?;
    if plain {
        let stdin = std::io::stdin();
        run_plain(local, &mut stdin.lock(), &mut std::io::stdout())
    } else {
        crate::tui::terminal::with_terminal(|terminal| {
            run_tui(local, terminal, Bell::new(quiet), theme)
        })
    }
}

/// The kept-game line to show on leaving an unfinished game.
const KEPT: &str = "the game is kept: `amazons-client local --resume` continues it";

fn run_tui(
    mut local: LocalMatch,
    terminal: &mut ratatui::DefaultTerminal,
    mut bell: Bell,
    theme: Theme,
) -> anyhow::Result<()> {
    let names = local.players.clone().map(|p| p.name);
    let mut screen = GameScreen::new(amazons_core::Position::start(), names.clone());
    screen.theme = theme;
    screen.movable = Side::BOTH.map(|s| local.is_human(s));
    screen.flipped = local.is_human(Side::Second) && !local.is_human(Side::First);
    let moves = local.moves();
    let shown = moves.len();
    screen.show_game(local.game.position(), moves, shown);
    screen.focus();
    screen.keys = if local.humans() > 0 {
        vec![("t", "take back"), ("r", "resign"), ("n", "new game")]
    } else {
        vec![("n", "new game")]
    };
    if !local.game.moves().is_empty() {
        screen.notify(
            format!(
                "resumed: {}",
                count(local.game.moves().len(), "move", "moves")
            ),
            Tone::Info,
        );
    }
    let mut thinking: Option<(Side, Thinking)> = None;
    loop {
        let now = Instant::now();
        if local.game.check_flag(now).is_some() {
            bell.ring(Ring::GameOver);
        }
        screen.clock = *local.game.clock();
        screen.outcome = local.game.outcome();
        if let Some(saved) = local.save_if_over() {
            match saved {
                Ok(path) => screen.notify(format!("game saved to {}", path.display()), Tone::Info),
                Err(e) => screen.notify(format!("could not save the game: {e:#}"), Tone::Warning),
            }
        }
        let turn = local.game.position().turn();
        if thinking.is_none() && local.game.outcome().is_none() {
            if let Seat::Program(slot) = &mut local.seats[turn.index()] {
                let mut chooser = slot
                    .take()
                    .expect("a program that is not thinking is seated");
                let (sender, receiver) = channel();
                let (start, moves, position) = (
                    local.game.initial(),
                    local.game.moves().iter().map(|m| m.mv).collect::<Vec<_>>(),
                    local.game.position(),
                );
                let budget = local.budget(now);
                std::thread::spawn(move || {
                    let game = GameSoFar {
                        start,
                        moves: &moves,
                        position,
                    };
                    let answer = chooser.choose(game, budget);
                    let _ = sender.send((chooser, answer));
                });
                thinking = Some((turn, receiver));
            }
        }
        screen.status = match &thinking {
            Some((side, _)) => format!("{} ({side}) is thinking…", names[side.index()]),
            None => String::new(),
        };
        terminal.draw(|frame| screen.draw(frame))?;

        if let Some((side, receiver)) = &thinking {
            let side = *side;
            match receiver.try_recv() {
                Ok((chooser, answer)) => {
                    local.seats[side.index()] = Seat::Program(Some(chooser));
                    thinking = None;
                    apply_program_answer(&mut local, &mut screen, side, answer);
                    if local.humans() > 0 {
                        bell.ring(if local.game.outcome().is_some() {
                            Ring::GameOver
                        } else {
                            Ring::OpponentMoved
                        });
                    }
                    continue;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    anyhow::bail!("the engine thread for {side} died");
                }
            }
        }

        if !event::poll(Duration::from_millis(50))? {
            continue;
        }
        let action = screen.handle(&event::read()?);
        match action {
            ScreenAction::Quit if local.unfinished() => {
                screen.ask(
                    "Quit this game? It is kept: `amazons-client local --resume` continues it.",
                    'q',
                );
            }
            ScreenAction::Quit | ScreenAction::QuitNow | ScreenAction::Confirmed('q') => {
                local.keep_unfinished();
                return Ok(());
            }
            ScreenAction::Move(m) => match local.play(m) {
                Ok(()) => {
                    screen.show_move(local.game.position(), m);
                    if local.game.outcome().is_some() {
                        bell.ring(Ring::GameOver);
                    }
                }
                Err(e) => screen.notify(e.to_string(), Tone::Warning),
            },
            ScreenAction::Command('t') => {
                if thinking.is_some() {
                    screen.notify("wait for the engine's move, then take back", Tone::Warning);
                    continue;
                }
                let undone = local
                    .game
                    .take_back(local.take_back_plies(), Instant::now());
                if undone == 0 {
                    screen.notify("nothing to take back", Tone::Warning);
                } else {
                    let moves = local.moves();
                    let shown = moves.len();
                    screen.show_game(local.game.position(), moves, shown);
                    local.keep_unfinished();
                    screen.notify(
                        format!("took back {}", count(undone, "move", "moves")),
                        Tone::Info,
                    );
                }
            }
            ScreenAction::Command('r') if local.game.outcome().is_none() => {
                match local.resigning_side() {
                    Some(side) => screen.ask(format!("Resign as {side}?"), 'r'),
                    None => screen.notify("only a person can resign", Tone::Warning),
                }
            }
            ScreenAction::Confirmed('r') => {
                if let Some(side) = local.resigning_side() {
                    local.game.resign(side, Instant::now());
                    bell.ring(Ring::GameOver);
                }
            }
            ScreenAction::Command('n') if local.game.outcome().is_some() && thinking.is_none() => {
                local.start_new_game()?;
                screen.show_game(local.game.position(), Vec::new(), 0);
                screen.notify("new game", Tone::Info);
            }
            ScreenAction::Command('n') => {
                screen.notify("a new game comes after this one ends", Tone::Warning)
            }
            ScreenAction::Command(c) => screen.notify(
                format!("`{c}` does nothing here; press ? for help"),
                Tone::Warning,
            ),
            ScreenAction::Premove(_)
            | ScreenAction::Jump(_)
            | ScreenAction::Confirmed(_)
            | ScreenAction::None => {}
        }
    }
}

fn apply_program_answer(
    local: &mut LocalMatch,
    screen: &mut GameScreen,
    side: Side,
    answer: Result<Move, PlayerError>,
) {
    let now = Instant::now();
    match answer {
        Ok(m) => match local.play(m) {
            Ok(()) => screen.show_move(local.game.position(), m),
            Err(e) => {
                screen.notify(
                    format!("{side}'s engine played an illegal move ({e}); it resigns"),
                    Tone::Warning,
                );
                local.game.resign(side, now);
            }
        },
        Err(e) => {
            screen.notify(
                format!("{side}'s engine failed ({e}); it resigns"),
                Tone::Warning,
            );
            local.game.resign(side, now);
        }
    }
}

/// The clocks as text for plain mode (`white 4:59 / black 5:00`), if timed.
fn clock_text(game: &Game, now: Instant) -> String {
    match game.clock().remaining_both(now) {
        Some(BySide {
            first: white,
            second: black,
        }) => format!(
            " [white {} / black {}]",
            format_clock(white),
            format_clock(black)
        ),
        None => String::new(),
    }
}

fn run_plain(
    mut local: LocalMatch,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let players = local.players.clone();
    writeln!(
        out,
        "white: {}  black: {}",
        players[0].name, players[1].name
    )?;
    writeln!(
        out,
        "Type moves like d1-d7/g7 (or d1 d7 g7). Commands: takeback, resign, board, help, quit."
    )?;
    if !local.game.moves().is_empty() {
        writeln!(
            out,
            "resumed: {}",
            count(local.game.moves().len(), "move", "moves")
        )?;
    }
    let mut show_board = true;
    loop {
        let now = Instant::now();
        local.game.check_flag(now);
        if let Some(outcome) = local.game.outcome() {
            writeln!(out, "{}", board_text(&local.game.position()))?;
            writeln!(out, "game over: {outcome}")?;
            let moves = local.record().map(|r| r.move_text()).unwrap_or_default();
            writeln!(out, "moves: {moves}")?;
            match local.save_if_over() {
                Some(Ok(path)) => writeln!(out, "saved: {}", path.display())?,
                Some(Err(e)) => writeln!(out, "could not save the game: {e:#}")?,
                None => {}
            }
            return Ok(());
        }
        let position = local.game.position();
        let side = position.turn();
        let name = &players[side.index()].name;
        let number = move_number(local.game.ply());
        let budget = local.budget(now);
        let moves = local.moves();
        match &mut local.seats[side.index()] {
            Seat::Program(slot) => {
                let chooser = slot.as_mut().expect("plain mode thinks on this thread");
                let game = GameSoFar {
                    start: local.game.initial(),
                    moves: &moves,
                    position,
                };
                let answer = chooser.choose(game, budget);
                match answer.map(|m| (m, local.play(m))) {
                    Ok((m, Ok(()))) => writeln!(out, "{number} {side} ({name}) plays {m}")?,
                    Ok((_, Err(e))) => {
                        writeln!(
                            out,
                            "{side}'s engine played an illegal move ({e}); it resigns"
                        )?;
                        local.game.resign(side, Instant::now());
                    }
                    Err(e) => {
                        writeln!(out, "{side}'s engine failed ({e}); it resigns")?;
                        local.game.resign(side, Instant::now());
                    }
                }
                show_board = true;
            }
            Seat::Human => {
                if show_board {
                    writeln!(out, "{}", board_text(&position))?;
                }
                write!(
                    out,
                    "{number} {side} ({name}) to move{}> ",
                    clock_text(&local.game, now)
                )?;
                out.flush()?;
                let Some(line) = crate::tui::terminal::read_line(input, out)? else {
                    writeln!(out)?;
                    local.keep_unfinished();
                    writeln!(out, "end of input: {KEPT}")?;
                    return Ok(());
                };
                if line.trim() == "quit" {
                    local.keep_unfinished();
                    writeln!(out, "quitting: {KEPT}")?;
                    return Ok(());
                }
                show_board = plain_command(&mut local, line.trim(), out)?;
            }
        }
    }
}

/// Handles one line typed by a person in plain mode; true when the board
/// should be printed again.
fn plain_command(local: &mut LocalMatch, line: &str, out: &mut impl Write) -> anyhow::Result<bool> {
    let now = Instant::now();
    match line {
        "" => Ok(false),
        "help" | "?" => {
            writeln!(out, "{}\n\n{PLAIN_LOCAL}", crate::face::help::RULES)?;
            Ok(false)
        }
        "board" => Ok(true),
        "takeback" | "undo" => {
            let undone = local.game.take_back(local.take_back_plies(), now);
            local.keep_unfinished();
            writeln!(out, "took back {}", count(undone, "move", "moves"))?;
            Ok(true)
        }
        "resign" => {
            let side = local.game.position().turn();
            local.game.resign(side, now);
            Ok(false)
        }
        text => {
            match text.parse::<Move>() {
                Ok(m) => match local.play(m) {
                    Ok(()) => return Ok(true),
                    Err(amazons_core::GameError::Illegal(e)) => {
                        writeln!(out, "illegal: {m}: {}", e.reason)?
                    }
                    Err(e) => writeln!(out, "{e}")?,
                },
                Err(e) => writeln!(out, "not a move: {e}")?,
            }
            Ok(false)
        }
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
        assert_eq!(local.players[0].name, "ann", "no colour added to the name");
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
