//! Direct solve of a block-tridiagonal system with B×B blocks (block Thomas
//! algorithm: block LU without pivoting between blocks, Gaussian elimination
//! with partial pivoting inside each diagonal block).
//!
//! Row k of the system is `lower[k]·x[k−1] + diag[k]·x[k] + upper[k]·x[k+1] = rhs[k]`
//! (`lower[0]` and `upper[n−1]` are ignored). The drift-diffusion Jacobian of a
//! 1-D mesh has this shape with B = 3 (potential, electrons, holes per row).

// Index loops over the B×B blocks read as the textbook elimination.
#![allow(clippy::needless_range_loop)]

/// One B×B block, row-major.
pub type Block<const B: usize> = [[f64; B]; B];

/// A block-tridiagonal matrix and its right-hand side.
#[derive(Clone, Debug)]
pub struct BlockTridiag<const B: usize> {
    /// Coupling of row k to row k − 1.
    pub lower: Vec<Block<B>>,
    /// Diagonal blocks.
    pub diag: Vec<Block<B>>,
    /// Coupling of row k to row k + 1.
    pub upper: Vec<Block<B>>,
    /// Right-hand side per block row.
    pub rhs: Vec<[f64; B]>,
}

/// The elimination met a singular (or non-finite) diagonal block at this block row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Singular(pub usize);

impl<const B: usize> BlockTridiag<B> {
    /// A zero system of `n` block rows.
    pub fn zeros(n: usize) -> Self {
        BlockTridiag {
            lower: vec![[[0.0; B]; B]; n],
            diag: vec![[[0.0; B]; B]; n],
            upper: vec![[[0.0; B]; B]; n],
            rhs: vec![[0.0; B]; n],
        }
    }

    /// Number of block rows.
    pub fn len(&self) -> usize {
        self.diag.len()
    }

    /// True when the system has no rows.
    pub fn is_empty(&self) -> bool {
        self.diag.is_empty()
    }

    /// Solves in place (the blocks are overwritten) and returns x.
    pub fn solve(&mut self) -> Result<Vec<[f64; B]>, Singular> {
        let n = self.len();
        // Forward elimination: D'_k = D_k − L_k·D'^{-1}_{k−1}·U_{k−1},
        // r'_k = r_k − L_k·D'^{-1}_{k−1}·r'_{k−1}. Kept: G_k = D'^{-1}_k·U_k, y_k = D'^{-1}_k·r'_k.
        for k in 0..n {
            if k > 0 {
                let (g_prev, y_prev) = (self.upper[k - 1], self.rhs[k - 1]);
                let l = self.lower[k];
                for r in 0..B {
                    for c in 0..B {
                        let s: f64 = (0..B).map(|m| l[r][m] * g_prev[m][c]).sum();
                        self.diag[k][r][c] -= s;
                    }
                    let s: f64 = (0..B).map(|m| l[r][m] * y_prev[m]).sum();
                    self.rhs[k][r] -= s;
                }
            }
            let mut d = self.diag[k];
            let mut cols = self.upper[k];
            let mut y = self.rhs[k];
            gauss(&mut d, &mut cols, &mut y).map_err(|()| Singular(k))?;
            self.upper[k] = cols;
            self.rhs[k] = y;
        }
        // Back substitution: x_k = y_k − G_k·x_{k+1}.
        let mut x = vec![[0.0; B]; n];
        for k in (0..n).rev() {
            let mut xk = self.rhs[k];
            if k + 1 < n {
                for (r, v) in xk.iter_mut().enumerate() {
                    *v -= (0..B)
                        .map(|c| self.upper[k][r][c] * x[k + 1][c])
                        .sum::<f64>();
                }
            }
            x[k] = xk;
        }
        Ok(x)
    }
}

