//! `local`: games on this machine with no server. Hot seat, a person against
//! an engine, or engines against each other; take-backs; every finished game
//! saved to the history directory. Full screen or plain text.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use amazons_core::{Move, PlayerInfo, PlayerKind, Side, TimeControl};
use anyhow::Context;
use crossterm::event;

use amazons_engine::player::{
    ClockBudget, GameSoFar, Player, PlayerError, PlayerSettings, ThinkBudget,
};

use crate::cli::{LocalArgs, SeatSpec};
use crate::clock::format_clock;
use crate::game_screen::{GameScreen, ScreenAction, Tone};
use crate::help::HELP_TEXT;
use crate::history_store::{default_history_dir, save};
use crate::local_game::LocalGame;
use crate::text_board::board_text;

/// Who sits on one side.
enum Seat {
    /// A person at this terminal.
    Human,
    /// A program; `None` while it is thinking on its own thread.
    Program(Option<Box<dyn Player>>),
}

/// A search running off the UI thread: the player comes back with its answer.
type Thinking = Receiver<(Box<dyn Player>, Result<Move, PlayerError>)>;

/// The local match: the game, who plays it, and where it is saved.
struct LocalMatch {
    /// The game being played.
    game: LocalGame,
    /// White's and black's seats.
    seats: [Seat; 2],
    /// Thinking time per move for programs in untimed games.
    think: Duration,
    /// Where finished games are saved.
    history_dir: PathBuf,
    /// Whether the current game has been saved.
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
    fn new(args: &LocalArgs) -> anyhow::Result<LocalMatch> {
        let human_name = args
            .name
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .unwrap_or_else(|| "player".into());
        let mut seats = Vec::new();
        let mut players = Vec::new();
        for (side, spec) in [(Side::First, &args.white), (Side::Second, &args.black)] {
            let chooser = chooser_for(spec)?;
            players.push(match &chooser {
                None if args.white == args.black => PlayerInfo {
                    name: format!("{human_name} ({side})"),
                    kind: PlayerKind::Human,
                },
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
        let players: [PlayerInfo; 2] = players.try_into().expect("two players");
        let seats: [Seat; 2] = seats.try_into().map_err(|_| anyhow::anyhow!("two seats"))?;
        let mut local = LocalMatch {
            game: LocalGame::new(players, args.time.0, Instant::now()),
            seats,
            think: Duration::from_secs_f64(args.think.max(0.01)),
            history_dir: args.history_dir.clone().unwrap_or_else(default_history_dir),
            saved: false,
        };
        local.start_new_game()?;
        Ok(local)
    }

    fn start_new_game(&mut self) -> anyhow::Result<()> {
        self.game = LocalGame::new(
            self.game.players().clone(),
            self.game.time_control(),
            Instant::now(),
        );
        self.saved = false;
        for seat in &mut self.seats {
            if let Seat::Program(Some(chooser)) = seat {
                chooser.new_game()?;
            }
        }
        Ok(())
    }

    fn is_human(&self, side: Side) -> bool {
        matches!(self.seats[side.index()], Seat::Human)
    }

    fn budget(&self, now: Instant) -> ThinkBudget {
        match self.game.time_control() {
            TimeControl::Untimed => ThinkBudget {
                movetime: Some(self.think),
                clocks: None,
            },
            TimeControl::Fischer { increment_ms, .. } => {
                let clocks = self.game.clocks();
                let remaining =
                    Side::BOTH.map(|side| clocks.remaining(side, now).unwrap_or_default());
                let increment = Duration::from_millis(increment_ms);
                ThinkBudget {
                    movetime: None,
                    clocks: Some(ClockBudget {
                        remaining,
                        increment: [increment; 2],
                    }),
                }
            }
        }
    }

    /// How many moves a take-back undoes: one in hot seat, back to the
    /// person's turn against an engine; none when engines play each other.
    fn take_back_plies(&self) -> usize {
        let humans = Side::BOTH.iter().filter(|s| self.is_human(**s)).count();
        match humans {
            2 => 1,
            1 if self.is_human(self.game.position().turn()) => 2,
            1 => 1,
            _ => 0,
        }
    }

    /// Saves the game once it is over; returns what to tell the player.
    fn save_if_over(&mut self) -> Option<Result<PathBuf, anyhow::Error>> {
        if self.saved {
            return None;
        }
        let record = self.game.record()?;
        self.saved = true;
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
}

/// Runs `local`.
pub fn run(args: &LocalArgs, plain: bool) -> anyhow::Result<()> {
    let local = LocalMatch::new(args)?;
    if plain {
        let stdin = std::io::stdin();
        run_plain(local, &mut stdin.lock(), &mut std::io::stdout())
    } else {
        crate::terminal::with_terminal(|terminal| run_tui(local, terminal))
    }
}

fn run_tui(mut local: LocalMatch, terminal: &mut ratatui::DefaultTerminal) -> anyhow::Result<()> {
    let players = local.game.players().clone();
    let mut screen = GameScreen::new(local.game.position(), players.clone().map(|p| p.name));
    screen.movable = Side::BOTH.map(|s| local.is_human(s));
    screen.flipped = local.is_human(Side::Second) && !local.is_human(Side::First);
    screen.key_hints = "t take back  r resign  n new game  v flip".into();
    let mut thinking: Option<(Side, Thinking)> = None;
    loop {
        let now = Instant::now();
        local.game.check_time(now);
        screen.clocks = local.game.clocks();
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
                    local.game.start(),
                    local.game.moves(),
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
            Some((side, _)) => format!("{} ({side}) is thinking…", players[side.index()].name),
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
            ScreenAction::Quit => return Ok(()),
            ScreenAction::Move(m) => match local.game.play(m, Instant::now()) {
                Ok(()) => screen.show_move(local.game.position(), m),
                Err(e) => screen.notify(e.reason.to_string(), Tone::Warning),
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
                    let moves = local.game.moves();
                    let shown = moves.len();
                    screen.show_game(local.game.position(), moves, shown);
                    screen.notify(format!("took back {undone} move(s)"), Tone::Info);
                }
            }
            ScreenAction::Command('r') => match local.resigning_side() {
                Some(side) => local.game.resign(side, Instant::now()),
                None => screen.notify("only a person can resign", Tone::Warning),
            },
            ScreenAction::Command('n') if local.game.outcome().is_some() && thinking.is_none() => {
                local.start_new_game()?;
                screen.show_game(local.game.position(), Vec::new(), 0);
                screen.notify("new game", Tone::Info);
            }
            ScreenAction::Command(c) => screen.notify(
                format!("`{c}` does nothing here; press ? for help"),
                Tone::Warning,
            ),
            ScreenAction::None => {}
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
        Ok(m) => match local.game.play(m, now) {
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
fn clock_text(game: &LocalGame, now: Instant) -> String {
    let clocks = game.clocks();
    match (
        clocks.remaining(Side::First, now),
        clocks.remaining(Side::Second, now),
    ) {
        (Some(white), Some(black)) => {
            format!(
                " [white {} / black {}]",
                format_clock(white),
                format_clock(black)
            )
        }
        _ => String::new(),
    }
}

fn run_plain(
    mut local: LocalMatch,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let players = local.game.players().clone();
    writeln!(
        out,
        "white: {}  black: {}",
        players[0].name, players[1].name
    )?;
    writeln!(
        out,
        "Type moves like d1-d7/g7 (or d1 d7 g7). Commands: takeback, resign, board, help, quit."
    )?;
    let mut show_board = true;
    loop {
        let now = Instant::now();
        local.game.check_time(now);
        if let Some(outcome) = local.game.outcome() {
            writeln!(out, "{}", board_text(&local.game.position()))?;
            writeln!(out, "game over: {outcome}")?;
            writeln!(
                out,
                "moves: {}",
                local
                    .game
                    .record()
                    .map(|r| r.move_text())
                    .unwrap_or_default()
            )?;
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
        let number = local.game.moves().len() + 1;
        let budget = local.budget(now);
        let moves = local.game.moves();
        match &mut local.seats[side.index()] {
            Seat::Program(slot) => {
                let chooser = slot.as_mut().expect("plain mode thinks on this thread");
                let game = GameSoFar {
                    start: local.game.start(),
                    moves: &moves,
                    position,
                };
                let answer = chooser.choose(game, budget);
                match answer.map(|m| (m, local.game.play(m, Instant::now()))) {
                    Ok((m, Ok(()))) => writeln!(out, "{number}. {side} ({name}) plays {m}")?,
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
                    "{number}. {side} ({name}) to move{}> ",
                    clock_text(&local.game, now)
                )?;
                out.flush()?;
                let Some(line) = crate::terminal::read_line(input, out)? else {
                    writeln!(out)?;
                    writeln!(
                        out,
                        "end of input: the game is not finished and was not saved"
                    )?;
                    return Ok(());
                };
                show_board = plain_command(&mut local, line.trim(), out)?;
                if line.trim() == "quit" {
                    return Ok(());
                }
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
        "quit" => {
            writeln!(out, "quitting: the game is not finished and was not saved")?;
            Ok(false)
        }
        "help" | "?" => {
            writeln!(out, "{HELP_TEXT}")?;
            Ok(false)
        }
        "board" => Ok(true),
        "takeback" | "undo" => {
            let undone = local.game.take_back(local.take_back_plies(), now);
            writeln!(out, "took back {undone} move(s)")?;
            Ok(true)
        }
        "resign" => {
            let side = local.game.position().turn();
            local.game.resign(side, now);
            Ok(false)
        }
        text => {
            match text.parse::<Move>() {
                Ok(m) => match local.game.play(m, now) {
                    Ok(()) => return Ok(true),
                    Err(e) => writeln!(out, "illegal: {m}: {}", e.reason)?,
                },
                Err(e) => writeln!(out, "not a move: {e}")?,
            }
            Ok(false)
        }
    }
}
