//! `amazons-client`: see `amazons-client --help` and the crate docs.

use amazons_client::cli::{Cli, Command};
use amazons_client::{history_cmd, local, terminal};
use clap::Parser;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let plain = terminal::plain_wanted(cli.plain);
    match &cli.command {
        Command::Local(args) => {
            if plain {
                init_logging();
            }
            local::run(args, plain)
        }
        Command::History(args) => history_cmd::run(args, plain),
        Command::Play(_) | Command::Bot(_) => {
            anyhow::bail!("not built yet")
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
        .init();
}
