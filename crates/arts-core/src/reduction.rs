//! Reductions: values, reducers, callbacks, and the per-PE bookkeeping that
//! combines local contributions and sends them to the root PE.
//!
//! Protocol (works while elements migrate at any time):
//! - Every element carries `red_no`, the number of the next reduction it will
//!   contribute to. Each PE counts its local elements by `red_no`.
//! - A contribution to reduction `k` is combined into the PE's partial for `k`.
//! - The partial for `k` is sent to the root (PE 0) once no local element
//!   still owes a contribution to `k` (every local element has `red_no > k`).
//!   An element that arrives owing `k` after the PE sent its partial simply
//!   makes a second, later partial.
//! - Partials carry the number of contributions they combine; the root
//!   completes `k` when it has counted every element of the array, and
//!   completes reductions in order.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ids::{ArrayId, ObjId};

/// A value contributed to, or produced by, a reduction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RedValue {
    /// No value (e.g. a pure barrier).
    Nothing,
    /// A 64-bit float.
    F64(f64),
    /// A signed integer.
    I64(i64),
    /// An unsigned integer.
    U64(u64),
    /// A vector of floats, reduced element-wise.
    F64s(Vec<f64>),
    /// A vector of signed integers, reduced element-wise.
    I64s(Vec<i64>),
    /// A vector of unsigned integers, reduced element-wise.
    U64s(Vec<u64>),
    /// Opaque bytes, for custom reducers.
    Bytes(Vec<u8>),
    /// Contributions to a [`Reducer::Concat`] under way, each with its
    /// element's linear index; joined in index order before delivery, so
    /// a callback never receives this kind.
    Indexed(Vec<(u64, RedValue)>),
}

impl RedValue {
    /// The value as `f64` (integers are converted), or `None` for vectors and bytes.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            RedValue::F64(v) => Some(v),
            RedValue::I64(v) => Some(v as f64),
            RedValue::U64(v) => Some(v as f64),
            _ => None,
        }
    }

    /// The value as `u64` if it is an unsigned or non-negative signed integer.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            RedValue::U64(v) => Some(v),
            RedValue::I64(v) => u64::try_from(v).ok(),
            _ => None,
        }
    }

    pub(crate) fn kind(&self) -> &'static str {
        match self {
            RedValue::Nothing => "nothing",
            RedValue::F64(_) => "f64",
            RedValue::I64(_) => "i64",
            RedValue::U64(_) => "u64",
            RedValue::F64s(_) => "f64 vector",
            RedValue::I64s(_) => "i64 vector",
            RedValue::U64s(_) => "u64 vector",
            RedValue::Bytes(_) => "bytes",
            RedValue::Indexed(_) => "indexed pieces",
        }
    }
}

/// A value that can be contributed to a reduction and received as its
/// result: numbers, vectors of numbers reduced element-wise, `()` for a
/// barrier, and bytes for custom reducers.
pub trait Reducible: Sized + Send + 'static {
    /// The value in the runtime's form.
    fn into_value(self) -> RedValue;
    /// The value back from the runtime's form (`None` if it is another kind).
    fn from_value(value: RedValue) -> Option<Self>;
}

macro_rules! reducible {
    ($($t:ty => $variant:ident),*) => {$(
        impl Reducible for $t {
            fn into_value(self) -> RedValue {
                RedValue::$variant(self)
            }
            fn from_value(value: RedValue) -> Option<Self> {
                match value {
                    RedValue::$variant(v) => Some(v),
                    _ => None,
                }
            }
        }
    )*};
}
reducible!(f64 => F64, i64 => I64, u64 => U64, Vec<f64> => F64s, Vec<i64> => I64s,
    Vec<u64> => U64s, Vec<u8> => Bytes);

impl Reducible for () {
    fn into_value(self) -> RedValue {
        RedValue::Nothing
    }
    fn from_value(value: RedValue) -> Option<Self> {
        matches!(value, RedValue::Nothing).then_some(())
    }
}

impl Reducible for RedValue {
    fn into_value(self) -> RedValue {
        self
    }
    fn from_value(value: RedValue) -> Option<Self> {
        Some(value)
    }
}

