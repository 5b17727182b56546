//! One analysis: the worker process started, told the game, and read one
//! line per position, each folded into the [`GameAnalysis`] that `GET`
//! shows, until every position is evaluated; then the moves are classed
//! and the players summed up.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use amazons_core::{BySide, GameRecord, Move, Position};
use amazons_engine::analysis;
use amazons_protocol::{AnalysisBudget, AnalysisStatus, GameAnalysis, MatchId, PlayerSummary};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::Command;

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;

use super::worker::{Evaluated, WorkerArgs, WorkerJob};
use crate::workers::{Lease, Lost, Place, WorkerId, Workers};

/// How long a worker whose work is over may take to exit before it is
/// killed (when the analysis ends and its process is dropped).
const EXIT_WAIT: Duration = Duration::from_secs(5);

/// Why an analysis failed.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The record does not replay.
    #[error("the record does not replay: {0}")]
    Replay(#[from] amazons_core::ReplayError),
    /// The evaluations do not fit the game.
    #[error("the evaluations do not fit the game: {0}")]
    Fold(#[from] analysis::AnalysisError),
    /// The worker could not be started or talked to.
    #[error("cannot run the analysis worker {program}: {error}")]
    Start {
        /// The program.
        program: String,
        /// Why.
        error: std::io::Error,
    },
    /// The worker stopped before the end, or said something else than an
    /// evaluation.
    #[error("the analysis worker stopped at position {at} of {total}: {why}")]
    Stopped {
        /// Positions evaluated before.
        at: usize,
        /// Positions in the game.
        total: usize,
        /// What it said or did.
        why: String,
    },
    /// The worker took longer than `analysis.position_timeout_secs` over
    /// one position.
    #[error("the analysis worker took more than {secs} s over position {at}")]
    Slow {
        /// The position.
        at: usize,
        /// The limit.
        secs: u64,
    },
}

/// The budget every analysis of this server is made at, as the analysis
/// shows it (the engine's words for it).
pub(super) fn budget(playouts: u64) -> AnalysisBudget {
    analysis::wire::budget(&analysis::AnalysisBudget { playouts })
}

/// The state of a newly queued analysis of `record` (game `id`): nothing
/// evaluated of its positions; or why it cannot be analysed.
pub(super) fn fresh(
    id: MatchId,
    record: &GameRecord,
    budget: AnalysisBudget,
) -> Result<GameAnalysis, JobError> {
    let positions = record.replay()?;
    Ok(GameAnalysis {
        version: amazons_engine::analysis::ANALYSIS_VERSION,
        game_id: id.to_string(),
        status: AnalysisStatus::Queued,
        done: 0,
        total: positions.len() as u32,
        budget,
        plies: Vec::new(),
        summary: None,
        error: None,
    })
}

/// How to run one analysis.
pub(super) struct Run<'a> {
    /// The worker's program.
    pub program: &'a Path,
    /// The budget per position.
    pub playouts: u64,
    /// Positions evaluated at once.
    pub threads: usize,
    /// The longest one position may take.
    pub position_timeout: Duration,
    /// The computer's places: positions go to workers that take analyses
    /// as well (`None`: the host's process alone).
    pub workers: Option<Arc<Workers>>,
}

/// Tries of one position on workers before it is left to the host's own
/// process (fishnet gives an analysis 2).
const POSITION_TRIES: usize = 2;

/// How often free workers are looked for while an analysis runs.
const DISPATCH_EVERY: Duration = Duration::from_millis(250);

/// What a worker's place hands back: the position, the place, its line.
type Remote = (usize, Lease, Result<serde_json::Value, Lost>);

/// The positions of one analysis that workers take, from the end of the
/// game backwards while the host's process goes forwards: who has tried
/// each, and those out now.
struct Farm {
    /// Positions still to hand out, the next last.
    todo: Vec<usize>,
    /// The workers that failed each position.
    failed: HashMap<usize, Vec<WorkerId>>,
    /// The positions out on workers.
    out: HashSet<usize>,
    /// Their answers to come.
    answers: FuturesUnordered<Pin<Box<dyn Future<Output = Remote> + Send>>>,
}

