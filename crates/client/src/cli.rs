//! The command line: `play`, `bot`, `local`, `history`, `leaderboard` and
//! `tournament`, and the words they accept (player kinds, time controls,
//! formats).

use std::path::PathBuf;
use std::str::FromStr;

use amazons_core::{Level, PlayerKind, Side, TimeControl};
use amazons_engine::player::{PlayerSpec, Protocol};
use amazons_i18n::Lang;
use amazons_protocol::Vocabulary;
use amazons_protocol::tournament::FormatName;
use clap::{Args, Parser, Subcommand};

use crate::net::address::ServerAddress;
use crate::tui::theme::ThemeChoice;

/// Terminal client for the Game of the Amazons.
#[derive(Debug, Parser)]
#[command(name = "amazons-client", version, about)]
pub struct Cli {
    /// Line-by-line text instead of the full-screen board (automatic when
    /// stdin or stdout is not a terminal).
    #[arg(long, global = true)]
    pub plain: bool,
    /// No terminal bell (it rings when an opponent sits down or moves, when
    /// your time runs low and when a game ends).
    #[arg(long, global = true)]
    pub quiet: bool,
    /// Text colours for a `dark` or `light` terminal, or `auto` (from
    /// $COLORFGBG, else dark). The board has its own colours.
    #[arg(long, global = true, default_value = "auto", value_name = "THEME")]
    pub theme: ThemeChoice,
    /// The file holding your secret player key, which makes your name on a
    /// server yours and carries your rating (`play`, `bot` and `tournament`
    /// send it).
    /// Default: `player-key` in the state directory, made on first use.
    #[arg(long, global = true, env = "AMAZONS_KEY_FILE", value_name = "PATH")]
    pub key_file: Option<PathBuf>,
    /// The language of the screens and messages: `en` or `zh-CN`. Default:
    /// from the locale (LC_ALL, LC_MESSAGES, LANG), else English. (This
    /// help stays in English.)
    #[arg(
        long,
        global = true,
        env = "AMAZONS_LANG",
        value_name = "LANG",
        value_parser = parse_lang
    )]
    pub lang: Option<Lang>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play on a server: lobby, create or join a match, spectate.
    Play(PlayArgs),
    /// Run a bot that fills empty seats on a server.
    Bot(BotArgs),
    /// Play on this machine: hot seat, against an engine, or watch engines.
    Local(LocalArgs),
    /// List, replay and export finished games.
    History(HistoryArgs),
    /// The server's rated players, best first; with a NAME, that player's
    /// rating, record, rating history and recent games.
    Leaderboard(LeaderboardArgs),
    /// Create, join, run and watch tournaments (round robin or Swiss).
    Tournament(TournamentArgs),
}

/// Options of `tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Server WebSocket address (`ws://HOST:7878/ws`; the server prints it).
    #[arg(long, global = true, default_value = DEFAULT_SERVER)]
    pub server: ServerAddress,
    /// Your name on the server (default: your login name).
    #[arg(long, global = true, env = "AMAZONS_NAME")]
    pub name: Option<String>,
    /// What to do.
    #[command(subcommand)]
    pub action: TournamentAction,
}

/// `tournament` actions. ID is a tournament's id, or the start of one (as
/// `list` shows them).
#[derive(Debug, Subcommand)]
pub enum TournamentAction {
    /// Create a tournament (you are its organiser); prints its id last.
    Create(CreateTournamentArgs),
    /// The server's tournaments.
    List,
    /// Standings, the round's pairings, and a round robin's crosstable.
    Show {
        /// The tournament.
        id: String,
        /// Redraw at every change until it finishes.
        #[arg(long)]
        watch: bool,
    },
    /// Enter the tournament yourself (while it registers).
    Join {
        /// The tournament.
        id: String,
    },
    /// Withdraw (a game pending once started is forfeited).
    Withdraw {
        /// The tournament.
        id: String,
    },
    /// Organiser: close entry and pair round 1.
    Start {
        /// The tournament.
        id: String,
    },
    /// Organiser: start no new round until `resume` (games go on).
    Pause {
        /// The tournament.
        id: String,
    },
    /// Organiser: undo `pause`.
    Resume {
        /// The tournament.
        id: String,
    },
    /// Organiser: end now (games in progress count; no new round).
    End {
        /// The tournament.
        id: String,
    },
    /// Organiser: remove an entrant, as if they had withdrawn.
    Remove {
        /// The tournament.
        id: String,
        /// The entrant's name.
        name: String,
    },
    /// Organiser: enter a computer player (a level 1-7, or an engine's name).
    EnterComputer {
        /// The tournament.
        id: String,
        /// A level, or an engine's name.
        #[arg(value_name = "LEVEL")]
        computer: String,
    },
}

