//! The arena binary plays legal games, writes records that replay through
//! core, resumes a stopped match or round robin from its records, rates its
//! players by Glicko-2 as the ratings crate folds the records, plays every
//! pair of a round robin with both colours, records a failing external
//! engine as what it is, charges a Botzone bot its CPU time, gives each
//! player its own time a move with time odds and ends adjudicated games by
//! territory with a finish that holds;
//! `deadlines` re-checks a clocked match's budgets from its records.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use amazons_core::{EndReason, GameRecord};
use amazons_ratings::{RatedGame, RatingRules, Ratings};

/// Runs `amazons-engine arena` with `args`, writing records into `out`.
fn run_arena(args: &[&str], out: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .arg("arena")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the arena runs")
}

/// The arena's error output when it refuses `args` (it must fail).
fn arena_refuses(args: &[&str], out: &Path) -> String {
    let output = run_arena(args, out);
    assert!(
        !output.status.success(),
        "the arena was expected to refuse {args:?}"
    );
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs the arena, which must succeed; returns its standard output.
fn arena(args: &[&str], out: &Path) -> String {
    let output = run_arena(args, out);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn records(dir: &Path) -> Vec<GameRecord> {
    let mut records: Vec<GameRecord> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap()
        })
        .collect();
    records.sort_by(|a, b| a.id.cmp(&b.id));
    records
}

/// The ratings the ratings crate folds from the records in `dir`, as the
/// server folds its history.
fn ratings_of(dir: &Path) -> Ratings {
    let games = records(dir)
        .iter()
        .map(|record| RatedGame::of(record).expect("an arena game is rated between two arena ids"))
        .collect::<Vec<_>>();
    Ratings::rebuild(RatingRules::lichess(), games)
}

/// `name`'s rating in `ratings` as the arena prints it: `1523? ± 230`.
fn shown(ratings: &Ratings, name: &str) -> String {
    let standing = ratings
        .ranked(None)
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{name} has rated games"));
    let rating = ratings.shown(&standing.id);
    format!("{rating} ± {}", rating.deviation)
}

#[test]
fn arena_writes_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--a",
        "random",
        "--b",
        "level:2",
        "--games",
        "2",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
        "--opening-offset",
        "3",
    ];
    let stdout = arena(&args, dir.path());
    assert!(stdout.contains("+"), "{stdout}");
    let records = records(dir.path());
    assert_eq!(records.len(), 2);
    for record in records {
        let positions = record.replay().expect("record replays");
        assert!(record.initial_fen.is_some());
        assert!(
            positions.last().unwrap().is_game_over(),
            "games are played to the end"
        );
        assert_eq!(record.result.reason, EndReason::NoLegalMove);
    }
}

/// A stopped match goes on with `--resume`: the records already in the
/// directory count, only the missing game is played, and the summary is over
/// all of them; the records of another match are refused, naming the file.
#[test]
fn a_match_resumes_from_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--a",
        "random",
        "--b",
        "level:1",
        "--games",
        "4",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
    ];
    arena(&args, dir.path());
    let first = std::fs::read_to_string(dir.path().join("game-0001.json")).unwrap();
    std::fs::remove_file(dir.path().join("game-0003.json")).unwrap();
    let resume = [&args[..], &["--resume"]].concat();
    let stdout = arena(&resume, dir.path());
    assert!(
        stdout.contains("resumed: 3 games already played, 1 to play"),
        "{stdout}"
    );
    assert!(stdout.contains("game   3:"), "{stdout}");
    assert!(!stdout.contains("game   1:"), "{stdout}");
    assert!(stdout.contains("(of 4)"), "{stdout}");
    assert_eq!(records(dir.path()).len(), 4);
    // Beside the Elo difference, both players' Glicko-2 over all four games
    // (the three resumed ones too), as the ratings crate folds the records.
    let ratings = ratings_of(dir.path());
    assert_eq!(ratings.games(), 4);
    let glicko = format!(
        "Glicko-2 level1-A {}, level1-B {} (lichess's parameters, 4 games in the order played)",
        shown(&ratings, "level1-A"),
        shown(&ratings, "level1-B")
    );
    assert!(stdout.contains(&glicko), "{glicko}\n{stdout}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("game-0001.json")).unwrap(),
        first,
        "a finished game is not played again"
    );

    let mut other = resume.clone();
    other[3] = "level:2";
    let stderr = arena_refuses(&other, dir.path());
    assert!(
        stderr.contains("game-0001.json is a game of another match"),
        "{stderr}"
    );
    assert_eq!(records(dir.path()).len(), 4, "nothing is played or lost");
}

