//! MPI-IO's split collectives: `MPI_File_read_all_begin` /
//! `MPI_File_read_all_end` and the same for `write_all`, `read_at_all`,
//! `write_at_all`, `read_ordered`, `write_ordered`. The begin call does the
//! I/O (the collective forms are independent I/O here, see `file.rs`); the
//! end call gives its status. One split collective at a time per file, as
//! MPI says.

use std::ffi::{c_int, c_void};

use crate::abi::*;
use crate::io::file::{at_offset, at_pointer, write_file_status};
use crate::io::shared::ordered;
use crate::state::errhandler::file_key;
use crate::state::fail::Fail;
use crate::state::{Vp, entry, file_of};

/// Checks that no split collective of `fh` is under way.
fn idle(vp: &mut Vp, fh: c_int) -> Result<(), Fail> {
    match file_of(vp, fh)?.split {
        None => Ok(()),
        Some(_) => Err(Fail::new(
            ERR_OTHER,
            "a split collective of this file is already under way (end it first)",
        )),
    }
}

/// Records that a split collective of `fh` moved `bytes`.
fn begun(vp: &mut Vp, fh: c_int, bytes: usize) -> Result<(), Fail> {
    file_of(vp, fh)?.split = Some(bytes);
    Ok(())
}

/// Ends `fh`'s split collective: its status (the bytes moved).
fn end(vp: &mut Vp, fh: c_int, status: *mut MpiStatus) -> Result<(), Fail> {
    let bytes = file_of(vp, fh)?.split.take().ok_or_else(|| {
        Fail::new(
            ERR_OTHER,
            "no split collective of this file is under way (begin it first)",
        )
    })?;
    write_file_status(status, bytes);
    Ok(())
}

/// Defines the begin and end calls of a split collective at the place
/// `$place` gives (the file pointer, the shared one, or the `offset`
/// argument: see `file.rs`'s `file_call!`).
macro_rules! split {
    ($begin:ident, $end:ident, $place:path, $write:expr, ($($extra:ident: $ty:ty),*)) => {
        #[doc = concat!("`", stringify!($begin), "`: does the I/O; `", stringify!($end), "` gives its status.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $begin(
            fh: c_int,
            $($extra: $ty,)*
            buf: *mut c_void,
            count: c_int,
            datatype: c_int,
        ) -> c_int {
            entry(&stringify!($begin)[5..], file_key(fh), |vp| {
                idle(vp, fh)?;
                let none = std::ptr::null_mut();
                let moved = $place(vp, fh, $($extra,)* buf, count, datatype, $write, none)?;
                begun(vp, fh, moved)
            })
        }

        #[doc = concat!("`", stringify!($end), "`: the status of `", stringify!($begin), "`.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $end(
            fh: c_int,
            _buf: *mut c_void,
            status: *mut MpiStatus,
        ) -> c_int {
            entry(&stringify!($end)[5..], file_key(fh), |vp| end(vp, fh, status))
        }
    };
}

split!(
    ARTS_MPI_File_read_all_begin,
    ARTS_MPI_File_read_all_end,
    at_pointer,
    false,
    ()
);
split!(
    ARTS_MPI_File_write_all_begin,
    ARTS_MPI_File_write_all_end,
    at_pointer,
    true,
    ()
);
split!(
    ARTS_MPI_File_read_ordered_begin,
    ARTS_MPI_File_read_ordered_end,
    ordered,
    false,
    ()
);
split!(
    ARTS_MPI_File_write_ordered_begin,
    ARTS_MPI_File_write_ordered_end,
    ordered,
    true,
    ()
);
split!(ARTS_MPI_File_read_at_all_begin, ARTS_MPI_File_read_at_all_end, at_offset, false, (offset: i64));
split!(ARTS_MPI_File_write_at_all_begin, ARTS_MPI_File_write_at_all_end, at_offset, true, (offset: i64));
