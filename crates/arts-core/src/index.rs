//! Element indices of object arrays: 1-, 2- or 3-dimensional, row-major.

use serde::{Deserialize, Serialize};

/// The index of an element in a 1-D, 2-D or 3-D object array. Unused
/// trailing dimensions are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Index(pub [u32; 3]);

impl Index {
    /// The first coordinate.
    pub fn x(&self) -> u32 {
        self.0[0]
    }
    /// The second coordinate (0 for 1-D arrays).
    pub fn y(&self) -> u32 {
        self.0[1]
    }
    /// The third coordinate (0 for 1-D and 2-D arrays).
    pub fn z(&self) -> u32 {
        self.0[2]
    }
}

impl From<u32> for Index {
    fn from(i: u32) -> Self {
        Index([i, 0, 0])
    }
}

impl From<(u32, u32)> for Index {
    fn from((i, j): (u32, u32)) -> Self {
        Index([i, j, 0])
    }
}

impl From<(u32, u32, u32)> for Index {
    fn from((i, j, k): (u32, u32, u32)) -> Self {
        Index([i, j, k])
    }
}

impl std::fmt::Display for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{},{})", self.0[0], self.0[1], self.0[2])
    }
}

/// The extent of an object array: 1 to 3 dimensions, each at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    dims: [u32; 3],
    rank: u8,
}

impl Shape {
    /// A 1-D array of `n` elements.
    pub fn d1(n: u32) -> Self {
        Shape {
            dims: [n, 1, 1],
            rank: 1,
        }
    }

    /// A 2-D array of `nx` × `ny` elements (x is the slow, row-major index).
    pub fn d2(nx: u32, ny: u32) -> Self {
        Shape {
            dims: [nx, ny, 1],
            rank: 2,
        }
    }

    /// A 3-D array of `nx` × `ny` × `nz` elements.
    pub fn d3(nx: u32, ny: u32, nz: u32) -> Self {
        Shape {
            dims: [nx, ny, nz],
            rank: 3,
        }
    }

    /// The number of dimensions (1..=3).
    pub fn rank(&self) -> u8 {
        self.rank
    }

    /// The extent of each dimension (unused ones are 1).
    pub fn dims(&self) -> [u32; 3] {
        self.dims
    }

    /// Total number of elements.
    #[inline]
    pub fn len(&self) -> u64 {
        self.dims.iter().map(|&d| d as u64).product()
    }

    /// Total number of elements, or `None` for a shape no array can have
    /// (one read from damaged bytes: more than `u64::MAX` elements).
    pub fn checked_len(&self) -> Option<u64> {
        self.dims
            .iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d as u64))
    }

    /// True if the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `idx` lies inside the array.
    #[inline]
    pub fn contains(&self, idx: Index) -> bool {
        (0..3).all(|d| idx.0[d] < self.dims[d])
    }

    /// Row-major linear position of `idx` (which must be inside the array).
    #[inline]
    pub fn linear(&self, idx: Index) -> u64 {
        let [_, ny, nz] = self.dims;
        (idx.0[0] as u64 * ny as u64 + idx.0[1] as u64) * nz as u64 + idx.0[2] as u64
    }

    /// The index at row-major position `linear`.
    #[inline]
    pub fn index(&self, linear: u64) -> Index {
        let [_, ny, nz] = self.dims;
        let z = (linear % nz as u64) as u32;
        let rest = linear / nz as u64;
        Index([(rest / ny as u64) as u32, (rest % ny as u64) as u32, z])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_round_trips() {
        for shape in [Shape::d1(7), Shape::d2(3, 5), Shape::d3(2, 3, 4)] {
            for l in 0..shape.len() {
                let idx = shape.index(l);
                assert!(shape.contains(idx));
                assert_eq!(shape.linear(idx), l);
            }
        }
    }

    #[test]
    fn contains_rejects_outside() {
        let s = Shape::d2(3, 5);
        assert!(!s.contains(Index::from((3, 0))));
        assert!(!s.contains(Index::from((0, 5))));
        assert!(!s.contains(Index::from((0, 0, 1))));
    }
}
