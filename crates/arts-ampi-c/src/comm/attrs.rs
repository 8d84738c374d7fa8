//! User attributes of communicators, windows and datatypes.
//! `MPI_Comm_create_keyval` (`MPI_Win_create_keyval`,
//! `MPI_Type_create_keyval`) makes a key with the program's copy and
//! delete callbacks; `MPI_Comm_set_attr` puts a value (a `void *`) under a
//! key on an object of that kind. `MPI_Comm_dup` and `MPI_Type_dup` copy
//! each attribute as its copy callback says; the delete callback runs when
//! a value is replaced or deleted and when its object is freed
//! (`MPI_COMM_SELF`'s at `MPI_Finalize`, where libraries hook their
//! clean-up). A freed key's attributes keep their callbacks until they go.
//! A key serves the kind of object it was made for. The MPI-1 names
//! (`MPI_Keyval_create`, `MPI_Attr_put`, ...) are the communicator calls
//! in `mpi.h`. Callbacks run inside the call that triggers them and may
//! call MPI (`state::callback`); one that fails fails that call and
//! leaves the attribute as it was.

use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::comm::keyvals::{CopyFn, DeleteFn, FIRST_KEYVAL, Keyval, OnDup};
use crate::state::fail::{Fail, out};
use crate::state::object::Object;
use crate::state::{Vp, callback, entry};

/// `MPI_COMM_DUP_FN` (`MPI_WIN_DUP_FN`, `MPI_TYPE_DUP_FN`) in `mpi.h`:
/// copy the value as it is.
const DUP_FN: usize = 1;

/// Runs the delete callback of attribute `key` = `value` of `of`; the
/// attribute is removed only if the callback succeeds (a failing one
/// leaves it in place, as MPICH and Open MPI do).
fn delete_one(
    vp: &mut Vp,
    of: Object,
    key: c_int,
    value: *mut c_void,
    k: Keyval,
) -> Result<(), Fail> {
    if let Some(delete) = k.delete {
        // SAFETY: the program registered `delete` as a delete function of
        // this kind of object.
        let rc = callback(vp, || unsafe { delete(of.handle(), key, value, k.extra) });
        if rc != MPI_SUCCESS {
            return Err(Fail::new(
                ERR_OTHER,
                format!("the delete callback of keyval {key} returned error {rc}"),
            ));
        }
    }
    // The callback may have set the attribute again: only this value goes.
    if vp.attrs.get(of, key) == Some(value) {
        vp.attrs.remove(of, key);
    }
    Ok(())
}

