//! `history`: list finished games from a directory of records or from a
//! server's HTTP API, replay one move by move, export it as text or JSON.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use amazons_core::{BySide, EndReason, GameRecord, Position};
use amazons_protocol::GameSummary;
use anyhow::Context;
use crossterm::event::{self, Event, KeyCode, KeyEventKind};

use crate::cli::{HistoryAction, HistoryArgs};
use crate::face::labels::count;
use crate::face::text_board::board_text;
use crate::net::http::ServerHttp;
use crate::store;
use crate::tui::game::{GameScreen, ScreenAction, Tone, Typing};
use crate::tui::theme::Theme;

/// Where the games come from.
enum Source {
    /// A directory of record files.
    Dir(PathBuf),
    /// A server's HTTP API.
    Server(ServerHttp),
}

impl Source {
    /// Every game, oldest first.
    fn list(&self) -> anyhow::Result<Vec<GameSummary>> {
        match self {
            Source::Dir(dir) => Ok(store::history::list(dir)?
                .iter()
                .map(GameSummary::of)
                .collect()),
            Source::Server(server) => server.games(),
        }
    }

    /// One game, named by its number in the list, its id or an id prefix (or,
    /// for a directory, a record file).
    fn fetch(&self, game: &str) -> anyhow::Result<GameRecord> {
        if let Source::Dir(_) = self {
            let path = Path::new(game);
            if path.is_file() {
                return store::history::load(path);
            }
        }
        let games = self.list()?;
        let listing = match game.parse::<usize>() {
            Ok(number) if (1..=games.len()).contains(&number) => &games[number - 1],
            _ => {
                let matching: Vec<&GameSummary> =
                    games.iter().filter(|g| g.id.starts_with(game)).collect();
                match matching.as_slice() {
                    [one] => *one,
                    [] => anyhow::bail!("no game `{game}`: give its number in the list or its id"),
                    _ => anyhow::bail!(
                        "`{game}` matches {} games; give more of the id",
                        matching.len()
                    ),
                }
            }
        };
        match self {
            Source::Dir(dir) => store::history::list(dir)?
                .into_iter()
                .find(|r| r.id == listing.id)
                .context("the game disappeared from the directory"),
            Source::Server(server) => server.game(&listing.id),
        }
    }
}

/// Runs `history`.
pub fn run(args: &HistoryArgs, plain: bool, theme: Theme) -> anyhow::Result<()> {
    let source = match &args.server {
        Some(url) => Source::Server(ServerHttp::new(url)?),
        None => Source::Dir(
            args.dir
                .clone()
                .unwrap_or_else(store::history::default_history_dir),
        ),
    };
    let mut out = std::io::stdout();
    match args.action.as_ref().unwrap_or(&HistoryAction::List) {
        HistoryAction::List => {
            let games = source.list()?;
            if games.is_empty() {
                writeln!(out, "no finished games")?;
            }
            for (index, game) in games.iter().enumerate() {
                writeln!(out, "{}", listing_line(index + 1, game))?;
            }
            Ok(())
        }
        HistoryAction::Export { game, json } => {
            let record = source.fetch(game)?;
            if *json {
                writeln!(out, "{}", serde_json::to_string_pretty(&record)?)?;
            } else {
                write!(out, "{}", export_text(&record))?;
            }
            Ok(())
        }
        HistoryAction::Show { game } => {
            let record = source.fetch(game)?;
            let positions = record
                .replay()
                .with_context(|| format!("game {} does not replay", record.id))?;
            if plain {
                let stdin = std::io::stdin();
                replay_plain(&record, &positions, &mut stdin.lock(), &mut out)
            } else {
                crate::tui::terminal::with_terminal(|terminal| {
                    replay_tui(&record, &positions, terminal, theme)
                })
            }
        }
    }
}

/// `YYYY-MM-DD HH:MM` (UTC) for Unix milliseconds.
pub fn utc_minute(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let days = (secs / 86_400) as i64;
    let (hour, minute) = (secs % 86_400 / 3600, secs % 3600 / 60);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
}

/// A record's header on the plain face, one line: when the game ended, who
/// played, the clocks, the length, the result, the id and the game it is a
/// rematch of. The list numbers it; a replay prints it first. The one place
/// the plain face says these.
fn plain_header(game: &GameSummary) -> String {
    let mut line = format!(
        "{}  {} (white) vs {} (black)  {}  {}  {}  id {}",
        utc_minute(game.ended_at_ms),
        game.white.name,
        game.black.name,
        game.time_control,
        count(game.moves as usize, "move", "moves"),
        game.result,
        game.id,
    );
    if let Some(of) = &game.rematch_of {
        line.push_str(&format!("  rematch of {of}"));
    }
    line
}

