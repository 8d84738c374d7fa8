//! `MPI_MAXLOC` and `MPI_MINLOC` on the value-index pair datatypes
//! (`MPI_DOUBLE_INT`, `MPI_LONG_INT`, `MPI_2INT`, ...), compared in their
//! own types on the packed bytes, so a 64-bit or `long double` value
//! keeps every bit.

use std::cmp::Ordering;
use std::sync::Arc;

use arts_ampi::Op;

use crate::coll::long_double;
use crate::types::layout::Prim;

/// How the packed bytes of one word of a pair compare.
#[derive(Clone, Copy)]
enum Word {
    I16,
    I32,
    I64,
    F32,
    F64,
    LongDouble,
}

impl Word {
    /// `a` against `b`; `None` where one is a NaN.
    fn compare(self, a: &[u8], b: &[u8]) -> Option<Ordering> {
        fn read<const N: usize>(b: &[u8]) -> [u8; N] {
            b.try_into().expect("a word of its size")
        }
        match self {
            Word::I16 => Some(i16::from_ne_bytes(read(a)).cmp(&i16::from_ne_bytes(read(b)))),
            Word::I32 => Some(i32::from_ne_bytes(read(a)).cmp(&i32::from_ne_bytes(read(b)))),
            Word::I64 => Some(i64::from_ne_bytes(read(a)).cmp(&i64::from_ne_bytes(read(b)))),
            Word::F32 => f32::from_ne_bytes(read(a)).partial_cmp(&f32::from_ne_bytes(read(b))),
            Word::F64 => f64::from_ne_bytes(read(a)).partial_cmp(&f64::from_ne_bytes(read(b))),
            Word::LongDouble => long_double::compare(a, b),
        }
    }
}

/// The words of pair kind `prim`: value and index.
fn words(prim: Prim) -> Option<(Word, Word)> {
    Some(match prim {
        Prim::DoubleInt => (Word::F64, Word::I32),
        Prim::LongInt => (Word::I64, Word::I32),
        Prim::TwoInt => (Word::I32, Word::I32),
        Prim::FloatInt => (Word::F32, Word::I32),
        Prim::ShortInt => (Word::I16, Word::I32),
        Prim::LongDoubleInt => (Word::LongDouble, Word::I32),
        Prim::TwoReal => (Word::F32, Word::F32),
        Prim::TwoDouble => (Word::F64, Word::F64),
        _ => return None,
    })
}

/// `MPI_MAXLOC` (`max`) or `MPI_MINLOC` on packed pairs of kind `prim`:
/// the better value wins, a tie keeps the smaller index. `None` when
/// `prim` is not a pair kind.
pub(crate) fn loc_op(prim: Prim, max: bool) -> Option<Op> {
    let (value, index) = words(prim)?;
    let (v, _) = prim.pair_words()?;
    let size = prim.size();
    let wanted = if max {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    let f = move |left: &[u8], right: &mut [u8]| {
        for (a, b) in left.chunks_exact(size).zip(right.chunks_exact_mut(size)) {
            let (av, ai) = a.split_at(v);
            let (bv, bi) = b.split_at(v);
            let left_wins = match value.compare(av, bv) {
                Some(Ordering::Equal) => index.compare(ai, bi) == Some(Ordering::Less),
                order => order == Some(wanted),
            };
            if left_wins {
                b.copy_from_slice(a);
            }
        }
    };
    Some(Op::User {
        name: if max { "MPI_MAXLOC" } else { "MPI_MINLOC" },
        f: Arc::new(f),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair<V: bytemuck::Pod, I: bytemuck::Pod>(v: V, i: I) -> Vec<u8> {
        let mut out = bytemuck::bytes_of(&v).to_vec();
        out.extend_from_slice(bytemuck::bytes_of(&i));
        out
    }

    fn reduce(prim: Prim, max: bool, left: &[u8], right: &[u8]) -> Vec<u8> {
        let Some(Op::User { f, .. }) = loc_op(prim, max) else {
            panic!("a pair kind")
        };
        let mut r = right.to_vec();
        f(left, &mut r);
        r
    }

    #[test]
    fn sixty_four_bit_values_compare_exactly() {
        // 2^60 and 2^60 + 1 are the same double.
        let (big, bigger) = (pair(1i64 << 60, 3i32), pair((1i64 << 60) + 1, 9i32));
        assert_eq!(reduce(Prim::LongInt, true, &big, &bigger), bigger);
        assert_eq!(reduce(Prim::LongInt, false, &big, &bigger), big);
    }

    #[test]
    fn ties_keep_the_smaller_index_and_nans_never_win() {
        let (a, b) = (pair(2.5f64, 7i32), pair(2.5f64, 4i32));
        assert_eq!(reduce(Prim::DoubleInt, true, &a, &b), b);
        assert_eq!(reduce(Prim::DoubleInt, false, &b, &a), b);
        let short = [pair(-3i16, 1i32), pair(5i16, 0i32)].concat();
        let other = [pair(-4i16, 2i32), pair(5i16, 1i32)].concat();
        let min = [pair(-4i16, 2i32), pair(5i16, 0i32)].concat();
        assert_eq!(reduce(Prim::ShortInt, false, &short, &other), min);
        let (nan, one) = (pair(f32::NAN, 0f32), pair(1f32, 5f32));
        assert_eq!(reduce(Prim::TwoReal, true, &nan, &one), one);
        assert!(loc_op(Prim::F64, true).is_none());
    }
}