/// A tournament format as typed: a [`FormatName`] with `-` for `_`
/// (`double-round-robin`), any of this version's formats.
fn parse_format(text: &str) -> Result<FormatName, String> {
    let typed = text.trim().to_ascii_lowercase();
    FormatName::ALL
        .iter()
        .copied()
        .find(|name| name.typed() == typed)
        .ok_or_else(|| format!("`{text}`: give {}", format_choices()))
}

/// This version's formats as typed, for the help and the refusal:
/// `round-robin, double-round-robin or swiss`.
fn format_choices() -> String {
    let names: Vec<String> = FormatName::ALL.iter().map(|name| name.typed()).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Options of `tournament create`.
#[derive(Debug, Args)]
pub struct CreateTournamentArgs {
    /// The format (`round-robin` takes `--cycles`, `swiss` needs `--rounds`).
    #[arg(long, value_parser = parse_format, value_name = "FORMAT",
          help = format!("The format: {}", format_choices()))]
    pub format: FormatName,
    /// A Swiss's number of rounds.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: Option<u32>,
    /// A round robin's cycles: 1 (single) or 2 (double). Default 1.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub cycles: Option<u8>,
    /// Every game's clock: `untimed`, or minutes+seconds like `5+3`.
    #[arg(long)]
    pub time: TimeControl,
    /// The games count for ratings.
    #[arg(long)]
    pub rated: bool,
    /// A title for lists (default: made from the format).
    #[arg(long)]
    pub title: Option<String>,
    /// Only these names may join (repeat it); computer players may still be
    /// entered.
    #[arg(long, value_name = "NAME")]
    pub entry: Vec<String>,
    /// Enter one of the server's computer players: a level 1 to 7, or a
    /// configured engine's name (repeat it).
    #[arg(long, value_name = "LEVEL")]
    pub computer: Vec<String>,
}

/// Options of `leaderboard`.
#[derive(Debug, Args)]
pub struct LeaderboardArgs {
    /// The server (its ws:// or http:// address).
    #[arg(long, default_value = DEFAULT_SERVER)]
    pub server: String,
    /// Only people (`human`) or only programs (`bot`).
    #[arg(long, value_parser = parse_kind, conflicts_with = "name")]
    pub kind: Option<PlayerKind>,
    /// Which page of the list (20 players a page).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "name")]
    pub page: u32,
    /// Everything on each line, however long: whole names, the time of the
    /// last game, the public id.
    #[arg(long)]
    pub wide: bool,
    /// A player's page instead of the list.
    pub name: Option<String>,
}

/// `--lang en|zh-CN` (or a locale name, `zh_CN.UTF-8`); empty (an
/// `AMAZONS_LANG=` left empty) means the locale's, as if not given.
fn parse_lang(text: &str) -> Result<Lang, amazons_i18n::UnknownLang> {
    if text.trim().is_empty() {
        Ok(Lang::from_env())
    } else {
        text.parse()
    }
}

/// `--kind human|bot`.
fn parse_kind(text: &str) -> Result<PlayerKind, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "human" | "humans" | "people" => Ok(PlayerKind::Human),
        "bot" | "bots" => Ok(PlayerKind::Bot),
        _ => Err(format!("`{text}`: give human or bot")),
    }
}

/// Default server address (the local server on its default port).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";

/// Options of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Server WebSocket address (`ws://HOST:7878/ws`; the server prints it).
    #[arg(long, default_value = DEFAULT_SERVER)]
    pub server: ServerAddress,
    /// Your name on the server (default: your login name).
    #[arg(long, env = "AMAZONS_NAME")]
    pub name: Option<String>,
}

