//! `history`: list finished games from a directory of records or from a
//! server's HTTP API, replay one move by move, export it as text or JSON.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use amazons_core::{BySide, EndReason, GameRecord, Position, Side};
use amazons_engine::analysis::AnalysisBudget;
use amazons_protocol::{AnalysisStatus, GameAnalysis, GameSummary};
use anyhow::Context;
use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use unicode_width::UnicodeWidthStr;

use crate::cli::{HistoryAction, HistoryArgs};
use crate::face::analysis as face_analysis;
use crate::face::columns::{GAP, one_line, shorten, table_line, widest};
use crate::face::labels::{MoveNumber, full_moves, move_count};
use crate::face::territory::territory_text;
use crate::face::text_board::board_text;
use crate::face::words;
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
            Source::Server(server) => Ok(server.games()?),
        }
    }

    /// One game, named by its number in the list, its id or an id prefix (or,
    /// for a directory, a record file). A directory is read once: the game
    /// is picked from its records' summaries and is the record picked.
    fn fetch(&self, game: &str) -> anyhow::Result<GameRecord> {
        Ok(self.fetch_with_file(game)?.0)
    }

    /// [`Self::fetch`], and the record's file when it is one on this
    /// machine (where its analysis is saved beside it).
    fn fetch_with_file(&self, game: &str) -> anyhow::Result<(GameRecord, Option<PathBuf>)> {
        match self {
            Source::Dir(dir) => {
                let path = Path::new(game);
                if path.is_file() {
                    return Ok((store::history::load(path)?, Some(path.to_path_buf())));
                }
                let mut records = store::history::list_files(dir)?;
                let games: Vec<GameSummary> =
                    records.iter().map(|(_, r)| GameSummary::of(r)).collect();
                let index = pick(&games, game)?;
                let (file, record) = records.swap_remove(index);
                Ok((record, Some(file)))
            }
            Source::Server(server) => {
                let games = server.games()?;
                let index = pick(&games, game)?;
                Ok((server.game(&games[index].id)?, None))
            }
        }
    }

    /// Who analyses `record` (from `file`, when local): the server that
    /// has it, or this machine at `budget`.
    fn analyser(
        &self,
        record: &GameRecord,
        file: Option<PathBuf>,
        budget: AnalysisBudget,
    ) -> Analyser {
        match self {
            Source::Server(server) => Analyser::Server {
                server: server.clone(),
                id: record.id.clone(),
            },
            Source::Dir(_) => Analyser::Local {
                record: Box::new(record.clone()),
                file,
                budget,
            },
        }
    }
}

/// Who analyses a game.
#[derive(Clone, Debug)]
enum Analyser {
    /// The server the game was played on (`POST`, then `GET` until done).
    Server {
        /// Its API.
        server: ServerHttp,
        /// The game.
        id: String,
    },
    /// This machine, saving the analysis beside the record's file.
    Local {
        /// The game (boxed: a record is large beside a server's address).
        record: Box<GameRecord>,
        /// Its file, if it has one.
        file: Option<PathBuf>,
        /// How hard each position is analysed.
        budget: AnalysisBudget,
    },
}

/// How often a server's analysis under way is asked about.
const POLL: Duration = Duration::from_millis(500);

impl Analyser {
    /// The analysis already made at the same budget, if any (a local
    /// game's saved file), so that nothing is analysed twice.
    fn saved(&self) -> Option<GameAnalysis> {
        match self {
            Analyser::Local {
                file: Some(file),
                budget,
                ..
            } => store::analysis::load(&store::analysis::path_for(file)).filter(|a| {
                a.status == AnalysisStatus::Done && a.budget.playouts == budget.playouts
            }),
            _ => None,
        }
    }

    /// The finished analysis, telling `progress` each state on the way.
    fn run(&self, progress: &mut dyn FnMut(&GameAnalysis)) -> anyhow::Result<GameAnalysis> {
        if let Some(saved) = self.saved() {
            return Ok(saved);
        }
        match self {
            Analyser::Server { server, id } => {
                let mut analysis = server.start_analysis(id)?;
                loop {
                    progress(&analysis);
                    match analysis.status {
                        AnalysisStatus::Done => return Ok(analysis),
                        AnalysisStatus::Failed => {
                            anyhow::bail!("{}", face_analysis::progress_line(&analysis, 0))
                        }
                        AnalysisStatus::Queued | AnalysisStatus::Running => {
                            std::thread::sleep(POLL);
                            analysis = server.analysis(id)?;
                        }
                    }
                }
            }
            Analyser::Local {
                record,
                file,
                budget,
            } => {
                let analysis = store::analysis::analyse(record, budget, progress)?;
                if let Some(file) = file {
                    store::analysis::save(&store::analysis::path_for(file), &analysis)?;
                }
                Ok(analysis)
            }
        }
    }
}

