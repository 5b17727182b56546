//! Finding the executables under test.
//!
//! The binaries belong to other packages, so `CARGO_BIN_EXE_*` does not name
//! them. Each is taken from an environment variable when set
//! (`AMAZONS_SERVER_BIN`, `AMAZONS_CLIENT_BIN`); otherwise `cargo build -p
//! <package> --bin <name> --message-format=json` runs with the same target
//! directory as the test executable (`<target>/<profile>/deps/<test>`) and
//! the executable's path is read from cargo's JSON. That build is not always
//! a no-op after `cargo test --workspace` (without the test targets, the
//! dependencies' features can differ), so [`crate::ServerProcess`] locates
//! both binaries before a server starts.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Path of an up-to-date `amazons-server`.
pub fn server() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| locate("AMAZONS_SERVER_BIN", "amazons-server", "amazons-server"))
}

/// Path of an up-to-date `amazons-client`.
pub fn client() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| locate("AMAZONS_CLIENT_BIN", "amazons-client", "amazons-client"))
}

fn locate(variable: &str, package: &str, bin: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(variable) {
        return PathBuf::from(path);
    }
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