impl Run<'_> {
    /// Analyses `record` (game `id`) in a worker process, telling
    /// `progress` the state after each position (still running after the
    /// last: it is done once saved); the finished analysis. The worker is killed if
    /// this future is dropped (at shutdown).
    pub async fn analyse(
        &self,
        id: MatchId,
        record: &GameRecord,
        mut progress: impl FnMut(&GameAnalysis),
    ) -> Result<GameAnalysis, JobError> {
        let mut analysis = fresh(id, record, budget(self.playouts))?;
        analysis.status = AnalysisStatus::Running;
        let start = record.initial_position()?;
        let moves: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
        let total = analysis.total as usize;
        let start_error = |error| JobError::Start {
            program: self.program.display().to_string(),
            error,
        };
        let args = WorkerArgs {
            playouts: self.playouts,
            threads: self.threads,
        };
        let mut child = Command::new(self.program)
            .args(args.to_args())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(start_error)?;
        let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(start_error(std::io::Error::other("no pipes")));
        };
        // What it says on stderr, for the error when it stops (at most a
        // few lines are kept).
        let said = tokio::spawn(async move {
            let mut text = String::new();
            let _ = (&mut stderr).take(4096).read_to_string(&mut text).await;
            text
        });
        let mut line = serde_json::to_string(&WorkerJob::of(record)).map_err(|e| {
            start_error(std::io::Error::other(format!(
                "cannot encode the game: {e}"
            )))
        })?;
        line.push('\n');
        // Its input stays open: the worker exits when it closes, so it
        // never outlives this analysis. A worker that already stopped
        // cannot be written to: its output ends, which says so below.
        let _ = stdin.write_all(line.as_bytes()).await;
        let _ = stdin.flush().await;
        let mut lines = BufReader::new(stdout).lines();
        let positions = record.replay()?;
        let mut evaluated: Vec<Option<Evaluated>> = vec![None; total];
        let mut farm = Farm {
            todo: (0..total).collect(),
            failed: HashMap::new(),
            out: HashSet::new(),
            answers: FuturesUnordered::new(),
        };
        // The next line the host's process writes, and the positions
        // evaluated from the start on.
        let mut at = 0;
        let mut prefix = 0;
        let mut summary = None;
        while prefix < total {
            if let Some(workers) = &self.workers {
                self.hand_out(workers, &mut farm, at, &evaluated, (&positions, &moves));
            }
            let stopped = |why: String| JobError::Stopped { at, total, why };
            let next = tokio::select! {
                next = tokio::time::timeout(self.position_timeout, lines.next_line()), if at < total => next,
                Some((ply, lease, line)) = farm.answers.next() => {
                    farm.out.remove(&ply);
                    let played = moves.get(ply).copied();
                    match line.map_err(|lost| lost.to_string()).and_then(|line| checked(line, ply, &positions[ply], played)) {
                        Ok(line) => evaluated[ply] = evaluated[ply].take().or(Some(line)),
                        Err(why) => {
                            let workers = self.workers.as_ref().expect("only workers answer");
                            workers.lost(&lease, &Lost::Failed(why));
                            if let Place::Remote { worker, .. } = lease.place() {
                                let failed = farm.failed.entry(ply).or_default();
                                failed.push(worker);
                                if failed.len() < POSITION_TRIES {
                                    farm.todo.push(ply);
                                }
                            }
                        }
                    }
                    drop(lease);
                    self.advance(&mut analysis, (&start, &moves), &evaluated, &mut prefix, &mut summary, &mut progress)?;
                    continue;
                }
                _ = tokio::time::sleep(DISPATCH_EVERY), if self.workers.is_some() => continue,
            };
            let text = match next {
                Err(_) => {
                    return Err(JobError::Slow {
                        at,
                        secs: self.position_timeout.as_secs(),
                    });
                }
                Ok(Ok(Some(text))) => text,
                Ok(Ok(None)) => {
                    let ended = match tokio::time::timeout(EXIT_WAIT, child.wait()).await {
                        Ok(Ok(status)) => status.to_string(),
                        _ => "its output ended".to_owned(),
                    };
                    let stderr = said.await.unwrap_or_default();
                    let last = stderr.lines().last().unwrap_or("no message");
                    return Err(stopped(format!("{ended}: {last}")));
                }
                Ok(Err(e)) => return Err(stopped(e.to_string())),
            };
            let line: Evaluated = serde_json::from_str(&text)
                .map_err(|e| stopped(format!("`{text}` is not an evaluation: {e}")))?;
            if line.ply as usize != at {
                return Err(stopped(format!(
                    "it evaluated position {} out of turn",
                    line.ply
                )));
            }
            // A worker's line for the same position is the same (the
            // evaluation is seeded); the host's own is kept.
            evaluated[at] = Some(line);
            at += 1;
            self.advance(
                &mut analysis,
                (&start, &moves),
                &evaluated,
                &mut prefix,
                &mut summary,
                &mut progress,
            )?;
        }
        if at < total {
            // Workers evaluated the rest: the host's process stops now.
            let _ = child.start_kill();
        }
        drop(stdin);
        let _ = tokio::time::timeout(EXIT_WAIT, child.wait()).await;
        // Done only once saved: until then `GET` says running.
        analysis.summary = summary;
        analysis.status = AnalysisStatus::Done;
        Ok(analysis)
    }
}

