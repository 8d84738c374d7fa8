//! Reduction operations ([`Op`]) and how they combine two buffers of a
//! [`Datatype`]: `right = left ⊕ right`, `left` holding the lower ranks'
//! contribution (MPI's order for non-commutative user operations).

use std::sync::Arc;

use crate::datatype::{Datatype, Kind, Loc, MpiType, collect};
use crate::error::MpiError;

/// A user operation on bytes: `right = left ⊕ right`, elementwise.
pub type UserFn = dyn Fn(&[u8], &mut [u8]) + Send + Sync;

/// A reduction operation.
#[derive(Clone)]
pub enum Op {
    /// Sum (integers wrap).
    Sum,
    /// Product (integers wrap).
    Prod,
    /// Minimum.
    Min,
    /// Maximum.
    Max,
    /// Logical and of integers (non-zero is true; the result is 0 or 1).
    Land,
    /// Logical or of integers.
    Lor,
    /// Bitwise and of integers.
    Band,
    /// Bitwise or of integers.
    Bor,
    /// Logical exclusive or of integers.
    Lxor,
    /// Bitwise exclusive or of integers.
    Bxor,
    /// Maximum value of [`Loc`]s with its index (the smaller index on ties).
    MaxLoc,
    /// Minimum value of [`Loc`]s with its index (the smaller index on ties).
    MinLoc,
    /// A user operation (see [`Op::user`]).
    User {
        /// Its name, for error messages.
        name: &'static str,
        /// The function on bytes.
        f: Arc<UserFn>,
    },
}

impl std::fmt::Debug for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl Op {
    /// A user operation on elements of `T`: `f(left, right)` must set
    /// `right[i] = left[i] ⊕ right[i]`, `left` coming from lower ranks.
    /// It need not be commutative; it must be associative.
    pub fn user<T: MpiType>(
        name: &'static str,
        f: impl Fn(&[T], &mut [T]) + Send + Sync + 'static,
    ) -> Op {
        let bytes = move |left: &[u8], right: &mut [u8]| {
            let l: Vec<T> = collect(left);
            let mut r: Vec<T> = collect(right);
            f(&l, &mut r);
            right.copy_from_slice(bytemuck::cast_slice(&r));
        };
        Op::User {
            name,
            f: Arc::new(bytes),
        }
    }

    /// The operation's name.
    pub fn name(&self) -> String {
        match self {
            Op::Sum => "sum".into(),
            Op::Prod => "prod".into(),
            Op::Min => "min".into(),
            Op::Max => "max".into(),
            Op::Land => "land".into(),
            Op::Lor => "lor".into(),
            Op::Band => "band".into(),
            Op::Bor => "bor".into(),
            Op::Lxor => "lxor".into(),
            Op::Bxor => "bxor".into(),
            Op::MaxLoc => "maxloc".into(),
            Op::MinLoc => "minloc".into(),
            Op::User { name, .. } => format!("user op {name}"),
        }
    }

    /// Checks that the operation is defined for `dt` (before any message is sent).
    pub fn check(&self, call: &'static str, dt: Datatype) -> Result<(), MpiError> {
        let int = matches!(
            dt.kind,
            Kind::I8
                | Kind::U8
                | Kind::I16
                | Kind::U16
                | Kind::I32
                | Kind::U32
                | Kind::I64
                | Kind::U64
        );
        let ok = match self {
            Op::Sum | Op::Prod | Op::Min | Op::Max => {
                int || matches!(dt.kind, Kind::F32 | Kind::F64)
            }
            Op::Land | Op::Lor | Op::Band | Op::Bor | Op::Lxor | Op::Bxor => int,
            Op::MaxLoc | Op::MinLoc => dt.kind == Kind::F64Loc,
            Op::User { .. } => true,
        };
        if ok {
            Ok(())
        } else {
            Err(MpiError::OpType {
                call,
                op: self.name(),
                kind: dt.kind.name(),
            })
        }
    }

    /// `right = left ⊕ right` on buffers of `dt` elements (checked with [`Op::check`] first).
    pub fn apply(&self, dt: Datatype, left: &[u8], right: &mut [u8]) {
        debug_assert_eq!(left.len(), right.len());
        if let Op::User { f, .. } = self {
            return f(left, right);
        }
        match dt.kind {
            Kind::I8 => self.ints::<i8>(left, right),
            Kind::U8 => self.ints::<u8>(left, right),
            Kind::I16 => self.ints::<i16>(left, right),
            Kind::U16 => self.ints::<u16>(left, right),
            Kind::I32 => self.ints::<i32>(left, right),
            Kind::U32 => self.ints::<u32>(left, right),
            Kind::I64 => self.ints::<i64>(left, right),
            Kind::U64 => self.ints::<u64>(left, right),
            Kind::F32 => self.floats::<f32>(left, right),
            Kind::F64 => self.floats::<f64>(left, right),
            Kind::F64Loc => elementwise(left, right, |a, b| self.loc(a, b)),
            Kind::Byte => {}
        }
    }

