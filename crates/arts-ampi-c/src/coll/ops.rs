//! Reduction operations: the predefined ones map onto `arts_ampi::Op`;
//! `MPI_Op_create` wraps the C function as a user operation on bytes.

use std::ffi::c_int;
use std::sync::Arc;

use arts_ampi::Op;

use crate::abi::*;
use crate::state::entry;
use crate::state::fail::{Fail, out};
use crate::state::tables::{UserFn, UserOp};

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

/// A user operation on packed elements of `size` bytes of datatype `dt`,
/// called with 16-byte aligned copies of its operands.
pub(crate) fn user_op(u: UserOp, size: usize, dt: c_int) -> Op {
    let f = move |left: &[u8], right: &mut [u8]| {
        // Operands of different lengths (mismatched counts) combine their common part.
        let n = left.len().min(right.len());
        let words = n.div_ceil(16);
        let mut a = vec![0u128; words];
        let mut b = vec![0u128; words];
        let (pa, pb) = (a.as_mut_ptr().cast::<u8>(), b.as_mut_ptr().cast::<u8>());
        // SAFETY: both scratch buffers hold at least `n` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(left.as_ptr(), pa, n);
            std::ptr::copy_nonoverlapping(right.as_ptr(), pb, n);
        }
        let mut len = (n / size.max(1)) as c_int;
        let mut dt = dt;
        // SAFETY: the C function reads `len` elements of `dt` from both
        // buffers and writes the second, as MPI_User_function does.
        unsafe { (u.f)(pa.cast(), pb.cast(), &mut len, &mut dt) };
        // SAFETY: as above.
        right[..n].copy_from_slice(unsafe { std::slice::from_raw_parts(pb, n) });
    };
    Op::User {
        name: "MPI_Op_create",
        f: Arc::new(f),
    }
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
