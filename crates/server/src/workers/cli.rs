//! `amazons-server worker-key add|list|remove`: the host's worker keys,
//! from the command line, while the server runs or not (the server reads
//! the key book again at every check).

use std::process::ExitCode;

use super::keys::{KeyBook, KeyEntry};

/// What to do with the worker keys.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum KeyCommand {
    /// Issues a key and prints it, once: copy it into the worker's key
    /// file. Only its hash is kept.
    Add {
        /// What the host calls the worker (`lab-pc-3`), shown in
        /// /api/workers and the log.
        name: String,
        /// The key may take analyses only, never a computer game.
        #[arg(long)]
        analysis_only: bool,
    },
    /// Lists the keys' names (never the keys).
    List,
    /// Removes a key: its worker's connection ends within seconds, and its
    /// games go on elsewhere.
    Remove {
        /// The key's name.
        name: String,
    },
}

/// Runs `command` on the key book of `history_dir`.
pub fn run(command: &KeyCommand, history_dir: &std::path::Path) -> ExitCode {
    let book = KeyBook::new(history_dir);
    let done = match command {
        KeyCommand::Add {
            name,
            analysis_only,
        } => book.add(name, *analysis_only).map(|(entry, key)| {
            println!("{}", key.0);
            eprintln!(
                "issued the worker key `{}`{} (printed above, once; the server keeps only its hash in {}). \
                 On the worker: save it in a file and run `amazons-server worker --server ws://THIS-HOST:PORT --key-file FILE`.",
                entry.name,
                if entry.analysis_only {
                    ", for analyses only"
                } else {
                    ""
                },
                book.path().display()
            );
        }),
        KeyCommand::List => book.list().map(|entries| {
            if entries.is_empty() {
                println!("no worker keys (amazons-server worker-key add NAME issues one)");
            }
            for KeyEntry {
                name,
                analysis_only,
                ..
            } in entries
            {
                let work = if analysis_only {
                    "analyses only"
                } else {
                    "games"
                };
                println!("{name}\t{work}");
            }
        }),
        KeyCommand::Remove { name } => book.remove(name).map(|removed| match removed {
            Some(entry) => println!(
                "removed the worker key `{}`: its worker is disconnected within seconds and its games go on elsewhere",
                entry.name
            ),
            None => println!("there is no worker key named `{name}`; nothing changed"),
        }),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amazons-server worker-key: {e}; nothing changed");
            ExitCode::FAILURE
        }
    }
}
