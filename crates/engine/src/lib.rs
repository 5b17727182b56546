//! Search and evaluation for the Game of the Amazons, and the one way to
//! play against any program: the [`player`] module.
//!
//! The client's bots and offline mode, the UCI binary and the arena all play
//! through [`player::Player`]; the built-in engine behind it searches with
//! [`Engine::search`]. An [`Engine`] keeps its transposition table between
//! moves, so reuse one per game (call [`Engine::new_game`] between games).
//! Every rule (where a queen can go, whether a side can move, how many moves
//! it has) comes from `amazons-core`'s [`amazons_core::Board`].
//!
//! # Layout
//! - [`eval`]: the Lieberum evaluation (distance maps, territory, mobility).
//! - [`endgame`]: counting moves in separated regions, with sound bounds.
//! - [`territory`]: the territory view (who reaches each square first, the
//!   closed regions and their moves) and the exact count of a separated
//!   position (winner, margin, the proven finish).
//! - [`analysis`]: a finished game analysed at a fixed budget (win chances,
//!   best moves and lines, classes of the played moves, accuracy).
//! - [`search`]: the alpha-beta search of levels 5 and 6, and the mobility
//!   baseline of level 3.
//! - [`mcts`]: the Monte-Carlo tree search of level 7.
//! - [`tt`]: the lock-free transposition table.
//! - [`time`]: turning clocks and move times into search budgets.
//! - [`openings`]: how the arena's balanced openings are made.
//! - [`spsa`]: tuning level 7's constants by self-play (`amazons-engine
//!   tune`).
//! - [`solver`]: exhaustive solving of small endgames, and the endgame test
//!   set made with it.
//! - [`player`]: programs that play (this engine in process, external engines
//!   over UCI, Botzone or SAU), the player grammar, the failure policy, the
//!   think budget under a clock, and a player on a thread of its own.
//! - [`uci_command`]: reading UCI `position` and `go` lines, for every UCI
//!   engine written on this crate.
//!
//! - `arena` (feature `cli`): the measuring tools the binary runs: matches
//!   and round robins between players, the deadline check, the SPSA tuner
//!   and the sequential test.
//!
//! The `amazons-engine` binary (feature `cli`, on by default) is a thin
//! command line over them: the UCI loop, `arena`, `deadlines`, `tune`,
//! `bench`, `perft` and `analyse`; a crate that only plays depends on this
//! one with `default-features = false` and compiles none of it.
//!
//! ```
//! use amazons_core::Position;
//! use amazons_engine::{Engine, EngineConfig, SearchLimits};
//!
//! let mut engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
//! let report = engine.search(&Position::start(), &SearchLimits::nodes(200), &mut |_| {});
//! assert!(report.best_move.is_some());
//! ```
//!
//! # Levels
//! 1. random mover (uniform over legal moves, seeded);
//! 2. one-ply greedy on mobility (moves I have minus moves the opponent has);
//! 3. the course-project baseline: mobility evaluation, full-width alpha-beta
//!    to depth 2 (depth 1 if the budget, a node limit or a depth limit of 1
//!    stops it first);
//! 4. one-ply greedy on the Lieberum territory evaluation;
//! 5. selective alpha-beta with the territory evaluation, capped at depth 3
//!    and narrower (16 root moves, 10 per inner node);
//! 6. selective PVS alpha-beta: iterative deepening, TT, exact endgame
//!    counting, Lazy SMP over `threads` (the full strength until Monte-Carlo
//!    tree search measured stronger in the arena);
//! 7. full strength: Monte-Carlo tree search ([`mcts`]: UCT,
//!    evaluation-truncated playouts, progressive widening), root-parallel over
//!    `threads`.
//!
//! Every level stops within its time budget.

