//! The keys of user attributes and the attributes of a rank's objects
//! ([`Attributes`]), as its state keeps them (the calls: `attrs.rs`).

use std::collections::BTreeMap;
use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::state::fail::Fail;
use crate::state::object::Object;

/// `MPI_Comm_copy_attr_function` (and the window and datatype ones: the
/// same shape, with their object's handle first).
pub(crate) type CopyFn = unsafe extern "C-unwind" fn(
    c_int,
    c_int,
    *mut c_void,
    *mut c_void,
    *mut c_void,
    *mut c_int,
) -> c_int;

/// `MPI_Comm_delete_attr_function` (and the window and datatype ones).
pub(crate) type DeleteFn =
    unsafe extern "C-unwind" fn(c_int, c_int, *mut c_void, *mut c_void) -> c_int;

/// The first key `MPI_Comm_create_keyval` gives (below: the predefined
/// attributes, `MPI_TAG_UB`, `MPI_WIN_BASE` and the others).
pub(crate) const FIRST_KEYVAL: c_int = 64;

/// What a dup does with an attribute.
#[derive(Clone, Copy)]
pub(crate) enum OnDup {
    /// `MPI_COMM_NULL_COPY_FN`: nothing.
    Never,
    /// `MPI_COMM_DUP_FN`: the same value.
    Value,
    /// The program's function decides.
    Call(CopyFn),
}

/// A key's kind of object, callbacks and extra state.
#[derive(Clone, Copy)]
pub(crate) struct Keyval {
    pub(crate) kind: &'static str,
    pub(crate) copy: OnDup,
    pub(crate) delete: Option<DeleteFn>,
    pub(crate) extra: *mut c_void,
}

/// An attribute's value, callbacks, and when and where it was set.
struct Stored {
    /// The value (boxed: C reads a Fortran value through its address).
    value: Box<*mut c_void>,
    k: Keyval,
    /// Attributes set before it.
    order: u64,
    /// Set from Fortran: the value is an integer, which C gets a pointer
    /// to (MPI 4.0 §19.3.7), not the value itself.
    fortran: bool,
}

/// The keys and the attributes of one rank's objects.
#[derive(Default)]
pub(crate) struct Attributes {
    /// Key `FIRST_KEYVAL + i`; `None` once freed.
    pub(crate) keys: Vec<Option<Keyval>>,
    /// Value, callbacks and when it was set, by (object, key).
    values: BTreeMap<(Object, c_int), Stored>,
    /// Attributes set so far (the next one's order).
    sets: u64,
}

impl Attributes {
    /// The live key `key`, made for objects like `of`.
    pub(crate) fn key(&self, key: c_int, of: Object) -> Result<Keyval, Fail> {
        let k = usize::try_from(key - FIRST_KEYVAL)
            .ok()
            .and_then(|i| self.keys.get(i).copied().flatten())
            .ok_or_else(|| {
                Fail::new(
                    ERR_KEYVAL,
                    format!(
                        "keyval {key} is not a key made by MPI_{}_create_keyval (or was freed)",
                        of.kind()
                    ),
                )
            })?;
        if k.kind != of.kind() {
            return Err(Fail::new(
                ERR_KEYVAL,
                format!(
                    "keyval {key} was made by MPI_{}_create_keyval, not MPI_{}_create_keyval",
                    k.kind,
                    of.kind()
                ),
            ));
        }
        Ok(k)
    }

    /// The value of attribute `key` on `of`, if set.
    pub(crate) fn get(&self, of: Object, key: c_int) -> Option<*mut c_void> {
        self.entry(of, key).map(|(v, _)| v)
    }

    /// The value and callbacks of attribute `key` on `of`, if set.
    pub(crate) fn entry(&self, of: Object, key: c_int) -> Option<(*mut c_void, Keyval)> {
        self.values.get(&(of, key)).map(|s| (*s.value, s.k))
    }

    /// What C's `get_attr` gives of attribute `key` on `of`: the value
    /// set in C, the address of one set in Fortran.
    pub(crate) fn for_c(&self, of: Object, key: c_int) -> Option<*mut c_void> {
        let s = self.values.get(&(of, key))?;
        Some(if s.fortran {
            (&raw const *s.value).cast_mut().cast()
        } else {
            *s.value
        })
    }

    /// Whether attribute `key` on `of` is set and was set from Fortran.
    pub(crate) fn in_fortran(&self, of: Object, key: c_int) -> bool {
        self.values.get(&(of, key)).is_some_and(|s| s.fortran)
    }

    /// Sets attribute `key` of `of` to `value` (with key `k`'s callbacks),
    /// from Fortran or C.
    pub(crate) fn set(
        &mut self,
        of: Object,
        key: c_int,
        value: *mut c_void,
        k: Keyval,
        fortran: bool,
    ) {
        self.sets += 1;
        let stored = Stored {
            value: Box::new(value),
            k,
            order: self.sets,
            fortran,
        };
        self.values.insert((of, key), stored);
    }

    /// Removes attribute `key` of `of` (no callback runs).
    pub(crate) fn remove(&mut self, of: Object, key: c_int) {
        self.values.remove(&(of, key));
    }

    /// The attributes of `of`, the last set first (the order MPI gives
    /// `MPI_COMM_SELF`'s delete callbacks at `MPI_Finalize`).
    pub(crate) fn of(&self, of: Object) -> Vec<(c_int, *mut c_void, Keyval)> {
        let range = (of, c_int::MIN)..=(of, c_int::MAX);
        let mut found: Vec<_> = self.values.range(range).collect();
        found.sort_by_key(|entry| std::cmp::Reverse(entry.1.order));
        found
            .into_iter()
            .map(|(&(_, key), s)| (key, *s.value, s.k))
            .collect()
    }
}