/// Where in `games` the game `game` names is: its number in the list, its
/// whole id, or the only id that starts with it.
fn pick(games: &[GameSummary], game: &str) -> anyhow::Result<usize> {
    if let Ok(number) = game.parse::<usize>() {
        if (1..=games.len()).contains(&number) {
            return Ok(number - 1);
        }
    }
    if let Some(exact) = games.iter().position(|g| g.id == game) {
        return Ok(exact);
    }
    let matching: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].id.starts_with(game))
        .collect();
    match matching.as_slice() {
        [one] => Ok(*one),
        [] => anyhow::bail!("{}", t!("history-no-such-game", game = game)),
        _ => anyhow::bail!(
            "{}",
            t!("history-several-games", game = game, count = matching.len())
        ),
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
    let list = HistoryAction::List { wide: false };
    match args.action.as_ref().unwrap_or(&list) {
        HistoryAction::List { wide } => {
            let games = source.list()?;
            if games.is_empty() {
                writeln!(out, "{}", t!("history-no-games"))?;
            } else if *wide {
                for (index, game) in games.iter().enumerate() {
                    writeln!(out, "{}", listing_line(index + 1, game))?;
                }
            } else {
                for line in list_table(&games, terminal_width()) {
                    writeln!(out, "{line}")?;
                }
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
        HistoryAction::Analyse { game, playouts } => {
            let (record, file) = source.fetch_with_file(game)?;
            let budget = playouts.map_or_else(AnalysisBudget::default, |playouts| AnalysisBudget {
                playouts,
            });
            let analyser = source.analyser(&record, file, budget);
            let analysis = analyser.run(&mut progress_printer())?;
            write!(out, "{}", analysis_text(&record, &analysis))?;
            Ok(())
        }
        HistoryAction::Show { game } => {
            let (record, file) = source.fetch_with_file(game)?;
            let positions = record
                .replay()
                .with_context(|| t!("history-does-not-replay", id = record.id.as_str()))?;
            let analyser = source.analyser(&record, file, AnalysisBudget::default());
            if plain {
                let stdin = std::io::stdin();
                replay_plain(
                    &record,
                    &positions,
                    Some(&analyser),
                    &mut stdin.lock(),
                    &mut out,
                )
            } else {
                crate::tui::terminal::with_terminal(|terminal| {
                    replay_tui(&record, &positions, analyser, terminal, theme)
                })
            }
        }
    }
}

/// Columns of the progress bar.
const BAR: usize = 20;
/// Columns the plain analysis's sparkline line takes with its label, so it
/// stays within 80 columns however long the game.
const SPARKLINE_LINE: usize = 80;

/// What `history analyse` prints while it waits: the progress line on
/// stderr, rewritten in place on a terminal, else a line whenever it
/// changes.
fn progress_printer() -> impl FnMut(&GameAnalysis) {
    use std::io::IsTerminal;
    let terminal = std::io::stderr().is_terminal();
    let mut last = String::new();
    move |analysis| {
        let line = face_analysis::progress_line(analysis, BAR);
        if line != last {
            if terminal {
                eprint!("\r{line}");
                if analysis.status == AnalysisStatus::Done {
                    eprintln!();
                }
            } else {
                eprintln!("{line}");
            }
            last = line;
        }
    }
}

/// A game's analysis as text: the record's header, what analysed it, one
/// line per position (its eval, the move played from it with its class,
/// the engine's move when another), White's win chance as a sparkline,
/// and each player's summary.
fn analysis_text(record: &GameRecord, analysis: &GameAnalysis) -> String {
    let first_ply = record.replay().map_or(0, |p| p[0].ply());
    let mut lines: Vec<String> = plain_header(&GameSummary::of(record)).into();
    lines.push(t!("analysis-by", engine = analysis.budget.engine.as_str()));
    lines.push(String::new());
    lines.extend(
        analysis
            .plies
            .iter()
            .map(|ply| face_analysis::ply_line(ply, first_ply)),
    );
    lines.push(String::new());
    let label = t!("analysis-sparkline", line = "").width();
    let room = SPARKLINE_LINE.saturating_sub(label).max(1);
    lines.push(t!(
        "analysis-sparkline",
        line = face_analysis::sparkline(analysis, room)
    ));
    if let Some(summary) = &analysis.summary {
        for side in Side::BOTH {
            lines.push(face_analysis::summary_line(side, &summary[side]));
        }
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
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

/// A record's header on the plain face: who played, then the clocks, the
/// length, the result and when the game ended, then the id and the game it
/// is a rematch of. A replay prints these lines first (each fits 80
/// columns unless a name is very long); `list --wide` joins them on its
/// one line per game. The one place the plain face says these.
fn plain_header(game: &GameSummary) -> [String; 3] {
    let mut id = format!("id {}", game.id);
    if let Some(of) = &game.rematch_of {
        id.push_str(&t!("history-rematch-of", id = of.as_str()));
    }
    [
        t!(
            "history-players",
            white = one_line(&game.white.name),
            black = one_line(&game.black.name)
        ),
        t!(
            "history-game-line",
            time = words::time_control(game.time_control),
            moves = move_count(game.moves as usize),
            result = words::outcome(game.result),
            ended = utc_minute(game.ended_at_ms)
        ),
        id,
    ]
}

/// A record's header on the full-screen face: the players' names on the
/// board's sides, and under the status the id and the game it is a rematch
/// of (the result shows as the game's outcome once the last move is on the
/// board). The one place the full-screen face says these.
fn screen_header(game: &GameSummary, screen: &mut GameScreen) {
    screen.names = BySide::new(game.white.name.clone(), game.black.name.clone());
    screen.caption = match &game.rematch_of {
        Some(of) => t!(
            "history-caption-rematch",
            id = game.id.as_str(),
            of = of.as_str()
        ),
        None => t!("history-caption", id = game.id.as_str()),
    };
}

/// A game on one line of `history list --wide`: its number, then its whole
/// header however long.
fn listing_line(number: usize, game: &GameSummary) -> String {
    format!("{number:>3}  {}", plain_header(game).join("  "))
}

/// Columns of the list by index: the game's number and its length (both
/// right-aligned), and the names (which share what room is left).
const NUMBER: usize = 0;
const WHITE: usize = 2;
const BLACK: usize = 3;
const MOVES: usize = 5;

/// Names are never cut shorter than this, however narrow the terminal.
const MIN_NAME: usize = 6;

/// Ids are shown by their first this many characters (more where two
/// games share them), enough to name a game to `show` and `export`.
const ID_PREFIX: usize = 8;

/// The list as a table, one line per game, each at most `width` columns
/// wide: `#` (what `show` and `export` take), when the game ended, the
/// players (long names cut with `…` in the middle, so `amazons-engine
/// level 1` keeps its level), the winner, the length in moves as the move
/// list numbers them, and the id's shortest prefix that names only that
/// game. A header line names the columns; `--wide`
/// shows the rest (clock, how the game ended, whole names and ids).
fn list_table(games: &[GameSummary], width: usize) -> Vec<String> {
    let id_len = unique_prefix_len(games.iter().map(|g| g.id.as_str()));
    let rows: Vec<[String; 7]> = games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            [
                (index + 1).to_string(),
                utc_minute(game.ended_at_ms),
                one_line(&game.white.name),
                one_line(&game.black.name),
                game.result
                    .winner
                    .map_or_else(|| t!("games-no-winner"), words::side_short),
                full_moves(game.moves as usize).to_string(),
                game.id.chars().take(id_len).collect(),
            ]
        })
        .collect();
    let header = [
        "#".to_string(),
        t!("games-heading-ended"),
        t!("lobby-column-white"),
        t!("lobby-column-black"),
        t!("games-column-winner"),
        t!("games-heading-moves"),
        "id".to_string(),
    ];
    let natural: [usize; 7] = widest(&header, &rows);
    let mut widths = natural;
    let right: [bool; 7] = std::array::from_fn(|column| [NUMBER, MOVES].contains(&column));
    let fixed: usize = (0..widths.len())
        .filter(|c| ![WHITE, BLACK].contains(c))
        .map(|c| widths[c])
        .sum::<usize>()
        + GAP.len() * (widths.len() - 1);
    // The names share what is left: each gets half, and what one does not
    // need goes to the other.
    let room = width.saturating_sub(fixed);
    let (white, black) = (widths[WHITE], widths[BLACK]);
    widths[WHITE] = white.min(room.saturating_sub(black.min(room / 2)));
    widths[BLACK] = black.min(room.saturating_sub(widths[WHITE]));
    for column in [WHITE, BLACK] {
        widths[column] = widths[column].max(MIN_NAME.min(natural[column]));
    }
    [header]
        .iter()
        .chain(&rows)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(text, width)| shorten(text, width))
                .collect();
            table_line(&cells, &widths, &right)
        })
        .collect()
}