#[test]
fn a_clock_game_uses_the_one_time_control_syntax() {
    let dir = tempfile::tempdir().unwrap();
    arena(
        &[
            "--a", "random", "--b", "random", "--games", "2", "--tc", "10s+0.1",
        ],
        dir.path(),
    );
    for record in records(dir.path()) {
        assert_eq!(record.time_control, "10s+0.1".parse().unwrap());
        assert!(record.moves.iter().all(|m| m.clock_ms.is_some()));
    }
}

/// The standings rows the arena printed, by player: the row's text.
fn standings(stdout: &str) -> BTreeMap<String, String> {
    stdout
        .lines()
        .skip_while(|line| !line.starts_with("rank  player"))
        .skip(1)
        .take_while(|line| !line.starts_with("wins-losses"))
        .map(|line| {
            let name = line.split_whitespace().nth(1).unwrap().to_string();
            (name, line.to_string())
        })
        .collect()
}

/// Three players (two with the same label) play a round robin: every pair
/// plays its four games, two on each of two openings with colours swapped,
/// each pair on the same openings; the standings show each player's
/// Glicko-2 as the ratings crate folds the same records, ranked as it
/// ranks them, with their games, wins and losses.
#[test]
fn a_round_robin_plays_every_pair_with_both_colours_and_ranks_by_glicko() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--player",
        "random",
        "--player",
        "level:2",
        "--player",
        "level:1",
        "--games",
        "4",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
    ];
    let stdout = arena(&args, dir.path());
    assert!(
        stdout.contains("round robin of 3 players, 4 games a pair, 12 games"),
        "{stdout}"
    );
    let records = records(dir.path());
    assert_eq!(records.len(), 12, "{stdout}");
    let names = ["level1-A", "level2", "level1-C"];
    let mut openings_of_pairs = Vec::new();
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        let (a, b) = (names[a], names[b]);
        let of_pair: Vec<&GameRecord> = records
            .iter()
            .filter(|r| {
                let players = [r.white.name.as_str(), r.black.name.as_str()];
                players == [a, b] || players == [b, a]
            })
            .collect();
        assert_eq!(of_pair.len(), 4, "{a} against {b}\n{stdout}");
        let mut openings: Vec<&str> = of_pair
            .iter()
            .map(|r| r.initial_fen.as_deref().unwrap())
            .collect();
        openings.sort_unstable();
        openings.dedup();
        assert_eq!(openings.len(), 2, "{a} against {b}");
        for opening in &openings {
            let mut whites: Vec<&str> = of_pair
                .iter()
                .filter(|r| r.initial_fen.as_deref() == Some(*opening))
                .map(|r| r.white.name.as_str())
                .collect();
            whites.sort_unstable();
            let mut both = vec![a, b];
            both.sort_unstable();
            assert_eq!(whites, both, "each colour once on {opening}");
        }
        openings_of_pairs.push(openings);
    }
    assert!(
        openings_of_pairs.windows(2).all(|w| w[0] == w[1]),
        "every pair plays the same openings"
    );
    let ratings = ratings_of(dir.path());
    assert_eq!(ratings.games(), 12);
    let rows = standings(&stdout);
    assert_eq!(rows.len(), 3, "{stdout}");
    for (rank, standing) in ratings.ranked(None).into_iter().enumerate() {
        let row = &rows[&standing.name];
        assert!(
            row.starts_with(&format!("{:>4}  {}", rank + 1, standing.name)),
            "{row}\n{stdout}"
        );
        assert!(
            row.contains(&shown(&ratings, &standing.name)),
            "{row}\n{stdout}"
        );
        let counts: Vec<&str> = row.split_whitespace().rev().skip(1).take(3).collect();
        let expected = [standing.losses, standing.wins, 8].map(|n| n.to_string());
        assert_eq!(counts, expected, "losses, wins, games of {row}");
    }
    assert!(
        stdout.contains("wins-losses of each row against each column"),
        "{stdout}"
    );
}

