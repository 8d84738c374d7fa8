//! The 7-point explicit Euler update (paper eq. 2–6) on one run of nodes, and
//! the raw view on the two grid buffers that parallel tasks write through.

/// Updates `dst.len()` consecutive nodes starting at linear index `base`:
/// `u' = u + α·((u[x-1]+u[x+1]) + (u[y-1]+u[y+1]) + (u[z-1]+u[z+1]) − 6u)`.
/// Every mode uses this one expression, so all results are bit-identical.
///
/// `base..base+len` must be interior nodes of one row of an `n³` grid.
#[inline]
pub fn update_run(src: &[f64], dst: &mut [f64], base: usize, n: usize, alpha: f64) {
    let len = dst.len();
    let nn = n * n;
    // One check for all seven neighbour runs instead of fourteen.
    assert!(
        base >= nn && base + len + nn <= src.len(),
        "run outside the interior"
    );
    // SAFETY: every range below lies within `base - nn .. base + len + nn`,
    // which the assertion keeps inside `src`.
    let (c, xm, xp, ym, yp, zm, zp) = unsafe {
        (
            src.get_unchecked(base..base + len),
            src.get_unchecked(base - 1..base - 1 + len),
            src.get_unchecked(base + 1..base + 1 + len),
            src.get_unchecked(base - n..base - n + len),
            src.get_unchecked(base + n..base + n + len),
            src.get_unchecked(base - nn..base - nn + len),
            src.get_unchecked(base + nn..base + nn + len),
        )
    };
    for i in 0..len {
        let u = c[i];
        let lap = (xm[i] + xp[i]) + (ym[i] + yp[i]) + (zm[i] + zp[i]) - 6.0 * u;
        dst[i] = u + alpha * lap;
    }
}

/// Raw pointers to the two buffers, shared by every task of a run. Step `s`
/// reads buffer `s % 2` and writes buffer `(s + 1) % 2`.
#[derive(Clone, Copy)]
pub struct Buffers {
    ptrs: [*mut f64; 2],
    len: usize,
}

// SAFETY: the pointers are only dereferenced through `src`/`dst_run`, whose
// contracts (disjoint writes within a step, no reads of the written buffer)
// make concurrent use race-free.
unsafe impl Send for Buffers {}
// SAFETY: as above.
unsafe impl Sync for Buffers {}

impl Buffers {
    /// Views two equally long buffers; they must outlive every use of the view.
    pub fn new(a: &mut [f64], b: &mut [f64]) -> Buffers {
        assert_eq!(a.len(), b.len());
        Buffers {
            ptrs: [a.as_mut_ptr(), b.as_mut_ptr()],
            len: a.len(),
        }
    }

    /// The buffer step `step` reads.
    ///
    /// # Safety
    /// Nothing may write that buffer while the returned slice lives (true
    /// during step `step`, which only writes the other one).
    pub unsafe fn src(&self, step: usize) -> &[f64] {
        // SAFETY: by the caller's contract; the pointer covers `len` values.
        unsafe { std::slice::from_raw_parts(self.ptrs[step % 2], self.len) }
    }

    /// `len` nodes of the buffer step `step` writes, from `base`.
    ///
    /// # Safety
    /// No other live slice may overlap `base..base+len` of that buffer: tasks
    /// of one step write disjoint domains.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn dst_run(&self, step: usize, base: usize, len: usize) -> &mut [f64] {
        assert!(base + len <= self.len);
        // SAFETY: in bounds (checked) and exclusive by the caller's contract.
        unsafe { std::slice::from_raw_parts_mut(self.ptrs[(step + 1) % 2].add(base), len) }
    }
}
