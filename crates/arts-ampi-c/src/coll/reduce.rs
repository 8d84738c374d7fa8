//! Reductions of C buffers: the packed bytes are turned into a typed
//! vector of the datatype's element kind (aligned), reduced by
//! `arts_ampi`, and turned back. Pair types (`MPI_DOUBLE_INT`, `MPI_2INT`,
//! ...) and `long double`s reduce as operations on the packed bytes
//! (`pair.rs`, `long_double.rs`).

use std::ffi::c_int;

use arts_ampi::{Comm, Mpi, MpiError, MpiType, Op, Request};

use crate::abi::*;
use crate::coll::ops::{OpKind, lookup, user_op};
use crate::coll::{long_double, pair};
use crate::state::Vp;
use crate::state::fail::Fail;
use crate::state::tables::UserOp;
use crate::types::layout::{Prim, TypeInfo};

/// Which reduction.
#[derive(Clone)]
pub(crate) enum Which {
    /// To `root`.
    Reduce(i32),
    /// To everyone.
    Allreduce,
    /// Inclusive prefix.
    Scan,
    /// Exclusive prefix (rank 0 gets nothing).
    Exscan,
    /// Reduced, then `counts[i]` elements to rank `i`.
    ReduceScatter(Vec<usize>),
}

/// A typed copy of packed bytes (any alignment).
fn to_vec<T: MpiType>(bytes: &[u8]) -> Vec<T> {
    let size = std::mem::size_of::<T>();
    let mut v = vec![<T as bytemuck::Zeroable>::zeroed(); bytes.len() / size];
    let n = v.len() * size;
    bytemuck::cast_slice_mut::<T, u8>(&mut v).copy_from_slice(&bytes[..n]);
    v
}

/// The bytes of a typed slice.
fn to_bytes<T: MpiType>(v: &[T]) -> Vec<u8> {
    bytemuck::cast_slice(v).to_vec()
}