    /// The operation on integers, chosen once for the whole buffer (so
    /// that each loop is its own, and vectorized).
    fn ints<T: Int>(&self, l: &[u8], r: &mut [u8]) {
        match self {
            Op::Sum => elementwise(l, r, |a: T, b| a.wrapping_add(b)),
            Op::Prod => elementwise(l, r, |a: T, b| a.wrapping_mul(b)),
            Op::Min => elementwise(l, r, |a: T, b| a.min(b)),
            Op::Max => elementwise(l, r, |a: T, b| a.max(b)),
            Op::Land => elementwise(l, r, |a: T, b| T::from_bool(a.truth() && b.truth())),
            Op::Lor => elementwise(l, r, |a: T, b| T::from_bool(a.truth() || b.truth())),
            Op::Band => elementwise(l, r, |a: T, b| a & b),
            Op::Bor => elementwise(l, r, |a: T, b| a | b),
            Op::Lxor => elementwise(l, r, |a: T, b| T::from_bool(a.truth() != b.truth())),
            Op::Bxor => elementwise(l, r, |a: T, b| a ^ b),
            _ => {}
        }
    }

    /// The operation on floating-point numbers, chosen once (as `ints`).
    fn floats<T: Float>(&self, l: &[u8], r: &mut [u8]) {
        match self {
            Op::Sum => elementwise(l, r, |a: T, b| a + b),
            Op::Prod => elementwise(l, r, |a: T, b| a * b),
            Op::Min => elementwise(l, r, |a: T, b| a.min_of(b)),
            Op::Max => elementwise(l, r, |a: T, b| a.max_of(b)),
            _ => {}
        }
    }

    fn loc(&self, a: Loc, b: Loc) -> Loc {
        let better = match self {
            Op::MaxLoc => a.value > b.value,
            _ => a.value < b.value,
        };
        if better || (a.value == b.value && a.index < b.index) {
            a
        } else {
            b
        }
    }
}

/// `right[i] = f(left[i], right[i])` on the elements of `T` in two byte
/// buffers: in place where both are aligned for `T`, else element by
/// element through unaligned reads.
#[inline]
fn elementwise<T: bytemuck::Pod>(left: &[u8], right: &mut [u8], f: impl Fn(T, T) -> T) {
    if let (Ok(l), Ok(r)) = (
        bytemuck::try_cast_slice::<u8, T>(left),
        bytemuck::try_cast_slice::<u8, T>(right),
    ) && l.len() == r.len()
    {
        let r = bytemuck::cast_slice_mut::<u8, T>(right);
        for (b, &a) in r.iter_mut().zip(l) {
            *b = f(a, *b);
        }
        return;
    }
    let size = std::mem::size_of::<T>();
    for (a, b) in left.chunks_exact(size).zip(right.chunks_exact_mut(size)) {
        let v = f(
            bytemuck::pod_read_unaligned(a),
            bytemuck::pod_read_unaligned(b),
        );
        b.copy_from_slice(bytemuck::bytes_of(&v));
    }
}

/// The integer element types.
trait Int:
    bytemuck::Pod
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
{
    fn wrapping_add(self, o: Self) -> Self;
    fn wrapping_mul(self, o: Self) -> Self;
    fn truth(self) -> bool;
    fn from_bool(b: bool) -> Self;
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn wrapping_add(self, o: Self) -> Self { <$t>::wrapping_add(self, o) }
            fn wrapping_mul(self, o: Self) -> Self { <$t>::wrapping_mul(self, o) }
            fn truth(self) -> bool { self != 0 }
            fn from_bool(b: bool) -> Self { b as $t }
        }
    )*};
}
ints!(i8, u8, i16, u16, i32, u32, i64, u64);

/// The floating-point element types.
trait Float: bytemuck::Pod + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> {
    fn min_of(self, o: Self) -> Self;
    fn max_of(self, o: Self) -> Self;
}

impl Float for f32 {
    fn min_of(self, o: Self) -> Self {
        self.min(o)
    }
    fn max_of(self, o: Self) -> Self {
        self.max(o)
    }
}

