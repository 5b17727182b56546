//! The journal of matches in progress: one JSON line per event, appended and
//! fsynced before the event is acknowledged to anyone, so that a crash (even
//! SIGKILL) loses nothing that a player was told about.
//!
//! One file is shared by every match and written by one task that commits in
//! groups: appends that arrive while an `fsync` is running are written and
//! synced together by the next one. An `fsync` costs milliseconds on an
//! ordinary disk, so one file per match (one `fsync` each) could not keep a
//! thousand matches under a 10 ms round trip; a shared file can.
//!
//! A journal file starts with a checkpoint line, then every event of every
//! match that was still live when it was started, then new events. When the
//! file grows past `journal_rotate_mib` (config), the writer starts the next file the same
//! way (written under a temporary name, fsynced, renamed, directory fsynced)
//! and removes the old one; a match leaves the journal with its `archived`
//! event, appended when it is cleared away from the server with its record
//! on disk. Recovery reads the files in order and lets a
//! checkpoint supersede everything before it, so a crash at any point of a
//! rotation loses nothing and duplicates nothing.
//!
//! At start-up [`recover`] reads every journal file, hands the events back
//! grouped by match, and [`Journal::start`] begins a fresh file holding only the
//! matches not archived. Old files are then removed, except a file with a
//! line that does not parse, which is renamed to `*.kept` and reported, never
//! deleted.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use amazons_protocol::MatchId;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};

pub use crate::match_state::Event;

/// The first line of every journal file.
#[derive(Serialize, Deserialize)]
struct Checkpoint {
    /// Always true; marks the line.
    checkpoint: bool,
}

/// A journal line: the match and the event.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Line {
    /// The match the event belongs to.
    pub match_id: MatchId,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

/// What start-up found in the journal directory.
#[derive(Debug, Default)]
pub struct Recovered {
    /// Each match's events in order, matches in order of first appearance.
    pub matches: Vec<(MatchId, Vec<Event>)>,
    /// Human-readable problems (bad lines, unreadable files), already logged.
    pub problems: Vec<String>,
    /// Journal files read, and whether each was clean.
    files: Vec<(PathBuf, bool)>,
    /// The number the next journal file gets.
    next_number: u64,
}

fn journal_number(name: &str) -> Option<u64> {
    let rest = name.strip_prefix("journal-")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Whether the journal is done with a match: its record is on disk, or it
/// ended without ever starting (a waiting match given up).
pub fn retired(events: &[Event]) -> bool {
    let ended = events.iter().any(|e| matches!(e, Event::Ended { .. }));
    let started = events.iter().any(|e| matches!(e, Event::Started { .. }));
    events.iter().any(|e| matches!(e, Event::Archived)) || (ended && !started)
}

/// Reads every `journal-N.jsonl` in `dir` (created if missing).
///
/// A line that does not parse is reported and skipped: only a line whose
/// `fsync` completed was ever acknowledged, and a crash can leave at most the
/// last line of a file half-written. The file is kept (see [`Journal::start`]).
pub fn recover(dir: &Path) -> io::Result<Recovered> {
    std::fs::create_dir_all(dir)?;
    let mut names = Vec::new();
    let mut next_number = 1;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(n) = journal_number(&name) {
            next_number = next_number.max(n + 1);
            if name.ends_with(".jsonl") {
                names.push((n, entry.path()));
            } else if name.ends_with(".tmp") {
                // A checkpoint that was never renamed into place: the files
                // before it are complete, so it holds nothing of its own.
                tracing::info!("removing unfinished checkpoint {name}");
                std::fs::remove_file(entry.path())?;
            }
        }
    }
    names.sort();
    let mut recovered = Recovered {
        next_number,
        ..Recovered::default()
    };
    let mut index: HashMap<MatchId, usize> = HashMap::new();
    for (_, path) in names {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                let problem = format!("cannot read journal {}: {e}; skipped", path.display());
                tracing::error!("{problem}");
                recovered.problems.push(problem);
                recovered.files.push((path, false));
                continue;
            }
        };
        let mut clean = true;
        let ends_with_newline = bytes.last() == Some(&b'\n');
        let lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
        let count = lines.len();
        for (number, raw) in lines.into_iter().enumerate() {
            if raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if number == 0 && serde_json::from_slice::<Checkpoint>(raw).is_ok_and(|c| c.checkpoint)
            {
                // Everything before this file is in this file.
                recovered.matches.clear();
                index.clear();
                continue;
            }
            match serde_json::from_slice::<Line>(raw) {
                Ok(line) => {
                    let slot = *index.entry(line.match_id).or_insert_with(|| {
                        recovered.matches.push((line.match_id, Vec::new()));
                        recovered.matches.len() - 1
                    });
                    recovered.matches[slot].1.push(line.event);
                }
                Err(e) => {
                    clean = false;
                    let last = number + 1 == count && !ends_with_newline;
                    let problem = if last {
                        format!(
                            "{} line {}: truncated last line (a crash during an append that was never acknowledged); ignored",
                            path.display(),
                            number + 1
                        )
                    } else {
                        format!(
                            "{} line {}: corrupt ({e}); skipped",
                            path.display(),
                            number + 1
                        )
                    };
                    tracing::warn!("{problem}");
                    recovered.problems.push(problem);
                }
            }
        }
        recovered.files.push((path, clean));
    }
    Ok(recovered)
}

