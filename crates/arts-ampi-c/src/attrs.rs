//! User attributes of communicators. `MPI_Comm_create_keyval` makes a key
//! with the program's copy and delete callbacks; `MPI_Comm_set_attr` puts
//! a value (a `void *`) under a key on a communicator. `MPI_Comm_dup`
//! copies each attribute as its copy callback says; the delete callback
//! runs when a value is replaced or deleted and when its communicator is
//! freed (`MPI_COMM_SELF`'s at `MPI_Finalize`, where libraries hook their
//! clean-up). A freed key's attributes keep their callbacks until they go.
//! The MPI-1 names (`MPI_Keyval_create`, `MPI_Attr_put`, ...) are the same
//! calls in `mpi.h`. Callbacks run inside the call that triggers them, with
//! MPI calls refused (`state::callback`).

use std::collections::BTreeMap;
use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::state::{Fail, Vp, callback, comm_of, entry, out};

/// `MPI_Comm_copy_attr_function`.
pub(crate) type CopyFn = unsafe extern "C-unwind" fn(
    c_int,
    c_int,
    *mut c_void,
    *mut c_void,
    *mut c_void,
    *mut c_int,
) -> c_int;

/// `MPI_Comm_delete_attr_function`.
pub(crate) type DeleteFn =
    unsafe extern "C-unwind" fn(c_int, c_int, *mut c_void, *mut c_void) -> c_int;

/// The first key `MPI_Comm_create_keyval` gives (below: the predefined
/// attributes, `MPI_TAG_UB` and the others).
pub(crate) const FIRST_KEYVAL: c_int = 64;

/// `MPI_COMM_DUP_FN` in `mpi.h`: copy the value as it is.
const DUP_FN: usize = 1;

/// What `MPI_Comm_dup` does with an attribute.
#[derive(Clone, Copy)]
enum OnDup {
    /// `MPI_COMM_NULL_COPY_FN`: nothing.
    Never,
    /// `MPI_COMM_DUP_FN`: the same value.
    Value,
    /// The program's function decides.
    Call(CopyFn),
}

/// A key's callbacks and extra state.
#[derive(Clone, Copy)]
struct Keyval {
    copy: OnDup,
    delete: Option<DeleteFn>,
    extra: *mut c_void,
}

/// The keys and the attributes of one rank's communicators.
#[derive(Default)]
pub(crate) struct Attributes {
    /// Key `FIRST_KEYVAL + i`; `None` once freed.
    keys: Vec<Option<Keyval>>,
    /// Value and callbacks by (communicator, key).
    values: BTreeMap<(c_int, c_int), (*mut c_void, Keyval)>,
}

impl Attributes {
    /// The live key `key`.
    fn key(&self, key: c_int) -> Result<Keyval, Fail> {
        usize::try_from(key - FIRST_KEYVAL)
            .ok()
            .and_then(|i| self.keys.get(i).copied().flatten())
            .ok_or_else(|| {
                Fail::new(
                    ERR_KEYVAL,
                    format!(
                        "keyval {key} is not a key made by MPI_Comm_create_keyval (or was freed)"
                    ),
                )
            })
    }

    /// The value of attribute `key` on `comm`, if set.
    pub fn get(&self, comm: c_int, key: c_int) -> Option<*mut c_void> {
        self.values.get(&(comm, key)).map(|(v, _)| *v)
    }

    /// The attributes of `comm`, by key.
    fn of(&self, comm: c_int) -> Vec<(c_int, *mut c_void, Keyval)> {
        let range = (comm, c_int::MIN)..=(comm, c_int::MAX);
        let of = self.values.range(range);
        of.map(|(&(_, key), &(value, k))| (key, value, k)).collect()
    }
}

/// Runs the delete callback of attribute `key` = `value` of `comm`.
fn deleted(comm: c_int, key: c_int, value: *mut c_void, k: Keyval) -> Result<(), Fail> {
    let Some(delete) = k.delete else {
        return Ok(());
    };
    // SAFETY: the program registered `delete` as an
    // `MPI_Comm_delete_attr_function`.
    let rc = callback(|| unsafe { delete(comm, key, value, k.extra) });
    if rc != MPI_SUCCESS {
        return Err(Fail::new(
            ERR_OTHER,
            format!("the delete callback of keyval {key} returned error {rc}"),
        ));
    }
    Ok(())
}

