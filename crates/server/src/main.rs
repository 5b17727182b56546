//! The `amazons-server` binary: flags, logging, signals. Everything else is in
//! the library.

use std::path::PathBuf;
use std::process::ExitCode;

use amazons_server::Config;
use amazons_server::config::Overrides;
use clap::Parser;

/// Game of the Amazons match server (web board at /, WebSocket at /ws, JSON API
/// on the same port).
///
/// A name said in `hello` with a player key is claimed by that key: nobody
/// else may use it afterwards. `amazons-server release-name NAME` frees one
/// (the key's games and rating stay: they follow the key, not the name).
#[derive(Parser, Debug)]
#[command(version, about, long_about)]
struct Cli {
    /// What to do instead of serving.
    #[command(subcommand)]
    command: Option<Command>,
    /// Configuration file (TOML); keys it leaves out keep their defaults
    /// (see config/server.toml). Flags override it.
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Settings that override the file.
    #[command(flatten)]
    overrides: Overrides,
    /// Print the default configuration file and exit.
    #[arg(long)]
    print_default_config: bool,
}

/// The host's tasks besides serving.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Frees a name claimed by a player key, then says whose it was.
    ///
    /// The name (kept in the history directory's identity/names.json) may
    /// then be used by anyone, and the next key that says hello with it
    /// claims it. Games and ratings are not touched: they follow the key.
    /// Works while the server runs (it reads the file again).
    ReleaseName {
        /// The name, in any spelling (`Ann`, ` ann `, `ＡＮＮ` are one name).
        name: String,
        /// Configuration file whose `history_dir` holds the names (as for
        /// serving).
        #[arg(long, value_name = "PATH")]
        config: Option<PathBuf>,
        /// The history directory (`history_dir`), overriding the file.
        #[arg(long, value_name = "DIR")]
        history_dir: Option<PathBuf>,
    },
    /// Gives this machine's cores to a server: connects to it and plays
    /// its computer games (docs/workers.md).
    Worker(amazons_server::workers::agent::AgentArgs),
    /// The keys workers connect with: `add NAME` prints one, `list`,
    /// `remove NAME` (its worker is disconnected).
    WorkerKey {
        /// What to do.
        #[command(subcommand)]
        command: amazons_server::workers::cli::KeyCommand,
        /// Configuration file whose `history_dir` holds the keys.
        #[arg(long, value_name = "PATH", global = true)]
        config: Option<PathBuf>,
        /// The history directory (`history_dir`), overriding the file.
        #[arg(long, value_name = "DIR", global = true)]
        history_dir: Option<PathBuf>,
    },
}

