//! Pairing the score brackets one by one, top down (C.04.3 B, C and D).
//!
//! Each bracket is the players moved down from above (MDPs) and the players
//! of one score (residents). Its candidates come in the order the rules
//! give: the most pairs first (C.5); in a heterogeneous bracket the most
//! MDPs paired, the highest first (S1 = MDPs, S2 = residents, then the
//! remainder as a homogeneous bracket); in a homogeneous one S1 the top
//! half, S2 the rest, the transpositions of S2 in lexicographic order, then
//! the exchanges between S1 and S2 (fewest players; smallest difference of
//! the sums of bracket sequence numbers; moving the lowest of S1; bringing
//! up the highest of S2). Every candidate obeys C.1 to C.3 and leaves the
//! rest of the round pairable (C.4); the first one perfect on the quality
//! criteria is taken, else the best found. The search is a branch and
//! bound: once the best is as good as can be on C.6 and C.7, a branch whose
//! unavoidable colour conflicts cannot beat it is cut.

use std::collections::HashMap;

use super::colour::Strength;
use super::matching::{has_perfect_matching, matching, max_matching};
use super::{Ctx, Float};

/// How many complete candidates one bracket may evaluate at one number of
/// pairs before the best so far is taken.
const LEAF_BUDGET: usize = 2_000;
/// How many search steps one bracket may take at one number of pairs.
const NODE_BUDGET: usize = 20_000;
/// The most exchanges of one size that are sorted and tried.
const EXCHANGE_CAP: usize = 20_000;

/// Pairs `players` (local indices, best ranked first, an even number, known
/// to be pairable as a whole) bracket by bracket.
pub(crate) fn pair_brackets(ctx: &Ctx, players: &[usize]) -> Vec<(usize, usize)> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in players {
        match groups.last_mut() {
            Some(group) if ctx.score(group[0]) == ctx.score(p) => group.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut pairs = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    for (k, group) in groups.iter().enumerate() {
        let mut bracket = std::mem::take(&mut moved_down);
        let mdps = bracket.len();
        bracket.extend(group);
        let lower: Vec<usize> = groups[k + 1..].iter().flatten().copied().collect();
        let next_group: &[usize] = groups.get(k + 1).map_or(&[], |g| g);
        let (mut paired, unpaired) = Bracket {
            ctx,
            players: &bracket,
            mdps,
            lower: &lower,
            next_group,
        }
        .pair();
        pairs.append(&mut paired);
        moved_down = unpaired;
    }
    pairs
}

/// One bracket and what lies below it.
struct Bracket<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// The MDPs first, then the residents, each in rank order.
    players: &'c [usize],
    /// How many of `players` were moved down.
    mdps: usize,
    /// Everyone in the brackets below.
    lower: &'c [usize],
    /// The next score group (the residents of the next bracket).
    next_group: &'c [usize],
}

impl Bracket<'_, '_> {
    /// The bracket's pairs and the players it moves down.
    fn pair(&self) -> (Vec<(usize, usize)>, Vec<usize>) {
        let size = self.players.len();
        let last = self.lower.is_empty();
        let most = max_matching(self.players, &self.ctx.compat);
        let (mdps, residents) = self.players.split_at(self.mdps);
        let most_mdps = self.mdps_pairable(mdps, residents);
        for pairs in (0..=most).rev() {
            if last && 2 * pairs != size {
                break;
            }
            for paired_mdps in (0..=most_mdps.min(pairs)).rev() {
                if 2 * (pairs - paired_mdps) > residents.len() - paired_mdps {
                    continue;
                }
                let mut search = Search::new(self, pairs, paired_mdps);
                search.run();
                if let Some((_, pairs, unpaired)) = search.best {
                    return (pairs, unpaired);
                }
            }
        }
        self.fallback()
    }

    /// When the budgets ran out before any candidate was found: a maximum
    /// matching of this bracket and everything below, keeping its pairs
    /// inside this bracket (legal, not ordered by quality).
    fn fallback(&self) -> (Vec<(usize, usize)>, Vec<usize>) {
        let all: Vec<usize> = self.players.iter().chain(self.lower).copied().collect();
        let mates = matching(&all, &self.ctx.compat);
        let inside = self.players.len();
        let mut pairs = Vec::new();
        let mut unpaired = Vec::new();
        for i in 0..inside {
            match mates[i] {
                Some(j) if j < inside => {
                    if i < j {
                        pairs.push((all[i], all[j]));
                    }
                }
                _ => unpaired.push(all[i]),
            }
        }
        (pairs, unpaired)
    }