pub mod analysis;
#[cfg(feature = "cli")]
pub mod arena;
pub mod endgame;
pub mod eval;
pub mod mcts;
pub mod openings;
pub mod player;
pub mod search;
pub mod solver;
pub mod spsa;
pub mod territory;
pub mod time;
pub mod tt;
pub mod uci_command;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use amazons_core::{Move, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::search::{IterationResult, Params, Worker};
use crate::time::Deadline;
use crate::tt::Tt;

pub use crate::time::{ClockLimits, TimeSource};

/// The strongest level; levels run from 1 (beginner) to this (core's
/// [`amazons_core::Level::MAX`], as a number). It searches by Monte-Carlo
/// tree search ([`mcts`]).
pub const MAX_LEVEL: u8 = amazons_core::Level::MAX.get();

/// The level of the full alpha-beta search ([`search`]), one below
/// [`MAX_LEVEL`]: kept as a difficulty level, and what [`Engine::set_tuning`]
/// and the `bench` node count are about.
pub const ALPHA_BETA_LEVEL: u8 = 6;

/// How an engine plays: chosen once, when it is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Playing strength, 1 (random mover) to [`MAX_LEVEL`] (full strength).
    pub level: u8,
    /// Search threads (Lazy SMP at level 6, one tree per thread at level 7);
    /// 1 makes node-limited searches deterministic.
    pub threads: usize,
    /// Transposition table size in megabytes; at level 7, the memory cap of
    /// the Monte-Carlo trees (shared between them).
    pub hash_mb: usize,
    /// Seed for the levels that use randomness: `Some` fixes it, so games
    /// replay (with one thread and node limits, move for move); `None` (the
    /// default) draws a new one for every game, so that an engine does not
    /// repeat a whole game against a deterministic opponent.
    pub seed: Option<u64>,
    /// The clock thinking time is counted on: wall-clock time (real play,
    /// the default) or the search threads' CPU time (measurement).
    pub time_source: TimeSource,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            level: MAX_LEVEL,
            threads: 1,
            hash_mb: 64,
            seed: None,
            time_source: TimeSource::Wall,
        }
    }
}

/// When a search must stop. Several limits may be combined; the first reached
/// ends the search. With no limit at all the engine thinks for one second
/// (a library caller never hangs by accident); `infinite` searches until
/// [`Engine::stop_handle`] is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock state; the engine allocates a share of it ([`time::allocate`]).
    pub clock: Option<ClockLimits>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (deterministic with one thread).
    pub nodes: Option<u64>,
    /// Ignore time; search until stopped.
    pub infinite: bool,
    /// Think on the opponent's time: search until stopped (as `infinite`,
    /// unless other limits are given), and let the next search start from
    /// this one's tree, whatever [`mcts::MctsParams::reuse`] says (UCI `go
    /// ponder`, [`player::Player::ponder`]).
    pub ponder: bool,
}

impl SearchLimits {
    /// A fixed time per move.
    pub fn movetime(d: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(d),
            ..Default::default()
        }
    }

    /// A node budget (pins behaviour in tests).
    pub fn nodes(n: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(n),
            ..Default::default()
        }
    }

    /// A fixed depth.
    pub fn depth(d: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(d),
            ..Default::default()
        }
    }

    /// Search from clock state.
    pub fn clock(clock: ClockLimits) -> SearchLimits {
        SearchLimits {
            clock: Some(clock),
            ..Default::default()
        }
    }
}

/// Progress of a running search: what a UCI `info` line carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Iteration just completed.
    pub depth: u32,
    /// Score for the side to move, in centipawns (100 ≈ one square).
    pub score_cp: i32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// Score for the side to move, in centipawns (100 ≈ one square).
    pub score_cp: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Principal variation (starts with `best_move`).
    pub pv: Vec<Move>,
    /// Time spent.
    pub elapsed: Duration,
    /// Level 7: playouts through the root kept from earlier searches (tree
    /// reuse, pondering); 0 elsewhere.
    pub reused: u64,
}

/// A game-playing engine: configuration plus the transposition table it keeps
/// between moves. `Send`, so a UI can move it to a worker thread.
pub struct Engine {
    /// How it plays.
    config: EngineConfig,
    /// Transposition table (levels 5 and 6).
    tt: Arc<Tt>,
    /// Set by another thread to stop the search.
    stop: Arc<AtomicBool>,
    /// Level 6's selectivity, when an experiment changes it.
    tuning: Option<Tuning>,
    /// Level 7's knobs.
    mcts_params: mcts::MctsParams,
    /// Level 7's trees, one per thread, kept between the moves of a game.
    trees: Vec<mcts::Tree>,
    /// Whether the last search was a ponder search (the next one then keeps
    /// its tree).
    pondered: bool,
    /// This game's seed (the configured one, or one drawn for the game).
    game_seed: u64,
}

/// The seed of a game: the configured one, or a fresh one from the operating
/// system's randomness.
fn game_seed(config: &EngineConfig) -> u64 {
    config.seed.unwrap_or_else(|| rand::rng().random())
}

