//! The completion criterion (C.04.3, absolute criterion C.4): a round's
//! pairing, its bye included, must leave the rounds after it pairable with
//! no repeat pairing and no second bye.
//!
//! The players still to meet form the unplayed graph; an odd field adds a
//! virtual player, the bye, joined to everyone who has not had one. The
//! later rounds can be paired when that graph, less this round's pairs,
//! holds as many edge-disjoint perfect matchings as there are later rounds.
//! When every vertex has enough unplayed opponents, Dirac's theorem (a graph
//! of `n >= 3` vertices of degree at least `n / 2` has a Hamiltonian cycle,
//! so a perfect matching when `n` is even) guarantees every later round
//! whatever is chosen, and nothing is checked. Otherwise the rounds'
//! matchings are searched for, depth first, memoised on the graph left and
//! bounded in steps; past the bound a branch is taken as completable.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use amazons_core::Side;

use super::Player;
use super::colour::allocate;

/// The most search steps one round's completion checks may take together
/// before the rest is taken as completable.
const STEP_BUDGET: usize = 20_000;
/// The most vertices (players and the virtual bye) the exact check handles.
const MAX_VERTICES: usize = 64;

/// What the later rounds' answer depends on: the edges left, everyone's
/// colours and the rounds still to pair.
type LaterKey = (Vec<u64>, Vec<Colours>, usize);

/// The completion check of one round, for the players in rank order
/// (local indices as in the Dutch search).
pub(crate) struct Completion {
    /// Vertices: the players, then the virtual bye when the field is odd.
    size: usize,
    /// The virtual bye's vertex, when the field is odd.
    virtual_bye: Option<usize>,
    /// This round's edges: the pairs allowed now (colours included), and
    /// the bye to those who may have it.
    now: Vec<u64>,
    /// The edges later rounds may use: unplayed pairs, byes not yet had.
    later_edges: Vec<u64>,
    /// This round's colours: bit `b` of `white_now[a]` when `a` would have
    /// White against `b` (the allocation of C.04.3 E).
    white_now: Vec<u64>,
    /// Each vertex's colour state ([`Colours`]), changed as the search
    /// plays rounds.
    colours: RefCell<Vec<Colours>>,
    /// The rounds after this one that must stay pairable.
    later: usize,
    /// Whether later rounds must also keep C.3 (no absolute colour
    /// preference denied); dropped when that cannot be had.
    with_colours: bool,
    /// The bye chosen for this round, once it is.
    bye: Cell<Option<usize>>,
    /// Whether later rounds can be paired, by the graph left and the rounds.
    feasible: RefCell<HashMap<LaterKey, bool>>,
    /// Whether this round completes, by its fixed pairs.
    rounds: RefCell<HashMap<Vec<(usize, usize)>, bool>>,
    steps: Cell<usize>,
}

impl Completion {
    /// The check for `players` (rank order) whose allowed pairs this round
    /// are `compat`, with `later` rounds to follow; `None` when no check is
    /// needed (no later round, Dirac's guarantee, a field too large for the
    /// exact check). When the later rounds cannot all be paired (after a
    /// withdrawal), the check keeps as many of them pairable as it can.
    pub(crate) fn new(
        players: &[&Player],
        compat: &[Vec<bool>],
        first_colour: Side,
        later: usize,
    ) -> Option<Self> {
        let n = players.len();
        let virtual_bye = (n % 2 == 1).then_some(n);
        let size = n + n % 2;
        if later == 0 || size > MAX_VERTICES {
            return None;
        }
        let mut now = vec![0u64; size];
        let mut later_edges = vec![0u64; size];
        let mut white_now = vec![0u64; size];
        for a in 0..n {
            for b in 0..n {
                if compat[a][b] {
                    now[a] |= 1 << b;
                    let (higher, lower) = (players[a.min(b)], players[a.max(b)]);
                    let higher_white = allocate(higher, lower, first_colour) == Side::First;
                    if higher_white == (a < b) {
                        white_now[a] |= 1 << b;
                    }
                }
                if a != b && !players[a].opponents.contains(&players[b].id) {
                    later_edges[a] |= 1 << b;
                }
            }
        }
        if let Some(v) = virtual_bye {
            for (p, player) in players.iter().enumerate() {
                if !player.had_bye {
                    for edges in [&mut now, &mut later_edges] {
                        edges[p] |= 1 << v;
                        edges[v] |= 1 << p;
                    }
                }
            }
        }
        if dirac(&later_edges, full(size), later + 1) {
            return None;
        }
        let mut colours: Vec<Colours> = players.iter().map(|p| Colours::of(p)).collect();
        colours.resize(size, Colours::default());
        let mut check = Completion {
            size,
            virtual_bye,
            now,
            later_edges,
            white_now,
            colours: RefCell::new(colours),
            later,
            with_colours: true,
            bye: Cell::new(None),
            feasible: RefCell::new(HashMap::new()),
            rounds: RefCell::new(HashMap::new()),
            steps: Cell::new(0),
        };
        // Later rounds with their colours if possible; else without (the
        // colours then yield in the round that needs it); else as many of
        // them as can still be paired.
        if !check.round_completes(&[]) {
            check.with_colours = false;
            check.forget();
            while check.later > 0 && !check.round_completes(&[]) {
                check.later -= 1;
                check.forget();
            }
        }
        (check.later > 0).then_some(check)
    }