    /// The most MDPs that can be paired with residents at once (M1).
    fn mdps_pairable(&self, mdps: &[usize], residents: &[usize]) -> usize {
        fn augment(
            ctx: &Ctx,
            m: usize,
            mdps: &[usize],
            residents: &[usize],
            seen: &mut [bool],
            owner: &mut [Option<usize>],
        ) -> bool {
            for (r, &resident) in residents.iter().enumerate() {
                if ctx.compat[mdps[m]][resident] && !seen[r] {
                    seen[r] = true;
                    if owner[r].is_none_or(|o| augment(ctx, o, mdps, residents, seen, owner)) {
                        owner[r] = Some(m);
                        return true;
                    }
                }
            }
            false
        }
        let mut owner = vec![None; residents.len()];
        (0..mdps.len())
            .filter(|&m| {
                let mut seen = vec![false; residents.len()];
                augment(self.ctx, m, mdps, residents, &mut seen, &mut owner)
            })
            .count()
    }
}

/// How good a candidate is: smaller is better, compared field by field in
/// the order of the quality criteria.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Quality {
    /// C.6: the pairing score differences, largest first.
    psd: Vec<u32>,
    /// C.7: pairs the next bracket falls short of pairing everyone by.
    next_missing: usize,
    /// C.10: players who do not get their colour preference.
    colour: usize,
    /// C.11: players who do not get a strong (or absolute) preference.
    strong_colour: usize,
    /// C.12: players moved down who also floated down last round.
    down_again: usize,
    /// C.13: upfloaters who also floated up last round.
    up_again: usize,
    /// C.14: players moved down who floated down two rounds before.
    down_two_ago: usize,
    /// C.15: upfloaters who floated up two rounds before.
    up_two_ago: usize,
    /// C.16: score differences of MDPs paired down again.
    down_again_sd: u32,
    /// C.17: score differences of upfloaters floating up again.
    up_again_sd: u32,
    /// C.18: as C.16, for a downfloat two rounds before.
    down_two_ago_sd: u32,
    /// C.19: as C.17, for an upfloat two rounds before.
    up_two_ago_sd: u32,
}

impl Quality {
    fn is_perfect(&self, ideal_psd: &[u32]) -> bool {
        self.psd == ideal_psd
            && self.next_missing == 0
            && self.colour == 0
            && self.strong_colour == 0
            && self.floats_perfect()
    }

    /// Whether C.12 to C.19 are all met.
    fn floats_perfect(&self) -> bool {
        [
            self.down_again,
            self.up_again,
            self.down_two_ago,
            self.up_two_ago,
        ]
        .iter()
        .all(|&v| v == 0)
            && self.down_again_sd + self.up_again_sd + self.down_two_ago_sd + self.up_two_ago_sd
                == 0
    }
}

/// What a candidate must do to beat the best so far, once the best is as
/// good as can be on C.6 and C.7: the colour criteria and what follows.
#[derive(Clone, Copy, Debug)]
struct Limit {
    /// The best's C.10.
    colour: usize,
    /// The best's C.11.
    strong_colour: usize,
    /// The best meets C.12 to C.19: equal colours cannot beat it.
    floats_perfect: bool,
}

/// A bracket's candidate: its quality, its pairs and the players it moves
/// down.
type Candidate = (Quality, Vec<(usize, usize)>, Vec<usize>);

/// The search of one bracket's candidates at one number of pairs and of
/// paired MDPs.
struct Search<'b, 'c, 'a> {
    bracket: &'b Bracket<'c, 'a>,
    pairs: usize,
    paired_mdps: usize,
    lowest: u32,
    ideal_psd: Vec<u32>,
    best: Option<Candidate>,
    leaves: usize,
    nodes: usize,
    /// A perfect candidate was found, or the budget ran out.
    done: bool,
    /// The colour conflicts of the pairs made so far.
    conflicts: usize,
    /// The strong colour conflicts (C.11) of the pairs made so far.
    strong_conflicts: usize,
    /// [`Search::limit`] for the best so far.
    limit: Option<Limit>,
    /// C.7's shortfall, by the set of players moved down.
    next_missing: HashMap<Vec<usize>, usize>,
    /// C.4's answer, by the set of players moved down.
    completes: HashMap<Vec<usize>, bool>,
}

