//! The 7-point Jacobi sweep on an N³ grid (zero boundary) in 3-D blocks:
//! the numerics shared by the AMPI program `stencil3d` (`arts-ampi`) and
//! its static-partition MPI baseline (`baselines::stencil3d`), so that both
//! compute every point by the same expression in the same order and their
//! results equal the sequential [`reference()`] bit for bit.

/// The new value of a point from itself and its six neighbours.
#[inline(always)]
fn point(c: f64, xm: f64, xp: f64, ym: f64, yp: f64, zm: f64, zp: f64) -> f64 {
    (c + xm + xp + ym + yp + zm + zp) * (1.0 / 7.0)
}

/// The initial value at global point `(i, j, k)`.
fn initial(i: usize, j: usize, k: usize) -> f64 {
    ((i * 7 + j * 13 + k * 29) % 17) as f64 / 17.0
}

/// A box of `n[0] x n[1] x n[2]` points with a one-point ghost layer.
pub struct Block {
    /// Points per axis (without the ghost layer).
    pub n: [usize; 3],
    /// The current values (ghost layer included).
    pub cur: Vec<f64>,
    /// The values the next sweep writes.
    pub next: Vec<f64>,
}

impl Block {
    /// The block of `n` points whose first point is global point `origin`,
    /// at its initial values.
    pub fn new(n: [usize; 3], origin: [usize; 3]) -> Block {
        let len = (n[0] + 2) * (n[1] + 2) * (n[2] + 2);
        let mut b = Block {
            n,
            cur: vec![0.0; len],
            next: vec![0.0; len],
        };
        for k in 0..n[2] {
            for j in 0..n[1] {
                for i in 0..n[0] {
                    let at = b.idx(i + 1, j + 1, k + 1);
                    b.cur[at] = initial(origin[0] + i, origin[1] + j, origin[2] + k);
                }
            }
        }
        b
    }

    /// Index of point `(i, j, k)` in ghost-layer coordinates.
    #[inline(always)]
    pub fn idx(&self, i: usize, j: usize, k: usize) -> usize {
        (k * (self.n[1] + 2) + j) * (self.n[0] + 2) + i
    }

    /// One sweep of the interior from `cur` into `next`.
    pub fn sweep(&mut self) {
        let (sx, sy) = (1, self.n[0] + 2);
        let sz = sy * (self.n[1] + 2);
        for k in 1..=self.n[2] {
            for j in 1..=self.n[1] {
                for i in 1..=self.n[0] {
                    let c = self.idx(i, j, k);
                    let u = &self.cur;
                    self.next[c] = point(
                        u[c],
                        u[c - sx],
                        u[c + sx],
                        u[c - sy],
                        u[c + sy],
                        u[c - sz],
                        u[c + sz],
                    );
                }
            }
        }
    }

    /// Packs each face of `faces` that is not exchanged in place into its
    /// buffer in `out`.
    pub fn pack_faces(&self, faces: &[Face], out: &mut [Vec<f64>]) {
        for (f, out) in faces.iter().zip(out) {
            if !f.in_place() {
                self.pack(f.axis, f.send_plane, out);
            }
        }
    }

    /// Unpacks each face of `faces` that is not exchanged in place from its
    /// buffer in `into`.
    pub fn unpack_faces(&mut self, faces: &[Face], into: &[Vec<f64>]) {
        for (f, data) in faces.iter().zip(into) {
            if !f.in_place() {
                self.unpack(f.axis, f.ghost_plane, data);
            }
        }
    }

    /// `cur` split for an exchange of [`Face::in_place`] faces: its two z
    /// ghost planes, which receives write, and the planes between them,
    /// which sends read.
    pub fn z_planes(&mut self) -> ZPlanes<'_> {
        // Points in one z plane, ghost layer included.
        let len = (self.n[0] + 2) * (self.n[1] + 2);
        let (lower, rest) = self.cur.split_at_mut(len);
        let (body, upper) = rest.split_at_mut(self.n[2] * len);
        ZPlanes {
            ghosts: [Some(lower), Some(upper)],
            body,
            len,
        }
    }

    /// Makes the values the last sweep wrote current.
    pub fn flip(&mut self) {
        std::mem::swap(&mut self.cur, &mut self.next);
    }

    /// Copies plane `at` (ghost-layer coordinates) across `axis` into
    /// `out` (cleared first).
    pub fn pack(&self, axis: usize, at: usize, out: &mut Vec<f64>) {
        out.clear();
        for_plane(self.n, axis, at, |i| out.push(self.cur[i]));
    }

    /// Writes `data` into plane `at` across `axis`, in [`Block::pack`]'s order.
    pub fn unpack(&mut self, axis: usize, at: usize, data: &[f64]) {
        let mut values = data.iter();
        let cur = &mut self.cur;
        for_plane(self.n, axis, at, |i| {
            if let Some(v) = values.next() {
                cur[i] = *v;
            }
        });
    }

    /// Compares the interior with `reference` (the whole domain) at
    /// `origin`: the largest absolute difference, and whether every point
    /// is bit-identical.
    pub fn compare(&self, reference: &Block, origin: [usize; 3]) -> (f64, bool) {
        let (mut diff, mut same) = (0.0f64, true);
        for k in 1..=self.n[2] {
            for j in 1..=self.n[1] {
                for i in 1..=self.n[0] {
                    let got = self.cur[self.idx(i, j, k)];
                    let want =
                        reference.cur[reference.idx(origin[0] + i, origin[1] + j, origin[2] + k)];
                    diff = diff.max((got - want).abs());
                    same &= got.to_bits() == want.to_bits();
                }
            }
        }
        (diff, same)
    }
}

