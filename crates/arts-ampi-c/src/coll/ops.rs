//! Reduction operations: the predefined ones map onto `arts_ampi::Op`;
//! `MPI_Op_create` wraps the C function as a user operation on bytes,
//! which it sees in its datatype's layout.

use std::ffi::c_int;
use std::sync::Arc;

use arts_ampi::Op;

use crate::abi::*;
use crate::state::entry;
use crate::state::fail::{Fail, out};
use crate::state::tables::{UserFn, UserOp};
use crate::types::layout::TypeInfo;

/// First handle of user operations.
pub(crate) const FIRST_USER_OP: c_int = 100;

/// What a C op handle is.
pub(crate) enum OpKind {
    /// A predefined operation.
    Builtin(Op),
    /// A user operation.
    User(UserOp),
}

/// The operation behind handle `op` among `user` ones.
pub(crate) fn lookup(op: c_int, user: &[Option<UserOp>]) -> Result<OpKind, Fail> {
    let builtin = match op {
        1 => Op::Max,
        2 => Op::Min,
        3 => Op::Sum,
        4 => Op::Prod,
        5 => Op::Land,
        6 => Op::Band,
        7 => Op::Lor,
        8 => Op::Bor,
        9 => Op::MaxLoc,
        10 => Op::MinLoc,
        13 => Op::Bxor,
        14 => Op::Lxor,
        _ => {
            return usize::try_from(op - FIRST_USER_OP)
                .ok()
                .and_then(|i| user.get(i).copied().flatten())
                .map(OpKind::User)
                .ok_or_else(|| Fail::new(ERR_OP, format!("invalid operation handle {op}")));
        }
    };
    Ok(OpKind::Builtin(builtin))
}

/// A user operation on packed elements of datatype `dt` (`t`). The C
/// function gets its operands as MPI lays them out: `len` elements of the
/// datatype, its holes included, in 16-byte aligned scratch buffers (a
/// contiguous type's packed bytes already are that layout; another's are
/// unpacked there, and the result packed back).
pub(crate) fn user_op(u: UserOp, t: &TypeInfo, dt: c_int) -> Op {
    let t = t.clone();
    let f = move |left: &[u8], right: &mut [u8]| {
        // Operands of different lengths (mismatched counts) combine their
        // common whole elements.
        let elems = left.len().min(right.len()) / t.size.max(1);
        let n = elems * t.size;
        let (mut a, base_a) = laid_out(&t, &left[..n]);
        let (mut b, base_b) = laid_out(&t, &right[..n]);
        let (pa, pb) = (a.as_mut_ptr().cast::<u8>(), b.as_mut_ptr().cast::<u8>());
        let mut len = elems as c_int;
        let mut dt = dt;
        // SAFETY: the C function reads `len` elements of `dt` from both
        // buffers and writes the second, as MPI_User_function does; each
        // holds them at its base.
        unsafe {
            (u.f)(
                pa.add(base_a).cast(),
                pb.add(base_b).cast(),
                &mut len,
                &mut dt,
            )
        };
        // SAFETY: `b` holds `elems` elements at its base.
        let result = unsafe { t.pack(pb.add(base_b), elems) };
        right[..n].copy_from_slice(&result);
    };
    Op::User {
        name: "MPI_Op_create",
        f: Arc::new(f),
    }
}

/// The packed elements `data` of `t` in an aligned buffer laid out as the
/// datatype says, and where in it the first element starts.
fn laid_out(t: &TypeInfo, data: &[u8]) -> (Vec<u128>, usize) {
    if t.is_contiguous() {
        let mut words = vec![0u128; data.len().div_ceil(16)];
        // SAFETY: `words` holds at least `data.len()` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(data.as_ptr(), words.as_mut_ptr().cast(), data.len())
        };
        return (words, 0);
    }
    let elems = data.len() / t.size.max(1);
    // The bytes the elements' blocks span, from the lowest to the highest.
    let (mut lo, mut hi) = (0isize, 0isize);
    for i in 0..elems as isize {
        for (off, len) in t.blocks.iter() {
            lo = lo.min(i * t.extent + off);
            hi = hi.max(i * t.extent + off + len as isize);
        }
    }
    let mut words = vec![0u128; ((hi - lo) as usize).div_ceil(16)];
    let base = (-lo) as usize;
    // SAFETY: the buffer spans every block of the `elems` elements from `base`.
    unsafe { t.unpack(data, words.as_mut_ptr().cast::<u8>().add(base)) };
    (words, base)
}

/// `MPI_Op_create`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Op_create(
    user_fn: Option<UserFn>,
    commute: c_int,
    op: *mut c_int,
) -> c_int {
    entry("MPI_Op_create", MPI_COMM_WORLD, |vp| {
        let op = out(op, "op")?;
        let f = user_fn.ok_or_else(|| Fail::new(ERR_ARG, "the function is a null pointer"))?;
        // Operands are always combined in rank order: commutative or not.
        vp.ops.push(Some(UserOp {
            f,
            commute: commute != 0,
        }));
        *op = FIRST_USER_OP + vp.ops.len() as c_int - 1;
        Ok(())
    })
}

/// `MPI_Op_free`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Op_free(op: *mut c_int) -> c_int {
    entry("MPI_Op_free", MPI_COMM_WORLD, |vp| {
        let h = out(op, "op")?;
        let slot = usize::try_from(*h - FIRST_USER_OP)
            .ok()
            .and_then(|i| vp.ops.get_mut(i))
            .filter(|s| s.is_some())
            .ok_or_else(|| {
                Fail::new(ERR_OP, format!("operation {} is not a user operation", *h))
            })?;
        *slot = None;
        *h = MPI_OP_NULL;
        Ok(())
    })
}

/// `MPI_Op_commutative`: true for the predefined operations, as declared
/// for the program's.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Op_commutative(
    op: c_int,
    commute: *mut c_int,
) -> c_int {
    entry("MPI_Op_commutative", MPI_COMM_WORLD, |vp| {
        let c = match lookup(op, &vp.ops)? {
            OpKind::Builtin(_) => true,
            OpKind::User(u) => u.commute,
        };
        *out(commute, "commute")? = c_int::from(c);
        Ok(())
    })
}