impl<'b, 'c, 'a> Search<'b, 'c, 'a> {
    fn new(bracket: &'b Bracket<'c, 'a>, pairs: usize, paired_mdps: usize) -> Self {
        let ctx = bracket.ctx;
        let lowest = bracket
            .players
            .iter()
            .map(|&p| ctx.score(p))
            .min()
            .unwrap_or(0);
        // The best PSD possible: the highest MDPs paired (with residents, all
        // of the lowest score), the rest moved down.
        let (mdps, residents) = bracket.players.split_at(bracket.mdps);
        let mut ideal_psd: Vec<u32> = mdps
            .iter()
            .enumerate()
            .map(|(i, &m)| ctx.score(m) - lowest + if i < paired_mdps { 0 } else { 2 })
            .collect();
        ideal_psd.extend(std::iter::repeat_n(0, pairs - paired_mdps));
        let unpaired_residents = residents.len() - paired_mdps - 2 * (pairs - paired_mdps);
        ideal_psd.extend(std::iter::repeat_n(2, unpaired_residents));
        ideal_psd.sort_unstable_by(|a, b| b.cmp(a));
        Search {
            bracket,
            pairs,
            paired_mdps,
            lowest,
            ideal_psd,
            best: None,
            leaves: 0,
            nodes: 0,
            done: false,
            conflicts: 0,
            strong_conflicts: 0,
            limit: None,
            next_missing: HashMap::new(),
            completes: HashMap::new(),
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.bracket.ctx.compat[a][b]
    }

    /// Whether the two both want the same colour (one of them will not get
    /// it: C.10).
    fn conflict(&self, a: usize, b: usize) -> bool {
        let ctx = self.bracket.ctx;
        matches!((ctx.prefs[a], ctx.prefs[b]), (Some(pa), Some(pb)) if pa.side == pb.side)
    }

    /// Whether both would be denied a strong (or absolute) preference by
    /// meeting (C.11).
    fn strong_conflict(&self, a: usize, b: usize) -> bool {
        let ctx = self.bracket.ctx;
        matches!((ctx.prefs[a], ctx.prefs[b]), (Some(pa), Some(pb))
            if pa.side == pb.side && pa.strength.min(pb.strength) >= Strength::Strong)
    }

    /// The bound of branch and bound: once the best is as good as can be on
    /// C.6 and C.7, only the colours and what follows can improve on it.
    fn limit(&self) -> Option<Limit> {
        let (best, ..) = self.best.as_ref()?;
        (best.psd == self.ideal_psd && best.next_missing == 0).then(|| Limit {
            colour: best.colour,
            strong_colour: best.strong_colour,
            floats_perfect: best.floats_perfect(),
        })
    }

    /// Whether the players of `s1` (those still to pair) can all get
    /// partners among the unused of `s2`, and could still beat the best:
    /// the colour conflicts (and strong ones) they must take are at least
    /// those that a matching avoiding them leaves over. A branch that cannot
    /// complete, or cannot beat the best, is cut at once.
    fn can_complete(&self, s1: &[usize], s2: &[usize], used: &[bool]) -> bool {
        if bipartite(s1, s2, used, |a, b| self.compatible(a, b)) < s1.len() {
            return false;
        }
        let Some(limit) = self.limit else {
            return true;
        };
        let free = bipartite(s1, s2, used, |a, b| {
            self.compatible(a, b) && !self.conflict(a, b)
        });
        let colour = self.conflicts + (s1.len() - free);
        if colour != limit.colour {
            return colour < limit.colour;
        }
        let free = bipartite(s1, s2, used, |a, b| {
            self.compatible(a, b) && !self.strong_conflict(a, b)
        });
        let strong = self.strong_conflicts + (s1.len() - free);
        strong < limit.strong_colour || (strong == limit.strong_colour && !limit.floats_perfect)
    }

    /// Runs the search: candidates in the rules' order, the best kept, the
    /// first perfect one ending it.
    fn run(&mut self) {
        let (mdps, residents) = self.bracket.players.split_at(self.bracket.mdps);
        let rest = self.pairs - self.paired_mdps;
        let mut subsets = Combinations::new(mdps.len(), self.paired_mdps);
        while let Some(subset) = subsets.next_subset() {
            if self.done {
                return;
            }
            let s1: Vec<usize> = subset.iter().map(|&i| mdps[i]).collect();
            let limbo: Vec<usize> = (0..mdps.len())
                .filter(|i| !subset.contains(i))
                .map(|i| mdps[i])
                .collect();
            let mut used = vec![false; residents.len()];
            let mut pairs = Vec::with_capacity(self.pairs);
            self.pair_mdps(&s1, residents, &mut used, &mut pairs, &limbo, rest);
        }
    }

    /// The MDP-pairing: S1 (the chosen MDPs) against the residents in
    /// transposition order, then the remainder as a homogeneous bracket.
    fn pair_mdps(
        &mut self,
        s1: &[usize],
        residents: &[usize],
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        rest: usize,
    ) {
        if self.step() {
            return;
        }
        let depth = pairs.len();
        if depth == s1.len() {
            let remainder: Vec<usize> = residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&r, _)| r)
                .collect();
            self.homogeneous(&remainder, rest, pairs, limbo);
            return;
        }
        if !self.can_complete(&s1[depth..], residents, used) {
            return;
        }
        for j in 0..residents.len() {
            if !used[j] && self.compatible(s1[depth], residents[j]) {
                let conflict = usize::from(self.conflict(s1[depth], residents[j]));
                let strong = usize::from(self.strong_conflict(s1[depth], residents[j]));
                self.conflicts += conflict;
                self.strong_conflicts += strong;
                used[j] = true;
                pairs.push((s1[depth], residents[j]));
                self.pair_mdps(s1, residents, used, pairs, limbo, rest);
                pairs.pop();
                used[j] = false;
                self.conflicts -= conflict;
                self.strong_conflicts -= strong;
                if self.done {
                    return;
                }
            }
        }
    }

    /// `count` pairs out of `players` (a homogeneous bracket or a
    /// remainder): transpositions, then exchanges.
    fn homogeneous(
        &mut self,
        players: &[usize],
        count: usize,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
    ) {
        if count == 0 {
            let unpaired: Vec<usize> = limbo.iter().chain(players).copied().collect();
            self.offer(pairs, &unpaired);
            return;
        }
        let most = count.min(players.len() - count);
        for size in 0..=most {
            for (s1, s2) in exchanges(players, count, size) {
                if self.done {
                    return;
                }
                let mut used = vec![false; s2.len()];
                self.transpose(&s1, &s2, &mut used, pairs, limbo, 0);
            }
        }
    }

    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        depth: usize,
    ) {
        if self.step() {
            return;
        }
        if depth == s1.len() {
            let unpaired: Vec<usize> = limbo
                .iter()
                .copied()
                .chain(
                    s2.iter()
                        .zip(used.iter())
                        .filter(|(_, u)| !**u)
                        .map(|(&p, _)| p),
                )
                .collect();
            self.offer(pairs, &unpaired);
            return;
        }
        if !self.can_complete(&s1[depth..], s2, used) {
            return;
        }
        for j in 0..s2.len() {
            if !used[j] && self.compatible(s1[depth], s2[j]) {
                let conflict = usize::from(self.conflict(s1[depth], s2[j]));
                let strong = usize::from(self.strong_conflict(s1[depth], s2[j]));
                self.conflicts += conflict;
                self.strong_conflicts += strong;
                used[j] = true;
                pairs.push((s1[depth], s2[j]));
                self.transpose(s1, s2, used, pairs, limbo, depth + 1);
                pairs.pop();
                used[j] = false;
                self.conflicts -= conflict;
                self.strong_conflicts -= strong;
                if self.done {
                    return;
                }
            }
        }
    }

    /// Counts a search step; true when the search must stop.
    fn step(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            self.done = true;
        }
        self.done
    }

    fn offer(&mut self, pairs: &[(usize, usize)], unpaired: &[usize]) {
        self.leaves += 1;
        if self.leaves >= LEAF_BUDGET {
            self.done = true;
        }
        let quality = self.quality(pairs, unpaired);
        if self
            .best
            .as_ref()
            .is_some_and(|(best, ..)| *best <= quality)
        {
            return;
        }
        if !self.completes(unpaired) {
            return;
        }
        if quality.is_perfect(&self.ideal_psd) {
            self.done = true;
        }
        self.best = Some((quality, pairs.to_vec(), unpaired.to_vec()));
        self.limit = self.limit();
    }

    /// C.4: the players moved down and everyone below can all be paired.
    fn completes(&mut self, unpaired: &[usize]) -> bool {
        if self.bracket.lower.is_empty() {
            return unpaired.is_empty();
        }
        let key = sorted(unpaired);
        if let Some(&known) = self.completes.get(&key) {
            return known;
        }
        let rest: Vec<usize> = unpaired.iter().chain(self.bracket.lower).copied().collect();
        let answer = has_perfect_matching(&rest, &self.bracket.ctx.compat);
        self.completes.insert(key, answer);
        answer
    }

    fn quality(&mut self, pairs: &[(usize, usize)], unpaired: &[usize]) -> Quality {
        let ctx = self.bracket.ctx;
        let mut q = Quality {
            psd: Vec::with_capacity(pairs.len() + unpaired.len()),
            next_missing: 0,
            colour: 0,
            strong_colour: 0,
            down_again: 0,
            up_again: 0,
            down_two_ago: 0,
            up_two_ago: 0,
            down_again_sd: 0,
            up_again_sd: 0,
            down_two_ago_sd: 0,
            up_two_ago_sd: 0,
        };
        for &(a, b) in pairs {
            let (sa, sb) = (ctx.score(a), ctx.score(b));
            let sd = sa.abs_diff(sb);
            q.psd.push(sd);
            if let (Some(pa), Some(pb)) = (ctx.prefs[a], ctx.prefs[b]) {
                if pa.side == pb.side {
                    q.colour += 1;
                    if pa.strength.min(pb.strength) >= Strength::Strong {
                        q.strong_colour += 1;
                    }
                }
            }
            if sd > 0 {
                let (high, low) = if sa > sb { (a, b) } else { (b, a) };
                if ctx.float(low, 1) == Float::Up {
                    q.up_again += 1;
                    q.up_again_sd += sd;
                }
                if ctx.float(low, 2) == Float::Up {
                    q.up_two_ago += 1;
                    q.up_two_ago_sd += sd;
                }
                if ctx.float(high, 1) == Float::Down {
                    q.down_again_sd += sd;
                }
                if ctx.float(high, 2) == Float::Down {
                    q.down_two_ago_sd += sd;
                }
            }
        }
        for &u in unpaired {
            q.psd.push(ctx.score(u) - self.lowest + 2);
            if ctx.float(u, 1) == Float::Down {
                q.down_again += 1;
            }
            if ctx.float(u, 2) == Float::Down {
                q.down_two_ago += 1;
            }
        }
        q.psd.sort_unstable_by(|a, b| b.cmp(a));
        if !self.bracket.lower.is_empty() {
            let key = sorted(unpaired);
            q.next_missing = match self.next_missing.get(&key) {
                Some(&known) => known,
                None => {
                    let next: Vec<usize> = unpaired
                        .iter()
                        .chain(self.bracket.next_group)
                        .copied()
                        .collect();
                    let missing = next.len() / 2 - max_matching(&next, &ctx.compat);
                    self.next_missing.insert(key, missing);
                    missing
                }
            };
        }
        q
    }
}

