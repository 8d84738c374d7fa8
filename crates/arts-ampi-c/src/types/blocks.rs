//! Where a datatype's data lies in one element: byte blocks `(offset,
//! length)` in type-map order. A vector's are one tile of blocks repeated
//! at a stride, kept as the tile and the repetition, so that a vector of
//! 10⁹ blocks (MPICH's `large_count`) takes no more room than one of ten.

use std::ops::ControlFlow;
use std::sync::Arc;

/// The byte blocks of one element: `tile` repeated `count` times, the
/// copies `stride` bytes apart (most types: one copy).
#[derive(Clone, Debug)]
pub(crate) struct Blocks {
    tile: Arc<[(isize, usize)]>,
    count: usize,
    stride: isize,
}

impl From<Vec<(isize, usize)>> for Blocks {
    fn from(list: Vec<(isize, usize)>) -> Blocks {
        Blocks {
            tile: list.into(),
            count: 1,
            stride: 0,
        }
    }
}

impl Blocks {
    /// `count` copies of `tile`, `stride` bytes apart; one block where
    /// the copies of a one-block tile touch.
    pub(crate) fn tiled(tile: Vec<(isize, usize)>, count: usize, stride: isize) -> Blocks {
        match tile[..] {
            _ if count == 0 => Vec::new().into(),
            [(off, len)] if len as isize == stride => vec![(off, len * count)].into(),
            _ if count == 1 || tile.is_empty() => tile.into(),
            _ => Blocks {
                tile: tile.into(),
                count,
                stride,
            },
        }
    }

    /// The blocks in type-map order (copy after copy).
    pub(crate) fn iter(&self) -> impl Iterator<Item = (isize, usize)> + '_ {
        (0..self.count).flat_map(move |i| {
            let at = i as isize * self.stride;
            self.tile.iter().map(move |&(off, len)| (at + off, len))
        })
    }

    /// Calls `f(offset, length)` for each block in type-map order, as
    /// [`Blocks::iter`] visits them, until `f` breaks; in loops the
    /// compiler keeps tight (packing: a one-block tile, a column, is one
    /// loop).
    #[inline]
    pub(crate) fn each(&self, mut f: impl FnMut(isize, usize) -> ControlFlow<()>) {
        if let [(off, len)] = self.tile[..] {
            for i in 0..self.count as isize {
                if f(off + i * self.stride, len).is_break() {
                    return;
                }
            }
            return;
        }
        let mut at = 0;
        for _ in 0..self.count {
            for &(off, len) in self.tile.iter() {
                if f(at + off, len).is_break() {
                    return;
                }
            }
            at += self.stride;
        }
    }

    /// How many blocks.
    pub(crate) fn len(&self) -> usize {
        self.tile.len() * self.count
    }

    /// The block, where there is exactly one.
    pub(crate) fn single(&self) -> Option<(isize, usize)> {
        (self.len() == 1).then(|| self.tile[0])
    }

    /// The first byte of any block and the end of the last-ending one
    /// (`None`: no block), without visiting every copy.
    pub(crate) fn bounds(&self) -> Option<(isize, isize)> {
        let first = self.tile.iter().map(|b| b.0).min()?;
        let end = self.tile.iter().map(|b| b.0 + b.1 as isize).max()?;
        let reach = (self.count as isize - 1) * self.stride;
        Some((first + reach.min(0), end + reach.max(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_of_a_tile_are_visited_in_order_and_bounded_without_a_visit() {
        let b = Blocks::tiled(vec![(0, 4), (8, 4)], 3, 32);
        let all: Vec<_> = b.iter().collect();
        assert_eq!(all, [(0, 4), (8, 4), (32, 4), (40, 4), (64, 4), (72, 4)]);
        for t in [&b, &Blocks::tiled(vec![(8, 4)], 5, 12)] {
            let mut visited = Vec::new();
            t.each(|off, len| {
                visited.push((off, len));
                ControlFlow::Continue(())
            });
            assert_eq!(visited, t.iter().collect::<Vec<_>>());
        }
        let mut first_two = 0;
        b.each(|_, _| {
            first_two += 1;
            if first_two == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(first_two, 2);
        assert_eq!((b.len(), b.bounds()), (6, Some((0, 76))));
        // Going down: the first copy is the highest.
        let down = Blocks::tiled(vec![(4, 4)], 3, -16);
        assert_eq!(
            down.iter().collect::<Vec<_>>(),
            [(4, 4), (-12, 4), (-28, 4)]
        );
        assert_eq!(down.bounds(), Some((-28, 8)));
        // A one-block tile whose copies touch is one block.
        let run = Blocks::tiled(vec![(0, 8)], 1 << 40, 8);
        assert_eq!(run.single(), Some((0, 8 << 40)));
        // 2³⁰ copies take the room of one.
        let huge = Blocks::tiled(vec![(0, 16)], 1 << 30, 48);
        assert_eq!(huge.len(), 1 << 30);
        assert_eq!(huge.bounds(), Some((0, 48 * ((1 << 30) - 1) + 16)));
        assert!(Blocks::from(Vec::new()).len() == 0 && Blocks::from(Vec::new()).bounds().is_none());
    }
}
