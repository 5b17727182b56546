//! `amazons-client`: see `amazons-client --help` and the crate docs.

use amazons_client::cli::{Cli, Command};
use amazons_client::{bot, history_cmd, local, play_plain, play_tui, terminal};
use clap::Parser;

fn main() -> anyhow::Result<()> {
    match run(Cli::parse()) {
        Err(e) if is_broken_pipe(&e) => Ok(()),
        result => result,
    }
}

/// Output piped into a program that stopped reading (`| head`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let plain = terminal::plain_wanted(cli.plain);
    match &cli.command {
        Command::Local(args) => {
            if plain {
                init_logging();
            }
            local::run(args, plain)
        }
        Command::History(args) => history_cmd::run(args, plain),
        Command::Bot(args) => {
            init_logging();
            bot::run(args)
        }
        Command::Play(args) => {
            let name = args
                .name
                .clone()
                .or_else(|| std::env::var("USER").ok())
                .unwrap_or_else(|| "player".into());
            if plain {
                init_logging();
                play_plain::run(args, name)
            } else {
                play_tui::run(args, name)
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
