//! Selective principal-variation alpha-beta search.
//!
//! - Iterative deepening with a transposition table on the Zobrist hash.
//! - The root is searched full-width at depth 1 (every legal move evaluated
//!   once), then the best [`Params::root_width`] moves are searched deeper,
//!   re-sorted after every iteration.
//! - Inner nodes are selective, as in the strong Amazons programs: queen moves
//!   are ranked first (by the evaluation of the board after the queen move
//!   without its arrow; below [`Params::queen_eval_depth`] by a cheaper
//!   mobility proxy, which measured weaker, so by default it is unused),
//!   arrows of the best queen moves are ranked next (by full evaluation when
//!   enough depth remains, by a distance-map heuristic otherwise), and only the
//!   best [`Params::inner_width`] moves are searched, after the TT move and
//!   killers.
//! - The clock and the stop flag are read at every node, so a search ends
//!   within microseconds of its deadline.

use std::sync::atomic::{AtomicBool, Ordering};

use amazons_core::attacks::neighbours;
use amazons_core::{Board, Move, Position, Square};

use crate::eval::{self, Evaluator, INF, KNOWN_WIN, MATE, Maps};
use crate::time::Deadline;
use crate::tt::{Bound, Entry, Tt};

/// Scores at least this far from zero are "mate" scores (depend on the ply).
const MATE_BOUND: i32 = MATE - 1000;

/// Boards evaluated between two clock reads while ranking moves (an
/// evaluation takes microseconds, or milliseconds when it counts regions).
const RANK_CHECK_INTERVAL: u32 = 4;

/// Deepest iteration the search will try.
pub const MAX_DEPTH: u32 = 60;

/// Shape and limits of one search.
#[derive(Clone, Debug)]
pub struct Params {
    /// Last iteration to run.
    pub max_depth: u32,
    /// Stop after this many nodes (counted by this thread).
    pub node_limit: Option<u64>,
    /// Never search past this.
    pub deadline: Option<Deadline>,
    /// Do not start a new iteration after this.
    pub soft_deadline: Option<Deadline>,
    /// Root moves searched beyond depth 1.
    pub root_width: usize,
    /// Moves searched at inner nodes (after TT move and killers).
    pub inner_width: usize,
    /// Queen moves whose arrows are considered at inner nodes.
    pub queen_width: usize,
    /// Root move offset for helper threads (Lazy SMP diversity).
    pub helper: usize,
    /// Remaining depth from which queen moves are ranked by full evaluation
    /// (below it, by the cheap proxy).
    pub queen_eval_depth: i32,
    /// Remaining depth from which arrows are ranked by full evaluation (below
    /// it, by the distance-map heuristic).
    pub arrow_eval_depth: i32,
    /// Evaluation weights.
    pub eval: eval::EvalParams,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            max_depth: MAX_DEPTH,
            node_limit: None,
            deadline: None,
            soft_deadline: None,
            root_width: 32,
            inner_width: 14,
            queen_width: 8,
            helper: 0,
            queen_eval_depth: 1,
            arrow_eval_depth: 3,
            eval: eval::EvalParams::default(),
        }
    }
}

/// What an iteration found.
#[derive(Clone, Debug, Default)]
pub struct IterationResult {
    /// Depth completed (or partly completed, if `partial`).
    pub depth: u32,
    /// Best move.
    pub best: Option<Move>,
    /// Its score.
    pub score: i32,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Nodes so far.
    pub nodes: u64,
}

#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    score: i32,
}

/// One search thread.
pub struct Worker<'a> {
    tt: &'a Tt,
    stop: &'a AtomicBool,
    params: Params,
    /// Nodes visited.
    pub nodes: u64,
    aborted: bool,
    evaluator: Evaluator,
    killers: Vec<[Option<Move>; 2]>,
    scratch: Maps,
    buffers: Vec<Vec<Move>>,
}