/// Options of `bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// Server WebSocket address (`ws://HOST:7878/ws`; the server prints it).
    #[arg(long, default_value = DEFAULT_SERVER)]
    pub server: ServerAddress,
    /// Join this match's free seat.
    #[arg(long = "match", value_name = "ID", conflicts_with = "fill")]
    pub match_id: Option<String>,
    /// Take any match waiting for an opponent, game after game.
    #[arg(long, conflicts_with = "tournament")]
    pub fill: bool,
    /// Play in this tournament (its id, or the start of one): join it while
    /// it registers, play every game it pairs (several at once if need
    /// be), and stop when it finishes.
    #[arg(long, value_name = "ID", conflicts_with = "match_id")]
    pub tournament: Option<String>,
    /// Built-in engine level, 1 to 7 (7 when neither this nor --engine is given).
    #[arg(long, conflicts_with = "engine")]
    pub level: Option<Level>,
    /// Seconds to think per move (at most; the clock may allow less).
    #[arg(long, value_name = "SECS")]
    pub think: Option<f64>,
    /// The engine to play with, in the player grammar: `uci:COMMAND ARGS...`,
    /// `botzone:COMMAND ARGS...`, `sau:COMMAND ARGS...`, or a built-in level
    /// (`level:N`); a bare command line is a UCI engine.
    #[arg(long, value_name = "SPEC", value_parser = parse_engine)]
    pub engine: Option<PlayerSpec>,
    /// The bot's name on the server.
    #[arg(long, default_value = "amazons-bot")]
    pub name: String,
    /// Stop after this many games.
    #[arg(long)]
    pub games: Option<u32>,
}

/// Options of `local`.
#[derive(Debug, Args)]
pub struct LocalArgs {
    /// Who plays white: `human`, `engine` (level 7), `engine:LEVEL` or
    /// `level:LEVEL`, or an external engine `uci:COMMAND ARGS...`,
    /// `botzone:COMMAND ARGS...`, `sau:COMMAND ARGS...`.
    #[arg(long, default_value = "human")]
    pub white: SeatSpec,
    /// Who plays black (same forms as --white).
    #[arg(long, default_value = "human")]
    pub black: SeatSpec,
    /// Clock: `untimed`, or minutes+seconds like `5+3` (5 minutes each, 3
    /// seconds added per move).
    #[arg(long, default_value = "untimed")]
    pub time: TimeControl,
    /// Seconds an engine thinks per move in untimed games.
    #[arg(long, default_value_t = 1.0, value_name = "SECS")]
    pub think: f64,
    /// The human players' name.
    #[arg(long, env = "AMAZONS_NAME")]
    pub name: Option<String>,
    /// Where finished games are saved (see `history --help` for the default).
    #[arg(long, env = "AMAZONS_HISTORY_DIR")]
    pub history_dir: Option<PathBuf>,
    /// Continue the unfinished game left by the last `local` (its players,
    /// clock and moves; --white, --black and --time are then ignored).
    #[arg(long)]
    pub resume: bool,
    /// Start a new game even when an unfinished one is kept: it is replaced
    /// (without this, `local` asks first).
    #[arg(long, conflicts_with = "resume")]
    pub new: bool,
}

/// Options of `history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Directory of game records. Default: $AMAZONS_HISTORY_DIR, else
    /// $XDG_DATA_HOME/amazons/history, else ~/.local/share/amazons/history,
    /// else ./local-history.
    // The environment is read where the default is made, not by clap: a
    // variable set for local games must not conflict with `--server`.
    #[arg(long, conflicts_with = "server")]
    pub dir: Option<PathBuf>,
    /// Read the games of a server instead (ws:// or http:// address).
    #[arg(long)]
    pub server: Option<String>,
    /// What to do (default: list).
    #[command(subcommand)]
    pub action: Option<HistoryAction>,
}

