//! A rank's groups, topologies and user reduction operations, as its
//! state keeps them (their calls are in their chapters).

use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::state::fail::Fail;

/// Groups of a rank: handle = index; 0 is `MPI_GROUP_EMPTY`.
pub(crate) struct Groups(Vec<Option<Vec<u32>>>);

impl Groups {
    /// The table with `MPI_GROUP_EMPTY` alone.
    pub(crate) fn new() -> Groups {
        Groups(vec![Some(Vec::new())])
    }

    /// The members of group `h`.
    pub(crate) fn get(&self, h: c_int) -> Result<&[u32], Fail> {
        usize::try_from(h)
            .ok()
            .and_then(|i| self.0.get(i))
            .and_then(Option::as_deref)
            .ok_or_else(|| Fail::new(ERR_GROUP, format!("invalid group handle {h}")))
    }

    /// Stores a group; returns its handle (a freed one first). An empty
    /// group is `MPI_GROUP_EMPTY`, as Open MPI and MPICH give it.
    pub(crate) fn add(&mut self, members: Vec<u32>) -> c_int {
        if members.is_empty() {
            return MPI_GROUP_EMPTY;
        }
        let free = self.0.iter().skip(1).position(Option::is_none);
        let i = free.map_or_else(
            || {
                self.0.push(None);
                self.0.len() - 1
            },
            |i| i + 1,
        );
        self.0[i] = Some(members);
        i as c_int
    }

    /// Frees group `h` (checked live; `MPI_GROUP_EMPTY` stays).
    pub(crate) fn free(&mut self, h: c_int) {
        if h != MPI_GROUP_EMPTY {
            self.0[h as usize] = None;
        }
    }
}

/// A Cartesian grid.
#[derive(Clone, Debug)]
pub(crate) struct Cart {
    /// Extent of each dimension.
    pub dims: Vec<c_int>,
    /// Whether each dimension wraps around.
    pub periods: Vec<bool>,
}

impl Cart {
    /// Coordinates of `rank`.
    pub(crate) fn coords(&self, mut rank: c_int) -> Vec<c_int> {
        let mut c = vec![0; self.dims.len()];
        for i in (0..self.dims.len()).rev() {
            c[i] = rank % self.dims[i];
            rank /= self.dims[i];
        }
        c
    }

    /// The rank at `coords` (wrapped in periodic dimensions; `None` outside).
    pub(crate) fn rank(&self, coords: &[c_int]) -> Option<c_int> {
        let mut r = 0;
        for (i, &x) in coords.iter().enumerate() {
            let d = self.dims[i];
            let x = if self.periods[i] {
                x.rem_euclid(d)
            } else if (0..d).contains(&x) {
                x
            } else {
                return None;
            };
            r = r * d + x;
        }
        Some(r)
    }
}

/// A rank's edges in a graph topology.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    /// Ranks it receives from, in order.
    pub sources: Vec<c_int>,
    /// Ranks it sends to, in order.
    pub dests: Vec<c_int>,
    /// An MPI-1 graph's `index` and `edges` (all ranks'), or `None` for a
    /// distributed graph.
    pub whole: Option<(Vec<c_int>, Vec<c_int>)>,
    /// A weighted distributed graph's weights of the sources' and the
    /// destinations' edges, in their orders (`None`: `MPI_UNWEIGHTED`).
    pub weights: Option<(Vec<c_int>, Vec<c_int>)>,
}

/// A C user function: `f(in, inout, &len, &datatype)`.
pub(crate) type UserFn =
    unsafe extern "C-unwind" fn(*mut c_void, *mut c_void, *mut c_int, *mut c_int);

/// An operation made by `MPI_Op_create`.
#[derive(Clone, Copy)]
pub(crate) struct UserOp {
    /// The C function (combined in rank order, so `commute` does not matter).
    pub f: UserFn,
    /// Whether the program declared it commutative (`MPI_Op_commutative`).
    pub commute: bool,
}