    /// Drops the answers memoised (after a change of what is asked).
    fn forget(&self) {
        self.rounds.borrow_mut().clear();
        self.feasible.borrow_mut().clear();
        self.steps.set(0);
    }

    /// Fixes this round's bye (a local index) for the checks that follow.
    pub(crate) fn set_bye(&self, bye: Option<usize>) {
        self.bye.set(bye);
        self.rounds.borrow_mut().clear();
    }

    /// Whether giving `bye` this round (a local index) leaves the round and
    /// the later ones pairable.
    pub(crate) fn bye_completes(&self, bye: usize) -> bool {
        let saved = self.bye.replace(Some(bye));
        self.rounds.borrow_mut().clear();
        let answer = self.round_completes(&[]);
        self.bye.set(saved);
        self.rounds.borrow_mut().clear();
        answer
    }

    /// Whether this round, with the pairs `fixed` (local indices) and the
    /// bye set, can be completed and leave the later rounds pairable.
    pub(crate) fn round_completes(&self, fixed: &[(usize, usize)]) -> bool {
        let mut key: Vec<(usize, usize)> =
            fixed.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        key.sort_unstable();
        if let Some(&known) = self.rounds.borrow().get(&key) {
            return known;
        }
        let mut edges = self.later_edges.clone();
        let mut free = full(self.size);
        let mut taken = key.clone();
        if let (Some(bye), Some(v)) = (self.bye.get(), self.virtual_bye) {
            taken.push((bye, v));
        }
        let saved = self.colours.borrow().clone();
        for &(a, b) in &taken {
            remove(&mut edges, a, b);
            free &= !(1 << a | 1 << b);
            self.play_now(a, b);
        }
        let answer = self.pair_now(&mut edges, free);
        *self.colours.borrow_mut() = saved;
        self.rounds.borrow_mut().insert(key, answer);
        answer
    }

    /// Pairs the `free` vertices with this round's edges, then asks whether
    /// the later rounds fit in what is left.
    fn pair_now(&self, edges: &mut [u64], free: u64) -> bool {
        if free == 0 {
            return self.later_fit(edges, self.later);
        }
        if self.out_of_steps() {
            return true;
        }
        let Some(v) = tightest(&self.now, free) else {
            return false;
        };
        let mut options = self.now[v] & free;
        while options != 0 {
            let u = options.trailing_zeros() as usize;
            options &= options - 1;
            remove(edges, v, u);
            let (white, black, saved) = self.play_now(v, u);
            let found = self.pair_now(edges, free & !(1 << v | 1 << u));
            self.unplay(white, black, saved);
            restore(edges, v, u);
            if found {
                return true;
            }
        }
        false
    }

    /// Whether `rounds` edge-disjoint perfect matchings fit in `edges`.
    fn later_fit(&self, edges: &mut [u64], rounds: usize) -> bool {
        if rounds == 0 || dirac(edges, full(self.size), rounds) {
            return true;
        }
        let key = (edges.to_vec(), self.colours.borrow().clone(), rounds);
        if let Some(&known) = self.feasible.borrow().get(&key) {
            return known;
        }
        let answer = self.one_round(edges, full(self.size), rounds);
        self.feasible.borrow_mut().insert(key, answer);
        answer
    }

    /// Pairs the `free` vertices with the later edges (removing those
    /// used), then fits the `rounds - 1` rounds after.
    fn one_round(&self, edges: &mut [u64], free: u64, rounds: usize) -> bool {
        if free == 0 {
            return self.later_fit(edges, rounds - 1);
        }
        if self.out_of_steps() {
            return true;
        }
        let Some(v) = tightest(edges, free) else {
            return false;
        };
        let mut options = edges[v] & free;
        while options != 0 {
            let u = options.trailing_zeros() as usize;
            options &= options - 1;
            remove(edges, v, u);
            for white in [v, u] {
                let black = if white == v { u } else { v };
                if !self.may_play(white, black) {
                    continue;
                }
                let saved = self.play(white, black);
                let found = self.one_round(edges, free & !(1 << v | 1 << u), rounds);
                self.unplay(white, black, saved);
                if found {
                    restore(edges, v, u);
                    return true;
                }
                if self.is_bye(v) || self.is_bye(u) {
                    break;
                }
            }
            restore(edges, v, u);
        }
        false
    }

    fn is_bye(&self, v: usize) -> bool {
        self.virtual_bye == Some(v)
    }

    /// Whether `white` may have White and `black` Black (no absolute
    /// preference denied: C.3); always for the bye.
    fn may_play(&self, white: usize, black: usize) -> bool {
        if !self.with_colours || self.is_bye(white) || self.is_bye(black) {
            return true;
        }
        let colours = self.colours.borrow();
        colours[white].may(Side::First) && colours[black].may(Side::Second)
    }

