//! What an open file says of itself, and the calls that only set a mode:
//! `MPI_File_get_view`, `get_amode`, `get_group`, `get_byte_offset`,
//! `get_type_extent`, `set_atomicity`/`get_atomicity` and `preallocate`.

use std::ffi::{c_char, c_int};

use crate::abi::*;
use crate::io::file::{io_error, on_every_rank};
use crate::state::errhandler::file_key;
use crate::state::fail::{Fail, comm_of, out};
use crate::state::{entry, file_of};
use crate::types::external32;

/// `MPI_File_get_view`: the displacement, the elementary and file types
/// (a predefined type's own handle; a derived one as a new handle, which
/// the program frees) and the data representation (`"native"` or
/// `"external32"`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_view(
    fh: c_int,
    disp: *mut i64,
    etype: *mut c_int,
    filetype: *mut c_int,
    datarep: *mut c_char,
) -> c_int {
    entry("MPI_File_get_view", file_key(fh), |vp| {
        let view = &file_of(vp, fh)?.view;
        let (d, handles) = (view.disp as i64, view.handles);
        let rep: &[u8] = if view.external32 {
            b"external32\0"
        } else {
            b"native\0"
        };
        let types = [view.etype.clone(), view.filetype.clone()];
        let (disp, etype, filetype) = (
            out(disp, "disp")?,
            out(etype, "etype")?,
            out(filetype, "filetype")?,
        );
        if datarep.is_null() {
            return Err(Fail::new(ERR_ARG, "datarep is a null pointer"));
        }
        let [et, ft] = types;
        *etype = if et.predefined {
            handles[0]
        } else {
            vp.types.add(et)
        };
        *filetype = if ft.predefined {
            handles[1]
        } else {
            vp.types.add(ft)
        };
        *disp = d;
        // SAFETY: MPI's rule: `datarep` has room for MPI_MAX_DATAREP_STRING
        // bytes, more than the name and its NUL.
        unsafe { std::ptr::copy_nonoverlapping(rep.as_ptr().cast(), datarep, rep.len()) };
        Ok(())
    })
}

/// `MPI_File_get_amode`: the mode the file was opened with.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_amode(
    fh: c_int,
    amode: *mut c_int,
) -> c_int {
    entry("MPI_File_get_amode", file_key(fh), |vp| {
        let mode = file_of(vp, fh)?.amode;
        *out(amode, "amode")? = mode;
        Ok(())
    })
}

/// `MPI_File_get_group`: the group of the communicator that opened it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_group(
    fh: c_int,
    group: *mut c_int,
) -> c_int {
    entry("MPI_File_get_group", file_key(fh), |vp| {
        let comm = comm_of(file_of(vp, fh)?.comm)?;
        let members = vp.mpi().comm_members(comm)?;
        *out(group, "group")? = vp.groups.add(members);
        Ok(())
    })
}

/// `MPI_File_get_byte_offset`: the byte of the file where elementary type
/// `offset` of the view is.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_byte_offset(
    fh: c_int,
    offset: i64,
    disp: *mut i64,
) -> c_int {
    entry("MPI_File_get_byte_offset", file_key(fh), |vp| {
        let offset = u64::try_from(offset)
            .map_err(|_| Fail::new(ERR_ARG, format!("offset {offset} is negative")))?;
        let view = &file_of(vp, fh)?.view;
        let runs = view.runs(offset, view.etype.size.max(1))?;
        let at = runs.first().map_or(view.disp, |r| r.0);
        *out(disp, "disp")? = at as i64;
        Ok(())
    })
}

/// `MPI_File_get_type_extent`: the extent of `datatype` in the file: its
/// extent in memory, but for a predefined type of another size in an
/// `"external32"` file (C's `long`: 4 bytes there).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_type_extent(
    fh: c_int,
    datatype: c_int,
    extent: *mut isize,
) -> c_int {
    entry("MPI_File_get_type_extent", file_key(fh), |vp| {
        let external32 = file_of(vp, fh)?.view.external32;
        let t = vp.types.get(datatype)?;
        *out(extent, "extent")? = match external32 && t.predefined {
            true => external32::size(&t.runs, 1) as isize,
            false => t.extent,
        };
        Ok(())
    })
}

/// `MPI_File_set_atomicity` (collective): in atomic mode each read and
/// write holds a range lock over its runs (`atomic.rs`), so that a read
/// sees all of a conflicting write or none of it; in either mode, data
/// written is visible to the other ranks once the write returns.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_set_atomicity(
    fh: c_int,
    flag: c_int,
) -> c_int {
    entry("MPI_File_set_atomicity", file_key(fh), |vp| {
        on_every_rank(vp, fh, |f| {
            f.atomic = flag != 0;
            Ok(())
        })
    })
}

/// `MPI_File_get_atomicity`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_atomicity(
    fh: c_int,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_File_get_atomicity", file_key(fh), |vp| {
        let atomic = file_of(vp, fh)?.atomic;
        *out(flag, "flag")? = c_int::from(atomic);
        Ok(())
    })
}

/// `MPI_File_preallocate` (collective): the file is at least `size`
/// bytes long afterwards (extended, never shortened).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_preallocate(fh: c_int, size: i64) -> c_int {
    entry("MPI_File_preallocate", file_key(fh), |vp| {
        let size = u64::try_from(size)
            .map_err(|_| Fail::new(ERR_ARG, format!("size {size} is negative")))?;
        on_every_rank(vp, fh, |f| {
            let failed = |e| io_error("preallocate", e);
            let now = f.file.metadata().map_err(failed)?.len();
            if now < size {
                f.file.set_len(size).map_err(failed)?;
            }
            Ok(())
        })
    })
}
