//! `amazons-server worker`: the worker itself, on another machine. It
//! connects outward to a server's `/worker`, offers its places, and plays
//! each computer game it is given in an engine process of its own, started
//! and driven exactly as the host starts and drives its own
//! (`computer-worker` over UCI from a low-priority thread, the tree kept
//! between moves, pondering on the opponent's time). It says what it does on
//! its log, and when the connection ends (or cannot be made) it drops its
//! games (the server hands them on) and connects again after a jittered,
//! growing wait. A refusal of its key or version ends it: trying again
//! would not help. The first Ctrl-C says `draining` (the server gives it
//! nothing new) and lets the jobs in hand finish; the second stops it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use amazons_core::{Move, Position};
use amazons_engine::player::{MoveRequest, PlayerSettings, PlayerSpec, PlayerThread};
use amazons_protocol::{
    HostMessage, JobId, WORKER_PROTOCOL_VERSION, WorkEngine, WorkKind, WorkerKey, WorkerMessage,
    WorkerRefusal,
};
use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::places::think_budget;
use crate::computer::{builtin_command, own_program, pool};

/// The first wait before connecting again, and the longest.
const BACKOFF: (Duration, Duration) = (Duration::from_secs(1), Duration::from_secs(60));

/// How long the server has to answer `hello`.
const WELCOME_WAIT: Duration = Duration::from_secs(10);

/// The most memory a place's engine may be asked for, MB.
const MAX_HASH_MB: u32 = 1024;

/// `amazons-server worker`'s flags.
#[derive(clap::Args, Debug, Clone)]
pub struct AgentArgs {
    /// The server: `ws://HOST:PORT` or `http://HOST:PORT` as it printed at
    /// start-up (the `/worker` path is added when there is none).
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The file holding the key the host issued (`amazons-server
    /// worker-key add NAME` on the host).
    #[arg(long, value_name = "FILE")]
    pub key_file: PathBuf,
    /// Computer games played at once (each one engine process).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub places: u32,
    /// Search threads of each place.
    #[arg(long, default_value_t = 1, value_name = "T")]
    pub threads: usize,
    /// The work it takes: `game` (the computer's games), `analysis`
    /// (analyses' positions), or both (an analysis-only key: `analysis`).
    #[arg(long, value_delimiter = ',', default_value = "game,analysis", value_parser = parse_work)]
    pub work: Vec<WorkKind>,
}

/// One word of `--work`.
fn parse_work(word: &str) -> Result<WorkKind, String> {
    match word {
        "game" => Ok(WorkKind::Game),
        "analysis" => Ok(WorkKind::Analysis),
        other => Err(format!("`{other}`: the work is game or analysis")),
    }
}

/// The worker's `/worker` URL for what was given.
fn endpoint(server: &str) -> anyhow::Result<String> {
    let server = server.trim().trim_end_matches('/');
    let rest = if let Some(rest) = server.strip_prefix("http://") {
        format!("ws://{rest}")
    } else if server.starts_with("ws://") {
        server.to_owned()
    } else if server.starts_with("https://") || server.starts_with("wss://") {
        bail!("`{server}`: this server speaks plain ws:// on a LAN");
    } else {
        format!("ws://{server}")
    };
    let after_host = rest["ws://".len()..].find('/');
    Ok(match after_host {
        Some(_) => rest,
        None => format!("{rest}/worker"),
    })
}