    /// Records a later game (`white` has White; nothing for the bye) and
    /// returns the two states it replaced.
    fn play(&self, white: usize, black: usize) -> (Colours, Colours) {
        let mut colours = self.colours.borrow_mut();
        let saved = (colours[white], colours[black]);
        if !self.is_bye(white) && !self.is_bye(black) {
            colours[white].push(Side::First);
            colours[black].push(Side::Second);
        }
        saved
    }

    /// Records this round's game of `a` and `b` with the colours the
    /// allocation gives them; returns White, Black and the states replaced.
    fn play_now(&self, a: usize, b: usize) -> (usize, usize, (Colours, Colours)) {
        let (white, black) = if self.white_now[a] >> b & 1 == 1 {
            (a, b)
        } else {
            (b, a)
        };
        (white, black, self.play(white, black))
    }

    /// Undoes [`Completion::play`].
    fn unplay(&self, white: usize, black: usize, saved: (Colours, Colours)) {
        let mut colours = self.colours.borrow_mut();
        colours[white] = saved.0;
        colours[black] = saved.1;
    }

    /// Counts a step; true once the budget is spent.
    fn out_of_steps(&self) -> bool {
        let steps = self.steps.get() + 1;
        self.steps.set(steps);
        steps > STEP_BUDGET
    }
}

/// The vertices `0..size` as a set.
fn full(size: usize) -> u64 {
    if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    }
}

/// Dirac's guarantee: with every vertex of `vertices` keeping at least half
/// of them as neighbours after `rounds - 1` perfect matchings are taken
/// out, whatever they are, each of the `rounds` rounds finds one.
fn dirac(edges: &[u64], vertices: u64, rounds: usize) -> bool {
    let n = vertices.count_ones() as usize;
    let least = (0..edges.len())
        .filter(|&v| vertices >> v & 1 == 1)
        .map(|v| (edges[v] & vertices).count_ones() as usize)
        .min()
        .unwrap_or(0);
    n == 0 || least >= rounds - 1 + (n / 2).max(1)
}

/// The free vertex with the fewest free neighbours (the first to pair);
/// `None` when one has none.
fn tightest(edges: &[u64], free: u64) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    let mut rest = free;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let degree = (edges[v] & free).count_ones();
        if degree == 0 {
            return None;
        }
        if best.is_none_or(|(d, _)| degree < d) {
            best = Some((degree, v));
        }
    }
    best.map(|(_, v)| v)
}

fn remove(edges: &mut [u64], a: usize, b: usize) {
    edges[a] &= !(1 << b);
    edges[b] &= !(1 << a);
}

fn restore(edges: &mut [u64], a: usize, b: usize) {
    edges[a] |= 1 << b;
    edges[b] |= 1 << a;
}

/// A player's colours as C.3 sees them: the difference (whites less
/// blacks) and the last two colours played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Colours {
    difference: i8,
    /// The last colour played, then the one before.
    last: [Option<Side>; 2],
}

impl Colours {
    fn of(player: &Player) -> Self {
        let mut played = player.played_colours().rev();
        Colours {
            difference: player.colour_difference().clamp(-8, 8) as i8,
            last: [played.next(), played.next()],
        }
    }

    /// Whether the player may have `side`: no absolute preference for the
    /// other (a difference of two, or the same colour twice running).
    fn may(&self, side: Side) -> bool {
        let ahead = if side == Side::First {
            self.difference >= 2
        } else {
            self.difference <= -2
        };
        !ahead && self.last != [Some(side), Some(side)]
    }

    fn push(&mut self, side: Side) {
        self.difference += if side == Side::First { 1 } else { -1 };
        self.last = [Some(side), self.last[0]];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
        let mut adjacent = vec![0u64; n];
        for &(a, b) in edges {
            restore(&mut adjacent, a, b);
        }
        adjacent
    }

    #[test]
    fn dirac_vouches_only_for_enough_neighbours() {
        let k4 = graph(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        // Degree 3 of 4 vertices: two rounds are guaranteed, three are not
        // (although K4 has three disjoint perfect matchings: Dirac is only
        // sufficient).
        assert!(dirac(&k4, full(4), 2));
        assert!(!dirac(&k4, full(4), 3));
        let triangles = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        assert!(!dirac(&triangles, full(6), 1));
    }

    #[test]
    fn two_triangles_have_no_perfect_matching_a_six_cycle_has_two() {
        let check = |edges: Vec<u64>, rounds: usize| {
            let size = edges.len();
            let completion = Completion {
                size,
                virtual_bye: None,
                now: edges.clone(),
                later_edges: edges.clone(),
                white_now: vec![0; size],
                colours: RefCell::new(vec![Colours::default(); size]),
                later: rounds,
                with_colours: false,
                bye: Cell::new(None),
                feasible: RefCell::new(HashMap::new()),
                rounds: RefCell::new(HashMap::new()),
                steps: Cell::new(0),
            };
            let mut edges = edges;
            completion.later_fit(&mut edges, rounds)
        };
        let triangles = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        assert!(!check(triangles, 1));
        let cycle = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        assert!(check(cycle.clone(), 2));
        assert!(!check(cycle, 3));
    }
}
