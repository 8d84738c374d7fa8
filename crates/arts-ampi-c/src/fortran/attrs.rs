//! User attributes from Fortran: keys, values and callbacks of
//! communicators, windows and datatypes. A value is an
//! `INTEGER(KIND=MPI_ADDRESS_KIND)` (MPI-1's `MPI_KEYVAL_CREATE`,
//! `MPI_ATTR_PUT` and `MPI_ATTR_GET`: a default `INTEGER`), kept as the
//! bits of C's `void *` and marked as set from Fortran: C's `get_attr`
//! gives the address of such a value, and Fortran's of a value set in C
//! the pointer itself (MPI 4.0 §19.3.7, attributes between languages).
//! The callbacks are Fortran subroutines taking every
//! argument by reference and `ierr` last: a key with one is made with
//! C callbacks ([`copy_fn`], [`delete_fn`]) that call it, their extra
//! state a [`Callbacks`] record in the rank's heap (`MPI_Alloc_mem`, so it
//! moves with the rank; kept as long as the run, since an attribute keeps
//! its callbacks after its key is freed). The predefined callbacks
//! (`MPI_COMM_NULL_COPY_FN`, `MPI_COMM_DUP_FN`, `MPI_NULL_DELETE_FN`, ...)
//! are subroutines of the binding that keys know as C's constants.

use std::ffi::{c_int, c_void};

use super::done;
use crate::abi::{MPI_INFO_NULL, MPI_WIN_BASE, MPI_WIN_SIZE};
use crate::comm::attrs::*;
use crate::comm::communicators::{ARTS_MPI_Attr_get, ARTS_MPI_Comm_get_attr};
use crate::comm::keyvals::{DeleteFn, FIRST_KEYVAL};
use crate::env::init::ARTS_MPI_Alloc_mem;
use crate::rma::window::ARTS_MPI_Win_get_attr;
use crate::state::current;
use crate::state::object::Object;
use crate::types::calls::ARTS_MPI_Type_get_attr;

/// A Fortran copy callback `(oldobj, keyval, extra_state, attribute_val_in,
/// attribute_val_out, flag, ierr)`; the values are addresses (MPI-1's:
/// default `INTEGER`s).
type FortranCopy = unsafe extern "C-unwind" fn(
    *const c_int,
    *const c_int,
    *const c_void,
    *const c_void,
    *mut c_void,
    *mut c_int,
    *mut c_int,
);

/// A Fortran delete callback `(obj, keyval, attribute_val, extra_state, ierr)`.
type FortranDelete = unsafe extern "C-unwind" fn(
    *const c_int,
    *const c_int,
    *const c_void,
    *const c_void,
    *mut c_int,
);

/// A C `MPI_*_create_keyval`.
type CreateKeyval =
    unsafe extern "C-unwind" fn(*const c_void, Option<DeleteFn>, *mut c_int, *mut c_void) -> c_int;

/// A C `MPI_*_get_attr`.
type GetAttr = unsafe extern "C-unwind" fn(c_int, c_int, *mut c_void, *mut c_int) -> c_int;

/// The Fortran callbacks of a key and its extra state: the extra state of
/// the C key.
#[repr(C)]
struct Callbacks {
    /// The program's copy subroutine (none: a predefined one).
    copy: Option<FortranCopy>,
    /// The program's delete subroutine (none: a predefined one).
    delete: Option<FortranDelete>,
    /// The program's extra state.
    extra: isize,
    /// Whether the values are default `INTEGER`s (MPI-1's key).
    mpi1: bool,
}

/// A value as a callback takes it: an address, or MPI-1's `INTEGER`.
enum Value {
    /// `INTEGER(KIND=MPI_ADDRESS_KIND)`.
    Address(isize),
    /// A default `INTEGER`.
    Integer(c_int),
}

impl Value {
    /// `v` in the width of MPI-1's keys (`mpi1`) or of MPI-2's.
    fn new(v: isize, mpi1: bool) -> Value {
        if mpi1 {
            Value::Integer(v as c_int)
        } else {
            Value::Address(v)
        }
    }