/// Solves d·X = [cols | y] in place by Gaussian elimination with partial
/// pivoting; on return `cols` holds d⁻¹·cols and `y` holds d⁻¹·y.
fn gauss<const B: usize>(
    d: &mut Block<B>,
    cols: &mut Block<B>,
    y: &mut [f64; B],
) -> Result<(), ()> {
    for p in 0..B {
        let piv = (p..B)
            .max_by(|&a, &b| d[a][p].abs().total_cmp(&d[b][p].abs()))
            .unwrap_or(p);
        if !(d[piv][p].is_finite() && d[piv][p] != 0.0) {
            return Err(());
        }
        d.swap(p, piv);
        cols.swap(p, piv);
        y.swap(p, piv);
        for r in p + 1..B {
            let f = d[r][p] / d[p][p];
            if f == 0.0 {
                continue;
            }
            for c in p..B {
                d[r][c] -= f * d[p][c];
            }
            for c in 0..B {
                cols[r][c] -= f * cols[p][c];
            }
            y[r] -= f * y[p];
        }
    }
    for p in (0..B).rev() {
        let inv = 1.0 / d[p][p];
        for c in 0..B {
            let s: f64 = (p + 1..B).map(|m| d[p][m] * cols[m][c]).sum();
            cols[p][c] = (cols[p][c] - s) * inv;
        }
        let s: f64 = (p + 1..B).map(|m| d[p][m] * y[m]).sum();
        y[p] = (y[p] - s) * inv;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic pseudo-random sequence in [-1, 1).
    fn lcg(seed: &mut u64) -> f64 {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((*seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }

    /// Dense Gaussian elimination with partial pivoting (the reference).
    fn dense_solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
        let n = b.len();
        for p in 0..n {
            let piv = (p..n)
                .max_by(|&x, &y| a[x][p].abs().total_cmp(&a[y][p].abs()))
                .unwrap();
            a.swap(p, piv);
            b.swap(p, piv);
            for r in p + 1..n {
                let f = a[r][p] / a[p][p];
                for c in p..n {
                    a[r][c] -= f * a[p][c];
                }
                b[r] -= f * b[p];
            }
        }
        let mut x = vec![0.0; n];
        for p in (0..n).rev() {
            let s: f64 = (p + 1..n).map(|c| a[p][c] * x[c]).sum();
            x[p] = (b[p] - s) / a[p][p];
        }
        x
    }

    fn check<const B: usize>(n: usize, seed: u64) {
        let mut s = seed;
        let mut sys = BlockTridiag::<B>::zeros(n);
        let mut dense = vec![vec![0.0; n * B]; n * B];
        for k in 0..n {
            for r in 0..B {
                for c in 0..B {
                    // Off-diagonal couplings and a diagonal block that needs
                    // pivoting (small leading entries), dominant overall.
                    let l = lcg(&mut s);
                    let u = lcg(&mut s);
                    let d = lcg(&mut s) + if (r + 1) % B == c { 8.0 } else { 0.0 };
                    sys.lower[k][r][c] = l;
                    sys.upper[k][r][c] = u;
                    sys.diag[k][r][c] = d;
                    dense[k * B + r][k * B + c] = d;
                    if k > 0 {
                        dense[k * B + r][(k - 1) * B + c] = l;
                    }
                    if k + 1 < n {
                        dense[k * B + r][(k + 1) * B + c] = u;
                    }
                }
                sys.rhs[k][r] = lcg(&mut s) * 1e3;
            }
        }
        let rhs: Vec<f64> = sys.rhs.iter().flatten().copied().collect();
        let want = dense_solve(dense, rhs);
        let got = sys.solve().unwrap();
        let scale = want.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        for (k, row) in got.iter().enumerate() {
            for r in 0..B {
                let e = (row[r] - want[k * B + r]).abs();
                assert!(
                    e <= 1e-11 * scale,
                    "B={B} n={n} [{k}][{r}]: {} vs {}",
                    row[r],
                    want[k * B + r]
                );
            }
        }
    }

    #[test]
    fn block_solver_matches_a_dense_solve() {
        check::<3>(1, 1);
        check::<3>(2, 2);
        check::<3>(50, 3);
        check::<1>(40, 4);
        check::<2>(17, 5);
    }

    #[test]
    fn a_singular_block_is_reported_with_its_row() {
        let mut sys = BlockTridiag::<2>::zeros(3);
        sys.diag[0] = [[1.0, 0.0], [0.0, 1.0]];
        sys.diag[1] = [[1.0, 2.0], [2.0, 4.0]];
        sys.diag[2] = [[1.0, 0.0], [0.0, 1.0]];
        assert_eq!(sys.solve().unwrap_err(), Singular(1));
    }
}