impl<'a> Worker<'a> {
    /// A worker on a shared table and stop flag.
    pub fn new(tt: &'a Tt, stop: &'a AtomicBool, params: Params) -> Worker<'a> {
        let mut evaluator = Evaluator {
            params: params.eval,
            ..Evaluator::new()
        };
        evaluator.regions.set_deadline(params.deadline);
        Worker {
            tt,
            stop,
            nodes: 0,
            aborted: false,
            evaluator,
            params,
            killers: vec![[None; 2]; MAX_DEPTH as usize + 2],
            scratch: Maps::default(),
            buffers: (0..MAX_DEPTH as usize + 2).map(|_| Vec::new()).collect(),
        }
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(limit) = self.params.node_limit {
            if self.nodes >= limit {
                self.aborted = true;
                return true;
            }
        }
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
            return true;
        }
        if self.params.deadline.as_mut().is_some_and(Deadline::reached) {
            self.aborted = true;
            return true;
        }
        false
    }

    /// Iterative deepening from `root`; calls `report` after each iteration
    /// and returns the last result (always with a legal move when one exists).
    pub fn run(
        &mut self,
        root: &Position,
        report: &mut dyn FnMut(&IterationResult),
    ) -> IterationResult {
        let mut legal = Vec::new();
        root.legal_moves_into(&mut legal);
        let mut result = IterationResult {
            best: legal.first().copied(),
            ..Default::default()
        };
        if legal.is_empty() {
            result.score = -MATE;
            return result;
        }
        // Depth 1: every move evaluated once (the clock is read before each
        // evaluation: one can cost milliseconds when it counts regions).
        let mut roots: Vec<RootMove> = Vec::with_capacity(legal.len());
        for (evaluated, &m) in legal.iter().enumerate() {
            if evaluated > 0 && self.check_stop() {
                break;
            }
            let mut child = *root;
            child.make(m);
            self.nodes += 1;
            let s = if child.has_legal_move() {
                -self.evaluator.evaluate_position(&child)
            } else {
                MATE - 1
            };
            roots.push(RootMove { mv: m, score: s });
        }
        let incomplete = roots.len() < legal.len();
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        result.best = Some(roots[0].mv);
        result.score = roots[0].score;
        result.pv = vec![roots[0].mv];
        result.depth = 1;
        result.nodes = self.nodes;
        if incomplete
            || self.params.max_depth <= 1
            || roots.len() == 1 && roots[0].score.abs() >= KNOWN_WIN
        {
            report(&result);
            return result;
        }
        report(&result);
        if self.params.helper > 0 && roots.len() > 1 {
            // Helpers look at the moves in a slightly different order.
            let k = self.params.helper.min(roots.len() - 1);
            roots.swap(0, k);
        }
        // Odd helpers run one ply ahead of the main thread (Lazy SMP), so the
        // table holds deeper results by the time the main thread gets there.
        let mut depth = 2 + (self.params.helper % 2) as u32;
        while depth <= self.params.max_depth {
            if self
                .params
                .soft_deadline
                .as_mut()
                .is_some_and(Deadline::reached)
            {
                break;
            }
            if self.check_stop() {
                break;
            }
            let width = self.params.root_width.min(roots.len());
            let mut alpha = -MATE - 1;
            let beta = MATE + 1;
            let mut best_idx = None;
            let mut position = *root;
            #[allow(clippy::needless_range_loop)] // roots is re-read by index below
            for i in 0..width {
                let m = roots[i].mv;
                position.make(m);
                let score = if i == 0 {
                    -self.negamax(&mut position, depth as i32 - 1, -beta, -alpha, 1)
                } else {
                    let s = -self.negamax(&mut position, depth as i32 - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.aborted {
                        -self.negamax(&mut position, depth as i32 - 1, -beta, -alpha, 1)
                    } else {
                        s
                    }
                };
                position.unmake(m);
                if self.aborted {
                    break;
                }
                roots[i].score = score;
                if score > alpha {
                    alpha = score;
                    best_idx = Some(i);
                    if i > 0 {
                        // A new best: remember it even if the iteration is cut short.
                        result.best = Some(m);
                        result.score = score;
                    }
                }
            }
            if let Some(i) = best_idx {
                if !self.aborted || i > 0 {
                    let mv = roots[i].mv;
                    let sc = roots[i].score;
                    roots[..width].sort_by_key(|r| std::cmp::Reverse(r.score));
                    // Make sure the best is first even if scores tie.
                    if let Some(pos) = roots.iter().position(|r| r.mv == mv) {
                        let r = roots.remove(pos);
                        roots.insert(0, r);
                    }
                    result.best = Some(mv);
                    result.score = sc;
                }
            }
            if self.aborted {
                result.nodes = self.nodes;
                break;
            }
            result.depth = depth;
            result.nodes = self.nodes;
            result.pv = self.principal_variation(root, result.best, depth as usize);
            report(&result);
            if result.score.abs() >= MATE_BOUND {
                break;
            }
            depth += 1;
        }
        if result.pv.first() != result.best.as_ref() {
            result.pv = self.principal_variation(root, result.best, result.depth.max(1) as usize);
        }
        result
    }

    fn principal_variation(&self, root: &Position, best: Option<Move>, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *root;
        let mut next = best;
        while let Some(m) = next {
            if pv.len() >= max || p.is_legal(m).is_err() {
                break;
            }
            p.make(m);
            pv.push(m);
            next = self.tt.probe(p.hash()).and_then(|e| e.best);
        }
        pv
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if !pos.has_legal_move() {
            return -(MATE - ply as i32);
        }
        if depth <= 0 || ply >= MAX_DEPTH as usize {
            return self.evaluator.evaluate_position(pos);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if i32::from(e.depth) >= depth {
                let s = score_from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let board = *pos.board();
        let stm = pos.turn();
        eval::compute_maps(&board, &mut self.scratch);
        if (self.scratch.reach[0] & self.scratch.reach[1]).is_empty() {
            // Separated: a proven count ends the search here.
            let s = crate::endgame::separated_score(&board, stm, &mut self.evaluator.regions);
            if s.abs() >= KNOWN_WIN {
                return s;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.pick_moves(pos, &board, depth, tt_move, ply, &mut moves);
        if self.aborted {
            self.buffers[ply] = moves;
            return 0;
        }
        let original_alpha = alpha;
        let mut best = -MATE - 1;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            pos.make(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            pos.unmake(m);
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(m) {
                            k[1] = k[0];
                            k[0] = Some(m);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                best: best_move,
                score: score_to_tt(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        best
    }

    /// Fills `out` with the moves to search at an inner node, best first.
    /// `self.scratch` holds the node's distance maps. Ranking evaluates a few
    /// hundred boards, so the clock is read every [`RANK_CHECK_INTERVAL`] of
    /// them; when time is up it returns early with `self.aborted` set.
    fn pick_moves(
        &mut self,
        pos: &Position,
        board: &Board,
        depth: i32,
        tt_move: Option<Move>,
        ply: usize,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let stm = pos.turn();
        let me = stm.index();
        let op = 1 - me;
        let occ = board.occupied();
        // Stage 1: rank queen moves.
        let mut queen_moves: Vec<(i32, Square, Square)> = Vec::with_capacity(96);
        let full_queen_rank = depth >= self.params.queen_eval_depth;
        let mut ranked = 0u32;
        for from in board.queens(stm) {
            let from_mob = eval::amazon_mobility(from, occ) as i32;
            for to in board.queen_steps(from) {
                ranked += 1;
                if ranked % RANK_CHECK_INTERVAL == 0 && self.check_stop() {
                    return;
                }
                let stepped = board.with_step(stm, from, to);
                let s = if full_queen_rank {
                    self.evaluator.evaluate(&stepped, stm)
                } else {
                    // Cheap proxy: squares newly in one queen move that the
                    // opponent contests, and the mover's change of mobility.
                    let occ2 = stepped.occupied();
                    let reach = stepped.queen_steps(to);
                    let mut gain = 0;
                    for s in reach {
                        let i = s.index() as usize;
                        let (a, b) = (self.scratch.queen[me][i], self.scratch.queen[op][i]);
                        if a > 1 && b <= a {
                            gain += 2;
                        } else if a > 1 {
                            gain += 1;
                        }
                    }
                    let mob = eval::amazon_mobility(to, occ2) as i32 - from_mob;
                    gain * 10 + mob / 4
                };
                queen_moves.push((s, from, to));
            }
        }
        queen_moves.sort_by_key(|q| std::cmp::Reverse(q.0));
        queen_moves.truncate(self.params.queen_width);
        // Stage 2: arrows for the best queen moves.
        let full_arrows = depth >= self.params.arrow_eval_depth;
        let mut candidates: Vec<(i32, Move)> = Vec::with_capacity(256);
        for &(qs, from, to) in &queen_moves {
            let b = board.with_step(stm, from, to);
            if full_arrows {
                for arrow in board.arrows_after(from, to) {
                    ranked += 1;
                    if ranked % RANK_CHECK_INTERVAL == 0 && self.check_stop() {
                        return;
                    }
                    let s = -self
                        .evaluator
                        .evaluate(&b.with_arrow(arrow), stm.opponent());
                    candidates.push((s, Move::new(from, to, arrow)));
                }
            } else {
                let mut maps = Maps::default();
                eval::compute_maps(&b, &mut maps);
                let opp_queens = b.queens(stm.opponent());
                let near_opp = opp_queens.king_neighbourhood();
                let near_me = b.queens(stm).without(to).king_neighbourhood();
                for arrow in board.arrows_after(from, to) {
                    let i = arrow.index() as usize;
                    let (a, o) = (maps.queen[me][i], maps.queen[op][i]);
                    let mut v = 0;
                    if o < a {
                        v += 20;
                    } else if o == a && o != INF {
                        v += 14;
                    } else if o != INF {
                        v -= 6;
                    } else {
                        v -= 40;
                    }
                    if o == 1 {
                        v += 10;
                    }
                    if near_opp.contains(arrow) {
                        v += 16 + 4 * (neighbours(arrow) & opp_queens).count() as i32;
                    }
                    if near_me.contains(arrow) {
                        v -= 8;
                    }
                    candidates.push((qs + v, Move::new(from, to, arrow)));
                }
            }
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        if let Some(m) = tt_move {
            if pos.is_legal(m).is_ok() {
                out.push(m);
            }
        }
        for m in self.killers[ply].into_iter().flatten() {
            if !out.contains(&m) && pos.is_legal(m).is_ok() {
                out.push(m);
            }
        }
        let width = self.params.inner_width;
        for &(_, m) in candidates.iter() {
            if out.len() > width {
                break;
            }
            if !out.contains(&m) {
                out.push(m);
            }
        }
        if out.is_empty() {
            // Always something to search when a move exists.
            pos.for_each_move(|m| {
                if out.is_empty() {
                    out.push(m);
                }
            });
        }
    }
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// Mobility-only evaluation for the side to move (moves it has minus moves the
/// opponent would have).
pub fn mobility_eval(position: &Position) -> i32 {
    let board = position.board();
    let me = position.turn();
    if !position.has_legal_move() {
        return -MATE;
    }
    board.count_moves(me) as i32 - board.count_moves(me.opponent()) as i32
}

/// The deepest search of the course-project baseline ([`baseline_search`]).
pub const BASELINE_DEPTH: u32 = 2;

/// The course-project baseline: mobility evaluation, full-width alpha-beta to
/// depth 2 (or 1, when `max_depth` is 1) in generation order, falling back to
/// the depth-1 choice when the deadline or the node limit interrupts depth 2.
pub fn baseline_search(
    root: &Position,
    mut deadline: Option<Deadline>,
    node_limit: Option<u64>,
    max_depth: u32,
    stop: &AtomicBool,
    nodes: &mut u64,
) -> (Option<Move>, i32, u32) {
    let moves = root.legal_moves();
    if moves.is_empty() {
        return (None, -MATE, 0);
    }
    let mut out_of_time = |n: u64| {
        n % 64 == 0
            && (stop.load(Ordering::Relaxed) || deadline.as_mut().is_some_and(Deadline::reached))
    };
    let over_budget = |n: u64| node_limit.is_some_and(|limit| n >= limit);
    // Depth 1.
    let mut best1 = (moves[0], i32::MIN);
    for (i, &m) in moves.iter().enumerate() {
        let mut c = *root;
        c.make(m);
        *nodes += 1;
        let s = -mobility_eval(&c);
        if s > best1.1 {
            best1 = (m, s);
        }
        if over_budget(*nodes) || (i % 64 == 63 && out_of_time(64)) {
            return (Some(best1.0), best1.1, 1);
        }
    }
    if max_depth < BASELINE_DEPTH {
        return (Some(best1.0), best1.1, 1);
    }
    // Depth 2, full width.
    let mut alpha = -MATE - 1;
    let mut best = None;
    let mut replies = Vec::new();
    for &m in &moves {
        let mut c = *root;
        c.make(m);
        let mut value = MATE;
        if c.has_legal_move() {
            c.legal_moves_into(&mut replies);
            for &r in &replies {
                let mut g = c;
                g.make(r);
                *nodes += 1;
                if over_budget(*nodes) || out_of_time(*nodes) {
                    return (Some(best1.0), best1.1, 1);
                }
                let s = mobility_eval(&g);
                value = value.min(s);
                if value <= alpha {
                    break;
                }
            }
        }
        if value > alpha {
            alpha = value;
            best = Some(m);
        }
    }
    (best.or(Some(best1.0)), alpha, 2)
}