/// A request to the writer task.
enum Request {
    /// Append lines and report when they are on disk.
    Append {
        /// The match the lines belong to.
        match_id: MatchId,
        /// Whether these lines let the journal forget the match.
        retire: bool,
        /// The lines, each with its newline.
        bytes: Vec<u8>,
        /// Told once the line is fsynced (or failed).
        done: oneshot::Sender<io::Result<()>>,
    },
    /// Sync and stop.
    Close(oneshot::Sender<()>),
}

/// The handle matches append through; cheap to clone.
#[derive(Clone)]
pub struct Journal {
    /// To the writer task, bounded at [`JOURNAL_QUEUE`].
    tx: mpsc::Sender<Request>,
}

/// The most appends waiting for the writer. A match has at most one append
/// waiting (it awaits its sync before it goes on), so the queue holds about
/// one request per busy match; when it is full, a match waits for room
/// exactly as it waits for the disk, and nothing is dropped.
pub const JOURNAL_QUEUE: usize = 4096;

impl Journal {
    /// Starts a new journal file in `dir` holding `live` (the events of the
    /// matches still in progress), then removes the old files that were read
    /// cleanly and renames the others to `*.kept`. Spawns the writer task on
    /// the current runtime.
    pub fn start(
        dir: &Path,
        recovered: &Recovered,
        live: &[(MatchId, Vec<Event>)],
        rotate_bytes: u64,
    ) -> io::Result<Journal> {
        let mut lines: HashMap<MatchId, Vec<u8>> = HashMap::new();
        for (match_id, events) in live {
            let buffer = lines.entry(*match_id).or_default();
            for event in events {
                let line = Line {
                    match_id: *match_id,
                    event: event.clone(),
                };
                serde_json::to_writer(&mut *buffer, &line)?;
                buffer.push(b'\n');
            }
        }
        let (file, size) = write_checkpoint(dir, recovered.next_number, &lines)?;
        for (old, clean) in &recovered.files {
            if *clean {
                std::fs::remove_file(old)?;
            } else {
                let kept = old.with_extension("jsonl.kept");
                std::fs::rename(old, &kept)?;
                tracing::warn!("kept journal {} for inspection", kept.display());
            }
        }
        sync_dir(dir)?;
        let (tx, rx) = mpsc::channel(JOURNAL_QUEUE);
        let state = WriterState {
            dir: dir.to_owned(),
            file: Arc::new(file),
            number: recovered.next_number,
            size,
            live: lines,
            rotate_bytes,
        };
        tokio::spawn(writer(state, rx));
        Ok(Journal { tx })
    }

