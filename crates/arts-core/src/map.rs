//! Initial placement of array elements on PEs. The PE an element is first
//! placed on is also its *home*: the PE that always knows where it lives
//! (see `location/README.md`).

use std::sync::Arc;

use crate::PeId;
use crate::index::{Index, Shape};

/// A user-supplied placement: `(index, shape, num_pes) -> PE`.
pub(crate) type MapFn = dyn Fn(Index, &Shape, u32) -> PeId + Send + Sync;

/// How an array's elements are placed on PEs at creation.
#[derive(Clone, Default)]
pub enum Map {
    /// Element `i` (row-major linear position) on PE `i mod P` ("naive").
    #[default]
    RoundRobin,
    /// Contiguous runs of linear positions per PE, sizes differing by at most one.
    Block,
    /// Any function of the index; results are reduced modulo the PE count.
    Custom(Arc<MapFn>),
}

impl std::fmt::Debug for Map {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Map::RoundRobin => f.write_str("RoundRobin"),
            Map::Block => f.write_str("Block"),
            Map::Custom(_) => f.write_str("Custom"),
        }
    }
}

impl Map {
    /// The home PE of the element at linear position `linear`.
    #[inline]
    pub fn home(&self, linear: u64, shape: &Shape, num_pes: u32) -> PeId {
        let p = num_pes as u64;
        match self {
            // Without a division where the PE count allows (on the path of
            // every message sent to an element whose place is not recorded).
            Map::RoundRobin if p.is_power_of_two() => (linear & (p - 1)) as PeId,
            Map::RoundRobin => (linear % p) as PeId,
            Map::Block => match linear.checked_mul(p) {
                Some(scaled) => (scaled / shape.len()) as PeId,
                None => ((linear as u128 * p as u128) / shape.len() as u128) as PeId,
            },
            Map::Custom(f) => f(shape.index(linear), shape, num_pes) % num_pes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_is_contiguous_and_balanced() {
        let shape = Shape::d1(10);
        let pes: Vec<_> = (0..10).map(|l| Map::Block.home(l, &shape, 3)).collect();
        assert_eq!(pes, vec![0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn block_is_exact_where_linear_times_pes_overflows_u64() {
        // 2^60 elements on 1000 PEs: linear · PEs exceeds u64 past 2^54.
        let shape = Shape::d3(1 << 20, 1 << 20, 1 << 20);
        let n = shape.len() as u128;
        for linear in [0, 1 << 54, (1 << 54) + 7, (1 << 60) - 1] {
            let exact = (linear as u128 * 1000 / n) as PeId;
            assert_eq!(Map::Block.home(linear, &shape, 1000), exact, "{linear}");
        }
    }

    #[test]
    fn round_robin_with_and_without_a_power_of_two_pe_count() {
        let shape = Shape::d1(100);
        for pes in [1, 2, 3, 4, 7, 8] {
            for linear in 0..100 {
                assert_eq!(
                    Map::RoundRobin.home(linear, &shape, pes),
                    (linear % pes as u64) as PeId
                );
            }
        }
    }

    #[test]
    fn round_robin_and_custom() {
        let shape = Shape::d2(2, 2);
        assert_eq!(Map::RoundRobin.home(3, &shape, 2), 1);
        let m = Map::Custom(Arc::new(|idx: Index, _: &Shape, _| idx.x() + 5));
        assert_eq!(m.home(3, &shape, 2), 0);
    }
}