/// A user-defined combining function: folds `other` into `acc`.
pub type CombineFn = fn(&mut RedValue, RedValue) -> Result<(), String>;

/// How contributions are combined.
#[derive(Clone, Copy, Debug)]
pub enum Reducer {
    /// Sum (element-wise for vectors; integer sums wrap on overflow).
    Sum,
    /// Minimum (element-wise for vectors).
    Min,
    /// Maximum (element-wise for vectors).
    Max,
    /// Concatenation in element order (row-major linear index): vectors
    /// end to end, numbers and bytes likewise, into one vector of their
    /// kind (`f64` and `Vec<f64>` contributions give a `Vec<f64>`). Gathers
    /// a distributed field with as much traffic as the field itself.
    Concat,
    /// A named user function. The name identifies it across processes.
    Custom(&'static str, CombineFn),
}

impl Reducer {
    /// Folds `other` into `acc`; an error names the mismatch.
    pub fn combine(&self, acc: &mut RedValue, other: RedValue) -> Result<(), String> {
        use RedValue::*;
        match (self, &mut *acc, other) {
            (Reducer::Custom(_, f), _, other) => f(acc, other),
            (Reducer::Concat, Indexed(a), Indexed(b)) => {
                a.extend(b);
                Ok(())
            }
            (Reducer::Concat, a, b) => Err(format!(
                "cannot concatenate {} with {} (contribute through Ctx::contribute)",
                a.kind(),
                b.kind()
            )),
            (_, _, other) => self.combine_values(acc, other),
        }
    }

    /// The result a callback receives from the combined `value`: itself,
    /// except for `Concat`, whose pieces are joined in index order.
    pub(crate) fn finish(&self, value: RedValue) -> Result<RedValue, String> {
        match (self, value) {
            (Reducer::Concat, RedValue::Indexed(mut pieces)) => {
                pieces.sort_by_key(|&(i, _)| i);
                join(pieces.into_iter().map(|(_, v)| v))
            }
            (_, value) => Ok(value),
        }
    }