/// Selectivity of the alpha-beta search of level 6: how many moves it looks
/// at. For experiments in the arena (`level:6:root=24,inner=10,queen=6`); the
/// defaults are what measurement chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Root moves searched beyond depth 1.
    pub root_width: usize,
    /// Moves searched at inner nodes.
    pub inner_width: usize,
    /// Queen moves whose arrows are considered at inner nodes.
    pub queen_width: usize,
    /// Remaining depth from which queen moves are ranked by full evaluation.
    pub queen_eval_depth: i32,
    /// Remaining depth from which arrows are ranked by full evaluation.
    pub arrow_eval_depth: i32,
    /// Tempo κ, in hundredths.
    pub kappa_pct: i32,
    /// Mobility weight multiplier, in hundredths.
    pub mobility_pct: i32,
}

impl Default for Tuning {
    fn default() -> Self {
        let p = Params::default();
        Tuning {
            root_width: p.root_width,
            inner_width: p.inner_width,
            queen_width: p.queen_width,
            queen_eval_depth: p.queen_eval_depth,
            arrow_eval_depth: p.arrow_eval_depth,
            kappa_pct: (p.eval.kappa * 100.0).round() as i32,
            mobility_pct: (p.eval.mobility * 100.0).round() as i32,
        }
    }
}

impl Engine {
    /// An engine with `config` (the level is clamped to 1..=[`MAX_LEVEL`]).
    pub fn new(config: EngineConfig) -> Engine {
        let mut config = config;
        config.level = config.level.clamp(1, MAX_LEVEL);
        config.threads = config.threads.max(1);
        // Level 7 keeps no transposition table: its memory goes to the trees.
        let tt_mb = if config.level == MAX_LEVEL {
            0
        } else {
            config.hash_mb
        };
        Engine {
            tt: Arc::new(Tt::new(tt_mb)),
            config,
            stop: Arc::new(AtomicBool::new(false)),
            tuning: None,
            mcts_params: mcts::MctsParams::default(),
            trees: vec![mcts::Tree::default(); config.threads],
            pondered: false,
            game_seed: game_seed(&config),
        }
    }

