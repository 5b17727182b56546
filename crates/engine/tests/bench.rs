//! `amazons-engine bench`: the alpha-beta level by depth, and level 7 by
//! playouts, whose moves (seed 1) are a signature that repeats run to run.

use std::process::Command;

/// Runs `amazons-engine bench` with `args`; returns its standard output.
fn bench(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .arg("bench")
        .args(args)
        .output()
        .expect("bench runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The value after `label` on its line.
fn line_after<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_else(|| panic!("no `{label}` in:\n{text}"))
        .trim()
}

#[test]
fn level_7_bench_counts_playouts_and_repeats_its_moves() {
    let first = bench(&["--playouts", "300"]);
    let moves = line_after(&first, "Moves:");
    assert_eq!(moves.split_whitespace().count(), 5, "{first}");
    let total: u64 = line_after(&first, "Total playouts:").parse().unwrap();
    assert!(total > 0 && total <= 5 * 300, "{first}");
    assert!(first.contains("Playouts/CPU second:"), "{first}");
    let second = bench(&["--playouts", "300"]);
    assert_eq!(line_after(&second, "Moves:"), moves, "seed 1 replays");
    assert_eq!(
        line_after(&second, "Total playouts:"),
        line_after(&first, "Total playouts:")
    );
}

#[test]
fn alpha_beta_bench_counts_nodes() {
    let out = bench(&["--depth", "1"]);
    let total: u64 = line_after(&out, "Total nodes:").parse().unwrap();
    assert!(total > 0, "{out}");
    assert!(!out.contains("Moves:"), "{out}");
}

#[test]
fn level_7_bench_runs_two_threads_either_way() {
    for extra in [&[][..], &["--root"][..]] {
        let mut args = vec!["--playouts", "200", "--threads", "2"];
        args.extend_from_slice(extra);
        let out = bench(&args);
        assert_eq!(
            line_after(&out, "Moves:").split_whitespace().count(),
            5,
            "{out}"
        );
        // Both threads' shares: at most 2 × 200 a position, 5 positions.
        let total: u64 = line_after(&out, "Total playouts:").parse().unwrap();
        assert!(total > 0 && total <= 5 * 2 * 200, "{out}");
        assert!(out.contains("Process CPU time:"), "{out}");
    }
    // The choice of trees is only for level 7's playouts.
    let refused = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .args(["bench", "--depth", "1", "--root"])
        .output()
        .expect("bench runs");
    assert!(!refused.status.success());
}
