//! Update rules: a [`Kernel`] computes one sweep of a block (or of the whole
//! grid) from the current values, given where the block lies in the grid.

/// One application of the stencil to some rows of a block.
pub trait Kernel: Clone + Send + Sync + 'static {
    /// Computes rows `row0..row0 + out.len() / stride` (local, 1-based
    /// interior rows) of the block whose halo-padded values are `cur`, into
    /// `out` (exactly those rows, halo columns included). The block's first
    /// interior point is interior point `origin` (row, column) of the grid;
    /// `iter` is the step. Returns the largest absolute change. Every
    /// interior point of `out` is written before it is read: a block does
    /// not save what `out` held before (see `Block::next`).
    #[allow(clippy::too_many_arguments)]
    fn sweep(
        &self,
        cur: &[f64],
        out: &mut [f64],
        stride: usize,
        row0: usize,
        cols: usize,
        origin: (usize, usize),
        iter: u32,
    ) -> f64;
}

/// The plain five-point Jacobi update (average of the four neighbours).
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Kernel for Plain {
    fn sweep(
        &self,
        cur: &[f64],
        out: &mut [f64],
        stride: usize,
        row0: usize,
        cols: usize,
        _origin: (usize, usize),
        _iter: u32,
    ) -> f64 {
        sweep_rows(cur, out, stride, row0, cols)
    }
}

/// The five-point update of rows `row0..` of `cur` into `out` (see
/// [`Kernel::sweep`]); returns the largest absolute change.
pub fn sweep_rows(cur: &[f64], out: &mut [f64], stride: usize, row0: usize, cols: usize) -> f64 {
    let mut res = [0.0f64; 4];
    for (k, o) in out.chunks_exact_mut(stride).enumerate() {
        let i = row0 + k;
        let up = &cur[(i - 1) * stride..(i - 1) * stride + cols + 2];
        let mid = &cur[i * stride..i * stride + cols + 2];
        let down = &cur[(i + 1) * stride..(i + 1) * stride + cols + 2];
        let o = &mut o[1..1 + cols];
        for j in 0..cols {
            let v = 0.25 * (up[j + 1] + down[j + 1] + mid[j] + mid[j + 2]);
            let d = (v - mid[j + 1]).abs();
            let r = &mut res[j & 3];
            *r = if d > *r { d } else { *r };
            o[j] = v;
        }
    }
    res.iter().copied().fold(0.0, f64::max)
}