/// Runs the worker until a refusal that trying again cannot mend, or
/// Ctrl-C.
pub fn run(args: &AgentArgs) -> ExitCode {
    match start(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("amazons-server worker: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn start(args: &AgentArgs) -> anyhow::Result<ExitCode> {
    let url = endpoint(&args.server)?;
    let text = std::fs::read_to_string(&args.key_file)
        .with_context(|| format!("cannot read the key file {}", args.key_file.display()))?;
    let key = WorkerKey(text.trim().to_owned());
    if key.0.is_empty() {
        bail!("the key file {} is empty", args.key_file.display());
    }
    if args.places == 0 || args.threads == 0 {
        bail!("--places and --threads are at least 1");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    Ok(runtime.block_on(serve(url, key, args.clone())))
}

/// Connects, works, and connects again. The first Ctrl-C lets the jobs in
/// hand finish (no new one comes), the second quits at once.
async fn serve(url: String, key: WorkerKey, args: AgentArgs) -> ExitCode {
    let (interrupt, mut interrupts) = mpsc::channel(4);
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            if interrupt.send(()).await.is_err() {
                return;
            }
        }
    });
    let mut wait = BACKOFF.0;
    loop {
        let outcome = session(&url, &key, &args, &mut interrupts).await;
        match outcome {
            Ok(Ended::Quit) => return ExitCode::SUCCESS,
            Ok(Ended::Refused(code, message)) => {
                tracing::error!(?code, "the server refused this worker: {message}");
                return ExitCode::FAILURE;
            }
            Ok(Ended::Closed(why)) => {
                tracing::warn!("disconnected from {url}: {why}");
                wait = BACKOFF.0;
            }
            Err(e) => tracing::warn!("cannot work for {url}: {e:#}"),
        }
        // Jittered: between half and all of the wait, so that a lab of
        // workers does not knock again all at the same moment.
        let jittered = wait.mul_f64(0.5 + rand::random::<f64>() / 2.0);
        tracing::info!("connecting again in {:.1} s", jittered.as_secs_f64());
        tokio::select! {
            _ = tokio::time::sleep(jittered) => {}
            _ = interrupts.recv() => return ExitCode::SUCCESS,
        }
        wait = (wait * 2).min(BACKOFF.1);
    }
}

/// How a session ended.
enum Ended {
    /// The server refused the worker: trying again would not help.
    Refused(WorkerRefusal, String),
    /// The connection ended after a welcome.
    Closed(String),
    /// Ctrl-C: the worker stops.
    Quit,
}

/// The games this worker plays now, each on its own engine.
struct Jobs {
    /// Each job's player.
    players: HashMap<JobId, PlayerThread>,
    /// Each position being evaluated (aborting it ends its process).
    evaluating: HashMap<JobId, tokio::task::AbortHandle>,
    /// Threads per place.
    threads: usize,
    /// Where the answers go to be sent.
    answers: mpsc::Sender<WorkerMessage>,
}

/// One connection: hello, welcome, then the server's work until it ends.
async fn session(
    url: &str,
    key: &WorkerKey,
    args: &AgentArgs,
    interrupts: &mut mpsc::Receiver<()>,
) -> anyhow::Result<Ended> {
    let connect = tokio::time::timeout(WELCOME_WAIT, tokio_tungstenite::connect_async(url));
    let (socket, _) = tokio::select! {
        connected = connect => connected.context("no answer")?.context("cannot connect")?,
        _ = interrupts.recv() => return Ok(Ended::Quit),
    };
    let (mut sink, mut stream) = socket.split();
    let hello = WorkerMessage::Hello {
        protocol: WORKER_PROTOCOL_VERSION,
        key: key.clone(),
        places: args.places,
        work: args.work.clone(),
    };
    sink.send(Message::text(hello.encode())).await?;
    let first = tokio::time::timeout(WELCOME_WAIT, next_message(&mut stream))
        .await
        .context("no welcome")??;
    match first {
        Some(HostMessage::Welcome { name, places, work }) => {
            tracing::info!("connected to {url} as `{name}`: {places} places for {work:?}");
        }
        Some(HostMessage::Refused { code, message }) => return Ok(Ended::Refused(code, message)),
        Some(other) => bail!("the server said {} before welcome", other.type_name()),
        None => bail!("the server closed the connection before welcome"),
    }
    let (answers, mut to_send) = mpsc::channel(64);
    let mut jobs = Jobs {
        players: HashMap::new(),
        evaluating: HashMap::new(),
        threads: args.threads,
        answers,
    };
    let mut draining = false;
    loop {
        tokio::select! {
            message = next_message(&mut stream) => match message? {
                None => return Ok(Ended::Closed("the server closed the connection".into())),
                Some(HostMessage::Refused { code, message }) => return Ok(Ended::Refused(code, message)),
                Some(message) => jobs.handle(message),
            },
            Some(answer) = to_send.recv() => sink.send(Message::text(answer.encode())).await?,
            _ = interrupts.recv() => {
                if draining || jobs.idle() {
                    tracing::info!("interrupted: stopping now");
                    return Ok(Ended::Quit);
                }
                draining = true;
                sink.send(Message::text(WorkerMessage::Draining.encode())).await?;
                tracing::info!(
                    "interrupted: finishing the {} job(s) in hand, taking no new one (Ctrl-C again stops now)",
                    jobs.players.len() + jobs.evaluating.len()
                );
            }
        }
        if draining && jobs.idle() && to_send.is_empty() {
            tracing::info!("every job in hand is finished: stopping");
            // The close frame, so the server hears of it at once.
            let _ = sink.close().await;
            return Ok(Ended::Quit);
        }
    }
}

