//! What a new user sees when the server cannot start, or starts with a
//! setting written the way people write it: the real binary, its exit code
//! and what it prints.

use std::net::TcpListener;
use std::process::Command;
use std::time::Duration;

use amazons_testkit::ChildProcess;

const T: Duration = Duration::from_secs(30);

/// The server binary with `args`, in a history directory of its own.
fn server(args: &[&str], history: &std::path::Path) -> ChildProcess {
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-server"));
    command
        .args(args)
        .arg("--history-dir")
        .arg(history)
        .env("RUST_LOG", "warn");
    ChildProcess::spawn("amazons-server", command)
}

/// Runs the server with `args`, which must make it stop at once with
/// `code`; returns what it printed on stderr.
fn refused(args: &[&str], code: i32) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut child = server(args, dir.path());
    let status = child.wait_exit(T);
    assert_eq!(status.code(), Some(code), "{}", child.output());
    child.stderr_text()
}

#[test]
fn a_mistyped_key_is_named_with_its_file_and_the_key_meant() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("server.toml");
    std::fs::write(&file, "port = 7878\ngrace_sec = 5\n").unwrap();
    let stderr = refused(&["--config", file.to_str().unwrap()], 2);
    assert_eq!(
        stderr,
        format!(
            "amazons-server: bad config in {}: `grace_sec` is not a setting; did you mean \
             `grace_secs`?\nEvery setting is described, with its default, in \
             config/server.toml (`amazons-server --print-default-config` prints it).\n",
            file.display()
        )
    );
    let stderr = refused(&["--set", "port=high"], 2);
    assert!(
        stderr.starts_with(
            "amazons-server: bad config in `--set port=high`: `port` is the text \"high\", \
             but it must be a whole number from 0 to 65535"
        ),
        "{stderr}"
    );
}

#[test]
fn listen_localhost_is_this_machine() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = server(&["--listen", "localhost", "--port", "0"], dir.path());
    let line = child.wait_line(T, |l| l.contains("listening on "));
    assert!(line.contains("listening on 127.0.0.1:"), "{line}");
    child.interrupt();
    assert!(child.wait_exit(T).success(), "{}", child.output());
    // A value that is no address says what one looks like.
    let stderr = refused(&["--listen", "my-laptop"], 2);
    assert!(
        stderr.contains("`my-laptop` is not an IP address: write an IP address such as 0.0.0.0"),
        "{stderr}"
    );
}

#[test]
fn a_port_in_use_is_named_with_how_to_choose_another() {
    let holder = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port();
    let stderr = refused(&["--listen", "127.0.0.1", "--port", &port.to_string()], 1);
    assert_eq!(
        stderr,
        format!(
            "amazons-server: cannot listen on 127.0.0.1:{port}: port {port} is already taken by \
             another program (perhaps another amazons-server). Stop that program, or choose \
             another port with `--port N` (or `port = N` in the config file; `--port 0` picks \
             any free port)\n"
        )
    );
    drop(holder);
}