/// A block's z planes during an exchange in place (see [`Block::z_planes`]).
pub struct ZPlanes<'a> {
    ghosts: [Option<&'a mut [f64]>; 2],
    body: &'a [f64],
    len: usize,
}

impl<'a> ZPlanes<'a> {
    /// The ghost plane z face `f` fills, whole (its ghost ring too, which
    /// no sweep reads); `None` if it was taken already or `f` is not a z
    /// face.
    fn ghost(&mut self, f: &Face) -> Option<&'a mut [f64]> {
        if !f.in_place() {
            return None;
        }
        self.ghosts[usize::from(f.ghost_plane != 0)].take()
    }

    /// The plane z face `f` sends, whole.
    fn sent(&self, f: &Face) -> &'a [f64] {
        let at = (f.send_plane - 1) * self.len;
        &self.body[at..at + self.len]
    }

    /// Where face `f` is received: its ghost plane for a z face, else
    /// `buf`, sized to `len` points (see [`Block::unpack_faces`]).
    pub fn receive_into<'b>(&mut self, f: &Face, buf: &'b mut Vec<f64>, len: usize) -> &'b mut [f64]
    where
        'a: 'b,
    {
        match self.ghost(f) {
            Some(ghost) => ghost,
            None => {
                debug_assert!(!f.in_place(), "each z ghost plane is received once");
                buf.resize(len, 0.0);
                buf
            }
        }
    }

    /// What face `f` sends: its plane for a z face, else `packed` (see
    /// [`Block::pack_faces`]).
    pub fn send_from<'b>(&self, f: &Face, packed: &'b [f64]) -> &'b [f64]
    where
        'a: 'b,
    {
        if f.in_place() { self.sent(f) } else { packed }
    }
}

/// Calls `f` with the index of every point of plane `at` (ghost-layer
/// coordinates) across `axis` of a block of `n` points, in a fixed order
/// (the lower of the other two axes innermost).
#[inline(always)]
fn for_plane(n: [usize; 3], axis: usize, at: usize, mut f: impl FnMut(usize)) {
    let stride = [1, n[0] + 2, (n[0] + 2) * (n[1] + 2)];
    let (a, b) = match axis {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    for q in 1..=n[b] {
        let row = at * stride[axis] + q * stride[b];
        for p in 1..=n[a] {
            f(row + p * stride[a]);
        }
    }
}

/// Relative cost of exchanging a face point across each axis, in passes
/// over contiguous points: a z face is copied once, in place
/// ([`Face::in_place`]); a y face is packed, copied and unpacked (3); an x
/// face (fixed `i`) too, but its packing and unpacking touch a cache line
/// per point (8 doubles per line: 8 + 1 + 8).
const FACE_COST: [usize; 3] = [17, 3, 1];

/// The rank dimensions (ranks along x, y and z) for `ranks` ranks on an `n`-point side: the factorization
/// whose largest block has the cheapest faces to exchange (only split axes
/// have neighbours; z faces cost least, x faces most, see `FACE_COST`), every factor at
/// most `n`.
pub fn rank_dims(ranks: u32, n: usize) -> Option<[usize; 3]> {
    let vp = ranks as usize;
    let mut best: Option<([usize; 3], usize)> = None;
    for px in (1..=vp).filter(|p| vp.is_multiple_of(*p)) {
        for py in (1..=vp / px).filter(|p| (vp / px).is_multiple_of(*p)) {
            let p = [px, py, vp / px / py];
            if p.iter().any(|&f| f > n) {
                continue;
            }
            let b: Vec<usize> = p.iter().map(|&f| n.div_ceil(f)).collect();
            let area = [b[1] * b[2], b[0] * b[2], b[0] * b[1]];
            let cost: usize = (0..3)
                .filter(|&a| p[a] > 1)
                .map(|a| 2 * area[a] * FACE_COST[a])
                .sum();
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((p, cost));
            }
        }
    }
    best.map(|(p, _)| p)
}

