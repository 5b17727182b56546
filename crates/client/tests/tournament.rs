//! A tournament through the real binaries: the organiser creates a round
//! robin with `tournament create` (its id the last line), a person joins and
//! withdraws, two `bot --tournament` processes (built-in levels) enter and
//! play at a fast clock once `tournament start` pairs it, and both exit 0
//! with the final standings when it is over; `tournament show --watch`
//! follows it to the end, `tournament show` reads the result, and a start by
//! someone else is refused in words.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use amazons_testkit::{ChildProcess, ServerProcess};

/// The longest any step waits.
const WAIT: Duration = Duration::from_secs(120);

/// The client binary with its own state folder and the key file `key` in
/// `keys` (each entrant is a key).
fn client(keys: &Path, key: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    command
        .env("AMAZONS_STATE_DIR", keys.join(format!("{key}-state")))
        .env("AMAZONS_KEY_FILE", keys.join(key))
        .env_remove("AMAZONS_NAME");
    command
}

/// Runs one `tournament` command as `key` named `name`: whether it exited
/// 0, and its stdout and stderr.
fn tournament(
    server: &ServerProcess,
    keys: &Path,
    key: &str,
    args: &[&str],
) -> (bool, String, String) {
    let mut command = client(keys, key);
    command
        .arg("tournament")
        .args(args)
        .args(["--server", &server.url(), "--name", key]);
    ChildProcess::spawn(key, command).finish(WAIT)
}

fn ok(server: &ServerProcess, keys: &Path, key: &str, args: &[&str]) -> String {
    let (ok, stdout, stderr) = tournament(server, keys, key, args);
    assert!(ok, "tournament {args:?} as {key} failed:\n{stdout}{stderr}");
    stdout
}

fn bot(server: &ServerProcess, keys: &Path, name: &str, level: &str, id: &str) -> ChildProcess {
    bot_with(server, keys, name, id, &["--level", level])
}

fn bot_with(
    server: &ServerProcess,
    keys: &Path,
    name: &str,
    id: &str,
    engine: &[&str],
) -> ChildProcess {
    let mut command = client(keys, name);
    command.args([
        "bot",
        "--server",
        &server.url(),
        "--tournament",
        id,
        "--name",
        name,
    ]);
    command.args(engine);
    ChildProcess::spawn(name, command)
}