/// The next message from the server (`None` when the connection closed);
/// pings are answered by the library, other frames skipped.
async fn next_message<S>(stream: &mut S) -> anyhow::Result<Option<HostMessage>>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        match stream.next().await {
            None | Some(Ok(Message::Close(_))) => return Ok(None),
            Some(Ok(Message::Text(text))) => {
                return HostMessage::decode(&text)
                    .map(Some)
                    .context("an unreadable message from the server");
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
        }
    }
}

impl Jobs {
    /// Whether it holds no job.
    fn idle(&mut self) -> bool {
        self.evaluating.retain(|_, task| !task.is_finished());
        self.players.is_empty() && self.evaluating.is_empty()
    }

    /// Carries out one message of the server.
    fn handle(&mut self, message: HostMessage) {
        match message {
            HostMessage::Think {
                job,
                ply,
                start,
                moves,
                budget,
                new_game,
                ponder_ms,
                engine,
            } => {
                let request = (|| {
                    let start: Position = start.parse().map_err(|e| format!("bad start: {e}"))?;
                    let moves = moves
                        .iter()
                        .map(|m| m.parse::<Move>().map_err(|e| format!("bad move {m}: {e}")))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok::<_, String>(MoveRequest {
                        start,
                        moves,
                        budget: think_budget(budget),
                        new_game,
                        ponder: ponder_ms.map(Duration::from_millis),
                    })
                })();
                match request.and_then(|request| Ok((self.player(job, engine)?, request))) {
                    Ok((player, request)) => self.think(job, ply, player, request),
                    Err(reason) => self.fail(job, ply, reason),
                }
            }
            HostMessage::StopPondering { job } => {
                if let Some(player) = self.players.get(&job) {
                    player.stop_pondering();
                }
            }
            HostMessage::EndGame { job } => {
                if self.players.remove(&job).is_some() {
                    tracing::info!(%job, "game over here: its engine ends");
                }
                if let Some(evaluating) = self.evaluating.remove(&job) {
                    evaluating.abort();
                }
            }
            HostMessage::Evaluate {
                job,
                ply,
                position,
                played,
                playouts,
            } => self.evaluate(job, ply, position, played, playouts),
            HostMessage::Welcome { .. } | HostMessage::Refused { .. } => {}
        }
    }

    /// The player of `job`, started from `engine` at its first think.
    fn player(&mut self, job: JobId, engine: Option<WorkEngine>) -> Result<PlayerThread, String> {
        if let Some(player) = self.players.get(&job) {
            return Ok(player.clone());
        }
        let Some(engine) = engine else {
            return Err("no engine was named for this game".into());
        };
        let spec: PlayerSpec = engine
            .player
            .parse()
            .map_err(|e| format!("cannot play `{}`: {e}", engine.player))?;
        if spec.protocol().is_some() {
            return Err(format!(
                "a worker plays built-in players only, not `{}`",
                engine.player
            ));
        }
        let hash_mb = engine.hash_mb.clamp(1, MAX_HASH_MB) as usize;
        let command = builtin_command(&own_program(), spec, self.threads, hash_mb);
        let player = pool::player_thread(
            format!("worker-job-{job}"),
            command,
            PlayerSettings::default(),
        )
        .map_err(|e| format!("cannot start a thread: {e}"))?;
        tracing::info!(%job, player = %engine.player, "a computer game starts here");
        self.players.insert(job, player.clone());
        Ok(player)
    }