    /// `combine` for the element-wise reducers (`Sum`, `Min`, `Max`).
    fn combine_values(&self, acc: &mut RedValue, other: RedValue) -> Result<(), String> {
        use RedValue::*;
        /// Integer sums wrap (like `wrapping_add`) instead of panicking.
        trait Num: PartialOrd + Copy {
            fn add(self, other: Self) -> Self;
        }
        impl Num for f64 {
            fn add(self, o: f64) -> f64 {
                self + o
            }
        }
        impl Num for i64 {
            fn add(self, o: i64) -> i64 {
                self.wrapping_add(o)
            }
        }
        impl Num for u64 {
            fn add(self, o: u64) -> u64 {
                self.wrapping_add(o)
            }
        }
        fn op<T: Num>(r: &Reducer, a: &mut T, b: T) {
            match r {
                Reducer::Sum => *a = a.add(b),
                Reducer::Min => {
                    if b < *a {
                        *a = b
                    }
                }
                Reducer::Max => {
                    if b > *a {
                        *a = b
                    }
                }
                Reducer::Custom(..) | Reducer::Concat => {
                    unreachable!("custom and concat reducers return earlier")
                }
            }
        }
        fn vec_op<T: Num>(r: &Reducer, a: &mut [T], b: &[T]) -> Result<(), String> {
            if a.len() != b.len() {
                return Err(format!(
                    "vector contributions of different lengths ({} and {})",
                    a.len(),
                    b.len()
                ));
            }
            for (x, &y) in a.iter_mut().zip(b) {
                op(r, x, y);
            }
            Ok(())
        }
        match (acc, other) {
            (Nothing, Nothing) => Ok(()),
            (F64(a), F64(b)) => {
                op(self, a, b);
                Ok(())
            }
            (I64(a), I64(b)) => {
                op(self, a, b);
                Ok(())
            }
            (U64(a), U64(b)) => {
                op(self, a, b);
                Ok(())
            }
            (F64s(a), F64s(b)) => vec_op(self, a, &b),
            (I64s(a), I64s(b)) => vec_op(self, a, &b),
            (U64s(a), U64s(b)) => vec_op(self, a, &b),
            (a, b) => Err(format!(
                "cannot combine {} with {} using {:?}",
                a.kind(),
                b.kind(),
                self
            )),
        }
    }
}

/// Joins values of one kind end to end: numbers or vectors of `f64`,
/// `i64` or `u64` into a vector of that number, bytes into bytes, nothing
/// into nothing.
fn join(values: impl Iterator<Item = RedValue>) -> Result<RedValue, String> {
    use RedValue::*;
    let mut out: Option<RedValue> = None;
    for v in values {
        let acc = out.get_or_insert_with(|| match &v {
            F64(_) | F64s(_) => F64s(Vec::new()),
            I64(_) | I64s(_) => I64s(Vec::new()),
            U64(_) | U64s(_) => U64s(Vec::new()),
            Bytes(_) => Bytes(Vec::new()),
            Nothing | Indexed(_) => Nothing,
        });
        match (acc, v) {
            (F64s(a), F64(x)) => a.push(x),
            (F64s(a), F64s(x)) => a.extend(x),
            (I64s(a), I64(x)) => a.push(x),
            (I64s(a), I64s(x)) => a.extend(x),
            (U64s(a), U64(x)) => a.push(x),
            (U64s(a), U64s(x)) => a.extend(x),
            (Bytes(a), Bytes(x)) => a.extend(x),
            (Nothing, Nothing) => {}
            (a, b) => {
                return Err(format!(
                    "cannot concatenate {} with {}: every element must contribute the same kind",
                    a.kind(),
                    b.kind()
                ));
            }
        }
    }
    Ok(out.unwrap_or(Nothing))
}

impl PartialEq for Reducer {
    /// Custom reducers are equal when their names are.
    fn eq(&self, other: &Reducer) -> bool {
        match (self, other) {
            (Reducer::Custom(a, _), Reducer::Custom(b, _)) => a == b,
            (Reducer::Sum, Reducer::Sum)
            | (Reducer::Min, Reducer::Min)
            | (Reducer::Max, Reducer::Max)
            | (Reducer::Concat, Reducer::Concat) => true,
            _ => false,
        }
    }
}

impl Eq for Reducer {}

fn customs() -> &'static std::sync::Mutex<std::collections::HashMap<&'static str, CombineFn>> {
    static REG: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashMap<&'static str, CombineFn>>,
    > = std::sync::OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Makes a custom reducer known by name to this process, so that partial
/// results serialized by another process can be combined here. Reducers
/// used in `Ctx::contribute` are registered automatically; a process that
/// combines results without contributing itself must register them first.
pub fn register_custom(name: &'static str, f: CombineFn) {
    customs()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(name, f);
}

/// The custom reducer registered as `name`.
pub(crate) fn lookup_custom(name: &str) -> Result<Reducer, String> {
    let reg = customs().lock().unwrap_or_else(|e| e.into_inner());
    reg.get_key_value(name)
        .map(|(n, f)| Reducer::Custom(n, *f))
        .ok_or_else(|| format!("custom reducer `{name}` is not registered in this process"))
}

/// The tag a callback carries: a value the app chooses (usually of an enum
/// it defines, e.g. `Tag::Residual(step)`), kept encoded so the runtime can
/// carry it without knowing its type. Results are matched to waiters by
/// these bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tag {
    len: u8,
    bytes: [u8; Tag::MAX_BYTES],
}

impl Tag {
    /// The most bytes a tag may encode to (bincode's compact form: an enum
    /// variant with a few small numbers takes 2–6).
    pub const MAX_BYTES: usize = 15;

    /// The tag for `value`.
    ///
    /// # Panics
    /// If `value` encodes to more than [`Tag::MAX_BYTES`] bytes (a
    /// programming error, like an index out of bounds).
    pub fn new<T: Serialize + ?Sized>(value: &T) -> Tag {
        let encoded = crate::wire::encode(value);
        assert!(
            encoded.len() <= Self::MAX_BYTES,
            "a callback tag encodes to {} bytes; at most {} are allowed",
            encoded.len(),
            Self::MAX_BYTES
        );
        Tag::from_bytes(&encoded).expect("length checked")
    }