/// A record's header on the full-screen face: the players' names on the
/// board's sides, and under the status the id and the game it is a rematch
/// of (the result shows as the game's outcome once the last move is on the
/// board). The one place the full-screen face says these.
fn screen_header(game: &GameSummary, screen: &mut GameScreen) {
    screen.names = BySide::new(game.white.name.clone(), game.black.name.clone());
    screen.caption = match &game.rematch_of {
        Some(of) => format!("game {}, rematch of {of}", game.id),
        None => format!("game {}", game.id),
    };
}

fn listing_line(number: usize, game: &GameSummary) -> String {
    format!("{number:>3}  {}", plain_header(game))
}

/// The game as text: tag lines, then the numbered moves and the result.
pub fn export_text(record: &GameRecord) -> String {
    let result = match record.result.reason {
        EndReason::Aborted => "aborted".to_string(),
        _ => record.result.to_string(),
    };
    let mut text = format!(
        "[Id \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Date \"{} UTC\"]\n[TimeControl \"{}\"]\n[Result \"{}\"]\n",
        record.id,
        record.white.name,
        record.black.name,
        utc_minute(record.started_at_ms),
        record.time_control,
        result,
    );
    if let Some(of) = &record.rematch_of {
        text.push_str(&format!("[RematchOf \"{of}\"]\n"));
    }
    if let Some(fen) = &record.initial_fen {
        text.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    text.push('\n');
    text.push_str(&record.move_text());
    text.push('\n');
    text
}

fn replay_plain(
    record: &GameRecord,
    positions: &[Position],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(out, "{}", plain_header(&GameSummary::of(record)))?;
    writeln!(out, "{}", record.move_text())?;
    writeln!(
        out,
        "Commands: next (n), back (b), first, last, a move number, quit."
    )?;
    let last = positions.len() - 1;
    let mut shown = 0;
    loop {
        let caption = match shown {
            0 => "start".to_string(),
            n => format!("after move {n} of {last}: {}", record.moves[n - 1].mv),
        };
        writeln!(out, "{}\n{caption}", board_text(&positions[shown]))?;
        write!(out, "replay> ")?;
        out.flush()?;
        let Some(line) = crate::tui::terminal::read_line(input, out)? else {
            writeln!(out)?;
            return Ok(());
        };
        shown = match line.trim() {
            "n" | "next" | "" => (shown + 1).min(last),
            "b" | "back" | "p" => shown.saturating_sub(1),
            "first" => 0,
            "last" => last,
            "q" | "quit" => return Ok(()),
            text => match text.parse::<usize>() {
                Ok(n) => n.min(last),
                Err(_) => {
                    writeln!(out, "unknown command `{text}`")?;
                    shown
                }
            },
        };
    }
}

fn replay_tui(
    record: &GameRecord,
    positions: &[Position],
    terminal: &mut ratatui::DefaultTerminal,
    theme: Theme,
) -> anyhow::Result<()> {
    let mut replay = Replay::new(record, positions, theme);
    loop {
        terminal.draw(|frame| replay.screen.draw(frame))?;
        if !event::poll(Duration::from_millis(250))? {
            continue;
        }
        if replay.handle(&event::read()?) {
            return Ok(());
        }
    }
}

/// A finished game shown move by move on the game screen: no move can be
/// made, so there is no move prompt; the typing line takes a move number.
struct Replay<'a> {
    /// The game.
    record: &'a GameRecord,
    /// Every position, the start first.
    positions: &'a [Position],
    /// How many moves are on the board.
    shown: usize,
    /// The screen.
    screen: GameScreen,
}

