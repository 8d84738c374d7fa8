//! The X×Y×Z torus: node numbering, neighbours, minimal (productive)
//! directions and the dimension-order direction used by the escape channel.
//!
//! Node `id = x + X·(y + Y·z)`. Direction `d` (0..6) moves along dimension
//! `d / 2`, towards `+1` when `d` is even and `-1` when odd (with wrap-around).

use strength_reduce::StrengthReducedU32;

use super::TorusError;

/// Number of link directions per node.
pub(super) const DIRS: usize = 6;

/// The direction opposite to `d` (same dimension, other sign).
#[inline]
pub(super) fn opposite(d: usize) -> usize {
    d ^ 1
}

/// A 3-D torus. A node's coordinates and neighbours are computed from its
/// id (divisions by the dimensions made multiplications), not tabled: a
/// table would be held whole by every process of a run across processes.
#[derive(Clone, Debug)]
pub struct Topology {
    dims: [u32; 3],
    nodes: u32,
    /// Node-id step of one hop along each dimension: 1, X, X·Y.
    stride: [u32; 3],
    /// X and X·Y as divisors.
    div_x: StrengthReducedU32,
    div_xy: StrengthReducedU32,
}

/// Largest node count the model accepts: 16 × Blue Gene/L's 65,536 (a
/// node's state is ~2.7 KB, so this bounds memory to a few GB).
pub(super) const MAX_NODES: u64 = 1 << 20;

impl Topology {
    /// A torus of `dims[0] × dims[1] × dims[2]` nodes (each at least 1).
    pub fn new(dims: [u32; 3]) -> Result<Topology, TorusError> {
        if dims.contains(&0) {
            return Err(TorusError::Dims(format!(
                "{}x{}x{}: every dimension must be at least 1",
                dims[0], dims[1], dims[2]
            )));
        }
        let n = dims.iter().map(|&d| d as u64).product::<u64>();
        if n > MAX_NODES {
            return Err(TorusError::Dims(format!(
                "{}x{}x{} = {n} nodes: at most {MAX_NODES} are supported",
                dims[0], dims[1], dims[2]
            )));
        }
        if n < 2 {
            return Err(TorusError::Dims(format!(
                "{}x{}x{}: a network needs at least 2 nodes",
                dims[0], dims[1], dims[2]
            )));
        }
        Ok(Topology {
            dims,
            nodes: n as u32,
            stride: [1, dims[0], dims[0] * dims[1]],
            div_x: StrengthReducedU32::new(dims[0]),
            div_xy: StrengthReducedU32::new(dims[0] * dims[1]),
        })
    }

    /// Parses `XxYxZ` (e.g. `16x16x16`).
    pub fn parse_dims(s: &str) -> Result<[u32; 3], TorusError> {
        let parts: Vec<&str> = s.split(['x', 'X', '×']).collect();
        let bad = || {
            TorusError::Dims(format!(
                "{s}: expected three positive integers like 16x16x16"
            ))
        };
        if parts.len() != 3 {
            return Err(bad());
        }
        let mut dims = [0u32; 3];
        for (d, p) in dims.iter_mut().zip(&parts) {
            *d = p.trim().parse().map_err(|_| bad())?;
        }
        Ok(dims)
    }

    /// Size of each dimension.
    #[inline]
    pub fn dims(&self) -> [u32; 3] {
        self.dims
    }

    /// Number of nodes.
    #[inline]
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// Coordinates of node `id`.
    #[inline]
    pub fn coords(&self, id: u32) -> [u32; 3] {
        let (z, in_plane) = StrengthReducedU32::div_rem(id, self.div_xy);
        let (y, x) = StrengthReducedU32::div_rem(in_plane, self.div_x);
        [x, y, z]
    }

    /// Node at coordinates `c`.
    #[inline]
    pub fn id(&self, c: [u32; 3]) -> u32 {
        let [x, y, _] = self.dims;
        c[0] + x * (c[1] + y * c[2])
    }

    /// The neighbour of `id` in direction `d`.
    #[inline]
    pub fn neighbor(&self, id: u32, d: usize) -> u32 {
        let dim = d / 2;
        let (c, k, step) = (self.coords(id)[dim], self.dims[dim], self.stride[dim]);
        if d.is_multiple_of(2) {
            // +1 along `dim`, from the last coordinate back to 0.
            if c + 1 == k { id - c * step } else { id + step }
        } else if c == 0 {
            // -1 along `dim`, from 0 to the last coordinate.
            id + (k - 1) * step
        } else {
            id - step
        }
    }

    /// Unidirectional links that exist: two per node for every dimension
    /// longer than 1 (a dimension of size 1 has no links).
    pub fn links(&self) -> u64 {
        let dims_with_links = self.dims.iter().filter(|&&k| k > 1).count() as u64;
        2 * dims_with_links * self.nodes as u64
    }

    /// Offsets along each dimension from `a` to `b`, in `0..k`.
    #[inline]
    fn deltas(&self, a: u32, b: u32) -> [u32; 3] {
        let (ca, cb) = (self.coords(a), self.coords(b));
        std::array::from_fn(|i| {
            if cb[i] >= ca[i] {
                cb[i] - ca[i]
            } else {
                cb[i] + self.dims[i] - ca[i]
            }
        })
    }

