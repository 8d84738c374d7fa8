//! Names of communicators, windows and datatypes (`MPI_Comm_set_name`,
//! `MPI_Win_set_name`, `MPI_Type_set_name` and their `get` calls): at
//! most `MPI_MAX_OBJECT_NAME - 1` bytes are kept; the predefined objects
//! are named as in `mpi.h`, any other without a name set has the empty
//! name. A freed object's name goes with it.

use std::ffi::{CStr, c_char, c_int};

use crate::abi::*;
use crate::state::fail::{Fail, out};
use crate::state::object::Object;
use crate::state::{Vp, entry};

/// The name `of` has until one is set.
fn given(of: Object) -> &'static [u8] {
    match of {
        Object::Comm(MPI_COMM_WORLD) => b"MPI_COMM_WORLD",
        Object::Comm(MPI_COMM_SELF) => b"MPI_COMM_SELF",
        Object::Type(h) => DATATYPES
            .iter()
            .map(|&(name, handle)| (name, handle))
            .chain(
                FORTRAN_DATATYPES
                    .iter()
                    .map(|&(name, handle, _)| (name, handle)),
            )
            .find(|&(_, handle)| handle == h)
            .map_or(b"", |(name, _)| name.as_bytes()),
        _ => b"",
    }
}

/// Names `of` (checked by the caller).
fn set(vp: &mut Vp, of: Object, name: *const c_char) -> Result<(), Fail> {
    if name.is_null() {
        return Err(Fail::new(ERR_ARG, "the name is a null pointer"));
    }
    // SAFETY: the program passes a NUL-terminated string (checked non-null).
    let mut bytes = unsafe { CStr::from_ptr(name) }.to_bytes().to_vec();
    bytes.truncate(MPI_MAX_OBJECT_NAME as usize - 1);
    vp.names.insert(of, bytes);
    Ok(())
}

/// Writes the name of `of` (checked by the caller) into the program's
/// buffer of `MPI_MAX_OBJECT_NAME` bytes.
fn get(vp: &mut Vp, of: Object, name: *mut c_char, resultlen: *mut c_int) -> Result<(), Fail> {
    let resultlen = out(resultlen, "resultlen")?;
    if name.is_null() {
        return Err(Fail::new(ERR_ARG, "the name buffer is a null pointer"));
    }
    let bytes = vp.names.get(&of).map_or_else(|| given(of), Vec::as_slice);
    // SAFETY: the program's buffer holds MPI_MAX_OBJECT_NAME bytes, more
    // than a kept name and its NUL.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), name.cast::<u8>(), bytes.len());
        *name.add(bytes.len()) = 0;
    }
    *resultlen = bytes.len() as c_int;
    Ok(())
}

/// Defines the `set_name` and `get_name` calls of one kind of object.
macro_rules! name_calls {
    ($kind:literal, $of:path, $set:ident, $get:ident) => {
        #[doc = concat!("`MPI_", $kind, "_set_name`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $set(handle: c_int, name: *const c_char) -> c_int {
            entry(
                concat!("MPI_", $kind, "_set_name"),
                $of(handle).handler_key(),
                |vp| {
                    let of = $of(handle).checked(vp)?;
                    set(vp, of, name)
                },
            )
        }

        #[doc = concat!("`MPI_", $kind, "_get_name`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $get(
            handle: c_int,
            name: *mut c_char,
            resultlen: *mut c_int,
        ) -> c_int {
            entry(
                concat!("MPI_", $kind, "_get_name"),
                $of(handle).handler_key(),
                |vp| {
                    let of = $of(handle).checked(vp)?;
                    get(vp, of, name, resultlen)
                },
            )
        }
    };
}

name_calls!(
    "Comm",
    Object::Comm,
    ARTS_MPI_Comm_set_name,
    ARTS_MPI_Comm_get_name
);
name_calls!(
    "Win",
    Object::Win,
    ARTS_MPI_Win_set_name,
    ARTS_MPI_Win_get_name
);
name_calls!(
    "Type",
    Object::Type,
    ARTS_MPI_Type_set_name,
    ARTS_MPI_Type_get_name
);