    /// Where the callback finds (or writes) it.
    fn ptr(&mut self) -> *mut c_void {
        match self {
            Value::Address(v) => (v as *mut isize).cast(),
            Value::Integer(v) => (v as *mut c_int).cast(),
        }
    }

    /// The value, widened.
    fn get(&self) -> isize {
        match *self {
            Value::Address(v) => v,
            Value::Integer(v) => v as isize,
        }
    }
}

/// The C copy callback of a key with a Fortran one (`extra`: its [`Callbacks`]).
unsafe extern "C-unwind" fn copy_fn(
    old: c_int,
    keyval: c_int,
    extra: *mut c_void,
    value_in: *mut c_void,
    value_out: *mut c_void,
    flag: *mut c_int,
) -> c_int {
    // SAFETY: the key was made with this record as its extra state.
    let k = unsafe { &*extra.cast::<Callbacks>() };
    let Some(copy) = k.copy else {
        return 0;
    };
    let mut state = Value::new(k.extra, k.mpi1);
    let mut inv = Value::new(value_in as isize, k.mpi1);
    let mut outv = Value::new(0, k.mpi1);
    let (mut copied, mut ierr) = (0, 0);
    // SAFETY: the program's subroutine, every argument by reference;
    // `value_out` and `flag` are the C side's slots.
    unsafe {
        copy(
            &old,
            &keyval,
            state.ptr(),
            inv.ptr(),
            outv.ptr(),
            &mut copied,
            &mut ierr,
        );
        *value_out.cast::<*mut c_void>() = outv.get() as *mut c_void;
        *flag = c_int::from(copied != 0);
    }
    ierr
}

/// The C delete callback of a key with a Fortran one.
unsafe extern "C-unwind" fn delete_fn(
    handle: c_int,
    keyval: c_int,
    value: *mut c_void,
    extra: *mut c_void,
) -> c_int {
    // SAFETY: as in `copy_fn`.
    let k = unsafe { &*extra.cast::<Callbacks>() };
    let Some(delete) = k.delete else {
        return 0;
    };
    let mut v = Value::new(value as isize, k.mpi1);
    let mut state = Value::new(k.extra, k.mpi1);
    let mut ierr = 0;
    // SAFETY: the program's subroutine, every argument by reference.
    unsafe { delete(&handle, &keyval, v.ptr(), state.ptr(), &mut ierr) };
    ierr
}

/// Defines the predefined Fortran callbacks: null copy and delete
/// subroutines, and a dup one copying a value of type `$t`.
macro_rules! predefined {
    ($($null_copy:ident, $dup:ident, $null_delete:ident, $t:ty;)*) => {$(
        #[doc = concat!("Fortran's `", stringify!($null_copy), "`: copies nothing.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $null_copy(
            _old: *const c_int,
            _keyval: *const c_int,
            _extra: *const c_void,
            _value_in: *const c_void,
            _value_out: *mut c_void,
            flag: *mut c_int,
            ierr: *mut c_int,
        ) {
            // SAFETY: the program's LOGICAL and INTEGER.
            unsafe { *flag = 0 };
            done(ierr, 0);
        }

        #[doc = concat!("Fortran's `", stringify!($dup), "`: copies the value.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $dup(
            _old: *const c_int,
            _keyval: *const c_int,
            _extra: *const c_void,
            value_in: *const c_void,
            value_out: *mut c_void,
            flag: *mut c_int,
            ierr: *mut c_int,
        ) {
            // SAFETY: the values are the key's width; the flag a LOGICAL.
            unsafe {
                *value_out.cast::<$t>() = *value_in.cast::<$t>();
                *flag = 1;
            }
            done(ierr, 0);
        }

        #[doc = concat!("Fortran's `", stringify!($null_delete), "`: does nothing.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $null_delete(
            _obj: *const c_int,
            _keyval: *const c_int,
            _value: *const c_void,
            _extra: *const c_void,
            ierr: *mut c_int,
        ) {
            done(ierr, 0);
        }
    )*};
}