/// Copies the attributes of `old` to `new` (`MPI_Comm_dup`).
pub(crate) fn copy_all(vp: &mut Vp, old: c_int, new: c_int) -> Result<(), Fail> {
    for (key, value, k) in vp.attrs.of(old) {
        let copied = match k.copy {
            OnDup::Never => None,
            OnDup::Value => Some(value),
            OnDup::Call(f) => {
                let (mut out, mut flag) = (std::ptr::null_mut::<c_void>(), 0);
                // SAFETY: the program registered `f` as an
                // `MPI_Comm_copy_attr_function`; `out` and `flag` are ours.
                let rc = callback(|| unsafe {
                    f(
                        old,
                        key,
                        k.extra,
                        value,
                        (&raw mut out).cast(),
                        &raw mut flag,
                    )
                });
                if rc != MPI_SUCCESS {
                    return Err(Fail::new(
                        ERR_OTHER,
                        format!("the copy callback of keyval {key} returned error {rc}"),
                    ));
                }
                (flag != 0).then_some(out)
            }
        };
        if let Some(v) = copied {
            vp.attrs.values.insert((new, key), (v, k));
        }
    }
    Ok(())
}

/// Deletes every attribute of `comm` (freed, or `MPI_COMM_SELF` at
/// `MPI_Finalize`), each through its delete callback, in key order.
pub(crate) fn delete_all(vp: &mut Vp, comm: c_int) -> Result<(), Fail> {
    for (key, value, k) in vp.attrs.of(comm) {
        vp.attrs.values.remove(&(comm, key));
        deleted(comm, key, value, k)?;
    }
    Ok(())
}

/// `MPI_Comm_create_keyval` (and `MPI_Keyval_create`): `copy_fn` may be
/// `MPI_COMM_NULL_COPY_FN` or `MPI_COMM_DUP_FN`, `delete_fn`
/// `MPI_COMM_NULL_DELETE_FN`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Comm_create_keyval(
    copy_fn: *const c_void,
    delete_fn: Option<DeleteFn>,
    keyval: *mut c_int,
    extra_state: *mut c_void,
) -> c_int {
    entry("MPI_Comm_create_keyval", MPI_COMM_WORLD, |vp| {
        let keyval = out(keyval, "keyval")?;
        let copy = match copy_fn as usize {
            0 => OnDup::Never,
            DUP_FN => OnDup::Value,
            // SAFETY: the program passes an `MPI_Comm_copy_attr_function`.
            _ => OnDup::Call(unsafe { std::mem::transmute::<*const c_void, CopyFn>(copy_fn) }),
        };
        vp.attrs.keys.push(Some(Keyval {
            copy,
            delete: delete_fn,
            extra: extra_state,
        }));
        *keyval = FIRST_KEYVAL + vp.attrs.keys.len() as c_int - 1;
        Ok(())
    })
}

/// `MPI_Comm_free_keyval` (and `MPI_Keyval_free`): the key can no longer
/// be set; attributes under it stay until deleted. `*keyval` becomes
/// `MPI_KEYVAL_INVALID`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Comm_free_keyval(keyval: *mut c_int) -> c_int {
    entry("MPI_Comm_free_keyval", MPI_COMM_WORLD, |vp| {
        let keyval = out(keyval, "keyval")?;
        vp.attrs.key(*keyval)?;
        vp.attrs.keys[(*keyval - FIRST_KEYVAL) as usize] = None;
        *keyval = MPI_KEYVAL_INVALID;
        Ok(())
    })
}

/// `MPI_Comm_set_attr` (and `MPI_Attr_put`): a value already set under
/// `keyval` is deleted first (its delete callback runs).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Comm_set_attr(
    comm: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
) -> c_int {
    entry("MPI_Comm_set_attr", comm, |vp| {
        vp.mpi().comm_size(comm_of(comm)?)?;
        let k = vp.attrs.key(keyval)?;
        if let Some((old, was)) = vp.attrs.values.insert((comm, keyval), (attribute_val, k)) {
            deleted(comm, keyval, old, was)?;
        }
        Ok(())
    })
}

/// `MPI_Comm_delete_attr` (and `MPI_Attr_delete`): its delete callback
/// runs; deleting an attribute that is not set is an error.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Comm_delete_attr(comm: c_int, keyval: c_int) -> c_int {
    entry("MPI_Comm_delete_attr", comm, |vp| {
        vp.mpi().comm_size(comm_of(comm)?)?;
        let Some((value, k)) = vp.attrs.values.remove(&(comm, keyval)) else {
            return Err(Fail::new(
                ERR_KEYVAL,
                format!("no attribute under keyval {keyval} on communicator {comm}"),
            ));
        };
        deleted(comm, keyval, value, k)
    })
}