impl Run<'_> {
    /// Hands the positions the host's process has not reached (`at`) to
    /// free places of workers, from the end backwards, each never to a
    /// worker that failed it.
    fn hand_out(
        &self,
        workers: &Arc<Workers>,
        farm: &mut Farm,
        at: usize,
        evaluated: &[Option<Evaluated>],
        (positions, moves): (&[Position], &[Move]),
    ) {
        while let Some(&ply) = farm.todo.last() {
            if ply < at || evaluated[ply].is_some() || farm.out.contains(&ply) {
                farm.todo.pop();
                continue;
            }
            let avoid = farm.failed.get(&ply).map_or(&[][..], Vec::as_slice);
            let Some(lease) = workers.reserve_analysis(avoid) else {
                return;
            };
            farm.todo.pop();
            farm.out.insert(ply);
            let asked = (ply as u32, positions[ply], moves.get(ply).copied());
            let deadline = self.position_timeout + Duration::from_secs(5);
            let answer = workers.evaluate(&lease, asked, self.playouts, deadline);
            farm.answers
                .push(Box::pin(async move { (ply, lease, answer.await) }));
        }
    }

    /// Folds the newly evaluated positions from the start on, if any, and
    /// tells `progress`.
    fn advance(
        &self,
        analysis: &mut GameAnalysis,
        (start, moves): (&Position, &[Move]),
        evaluated: &[Option<Evaluated>],
        prefix: &mut usize,
        summary: &mut Option<BySide<PlayerSummary>>,
        progress: &mut impl FnMut(&GameAnalysis),
    ) -> Result<(), JobError> {
        let before = *prefix;
        while *prefix < evaluated.len() && evaluated[*prefix].is_some() {
            *prefix += 1;
        }
        if *prefix > before {
            let done: Vec<Evaluated> = evaluated[..*prefix].iter().flatten().cloned().collect();
            *summary = Some(fold(analysis, start, moves, &done)?);
            progress(analysis);
        }
        Ok(())
    }
}

/// A worker's `line` about the position at `ply` (`played` the move played
/// from it), checked before it is kept: an evaluation of that position
/// alone, chances in [0, 1], the engine's move and line legal there, and
/// the evaluation after the engine's move only when that move is not the
/// one played, checked the same way in the position after it.
fn checked(
    line: serde_json::Value,
    ply: usize,
    position: &Position,
    played: Option<Move>,
) -> Result<Evaluated, String> {
    let line: Evaluated =
        serde_json::from_value(line).map_err(|e| format!("not an evaluation: {e}"))?;
    if line.ply != 0 {
        return Err(format!(
            "an evaluation of position {} of its game",
            line.ply
        ));
    }
    sound(&line.eval, position)?;
    if let Some(after) = &line.after_best {
        let best = line.eval.best.ok_or("an evaluation after no move")?;
        if played.is_none_or(|played| played == best) {
            return Err("an evaluation after the move played".into());
        }
        let next = position.play(best).map_err(|e| e.to_string())?;
        sound(after, &next)?;
    }
    Ok(Evaluated {
        ply: ply as u32,
        ..line
    })
}

/// Whether `eval` could be the engine's about `position`.
fn sound(eval: &amazons_core::PositionEval, position: &Position) -> Result<(), String> {
    if !(0.0..=1.0).contains(&eval.win_chance_white) {
        return Err(format!("a chance of {}", eval.win_chance_white));
    }
    if let Some(best) = eval.best
        && position.is_legal(best).is_err()
    {
        return Err(format!("the illegal move {best}"));
    }
    eval.line
        .iter()
        .try_fold(*position, |p, m| p.play(*m).ok())
        .ok_or_else(|| "an illegal line".to_owned())?;
    if eval.line.first().is_some_and(|m| Some(*m) != eval.best) {
        return Err("a line that does not start with its move".into());
    }
    Ok(())
}

/// Folds the first positions' `evaluations` of the game `moves` from
/// `start` into `analysis`: the positions evaluated, each move classed once
/// the position after it is evaluated (by the engine's one rule,
/// [`analysis::GameAnalysis::from_evals`], on the game so far); the
/// players' summary of the game so far.
fn fold(
    analysis: &mut GameAnalysis,
    start: &Position,
    moves: &[Move],
    evaluations: &[Evaluated],
) -> Result<BySide<PlayerSummary>, JobError> {
    let evaluated = evaluations.len();
    let so_far = &moves[..evaluated.saturating_sub(1).min(moves.len())];
    let evals = evaluations.iter().map(|e| e.eval.clone()).collect();
    let after_best = evaluations
        .iter()
        .enumerate()
        // The move from the last position is not judged yet.
        .map(|(ply, e)| {
            e.after_best
                .as_ref()
                .filter(|_| ply < so_far.len())
                .cloned()
        })
        .collect();
    let game = analysis::GameAnalysis::from_evals(start, so_far, evals, after_best)?;
    analysis.plies = game.plies.iter().map(analysis::wire::ply).collect();
    if let Some(last) = analysis.plies.last_mut() {
        // The move from the last position evaluated, not classed yet.
        last.played = moves.get(evaluated - 1).copied();
    }
    analysis.done = evaluated as u32;
    Ok(game.summary.map(|s| analysis::wire::summary(&s)))
}

