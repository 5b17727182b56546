//! The `amazons-server` binary: flags, logging, signals. Everything else is in
//! the library.

use std::path::PathBuf;
use std::process::ExitCode;

use amazons_server::Config;
use amazons_server::config::Overrides;
use clap::Parser;

/// Game of the Amazons match server (web board at /, WebSocket at /ws, JSON API
/// on the same port).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
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
    let cli = Cli::parse();
    if cli.print_default_config {
        print!("{}", amazons_server::config::DEFAULT_CONFIG_TOML);
        return ExitCode::SUCCESS;
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let config = match Config::load(cli.config.as_deref(), &cli.overrides) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("amazons-server: {e}");
            return ExitCode::from(2);
        }
    };
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
