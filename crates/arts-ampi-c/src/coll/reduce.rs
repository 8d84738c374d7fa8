//! Reductions of C buffers: the packed bytes are turned into a typed
//! vector of the datatype's element kind (aligned), reduced by
//! `arts_ampi`, and turned back. Pair types (`MPI_DOUBLE_INT`, `MPI_2INT`,
//! `MPI_FLOAT_INT`) go through `arts_ampi::Loc` for `MPI_MAXLOC`/`MINLOC`.

use std::ffi::c_int;

use arts_ampi::{Comm, Loc, Mpi, MpiError, MpiType, Op, Request};

use crate::abi::*;
use crate::coll::ops::{OpKind, lookup, user_op};
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

/// The bytes of one value or index of a pair type.
fn word(prim: Prim) -> (usize, usize) {
    match prim {
        Prim::DoubleInt => (8, 4),
        Prim::TwoDouble => (8, 8),
        _ => (4, 4),
    }
}

/// Packed pair elements as `Loc`s.
fn to_locs(prim: Prim, data: &[u8]) -> Vec<Loc> {
    let f32_at = |b: &[u8]| f64::from(f32::from_ne_bytes(b.try_into().expect("4 bytes")));
    let f64_at = |b: &[u8]| f64::from_ne_bytes(b.try_into().expect("8 bytes"));
    let i32_at = |b: &[u8]| f64::from(i32::from_ne_bytes(b.try_into().expect("4 bytes")));
    let (v, _) = word(prim);
    data.chunks_exact(prim.size())
        .map(|c| {
            let (value, index) = c.split_at(v);
            let (value, index) = match prim {
                Prim::DoubleInt => (f64_at(value), i32_at(index)),
                Prim::FloatInt => (f32_at(value), i32_at(index)),
                Prim::TwoReal => (f32_at(value), f32_at(index)),
                Prim::TwoDouble => (f64_at(value), f64_at(index)),
                _ => (i32_at(value), i32_at(index)),
            };
            Loc {
                value,
                index: index as i64,
            }
        })
        .collect()
}

/// `Loc`s back to packed pair elements.
fn from_locs(prim: Prim, locs: &[Loc]) -> Vec<u8> {
    let mut out = Vec::with_capacity(locs.len() * prim.size());
    for l in locs {
        let i = l.index;
        match prim {
            Prim::DoubleInt => {
                out.extend_from_slice(&l.value.to_ne_bytes());
                out.extend_from_slice(&(i as i32).to_ne_bytes());
            }
            Prim::FloatInt => {
                out.extend_from_slice(&(l.value as f32).to_ne_bytes());
                out.extend_from_slice(&(i as i32).to_ne_bytes());
            }
            Prim::TwoReal => {
                out.extend_from_slice(&(l.value as f32).to_ne_bytes());
                out.extend_from_slice(&(i as f32).to_ne_bytes());
            }
            Prim::TwoDouble => {
                out.extend_from_slice(&l.value.to_ne_bytes());
                out.extend_from_slice(&(i as f64).to_ne_bytes());
            }
            _ => {
                out.extend_from_slice(&(l.value as i32).to_ne_bytes());
                out.extend_from_slice(&(i as i32).to_ne_bytes());
            }
        }
    }
    out
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
    /// An `MPI_Op_create` function, on whole elements.
    User(Op),
    /// `MPI_MAXLOC`/`MPI_MINLOC` on value-index pairs.
    Pair(Prim, Op),
    /// A predefined operation on numbers.
    Numeric(Prim, Op),
}

/// How `op` combines elements of `t` (handle `dt`), or why it cannot.
fn combine(user: &[Option<UserOp>], t: &TypeInfo, dt: c_int, op: c_int) -> Result<Combine, Fail> {
    let op = match lookup(op, user)? {
        OpKind::User(u) => return Ok(Combine::User(user_op(u, t.size, dt))),
        OpKind::Builtin(op) => op,
    };
    let prim = t.prim.ok_or_else(|| {
        Fail::new(
            ERR_OP,
            format!("datatype {dt} mixes element types: only user operations reduce it"),
        )
    })?;
    match prim {
        Prim::DoubleInt | Prim::TwoInt | Prim::FloatInt | Prim::TwoReal | Prim::TwoDouble => {
            if matches!(op, Op::MaxLoc | Op::MinLoc) {
                Ok(Combine::Pair(prim, op))
            } else {
                Err(Fail::new(
                    ERR_OP,
                    format!(
                        "operation {} is not defined for pair datatype {dt}",
                        op.name()
                    ),
                ))
            }
        }
        Prim::Byte => Err(Fail::new(
            ERR_OP,
            format!("operation {} is not defined for MPI_BYTE data", op.name()),
        )),
        // A complex sum is the sums of the real and imaginary parts.
        Prim::Complex32 if matches!(op, Op::Sum) => Ok(Combine::Numeric(Prim::F32, op)),
        Prim::Complex64 if matches!(op, Op::Sum) => Ok(Combine::Numeric(Prim::F64, op)),
        Prim::Complex32 | Prim::Complex64 => Err(Fail::new(
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
        Combine::User(op) => typed::<u8>(mpi, which, (data, elems), &op, comm, me)?,
        Combine::Pair(prim, op) => {
            let locs = to_bytes(&to_locs(prim, data));
            let (r, f) = typed::<Loc>(mpi, which, (&locs, elems), &op, comm, me)?;
            (r, Box::new(move || from_locs(prim, &to_vec::<Loc>(&f()))))
        }
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
        Combine::User(op) => op.apply(u8::DATATYPE, input, inout),
        Combine::Pair(prim, op) => {
            let left = to_bytes(&to_locs(prim, input));
            let mut right = to_bytes(&to_locs(prim, inout));
            op.apply(Loc::DATATYPE, &left, &mut right);
            inout.copy_from_slice(&from_locs(prim, &to_vec::<Loc>(&right)));
        }
        Combine::Numeric(prim, op) => by_prim!(prim, T => {
            op.check(CALL, T::DATATYPE)?;
            op.apply(T::DATATYPE, input, inout)
        })
        .ok_or_else(|| Fail::new(ERR_INTERN, "a numeric kind without a Rust type"))?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_elements_survive_the_trip_through_locs() {
        let mut d = Vec::new();
        d.extend_from_slice(&2.5f64.to_ne_bytes());
        d.extend_from_slice(&7i32.to_ne_bytes());
        let locs = to_locs(Prim::DoubleInt, &d);
        assert_eq!(
            locs,
            vec![Loc {
                value: 2.5,
                index: 7
            }]
        );
        assert_eq!(from_locs(Prim::DoubleInt, &locs), d);
        let two: Vec<u8> = [3i32, -1].iter().flat_map(|x| x.to_ne_bytes()).collect();
        assert_eq!(from_locs(Prim::TwoInt, &to_locs(Prim::TwoInt, &two)), two);
    }
}