/// Copies the attributes of `old` to its duplicate, handle `new`
/// (`MPI_Comm_dup`, `MPI_Type_dup`). A copy callback that fails fails the
/// dup: the caller frees `new` (see [`undo_dup`]).
pub(crate) fn copy_all(vp: &mut Vp, old: Object, new: c_int) -> Result<(), Fail> {
    for (key, value, k) in vp.attrs.of(old) {
        let copied = match k.copy {
            OnDup::Never => None,
            OnDup::Value => Some(value),
            OnDup::Call(f) => {
                let (mut out, mut flag) = (std::ptr::null_mut::<c_void>(), 0);
                // SAFETY: the program registered `f` as a copy function of
                // this kind of object; `out` and `flag` are ours.
                let rc = callback(vp, || unsafe {
                    f(
                        old.handle(),
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
            let fortran = vp.attrs.in_fortran(old, key);
            vp.attrs.set(old.with(new), key, v, k, fortran);
        }
    }
    Ok(())
}

/// Deletes the attributes a failed dup copied to `new` (their delete
/// callbacks run; their errors are not the dup's).
pub(crate) fn undo_dup(vp: &mut Vp, new: Object) {
    for (key, value, k) in vp.attrs.of(new) {
        let _ = delete_one(vp, new, key, value, k);
        vp.attrs.remove(new, key);
    }
}

/// Deletes every attribute of `of` (freed, or `MPI_COMM_SELF` at
/// `MPI_Finalize`), each through its delete callback, the last set first
/// (as MPI-2.2 orders `MPI_COMM_SELF`'s); stops at a callback that fails,
/// which fails the free.
pub(crate) fn delete_all(vp: &mut Vp, of: Object) -> Result<(), Fail> {
    for (key, value, k) in vp.attrs.of(of) {
        delete_one(vp, of, key, value, k)?;
    }
    Ok(())
}

/// Makes a key for objects like `of` (its handle is not used).
fn create_keyval(
    vp: &mut Vp,
    of: Object,
    copy_fn: *const c_void,
    delete_fn: Option<DeleteFn>,
    keyval: *mut c_int,
    extra_state: *mut c_void,
) -> Result<(), Fail> {
    let keyval = out(keyval, "keyval")?;
    let copy = match copy_fn as usize {
        0 => OnDup::Never,
        DUP_FN => OnDup::Value,
        // SAFETY: the program passes a copy function of this kind.
        _ => OnDup::Call(unsafe { std::mem::transmute::<*const c_void, CopyFn>(copy_fn) }),
    };
    vp.attrs.keys.push(Some(Keyval {
        kind: of.kind(),
        copy,
        delete: delete_fn,
        extra: extra_state,
    }));
    *keyval = FIRST_KEYVAL + vp.attrs.keys.len() as c_int - 1;
    Ok(())
}

/// Frees a key for objects like `of`: it can no longer be set;
/// attributes under it stay until deleted.
fn free_keyval(vp: &mut Vp, of: Object, keyval: *mut c_int) -> Result<(), Fail> {
    let keyval = out(keyval, "keyval")?;
    vp.attrs.key(*keyval, of)?;
    vp.attrs.keys[(*keyval - FIRST_KEYVAL) as usize] = None;
    *keyval = MPI_KEYVAL_INVALID;
    Ok(())
}

/// Sets attribute `keyval` of `of` (a valid object) to `value`, from
/// Fortran or C; a value already set is deleted first (its delete callback
/// runs; if it fails, the old value stays).
fn set_attr(
    vp: &mut Vp,
    of: Object,
    keyval: c_int,
    value: *mut c_void,
    fortran: bool,
) -> Result<(), Fail> {
    let k = vp.attrs.key(keyval, of)?;
    if let Some((old, was)) = vp.attrs.entry(of, keyval) {
        delete_one(vp, of, keyval, old, was)?;
    }
    vp.attrs.set(of, keyval, value, k, fortran);
    Ok(())
}

/// `MPI_*_set_attr` (`call`) of `of`'s kind, from C or (`fortran`) from
/// Fortran, whose values C's `get_attr` gives by address.
pub(crate) fn set_attribute(
    call: &'static str,
    of: Object,
    keyval: c_int,
    value: *mut c_void,
    fortran: bool,
) -> c_int {
    entry(call, of.handler_key(), |vp| {
        let of = of.checked(vp)?;
        set_attr(vp, of, keyval, value, fortran)
    })
}

/// Deletes attribute `keyval` of `of` (a valid object); its delete
/// callback runs (if it fails, the attribute stays); deleting an attribute
/// that is not set is an error.
fn delete_attr(vp: &mut Vp, of: Object, keyval: c_int) -> Result<(), Fail> {
    let Some((value, k)) = vp.attrs.entry(of, keyval) else {
        return Err(Fail::new(
            ERR_KEYVAL,
            format!(
                "no attribute under keyval {keyval} on {} {}",
                of.kind(),
                of.handle()
            ),
        ));
    };
    delete_one(vp, of, keyval, value, k)
}

/// `MPI_*_get_attr` of a user key on `of`: `*attribute_val` is the value
/// set (the address of a value set from Fortran), `*flag` whether there
/// is one.
pub(crate) fn get_user_attr(
    vp: &Vp,
    of: Object,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> Result<(), Fail> {
    let flag = out(flag, "flag")?;
    let user = vp.attrs.for_c(of, keyval);
    if let Some(v) = user {
        *out(attribute_val.cast::<*mut c_void>(), "attribute_val")? = v;
    }
    *flag = c_int::from(user.is_some());
    Ok(())
}

/// Defines, for one kind of object, its `create_keyval`, `free_keyval`,
/// `set_attr` and `delete_attr` calls (`get_attr` knows the predefined
/// attributes of its kind: `communicators.rs`, `rma/window.rs`, `types/calls.rs`).
macro_rules! attribute_calls {
    ($kind:literal, $of:path, $create:ident, $free:ident, $set:ident, $delete:ident) => {
        #[doc = concat!("`MPI_", $kind, "_create_keyval`: `copy_fn` may be the `NULL_COPY_FN` or `DUP_FN` of its kind, `delete_fn` `NULL_DELETE_FN`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $create(
            copy_fn: *const c_void,
            delete_fn: Option<DeleteFn>,
            keyval: *mut c_int,
            extra_state: *mut c_void,
        ) -> c_int {
            entry(concat!("MPI_", $kind, "_create_keyval"), MPI_COMM_WORLD, |vp| {
                create_keyval(vp, $of(0), copy_fn, delete_fn, keyval, extra_state)
            })
        }

        #[doc = concat!("`MPI_", $kind, "_free_keyval`: `*keyval` becomes `MPI_KEYVAL_INVALID`; attributes under it stay until deleted.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $free(keyval: *mut c_int) -> c_int {
            entry(concat!("MPI_", $kind, "_free_keyval"), MPI_COMM_WORLD, |vp| {
                free_keyval(vp, $of(0), keyval)
            })
        }

        #[doc = concat!("`MPI_", $kind, "_set_attr`: a value already set under `keyval` is deleted first (its delete callback runs).")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $set(
            handle: c_int,
            keyval: c_int,
            attribute_val: *mut c_void,
        ) -> c_int {
            set_attribute(concat!("MPI_", $kind, "_set_attr"), $of(handle), keyval, attribute_val, false)
        }

        #[doc = concat!("`MPI_", $kind, "_delete_attr`: its delete callback runs; deleting an attribute that is not set is an error.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $delete(handle: c_int, keyval: c_int) -> c_int {
            entry(concat!("MPI_", $kind, "_delete_attr"), $of(handle).handler_key(), |vp| {
                let of = $of(handle).checked(vp)?;
                delete_attr(vp, of, keyval)
            })
        }
    };
}

attribute_calls!(
    "Comm",
    Object::Comm,
    ARTS_MPI_Comm_create_keyval,
    ARTS_MPI_Comm_free_keyval,
    ARTS_MPI_Comm_set_attr,
    ARTS_MPI_Comm_delete_attr
);
attribute_calls!(
    "Win",
    Object::Win,
    ARTS_MPI_Win_create_keyval,
    ARTS_MPI_Win_free_keyval,
    ARTS_MPI_Win_set_attr,
    ARTS_MPI_Win_delete_attr
);
attribute_calls!(
    "Type",
    Object::Type,
    ARTS_MPI_Type_create_keyval,
    ARTS_MPI_Type_free_keyval,
    ARTS_MPI_Type_set_attr,
    ARTS_MPI_Type_delete_attr
);
