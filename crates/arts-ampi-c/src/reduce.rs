//! Reductions of C buffers: the packed bytes are turned into a typed
//! vector of the datatype's element kind (aligned), reduced by
//! `arts_ampi`, and turned back. Pair types (`MPI_DOUBLE_INT`, `MPI_2INT`,
//! `MPI_FLOAT_INT`) go through `arts_ampi::Loc` for `MPI_MAXLOC`/`MINLOC`.

use std::ffi::c_int;

use arts_ampi::{Comm, Loc, Mpi, MpiError, MpiType, Op, Request};

use crate::abi::*;
use crate::ops::{OpKind, lookup, user_op};
use crate::state::{Fail, Vp};
use crate::types::{Prim, TypeInfo};

/// Which reduction.
#[derive(Clone, Copy)]
pub(crate) enum Which {
    /// To `root` (blocking).
    Reduce(i32),
    /// To everyone (blocking).
    Allreduce,
    /// Inclusive prefix (blocking).
    Scan,
    /// `MPI_Ireduce`.
    Ireduce(i32),
    /// `MPI_Iallreduce`.
    Iallreduce,
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

/// Runs `which` on typed data; returns the result bytes (blocking forms)
/// or a started request plus a closure that yields the bytes.
enum Outcome {
    Done(Vec<u8>),
    Started(Request<'static>, Box<dyn FnOnce() -> Vec<u8>>),
}

fn typed<T: MpiType>(
    mpi: &mut Mpi<'static>,
    which: Which,
    data: &[u8],
    op: &Op,
    comm: Comm,
) -> Result<Outcome, MpiError> {
    let send: Vec<T> = to_vec(data);
    let mut recv = vec![<T as bytemuck::Zeroable>::zeroed(); send.len()];
    match which {
        Which::Reduce(root) => mpi.reduce(&send, &mut recv, op, root, comm)?,
        Which::Allreduce => mpi.allreduce(&send, &mut recv, op, comm)?,
        Which::Scan => mpi.scan(&send, &mut recv, op, comm)?,
        Which::Ireduce(_) | Which::Iallreduce => {
            let mut boxed = recv.into_boxed_slice();
            // SAFETY: the boxed slice moves into the closure stored beside
            // the request (which is dropped first), so it outlives it.
            let target: &'static mut [T] =
                unsafe { std::slice::from_raw_parts_mut(boxed.as_mut_ptr(), boxed.len()) };
            let req = match which {
                Which::Ireduce(root) => mpi.ireduce(&send, target, op, root, comm)?,
                _ => mpi.iallreduce(&send, target, op, comm)?,
            };
            return Ok(Outcome::Started(req, Box::new(move || to_bytes(&boxed))));
        }
    }
    Ok(Outcome::Done(to_bytes(&recv)))
}

/// Packed pair elements as `Loc`s.
fn to_locs(prim: Prim, data: &[u8]) -> Vec<Loc> {
    data.chunks_exact(prim.size())
        .map(|c| {
            let (v, i) = c.split_at(prim.size() - 4);
            let index = i64::from(i32::from_ne_bytes(i.try_into().expect("4 bytes")));
            let value = match prim {
                Prim::DoubleInt => f64::from_ne_bytes(v.try_into().expect("8 bytes")),
                Prim::FloatInt => f64::from(f32::from_ne_bytes(v.try_into().expect("4 bytes"))),
                _ => f64::from(i32::from_ne_bytes(v.try_into().expect("4 bytes"))),
            };
            Loc { value, index }
        })
        .collect()
}

/// `Loc`s back to packed pair elements.
fn from_locs(prim: Prim, locs: &[Loc]) -> Vec<u8> {
    let mut out = Vec::with_capacity(locs.len() * prim.size());
    for l in locs {
        match prim {
            Prim::DoubleInt => out.extend_from_slice(&l.value.to_ne_bytes()),
            Prim::FloatInt => out.extend_from_slice(&(l.value as f32).to_ne_bytes()),
            _ => out.extend_from_slice(&(l.value as i32).to_ne_bytes()),
        }
        out.extend_from_slice(&(l.index as i32).to_ne_bytes());
    }
    out
}

/// A started non-blocking reduction: its request, and what yields the
/// packed result once it completed.
pub(crate) type Started = (Request<'static>, Box<dyn FnOnce() -> Vec<u8>>);

/// Reduces the packed `data` (elements of `t`, handle `dt`) with `op`.
/// Returns the packed result (blocking forms; meaningful at the root of a
/// reduce) or the started request with the closure that yields it.
pub(crate) fn reduce(
    vp: &mut Vp,
    which: Which,
    data: &[u8],
    t: &TypeInfo,
    dt: c_int,
    op: c_int,
    comm: Comm,
) -> Result<Result<Vec<u8>, Started>, Fail> {
    let mpi = vp.mpi();
    let outcome = match lookup(op, &vp.ops)? {
        OpKind::User(u) => typed::<u8>(mpi, which, data, &user_op(u, t.size, dt), comm)?,
        OpKind::Builtin(op) => {
            let prim = t.prim.ok_or_else(|| {
                Fail::new(
                    ERR_OP,
                    format!("datatype {dt} mixes element types: only user operations reduce it"),
                )
            })?;
            let pair = matches!(prim, Prim::DoubleInt | Prim::TwoInt | Prim::FloatInt);
            if pair {
                if !matches!(op, Op::MaxLoc | Op::MinLoc) {
                    return Err(Fail::new(
                        ERR_OP,
                        format!(
                            "operation {} is not defined for pair datatype {dt}",
                            op.name()
                        ),
                    ));
                }
                let locs = to_locs(prim, data);
                let o = typed::<Loc>(mpi, which, &to_bytes(&locs), &op, comm)?;
                match o {
                    Outcome::Done(b) => Outcome::Done(from_locs(prim, &to_vec::<Loc>(&b))),
                    Outcome::Started(r, f) => {
                        Outcome::Started(r, Box::new(move || from_locs(prim, &to_vec::<Loc>(&f()))))
                    }
                }
            } else {
                match prim {
                    Prim::I8 => typed::<i8>(mpi, which, data, &op, comm)?,
                    Prim::U8 => typed::<u8>(mpi, which, data, &op, comm)?,
                    Prim::I16 => typed::<i16>(mpi, which, data, &op, comm)?,
                    Prim::U16 => typed::<u16>(mpi, which, data, &op, comm)?,
                    Prim::I32 => typed::<i32>(mpi, which, data, &op, comm)?,
                    Prim::U32 => typed::<u32>(mpi, which, data, &op, comm)?,
                    Prim::I64 => typed::<i64>(mpi, which, data, &op, comm)?,
                    Prim::U64 => typed::<u64>(mpi, which, data, &op, comm)?,
                    Prim::F32 => typed::<f32>(mpi, which, data, &op, comm)?,
                    Prim::F64 => typed::<f64>(mpi, which, data, &op, comm)?,
                    Prim::Byte | Prim::DoubleInt | Prim::TwoInt | Prim::FloatInt => {
                        return Err(Fail::new(
                            ERR_OP,
                            format!("operation {} is not defined for MPI_BYTE data", op.name()),
                        ));
                    }
                }
            }
        }
    };
    Ok(match outcome {
        Outcome::Done(b) => Ok(b),
        Outcome::Started(r, f) => Err((r, f)),
    })
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
