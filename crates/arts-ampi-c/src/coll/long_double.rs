//! `MPI_LONG_DOUBLE` reductions: C's `long double` arithmetic, done by
//! the C compiler (`long_double.c`) on packed 16-byte values.

use std::cmp::Ordering;
use std::ffi::c_int;
use std::sync::Arc;

use arts_ampi::Op;

use crate::types::layout::LONG_DOUBLE;

unsafe extern "C" {
    fn arts_long_double_size() -> usize;
    fn arts_long_double_reduce(op: c_int, input: *const u8, inout: *mut u8, n: usize);
    fn arts_long_double_compare(a: *const u8, b: *const u8) -> c_int;
}

/// `MPI_MAX`, `MPI_MIN`, `MPI_SUM` or `MPI_PROD` on packed `long double`s
/// (`MPI_SUM` is also the complex sum: parts add one by one); `None` for
/// any other operation.
pub(crate) fn op(op: &Op) -> Option<Op> {
    let (code, name) = match op {
        Op::Max => (1, "MPI_MAX"),
        Op::Min => (2, "MPI_MIN"),
        Op::Sum => (3, "MPI_SUM"),
        Op::Prod => (4, "MPI_PROD"),
        _ => return None,
    };
    // SAFETY: a pure function.
    debug_assert_eq!(unsafe { arts_long_double_size() }, LONG_DOUBLE);
    let f = move |left: &[u8], right: &mut [u8]| {
        let n = left.len().min(right.len()) / LONG_DOUBLE;
        // SAFETY: both buffers hold `n` packed values.
        unsafe { arts_long_double_reduce(code, left.as_ptr(), right.as_mut_ptr(), n) };
    };
    Some(Op::User {
        name,
        f: Arc::new(f),
    })
}

/// `a` against `b`, two packed `long double`s; `None` where one is a NaN.
pub(crate) fn compare(a: &[u8], b: &[u8]) -> Option<Ordering> {
    assert!(a.len() >= LONG_DOUBLE && b.len() >= LONG_DOUBLE);
    // SAFETY: each holds a packed value (checked above).
    match unsafe { arts_long_double_compare(a.as_ptr(), b.as_ptr()) } {
        -1 => Some(Ordering::Less),
        0 => Some(Ordering::Equal),
        1 => Some(Ordering::Greater),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed `long double` of an integer below 2^64 (x86-64's
    /// extended format: 64-bit mantissa with its leading one, 15-bit
    /// exponent biased by 16383).
    fn ld(x: u64) -> [u8; 16] {
        let mut out = [0u8; 16];
        if x != 0 {
            let shift = x.leading_zeros();
            out[..8].copy_from_slice(&(x << shift).to_le_bytes());
            let exponent = 16383 + 63 - shift as u16;
            out[8..10].copy_from_slice(&exponent.to_le_bytes());
        }
        out
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn long_doubles_add_with_64_bits_of_mantissa() {
        // 2^62 + 1 is not a double, but a long double holds it.
        let Some(Op::User { f, .. }) = op(&Op::Sum) else {
            panic!("a sum")
        };
        let mut right = ld(1);
        f(&ld(1 << 62), &mut right);
        assert_eq!(right[..10], ld((1 << 62) + 1)[..10]);
        assert_eq!(compare(&ld(5), &ld(7)), Some(Ordering::Less));
        assert_eq!(compare(&ld(7), &ld(7)), Some(Ordering::Equal));
        assert!(op(&Op::Band).is_none());
    }
}