predefined! {
    mpi_null_copy_fn_, mpi_dup_fn_, mpi_null_delete_fn_, c_int;
    mpi_comm_null_copy_fn_, mpi_comm_dup_fn_, mpi_comm_null_delete_fn_, isize;
    mpi_win_null_copy_fn_, mpi_win_dup_fn_, mpi_win_null_delete_fn_, isize;
    mpi_type_null_copy_fn_, mpi_type_dup_fn_, mpi_type_null_delete_fn_, isize;
}

/// `MPI_COMM_DUP_FN` (and the window and datatype ones) in `mpi.h`.
const C_DUP_FN: usize = 1;

/// C's copy function for Fortran's `copy`: the predefined ones as C's
/// constants (`0` copies nothing, `1` the value), else [`copy_fn`] (then
/// also the subroutine, for the record).
fn c_copy(copy: Option<FortranCopy>) -> (*const c_void, Option<FortranCopy>) {
    let Some(f) = copy else {
        return (std::ptr::null(), None);
    };
    let at = f as usize;
    let nulls: [FortranCopy; 4] = [
        mpi_null_copy_fn_,
        mpi_comm_null_copy_fn_,
        mpi_win_null_copy_fn_,
        mpi_type_null_copy_fn_,
    ];
    let dups: [FortranCopy; 4] = [
        mpi_dup_fn_,
        mpi_comm_dup_fn_,
        mpi_win_dup_fn_,
        mpi_type_dup_fn_,
    ];
    if nulls.iter().any(|&n| n as usize == at) {
        (std::ptr::null(), None)
    } else if dups.iter().any(|&d| d as usize == at) {
        (std::ptr::without_provenance(C_DUP_FN), None)
    } else {
        (copy_fn as *const c_void, Some(f))
    }
}

/// C's delete function for Fortran's `delete` (none for a predefined one).
fn c_delete(delete: Option<FortranDelete>) -> Option<FortranDelete> {
    let f = delete?;
    let nulls: [FortranDelete; 4] = [
        mpi_null_delete_fn_,
        mpi_comm_null_delete_fn_,
        mpi_win_null_delete_fn_,
        mpi_type_null_delete_fn_,
    ];
    (!nulls.iter().any(|&n| n as usize == f as usize)).then_some(f)
}

/// Makes a key with C call `create` for Fortran callbacks `copy` and
/// `delete` and extra state `extra` (MPI-1's `INTEGER`s: `mpi1`).
fn create(
    create: CreateKeyval,
    copy: Option<FortranCopy>,
    delete: Option<FortranDelete>,
    keyval: *mut c_int,
    extra: isize,
    mpi1: bool,
    ierr: *mut c_int,
) {
    let (c_copy, copy) = c_copy(copy);
    let delete = c_delete(delete);
    let mut record: *mut c_void = std::ptr::null_mut();
    if copy.is_some() || delete.is_some() {
        let size = std::mem::size_of::<Callbacks>() as std::ffi::c_long;
        // SAFETY: `record` receives the block's address.
        let rc = unsafe { ARTS_MPI_Alloc_mem(size, MPI_INFO_NULL, (&raw mut record).cast()) };
        if rc != 0 {
            return done(ierr, rc);
        }
        let callbacks = Callbacks {
            copy,
            delete,
            extra,
            mpi1,
        };
        // SAFETY: a block of MPI_Alloc_mem, aligned for any record.
        unsafe { record.cast::<Callbacks>().write(callbacks) };
    }
    let c_delete = delete.map(|_| delete_fn as DeleteFn);
    let extra = if record.is_null() {
        extra as *mut c_void
    } else {
        record
    };
    // SAFETY: C's constants or callbacks, and their extra state.
    done(ierr, unsafe { create(c_copy, c_delete, keyval, extra) });
}