/// `history` actions.
#[derive(Debug, Subcommand)]
pub enum HistoryAction {
    /// List the games, newest last: one line of the terminal's width each
    /// (80 columns when not a terminal), long names shortened with `…`.
    List {
        /// Everything on each line, however long: full names, clock, result
        /// and why, the whole id, the game it is a rematch of.
        #[arg(long)]
        wide: bool,
    },
    /// Replay a game move by move.
    Show {
        /// The game: its number in the list, its id (or a prefix), or a file.
        game: String,
    },
    /// Analyse a game with the engine: every position's evaluation, each
    /// move's class and the engine's move, a sparkline of White's win
    /// chance and each player's summary. A server's game is analysed by
    /// the server (with a progress bar while it works); a local one here,
    /// at the engine's fixed budget, and saved beside its record as
    /// `<record>.analysis.json` (shown again without analysing twice).
    Analyse {
        /// The game: its number in the list, its id (or a prefix), or a file.
        game: String,
        /// Playouts per position for a local game (default: the engine's
        /// default budget, 10000); a server analyses at its own.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        playouts: Option<u64>,
    },
    /// Print a game as text (`1. d1-d7/g7 a7-d4/a7 ...`) or JSON.
    Export {
        /// The game: its number in the list, its id (or a prefix), or a file.
        game: String,
        /// The core game record as JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Who sits on one side of a local game: a person, or a program named in
/// the engine crate's player grammar ([`PlayerSpec`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person at this terminal.
    Human,
    /// A program: the built-in engine at a level, or an external engine.
    Program(PlayerSpec),
}

impl FromStr for SeatSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<SeatSpec, String> {
        if text.trim() == "human" {
            return Ok(SeatSpec::Human);
        }
        text.parse()
            .map(SeatSpec::Program)
            .map_err(|e| format!("{e} (or `human`)"))
    }
}

impl std::fmt::Display for SeatSpec {
    /// `human`, or the player grammar (`level:4`, `uci:CMD` ...): what
    /// `FromStr` reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatSpec::Human => f.write_str("human"),
            SeatSpec::Program(spec) => write!(f, "{spec}"),
        }
    }
}

/// `--engine SPEC`: the player grammar, where a bare command line (no
/// grammar word or prefix) means a UCI engine, as it always has.
fn parse_engine(text: &str) -> Result<PlayerSpec, String> {
    text.parse().or_else(|_| {
        format!("{}:{text}", Protocol::Uci.prefix())
            .parse()
            .map_err(|e: amazons_engine::player::spec::SpecError| e.to_string())
    })
}

/// The name to play under when none is given: the login name, else
/// `guest-NNNN` (never one fixed word that two people would share).
pub fn default_name() -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .map(|name| name.trim().to_string())
        .find(|name| !name.is_empty())
        .unwrap_or_else(|| format!("guest-{:04}", rand::random_range(0..10_000)))
}

/// A side as typed: `white`/`black` (or `first`/`second`).
pub fn parse_side(text: &str) -> Option<Side> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" | "first" => Some(Side::First),
        "black" | "b" | "second" => Some(Side::Second),
        _ => None,
    }
}

/// The options given to every subcommand (`global`) that a subcommand does
/// nothing with: `main` hands each subcommand only what it uses, so its
/// `--help` leaves these out (they are still accepted, so a line that gives
/// one to every command keeps working).
const UNUSED_GLOBALS: &[(&str, &[&str])] = &[
    ("bot", &["plain", "quiet", "theme"]),
    ("local", &["key_file"]),
    ("history", &["quiet", "key_file"]),
    ("leaderboard", &["plain", "quiet", "theme", "key_file"]),
    ("tournament", &["plain", "quiet", "theme"]),
];