/// Waits until `show` lists every one of `names` as an entrant.
fn wait_entered(server: &ServerProcess, keys: &Path, id: &str, names: &[&str]) {
    let deadline = Instant::now() + WAIT;
    loop {
        let shown = ok(server, keys, "teacher", &["show", id]);
        if names.iter().all(|n| shown.contains(&format!("{n} [bot]"))) {
            return;
        }
        assert!(Instant::now() < deadline, "not all entered:\n{shown}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn two_bots_play_a_round_robin_created_and_started_from_the_command_line() {
    let server = ServerProcess::start();
    let keys = tempfile::tempdir().unwrap();
    let keys = keys.path();
    let created = ok(
        &server,
        keys,
        "teacher",
        &[
            "create",
            "--format",
            "round-robin",
            "--time",
            "1+1",
            "--title",
            "class bots",
        ],
    );
    let id = created.lines().last().unwrap().trim().to_string();
    assert!(
        id.parse::<uuid::Uuid>().is_ok(),
        "the last line is the id: {created}"
    );
    assert!(
        created.contains("class bots — round robin, 1+1, casual"),
        "{created}"
    );

    // A person joins and withdraws again before the start.
    let joined = ok(&server, keys, "dan", &["join", &id]);
    assert_eq!(joined.trim(), "entered as dan");
    let withdrew = ok(&server, keys, "dan", &["withdraw", &id[..8]]);
    assert_eq!(withdrew.trim(), "dan withdrew", "an id by its start");

    let mut alpha = bot(&server, keys, "alpha-bot", "1", &id);
    let mut beta = bot(&server, keys, "beta-bot", "2", &id);
    let deadline = Instant::now() + WAIT;
    loop {
        let shown = ok(&server, keys, "teacher", &["show", &id]);
        if shown.contains("alpha-bot [bot]") && shown.contains("beta-bot [bot]") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bots never entered:\n{shown}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }

    // Only the organiser starts it.
    let (started, stdout, stderr) = tournament(&server, keys, "dan", &["start", &id]);
    assert!(!started, "{stdout}{stderr}");
    assert!(stderr.contains("the server refused"), "{stderr}");

    // A watcher redraws at each change and exits by itself at the end.
    let mut watcher = client(keys, "parent");
    watcher.args([
        "tournament",
        "show",
        &id,
        "--watch",
        "--server",
        &server.url(),
    ]);
    let mut watcher = ChildProcess::spawn("watcher", watcher);
    watcher.wait_line(WAIT, |l| l.starts_with("registering"));

    let started = ok(&server, keys, "teacher", &["start", &id]);
    assert!(started.contains("started"), "{started}");

    for bot in [&mut alpha, &mut beta] {
        assert!(bot.wait_exit(WAIT).success(), "{}", bot.output());
        let out = bot.stdout_text();
        assert!(out.contains("final standings"), "{out}");
        assert!(
            out.contains("alpha-bot") && out.contains("beta-bot"),
            "{out}"
        );
    }
    assert!(watcher.wait_exit(WAIT).success(), "{}", watcher.output());
    let watched = watcher.stdout_text();
    assert!(watched.contains("\nrunning · round 1 of 1"), "{watched}");
    assert!(watched.contains("\nfinished · round 1 of 1"), "{watched}");
    let shown = ok(&server, keys, "teacher", &["show", &id]);
    assert!(shown.contains("finished"), "{shown}");
    assert!(shown.contains("Crosstable"), "{shown}");
    let standings: Vec<&str> = shown
        .lines()
        .skip_while(|l| *l != "Standings")
        .skip(2)
        .take(2)
        .collect();
    assert_eq!(standings.len(), 2, "{shown}");
    let points = |row: &str| row.split_whitespace().nth(2).map(str::to_owned);
    assert_eq!(points(standings[0]).as_deref(), Some("1"), "{shown}");
    assert_eq!(points(standings[1]).as_deref(), Some("0"), "{shown}");
    assert!(
        shown.contains("1-0") || shown.contains("0-1"),
        "the game's result: {shown}"
    );
}

#[test]
fn a_server_restart_mid_round_costs_the_bots_nothing() {
    let mut server = ServerProcess::start();
    let keys = tempfile::tempdir().unwrap();
    let keys = keys.path();
    let created = ok(
        &server,
        keys,
        "teacher",
        &[
            "create",
            "--format",
            "round-robin",
            "--cycles",
            "2",
            "--time",
            "2+1",
        ],
    );
    let id = created.lines().last().unwrap().trim().to_string();
    // Thinking a little each move, so the first game is on when the server
    // goes.
    let slow = ["--level", "3", "--think", "0.2"];
    let mut alpha = bot_with(&server, keys, "alpha-bot", &id, &slow);
    let mut beta = bot_with(&server, keys, "beta-bot", &id, &slow);
    wait_entered(&server, keys, &id, &["alpha-bot", "beta-bot"]);
    ok(&server, keys, "teacher", &["start", &id]);
    alpha.wait_log_line(WAIT, |l| l.contains("seated as"));
    beta.wait_log_line(WAIT, |l| l.contains("seated as"));
    std::thread::sleep(Duration::from_millis(500));
    server.restart();
    for bot in [&mut alpha, &mut beta] {
        assert!(bot.wait_exit(WAIT).success(), "{}", bot.output());
        let log = bot.stderr_text();
        assert!(log.contains("reconnecting"), "the restart was felt: {log}");
        assert!(log.contains("resuming match"), "its seat taken back: {log}");
        assert!(
            bot.stdout_text().contains("final standings"),
            "{}",
            bot.output()
        );
    }
    let shown = ok(&server, keys, "teacher", &["show", &id]);
    assert!(shown.contains("finished · round 2 of 2"), "{shown}");
    // Two games, each won by someone: two points in all.
    let points: u32 = shown
        .lines()
        .skip_while(|l| *l != "Standings")
        .skip(2)
        .take(2)
        .filter_map(|row| row.split_whitespace().nth(2)?.parse::<u32>().ok())
        .sum();
    assert_eq!(points, 2, "{shown}");
    // Both played out: no forfeit in the crosstable.
    let rows: Vec<&str> = shown
        .lines()
        .skip_while(|l| *l != "Crosstable")
        .skip(2)
        .take(2)
        .collect();
    assert_eq!(rows.len(), 2, "{shown}");
    for row in rows {
        let cells: Vec<&str> = row.split_whitespace().skip(2).collect();
        assert!(
            cells.iter().all(|c| !c.contains('+') && !c.contains('-')),
            "no forfeit: {shown}"
        );
    }
}