    /// Overrides the selectivity of the alpha-beta search of level 6
    /// (experiments; other levels are unaffected).
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = Some(tuning);
    }

    /// Overrides the knobs of the Monte-Carlo search of level 7 (experiments,
    /// e.g. the player `mcts:c=30,width=24`; other levels are unaffected).
    pub fn set_mcts_params(&mut self, params: mcts::MctsParams) {
        self.mcts_params = params;
    }

    /// The configuration in use.
    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// A flag another thread sets to `true` to stop the current search early;
    /// the search then returns its best move so far. The engine clears it when
    /// a search returns.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets what earlier games taught the table and the trees, and draws
    /// a new seed unless one is configured (call between games).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.trees.iter_mut().for_each(mcts::Tree::clear);
        self.pondered = false;
        self.game_seed = game_seed(&self.config);
    }

    /// Searches `position` within `limits`, calling `info` after each completed
    /// iteration. Always returns a legal move when one exists, and returns
    /// within the time budget plus a few milliseconds.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport {
        let start = Instant::now();
        let plan = if self.config.level == MAX_LEVEL {
            self.mcts_params.time_plan
        } else {
            time::TimePlan::Even
        };
        // A ponder search runs until stopped, or to its own limits if it has
        // any (never to the default second).
        let pondering = SearchLimits {
            infinite: limits.movetime.is_none() && limits.clock.is_none() && limits.nodes.is_none(),
            ..*limits
        };
        let limits = if limits.ponder { &pondering } else { limits };
        let budget = time::allocate_with(plan, limits, position);
        let source = self.config.time_source;
        let deadline = budget.hard.map(|d| Deadline::after(source, d));
        // A soft limit equal to the hard one (a fixed move time) is no limit.
        let soft_deadline = budget
            .soft
            .filter(|&soft| Some(soft) != budget.hard)
            .map(|d| Deadline::after(source, d));
        let report = match self.config.level {
            1 => self.random_move(position, start),
            2 => self.greedy(position, start, deadline, true),
            3 => {
                let mut nodes = 0;
                let max_depth = limits.depth.unwrap_or(search::BASELINE_DEPTH);
                let (best, score, depth) = search::baseline_search(
                    position,
                    deadline,
                    limits.nodes,
                    max_depth,
                    &self.stop,
                    &mut nodes,
                );
                SearchReport {
                    best_move: best,
                    score_cp: score,
                    depth,
                    nodes,
                    pv: best.into_iter().collect(),
                    elapsed: start.elapsed(),
                    reused: 0,
                }
            }
            4 => self.greedy(position, start, deadline, false),
            MAX_LEVEL => {
                // A depth does not bound a Monte-Carlo search: with nothing
                // else to stop it, think for the default time.
                let (deadline, soft_deadline) =
                    if deadline.is_none() && limits.nodes.is_none() && !limits.infinite {
                        let d = time::allocate(&SearchLimits::default(), position).hard;
                        (d.map(|d| Deadline::after(source, d)), None)
                    } else {
                        (deadline, soft_deadline)
                    };
                let params = self.mcts_params;
                self.monte_carlo(
                    position,
                    params,
                    limits,
                    deadline,
                    soft_deadline,
                    start,
                    info,
                )
            }
            level => {
                // Levels 5 and 6: alpha-beta.
                let mut params = Params {
                    max_depth: limits
                        .depth
                        .unwrap_or(search::MAX_DEPTH)
                        .clamp(1, search::MAX_DEPTH),
                    node_limit: limits.nodes,
                    deadline,
                    soft_deadline,
                    ..Params::default()
                };
                if level == 5 {
                    params.max_depth = params.max_depth.min(3);
                    params.root_width = 16;
                    params.inner_width = 10;
                    params.queen_width = 6;
                } else if let Some(t) = self.tuning {
                    params.root_width = t.root_width;
                    params.inner_width = t.inner_width;
                    params.queen_width = t.queen_width;
                    params.queen_eval_depth = t.queen_eval_depth;
                    params.arrow_eval_depth = t.arrow_eval_depth;
                    params.eval.kappa = t.kappa_pct as f32 / 100.0;
                    params.eval.mobility = t.mobility_pct as f32 / 100.0;
                }
                self.alpha_beta(position, params, start, info)
            }
        };
        if self.config.level <= 4 {
            // The simple levels have no iterations; report their one result.
            let secs = report.elapsed.as_secs_f64().max(1e-6);
            info(&SearchInfo {
                depth: report.depth,
                score_cp: report.score_cp,
                nodes: report.nodes,
                nps: (report.nodes as f64 / secs) as u64,
                elapsed: report.elapsed,
                pv: report.pv.clone(),
            });
        }
        self.stop.store(false, Ordering::Relaxed);
        self.pondered = limits.ponder;
        report
    }

    fn random_move(&self, position: &Position, start: Instant) -> SearchReport {
        let moves = position.legal_moves();
        let mut rng = StdRng::seed_from_u64(self.game_seed ^ position.hash());
        let best = if moves.is_empty() {
            None
        } else {
            Some(moves[rng.random_range(0..moves.len())])
        };
        SearchReport {
            best_move: best,
            score_cp: 0,
            depth: 0,
            nodes: moves.len() as u64,
            pv: best.into_iter().collect(),
            elapsed: start.elapsed(),
            reused: 0,
        }
    }

    /// One ply: every move scored by mobility or by the territory evaluation.
    fn greedy(
        &self,
        position: &Position,
        start: Instant,
        mut deadline: Option<Deadline>,
        mobility: bool,
    ) -> SearchReport {
        let mut evaluator = eval::Evaluator::new();
        evaluator.regions.set_deadline(deadline);
        let mut best: Option<(Move, i32)> = None;
        let mut nodes = 0u64;
        let mut stopped = false;
        position.for_each_move(|m| {
            if stopped {
                return;
            }
            nodes += 1;
            // An evaluation can count regions (milliseconds), so read the
            // clock often.
            if nodes % 4 == 0
                && (self.stop.load(Ordering::Relaxed)
                    || deadline.as_mut().is_some_and(Deadline::reached))
            {
                stopped = true;
            }
            let mut c = *position;
            c.make(m);
            let s = if !c.has_legal_move() {
                eval::MATE
            } else if mobility {
                -search::mobility_eval(&c)
            } else {
                -evaluator.evaluate_position(&c)
            };
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((m, s));
            }
        });
        SearchReport {
            best_move: best.map(|b| b.0),
            score_cp: best.map_or(-eval::MATE, |b| b.1),
            depth: 1,
            nodes,
            pv: best.map(|b| b.0).into_iter().collect(),
            elapsed: start.elapsed(),
            reused: 0,
        }
    }

    /// Level 7: Monte-Carlo tree search, one tree per thread (the node limit
    /// counts the playouts of each tree; `nodes` reports their total; depth
    /// limits do not apply).
    #[allow(clippy::too_many_arguments)]
    fn monte_carlo(
        &mut self,
        position: &Position,
        params: mcts::MctsParams,
        limits: &SearchLimits,
        deadline: Option<Deadline>,
        soft_deadline: Option<Deadline>,
        start: Instant,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport {
        let mcts_limits = mcts::MctsLimits {
            deadline,
            soft_deadline,
            node_limit: limits.nodes,
            max_tree_nodes: mcts::tree_nodes_in(self.config.hash_mb.max(1) << 20),
        };
        let seed = self.game_seed ^ position.hash();
        // A search after a ponder search starts from the pondered tree.
        let params = mcts::MctsParams {
            reuse: params.reuse || self.pondered,
            ..params
        };
        let mut report = |r: &mcts::MctsResult| {
            let elapsed = start.elapsed();
            info(&SearchInfo {
                depth: r.depth,
                score_cp: r.score,
                nodes: r.playouts,
                nps: (r.playouts as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
                pv: r.pv.clone(),
            });
        };
        let r = mcts::search_parallel(
            position,
            params,
            mcts_limits,
            &self.stop,
            seed,
            &mut self.trees,
            &mut report,
        );
        SearchReport {
            best_move: r.best,
            score_cp: r.score,
            depth: r.depth,
            nodes: r.playouts,
            pv: r.pv,
            elapsed: start.elapsed(),
            reused: r.reused,
        }
    }

    fn alpha_beta(
        &mut self,
        position: &Position,
        params: Params,
        start: Instant,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchReport {
        let threads = self.config.threads;
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&self.stop);
        let helpers_stop = AtomicBool::new(false);
        let mut on_iteration = |r: &IterationResult| {
            let elapsed = start.elapsed();
            let nps = (r.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
            info(&SearchInfo {
                depth: r.depth,
                score_cp: r.score,
                nodes: r.nodes,
                nps,
                elapsed,
                pv: r.pv.clone(),
            });
        };
        let (result, helper_nodes) = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for h in 1..threads {
                let tt = &*tt;
                let helpers_stop = &helpers_stop;
                let mut p = params.clone();
                p.helper = h;
                p.node_limit = None;
                handles.push(scope.spawn(move || {
                    // A CPU-time budget is counted on the helper's own clock.
                    p.deadline = p.deadline.map(|d| d.on_this_thread());
                    p.soft_deadline = p.soft_deadline.map(|d| d.on_this_thread());
                    let mut w = Worker::new(tt, helpers_stop, p);
                    w.run(position, &mut |_| {});
                    w.nodes
                }));
            }
            let mut main = Worker::new(&tt, &stop, params.clone());
            let result = main.run(position, &mut on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (result, helper_nodes)
        });
        SearchReport {
            best_move: result.best,
            score_cp: result.score,
            depth: result.depth,
            nodes: result.nodes + helper_nodes,
            pv: result.pv,
            elapsed: start.elapsed(),
            reused: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_varies_by_game_unless_it_is_fixed() {
        let mut varied = Engine::new(EngineConfig::default());
        let first = varied.game_seed;
        varied.new_game();
        assert_ne!(varied.game_seed, first);
        assert_ne!(Engine::new(EngineConfig::default()).game_seed, first);
        let mut fixed = Engine::new(EngineConfig {
            seed: Some(9),
            ..EngineConfig::default()
        });
        fixed.new_game();
        assert_eq!(fixed.game_seed, 9);
    }

    #[test]
    fn a_search_after_pondering_starts_from_the_pondered_tree() {
        let mut e = Engine::new(EngineConfig {
            hash_mb: 4,
            seed: Some(3),
            ..EngineConfig::default()
        });
        // Tree reuse off: only pondering keeps a tree.
        e.set_mcts_params(mcts::MctsParams {
            reuse: false,
            ..mcts::MctsParams::default()
        });
        let ours: Move = "d1-d7/g7".parse().unwrap();
        let pondered = Position::start().play(ours).unwrap();
        let ponder = SearchLimits {
            nodes: Some(3_000),
            ponder: true,
            ..SearchLimits::default()
        };
        let r = e.search(&pondered, &ponder, &mut |_| {});
        let reply = r.best_move.unwrap();
        let now = pondered.play(reply).unwrap();
        let r = e.search(&now, &SearchLimits::nodes(100), &mut |_| {});
        assert!(r.reused > 0, "{r:?}");
        // Without pondering, the next search starts afresh.
        let after = now.play(r.best_move.unwrap()).unwrap();
        let r2 = e.search(&after, &SearchLimits::nodes(100), &mut |_| {});
        assert_eq!(r2.reused, 0);
    }

    #[test]
    fn engine_is_send() {
        fn assert_send<T: Send>() {}
        assert_send::<Engine>();
    }
}