    fn from_bytes(b: &[u8]) -> Option<Tag> {
        let mut bytes = [0; Self::MAX_BYTES];
        bytes.get_mut(..b.len())?.copy_from_slice(b);
        Some(Tag {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The encoded bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// The tag as a value of `T` (`None` if it was made from another type).
    pub fn decode<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        crate::wire::decode(self.as_bytes()).ok()
    }
}

impl std::fmt::Debug for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tag({:02x?})", self.as_bytes())
    }
}

impl Serialize for Tag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.as_bytes())
    }
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tag, D::Error> {
        let b: Vec<u8> = crate::wire::bytes::deserialize(d)?;
        Tag::from_bytes(&b)
            .ok_or_else(|| serde::de::Error::invalid_length(b.len(), &"a tag of at most 15 bytes"))
    }
}

/// A reduction result delivered to an element (`Chare::reduction`): its
/// tag and value, read back as the types the app used.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The callback's tag.
    pub tag: Tag,
    /// The reduced value.
    pub value: RedValue,
}

impl Reduced {
    /// The tag as a value of `T` (`None` if it was made from another type).
    pub fn tag<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        self.tag.decode()
    }

    /// The value as `V` (`None` if the reduction produced another kind).
    pub fn value<V: Reducible>(self) -> Option<V> {
        V::from_value(self.value)
    }
}

/// Where a reduction result (or any runtime notification) is delivered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Callback {
    /// To the main program: `Driver::wait_callback(tag)` returns it.
    Main(Tag),
    /// To `Chare::reduction` of one element.
    Element(ObjId, Tag),
    /// To `Chare::reduction` of every element of an array.
    Broadcast(ArrayId, Tag),
    /// Discard the result.
    Ignore,
}

impl Callback {
    /// To the main program, which waits for it with
    /// `Driver::wait_callback(tag)`.
    pub fn main(tag: impl Serialize) -> Callback {
        Callback::Main(Tag::new(&tag))
    }

    // `Callback::element` and `Callback::broadcast` are in `chare`, beside
    // the handles they take.
}

/// A contribution of one PE (or part of one) to reduction `red_no` of an array.
#[derive(Debug)]
pub(crate) struct Partial {
    /// The combined value so far.
    pub value: RedValue,
    /// How many elements' contributions `value` combines.
    pub count: u64,
    /// How values are combined.
    pub reducer: Reducer,
    /// Where the result goes.
    pub callback: Callback,
}

/// Per-PE, per-array reduction state.
#[derive(Default)]
pub(crate) struct Reductions {
    /// Local elements by the reduction number they contribute to next.
    owing: BTreeMap<u32, u32>,
    /// Combined local contributions not yet sent to the root.
    local: BTreeMap<u32, Partial>,
    /// At the root: partials received so far, by reduction number.
    root: BTreeMap<u32, Partial>,
    /// At the root: the next reduction number to complete.
    next_to_complete: u32,
}

/// A reduction whose result is ready, with where it goes.
pub(crate) struct Completed {
    pub value: RedValue,
    pub callback: Callback,
}

fn merge(into: &mut Partial, from: Partial) -> Result<(), String> {
    if into.reducer != from.reducer || into.callback != from.callback {
        return Err(format!(
            "elements contributed to the same reduction with different reducers or callbacks \
             ({:?}/{:?} vs {:?}/{:?})",
            into.reducer, into.callback, from.reducer, from.callback
        ));
    }
    into.reducer.combine(&mut into.value, from.value)?;
    into.count += from.count;
    Ok(())
}

impl Reductions {
    /// Reductions of a restored array continue at `red_no` (at the root: the
    /// next one to complete).
    pub(crate) fn start_at(&mut self, red_no: u32) {
        self.next_to_complete = red_no;
    }

    /// An element with next reduction number `red_no` now lives here.
    pub(crate) fn element_arrived(&mut self, red_no: u32) {
        *self.owing.entry(red_no).or_default() += 1;
    }

    /// An element with next reduction number `red_no` left (migrated away).
    pub(crate) fn element_left(&mut self, red_no: u32) {
        let n = self
            .owing
            .get_mut(&red_no)
            .expect("departing element was counted");
        *n -= 1;
        if *n == 0 {
            self.owing.remove(&red_no);
        }
    }