/// How wide the list may be: the terminal's width, or 80 columns when the
/// output is not a terminal (a file, a pipe).
pub(crate) fn terminal_width() -> usize {
    use std::io::IsTerminal;
    let columns = std::io::stdout()
        .is_terminal()
        .then(crossterm::terminal::size)
        .and_then(Result::ok)
        .map(|(columns, _)| usize::from(columns));
    columns.filter(|c| *c > 0).unwrap_or(80)
}

/// The shortest prefix length, at least [`ID_PREFIX`], at which no two of
/// `ids` look alike (an id shorter than that is shown whole; `show` takes
/// a whole id before a prefix).
fn unique_prefix_len<'a>(ids: impl Iterator<Item = &'a str> + Clone) -> usize {
    let longest = ids.clone().map(|id| id.chars().count()).max().unwrap_or(0);
    (ID_PREFIX..longest.max(ID_PREFIX))
        .find(|&len| {
            let mut seen = std::collections::HashSet::new();
            ids.clone()
                .all(|id| seen.insert(id.chars().take(len).collect::<String>()))
        })
        .unwrap_or(longest.max(ID_PREFIX))
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

/// Where a replay stands, in the move list's numbering: `start`, or the
/// last move on the board and how many plies that is, `move 2, black (ply 4
/// of 9)`. The one place both faces of a replay say it.
fn place(positions: &[Position], shown: usize) -> String {
    let last = positions.len() - 1;
    match shown {
        0 => t!("replay-start-ply", last = last),
        _ => t!(
            "replay-place",
            number = MoveNumber::of_ply(positions[shown - 1].ply()).words(),
            shown = shown,
            last = last
        ),
    }
}

/// Where a typed move number (`2` after white's move 2, `2b` or `2...`
/// after black's, `0` the start) is in `positions`: how many plies of the
/// record are on the board there; else what to tell the person.
fn go_to(positions: &[Position], typed: &str) -> Result<usize, String> {
    if typed.trim() == "0" {
        return Ok(0);
    }
    let wanted: MoveNumber = typed.parse().map_err(|e| format!("{e}"))?;
    let first = positions[0].ply();
    let last = positions.len() - 1;
    match (wanted.ply() + 1).checked_sub(first) {
        Some(shown) if (1..=last).contains(&(shown as usize)) => Ok(shown as usize),
        _ if last == 0 => Err(t!("replay-no-moves")),
        _ => Err(t!(
            "replay-no-such-move",
            typed = typed,
            first = MoveNumber::of_ply(first).words(),
            last = MoveNumber::of_ply(positions[last - 1].ply()).words()
        )),
    }
}

fn replay_plain(
    record: &GameRecord,
    positions: &[Position],
    analyser: Option<&Analyser>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    for line in plain_header(&GameSummary::of(record)) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}", record.move_text())?;
    // The plain replay's commands, printed when it starts.
    writeln!(out, "{}", t!("replay-plain-help"))?;
    let last = positions.len() - 1;
    let first_ply = positions[0].ply();
    let mut shown = 0;
    let mut analysis: Option<GameAnalysis> = None;
    loop {
        let mut caption = place(positions, shown);
        if let Some(played) = shown.checked_sub(1).map(|i| record.moves[i].mv) {
            caption = t!(
                "replay-caption-move",
                place = caption,
                played = played.to_string()
            );
        }
        writeln!(out, "{}\n{caption}", board_text(&positions[shown]))?;
        if let Some(analysis) = &analysis {
            if let Some(ply) = analysis.plies.get(shown) {
                let eval = face_analysis::eval_words(ply);
                writeln!(out, "{}", t!("analysis-eval", eval = eval))?;
            }
            let before = shown.checked_sub(1).and_then(|k| analysis.plies.get(k));
            if let Some(played) = before.and_then(|p| face_analysis::played_words(p, first_ply)) {
                writeln!(out, "{played}")?;
            }
        }
        write!(out, "{} ", t!("replay-prompt"))?;
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
            "territory" => {
                writeln!(out, "{}", territory_text(&positions[shown]))?;
                shown
            }
            "finish" => {
                let finish = finish_positions(record, positions[last]);
                match (&record.territory, finish.last()) {
                    (Some(end), Some(after)) => {
                        let moves: Vec<String> = end.finish.iter().map(|m| m.to_string()).collect();
                        writeln!(
                            out,
                            "{}\n{}",
                            t!(
                                "replay-plain-finish",
                                plies = moves.len(),
                                moves = moves.join(" ")
                            ),
                            board_text(after)
                        )?;
                    }
                    _ => writeln!(out, "{}", t!("replay-no-finish"))?,
                }
                shown
            }
            "analyse" => {
                match analyser.map(|a| a.run(&mut progress_printer())) {
                    Some(Ok(done)) => {
                        for side in Side::BOTH {
                            if let Some(summary) = &done.summary {
                                writeln!(
                                    out,
                                    "{}",
                                    face_analysis::summary_line(side, &summary[side])
                                )?;
                            }
                        }
                        analysis = Some(done);
                    }
                    Some(Err(e)) => writeln!(out, "{e:#}")?,
                    None => {}
                }
                shown
            }
            text => match go_to(positions, text) {
                Ok(n) => n,
                Err(why) => {
                    writeln!(out, "{why}")?;
                    shown
                }
            },
        };
    }
}