/// The size of a maximum matching between `s1` and the unused of `s2` over
/// the edges `edge` allows (augmenting paths).
fn bipartite(
    s1: &[usize],
    s2: &[usize],
    used: &[bool],
    edge: impl Fn(usize, usize) -> bool,
) -> usize {
    fn augment(
        a: usize,
        s2: &[usize],
        used: &[bool],
        edge: &impl Fn(usize, usize) -> bool,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (j, &b) in s2.iter().enumerate() {
            if !used[j] && !seen[j] && edge(a, b) {
                seen[j] = true;
                if owner[j].is_none_or(|o| augment(o, s2, used, edge, seen, owner)) {
                    owner[j] = Some(a);
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![None; s2.len()];
    let mut seen = vec![false; s2.len()];
    s1.iter()
        .filter(|&&a| {
            seen.fill(false);
            augment(a, s2, used, &edge, &mut seen, &mut owner)
        })
        .count()
}

/// The players, sorted: a set's key.
fn sorted(players: &[usize]) -> Vec<usize> {
    let mut key = players.to_vec();
    key.sort_unstable();
    key
}

/// The (S1, S2) splits of `players` with `count` pairs after exchanging
/// `size` players each way, in the order of C.04.3 D: the smallest
/// difference between the sums of the bracket sequence numbers exchanged,
/// then moving down the lowest of S1, then moving up the highest of S2.
fn exchanges(players: &[usize], count: usize, size: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (s1, s2) = players.split_at(count);
    let mut from_s1 = Combinations::new(s1.len(), size);
    let mut options = Vec::new();
    while let Some(a) = from_s1.next_subset() {
        let mut from_s2 = Combinations::new(s2.len(), size);
        while let Some(b) = from_s2.next_subset() {
            if options.len() >= EXCHANGE_CAP {
                break;
            }
            // Bracket sequence numbers: S1 is 1..=count, S2 follows.
            let down: Vec<usize> = a.iter().map(|&i| i + 1).collect();
            let up: Vec<usize> = b.iter().map(|&i| count + i + 1).collect();
            options.push((down, up));
        }
    }
    options.sort_by(|(down_a, up_a), (down_b, up_b)| {
        let difference =
            |down: &[usize], up: &[usize]| up.iter().sum::<usize>() - down.iter().sum::<usize>();
        difference(down_a, up_a)
            .cmp(&difference(down_b, up_b))
            .then_with(|| {
                // The larger highest-differing number moved down wins.
                let mut a: Vec<usize> = down_a.clone();
                let mut b: Vec<usize> = down_b.clone();
                a.reverse();
                b.reverse();
                b.cmp(&a)
            })
            .then_with(|| up_a.cmp(up_b))
    });
    options
        .into_iter()
        .map(|(down, up)| {
            let mut new_s1: Vec<usize> = (1..=count).filter(|n| !down.contains(n)).collect();
            new_s1.extend(&up);
            new_s1.sort_unstable();
            let mut new_s2: Vec<usize> = (count + 1..=players.len())
                .filter(|n| !up.contains(n))
                .collect();
            new_s2.extend(&down);
            new_s2.sort_unstable();
            (
                new_s1.iter().map(|&n| players[n - 1]).collect(),
                new_s2.iter().map(|&n| players[n - 1]).collect(),
            )
        })
        .collect()
}

/// The `k`-subsets of `0..n` in lexicographic order.
struct Combinations {
    n: usize,
    current: Option<Vec<usize>>,
    started: bool,
}

impl Combinations {
    fn new(n: usize, k: usize) -> Self {
        Combinations {
            n,
            current: (k <= n).then(|| (0..k).collect()),
            started: false,
        }
    }

    fn next_subset(&mut self) -> Option<Vec<usize>> {
        let n = self.n;
        let current = self.current.as_mut()?;
        if self.started {
            let k = current.len();
            let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
                self.current = None;
                return None;
            };
            current[i] += 1;
            for j in i + 1..k {
                current[j] = current[j - 1] + 1;
            }
        }
        self.started = true;
        Some(current.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_lexicographic_order() {
        let mut c = Combinations::new(4, 2);
        let mut all = Vec::new();
        while let Some(s) = c.next_subset() {
            all.push(s);
        }
        assert_eq!(
            all,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        let mut empty = Combinations::new(3, 0);
        assert_eq!(empty.next_subset(), Some(vec![]));
        assert_eq!(empty.next_subset(), None);
    }

    #[test]
    fn exchanges_follow_the_handbook_s_order() {
        // S1 = 1 2 3 4, S2 = 5 6 7 8 (players named by their numbers): the
        // one-player exchanges start 4<->5, 4<->6 / 3<->5 (difference 2:
        // moving down the lower of S1 first), then 4<->7 / 3<->6 / 2<->5.
        let players: Vec<usize> = (1..=8).collect();
        let order: Vec<(Vec<usize>, Vec<usize>)> = exchanges(&players, 4, 1);
        let swapped: Vec<(usize, usize)> = order
            .iter()
            .map(|(s1, s2)| {
                let down = *s2.iter().find(|p| **p <= 4).unwrap();
                let up = *s1.iter().find(|p| **p > 4).unwrap();
                (down, up)
            })
            .collect();
        assert_eq!(
            &swapped[..6],
            &[(4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5)]
        );
        assert_eq!(order[0].0, vec![1, 2, 3, 5]);
        assert_eq!(order[0].1, vec![4, 6, 7, 8]);
    }
}
