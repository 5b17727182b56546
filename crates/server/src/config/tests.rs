//! The settings' tests: loading, merging, and errors in a person's words.

use std::time::Duration;

use super::*;

fn load_text(text: &str, overrides: &Overrides) -> Result<Config, ConfigError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.toml");
    std::fs::write(&path, text).unwrap();
    Config::load(Some(&path), overrides)
}

#[test]
fn embedded_defaults_parse_and_validate() {
    let config = Config::default();
    assert_eq!(config.port, 7878);
    assert_eq!(config.grace_secs, Seconds::new(60));
    assert_eq!(config.history_dir, PathBuf::from("history"));
    assert_eq!(
        config.header_read_timeout_secs.duration(),
        Duration::from_secs(10)
    );
    assert_eq!(config.max_pending_connections, 1024);
    assert_eq!(config.hello_timeout_secs.get(), 10);
    config.validate().unwrap();
    assert_eq!(Config::load(None, &Overrides::default()).unwrap(), config);
}

#[test]
fn a_file_overrides_only_what_it_sets_and_flags_override_the_file() {
    let config = load_text("port = 9000\ngrace_secs = 5\n", &Overrides::default()).unwrap();
    assert_eq!(config.port, 9000);
    assert_eq!(config.grace_secs, Seconds::new(5));
    assert_eq!(
        config.max_message_bytes,
        Config::default().max_message_bytes
    );
    let overrides = Overrides {
        port: Some(9100),
        set: vec![
            "heartbeat_timeout_secs=30".into(),
            "listen=127.0.0.1".into(),
        ],
        ..Overrides::default()
    };
    let config = load_text("port = 9000\ngrace_secs = 5\n", &overrides).unwrap();
    assert_eq!(config.port, 9100);
    assert_eq!(config.grace_secs.get(), 5);
    assert_eq!(config.heartbeat_timeout_secs.get(), 30);
    assert_eq!(config.listen, "127.0.0.1".parse::<IpAddr>().unwrap());
}

#[test]
fn the_computer_table_comes_from_the_file_and_its_flags() {
    let config = Config::default();
    assert!(config.computer.enabled);
    assert_eq!(config.computer.max_level, Level::MAX);
    assert!(config.computer.engines.is_empty());
    let file = "[computer]\nmax_games = 2\n[[computer.engines]]\nname = \"fairy\"\ncommand = \"uci:fairy-stockfish\"\ndescription = \"Fairy\"\n";
    let config = load_text(file, &Overrides::default()).unwrap();
    assert_eq!(config.computer.max_games, 2);
    assert_eq!(config.computer.engines.len(), 1);
    assert_eq!(
        config.computer.think_ms,
        Config::default().computer.think_ms
    );
    let overrides = Overrides {
        computer: ComputerOverrides {
            enabled: Some(false),
            max_level: Level::new(5),
            ponder_ms: Some(Millis::new(0)),
            engines: vec!["six=level:6".into(), "zone=botzone:./bot --fast".into()],
            ..ComputerOverrides::default()
        },
        set: vec!["computer.threads_per_game=2".into()],
        ..Overrides::default()
    };
    let config = load_text(file, &overrides).unwrap();
    assert!(!config.computer.enabled);
    assert_eq!(config.computer.max_level.get(), 5);
    assert_eq!(config.computer.ponder_ms, Millis::new(0));
    assert_eq!(
        Config::default().computer.ponder_ms.duration(),
        Duration::from_secs(60)
    );
    assert_eq!(config.computer.max_games, 2, "the file's value stays");
    assert_eq!(config.computer.threads_per_game, 2);
    let names: Vec<&str> = config
        .computer
        .engines
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["six", "zone"],
        "the flags replace the file's engines"
    );
    assert_eq!(config.computer.engines[1].command, "botzone:./bot --fast");
    let bad = Overrides {
        computer: ComputerOverrides {
            engines: vec!["nameless".into()],
            ..ComputerOverrides::default()
        },
        ..Overrides::default()
    };
    assert!(matches!(
        Config::load(None, &bad),
        Err(ConfigError::BadEngine(_))
    ));
}

