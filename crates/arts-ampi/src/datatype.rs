//! Datatypes as `(size, kind)` pairs ([`Datatype`]), ready for a C ABI, and
//! the Rust element types that map onto them ([`MpiType`]).

use bytemuck::{Pod, Zeroable};

/// What the bytes of one element are, for reduction operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Uninterpreted bytes (only user operations reduce them).
    Byte,
    /// `i8`.
    I8,
    /// `u8`.
    U8,
    /// `i16`.
    I16,
    /// `u16`.
    U16,
    /// `i32`.
    I32,
    /// `u32`.
    U32,
    /// `i64`.
    I64,
    /// `u64`.
    U64,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// A [`Loc`]: `(f64 value, i64 index)`, for `maxloc`/`minloc`.
    F64Loc,
}

impl Kind {
    /// The kind's name in error messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Byte => "byte",
            Kind::I8 => "i8",
            Kind::U8 => "u8",
            Kind::I16 => "i16",
            Kind::U16 => "u16",
            Kind::I32 => "i32",
            Kind::U32 => "u32",
            Kind::I64 => "i64",
            Kind::U64 => "u64",
            Kind::F32 => "f32",
            Kind::F64 => "f64",
            Kind::F64Loc => "f64loc",
        }
    }
}

/// An MPI datatype: the size of one element in bytes and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Datatype {
    /// Bytes per element.
    pub size: usize,
    /// How reductions read an element.
    pub kind: Kind,
}

/// A plain-data element type that MPI calls send and receive.
pub trait MpiType: Pod + Send {
    /// The datatype of one element.
    const DATATYPE: Datatype;
}

macro_rules! mpi_types {
    ($($t:ty => $k:ident),*) => {$(
        impl MpiType for $t {
            const DATATYPE: Datatype = Datatype { size: std::mem::size_of::<$t>(), kind: Kind::$k };
        }
    )*};
}
mpi_types!(i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32,
    i64 => I64, u64 => U64, f32 => F32, f64 => F64, Loc => F64Loc);

/// A value with the index (usually a rank) it came from, reduced by
/// `Op::MaxLoc` / `Op::MinLoc` (MPI's `MPI_DOUBLE_INT`, with a 64-bit index).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct Loc {
    /// The value compared.
    pub value: f64,
    /// Where it came from; ties keep the smaller index.
    pub index: i64,
}

/// The bytes of a typed slice.
pub fn bytes_of<T: MpiType>(data: &[T]) -> &[u8] {
    bytemuck::cast_slice(data)
}

/// The bytes of a typed mutable slice.
pub(crate) fn bytes_of_mut<T: MpiType>(data: &mut [T]) -> &mut [u8] {
    bytemuck::cast_slice_mut(data)
}

/// A typed copy of `bytes` (any alignment; a partial trailing element is dropped).
pub(crate) fn collect<T: Pod>(bytes: &[u8]) -> Vec<T> {
    let size = std::mem::size_of::<T>().max(1);
    let mut v = vec![T::zeroed(); bytes.len() / size];
    let n = v.len() * size;
    bytemuck::cast_slice_mut::<T, u8>(&mut v).copy_from_slice(&bytes[..n]);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datatypes_have_their_sizes() {
        assert_eq!(
            f64::DATATYPE,
            Datatype {
                size: 8,
                kind: Kind::F64
            }
        );
        assert_eq!(Loc::DATATYPE.size, 16);
        assert_eq!(bytes_of(&[1u16, 2]).len(), 4);
    }
}