    /// A local element contributes to reduction `red_no` (its own next number).
    pub(crate) fn contribute(&mut self, red_no: u32, partial: Partial) -> Result<(), String> {
        self.element_left(red_no);
        self.element_arrived(red_no + 1);
        match self.local.entry(red_no) {
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(partial);
                Ok(())
            }
            std::collections::btree_map::Entry::Occupied(mut o) => merge(o.get_mut(), partial),
        }
    }

    /// Removes and returns the local partials no local element still owes to.
    pub(crate) fn take_ready(&mut self) -> Vec<(u32, Partial)> {
        let first_owed = self.owing.keys().next().copied().unwrap_or(u32::MAX);
        let mut ready = Vec::new();
        while let Some(entry) = self.local.first_entry() {
            if *entry.key() >= first_owed {
                break;
            }
            let (k, p) = entry.remove_entry();
            ready.push((k, p));
        }
        ready
    }

    /// At the root: adds a partial for `red_no` of an array of `total`
    /// elements and returns the reductions that completed, in order.
    pub(crate) fn root_add(
        &mut self,
        red_no: u32,
        partial: Partial,
        total: u64,
    ) -> Result<Vec<Completed>, String> {
        match self.root.entry(red_no) {
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(partial);
            }
            std::collections::btree_map::Entry::Occupied(mut o) => merge(o.get_mut(), partial)?,
        }
        let mut done = Vec::new();
        while let Some(entry) = self.root.first_entry() {
            if *entry.key() != self.next_to_complete || entry.get().count < total {
                break;
            }
            let p = entry.remove();
            self.next_to_complete += 1;
            done.push(Completed {
                value: p.reducer.finish(p.value)?,
                callback: p.callback,
            });
        }
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(v: f64) -> Partial {
        Partial {
            value: RedValue::F64(v),
            count: 1,
            reducer: Reducer::Sum,
            callback: Callback::main(0u32),
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum AppTag {
        Step(u32),
        Validate,
    }

    #[test]
    fn tags_round_trip_and_compare_by_value() {
        let t = Tag::new(&AppTag::Step(70_000));
        assert_eq!(t.decode::<AppTag>(), Some(AppTag::Step(70_000)));
        assert_eq!(t, Tag::new(&AppTag::Step(70_000)));
        assert_ne!(t, Tag::new(&AppTag::Step(1)));
        assert_ne!(Tag::new(&AppTag::Validate), Tag::new(&AppTag::Step(0)));
        let back: Tag = crate::wire::decode(&crate::wire::encode(&t)).unwrap();
        assert_eq!(back, t);
        // A serialized tag longer than the limit is refused, not truncated.
        let long = crate::wire::encode(&vec![0u8; Tag::MAX_BYTES + 1]);
        assert!(crate::wire::decode::<Tag>(&long).is_err());
    }

    #[test]
    #[should_panic(expected = "at most 15 are allowed")]
    fn oversized_tags_are_refused() {
        Tag::new(&[u64::MAX; 3]);
    }

    #[test]
    fn reducible_values_convert_both_ways() {
        assert_eq!(f64::from_value(2.5f64.into_value()), Some(2.5));
        assert_eq!(
            Vec::<u64>::from_value(vec![1u64, 2].into_value()),
            Some(vec![1, 2])
        );
        assert_eq!(u64::from_value(RedValue::F64(1.0)), None);
        assert_eq!(<()>::from_value(().into_value()), Some(()));
        let r = Reduced {
            tag: Tag::new(&AppTag::Validate),
            value: RedValue::I64(-3),
        };
        assert_eq!(r.tag::<AppTag>(), Some(AppTag::Validate));
        assert_eq!(r.value::<i64>(), Some(-3));
    }

    #[test]
    fn concat_joins_pieces_in_index_order_whatever_order_they_meet() {
        let piece = |i: u64, v: RedValue| RedValue::Indexed(vec![(i, v)]);
        let mut acc = piece(2, RedValue::F64s(vec![5.0, 6.0]));
        Reducer::Concat
            .combine(&mut acc, piece(0, RedValue::F64(1.0)))
            .unwrap();
        Reducer::Concat
            .combine(&mut acc, piece(1, RedValue::F64s(vec![2.0, 3.0])))
            .unwrap();
        let joined = Reducer::Concat.finish(acc).unwrap();
        assert_eq!(joined, RedValue::F64s(vec![1.0, 2.0, 3.0, 5.0, 6.0]));
        let mut mixed = piece(0, RedValue::F64(1.0));
        Reducer::Concat
            .combine(&mut mixed, piece(1, RedValue::Bytes(vec![1])))
            .unwrap();
        assert!(
            Reducer::Concat
                .finish(mixed)
                .unwrap_err()
                .contains("same kind")
        );
        assert!(
            Reducer::Concat
                .combine(&mut RedValue::F64(1.0), RedValue::F64(2.0))
                .is_err()
        );
    }

    #[test]
    fn builtin_reducers() {
        let mut v = RedValue::F64(2.0);
        Reducer::Max.combine(&mut v, RedValue::F64(5.0)).unwrap();
        Reducer::Min.combine(&mut v, RedValue::F64(7.0)).unwrap();
        assert_eq!(v, RedValue::F64(5.0));
        let mut w = RedValue::I64s(vec![1, 2]);
        Reducer::Sum
            .combine(&mut w, RedValue::I64s(vec![10, 20]))
            .unwrap();
        assert_eq!(w, RedValue::I64s(vec![11, 22]));
        assert!(Reducer::Sum.combine(&mut w, RedValue::F64(1.0)).is_err());
        assert!(
            Reducer::Sum
                .combine(&mut w, RedValue::I64s(vec![1]))
                .is_err()
        );
        let mut u = RedValue::U64s(vec![u64::MAX, 3]);
        Reducer::Min
            .combine(&mut u, RedValue::U64s(vec![5, 4]))
            .unwrap();
        assert_eq!(u, RedValue::U64s(vec![5, 3]));
    }

    #[test]
    fn partial_waits_for_every_local_element() {
        let mut r = Reductions::default();
        r.element_arrived(0);
        r.element_arrived(0);
        r.contribute(0, part(1.0)).unwrap();
        assert!(r.take_ready().is_empty());
        r.contribute(0, part(2.0)).unwrap();
        let ready = r.take_ready();
        assert_eq!(ready.len(), 1);
        assert_eq!(ready[0].1.value, RedValue::F64(3.0));
        assert_eq!(ready[0].1.count, 2);
    }

    #[test]
    fn departure_releases_and_arrival_makes_late_partial() {
        let mut r = Reductions::default();
        r.element_arrived(0);
        r.element_arrived(0);
        r.contribute(0, part(1.0)).unwrap();
        r.element_left(0); // the other element migrates away owing reduction 0
        assert_eq!(r.take_ready().len(), 1);
        r.element_arrived(0); // ...and a different one arrives owing it
        r.contribute(0, part(4.0)).unwrap();
        let late = r.take_ready();
        assert_eq!(late[0].1.value, RedValue::F64(4.0));
    }

    #[test]
    fn root_completes_in_order_when_all_counted() {
        let mut r = Reductions::default();
        assert!(r.root_add(1, part(5.0), 1).unwrap().is_empty());
        assert!(r.root_add(0, part(1.0), 2).unwrap().is_empty());
        let done = r.root_add(0, part(1.0), 2).unwrap();
        // reduction 1 (total 1) was waiting behind 0 ... but totals are per array,
        // and each call passes the array's total: 1 completes only with count 2.
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].value, RedValue::F64(2.0));
        let done = r.root_add(1, part(1.0), 2).unwrap();
        assert_eq!(done[0].value, RedValue::F64(6.0));
    }

    #[test]
    fn mismatched_reducers_are_reported() {
        let mut r = Reductions::default();
        r.element_arrived(0);
        r.element_arrived(0);
        r.contribute(0, part(1.0)).unwrap();
        let mut p = part(1.0);
        p.reducer = Reducer::Max;
        assert!(r.contribute(0, p).is_err());
    }
}