    /// Minimal hop count from `a` to `b`.
    pub fn distance(&self, a: u32, b: u32) -> u32 {
        let d = self.deltas(a, b);
        (0..3).map(|i| d[i].min(self.dims[i] - d[i])).sum()
    }

    /// Bit mask of the productive directions from `a` towards `b`: the
    /// directions that shorten a minimal path (both signs of a dimension when
    /// the offset is exactly half the ring).
    #[inline]
    pub fn productive(&self, a: u32, b: u32) -> u8 {
        let d = self.deltas(a, b);
        let mut mask = 0u8;
        for (i, (&delta, &k)) in d.iter().zip(&self.dims).enumerate() {
            if delta == 0 {
                continue;
            }
            if 2 * delta <= k {
                mask |= 1 << (2 * i);
            }
            if 2 * delta >= k {
                mask |= 1 << (2 * i + 1);
            }
        }
        mask
    }

    /// The dimension-order (x, then y, then z) direction from `a` towards
    /// `b`, used by the escape channel; `+` on a tie at half the ring.
    /// `None` when `a == b`.
    #[inline]
    pub fn dimension_order(&self, a: u32, b: u32) -> Option<usize> {
        let d = self.deltas(a, b);
        (0..3).find(|&i| d[i] != 0).map(|i| {
            if 2 * d[i] <= self.dims[i] {
                2 * i
            } else {
                2 * i + 1
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_wrap_and_are_inverse() {
        let t = Topology::new([4, 3, 2]).unwrap();
        for id in 0..t.nodes() {
            for d in 0..DIRS {
                let n = t.neighbor(id, d);
                assert_eq!(t.neighbor(n, opposite(d)), id);
                assert!(t.dims()[d / 2] == 1 || t.distance(id, n) == 1);
            }
        }
        assert_eq!(t.neighbor(t.id([3, 0, 0]), 0), t.id([0, 0, 0]));
        assert_eq!(t.neighbor(t.id([0, 0, 0]), 3), t.id([0, 2, 0]));
    }

    #[test]
    fn coordinates_are_the_id_taken_apart() {
        for dims in [
            [4, 3, 2],
            [1, 5, 2],
            [7, 1, 3],
            [64, 32, 32],
            [128, 128, 64],
        ] {
            let t = Topology::new(dims).unwrap();
            let step = (t.nodes() / 5000).max(1);
            for id in (0..t.nodes()).step_by(step as usize).chain([t.nodes() - 1]) {
                let c = t.coords(id);
                assert!((0..3).all(|k| c[k] < dims[k]), "{dims:?} node {id}: {c:?}");
                assert_eq!(t.id(c), id, "{dims:?} node {id}: {c:?}");
            }
        }
    }

    #[test]
    fn neighbours_are_the_coordinates_one_step_away() {
        for dims in [[4, 3, 2], [1, 5, 2], [2, 1, 7], [3, 3, 1]] {
            let t = Topology::new(dims).unwrap();
            for id in 0..t.nodes() {
                let c = t.coords(id);
                for d in 0..DIRS {
                    let (dim, k) = (d / 2, dims[d / 2]);
                    let mut cc = c;
                    cc[dim] = if d.is_multiple_of(2) {
                        (c[dim] + 1) % k
                    } else {
                        (c[dim] + k - 1) % k
                    };
                    assert_eq!(t.neighbor(id, d), t.id(cc), "{dims:?} node {id} dir {d}");
                }
            }
        }
    }

    #[test]
    fn productive_directions_shorten_the_path() {
        let t = Topology::new([5, 4, 3]).unwrap();
        for a in 0..t.nodes() {
            for b in 0..t.nodes() {
                let mask = t.productive(a, b);
                let dist = t.distance(a, b);
                assert_eq!(mask == 0, a == b);
                for d in 0..DIRS {
                    let closer = t.distance(t.neighbor(a, d), b) + 1 == dist;
                    assert_eq!(mask >> d & 1 == 1, closer, "{a}->{b} dir {d}");
                }
                if let Some(e) = t.dimension_order(a, b) {
                    assert!(mask >> e & 1 == 1);
                    // Lower dimensions are already resolved.
                    let (ca, cb) = (t.coords(a), t.coords(b));
                    assert!((0..e / 2).all(|i| ca[i] == cb[i]));
                }
            }
        }
    }

    #[test]
    fn dims_are_parsed_and_checked() {
        assert_eq!(Topology::parse_dims("16x8x4").unwrap(), [16, 8, 4]);
        assert!(Topology::parse_dims("16x8").is_err());
        assert!(Topology::parse_dims("axbxc").is_err());
        assert!(Topology::new([0, 4, 4]).is_err());
        assert!(Topology::new([1, 1, 1]).is_err());
        assert!(Topology::new([1 << 12, 1 << 12, 2]).is_err());
        assert_eq!(Topology::new([4, 1, 2]).unwrap().links(), 2 * 2 * 8);
    }
}
