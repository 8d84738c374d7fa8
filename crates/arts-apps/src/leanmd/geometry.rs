//! The cell grid of leanmd: cells of side `side` on a periodic box of
//! `n[0] × n[1] × n[2]` cells, the 14 cell-pair objects each cell owns (its
//! self pair and 13 "half" neighbour offsets, so every unordered pair of
//! neighbouring cells is counted once), and the 26 directions atoms migrate in.

use serde::{Deserialize, Serialize};

/// Pair objects per cell: the self pair and 13 neighbour offsets.
pub const PAIRS_PER_CELL: u32 = 14;

/// Neighbouring cells (and migration directions) of a cell.
pub const DIRECTIONS: usize = 26;

/// The periodic grid of cells.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Geometry {
    /// Cells along x, y and z (each at least 3).
    pub n: [u32; 3],
    /// Side of a cell (at least the cutoff).
    pub side: f64,
}

/// The offset of pair slot `k` of a cell: slot 0 is the cell itself, slots
/// 1..14 the 13 neighbour offsets that come after (0,0,0) in (z, y, x)
/// lexicographic order.
pub fn pair_offset(k: u32) -> [i32; 3] {
    if k == 0 {
        return [0, 0, 0];
    }
    let mut seen = 0;
    for dz in -1..=1 {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dz, dy, dx) > (0, 0, 0) {
                    seen += 1;
                    if seen == k {
                        return [dx, dy, dz];
                    }
                }
            }
        }
    }
    panic!("pair slot {k} is not below {PAIRS_PER_CELL}")
}

/// Direction `d` (0..26) an atom can leave a cell in: every offset in
/// {-1,0,1}³ but (0,0,0), in (x, y, z) lexicographic order.
pub fn direction(d: usize) -> [i32; 3] {
    let mut seen = 0;
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                if (dx, dy, dz) != (0, 0, 0) {
                    if seen == d {
                        return [dx, dy, dz];
                    }
                    seen += 1;
                }
            }
        }
    }
    panic!("direction {d} is not below {DIRECTIONS}")
}

/// The direction number of offset `o` (each component in -1..=1, not all 0).
pub fn direction_of(o: [i32; 3]) -> usize {
    let code = ((o[0] + 1) * 9 + (o[1] + 1) * 3 + (o[2] + 1)) as usize;
    if code > 13 { code - 1 } else { code }
}

impl Geometry {
    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.n[0] * self.n[1] * self.n[2]
    }

    /// Number of pair objects.
    pub fn pairs(&self) -> u32 {
        self.cells() * PAIRS_PER_CELL
    }

    /// Side of the periodic box along each axis.
    pub fn box_len(&self) -> [f64; 3] {
        self.n.map(|c| c as f64 * self.side)
    }

    /// Row-major linear number of cell `c` (as `Shape::d3` numbers it).
    pub fn linear(&self, c: [u32; 3]) -> u32 {
        (c[0] * self.n[1] + c[1]) * self.n[2] + c[2]
    }

    /// The cell with linear number `l`.
    pub fn cell(&self, l: u32) -> [u32; 3] {
        let z = l % self.n[2];
        let rest = l / self.n[2];
        [rest / self.n[1], rest % self.n[1], z]
    }

    /// The cell at `c + o` wrapped into the box, and the shift that moves
    /// that cell's atoms to the image next to `c` (add it to their positions).
    pub fn neighbour(&self, c: [u32; 3], o: [i32; 3]) -> ([u32; 3], [f64; 3]) {
        let mut cell = [0; 3];
        let mut shift = [0.0; 3];
        for d in 0..3 {
            let n = self.n[d] as i64;
            let raw = c[d] as i64 + o[d] as i64;
            let wrapped = raw.rem_euclid(n);
            cell[d] = wrapped as u32;
            shift[d] = ((raw - wrapped) / n) as f64 * n as f64 * self.side;
        }
        (cell, shift)
    }

    /// Pair `p`'s first cell, second cell and the shift of the second
    /// cell's atoms into the first's frame (zero for a self pair).
    pub fn pair_cells(&self, p: u32) -> (u32, u32, [f64; 3]) {
        let a = p / PAIRS_PER_CELL;
        let (b, shift) = self.neighbour(self.cell(a), pair_offset(p % PAIRS_PER_CELL));
        (a, self.linear(b), shift)
    }

    /// The 27 pairs cell `a` takes part in, in pair-number order, each with
    /// whether `a` is the pair's first cell.
    pub fn cell_pairs(&self, a: u32) -> Vec<(u32, bool)> {
        let c = self.cell(a);
        let mut v = vec![(a * PAIRS_PER_CELL, true)];
        for k in 1..PAIRS_PER_CELL {
            v.push((a * PAIRS_PER_CELL + k, true));
            let o = pair_offset(k).map(|x| -x);
            let (b, _) = self.neighbour(c, o);
            v.push((self.linear(b) * PAIRS_PER_CELL + k, false));
        }
        v.sort_unstable();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geom(n: u32) -> Geometry {
        Geometry {
            n: [n; 3],
            side: 2.0,
        }
    }

    #[test]
    fn leanmd_default_has_3024_pairs() {
        assert_eq!(geom(6).pairs(), 3024);
        let offsets: std::collections::HashSet<_> = (1..14).map(pair_offset).collect();
        assert_eq!(offsets.len(), 13);
        for o in &offsets {
            assert!(!offsets.contains(&o.map(|x| -x)), "{o:?} and its opposite");
        }
    }

    #[test]
    fn every_cell_is_in_27_distinct_pairs_and_every_pair_in_2_cells() {
        let g = geom(3);
        let mut seen = vec![0u32; g.pairs() as usize];
        for a in 0..g.cells() {
            let ps = g.cell_pairs(a);
            assert_eq!(ps.len(), 27);
            assert!(ps.windows(2).all(|w| w[0].0 < w[1].0));
            for (p, first) in ps {
                let (x, y, _) = g.pair_cells(p);
                assert_eq!(if first { x } else { y }, a);
                seen[p as usize] += 1;
            }
        }
        for (p, &n) in seen.iter().enumerate() {
            assert_eq!(n, if p % 14 == 0 { 1 } else { 2 }, "pair {p}");
        }
    }

    #[test]
    fn neighbours_wrap_with_a_shift() {
        let g = geom(4);
        assert_eq!(
            g.neighbour([3, 0, 1], [1, -1, 0]),
            ([0, 3, 1], [8.0, -8.0, 0.0])
        );
        for l in 0..g.cells() {
            assert_eq!(g.linear(g.cell(l)), l);
        }
        for d in 0..DIRECTIONS {
            assert_eq!(direction_of(direction(d)), d);
        }
    }
}
