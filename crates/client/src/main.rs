//! `amazons-client`: see `amazons-client --help` and the crate docs.

use std::process::ExitCode;

use amazons_client::cli::{self, Cli, Command, default_name};
use amazons_client::cmd::{bot, history, leaderboard, local, play, tournament};
use amazons_client::report;
use amazons_client::store::player_key::KeyFile;
use amazons_client::tr::{self, Lang};
use amazons_client::tui::{signals, terminal};
use clap::FromArgMatches;

fn main() -> ExitCode {
    let cli = Cli::from_arg_matches(&cli::command().get_matches()).unwrap_or_else(|e| e.exit());
    let result = run(cli);
    if let Some(status) = signals::exit_status() {
        // Stopped by a signal (the terminal is restored): the shell's status
        // for it; an error writing to a terminal that hung up is no news.
        return ExitCode::from(status);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // The reason and its causes, for a person: no backtrace, whatever
            // RUST_BACKTRACE says (tracing logs carry the detail); each cause
            // once, and on a terminal wrapped at words to its width.
            let line = tr::message("failure-line", &[("error", report::causes_once(&e).into())]);
            let line = match terminal_width() {
                Some(width) => report::wrap_at_words(&line, width),
                None => line,
            };
            eprintln!("{line}");
            ExitCode::FAILURE
        }
    }
}

/// The width of the terminal stderr writes to, if it is one and says its
/// width (a pseudo-terminal with no size set says 0 columns).
fn terminal_width() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    crossterm::terminal::size()
        .ok()
        .map(|(columns, _)| usize::from(columns))
        .filter(|columns| *columns >= 20)
}

/// Output piped into a program that stopped reading (`| head`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> anyhow::Result<()> {
    tr::set_lang(cli.lang.unwrap_or_else(Lang::from_env));
    let plain = terminal::plain_wanted(cli.plain);
    let theme = cli
        .theme
        .resolve(std::env::var("COLORFGBG").ok().as_deref());
    match &cli.command {
        Command::Local(args) => {
            if plain {
                init_logging();
            }
            local::run(args, plain, cli.quiet, theme)
        }
        Command::History(args) => history::run(args, plain, theme),
        Command::Leaderboard(args) => leaderboard::run(args),
        Command::Tournament(args) => {
            init_logging();
            let name = args.name.clone().unwrap_or_else(default_name);
            tournament::run(args, name, KeyFile::open(cli.key_file.as_deref())?)
        }
        Command::Bot(args) => {
            init_logging();
            bot::run(args, KeyFile::open(cli.key_file.as_deref())?)
        }
        Command::Play(args) => {
            let name = args.name.clone().unwrap_or_else(default_name);
            let key_file = KeyFile::open(cli.key_file.as_deref())?;
            if plain {
                init_logging();
                play::plain::run(args, name, key_file, cli.quiet)
            } else {
                play::tui::run(args, name, key_file, cli.quiet, theme)
            }
        }
    }
}

/// Logs to stderr (`RUST_LOG` overrides the default `info`), for the modes
/// that do not own the screen.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}