/// A round robin stopped before its end goes on with `--resume`: the games
/// on disk are not played again, only the missing ones are, and the
/// standings count all of them; the same players in another order make
/// another schedule, and its resume is refused.
#[test]
fn a_round_robin_resumes_from_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--player",
        "level:2",
        "--player",
        "random",
        "--player",
        "level:3",
        "--games",
        "2",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
    ];
    arena(&args, dir.path());
    let kept: Vec<String> = [1, 3, 4, 6]
        .iter()
        .map(|n| std::fs::read_to_string(dir.path().join(format!("game-000{n}.json"))).unwrap())
        .collect();
    for n in [2, 5] {
        std::fs::remove_file(dir.path().join(format!("game-000{n}.json"))).unwrap();
    }
    let resume = [&args[..], &["--resume"]].concat();
    let stdout = arena(&resume, dir.path());
    assert!(
        stdout.contains("resumed: 4 games already played, 2 to play"),
        "{stdout}"
    );
    for n in 1..=6 {
        let line = format!("game   {n}:");
        assert_eq!(stdout.contains(&line), n == 2 || n == 5, "{line}\n{stdout}");
    }
    for (n, before) in [1, 3, 4, 6].iter().zip(&kept) {
        let now = std::fs::read_to_string(dir.path().join(format!("game-000{n}.json"))).unwrap();
        assert_eq!(&now, before, "game {n} is not played again");
    }
    let ratings = ratings_of(dir.path());
    assert_eq!(ratings.games(), 6);
    let rows = standings(&stdout);
    for name in ["level2", "level1", "level3"] {
        assert!(
            rows[name].contains(&shown(&ratings, name)),
            "{name}\n{stdout}"
        );
    }
    let games: u32 = ratings.ranked(None).iter().map(|s| s.games()).sum();
    assert_eq!(games, 12, "every game counted once for each of its players");

    let mut reordered = resume.clone();
    reordered.swap(1, 3);
    let stderr = arena_refuses(&reordered, dir.path());
    assert!(stderr.contains("is a game of another match"), "{stderr}");
    assert_eq!(records(dir.path()).len(), 6, "nothing is played or lost");
}