/// Where rank `rank` sits in an `n`³ domain split by `dims`: its origin (first
/// global point) and its number of points per axis.
pub fn block_of(rank: usize, dims: [usize; 3], n: usize) -> ([usize; 3], [usize; 3]) {
    let me = coords(rank, dims);
    let lo = |a: usize, c: usize| c * n / dims[a];
    let origin = [lo(0, me[0]), lo(1, me[1]), lo(2, me[2])];
    let size = [0, 1, 2].map(|a| lo(a, me[a] + 1) - origin[a]);
    (origin, size)
}

/// Rank `rank`'s position in `dims` (x fastest).
fn coords(rank: usize, dims: [usize; 3]) -> [usize; 3] {
    [
        rank % dims[0],
        (rank / dims[0]) % dims[1],
        rank / dims[0] / dims[1],
    ]
}

/// One face a rank exchanges with a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    /// The axis across which the faces meet.
    pub axis: usize,
    /// The neighbour's rank.
    pub neighbour: usize,
    /// The plane sent (ghost-layer coordinates: the first or last interior plane).
    pub send_plane: usize,
    /// The ghost plane the neighbour's face fills.
    pub ghost_plane: usize,
    /// Tag of the face sent (`axis * 2 + side`, side 0 towards lower coordinates).
    pub send_tag: i32,
    /// Tag of the face received (the neighbour's `send_tag` for this face).
    pub recv_tag: i32,
}

impl Face {
    /// Whether the face is a whole plane of the block's memory (across z,
    /// the slowest axis): it is sent from the block and received into it
    /// in place ([`Block::z_planes`]), not packed.
    pub fn in_place(&self) -> bool {
        self.axis == 2
    }
}

/// The faces rank `rank` of `dims` exchanges, in a fixed order (by axis,
/// lower side first); `size` is its block's points per axis.
pub fn faces(rank: usize, dims: [usize; 3], size: [usize; 3]) -> Vec<Face> {
    let me = coords(rank, dims);
    let rank_of = |c: [usize; 3]| (c[2] * dims[1] + c[1]) * dims[0] + c[0];
    let mut out = Vec::with_capacity(6);
    for axis in 0..3 {
        for side in 0..2 {
            if side == 0 && me[axis] == 0 || side == 1 && me[axis] + 1 == dims[axis] {
                continue;
            }
            let mut c = me;
            c[axis] = if side == 0 {
                me[axis] - 1
            } else {
                me[axis] + 1
            };
            out.push(Face {
                axis,
                neighbour: rank_of(c),
                send_plane: if side == 0 { 1 } else { size[axis] },
                ghost_plane: if side == 0 { 0 } else { size[axis] + 1 },
                send_tag: (axis * 2 + side) as i32,
                recv_tag: (axis * 2 + 1 - side) as i32,
            });
        }
    }
    out
}

/// The bytes a process of a run on an `n`³ grid allocates, estimated
/// before allocating: the sequential reference (two grids) and its blocks
/// (two more, with their ghost layers, at most). Saturates.
pub fn memory_bytes(n: usize) -> u64 {
    (n as u64 + 2).saturating_pow(3).saturating_mul(4 * 8)
}

