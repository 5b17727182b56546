//! The `amazons-server` binary: flags, logging, signals. Everything else is in
//! the library.

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use amazons_server::Config;
use clap::Parser;

/// Game of the Amazons match server (web board at /, WebSocket at /ws, JSON API
/// on the same port).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Configuration file (TOML); keys it leaves out keep their defaults
    /// (see config/server.toml).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Address to listen on (overrides `listen`).
    #[arg(long, value_name = "IP")]
    listen: Option<IpAddr>,
    /// Port (overrides `port`; 0 = any free port).
    #[arg(long, short)]
    port: Option<u16>,
    /// Directory for game records and the journal (overrides `history_dir`).
    #[arg(long, value_name = "DIR")]
    history_dir: Option<PathBuf>,
    /// Most simultaneous connections (overrides `max_connections`).
    #[arg(long)]
    max_connections: Option<usize>,
    /// Most matches at once (overrides `max_matches`).
    #[arg(long)]
    max_matches: Option<usize>,
    /// Seconds a dropped player keeps the seat (overrides `grace_secs`).
    #[arg(long)]
    grace_secs: Option<u64>,
    /// Messages allowed per rate-limit window (overrides `rate_limit_messages`).
    #[arg(long)]
    rate_limit_messages: Option<u32>,
    /// Print the default configuration file and exit.
    #[arg(long)]
    print_default_config: bool,
}

fn build_config(cli: &Cli) -> Result<Config, String> {
    let mut config = match &cli.config {
        Some(path) => Config::load(path).map_err(|e| e.to_string())?,
        None => Config::default(),
    };
    if let Some(listen) = cli.listen {
        config.listen = listen;
    }
    if let Some(port) = cli.port {
        config.port = port;
    }
    if let Some(dir) = &cli.history_dir {
        config.history_dir = dir.clone();
    }
    if let Some(n) = cli.max_connections {
        config.max_connections = n;
    }
    if let Some(n) = cli.max_matches {
        config.max_matches = n;
    }
    if let Some(n) = cli.grace_secs {
        config.grace_secs = n;
    }
    if let Some(n) = cli.rate_limit_messages {
        config.rate_limit_messages = n;
    }
    config.validate().map_err(|e| e.to_string())?;
    Ok(config)
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
    let config = match build_config(&cli) {
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