/// A started reduction: its request, and what yields the packed result
/// once it completed.
pub(crate) type Started = (Request<'static>, Box<dyn FnOnce() -> Vec<u8>>);

/// Starts `which` on typed data holding `elems` elements of the C
/// datatype (this rank is `me` in `comm`).
fn typed<T: MpiType>(
    mpi: &mut Mpi<'static>,
    which: &Which,
    (data, elems): (&[u8], usize),
    op: &Op,
    comm: Comm,
    me: usize,
) -> Result<Started, MpiError> {
    let send: Vec<T> = to_vec(data);
    // A reduce-scatter's counts are in elements of the C datatype, each
    // `per` elements of `T`.
    let per = send.len().checked_div(elems).unwrap_or(1);
    let counts: Vec<usize> = match which {
        Which::ReduceScatter(counts) => counts.iter().map(|c| c * per).collect(),
        _ => Vec::new(),
    };
    let len = match which {
        Which::ReduceScatter(_) => counts[me],
        _ => send.len(),
    };
    let mut boxed = vec![<T as bytemuck::Zeroable>::zeroed(); len].into_boxed_slice();
    // SAFETY: the boxed slice moves into the closure stored beside the
    // request (which is dropped first), so it outlives it.
    let target: &'static mut [T] =
        unsafe { std::slice::from_raw_parts_mut(boxed.as_mut_ptr(), boxed.len()) };
    let req = match which {
        Which::Reduce(root) => mpi.ireduce(&send, target, op, *root, comm)?,
        Which::Allreduce => mpi.iallreduce(&send, target, op, comm)?,
        Which::Scan => mpi.iscan(&send, target, op, comm)?,
        Which::Exscan => mpi.iexscan(&send, target, op, comm)?,
        Which::ReduceScatter(_) => mpi.ireduce_scatter(&send, target, &counts, op, comm)?,
    };
    Ok((req, Box::new(move || to_bytes(&boxed))))
}

/// Runs `$body` with `$t` the Rust type of numeric element kind `$prim`
/// (`None` for bytes and pairs).
macro_rules! by_prim {
    ($prim:expr, $t:ident => $body:expr) => {
        match $prim {
            Prim::I8 => Some({
                type $t = i8;
                $body
            }),
            Prim::U8 => Some({
                type $t = u8;
                $body
            }),
            Prim::I16 => Some({
                type $t = i16;
                $body
            }),
            Prim::U16 => Some({
                type $t = u16;
                $body
            }),
            Prim::I32 => Some({
                type $t = i32;
                $body
            }),
            Prim::U32 => Some({
                type $t = u32;
                $body
            }),
            Prim::I64 => Some({
                type $t = i64;
                $body
            }),
            Prim::U64 => Some({
                type $t = u64;
                $body
            }),
            Prim::F32 => Some({
                type $t = f32;
                $body
            }),
            Prim::F64 => Some({
                type $t = f64;
                $body
            }),
            _ => None,
        }
    };
}

/// How elements of a C datatype combine under an operation.
enum Combine {
    /// An operation on the packed bytes of whole elements: an
    /// `MPI_Op_create` function, `MPI_MAXLOC`/`MPI_MINLOC` on value-index
    /// pairs, or `long double` arithmetic.
    Bytes(Op),
    /// A predefined operation on numbers.
    Numeric(Prim, Op),
}

/// How `op` combines elements of `t` (handle `dt`), or why it cannot.
fn combine(user: &[Option<UserOp>], t: &TypeInfo, dt: c_int, op: c_int) -> Result<Combine, Fail> {
    let op = match lookup(op, user)? {
        OpKind::User(u) => return Ok(Combine::Bytes(user_op(u, t, dt))),
        OpKind::Builtin(op) => op,
    };
    let prim = t.prim.ok_or_else(|| {
        Fail::new(
            ERR_OP,
            format!("datatype {dt} mixes element types: only user operations reduce it"),
        )
    })?;
    let undefined = |what: &str| {
        Fail::new(
            ERR_OP,
            format!("operation {} is not defined for {what}", op.name()),
        )
    };
    match prim {
        _ if prim.pair_words().is_some() => {
            let max = match op {
                Op::MaxLoc => true,
                Op::MinLoc => false,
                _ => return Err(undefined(&format!("pair datatype {dt}"))),
            };
            let op = pair::loc_op(prim, max)
                .ok_or_else(|| Fail::new(ERR_INTERN, "a pair kind without its words"))?;
            Ok(Combine::Bytes(op))
        }
        // MPI defines the bitwise operations on bytes, and no others.
        Prim::Byte if matches!(op, Op::Band | Op::Bor | Op::Bxor) => {
            Ok(Combine::Numeric(Prim::U8, op))
        }
        Prim::Byte => Err(undefined("MPI_BYTE data")),
        Prim::LongDouble => long_double::op(&op)
            .map(Combine::Bytes)
            .ok_or_else(|| undefined("MPI_LONG_DOUBLE")),
        // A complex sum is the sums of the real and imaginary parts.
        Prim::Complex32 if matches!(op, Op::Sum) => Ok(Combine::Numeric(Prim::F32, op)),
        Prim::Complex64 if matches!(op, Op::Sum) => Ok(Combine::Numeric(Prim::F64, op)),
        Prim::ComplexLongDouble if matches!(op, Op::Sum) => long_double::op(&op)
            .map(Combine::Bytes)
            .ok_or_else(|| Fail::new(ERR_INTERN, "no long double sum")),
        Prim::Complex32 | Prim::Complex64 | Prim::ComplexLongDouble => Err(Fail::new(
            ERR_OP,
            format!(
                "operation {} on complex numbers is not supported (MPI_SUM is)",
                op.name()
            ),
        )),
        _ => Ok(Combine::Numeric(prim, op)),
    }
}

/// Starts reduction `which` of the packed `data` (elements of `t`, handle
/// `dt`) with `op`; the closure yields the packed result (meaningful where
/// the reduction delivers one).
pub(crate) fn reduce(
    vp: &mut Vp,
    which: &Which,
    data: &[u8],
    t: &TypeInfo,
    dt: c_int,
    op: c_int,
    comm: Comm,
) -> Result<Started, Fail> {
    let how = combine(&vp.ops, t, dt, op)?;
    let mpi = vp.mpi();
    let me = mpi.comm_rank(comm)? as usize;
    let elems = data.len().checked_div(t.size).unwrap_or(0);
    Ok(match how {
        Combine::Bytes(op) => typed::<u8>(mpi, which, (data, elems), &op, comm, me)?,
        Combine::Numeric(prim, op) => {
            by_prim!(prim, T => typed::<T>(mpi, which, (data, elems), &op, comm, me)?)
                .ok_or_else(|| Fail::new(ERR_INTERN, "a numeric kind without a Rust type"))?
        }
    })
}

/// `inout = input ⊕ inout` elementwise on packed elements of `t`
/// (`MPI_Reduce_local`); `user` holds the rank's `MPI_Op_create` operations.
pub(crate) fn reduce_local(
    user: &[Option<UserOp>],
    input: &[u8],
    inout: &mut [u8],
    t: &TypeInfo,
    dt: c_int,
    op: c_int,
) -> Result<(), Fail> {
    const CALL: &str = "MPI_Reduce_local";
    match combine(user, t, dt, op)? {
        Combine::Bytes(op) => op.apply(u8::DATATYPE, input, inout),
        Combine::Numeric(prim, op) => by_prim!(prim, T => {
            op.check(CALL, T::DATATYPE)?;
            op.apply(T::DATATYPE, input, inout)
        })
        .ok_or_else(|| Fail::new(ERR_INTERN, "a numeric kind without a Rust type"))?,
    }
    Ok(())
}