fn replay_tui(
    record: &GameRecord,
    positions: &[Position],
    analyser: Analyser,
    terminal: &mut ratatui::DefaultTerminal,
    theme: Theme,
) -> anyhow::Result<()> {
    let mut replay = Replay::new(record, positions, theme);
    replay.analyser = Some(analyser);
    loop {
        replay.receive();
        terminal.draw(|frame| replay.screen.draw(frame))?;
        if !event::poll(Duration::from_millis(250))? {
            continue;
        }
        if replay.handle(&event::read()?) {
            return Ok(());
        }
    }
}

/// What an analysis running on its own thread tells the replay.
enum AnalysisNews {
    /// Where it is.
    Progress(GameAnalysis),
    /// It finished, or why not.
    Finished(Result<GameAnalysis, String>),
}

/// The replay's analysis: not asked for, under way (its thread's news and
/// the last progress), done, or failed.
enum ReplayAnalysis {
    /// `a` has not been pressed.
    NotAsked,
    /// Under way on its own thread.
    Running {
        /// The thread's news.
        news: std::sync::mpsc::Receiver<AnalysisNews>,
        /// The last progress heard.
        latest: Option<GameAnalysis>,
    },
    /// Done: shown beside the board.
    Done(GameAnalysis),
    /// Failed: why.
    Failed(String),
}

/// Columns of the replay's sparkline and progress bar (each fits its line
/// in the panel beside the board at 80 columns).
const REPLAY_SPARKLINE: usize = 40;
const REPLAY_BAR: usize = 10;

/// A finished game shown move by move on the game screen: no move can be
/// made, so there is no move prompt; the typing line takes a move number
/// as the move list numbers them (`2`, `2b`). `a` analyses the game (or
/// shows its analysis); then `[` and `]` go to the previous and next
/// mistake.
struct Replay<'a> {
    /// The game.
    record: &'a GameRecord,
    /// Every position, the start first.
    positions: &'a [Position],
    /// How many of the record's plies are on the board.
    shown: usize,
    /// The screen.
    screen: GameScreen,
    /// Who analyses the game when `a` is pressed (none in tests that do
    /// not analyse).
    analyser: Option<Analyser>,
    /// The analysis.
    analysis: ReplayAnalysis,
    /// The positions of the proven finish, after the game's last (empty
    /// unless it ended on territory).
    finish: Vec<Position>,
    /// Whether the proven finish is played on after the game (`f`).
    show_finish: bool,
}

/// The positions of a game's proven finish (`record.territory.finish`, a
/// game ended on territory) after each of its moves from `last`, the game's
/// final position; empty when there is none or a move does not play.
fn finish_positions(record: &GameRecord, last: Position) -> Vec<Position> {
    let Some(end) = &record.territory else {
        return Vec::new();
    };
    let mut at = last;
    let mut positions = Vec::with_capacity(end.finish.len());
    for mv in &end.finish {
        match at.play(*mv) {
            Ok(next) => {
                at = next;
                positions.push(next);
            }
            Err(_) => return Vec::new(),
        }
    }
    positions
}

