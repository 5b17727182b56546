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

use super::worker::{Evaluated, WorkerArgs, WorkerJob};

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
        let mut evaluations = Vec::with_capacity(total);
        let mut summary = None;
        while evaluations.len() < total {
            let at = evaluations.len();
            let stopped = |why: String| JobError::Stopped { at, total, why };
            let next = tokio::time::timeout(self.position_timeout, lines.next_line()).await;
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
            let evaluated: Evaluated = serde_json::from_str(&text)
                .map_err(|e| stopped(format!("`{text}` is not an evaluation: {e}")))?;
            if evaluated.ply as usize != at {
                return Err(stopped(format!(
                    "it evaluated position {} out of turn",
                    evaluated.ply
                )));
            }
            evaluations.push(evaluated);
            summary = Some(fold(&mut analysis, &start, &moves, &evaluations)?);
            progress(&analysis);
        }
        drop(stdin);
        let _ = tokio::time::timeout(EXIT_WAIT, child.wait()).await;
        // Done only once saved: until then `GET` says running.
        analysis.summary = summary;
        analysis.status = AnalysisStatus::Done;
        Ok(analysis)
    }
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
