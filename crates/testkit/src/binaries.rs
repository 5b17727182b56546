//! Finding the executables under test.
//!
//! A test can name the binaries of its own package with `CARGO_BIN_EXE_*`;
//! those of other packages it cannot. Each is taken from an environment
//! variable when set (`AMAZONS_SERVER_BIN`, `AMAZONS_CLIENT_BIN`); otherwise
//! `cargo build -p <package> --bin <name> --message-format=json` runs with
//! the same target directory and profile as the test executable
//! (`<target>/<profile>/deps/<test>`), and the executable's path is read from
//! cargo's JSON. That build is not always a no-op after `cargo test
//! --workspace` (without the test targets, the dependencies' features can
//! differ), so a test that times its connections locates what it needs
//! before it opens any. Each binary is built at most once per test process.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// Path of an up-to-date `amazons-server`: `$AMAZONS_SERVER_BIN`, else built.
pub fn server() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| locate("AMAZONS_SERVER_BIN", "amazons-server", "amazons-server"))
}

/// Path of an up-to-date `amazons-client`: `$AMAZONS_CLIENT_BIN`, else built.
pub fn client() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| locate("AMAZONS_CLIENT_BIN", "amazons-client", "amazons-client"))
}

/// Path of an up-to-date fake engine of `amazons-fake-engines`
/// (`fake-uci-engine`, `fake-botzone-bot`, `fake-sau-engine`), built.
pub fn fake_engine(name: &str) -> PathBuf {
    build("amazons-fake-engines", name)
}

/// The executable named by the environment variable `variable` when it is
/// set, else [`build`]`(package, bin)`.
fn locate(variable: &str, package: &str, bin: &str) -> PathBuf {
    match std::env::var_os(variable) {
        Some(path) => PathBuf::from(path),
        None => build(package, bin),
    }
}

/// Builds binary `bin` of `package` into the calling test's target directory
/// and profile (once per test process) and returns its path. Panics when the
/// build fails.
fn build(package: &str, bin: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<(String, String), PathBuf>>> = OnceLock::new();
    let built = BUILT.get_or_init(Mutex::default);
    // Held during the build: two threads asking at once build once.
    let mut built = built
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    built
        .entry((package.to_owned(), bin.to_owned()))
        .or_insert_with(|| cargo_build(package, bin))
        .clone()
}

fn cargo_build(package: &str, bin: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let target = exe
        .ancestors()
        .nth(3)
        .expect("the test runs from <target>/<profile>/deps/<test>");
    let profile = exe
        .ancestors()
        .nth(2)
        .and_then(|p| p.file_name())
        .and_then(|p| p.to_str())
        .unwrap_or("debug")
        .to_owned();
    let mut command = Command::new(env!("CARGO"));
    command.args([
        "build",
        "-p",
        package,
        "--bin",
        bin,
        "--message-format=json",
    ]);
    if profile == "release" {
        command.arg("--release");
    }
    let output = command
        .env("CARGO_TARGET_DIR", target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stderr(Stdio::inherit())
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "building {bin} failed");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == bin)
        .find_map(|v| v["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo names the {bin} executable"))
}