impl<'a> Replay<'a> {
    fn new(record: &'a GameRecord, positions: &'a [Position], theme: Theme) -> Replay<'a> {
        let mut screen = GameScreen::new(positions[0], BySide::default());
        screen_header(&GameSummary::of(record), &mut screen);
        screen.theme = theme;
        screen.typing = Typing::MoveNumber;
        screen.territory_allowed = true;
        let mut replay = Replay {
            record,
            positions,
            shown: 0,
            screen,
            analyser: None,
            analysis: ReplayAnalysis::NotAsked,
            finish: finish_positions(record, positions[positions.len() - 1]),
            show_finish: false,
        };
        replay.set_keys();
        replay.go(0);
        replay
    }

    /// The last stage shown: the game's final position, or the proven
    /// finish's last when it is played on.
    fn last(&self) -> usize {
        self.game_last()
            + if self.show_finish {
                self.finish.len()
            } else {
                0
            }
    }

    /// The game's final position.
    fn game_last(&self) -> usize {
        self.positions.len() - 1
    }

    /// The keys for the state of the analysis.
    fn set_keys(&mut self) {
        let mut keys = vec![("←/→", "keys-step"), ("Home/End", "keys-first-last")];
        match self.analysis {
            ReplayAnalysis::NotAsked | ReplayAnalysis::Failed(_) => {
                keys.push(("a", "keys-analyse"));
            }
            ReplayAnalysis::Running { .. } => {}
            ReplayAnalysis::Done(_) => keys.push(("[/]", "keys-mistakes")),
        }
        if !self.finish.is_empty() {
            keys.push(("f", "keys-proven-finish"));
        }
        self.screen.keys = keys;
    }

    /// Shows the board after `shown` plies (beyond the game's last, the
    /// proven finish's: the move list stays at the game's end).
    fn go(&mut self, shown: usize) {
        self.shown = shown.min(self.last());
        let moves = self.record.moves.iter().map(|m| m.mv).collect();
        let game_last = self.game_last();
        match self.shown.checked_sub(game_last + 1) {
            Some(k) => {
                self.screen.show_game(self.finish[k], moves, game_last);
                // The move list stays at the game's end, so the status
                // names the finish's move on the board.
                let before = if k == 0 {
                    self.positions[game_last]
                } else {
                    self.finish[k - 1]
                };
                let played = self.record.territory.as_ref().map(|end| end.finish[k]);
                let mut status = t!(
                    "replay-finish-status",
                    step = k + 1,
                    steps = self.finish.len()
                );
                if let Some(played) = played {
                    status.push_str("  ");
                    status.push_str(&t!(
                        "replay-finish-move",
                        side = crate::face::words::side(before.turn()),
                        played = played.to_string()
                    ));
                }
                self.screen.status = status;
            }
            None => {
                self.screen
                    .show_game(self.positions[self.shown], moves, self.shown);
                self.screen.status = t!("replay-status", place = place(self.positions, self.shown));
            }
        }
        self.screen.outcome = (self.shown >= game_last).then_some(self.record.result);
        self.screen.margin = self.record.territory.as_ref().map(|t| t.margin);
        self.screen.notes = self.analysis_notes();
    }

    /// `f`: plays the proven finish on after the game (from its first
    /// move), or takes it away; or says the game has none.
    fn toggle_finish(&mut self) {
        if self.finish.is_empty() {
            self.screen.notify(t!("replay-no-finish"), Tone::Info);
            return;
        }
        self.show_finish = !self.show_finish;
        let at = if self.show_finish {
            self.game_last() + 1
        } else {
            self.shown.min(self.game_last())
        };
        self.go(at);
    }

    /// What the analysis says beside the board: its progress, or the
    /// position's eval, how the move that led here was judged and what the
    /// engine preferred, White's win chance as a sparkline with this
    /// position marked under it, and the players' accuracy.
    fn analysis_notes(&self) -> Vec<String> {
        match &self.analysis {
            ReplayAnalysis::NotAsked => Vec::new(),
            ReplayAnalysis::Running { latest, .. } => vec![match latest {
                Some(analysis) => face_analysis::progress_line(analysis, REPLAY_BAR),
                None => t!("analysis-starting"),
            }],
            ReplayAnalysis::Failed(why) => vec![why.clone()],
            ReplayAnalysis::Done(analysis) => {
                let first_ply = self.positions[0].ply();
                let mut notes = Vec::new();
                if let Some(ply) = analysis.plies.get(self.shown) {
                    let mut eval = t!("analysis-eval", eval = face_analysis::eval_words(ply));
                    if let Some(best) = ply.eval.best {
                        eval.push_str("  ");
                        eval.push_str(&t!("analysis-best-move", best = best.to_string()));
                    }
                    notes.push(eval);
                }
                let before = self
                    .shown
                    .checked_sub(1)
                    .and_then(|k| analysis.plies.get(k));
                if let Some(played) = before.and_then(|p| face_analysis::played_words(p, first_ply))
                {
                    notes.push(played);
                }
                let spark = face_analysis::sparkline(analysis, REPLAY_SPARKLINE);
                let column = face_analysis::sparkline_column(
                    analysis.plies.len(),
                    REPLAY_SPARKLINE,
                    self.shown.min(self.game_last()),
                );
                notes.push(spark);
                notes.push(format!("{}^", "-".repeat(column)));
                if let Some(summary) = &analysis.summary {
                    notes.push(t!(
                        "analysis-accuracy",
                        white = format!("{:.1}", summary[Side::First].accuracy),
                        black = format!("{:.1}", summary[Side::Second].accuracy)
                    ));
                }
                notes
            }
        }
    }

    /// Starts the analysis (`a`) on its own thread.
    fn start_analysis(&mut self) {
        let Some(analyser) = self.analyser.clone() else {
            return;
        };
        if let Some(saved) = analyser.saved() {
            self.finish(Ok(saved));
            return;
        }
        let (send, news) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let progress = send.clone();
            let result = analyser.run(&mut |a| {
                let _ = progress.send(AnalysisNews::Progress(a.clone()));
            });
            let _ = send.send(AnalysisNews::Finished(result.map_err(|e| format!("{e:#}"))));
        });
        self.analysis = ReplayAnalysis::Running { news, latest: None };
        self.set_keys();
        self.go(self.shown);
    }

    /// Takes in what the analysis thread said since the last frame.
    fn receive(&mut self) {
        let ReplayAnalysis::Running { news, latest } = &mut self.analysis else {
            return;
        };
        let mut finished = None;
        while let Ok(item) = news.try_recv() {
            match item {
                AnalysisNews::Progress(a) => *latest = Some(a),
                AnalysisNews::Finished(result) => finished = Some(result),
            }
        }
        match finished {
            Some(result) => self.finish(result),
            None => self.screen.notes = self.analysis_notes(),
        }
    }

    /// The analysis is over: shown, or why not.
    fn finish(&mut self, result: Result<GameAnalysis, String>) {
        self.analysis = match result {
            Ok(analysis) => ReplayAnalysis::Done(analysis),
            Err(why) => ReplayAnalysis::Failed(why),
        };
        self.set_keys();
        self.go(self.shown);
    }

    /// `[` or `]`: the previous or next faulty move, or why not.
    fn go_to_fault(&mut self, forward: bool) {
        let ReplayAnalysis::Done(analysis) = &self.analysis else {
            self.screen
                .notify(t!("replay-analyse-first"), Tone::Warning);
            return;
        };
        match face_analysis::next_fault(analysis, self.shown, forward) {
            Some(at) => self.go(at),
            None => self
                .screen
                .notify(t!("replay-no-more-mistakes"), Tone::Info),
        }
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
            ScreenAction::Jump(typed) => {
                match go_to(self.positions, &typed) {
                    Ok(shown) => self.go(shown),
                    Err(why) => self.screen.notify(why, Tone::Warning),
                }
                false
            }
            ScreenAction::Command('a') if self.analyser.is_some() => {
                match self.analysis {
                    ReplayAnalysis::NotAsked | ReplayAnalysis::Failed(_) => self.start_analysis(),
                    ReplayAnalysis::Running { .. } | ReplayAnalysis::Done(_) => {}
                }
                false
            }
            ScreenAction::Command(']') => {
                self.go_to_fault(true);
                false
            }
            ScreenAction::Command('f') => {
                self.toggle_finish();
                false
            }
            ScreenAction::Command('[') => {
                self.go_to_fault(false);
                false
            }
            ScreenAction::Command(c) => {
                self.screen
                    .notify(t!("key-does-nothing", key = c.to_string()), Tone::Warning);
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
        let header = [
            "ann (white) vs bob (black)",
            "untimed  1 move  white wins by resignation  ended 2023-11-14 22:14 UTC",
            "id g1",
        ];
        assert_eq!(plain_header(&first), header);
        assert_eq!(
            listing_line(3, &first),
            format!("  3  {}", header.join("  "))
        );
        let rematch = record("g2", &[], 1_700_000_060_000, Some("g1"));
        let summary = GameSummary::of(&rematch);
        assert_eq!(plain_header(&summary)[2], "id g2  rematch of g1");
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
        replay_plain(
            &rematch,
            &positions,
            None,
            &mut "quit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with(&format!("{}\n", plain_header(&summary).join("\n"))),
            "{out}"
        );
    }

    /// A game that ended on territory in `fen` (separated, counted by the
    /// engine) before anyone moved: its record, with the proven finish.
    fn decided_record(fen: &str) -> GameRecord {
        use amazons_core::{Outcome, TerritoryEnd};
        use amazons_engine::territory::{SOLVE_BUDGET, solve};
        let position = Position::from_fen(fen).unwrap();
        let solved = solve(&position, SOLVE_BUDGET).unwrap();
        let mut decided = record("g9", &[], 0, None);
        decided.initial_fen = Some(position.fen());
        decided.final_fen = position.fen();
        decided.result = Outcome {
            winner: Some(solved.winner()),
            reason: EndReason::Territory,
        };
        decided.territory = Some(TerritoryEnd {
            margin: solved.margin(),
            moves_left: solved.moves_left(),
            finish: solved.finish().to_vec(),
        });
        decided
    }

    /// Rank 1 only: White has 5 squares, Black 2; White to move wins by 3.
    const RANK_ONE: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q5*2q w";

    #[test]
    fn f_plays_the_proven_finish_on_after_a_game_ended_on_territory_and_takes_it_away() {
        let decided = decided_record(RANK_ONE);
        let finish = decided.territory.as_ref().unwrap().finish.clone();
        assert!(finish.len() >= 3, "{finish:?}");
        let positions = decided.replay().unwrap();
        let mut replay = Replay::new(&decided, &positions, Theme::Dark);
        assert!(screen(&mut replay).contains("f proven finish"));
        replay.handle(&key(KeyCode::Char('f')));
        let first = screen(&mut replay);
        assert!(
            first.contains(&format!(
                "replay: proven finish, ply 1 of {} (not played)",
                finish.len()
            )),
            "{first}"
        );
        assert_eq!(
            replay.screen.position,
            positions[0].play(finish[0]).unwrap(),
            "the board after the finish's first move"
        );
        assert!(
            first.contains(&format!("white plays {}", finish[0])),
            "the finish's move is named: {first}"
        );
        replay.handle(&key(KeyCode::Right));
        assert!(
            screen(&mut replay).contains(&format!("black plays {}", finish[1])),
            "{}",
            screen(&mut replay)
        );
        replay.handle(&key(KeyCode::End));
        let mut end = positions[0];
        for mv in &finish {
            end = end.play(*mv).unwrap();
        }
        assert_eq!(replay.screen.position, end);
        assert!(!end.has_legal_move(), "the loser is stuck at its end");
        for line in screen(&mut replay).lines() {
            assert!(line.width() <= 80, "{line}");
        }
        replay.handle(&key(KeyCode::Char('f')));
        assert_eq!(replay.shown, 0, "back to the game's last position");
        assert_eq!(replay.screen.position, positions[0]);
        replay.handle(&key(KeyCode::End));
        assert_eq!(replay.shown, 0, "the game has no moves beyond it");

        // A game that did not end on territory has none to show.
        let resigned = record("g1", &["d1-d7/g7"], 0, None);
        let positions = resigned.replay().unwrap();
        let mut replay = Replay::new(&resigned, &positions, Theme::Dark);
        assert!(!screen(&mut replay).contains("proven finish"));
        replay.handle(&key(KeyCode::Char('f')));
        assert!(
            screen(&mut replay).contains("this game has no proven finish"),
            "{}",
            screen(&mut replay)
        );
    }

    #[test]
    fn the_plain_replay_prints_the_proven_finish_and_its_last_board() {
        let decided = decided_record(RANK_ONE);
        let finish = &decided.territory.as_ref().unwrap().finish;
        let positions = decided.replay().unwrap();
        let mut out = Vec::new();
        replay_plain(
            &decided,
            &positions,
            None,
            &mut "finish\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let moves: Vec<String> = finish.iter().map(|m| m.to_string()).collect();
        assert!(
            out.contains(&format!(
                "proven finish ({} plies, not played): {}",
                moves.len(),
                moves.join(" ")
            )),
            "{out}"
        );
    }

    /// Types `text` on the replay's line and presses Enter.
    fn type_in(replay: &mut Replay<'_>, text: &str) {
        for c in text.chars() {
            replay.handle(&key(KeyCode::Char(c)));
        }
        replay.handle(&key(KeyCode::Enter));
    }

    #[test]
    fn a_replay_goes_to_a_move_as_the_move_list_numbers_it_and_offers_no_move_prompt() {
        let moves = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5", "d10-d8/d9"];
        let record = record("g1", &moves, 0, None);
        let positions = record.replay().unwrap();
        let mut replay = Replay::new(&record, &positions, Theme::Dark);
        let start = screen(&mut replay);
        assert!(start.contains("replay: start (ply 0 of 4)"), "{start}");
        assert!(!start.contains("move> d"), "{start}");
        assert!(start.contains("go to move> "), "{start}");
        // `2` is white's second move, the list's `2. g1-g4/g5`: three plies.
        type_in(&mut replay, "2");
        assert_eq!(replay.shown, 3);
        let second = screen(&mut replay);
        assert!(
            second.contains("replay: move 2, white (ply 3 of 4)"),
            "{second}"
        );
        crate::tui::snapshot::assert_snapshot("replay_move_2", &second);
        for (typed, shown) in [("1b", 2), ("1...", 2), ("2b", 4), ("1", 1), ("0", 0)] {
            type_in(&mut replay, typed);
            assert_eq!(replay.shown, shown, "{typed}");
        }
        type_in(&mut replay, "1b");
        assert!(screen(&mut replay).contains("replay: move 1, black (ply 2 of 4)"));
        type_in(&mut replay, "9");
        let beyond = screen(&mut replay);
        assert!(
            beyond.contains("no move 9 in this game: it runs from move 1, white to move 2,"),
            "{beyond}"
        );
        assert_eq!(replay.shown, 2, "a move not in the game moves nothing");
        replay.handle(&key(KeyCode::Char('b')));
        assert!(
            screen(&mut replay).contains("`b` does nothing here"),
            "a side's mark alone is no move number"
        );
        replay.handle(&key(KeyCode::End));
        assert!(screen(&mut replay).contains("GAME OVER: black wins by resignation"));
        replay.handle(&key(KeyCode::Char('?')));
        let help = screen(&mut replay);
        assert!(
            help.contains("2b, Enter  the board after black's move 2 (or type 2...)"),
            "{help}"
        );
        assert!(
            !help.contains("click"),
            "no pointing keys in a replay: {help}"
        );
        crate::tui::snapshot::assert_snapshot("replay_help", &help);
        replay.handle(&key(KeyCode::Esc));
        assert!(replay.handle(&key(KeyCode::Char('q'))));
    }

    /// A legal game of `plies` moves, each picked from the legal ones by
    /// a fixed pseudo-random sequence (the same game every run).
    fn long_game(plies: usize) -> Vec<String> {
        let mut position = Position::start();
        let mut moves = Vec::new();
        let mut seed: u64 = 7;
        for _ in 0..plies {
            let legal = position.legal_moves();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            moves.push(mv.to_string());
            position = position.play(mv).unwrap();
        }
        moves
    }

    #[test]
    fn a_long_replay_opens_with_the_move_list_at_its_top_and_hints_whole_in_both_languages() {
        let moves = long_game(40);
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let record = record("g1", &moves, 0, None);
        let positions = record.replay().unwrap();
        for lang in [crate::tr::Lang::En, crate::tr::Lang::ZhCn] {
            crate::tr::with_lang(lang, || {
                let mut replay = Replay::new(&record, &positions, Theme::Dark);
                replay.finish(Ok(crate::face::analysis::tests::analysis(
                    &[0.5; 41],
                    &[amazons_protocol::MoveClass::Good; 40],
                )));
                let text = screen(&mut replay);
                assert!(
                    text.contains(&format!("  1. {}", moves[0])),
                    "the list starts at move 1: {text}"
                );
                assert!(!text.contains(moves[39]), "not at its end: {text}");
                assert_hints_whole(&mut replay);
                replay.handle(&key(KeyCode::End));
                assert!(
                    screen(&mut replay).contains(moves[39]),
                    "{}",
                    screen(&mut replay)
                );
                // Most keys: not analysed, and a proven finish to play.
                let decided = decided_record(RANK_ONE);
                let positions = decided.replay().unwrap();
                let mut replay = Replay::new(&decided, &positions, Theme::Dark);
                assert_hints_whole(&mut replay);
                replay.finish(Ok(crate::face::analysis::tests::analysis(&[0.5], &[])));
                assert_hints_whole(&mut replay);
            });
        }
    }

    /// Each key hint of the replay at 80x24 is on one line, its key with
    /// its word.
    fn assert_hints_whole(replay: &mut Replay<'_>) {
        let text = screen(replay);
        let hints: Vec<String> = replay
            .screen
            .keys
            .iter()
            .map(|(k, what)| format!("{k} {}", crate::tr::message(what, &[])))
            .chain([
                t!("hint-territory"),
                t!("hint-flip"),
                t!("hint-help"),
                t!("hint-quit"),
            ])
            .collect();
        for hint in hints {
            assert!(
                text.lines().any(|line| line.contains(&hint)),
                "{hint:?} is split: {text}"
            );
        }
    }

    #[test]
    fn the_plain_analysis_of_a_long_game_fits_80_columns_in_both_languages() {
        let moves = long_game(70);
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let record = record("g1", &moves, 0, None);
        let analysis = crate::face::analysis::tests::analysis(
            &(0..=70).map(|k| k as f32 / 70.0).collect::<Vec<_>>(),
            &[amazons_protocol::MoveClass::Good; 70],
        );
        for lang in [crate::tr::Lang::En, crate::tr::Lang::ZhCn] {
            crate::tr::with_lang(lang, || {
                let text = analysis_text(&record, &analysis);
                let graph = text.lines().find(|l| l.contains('█')).expect("the graph");
                assert!(graph.width() <= 80, "{} columns: {graph}", graph.width());
                assert!(graph.width() >= 78, "it uses the room: {graph}");
            });
        }
    }

    #[test]
    fn a_replays_analysis_shows_the_eval_the_judgement_and_the_sparkline_and_finds_mistakes() {
        use amazons_protocol::MoveClass::*;
        let moves = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5", "d10-d8/d9"];
        let record = record("g1", &moves, 0, None);
        let positions = record.replay().unwrap();
        let mut analysis = crate::face::analysis::tests::analysis(
            &[0.5, 0.6, 0.2, 0.25, 0.9],
            &[Best, Good, Blunder, Mistake],
        );
        analysis.summary = Some(BySide::new(
            amazons_protocol::PlayerSummary {
                accuracy: 61.5,
                ..Default::default()
            },
            amazons_protocol::PlayerSummary {
                accuracy: 90.0,
                ..Default::default()
            },
        ));
        for (lang, name) in [
            (crate::tr::Lang::En, "replay_analysis"),
            (crate::tr::Lang::ZhCn, "zh_replay_analysis"),
        ] {
            crate::tr::with_lang(lang, || {
                let mut replay = Replay::new(&record, &positions, Theme::Dark);
                assert!(screen(&mut replay).contains(&format!("a {}", t!("keys-analyse"))));
                replay.handle(&key(KeyCode::Char(']')));
                assert_eq!(replay.shown, 0, "nothing to go to before the analysis");
                replay.finish(Ok(analysis.clone()));
                replay.handle(&key(KeyCode::Char(']')));
                assert_eq!(replay.shown, 3, "after white's blunder g1-g4/g5");
                let text = screen(&mut replay);
                for note in &replay.screen.notes {
                    assert!(
                        crate::tui::snapshot::shows_whole(&text, note),
                        "{note}: {text}"
                    );
                }
                crate::tui::snapshot::assert_snapshot(name, &text);
            });
        }
        let mut replay = Replay::new(&record, &positions, Theme::Dark);
        replay.finish(Ok(analysis));
        replay.go(3);
        assert_eq!(
            replay.screen.notes,
            [
                "engine: black 75%  best d1-d7/g7",
                "2. g1-g4/g5  blunder (-25%)  best d1-d7/g7",
                "▅▅▂▃█",
                "---^",
                "accuracy: white 61.5% · black 90.0%",
            ]
        );
        replay.handle(&key(KeyCode::Char(']')));
        assert_eq!(replay.shown, 4, "then black's mistake");
        replay.handle(&key(KeyCode::Char(']')));
        assert!(screen(&mut replay).contains("no more mistakes that way"));
        replay.handle(&key(KeyCode::Char('[')));
        assert_eq!(replay.shown, 3);
        replay.handle(&key(KeyCode::Char('m')));
        assert!(
            screen(&mut replay).contains("territory: white "),
            "the territory shows in a replay"
        );
    }

    #[test]
    fn the_list_fits_its_width_and_names_each_game_by_a_prefix_of_its_id() {
        let long = "Alexandra Konstantinopoulou";
        let games: Vec<GameSummary> = [
            record(
                "70feb838-c2c5",
                &["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"],
                60_000,
                None,
            ),
            record("70feb838-ffff", &[], 120_000, Some("70feb838-c2c5")),
        ]
        .iter()
        .map(|r| {
            let mut summary = GameSummary::of(r);
            summary.white.name = long.to_string();
            summary.black.name = "amazons-engine level 1".to_string();
            summary
        })
        .collect();
        let table = list_table(&games, 80);
        assert_eq!(
            table,
            [
                "#  ended (UTC)       white            black            winner  moves  id",
                "1  1970-01-01 00:01  Alexand…opoulou  amazons…level 1  white       2  70feb838-c",
                "2  1970-01-01 00:02  Alexand…opoulou  amazons…level 1  black       0  70feb838-f",
            ]
        );
        let wide = list_table(&games, 200);
        assert!(wide[1].contains(long), "{wide:?}");
        let mut short_black = games.clone();
        short_black[0].black.name = "bob".into();
        let table = list_table(&short_black[..1], 80);
        assert!(
            table[1].starts_with("1  1970-01-01 00:01  Alexandra Konstantinopoulou  bob    white"),
            "a short name leaves its room to the other: {table:?}"
        );
        assert!(table[1].width() <= 80);
        assert_eq!(unique_prefix_len(["ab", "abc"].into_iter()), 8);
        let short: Vec<GameSummary> = ["g1", "g10", "g11"]
            .iter()
            .map(|id| GameSummary::of(&record(id, &[], 0, None)))
            .collect();
        assert_eq!(
            short[pick(&short, "g1").unwrap()].id,
            "g1",
            "a whole id first"
        );
        assert_eq!(short[pick(&short, "3").unwrap()].id, "g11", "then a number");
        let error = pick(&short, "g").unwrap_err().to_string();
        assert!(error.contains("matches 3 games"), "{error}");
    }

    #[test]
    fn dates_are_utc() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00");
        assert_eq!(utc_minute(1_700_000_060_000), "2023-11-14 22:14");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00");
    }
}