#[test]
fn errors_name_the_key() {
    let none = Overrides::default();
    let error = load_text("prot = 9000\n", &none).unwrap_err();
    assert!(error.to_string().contains("prot"), "{error}");
    let error = load_text("port = \"high\"\n", &none).unwrap_err();
    assert!(error.to_string().contains("port"), "{error}");
    let error = load_text("grace_secs = -1\n", &none).unwrap_err();
    assert!(error.to_string().contains("grace_secs"), "{error}");
    let set = |s: &str| Overrides {
        set: vec![s.into()],
        ..Overrides::default()
    };
    let error = Config::load(None, &set("grace_seconds=3")).unwrap_err();
    assert!(error.to_string().contains("grace_seconds"), "{error}");
    assert!(matches!(
        Config::load(None, &set("nonsense")),
        Err(ConfigError::BadSet(_))
    ));
    let error = Config::load(Some(Path::new("/no/such/file.toml")), &none).unwrap_err();
    assert!(error.to_string().contains("/no/such/file.toml"), "{error}");
    let config = Config {
        hard_frame_bytes: 10,
        ..Config::default()
    };
    assert!(
        config
            .validate()
            .unwrap_err()
            .to_string()
            .contains("hard_frame_bytes")
    );
    let error = Config::load(None, &set("computer.max_level=8")).unwrap_err();
    assert!(error.to_string().contains("computer.max_level"), "{error}");
    assert!(error.to_string().contains("levels are 1 to 7"), "{error}");
    let error = load_text("[computer]\nthink_ms = -5\n", &none).unwrap_err();
    assert!(error.to_string().contains("computer.think_ms"), "{error}");
    let error = load_text(
        "[computer]\nengines = [{ name = \"x\", command = \"level:9\" }]\n",
        &none,
    )
    .unwrap_err();
    assert!(error.to_string().contains("computer.engines"), "{error}");
    let error = Config::load(None, &set("heartbeat_interval_secs=0")).unwrap_err();
    assert!(
        error.to_string().contains("heartbeat_interval_secs"),
        "{error}"
    );
}

/// The problems of a configuration that fails to load.
fn problems_of(result: Result<Config, ConfigError>) -> Vec<Problem> {
    match result {
        Err(ConfigError::Settings(problems)) => problems,
        other => panic!("expected problems with settings, got {other:?}"),
    }
}

fn set(assignments: &[&str]) -> Overrides {
    Overrides {
        set: assignments.iter().map(|a| a.to_string()).collect(),
        ..Overrides::default()
    }
}

#[test]
fn a_mistyped_key_gets_the_file_the_key_and_the_setting_it_probably_meant() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.toml");
    std::fs::write(&path, "port = 9000\ngrace_sec = 5\n").unwrap();
    let error = Config::load(Some(&path), &Overrides::default()).unwrap_err();
    let text = error.to_string();
    assert_eq!(
        text,
        format!(
            "bad config in {}: `grace_sec` is not a setting; did you mean `grace_secs`?\n{SETTINGS_HINT}",
            path.display()
        )
    );
    assert!(text.contains("config/server.toml"), "{text}");
    for library_words in ["default.", "unknown field", "one of", "expected"] {
        assert!(!text.contains(library_words), "{text}");
    }
    let problems = problems_of(Config::load(Some(&path), &Overrides::default()));
    assert_eq!(problems[0].key.as_deref(), Some("grace_sec"));
    // The same from --set, named as it was written.
    let problems = problems_of(Config::load(None, &set(&["grace_sec=4"])));
    assert_eq!(
        problems,
        [Problem {
            origin: "`--set grace_sec=4`".into(),
            key: Some("grace_sec".into()),
            what: "`grace_sec` is not a setting; did you mean `grace_secs`?".into(),
        }]
    );
    let what = |overrides: &Overrides| problems_of(Config::load(None, overrides))[0].what.clone();
    assert_eq!(
        what(&set(&["prot=1"])),
        "`prot` is not a setting; did you mean `port`?"
    );
    assert_eq!(what(&set(&["colour=1"])), "`colour` is not a setting");
    assert_eq!(
        what(&set(&["computer.max_game=1"])),
        "`computer.max_game` is not a setting; did you mean `computer.max_games`?"
    );
}

#[test]
fn a_key_in_the_wrong_table_is_told_where_it_belongs() {
    let problems = problems_of(load_text("max_games = 2\n", &Overrides::default()));
    assert!(
        problems[0]
            .what
            .starts_with("`max_games` is a setting of the [computer] table"),
        "{problems:?}"
    );
    let problems = problems_of(load_text(
        "[computer]\nmax_games = 2\nport = 8000\n",
        &Overrides::default(),
    ));
    assert_eq!(problems[0].key.as_deref(), Some("computer.port"));
    assert!(
        problems[0].what.contains("move `port` above it"),
        "{problems:?}"
    );
}

#[test]
fn a_value_of_the_wrong_kind_is_told_the_kind_in_words_and_the_default() {
    let what = |text: &str| {
        problems_of(load_text(text, &Overrides::default()))[0]
            .what
            .clone()
    };
    assert_eq!(
        what("port = 70000\n"),
        "`port` is 70000, but it must be a whole number from 0 to 65535 (0 picks any free port); the default is 7878"
    );
    assert_eq!(
        what("grace_secs = \"ten\"\n"),
        "`grace_secs` is the text \"ten\", but it must be a whole number of seconds; the default is 60"
    );
    assert_eq!(
        what("grace_secs = -1\n"),
        "`grace_secs` is -1, but it must be a whole number of seconds; the default is 60"
    );
    assert_eq!(
        what("[computer]\nthink_ms = \"500\"\n"),
        "`computer.think_ms` is the text \"500\", but it must be a whole number of milliseconds; the default is 1000; write it without quotes: `computer.think_ms = 500`"
    );
    assert_eq!(
        what("[computer]\nenabled = \"yes\"\n"),
        "`computer.enabled` is the text \"yes\", but it must be true or false; the default is true"
    );
    assert_eq!(
        what("listen = \"my-laptop\"\n"),
        "`listen` is the text \"my-laptop\", but it must be an IP address such as 0.0.0.0 (every network of this machine) or 127.0.0.1 (this machine only; `localhost` means the same); the default is \"0.0.0.0\""
    );
    assert_eq!(
        what("listen = \"0.0.0.0:7878\"\n"),
        "`listen`: `0.0.0.0:7878` has a port in it: write the address alone (`0.0.0.0`) and the port as the `port` setting (`--port 7878`)"
    );
    assert_eq!(
        what("[[computer.engines]]\nname = \"x\"\ncmd = \"uci:x\"\n"),
        "`computer.engines[1].cmd` is not a setting; did you mean `computer.engines[1].command`?"
    );
}