/// Defines the Fortran `create_keyval` of one kind of object.
macro_rules! create_keyval {
    ($($f:ident => $c:ident, $extra:ty, $mpi1:literal;)*) => {$(
        #[doc = concat!("Fortran's `", stringify!($c),
            "(copy_fn, delete_fn, keyval, extra_state, ierr)`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $f(
            copy_fn: Option<FortranCopy>,
            delete_fn: Option<FortranDelete>,
            keyval: *mut c_int,
            extra_state: *const $extra,
            ierr: *mut c_int,
        ) {
            // SAFETY: by reference.
            let extra = unsafe { *extra_state } as isize;
            create($c, copy_fn, delete_fn, keyval, extra, $mpi1, ierr);
        }
    )*};
}

create_keyval! {
    mpi_comm_create_keyval_ => ARTS_MPI_Comm_create_keyval, isize, false;
    mpi_win_create_keyval_ => ARTS_MPI_Win_create_keyval, isize, false;
    mpi_type_create_keyval_ => ARTS_MPI_Type_create_keyval, isize, false;
    mpi_keyval_create_ => ARTS_MPI_Comm_create_keyval, c_int, true;
}

fortran! {
    mpi_comm_delete_attr_ => ARTS_MPI_Comm_delete_attr(comm: i, keyval: i);
    mpi_comm_free_keyval_ => ARTS_MPI_Comm_free_keyval(keyval: m);
    mpi_win_delete_attr_ => ARTS_MPI_Win_delete_attr(win: i, keyval: i);
    mpi_win_free_keyval_ => ARTS_MPI_Win_free_keyval(keyval: m);
    mpi_type_delete_attr_ => ARTS_MPI_Type_delete_attr(datatype: i, keyval: i);
    mpi_type_free_keyval_ => ARTS_MPI_Type_free_keyval(keyval: m);
    mpi_attr_delete_ => ARTS_MPI_Comm_delete_attr(comm: i, keyval: i);
    mpi_keyval_free_ => ARTS_MPI_Comm_free_keyval(keyval: m);
}

/// Whether attribute `keyval` of `of` (of the running rank) was set from
/// Fortran.
fn in_fortran(of: Object, keyval: c_int) -> bool {
    let vp = current();
    // SAFETY: the running rank's state; no reference to it is live here.
    !vp.is_null() && unsafe { (*vp).attrs.in_fortran(of, keyval) }
}

/// Defines Fortran's `set_attr` of one kind of object (`$int`: the value's
/// Rust type): C's, the attribute marked as set from Fortran, so that C's
/// `get_attr` gives its address (MPI 4.0 §19.3.7).
macro_rules! fortran_set_attr {
    ($($f:ident => $call:literal, $of:path, $int:ty;)*) => {$(
        #[doc = concat!("Fortran's `", $call, "(handle, keyval, attribute_val, ierr)`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $f(
            handle: *const c_int,
            keyval: *const c_int,
            value: *const $int,
            ierr: *mut c_int,
        ) {
            // SAFETY: by reference.
            let (handle, keyval, value) = unsafe { (*handle, *keyval, *value as isize) };
            let rc = set_attribute($call, $of(handle), keyval, value as *mut c_void, true);
            done(ierr, rc);
        }
    )*};
}

fortran_set_attr! {
    mpi_comm_set_attr_ => "MPI_Comm_set_attr", Object::Comm, isize;
    mpi_win_set_attr_ => "MPI_Win_set_attr", Object::Win, isize;
    mpi_type_set_attr_ => "MPI_Type_set_attr", Object::Type, isize;
    mpi_attr_put_ => "MPI_Attr_put", Object::Comm, c_int;
}

/// How C's `get_attr` gives a key's value in its `void *` slot.
#[derive(Clone, Copy)]
enum Slot {
    /// The value itself (a user key's, `MPI_WIN_BASE`).
    Value,
    /// A pointer to an `int` (the predefined keys but two).
    Int,
    /// A pointer to an `MPI_Aint` (`MPI_WIN_SIZE`).
    Aint,
}