impl<'a> Replay<'a> {
    fn new(record: &'a GameRecord, positions: &'a [Position], theme: Theme) -> Replay<'a> {
        let mut screen = GameScreen::new(positions[0], BySide::default());
        screen_header(&GameSummary::of(record), &mut screen);
        screen.theme = theme;
        screen.typing = Typing::MoveNumber;
        screen.keys = vec![("←/→", "step"), ("Home/End", "first/last")];
        let mut replay = Replay {
            record,
            positions,
            shown: 0,
            screen,
        };
        replay.go(0);
        replay
    }

    fn last(&self) -> usize {
        self.positions.len() - 1
    }

    /// Shows the board after `shown` moves.
    fn go(&mut self, shown: usize) {
        self.shown = shown.min(self.last());
        let moves = self.record.moves.iter().map(|m| m.mv).collect();
        self.screen
            .show_game(self.positions[self.shown], moves, self.shown);
        self.screen.outcome = (self.shown == self.last()).then_some(self.record.result);
        self.screen.status = format!("replay: move {} of {}", self.shown, self.last());
    }

    /// Handles one event; true to leave.
    fn handle(&mut self, event: &Event) -> bool {
        if let Event::Key(key) = event {
            if key.kind != KeyEventKind::Release && !self.screen.asking() {
                let step = match key.code {
                    KeyCode::Right | KeyCode::Char('n') => Some(self.shown + 1),
                    KeyCode::Left | KeyCode::Char('p') => Some(self.shown.saturating_sub(1)),
                    KeyCode::Home => Some(0),
                    KeyCode::End => Some(self.last()),
                    _ => None,
                };
                if let Some(step) = step {
                    self.go(step);
                    return false;
                }
            }
        }
        match self.screen.handle(event) {
            ScreenAction::Quit | ScreenAction::QuitNow => true,
            ScreenAction::Jump(n) => {
                if n > self.last() {
                    self.screen.notify(
                        format!("the game has {}", count(self.last(), "move", "moves")),
                        Tone::Warning,
                    );
                } else {
                    self.go(n);
                }
                false
            }
            ScreenAction::Command(c) => {
                self.screen.notify(
                    format!("`{c}` does nothing here; press ? for help"),
                    Tone::Warning,
                );
                false
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crossterm::event::{KeyEvent, KeyModifiers};

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn screen(replay: &mut Replay<'_>) -> String {
        crate::tui::snapshot::render(80, 24, |frame| replay.screen.draw(frame))
    }

    /// A finished game `id` of `moves` (untimed), black resigning, that
    /// ended at Unix millisecond `ended_at_ms`; a rematch of `rematch_of`.
    fn record(id: &str, moves: &[&str], ended_at_ms: u64, rematch_of: Option<&str>) -> GameRecord {
        use amazons_core::RecordMeta;
        use amazons_core::testing::{human, record_of};
        let ended = std::time::UNIX_EPOCH + Duration::from_millis(ended_at_ms);
        let players = BySide::new(human("ann"), human("bob"));
        let mut meta = RecordMeta::new(id, players, std::time::UNIX_EPOCH, ended);
        if let Some(of) = rematch_of {
            meta = meta.rematch_of(of);
        }
        record_of(meta, moves)
    }

    #[test]
    fn each_face_renders_the_header_once_with_the_game_it_is_a_rematch_of() {
        let first = GameSummary::of(&record("g1", &["d1-d7/g7"], 1_700_000_060_000, None));
        let line = "2023-11-14 22:14  ann (white) vs bob (black)  untimed  1 move  white wins by resignation  id g1";
        assert_eq!(plain_header(&first), line);
        assert_eq!(listing_line(3, &first), format!("  3  {line}"));
        let rematch = record("g2", &[], 1_700_000_060_000, Some("g1"));
        let summary = GameSummary::of(&rematch);
        assert!(
            plain_header(&summary).ends_with("id g2  rematch of g1"),
            "{}",
            plain_header(&summary)
        );
        let mut screen = GameScreen::new(Position::start(), BySide::default());
        screen_header(&summary, &mut screen);
        assert_eq!(screen.names, BySide::new("ann".into(), "bob".into()));
        assert_eq!(screen.caption, "game g2, rematch of g1");
        screen_header(&first, &mut screen);
        assert_eq!(screen.caption, "game g1");
        let text = export_text(&rematch);
        assert!(
            text.contains("[Result \"black wins by resignation\"]\n[RematchOf \"g1\"]\n"),
            "{text}"
        );
        assert!(!export_text(&record("g1", &[], 0, None)).contains("RematchOf"));
        let mut out = Vec::new();
        let positions = rematch.replay().unwrap();
        replay_plain(&rematch, &positions, &mut "quit\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with(&format!("{}\n", plain_header(&summary))),
            "{out}"
        );
    }

    #[test]
    fn a_replay_jumps_to_a_typed_move_number_and_offers_no_move_prompt() {
        let record = record("g1", &["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"], 0, None);
        let positions = record.replay().unwrap();
        let mut replay = Replay::new(&record, &positions, Theme::Dark);
        let start = screen(&mut replay);
        assert!(start.contains("replay: move 0 of 3"), "{start}");
        assert!(!start.contains("move> d"), "{start}");
        assert!(start.contains("go to move> "), "{start}");
        for c in "2".chars() {
            replay.handle(&key(KeyCode::Char(c)));
        }
        replay.handle(&key(KeyCode::Enter));
        assert_eq!(replay.shown, 2);
        let second = screen(&mut replay);
        assert!(second.contains("replay: move 2 of 3"), "{second}");
        crate::tui::snapshot::assert_snapshot("replay_move_2", &second);
        replay.handle(&key(KeyCode::Char('9')));
        replay.handle(&key(KeyCode::Enter));
        assert!(screen(&mut replay).contains("the game has 3 moves"));
        replay.handle(&key(KeyCode::End));
        assert!(screen(&mut replay).contains("GAME OVER: white wins by resignation"));
        replay.handle(&key(KeyCode::Char('?')));
        let help = screen(&mut replay);
        assert!(help.contains("go to that move"), "{help}");
        assert!(
            !help.contains("click"),
            "no pointing keys in a replay: {help}"
        );
        crate::tui::snapshot::assert_snapshot("replay_help", &help);
        replay.handle(&key(KeyCode::Esc));
        assert!(replay.handle(&key(KeyCode::Char('q'))));
    }

    #[test]
    fn dates_are_utc() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00");
        assert_eq!(utc_minute(1_700_000_060_000), "2023-11-14 22:14");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00");
    }
}