/// The sequential sweep of the whole domain, `iters` times.
pub fn reference(n: usize, iters: u32) -> Block {
    let mut b = Block::new([n; 3], [0; 3]);
    for _ in 0..iters {
        b.sweep();
        b.flip();
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_grids_factor_any_count_that_fits() {
        assert_eq!(rank_dims(8, 10), Some([1, 1, 8]), "z faces are cheapest");
        assert_eq!(rank_dims(8, 240), Some([1, 1, 8]));
        assert_eq!(
            rank_dims(27, 240),
            Some([1, 3, 9]),
            "thin slabs have large faces"
        );
        assert_eq!(rank_dims(2, 240), Some([1, 1, 2]));
        assert_eq!(rank_dims(64, 16), Some([1, 4, 16]));
        assert_eq!(
            rank_dims(64, 4),
            Some([4, 4, 4]),
            "x is split when it must be"
        );
        assert_eq!(rank_dims(7, 10), Some([1, 1, 7]));
        let g = rank_dims(12, 10).unwrap();
        assert_eq!(g.iter().product::<usize>(), 12);
        assert_eq!(rank_dims(13, 10), None, "13 is prime and above the side");
    }

    #[test]
    fn the_reference_sweep_smooths_towards_zero() {
        let a = reference(6, 0);
        let b = reference(6, 5);
        let sum = |x: &Block| x.cur.iter().sum::<f64>();
        assert!(sum(&b) < sum(&a), "the zero boundary drains the grid");
    }

    #[test]
    fn blocks_tile_the_grid_and_faces_pair_up() {
        let (n, dims) = (11, [1, 2, 3]);
        let mut points = 0;
        for r in 0..6 {
            let (origin, size) = block_of(r, dims, n);
            points += size.iter().product::<usize>();
            assert!((0..3).all(|a| origin[a] + size[a] <= n));
            for f in faces(r, dims, size) {
                let (_, theirs) = block_of(f.neighbour, dims, n);
                let back = faces(f.neighbour, dims, theirs);
                let pair = back.iter().find(|g| g.neighbour == r).unwrap();
                assert_eq!((pair.axis, pair.send_tag), (f.axis, f.recv_tag));
                // Faces across an axis have the same points on both sides.
                let other = |s: [usize; 3]| {
                    (0..3)
                        .filter(|&a| a != f.axis)
                        .map(|a| s[a])
                        .product::<usize>()
                };
                assert_eq!(other(size), other(theirs));
            }
        }
        assert_eq!(points, n * n * n);
    }

    #[test]
    fn z_faces_exchanged_in_place_equal_the_whole_sweep() {
        let (n, iters, dims) = (7, 3, [1, 2, 3]);
        let ranks = 6;
        let whole = reference(n, iters);
        let mut blocks: Vec<_> = (0..ranks)
            .map(|r| {
                let (origin, size) = block_of(r, dims, n);
                (Block::new(size, origin), origin, faces(r, dims, size))
            })
            .collect();
        for _ in 0..iters {
            // Every face as sent: a z face a whole plane, the others packed.
            let mut sent = Vec::new();
            for (r, (b, _, fs)) in blocks.iter_mut().enumerate() {
                for f in fs.iter() {
                    let mut data = Vec::new();
                    match f.in_place() {
                        true => data.extend_from_slice(b.z_planes().sent(f)),
                        false => b.pack(f.axis, f.send_plane, &mut data),
                    }
                    sent.push(((r, f.neighbour, f.send_tag), data));
                }
            }
            for (r, (b, _, fs)) in blocks.iter_mut().enumerate() {
                let from_neighbour = |f: &Face| {
                    let key = (f.neighbour, r, f.recv_tag);
                    sent.iter().find(|(k, _)| *k == key).unwrap().1.clone()
                };
                let received: Vec<_> = fs.iter().map(|f| (*f, from_neighbour(f))).collect();
                let mut planes = b.z_planes();
                for (f, data) in &received {
                    if let Some(ghost) = planes.ghost(f) {
                        assert_eq!(ghost.len(), data.len(), "whole planes");
                        ghost.copy_from_slice(data);
                    }
                }
                assert!(fs.iter().all(|f| planes.ghost(f).is_none()), "each once");
                for (f, data) in received.iter().filter(|(f, _)| !f.in_place()) {
                    b.unpack(f.axis, f.ghost_plane, data);
                }
            }
            for (b, _, _) in &mut blocks {
                b.sweep();
                b.flip();
            }
        }
        for (b, origin, _) in &blocks {
            assert_eq!(b.compare(&whole, *origin), (0.0, true));
        }
    }

    #[test]
    fn a_split_sweep_equals_the_whole_one() {
        let (n, iters, dims) = (9, 3, [1, 1, 2]);
        let whole = reference(n, iters);
        let mut blocks: Vec<_> = (0..2)
            .map(|r| {
                let (origin, size) = block_of(r, dims, n);
                (Block::new(size, origin), origin, size)
            })
            .collect();
        let mut face = Vec::new();
        for _ in 0..iters {
            for r in 0..2 {
                for f in faces(r, dims, blocks[r].2) {
                    let (theirs, _, size) = &blocks[f.neighbour];
                    let back = faces(f.neighbour, dims, *size);
                    let to_me = back.iter().find(|g| g.neighbour == r).unwrap();
                    theirs.pack(to_me.axis, to_me.send_plane, &mut face);
                    blocks[r].0.unpack(f.axis, f.ghost_plane, &face);
                }
            }
            for (b, _, _) in &mut blocks {
                b.sweep();
                b.flip();
            }
        }
        for (b, origin, _) in &blocks {
            assert_eq!(b.compare(&whole, *origin), (0.0, true));
        }
    }
}
