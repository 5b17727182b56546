//! Maximum matching in a general graph (Edmonds' blossom algorithm), used to
//! answer "can these players all be paired?" (the completion criterion) and
//! "how many pairs can this bracket make?".

const NONE: usize = usize::MAX;

/// The size of a maximum matching of the graph on `vertices` (indices into
/// `adjacent`) whose edges are where `adjacent[a][b]` is true.
pub(crate) fn max_matching(vertices: &[usize], adjacent: &[Vec<bool>]) -> usize {
    matching(vertices, adjacent).iter().flatten().count() / 2
}

/// A maximum matching of the graph on `vertices`: for each position in
/// `vertices`, the position of its mate, if matched.
pub(crate) fn matching(vertices: &[usize], adjacent: &[Vec<bool>]) -> Vec<Option<usize>> {
    let n = vertices.len();
    let edge = |a: usize, b: usize| adjacent[vertices[a]][vertices[b]];
    let mut blossom = Blossom {
        n,
        mate: vec![NONE; n],
        parent: vec![NONE; n],
        base: (0..n).collect(),
        used: vec![false; n],
        in_blossom: vec![false; n],
    };
    // A greedy start leaves fewer augmenting paths to find.
    for a in 0..n {
        if blossom.mate[a] == NONE {
            if let Some(b) = (a + 1..n).find(|&b| blossom.mate[b] == NONE && edge(a, b)) {
                blossom.mate[a] = b;
                blossom.mate[b] = a;
            }
        }
    }
    for root in 0..n {
        if blossom.mate[root] == NONE {
            let end = blossom.find_path(root, &edge);
            blossom.augment(end);
        }
    }
    blossom
        .mate
        .iter()
        .map(|&m| (m != NONE).then_some(m))
        .collect()
}

/// Whether every one of `vertices` can be paired.
pub(crate) fn has_perfect_matching(vertices: &[usize], adjacent: &[Vec<bool>]) -> bool {
    vertices.len() % 2 == 0 && 2 * max_matching(vertices, adjacent) == vertices.len()
}

struct Blossom {
    n: usize,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
}

impl Blossom {
    fn lowest_common_ancestor(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// The free vertex an augmenting path from `root` ends at, or NONE.
    fn find_path(&mut self, root: usize, edge: &impl Fn(usize, usize) -> bool) -> usize {
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for to in 0..self.n {
                if to == v || !edge(v, to) || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let base = self.lowest_common_ancestor(v, to);
                    self.in_blossom.fill(false);
                    self.mark_path(v, base, to);
                    self.mark_path(to, base, v);
                    for i in 0..self.n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = base;
                            if !self.used[i] {
                                self.used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return to;
                    }
                    self.used[self.mate[to]] = true;
                    queue.push_back(self.mate[to]);
                }
            }
        }
        NONE
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut adjacent = vec![vec![false; n]; n];
        for &(a, b) in edges {
            adjacent[a][b] = true;
            adjacent[b][a] = true;
        }
        adjacent
    }

    #[test]
    fn a_blossom_is_found() {
        // A triangle 0-1-2 with tails 2-3 and 0-4, 3-5: greedy takes 0-1 and
        // 2-3 and must reroute through the odd cycle to reach 3 pairs.
        let adjacent = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (3, 5)]);
        let all: Vec<usize> = (0..6).collect();
        assert_eq!(max_matching(&all, &adjacent), 3);
        assert!(has_perfect_matching(&all, &adjacent));
    }

    #[test]
    fn a_star_has_one_pair() {
        let adjacent = graph(4, &[(0, 1), (0, 2), (0, 3)]);
        let all: Vec<usize> = (0..4).collect();
        assert_eq!(max_matching(&all, &adjacent), 1);
        assert!(!has_perfect_matching(&all, &adjacent));
        assert!(has_perfect_matching(&[0, 3], &adjacent));
        assert!(!has_perfect_matching(&[1, 2], &adjacent));
    }
}