/// The command line as parsed and as its help shows it: [`Cli`]'s, with
/// each subcommand's help (and its own subcommands') listing only the
/// options that subcommand uses.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let command = Cli::command();
    let globals: Vec<clap::Arg> = command
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .cloned()
        .collect();
    UNUSED_GLOBALS
        .iter()
        .fold(command, |command, (name, unused)| {
            // A subcommand's own copy of a global option is kept as it is by
            // clap (and handed on, global, to its subcommands): a hidden copy
            // leaves it out of their help.
            let hidden: Vec<clap::Arg> = globals
                .iter()
                .filter(|arg| unused.contains(&arg.get_id().as_str()))
                .map(|arg| arg.clone().hide(true))
                .collect();
            command.mut_subcommand(name, |sub| sub.args(hidden))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_a_tag_or_a_locale_and_empty_is_the_locales() {
        let lang = |args: &[&str]| {
            let mut all = vec!["amazons-client"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all).map(|cli| cli.lang)
        };
        assert_eq!(
            lang(&["--lang", "zh-CN", "local"]).unwrap(),
            Some(Lang::ZhCn)
        );
        assert_eq!(
            lang(&["local", "--lang", "zh_CN.UTF-8"]).unwrap(),
            Some(Lang::ZhCn)
        );
        assert_eq!(lang(&["--lang", "en", "history"]).unwrap(), Some(Lang::En));
        assert_eq!(
            lang(&["--lang", "", "local"]).unwrap(),
            Some(Lang::from_env())
        );
        let error = lang(&["--lang", "fr", "local"]).unwrap_err().to_string();
        assert!(error.contains("use en or zh-CN"), "{error}");
    }

    #[test]
    fn players_and_time_controls_parse() {
        assert_eq!("human".parse(), Ok(SeatSpec::Human));
        assert_eq!(
            "engine:3".parse(),
            Ok(SeatSpec::Program(PlayerSpec::Level(Level::new(3).unwrap())))
        );
        assert_eq!(
            "engine".parse(),
            Ok(SeatSpec::Program(PlayerSpec::Level(Level::MAX)))
        );
        assert_eq!(
            "uci:fairy-stockfish --x 'a b'".parse(),
            Ok(SeatSpec::Program(PlayerSpec::External {
                protocol: Protocol::Uci,
                command: "fairy-stockfish --x 'a b'".into()
            }))
        );
        assert!("robot".parse::<SeatSpec>().is_err());
        assert!(
            "engine:9"
                .parse::<SeatSpec>()
                .unwrap_err()
                .contains("1 to 7")
        );
        let bot = |level: &str| {
            Cli::try_parse_from(["amazons-client", "bot", "--fill", "--level", level]).map(|cli| {
                match cli.command {
                    Command::Bot(args) => args.level,
                    _ => panic!("bot"),
                }
            })
        };
        assert_eq!(bot("4").unwrap(), Level::new(4));
        let refused = bot("9").unwrap_err().to_string();
        assert!(refused.contains("levels are 1 to 7"), "{refused}");
        assert_eq!(
            parse_engine("fairy-stockfish -q"),
            Ok(PlayerSpec::External {
                protocol: Protocol::Uci,
                command: "fairy-stockfish -q".into()
            })
        );
        assert_eq!(
            parse_engine("sau:./engine").unwrap().protocol(),
            Some(Protocol::Sau)
        );
        let local = Cli::try_parse_from(["amazons-client", "local", "--time", "5+3"]).unwrap();
        let Command::Local(args) = local.command else {
            panic!("local")
        };
        assert_eq!(
            args.time,
            TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 3_000
            },
            "5+3 is 5 minutes and 3 seconds, as everywhere"
        );
        let bad = Cli::try_parse_from(["amazons-client", "play", "--server", "h:7878"]);
        assert!(
            bad.unwrap_err()
                .to_string()
                .contains("did you mean ws://h:7878/ws?"),
            "a bad address fails before anything starts"
        );
    }

    #[test]
    fn key_file_is_a_global_option() {
        for args in [
            &["amazons-client", "--key-file", "/k/mine", "play"][..],
            &["amazons-client", "play", "--key-file", "/k/mine"],
            &["amazons-client", "bot", "--fill", "--key-file", "/k/mine"],
        ] {
            let cli = Cli::try_parse_from(args).unwrap();
            assert_eq!(
                cli.key_file.as_deref(),
                Some(std::path::Path::new("/k/mine")),
                "{args:?}"
            );
        }
    }

    /// The `amazons-client` lines of the README's class bot tournament,
    /// without their comments, with a real id for `ID`.
    fn readme_tournament_commands() -> Vec<Vec<String>> {
        let readme = include_str!("../../../README.md");
        let section = readme
            .split("## A class bot tournament in four commands")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("the README has a class bot tournament section");
        section
            .lines()
            .filter(|line| line.starts_with("amazons-client "))
            .map(|line| {
                let command = line.split('#').next().unwrap_or(line);
                command
                    .split_whitespace()
                    .map(|word| match word {
                        "ID" => "0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d".to_string(),
                        word => word.replace("HOST", "192.168.1.20"),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_readme_runs_a_class_tournament_with_commands_this_binary_takes() {
        let commands = readme_tournament_commands();
        assert_eq!(commands.len(), 3, "create, a bot, start: {commands:?}");
        let parsed: Vec<Command> = commands
            .iter()
            .map(|words| {
                Cli::try_parse_from(words)
                    .unwrap_or_else(|e| panic!("{words:?}: {e}"))
                    .command
            })
            .collect();
        let [
            Command::Tournament(create),
            Command::Bot(bot),
            Command::Tournament(start),
        ] = &parsed[..]
        else {
            panic!("create, a bot, start: {parsed:?}");
        };
        assert!(matches!(create.action, TournamentAction::Create(_)));
        assert_eq!(
            bot.tournament.as_deref(),
            Some("0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d")
        );
        assert!(bot.engine.is_some(), "a student's own engine");
        assert!(matches!(start.action, TournamentAction::Start { .. }));
        for server in [&create.server, &bot.server, &start.server] {
            assert_eq!(server.to_string(), "ws://192.168.1.20:7878/ws");
        }
    }

    /// The `--help` of the subcommand at `path`.
    fn help_of(path: &[&str]) -> String {
        let mut words = vec!["amazons-client"];
        words.extend_from_slice(path);
        words.push("--help");
        let error = command()
            .term_width(80)
            .try_get_matches_from(words)
            .expect_err("help is shown as an error");
        assert_eq!(
            error.kind(),
            clap::error::ErrorKind::DisplayHelp,
            "{path:?}: {error}"
        );
        error.render().to_string()
    }

    #[test]
    fn each_subcommands_help_lists_only_the_options_it_uses() {
        for (path, shown, left_out) in [
            (
                &["play"][..],
                &["--plain", "--quiet", "--theme", "--key-file", "--lang"][..],
                &[][..],
            ),
            (
                &["bot"],
                &["--key-file", "--lang"],
                &["--plain", "--quiet", "--theme"],
            ),
            (
                &["local"],
                &["--plain", "--quiet", "--theme", "--lang"],
                &["--key-file"],
            ),
            (
                &["history"],
                &["--plain", "--theme", "--lang"],
                &["--quiet", "--key-file"],
            ),
            (
                &["leaderboard"],
                &["--lang"],
                &["--plain", "--quiet", "--theme", "--key-file"],
            ),
            (
                &["tournament", "list"],
                &["--key-file", "--lang"],
                &["--plain", "--quiet", "--theme"],
            ),
        ] {
            let help = help_of(path);
            // Wrapped at words to the terminal (80 columns here), never cut
            // mid-word by it.
            for line in help.lines() {
                assert!(line.chars().count() <= 80, "{path:?}: {line:?}");
            }
            for option in shown {
                assert!(help.contains(option), "{path:?} shows {option}: {help}");
            }
            for option in left_out {
                assert!(!help.contains(option), "{path:?} hides {option}: {help}");
            }
        }
        // Still accepted where they do nothing, and read as before.
        use clap::FromArgMatches;
        for words in [
            &["amazons-client", "bot", "--quiet"][..],
            &["amazons-client", "--quiet", "tournament", "list"],
            &["amazons-client", "tournament", "list", "--quiet"],
        ] {
            let matches = command().try_get_matches_from(words).unwrap();
            let cli = Cli::from_arg_matches(&matches).unwrap();
            assert!(cli.quiet, "{words:?}");
        }
        let matches = command()
            .try_get_matches_from(["amazons-client", "local", "--plain", "--theme", "light"])
            .unwrap();
        let cli = Cli::from_arg_matches(&matches).unwrap();
        assert!(cli.plain && cli.theme == ThemeChoice::Light);
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