/// `release-name`: frees `name` in the names book of `config`'s history
/// directory and says what it did.
fn release_name(name: &str, config: &Config) -> ExitCode {
    let (book, _) = amazons_server::names::NameBook::open(&config.history_dir);
    match book.release(name) {
        Ok(Some(binding)) => {
            println!(
                "released the name `{}` (claimed by player {}); anyone may use it now, and the next \
                 player key to say hello with it claims it. That player's games and rating are unchanged.",
                binding.name, binding.id
            );
            ExitCode::SUCCESS
        }
        Ok(None) => {
            println!(
                "the name `{name}` is not claimed in {}; nothing changed",
                book.path().display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("amazons-server: {e}; nothing changed");
            ExitCode::FAILURE
        }
    }
}

/// Local IPv4 addresses other than loopback, read from /proc (Linux); empty
/// elsewhere.
fn lan_addresses() -> Vec<String> {
    let Ok(trie) = std::fs::read_to_string("/proc/net/fib_trie") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut last = "";
    for line in trie.lines() {
        let trimmed = line.trim_start_matches([' ', '|', '+', '-']).trim();
        if line.contains("/32 host LOCAL") {
            if !last.starts_with("127.") && !last.is_empty() && !found.iter().any(|a| a == last) {
                found.push(last.to_owned());
            }
        } else if trimmed.parse::<std::net::Ipv4Addr>().is_ok() {
            last = trimmed;
        }
    }
    found
}

fn main() -> ExitCode {
    // The computer's engine process (not for people: the server starts it).
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some(amazons_server::computer::worker::SUBCOMMAND) {
        return amazons_server::computer::worker::main(&args[1..]);
    }
    if args.first().map(String::as_str) == Some(amazons_server::analysis::worker::SUBCOMMAND) {
        return amazons_server::analysis::worker::main(&args[1..]);
    }
    let cli = Cli::parse();
    if cli.print_default_config {
        print!("{}", amazons_server::config::DEFAULT_CONFIG_TOML);
        return ExitCode::SUCCESS;
    }
    tracing_subscriber::fmt()
        .with_env_filter(log_filter(std::env::var("RUST_LOG").ok().as_deref()))
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    if let Some(Command::Worker(args)) = &cli.command {
        return amazons_server::workers::agent::run(args);
    }
    let (config_path, overrides) = match &cli.command {
        Some(Command::ReleaseName {
            config,
            history_dir,
            ..
        })
        | Some(Command::WorkerKey {
            config,
            history_dir,
            ..
        }) => {
            let mut overrides = cli.overrides.clone();
            if history_dir.is_some() {
                overrides.history_dir.clone_from(history_dir);
            }
            (config.clone().or(cli.config.clone()), overrides)
        }
        None | Some(Command::Worker(_)) => (cli.config.clone(), cli.overrides.clone()),
    };
    let config = match Config::load(config_path.as_deref(), &overrides) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("amazons-server: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(Command::ReleaseName { name, .. }) = &cli.command {
        return release_name(name, &config);
    }
    if let Some(Command::WorkerKey { command, .. }) = &cli.command {
        return amazons_server::workers::cli::run(command, &config.history_dir);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("amazons-server: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amazons-server: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    let history_dir = config.history_dir.clone();
    let server = amazons_server::start(config).await?;
    let addr = server.local_addr;
    println!(
        "amazons-server {} listening on {addr}",
        env!("CARGO_PKG_VERSION")
    );
    println!("  web board in a browser, and the address for clients:");
    if addr.ip().is_unspecified() {
        let port = addr.port();
        println!("    http://127.0.0.1:{port}/  ws://127.0.0.1:{port}/ws  (this machine)");
        for ip in lan_addresses() {
            println!("    http://{ip}:{port}/  ws://{ip}:{port}/ws  (LAN)");
        }
    } else {
        println!("    http://{addr}/  ws://{addr}/ws");
    }
    println!(
        "  computer places: {}  (workers connect to ws://THIS-HOST:{}/worker; see docs/workers.md)",
        server.workers.page().places,
        addr.port()
    );
    for problem in &server.problems {
        println!("  warning: {problem}");
    }
    println!(
        "  history in {}  (restored {} match(es) in progress)",
        history_dir.display(),
        server.restored
    );
    wait_for_signal().await;
    tracing::info!("shutting down");
    server.shutdown();
    server.wait().await
}

async fn wait_for_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}

/// The log filter: `rust_log` (`RUST_LOG`) when it parses, else `info`. The
/// WebSocket library is held to the filter's own level and never below
/// debug: at trace it logs every frame whole, player keys and seat tokens
/// with them; and a plain `tungstenite=debug` would also raise it under
/// `info`, printing a debug line at every disconnect.
fn log_filter(rust_log: Option<&str>) -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::filter::LevelFilter;
    let filter = rust_log
        .and_then(|directives| tracing_subscriber::EnvFilter::try_new(directives).ok())
        .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("info"));
    let websocket = filter
        .max_level_hint()
        .unwrap_or(LevelFilter::TRACE)
        .min(LevelFilter::DEBUG);
    filter.add_directive(
        format!("tungstenite={websocket}")
            .parse()
            .expect("a valid directive"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `filter` lets through an event of the WebSocket library at
    /// `level` (a callsite's level is a constant, hence the match).
    fn websocket_logs(filter: tracing_subscriber::EnvFilter, level: tracing::Level) -> bool {
        use tracing::Level;
        use tracing_subscriber::layer::SubscriberExt;
        let subscriber = tracing_subscriber::registry().with(filter);
        tracing::subscriber::with_default(subscriber, || match level {
            Level::TRACE => tracing::enabled!(target: "tungstenite::protocol", Level::TRACE),
            Level::DEBUG => tracing::enabled!(target: "tungstenite::protocol", Level::DEBUG),
            _ => tracing::enabled!(target: "tungstenite::protocol", Level::INFO),
        })
    }

    #[test]
    fn the_websocket_library_is_quiet_by_default_and_never_logs_frames() {
        use tracing::Level;
        assert!(!websocket_logs(log_filter(None), Level::DEBUG));
        assert!(websocket_logs(log_filter(None), Level::INFO));
        assert!(!websocket_logs(log_filter(Some("info")), Level::DEBUG));
        assert!(!websocket_logs(log_filter(Some("a=b=c")), Level::DEBUG));
        assert!(websocket_logs(log_filter(Some("debug")), Level::DEBUG));
        assert!(websocket_logs(log_filter(Some("trace")), Level::DEBUG));
        assert!(!websocket_logs(log_filter(Some("trace")), Level::TRACE));
    }

    /// The `amazons-server` lines of the README's "Names and ratings"
    /// commands, without their comments.
    fn readme_commands() -> Vec<Vec<String>> {
        let readme = include_str!("../../../README.md");
        let section = readme
            .split("## Names and ratings")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("the README has a Names and ratings section");
        section
            .lines()
            .filter(|line| line.starts_with("amazons-server "))
            .map(|line| {
                let command = line.split('#').next().unwrap_or(line);
                command.split_whitespace().map(str::to_owned).collect()
            })
            .collect()
    }

    #[test]
    fn the_readme_frees_a_name_with_commands_this_binary_takes() {
        let commands = readme_commands();
        assert!(commands.len() >= 2, "{commands:?}");
        for words in commands {
            let cli = Cli::try_parse_from(&words).unwrap_or_else(|e| panic!("{words:?}: {e}"));
            let Some(Command::ReleaseName { name, .. }) = cli.command else {
                panic!("{words:?} is not release-name");
            };
            assert_eq!(name, "ann");
        }
    }
}