/// `deadlines` reads a clocked match's records and finds a move charged more
/// than its hard budget + the margin, naming it.
#[test]
fn deadlines_are_rechecked_from_the_records() {
    let dir = tempfile::tempdir().unwrap();
    arena(
        &[
            "--a", "random", "--b", "level:2", "--games", "2", "--tc", "10s+0.1",
        ],
        dir.path(),
    );
    let deadlines = || {
        let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
            .args(["deadlines", "--player", "level1"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let stdout = deadlines();
    assert!(
        stdout.contains("in 2 games, 0 over the hard budget + 50 ms"),
        "{stdout}"
    );
    // The random mover (`level1`) plays first in game 1: make its second
    // move (move 3) late.
    let path = dir.path().join("game-0001.json");
    let mut record: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record.moves[2].time_ms = 60_000;
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let stdout = deadlines();
    assert!(
        stdout.contains("late: game-0001.json move 3: 60000 ms charged"),
        "{stdout}"
    );
    assert!(stdout.contains("1 over the hard budget"), "{stdout}");
}

/// A UCI engine in a line of shell: handshakes, then answers `go` with
/// `answer` (a shell command).
#[cfg(unix)]
fn shell_engine(answer: &str) -> String {
    format!(
        "uci:sh -c 'while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) {answer};; quit) exit 0;; esac; done'"
    )
}

#[cfg(unix)]
#[test]
fn illegal_moves_and_crashes_are_recorded_as_what_they_are() {
    for (answer, reason) in [
        ("echo bestmove e5e6,e6e7", EndReason::IllegalMove),
        ("exit 3", EndReason::EngineFailure),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let engine = shell_engine(answer);
        let stdout = arena(
            &["--a", &engine, "--b", "random", "--games", "2"],
            dir.path(),
        );
        let records = records(dir.path());
        assert_eq!(records.len(), 2, "{stdout}");
        for record in records {
            assert_eq!(record.result.reason, reason, "{stdout}");
            assert_eq!(
                record.result.winner.map(|w| w.to_string()).as_deref(),
                Some(if record.white.name == "sh" {
                    "black"
                } else {
                    "white"
                })
            );
        }
    }
}

/// With `--cpu-time` a Botzone bot (here restarted every turn, as a bot that
/// exits after answering is) is charged the CPU time its processes used, not
/// the wall time: a bot that sleeps a second has its move accepted at 50 ms a
/// move, and one that burns a good part of a second of CPU loses on time.
#[cfg(target_os = "linux")]
#[test]
fn a_botzone_bot_is_charged_its_cpu_time() {
    let dir = tempfile::tempdir().unwrap();
    let openings = tempfile::tempdir().unwrap();
    let openings = openings.path().join("start.txt");
    std::fs::write(&openings, amazons_core::START_FEN).unwrap();
    // Both answer d1-d2/d3, legal for the first player at the start; they
    // exit without answering when their input closes at once (the check that
    // the program starts).
    let busy = "botzone:sh -c 'read n || exit 0; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo 3 0 3 1 3 2'";
    let sleepy = "botzone:sh -c 'read n || exit 0; sleep 1; echo 3 0 3 1 3 2'";
    let args = [
        "--a",
        busy,
        "--b",
        sleepy,
        "--games",
        "2",
        "--movetime",
        "50",
        "--cpu-time",
        "--concurrency",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ];
    let stdout = arena(&args, dir.path());
    let records = records(dir.path());
    assert_eq!(records.len(), 2, "{stdout}");
    for record in records {
        if record.white.name == "sh-A" {
            // The busy bot moves first and is over 50 ms + the 50 ms margin.
            assert_eq!(record.result.reason, EndReason::Time, "{stdout}");
            assert!(record.moves.is_empty(), "{stdout}");
        } else {
            // The sleepy bot's move counts: then the busy one, second, answers
            // a move of the first player.
            assert_eq!(record.result.reason, EndReason::IllegalMove, "{stdout}");
            assert_eq!(record.moves.len(), 1, "{stdout}");
        }
    }
}

/// Time odds: `--movetime-a` and `--movetime-b` give each player its own
/// time a move, whichever colour it has. The same busy bot (a good part of
/// a second of CPU a move) is within A's 10 s and over B's 50 ms: as white
/// A's move counts (then B, answering the first player's move, fails), and
/// as white B loses on time at once; a round robin refuses odds.
#[cfg(target_os = "linux")]
#[test]
fn time_odds_give_each_player_its_own_move_time() {
    let dir = tempfile::tempdir().unwrap();
    let openings = tempfile::tempdir().unwrap();
    let openings = openings.path().join("start.txt");
    std::fs::write(&openings, amazons_core::START_FEN).unwrap();
    // d1-d2/d3: legal for the first player at the start.
    let busy = "botzone:sh -c 'read n || exit 0; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo 3 0 3 1 3 2'";
    let args = [
        "--a",
        busy,
        "--b",
        busy,
        "--games",
        "2",
        "--movetime-a",
        "10000",
        "--movetime-b",
        "50",
        "--cpu-time",
        "--concurrency",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ];
    let stdout = arena(&args, dir.path());
    assert!(
        stdout.contains("10000 ms a move for sh-A, 50 ms for sh-B"),
        "{stdout}"
    );
    let records = records(dir.path());
    assert_eq!(records.len(), 2, "{stdout}");
    for record in records {
        let a_is_white = record.white.name == "sh-A";
        let loser = if a_is_white {
            &record.black
        } else {
            &record.white
        };
        assert_eq!(loser.name, "sh-B", "{stdout}");
        if a_is_white {
            assert_eq!(record.moves.len(), 1, "{stdout}");
            assert_ne!(record.result.reason, EndReason::Time, "{stdout}");
        } else {
            assert_eq!(record.moves.len(), 0, "{stdout}");
            assert_eq!(record.result.reason, EndReason::Time, "{stdout}");
        }
    }
    let refused = arena_refuses(
        &[
            "--player",
            "random",
            "--player",
            "level:1",
            "--player",
            "level:2",
            "--movetime-a",
            "100",
        ],
        dir.path(),
    );
    assert!(refused.contains("--movetime-a"), "{refused}");
}

/// `--adjudicate` ends a game once the board has separated and counting
/// proves the winner: the record says `territory`, keeps the count, and its
/// proven finish, played on from the last position, leaves the loser
/// without a move.
#[test]
fn adjudicated_games_end_by_territory_with_a_finish_that_holds() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--a",
        "level:2",
        "--b",
        "level:3",
        "--games",
        "2",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
        "--adjudicate",
    ];
    let stdout = arena(&args, dir.path());
    assert!(stdout.contains("ended once territory decides"), "{stdout}");
    let records = records(dir.path());
    assert_eq!(records.len(), 2, "{stdout}");
    for record in records {
        let positions = record.replay().expect("record replays");
        let last = *positions.last().unwrap();
        if record.result.reason == EndReason::NoLegalMove {
            // The move that separated the board left no move at once.
            assert!(last.is_game_over(), "{stdout}");
            continue;
        }
        assert_eq!(record.result.reason, EndReason::Territory, "{stdout}");
        assert!(!last.is_game_over(), "ended before the filling moves");
        let end = record.territory.as_ref().expect("the count is kept");
        let winner = record.result.winner.expect("a winner");
        let mut p = last;
        for &m in &end.finish {
            p = p
                .play(m)
                .unwrap_or_else(|e| panic!("{m} in the finish: {e}"));
        }
        assert!(p.is_game_over(), "the finish ends the game");
        assert_eq!(p.turn(), winner.opponent(), "the loser is out of moves");
        assert!(end.margin >= 1);
    }
}