#[test]
fn every_key_says_in_words_what_it_takes() {
    // A list where every key takes a single value (and a table where the
    // engines list is): the message names the kind in words, never as a
    // Rust type.
    let defaults: toml::Table = DEFAULT_CONFIG_TOML.parse().unwrap();
    let mut keys: Vec<String> = Vec::new();
    for (key, value) in &defaults {
        match value.as_table() {
            Some(table) => keys.extend(table.keys().map(|k| format!("{key}.{k}"))),
            None => keys.push(key.clone()),
        }
    }
    assert!(keys.len() > 25, "{keys:?}");
    for key in keys {
        let wrong = if key == "computer.engines" {
            "{}"
        } else {
            "[1]"
        };
        let problems = problems_of(Config::load(None, &set(&[&format!("{key}={wrong}")])));
        let what = &problems[0].what;
        assert_eq!(problems[0].key.as_deref(), Some(key.as_str()));
        assert!(what.contains(", but it must be "), "{key}: {what}");
        for rust in [
            "u8",
            "u16",
            "u32",
            "u64",
            "usize",
            "path string",
            "struct ",
            "a boolean",
        ] {
            assert!(!what.contains(rust), "{key}: {what}");
        }
    }
}

#[test]
fn a_file_that_is_not_toml_shows_where() {
    let problems = problems_of(load_text("port = \n", &Overrides::default()));
    assert_eq!(problems[0].key, None);
    assert!(
        problems[0].what.starts_with("it is not valid TOML"),
        "{problems:?}"
    );
    assert!(
        problems[0].what.contains("line 1, column 8"),
        "{problems:?}"
    );
}

#[test]
fn a_value_that_does_not_fit_the_others_names_where_it_was_set() {
    let error = load_text("heartbeat_timeout_secs = 5\n", &Overrides::default()).unwrap_err();
    assert!(
        matches!(&error, ConfigError::Invalid { key: "heartbeat_timeout_secs", origin: Some(o), .. } if o.ends_with("x.toml")),
        "{error:?}"
    );
    assert!(error.to_string().contains("config/server.toml"), "{error}");
}

#[test]
fn localhost_is_127_0_0_1_and_other_addresses_say_what_to_write() {
    let loopback: IpAddr = "127.0.0.1".parse().unwrap();
    assert_eq!(parse_listen("localhost"), Ok(loopback));
    assert_eq!(parse_listen(" LocalHost "), Ok(loopback));
    assert_eq!(parse_listen("::1"), Ok("::1".parse().unwrap()));
    assert_eq!(parse_listen("[::1]"), Ok("::1".parse().unwrap()));
    assert_eq!(
        parse_listen("localhost:8080").unwrap_err().to_string(),
        "`localhost:8080` has a port in it: write the address alone (`127.0.0.1`) and the port as the `port` setting (`--port 8080`)"
    );
    assert!(
        parse_listen("192.168.1")
            .unwrap_err()
            .to_string()
            .contains("such as 0.0.0.0")
    );
    let config = load_text("listen = \"localhost\"\n", &Overrides::default()).unwrap();
    assert_eq!(config.listen, loopback);
    let config = Config::load(None, &set(&["listen=localhost"])).unwrap();
    assert_eq!(config.listen, loopback);
}

#[test]
fn command_line_values_are_refused_in_words() {
    use clap::Parser;
    #[derive(clap::Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        overrides: Overrides,
    }
    let error = |args: &[&str]| {
        let mut argv = vec!["amazons-server"];
        argv.extend(args);
        Cli::try_parse_from(argv).unwrap_err().to_string()
    };
    let cli = Cli::try_parse_from(["amazons-server", "--listen", "localhost"]).unwrap();
    assert_eq!(cli.overrides.listen, Some("127.0.0.1".parse().unwrap()));
    let text = error(&["--grace-secs", "x"]);
    assert!(
        text.contains("`x` is not a whole number of seconds (such as 30)"),
        "{text}"
    );
    let text = error(&["--computer-think-ms", "1.5"]);
    assert!(
        text.contains("`1.5` is not a whole number of milliseconds"),
        "{text}"
    );
    let text = error(&["--port", "70000"]);
    assert!(text.contains("a whole number from 0 to 65535"), "{text}");
    let text = error(&["--max-connections", "lots"]);
    assert!(text.contains("`lots` is not a whole number"), "{text}");
    let text = error(&["--listen", "my-laptop"]);
    assert!(text.contains("such as 0.0.0.0"), "{text}");
}