    /// Appends `events` (durable ones, see [`Event::is_durable`]) for
    /// `match_id`, one line each, in one write, and returns once they are on
    /// disk.
    pub async fn append(&self, match_id: MatchId, events: Vec<Event>) -> io::Result<()> {
        let retire = events.iter().any(|e| matches!(e, Event::Archived));
        let mut bytes = Vec::new();
        for event in events {
            serde_json::to_writer(&mut bytes, &Line { match_id, event })?;
            bytes.push(b'\n');
        }
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Request::Append {
                match_id,
                retire,
                bytes,
                done,
            })
            .await
            .map_err(|_| io::Error::other("the journal is closed"))?;
        wait.await
            .map_err(|_| io::Error::other("the journal writer stopped"))?
    }

    /// Syncs and stops the writer (at shutdown, after every match has stopped).
    pub async fn close(&self) {
        let (done, wait) = oneshot::channel();
        if self.tx.send(Request::Close(done)).await.is_ok() {
            let _ = wait.await;
        }
    }
}

/// Writes journal file number `number`: the checkpoint line and `live`, under
/// a temporary name, fsynced, then renamed into place and the directory
/// fsynced. Returns the file (open for appending) and its size.
fn write_checkpoint(
    dir: &Path,
    number: u64,
    live: &HashMap<MatchId, Vec<u8>>,
) -> io::Result<(File, u64)> {
    let path = dir.join(format!("journal-{number:06}.jsonl"));
    let temp = dir.join(format!("journal-{number:06}.jsonl.tmp"));
    let mut file = OpenOptions::new()
        .create_new(true)
        .append(true)
        .open(&temp)?;
    let mut buffer = serde_json::to_vec(&Checkpoint { checkpoint: true })?;
    buffer.push(b'\n');
    for lines in live.values() {
        buffer.extend_from_slice(lines);
    }
    file.write_all(&buffer)?;
    file.sync_all()?;
    std::fs::rename(&temp, &path)?;
    sync_dir(dir)?;
    Ok((file, buffer.len() as u64))
}

/// Makes a rename or a file creation in `dir` durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// How many `fdatasync` calls may run at once. Each batch is written in
/// order, then synced on its own blocking thread: the kernel merges
/// overlapping syncs of one file, so a batch need not wait for the previous
/// batch's sync to finish before its own starts. Measured on this project's
/// test machine (ext4), one sync at a time gave about 290 syncs/s at 4 ms each;
/// overlapping syncs gave thousands per second at well under 1 ms.
const SYNCS_IN_FLIGHT: usize = 8;

/// What the writer task owns.
struct WriterState {
    /// The journal directory.
    dir: PathBuf,
    /// The current file.
    file: Arc<File>,
    /// Its number.
    number: u64,
    /// Its size so far.
    size: u64,
    /// Every line of every match not yet retired: the next checkpoint.
    live: HashMap<MatchId, Vec<u8>>,
    /// Start the next file once the current one is this large.
    rotate_bytes: u64,
}

/// The writer task: takes every append waiting, writes them in one go (in
/// order), then syncs on a blocking thread and acknowledges them once the
/// sync returns. A sync that returns covers every byte written before it
/// began, so acknowledging after it is always safe, even when an earlier
/// batch's sync is still running.
async fn writer(mut state: WriterState, mut rx: mpsc::Receiver<Request>) {
    let in_flight = Arc::new(tokio::sync::Semaphore::new(SYNCS_IN_FLIGHT));
    let mut closing = None;
    while closing.is_none() {
        let Some(first) = rx.recv().await else { break };
        let mut batch = Vec::new();
        let mut buffer = Vec::new();
        let mut lines = Vec::new();
        let mut push = |request: Request, closing: &mut Option<oneshot::Sender<()>>| match request {
            Request::Append {
                match_id,
                retire,
                bytes,
                done,
            } => {
                buffer.extend_from_slice(&bytes);
                lines.push((match_id, retire, bytes));
                batch.push(done);
            }
            Request::Close(done) => *closing = Some(done),
        };
        push(first, &mut closing);
        while closing.is_none() {
            match rx.try_recv() {
                Ok(request) => push(request, &mut closing),
                Err(_) => break,
            }
        }
        if batch.is_empty() {
            continue;
        }
        let Ok(permit) = Arc::clone(&in_flight).acquire_owned().await else {
            break;
        };
        let length = buffer.len() as u64;
        // An append to the page cache takes microseconds: done here, in
        // order, rather than paying a thread hand-off per batch. The sync,
        // which takes milliseconds, runs on a blocking thread below.
        let written = {
            let mut writer: &File = &state.file;
            writer.write_all(&buffer)
        };
        if let Err(e) = written {
            tracing::error!("journal write failed: {e}");
            for done in batch {
                let _ = done.send(Err(io::Error::new(e.kind(), e.to_string())));
            }
            continue;
        }
        state.size += length;
        for (match_id, retire, bytes) in lines {
            if retire {
                state.live.remove(&match_id);
            } else {
                state
                    .live
                    .entry(match_id)
                    .or_default()
                    .extend_from_slice(&bytes);
            }
        }
        let syncing = Arc::clone(&state.file);
        tokio::task::spawn_blocking(move || {
            let result = syncing.sync_data();
            if let Err(e) = &result {
                tracing::error!("journal sync failed: {e}");
            }
            for done in batch {
                let _ = done.send(match &result {
                    Ok(()) => Ok(()),
                    Err(e) => Err(io::Error::new(e.kind(), e.to_string())),
                });
            }
            drop(permit);
        });
        if state.size >= state.rotate_bytes {
            state = rotate(state, &in_flight).await;
        }
    }
    // Wait for the syncs still running, then sync everything once more.
    let _all = in_flight.acquire_many(SYNCS_IN_FLIGHT as u32).await;
    let file = Arc::clone(&state.file);
    let _ = tokio::task::spawn_blocking(move || file.sync_all()).await;
    if let Some(done) = closing {
        let _ = done.send(());
    }
}