    /// Chooses the move on the job's thread; the answer is sent when it
    /// comes.
    fn think(&self, job: JobId, ply: u32, player: PlayerThread, request: MoveRequest) {
        let answers = self.answers.clone();
        tokio::spawn(async move {
            let started = Instant::now();
            let answer = match player.choose(request).await {
                Ok(mv) => {
                    tracing::info!(%job, ply, "played {mv} in {} ms", started.elapsed().as_millis());
                    WorkerMessage::Moved {
                        job,
                        ply,
                        mv: mv.to_string(),
                    }
                }
                Err(e) => {
                    tracing::warn!(%job, ply, "the engine failed: {e}");
                    WorkerMessage::Failed {
                        job,
                        ply,
                        reason: e.to_string(),
                    }
                }
            };
            let _ = answers.send(answer).await;
        });
    }

    /// Evaluates one position of an analysis in an `analysis-worker`
    /// process of its own (the host's kind, at the same low priority): the
    /// position as the start of a game of at most the move played, whose
    /// first line is the answer; the process is ended as soon as it is
    /// read. The server keeps the deadline and checks the line.
    fn evaluate(
        &mut self,
        job: JobId,
        ply: u32,
        position: String,
        played: Option<String>,
        playouts: u64,
    ) {
        self.evaluating.retain(|_, task| !task.is_finished());
        let answers = self.answers.clone();
        let task = tokio::spawn(async move {
            let started = Instant::now();
            let answer = match evaluate_position(&position, played, playouts).await {
                Ok(line) => {
                    tracing::info!(%job, ply, "evaluated in {} ms", started.elapsed().as_millis());
                    WorkerMessage::Evaluated { job, ply, line }
                }
                Err(reason) => {
                    tracing::warn!(%job, ply, "cannot evaluate: {reason}");
                    WorkerMessage::Failed { job, ply, reason }
                }
            };
            let _ = answers.send(answer).await;
        });
        self.evaluating.insert(job, task.abort_handle());
    }

    /// Says the think cannot be done.
    fn fail(&self, job: JobId, ply: u32, reason: String) {
        tracing::warn!(%job, ply, "cannot think: {reason}");
        let answers = self.answers.clone();
        tokio::spawn(async move {
            let _ = answers
                .send(WorkerMessage::Failed { job, ply, reason })
                .await;
        });
    }
}

/// The first line of an `analysis-worker` told the game that starts at
/// `position` with at most the move `played`: that position's evaluation.
async fn evaluate_position(
    position: &str,
    played: Option<String>,
    playouts: u64,
) -> Result<serde_json::Value, String> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let moves = played
        .iter()
        .map(|m| m.parse::<Move>().map_err(|e| format!("bad move {m}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let game = crate::analysis::worker::WorkerJob {
        initial_fen: Some(position.to_owned()),
        moves,
    };
    let args = crate::analysis::worker::WorkerArgs {
        playouts,
        threads: 1,
    };
    let mut child = tokio::process::Command::new(own_program())
        .args(args.to_args())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("cannot start the analysis worker: {e}"))?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the analysis worker has no pipes".into());
    };
    let mut line = serde_json::to_string(&game).map_err(|e| e.to_string())?;
    line.push('\n');
    stdin
        .write_all(line.as_bytes())
        .await
        .map_err(|e| format!("cannot tell the analysis worker the position: {e}"))?;
    let first = tokio::io::BufReader::new(stdout)
        .lines()
        .next_line()
        .await
        .map_err(|e| format!("cannot read the analysis worker: {e}"))?
        .ok_or("the analysis worker stopped without an answer")?;
    serde_json::from_str(&first).map_err(|e| format!("`{first}` is not an evaluation: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_address_becomes_its_worker_endpoint() {
        for (given, url) in [
            ("ws://10.0.0.2:7878", "ws://10.0.0.2:7878/worker"),
            ("http://10.0.0.2:7878/", "ws://10.0.0.2:7878/worker"),
            ("10.0.0.2:7878", "ws://10.0.0.2:7878/worker"),
            ("ws://h:1/worker", "ws://h:1/worker"),
        ] {
            assert_eq!(endpoint(given).unwrap(), url, "{given}");
        }
        assert!(endpoint("wss://h").is_err());
    }
}