impl Float for f64 {
    fn min_of(self, o: Self) -> Self {
        self.min(o)
    }
    fn max_of(self, o: Self) -> Self {
        self.max(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datatype::bytes_of;

    fn apply<T: MpiType>(op: &Op, left: &[T], right: &[T]) -> Vec<T> {
        let mut r = bytes_of(right).to_vec();
        op.apply(T::DATATYPE, bytes_of(left), &mut r);
        collect(&r)
    }

    #[test]
    fn builtin_ops_combine_elementwise() {
        assert_eq!(apply(&Op::Sum, &[1i32, 2], &[3, 4]), vec![4, 6]);
        assert_eq!(apply(&Op::Prod, &[2.0f64], &[3.5]), vec![7.0]);
        assert_eq!(apply(&Op::Min, &[5u8, 1], &[3, 2]), vec![3, 1]);
        assert_eq!(apply(&Op::Max, &[-1.0f32], &[-2.0]), vec![-1.0]);
        assert_eq!(apply(&Op::Land, &[2i64, 0], &[3, 1]), vec![1, 0]);
        assert_eq!(apply(&Op::Lor, &[0u16, 0], &[0, 7]), vec![0, 1]);
        assert_eq!(apply(&Op::Band, &[0b110u32], &[0b011]), vec![0b010]);
        assert_eq!(apply(&Op::Bor, &[0b100u64], &[0b001]), vec![0b101]);
        assert_eq!(apply(&Op::Bxor, &[0b110u64], &[0b011]), vec![0b101]);
        assert_eq!(apply(&Op::Lxor, &[2i32, 0, 5], &[0, 0, 7]), vec![1, 0, 0]);
        let a = Loc {
            value: 2.0,
            index: 3,
        };
        let b = Loc {
            value: 2.0,
            index: 1,
        };
        let c = Loc {
            value: 1.0,
            index: 0,
        };
        assert_eq!(apply(&Op::MaxLoc, &[a, c], &[b, a]), vec![b, a]);
        assert_eq!(apply(&Op::MinLoc, &[a, c], &[b, a]), vec![b, c]);
    }

    #[test]
    fn buffers_off_their_alignment_combine_as_aligned_ones() {
        // A byte offset puts each buffer off `f64`'s and `i32`'s alignment
        // (a packed struct's field, a receive into a byte array).
        let l: Vec<f64> = (0..37).map(|i| i as f64 * 1.5 - 9.0).collect();
        let r: Vec<f64> = (0..37).map(|i| 20.0 - i as f64).collect();
        let li: Vec<i32> = (0..37).map(|i| i * 7 - 100).collect();
        let ri: Vec<i32> = (0..37).map(|i| 50 - i * 3).collect();
        for op in [Op::Sum, Op::Prod, Op::Min, Op::Max] {
            for (dt, left, right) in [
                (f64::DATATYPE, bytes_of(&l), bytes_of(&r)),
                (i32::DATATYPE, bytes_of(&li), bytes_of(&ri)),
            ] {
                let mut aligned = right.to_vec();
                op.apply(dt, left, &mut aligned);
                let mut lo = vec![0u8; left.len() + 1];
                let mut ro = vec![0u8; right.len() + 1];
                lo[1..].copy_from_slice(left);
                ro[1..].copy_from_slice(right);
                op.apply(dt, &lo[1..], &mut ro[1..]);
                assert_eq!(&ro[1..], &aligned[..], "{op:?}");
                assert_ne!(&aligned[..], right, "{op:?} changed something");
            }
        }
    }

    #[test]
    fn user_ops_keep_the_order_of_their_operands() {
        // 2x2 matrix product is associative but not commutative.
        let matmul = Op::user::<i64>("matmul", |l, r| {
            let m = [
                l[0] * r[0] + l[1] * r[2],
                l[0] * r[1] + l[1] * r[3],
                l[2] * r[0] + l[3] * r[2],
                l[2] * r[1] + l[3] * r[3],
            ];
            r.copy_from_slice(&m);
        });
        assert_eq!(
            apply(&matmul, &[1i64, 1, 0, 1], &[1, 0, 1, 1]),
            vec![2, 1, 1, 1]
        );
    }

    #[test]
    fn ops_are_checked_against_types() {
        assert!(Op::Land.check("reduce", f64::DATATYPE).is_err());
        assert!(Op::MaxLoc.check("reduce", i32::DATATYPE).is_err());
        assert!(Op::Sum.check("reduce", Loc::DATATYPE).is_err());
        assert!(Op::Band.check("reduce", u8::DATATYPE).is_ok());
    }
}