#[cfg(test)]
mod tests {
    use amazons_core::{PositionEval, Side};
    use amazons_protocol::MoveClass;

    use super::*;

    /// An evaluation saying White's chance is `chance`, the engine's move
    /// `best`.
    fn evaluation(chance: f64, best: Option<Move>) -> PositionEval {
        PositionEval {
            win_chance_white: chance,
            score_cp: 0,
            proven: None,
            best,
            line: best.into_iter().collect(),
        }
    }

    /// A line saying White's chance is `chance`, the engine's move `best`,
    /// White's chance after it `after_best` when the played move is another.
    fn line(ply: u32, chance: f64, best: Option<Move>, after_best: Option<f64>) -> Evaluated {
        Evaluated {
            ply,
            eval: evaluation(chance, best),
            after_best: after_best.map(|c| evaluation(c, None)),
        }
    }

    #[test]
    fn a_workers_line_is_kept_only_when_sound_and_takes_its_ply_in_the_game() {
        let position = Position::start();
        let best: Move = "d1-d7/g7".parse().unwrap();
        let played: Move = "g1-g4/g5".parse().unwrap();
        let json = |line: &Evaluated| serde_json::to_value(line).unwrap();
        let good = line(0, 0.5, Some(best), Some(0.4));
        let kept = checked(json(&good), 7, &position, Some(played)).unwrap();
        assert_eq!((kept.ply, kept.eval.best), (7, Some(best)));
        let unsound = [
            line(0, 1.5, Some(best), None),
            line(0, f64::NAN, Some(best), None),
            line(3, 0.5, Some(best), None),
            line(0, 0.5, Some("e5-e6/e7".parse().unwrap()), None),
            line(0, 0.5, Some(best), Some(2.0)),
        ];
        for bad in unsound {
            assert!(
                checked(json(&bad), 7, &position, Some(played)).is_err(),
                "{bad:?}"
            );
        }
        let after_its_own_move = line(0, 0.5, Some(best), Some(0.4));
        assert!(checked(json(&after_its_own_move), 7, &position, Some(best)).is_err());
        let mut wrong_line = good.clone();
        wrong_line.eval.line = vec![played];
        assert!(checked(json(&wrong_line), 7, &position, Some(played)).is_err());
        assert!(checked(serde_json::json!({"ply": 0}), 7, &position, None).is_err());
    }

    #[test]
    fn each_move_is_classed_once_the_position_after_it_is_evaluated() {
        let start = Position::start();
        let moves: Vec<Move> = ["d1-d7/g7", "a7-b7/c7"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let mut analysis = GameAnalysis {
            version: amazons_engine::analysis::ANALYSIS_VERSION,
            game_id: "g".into(),
            status: AnalysisStatus::Running,
            done: 0,
            total: 3,
            budget: budget(1),
            plies: Vec::new(),
            summary: None,
            error: None,
        };
        // White plays the engine's move; Black's reply leaves Black 10%
        // where the engine's move would have left it 50%: a blunder.
        let lines = [
            line(0, 0.5, Some(moves[0]), None),
            line(1, 0.5, Some("a7-a8/b8".parse().unwrap()), Some(0.5)),
            line(2, 0.9, None, None),
        ];
        fold(&mut analysis, &start, &moves, &lines[..1]).unwrap();
        assert_eq!(analysis.done, 1);
        assert_eq!(analysis.plies.len(), 1);
        assert_eq!(analysis.plies[0].played, Some(moves[0]));
        assert_eq!(analysis.plies[0].class, None, "not judged yet");
        fold(&mut analysis, &start, &moves, &lines[..2]).unwrap();
        assert_eq!(analysis.plies[0].class, Some(MoveClass::Best));
        assert_eq!(analysis.plies[1].played, Some(moves[1]));
        assert_eq!(analysis.plies[1].class, None, "not judged yet");
        let summary = fold(&mut analysis, &start, &moves, &lines).unwrap();
        assert_eq!(analysis.done, 3);
        assert_eq!(analysis.plies[1].class, Some(MoveClass::Blunder));
        assert!((analysis.plies[1].loss.unwrap() - 0.4).abs() < 1e-6);
        assert_eq!(analysis.plies[2].played, None, "the final position");
        assert_eq!(summary.get(Side::Second).blunders, 1);
        assert_eq!(summary.get(Side::First).blunders, 0);
        assert!(summary.get(Side::First).accuracy > summary.get(Side::Second).accuracy);
    }
}