/// Starts the next journal file with the live matches and removes the old
/// one. On failure the old file simply stays in use.
async fn rotate(state: WriterState, in_flight: &Arc<tokio::sync::Semaphore>) -> WriterState {
    // Every sync of the old file must be done before it can go.
    let Ok(_all) = in_flight.acquire_many(SYNCS_IN_FLIGHT as u32).await else {
        return state;
    };
    let started = std::time::Instant::now();
    let result = tokio::task::spawn_blocking(move || {
        let next = state.number + 1;
        match write_checkpoint(&state.dir, next, &state.live) {
            Ok((file, size)) => {
                let old = state.dir.join(format!("journal-{:06}.jsonl", state.number));
                if let Err(e) = std::fs::remove_file(&old).and_then(|()| sync_dir(&state.dir)) {
                    tracing::warn!("cannot remove the old journal {}: {e}", old.display());
                }
                WriterState {
                    file: Arc::new(file),
                    number: next,
                    size,
                    ..state
                }
            }
            Err(e) => {
                // The new file must not survive (recovery would let it
                // supersede the old one, which stays in use): remove it under
                // either name, and try again after another `rotate_bytes`.
                tracing::error!("journal rotation failed (the current file stays in use): {e}");
                let _ =
                    std::fs::remove_file(state.dir.join(format!("journal-{next:06}.jsonl.tmp")));
                let _ = std::fs::remove_file(state.dir.join(format!("journal-{next:06}.jsonl")));
                let _ = sync_dir(&state.dir);
                WriterState { size: 0, ..state }
            }
        }
    })
    .await;
    match result {
        Ok(state) => {
            tracing::info!(
                file = state.number,
                live_matches = state.live.len(),
                ms = started.elapsed().as_millis() as u64,
                "journal rotated"
            );
            state
        }
        Err(e) => panic!("journal rotation task failed: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_state::Terms;
    use amazons_core::TimeControl;

    fn id(n: u8) -> MatchId {
        MatchId(uuid::Uuid::from_bytes([n; 16]))
    }

    #[tokio::test]
    async fn appends_survive_and_truncated_tails_are_ignored_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let recovered = recover(dir.path()).unwrap();
        let journal = Journal::start(dir.path(), &recovered, &[], 1 << 20).unwrap();
        let created = Terms::casual(TimeControl::Untimed).created(1, None, None);
        journal.append(id(1), vec![created.clone()]).await.unwrap();
        journal.append(id(2), vec![created.clone()]).await.unwrap();
        journal
            .append(id(1), vec![Event::Started { at_ms: 2 }])
            .await
            .unwrap();
        journal.close().await;
        // A crash in the middle of an append leaves half a line.
        let path = dir.path().join("journal-000001.jsonl");
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(br#"{"match_id":"01010101-0101"#).unwrap();
        drop(file);

        let recovered = recover(dir.path()).unwrap();
        assert_eq!(recovered.matches.len(), 2);
        assert_eq!(
            recovered.matches[0].1,
            vec![created.clone(), Event::Started { at_ms: 2 }]
        );
        assert_eq!(recovered.problems.len(), 1, "{:?}", recovered.problems);
        assert!(recovered.problems[0].contains("truncated"));
        let live = vec![recovered.matches[0].clone()];
        let journal = Journal::start(dir.path(), &recovered, &live, 1 << 20).unwrap();
        journal.close().await;
        assert!(dir.path().join("journal-000001.jsonl.kept").exists());
        assert!(!dir.path().join("journal-000002.jsonl.tmp").exists());
        let again = recover(dir.path()).unwrap();
        assert_eq!(again.matches, live);
        assert!(again.problems.is_empty());
    }

    fn moved(ply: u32) -> Event {
        let mv = if ply % 2 == 0 { "d1-d2/d3" } else { "d2-d1/d2" };
        Event::Moved {
            ply,
            mv: mv.parse().unwrap(),
            time_ms: 1,
            clock_ms: None,
            clocks: None,
        }
    }

    fn journal_files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[tokio::test]
    async fn rotation_keeps_live_matches_and_drops_archived_ones() {
        let dir = tempfile::tempdir().unwrap();
        let recovered = recover(dir.path()).unwrap();
        let journal = Journal::start(dir.path(), &recovered, &[], 2_000).unwrap();
        let created = Terms::casual(TimeControl::Untimed).created(1, None, None);
        let (live, done) = (id(1), id(2));
        journal.append(live, vec![created.clone()]).await.unwrap();
        journal.append(done, vec![created.clone()]).await.unwrap();
        let mut expected = vec![created.clone()];
        for ply in 0..60 {
            journal.append(live, vec![moved(ply)]).await.unwrap();
            journal.append(done, vec![moved(ply)]).await.unwrap();
            expected.push(moved(ply));
        }
        journal.append(done, vec![Event::Archived]).await.unwrap();
        for ply in 60..80 {
            journal.append(live, vec![moved(ply)]).await.unwrap();
            expected.push(moved(ply));
        }
        journal.close().await;
        let files = journal_files(dir.path());
        assert_eq!(
            files.len(),
            1,
            "old files are removed after each rotation: {files:?}"
        );
        assert_ne!(files[0], "journal-000001.jsonl", "it rotated");
        let recovered = recover(dir.path()).unwrap();
        assert!(recovered.problems.is_empty(), "{:?}", recovered.problems);
        assert_eq!(recovered.matches, vec![(live, expected)]);
    }

    #[tokio::test]
    async fn a_checkpoint_supersedes_the_files_before_it() {
        // A crash after the next file was renamed into place but before the
        // old one was removed leaves both: nothing may be read twice.
        let dir = tempfile::tempdir().unwrap();
        let created = Terms::casual(TimeControl::Untimed).created(1, None, None);
        let line = |event: &Event| {
            let mut text = serde_json::to_string(&Line {
                match_id: id(1),
                event: event.clone(),
            })
            .unwrap();
            text.push('\n');
            text
        };
        let events = [created, moved(0)];
        let old: String = events.iter().map(line).collect();
        std::fs::write(
            dir.path().join("journal-000001.jsonl"),
            format!("{{\"checkpoint\":true}}\n{old}"),
        )
        .unwrap();
        std::fs::write(
            dir.path().join("journal-000002.jsonl"),
            format!("{{\"checkpoint\":true}}\n{old}{}", line(&moved(1))),
        )
        .unwrap();
        std::fs::write(
            dir.path().join("journal-000003.jsonl.tmp"),
            "{\"checkpoint\":true}\n{\"match_id\"",
        )
        .unwrap();
        let recovered = recover(dir.path()).unwrap();
        assert_eq!(recovered.matches.len(), 1);
        assert_eq!(
            recovered.matches[0].1,
            vec![events[0].clone(), events[1].clone(), moved(1)]
        );
        assert!(!dir.path().join("journal-000003.jsonl.tmp").exists());
        assert_eq!(recovered.next_number, 4);
    }
}