/// Gets attribute `keyval` of `handle` with C call `get`, its value (as
/// `slot` says C gives it) into `value` (an address, or MPI-1's `INTEGER`)
/// if the object has it (`flag`).
#[allow(clippy::too_many_arguments)]
fn get(
    get: GetAttr,
    of: Object,
    keyval: c_int,
    slot: Slot,
    value: *mut c_void,
    mpi1: bool,
    flag: *mut c_int,
    ierr: *mut c_int,
) {
    let mut got: *mut c_void = std::ptr::null_mut();
    // SAFETY: `got` receives C's `void *`.
    let rc = unsafe { get(of.handle(), keyval, (&raw mut got).cast(), flag) };
    // SAFETY: `flag` was written when the call succeeded; a predefined
    // key's slot points at its value.
    if rc == 0 && unsafe { *flag } != 0 && !value.is_null() {
        let v = match slot {
            // C gets the address of a value set from Fortran
            Slot::Value if in_fortran(of, keyval) => unsafe { *got.cast::<isize>() },
            Slot::Value => got as isize,
            Slot::Int => unsafe { *got.cast::<c_int>() as isize },
            Slot::Aint => unsafe { *got.cast::<isize>() },
        };
        // SAFETY: the program's INTEGER of the call's width.
        unsafe {
            if mpi1 {
                *value.cast::<c_int>() = v as c_int;
            } else {
                *value.cast::<isize>() = v;
            }
        }
    }
    done(ierr, rc);
}

/// How a communicator's attribute `keyval` comes back from C.
fn comm_slot(keyval: c_int) -> Slot {
    if keyval < FIRST_KEYVAL {
        Slot::Int
    } else {
        Slot::Value
    }
}

/// Fortran's `MPI_Comm_get_attr(comm, keyval, attribute_val, flag, ierr)`:
/// the value itself (C gives the predefined ones by pointer).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_comm_get_attr_(
    comm: *const c_int,
    keyval: *const c_int,
    value: *mut isize,
    flag: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let (comm, keyval) = unsafe { (*comm, *keyval) };
    let slot = comm_slot(keyval);
    get(
        ARTS_MPI_Comm_get_attr,
        Object::Comm(comm),
        keyval,
        slot,
        value.cast(),
        false,
        flag,
        ierr,
    );
}

/// Fortran's `MPI_Attr_get(comm, keyval, attribute_val, flag, ierr)`:
/// MPI-1's, an `INTEGER` value.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_attr_get_(
    comm: *const c_int,
    keyval: *const c_int,
    value: *mut c_int,
    flag: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let (comm, keyval) = unsafe { (*comm, *keyval) };
    let slot = comm_slot(keyval);
    get(
        ARTS_MPI_Attr_get,
        Object::Comm(comm),
        keyval,
        slot,
        value.cast(),
        true,
        flag,
        ierr,
    );
}

/// Fortran's `MPI_Win_get_attr(win, keyval, attribute_val, flag, ierr)`:
/// `MPI_WIN_BASE` the base address, the other predefined keys their values.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_win_get_attr_(
    win: *const c_int,
    keyval: *const c_int,
    value: *mut isize,
    flag: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let (win, keyval) = unsafe { (*win, *keyval) };
    let slot = match keyval {
        MPI_WIN_SIZE => Slot::Aint,
        MPI_WIN_BASE => Slot::Value,
        k if k < FIRST_KEYVAL => Slot::Int,
        _ => Slot::Value,
    };
    get(
        ARTS_MPI_Win_get_attr,
        Object::Win(win),
        keyval,
        slot,
        value.cast(),
        false,
        flag,
        ierr,
    );
}

/// Fortran's `MPI_Type_get_attr(datatype, keyval, attribute_val, flag, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_get_attr_(
    datatype: *const c_int,
    keyval: *const c_int,
    value: *mut isize,
    flag: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let (datatype, keyval) = unsafe { (*datatype, *keyval) };
    let slot = Slot::Value;
    get(
        ARTS_MPI_Type_get_attr,
        Object::Type(datatype),
        keyval,
        slot,
        value.cast(),
        false,
        flag,
        ierr,
    );
}
