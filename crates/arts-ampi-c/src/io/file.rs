//! MPI-IO on the files of the machine: every rank opens the file itself
//! and reads and writes with `pread`/`pwrite` at the offsets its view
//! gives. A view is a displacement, an elementary type and a file type
//! that tiles the file from the displacement (`MPI_File_set_view`); data
//! goes, in order, to the bytes the file type's blocks cover. Collective
//! reads and writes (`*_all`) are the independent ones (correct, without
//! collective buffering). Data is stored `"native"` or, as a view may ask,
//! `"external32"` (each element big-endian, converted as it moves).
//! The non-blocking calls do their I/O in the call and return a complete
//! request. The shared file pointer is in `shared.rs`, the split
//! collectives in `split.rs`.
//! As MPI says, file errors return their code unless the program sets
//! another handler (`MPI_File_set_errhandler`).

use std::ffi::{CStr, c_char, c_int, c_void};
use std::fs::OpenOptions;
use std::os::unix::fs::{FileExt, OpenOptionsExt};

use arts_ampi::{Op, Status};

use crate::abi::*;
use crate::io::atomic::RangeLock;
use crate::io::handle::{File, MPI_BYTE, Shared, View};
use crate::p2p::buffers::{RecvBuf, byte_len, send_bytes};
use crate::state::errhandler::file_key;
use crate::state::fail::{Fail, comm_of, count, out};
use crate::state::request::{CReq, empty_status, write_status};
use crate::state::{Vp, entry, file_of};
use crate::types::external32;
use crate::types::layout::TypeInfo;

/// The MPI error of an I/O error, with what failed.
pub(crate) fn io_error(what: &str, e: std::io::Error) -> Fail {
    use std::io::ErrorKind::*;
    let class = match (e.raw_os_error(), e.kind()) {
        (Some(libc::EROFS), _) => ERR_READ_ONLY,
        (Some(libc::ENOSPC), _) => ERR_NO_SPACE,
        (Some(libc::EDQUOT), _) => ERR_QUOTA,
        (Some(libc::ETXTBSY | libc::EBUSY), _) => ERR_FILE_IN_USE,
        (Some(libc::ENAMETOOLONG | libc::ENOTDIR | libc::EISDIR | libc::ELOOP), _) => ERR_BAD_FILE,
        (_, NotFound) => ERR_NO_SUCH_FILE,
        (_, AlreadyExists) => ERR_FILE_EXISTS,
        (_, PermissionDenied) => ERR_ACCESS,
        _ => ERR_IO,
    };
    Fail::new(class, format!("{what}: {e}"))
}

/// The error handler key of `fh` for `entry` (files return errors by default).
fn key(fh: *const c_int) -> c_int {
    // SAFETY: the program passes its file handle (checked non-null).
    file_key(if fh.is_null() {
        MPI_FILE_NULL
    } else {
        unsafe { *fh }
    })
}

/// The worst error class of the ranks of `comm` (0: all succeeded), this
/// one having got `mine` (`None`: nothing to report): a collective open
/// fails on every rank if it failed on one.
fn agree(
    vp: &mut Vp,
    comm: arts_ampi::Comm,
    mine: Option<&Result<std::fs::File, Fail>>,
) -> Result<c_int, Fail> {
    let class = match mine {
        Some(Err(f)) => f.class,
        _ => 0,
    };
    let mut all = [0];
    vp.mpi().allreduce(&[class], &mut all, &Op::Max, comm)?;
    Ok(all[0])
}

/// `MPI_File_open` (collective): `amode` is one of `MPI_MODE_RDONLY`,
/// `MPI_MODE_WRONLY`, `MPI_MODE_RDWR`, with `MPI_MODE_CREATE`,
/// `MPI_MODE_EXCL`, `MPI_MODE_APPEND`, `MPI_MODE_DELETE_ON_CLOSE`, and
/// the hints `MPI_MODE_UNIQUE_OPEN` and `MPI_MODE_SEQUENTIAL` (accepted:
/// they promise what any access here may do anyway).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_open(
    comm: c_int,
    filename: *const c_char,
    amode: c_int,
    _info: c_int,
    fh: *mut c_int,
) -> c_int {
    entry("MPI_File_open", file_key(MPI_FILE_NULL), |vp| {
        let fh = out(fh, "fh")?;
        // What a failed open leaves (as Open MPI and MPICH do).
        *fh = MPI_FILE_NULL;
        if filename.is_null() {
            return Err(Fail::new(ERR_ARG, "the file name is a null pointer"));
        }
        // SAFETY: the program passes a NUL-terminated name (checked non-null).
        let name = unsafe { CStr::from_ptr(filename) }
            .to_string_lossy()
            .into_owned();
        let access = amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR);
        let creates = amode & (MPI_MODE_CREATE | MPI_MODE_EXCL) != 0;
        if access.count_ones() != 1 || (access == MPI_MODE_RDONLY && creates) {
            return Err(Fail::new(
                ERR_AMODE,
                format!(
                    "amode {amode} must hold exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY \
                     and MPI_MODE_RDWR (and no MPI_MODE_CREATE or MPI_MODE_EXCL with RDONLY)"
                ),
            ));
        }
        let c = crate::comm::inter::intra(vp, comm)?;
        let me = vp.mpi().comm_rank(c)?;
        let open = |create: bool| {
            let mut o = OpenOptions::new();
            o.read(access != MPI_MODE_WRONLY)
                .write(access != MPI_MODE_RDONLY)
                .mode(0o644);
            if create && amode & MPI_MODE_EXCL != 0 {
                o.create_new(true);
            } else if create && amode & MPI_MODE_CREATE != 0 {
                o.create(true);
            }
            o.open(&name)
        };
        // Rank 0 creates the file; the others open it once it exists.
        let cannot = |e| io_error(&format!("cannot open {name}"), e);
        let first = (me == 0).then(|| open(true).map_err(cannot));
        let class = agree(vp, c, first.as_ref())?;
        if class != 0 {
            return Err(match first {
                Some(Err(f)) => f,
                _ => Fail::new(
                    class,
                    format!("rank 0 of the communicator cannot open {name}"),
                ),
            });
        }
        let file = first.unwrap_or_else(|| open(false).map_err(cannot));
        let class = agree(vp, c, Some(&file))?;
        let file = match file {
            Ok(f) if class == 0 => f,
            Ok(_) => return Err(Fail::new(class, format!("another rank cannot open {name}"))),
            Err(f) => return Err(f),
        };
        let byte = vp.types.get(MPI_BYTE)?.clone();
        let pointer = if amode & MPI_MODE_APPEND != 0 {
            file.metadata().map_err(|e| io_error(&name, e))?.len()
        } else {
            0
        };
        let shared = Shared::open(vp, c, pointer)?;
        vp.files.push(Some(File {
            file,
            path: name.into(),
            comm,
            amode,
            view: View {
                disp: 0,
                etype: byte.clone(),
                filetype: byte,
                handles: [MPI_BYTE; 2],
                external32: false,
            },
            atomic: false,
            pointer,
            shared,
            split: None,
        }));
        *fh = vp.files.len() as c_int - 1;
        let default = vp.errhandler(file_key(MPI_FILE_NULL));
        vp.errhandlers.insert(file_key(*fh), default);
        Ok(())
    })
}

/// `MPI_File_close` (collective): `*fh` becomes `MPI_FILE_NULL`; a file
/// opened with `MPI_MODE_DELETE_ON_CLOSE` is deleted.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_close(fh: *mut c_int) -> c_int {
    entry("MPI_File_close", key(fh), |vp| {
        let fh = out(fh, "fh")?;
        let f = file_of(vp, *fh)?;
        let (comm, delete, path, shared) = (
            f.comm,
            f.amode & MPI_MODE_DELETE_ON_CLOSE != 0,
            f.path.clone(),
            f.shared,
        );
        vp.files[*fh as usize] = None;
        vp.errhandlers.remove(&file_key(*fh));
        *fh = MPI_FILE_NULL;
        let c = comm_of(comm)?;
        shared.close(vp)?;
        if delete && vp.mpi().comm_rank(c)? == 0 {
            std::fs::remove_file(&path).map_err(|e| io_error(&path.display().to_string(), e))?;
        }
        Ok(())
    })
}

/// `MPI_File_delete`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_delete(
    filename: *const c_char,
    _info: c_int,
) -> c_int {
    entry("MPI_File_delete", file_key(MPI_FILE_NULL), |_| {
        if filename.is_null() {
            return Err(Fail::new(ERR_ARG, "the file name is a null pointer"));
        }
        // SAFETY: a NUL-terminated name (checked non-null).
        let name = unsafe { CStr::from_ptr(filename) }
            .to_string_lossy()
            .into_owned();
        std::fs::remove_file(&name).map_err(|e| io_error(&format!("cannot delete {name}"), e))
    })
}

/// `MPI_File_set_view` (collective): data from byte `disp`
/// (`MPI_DISPLACEMENT_CURRENT`: where the shared file pointer is), in
/// elementary types `etype`, where `filetype` (built of `etype`s) tiles
/// the file. Resets the file pointers.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_set_view(
    fh: c_int,
    disp: i64,
    etype: c_int,
    filetype: c_int,
    datarep: *const c_char,
    _info: c_int,
) -> c_int {
    entry("MPI_File_set_view", file_key(fh), |vp| {
        // SAFETY: a NUL-terminated name, if not null.
        let rep = (!datarep.is_null()).then(|| unsafe { CStr::from_ptr(datarep) });
        let external32 = match rep.map(CStr::to_bytes) {
            None | Some(b"native" | b"internal") => false,
            Some(b"external32") => true,
            Some(other) => {
                return Err(Fail::new(
                    ERR_UNSUPPORTED_DATAREP,
                    format!(
                        "data representation {:?}: \"native\", \"internal\" (the same) and \
                         \"external32\" are supported",
                        String::from_utf8_lossy(other)
                    ),
                ));
            }
        };
        let disp = match disp {
            MPI_DISPLACEMENT_CURRENT => shared_byte(vp, fh)?,
            _ => u64::try_from(disp)
                .map_err(|_| Fail::new(ERR_ARG, format!("displacement {disp} is negative")))?,
        };
        let (e, ft) = (vp.types.comm_type(etype)?, vp.types.comm_type(filetype)?);
        if e.size == 0 || ft.size % e.size != 0 {
            return Err(Fail::new(
                ERR_ARG,
                "the file type must be built of whole elementary types",
            ));
        }
        if external32 {
            laid_out_alike(&e)?;
            laid_out_alike(&ft)?;
        }
        let f = file_of(vp, fh)?;
        f.view = View {
            disp,
            etype: e,
            filetype: ft,
            handles: [etype, filetype],
            external32,
        };
        f.pointer = 0;
        let shared = f.shared;
        shared.set(vp, 0)
    })
}

/// Fails unless `t` has the same bytes natively and in `"external32"`,
/// as an `"external32"` view's data needs here (then the view lays out
/// alike in both, and converting is reordering bytes).
fn laid_out_alike(t: &TypeInfo) -> Result<(), Fail> {
    if external32::same_sizes(&t.runs) {
        return Ok(());
    }
    Err(Fail::new(
        ERR_UNSUPPORTED_DATAREP,
        "\"external32\" file data of MPI_LONG, MPI_UNSIGNED_LONG or MPI_WCHAR (narrower \
         there than here) is not supported: use fixed-size types such as MPI_INT64_T",
    ))
}

/// The byte in the file the shared pointer of `fh` is at
/// (`MPI_DISPLACEMENT_CURRENT`: only of a file opened `MPI_MODE_SEQUENTIAL`).
fn shared_byte(vp: &mut Vp, fh: c_int) -> Result<u64, Fail> {
    let f = file_of(vp, fh)?;
    if f.amode & MPI_MODE_SEQUENTIAL == 0 {
        return Err(Fail::new(
            ERR_ARG,
            "MPI_DISPLACEMENT_CURRENT is for files opened with MPI_MODE_SEQUENTIAL",
        ));
    }
    let shared = f.shared;
    let at = shared.position(vp)?;
    let view = &file_of(vp, fh)?.view;
    let runs = view.runs(at, view.etype.size.max(1))?;
    Ok(runs.first().map_or(view.disp, |r| r.0))
}

/// Reads or writes `count` elements of `datatype` at `buf` from
/// elementary type `offset` of `fh`'s view; returns the bytes moved.
#[allow(clippy::too_many_arguments)]
pub(crate) fn transfer(
    vp: &mut Vp,
    fh: c_int,
    offset: u64,
    buf: *mut c_void,
    count_: c_int,
    datatype: c_int,
    write: bool,
    status: *mut MpiStatus,
) -> Result<usize, Fail> {
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let f = file_of(vp, fh)?;
    let wanted = if write {
        MPI_MODE_RDONLY
    } else {
        MPI_MODE_WRONLY
    };
    if f.amode & wanted != 0 {
        let what = if write { "written" } else { "read" };
        return Err(Fail::new(
            ERR_ACCESS,
            format!("the file was not opened to be {what}"),
        ));
    }
    let len = byte_len(n, &t)?;
    let runs = f.view.runs(offset, len)?;
    let external32 = f.view.external32;
    if external32 {
        laid_out_alike(&t)?;
    }
    let io = |e| io_error(&f.path.display().to_string(), e);
    let _lock = match f.atomic {
        true => RangeLock::take(&f.file, &runs, write).map_err(io)?,
        false => None,
    };
    let moved = if write {
        let mut data = send_bytes(buf, n, &t)?;
        if external32 {
            let mut wire = Vec::with_capacity(data.len());
            external32::encode(&t.runs, &data, &mut wire);
            data = wire.into();
        }
        let mut at = 0;
        for (pos, l) in runs {
            f.file.write_all_at(&data[at..at + l], pos).map_err(io)?;
            at += l;
        }
        len
    } else {
        let mut rb = RecvBuf::new(buf, n, &t)?;
        let mut wire = if external32 { vec![0; len] } else { Vec::new() };
        let dst = if external32 {
            &mut wire[..]
        } else {
            rb.slice()
        };
        let mut at = 0;
        for (pos, l) in runs {
            let mut got = 0;
            while got < l {
                match f.file.read_at(&mut dst[at + got..at + l], pos + got as u64) {
                    Ok(0) => break,
                    Ok(k) => got += k,
                    Err(e) => return Err(io(e)),
                }
            }
            at += got;
            if got < l {
                break; // the end of the file
            }
        }
        if external32 {
            external32::decode(&t.runs, &wire[..at], rb.slice());
        }
        rb.finish(at);
        at
    };
    write_file_status(status, moved);
    Ok(moved)
}

/// Writes the status of a file call that moved `bytes` (none if `status`
/// is `MPI_STATUS_IGNORE`).
pub(crate) fn write_file_status(status: *mut MpiStatus, bytes: usize) {
    write_status(
        status,
        &Status {
            bytes,
            ..empty_status()
        },
    );
}

/// Reads or writes at elementary type `offset` of `fh`'s view (see
/// [`transfer`]); a negative offset is an error.
#[allow(clippy::too_many_arguments)]
pub(crate) fn at_offset(
    vp: &mut Vp,
    fh: c_int,
    offset: i64,
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    write: bool,
    status: *mut MpiStatus,
) -> Result<usize, Fail> {
    let offset = u64::try_from(offset)
        .map_err(|_| Fail::new(ERR_ARG, format!("offset {offset} is negative")))?;
    transfer(vp, fh, offset, buf, count, datatype, write, status)
}

/// Reads or writes at `fh`'s individual file pointer, which moves past
/// the data (see [`transfer`]).
pub(crate) fn at_pointer(
    vp: &mut Vp,
    fh: c_int,
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    write: bool,
    status: *mut MpiStatus,
) -> Result<usize, Fail> {
    let at = file_of(vp, fh)?.pointer;
    let moved = transfer(vp, fh, at, buf, count, datatype, write, status)?;
    let f = file_of(vp, fh)?;
    f.pointer += (moved / f.view.etype.size) as u64;
    Ok(moved)
}

/// Stores the request of a non-blocking file call that moved `bytes`: the
/// transfer is done in the call, so the request is complete.
pub(crate) fn done_request(vp: &mut Vp, bytes: usize, request: *mut c_int) -> Result<(), Fail> {
    let request = out(request, "request")?;
    let status = arts_ampi::Status {
        source: MPI_ANY_SOURCE,
        tag: MPI_ANY_TAG,
        count: bytes,
        bytes,
    };
    *request = vp.add_req(CReq::Done(status));
    Ok(())
}

/// Defines a file call that reads or writes where `$place` says (a
/// function of the rank, the file, the `$extra` arguments, the buffer,
/// `$write` and the status, returning the bytes moved), and, if named, its
/// non-blocking form, which does the I/O in the call and returns a
/// complete request (as MPI-IO libraries do where the file system has no
/// asynchronous I/O).
macro_rules! file_call {
    ($blocking:ident, $place:path, $write:expr, ($($extra:ident: $ty:ty),*)) => {
        #[doc = concat!("`", stringify!($blocking), "`: at the place `", stringify!($place), "` gives.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $blocking(
            fh: c_int,
            $($extra: $ty,)*
            buf: *mut c_void,
            count: c_int,
            datatype: c_int,
            status: *mut MpiStatus,
        ) -> c_int {
            entry(&stringify!($blocking)[5..], file_key(fh), |vp| {
                $place(vp, fh, $($extra,)* buf, count, datatype, $write, status).map(drop)
            })
        }
    };
    ($blocking:ident, $nonblocking:ident, $place:path, $write:expr, ($($extra:ident: $ty:ty),*)) => {
        file_call!($blocking, $place, $write, ($($extra: $ty),*));

        #[doc = concat!("`", stringify!($nonblocking), "`: `", stringify!($blocking), "`, a complete request.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $nonblocking(
            fh: c_int,
            $($extra: $ty,)*
            buf: *mut c_void,
            count: c_int,
            datatype: c_int,
            request: *mut c_int,
        ) -> c_int {
            entry(&stringify!($nonblocking)[5..], file_key(fh), |vp| {
                let none = std::ptr::null_mut();
                let moved = $place(vp, fh, $($extra,)* buf, count, datatype, $write, none)?;
                done_request(vp, moved, request)
            })
        }
    };
}
pub(crate) use file_call;

// Explicit offsets and the individual file pointer; the `_all` forms are
// independent I/O here.
file_call!(ARTS_MPI_File_read_at, ARTS_MPI_File_iread_at, at_offset, false, (offset: i64));
file_call!(ARTS_MPI_File_write_at, ARTS_MPI_File_iwrite_at, at_offset, true, (offset: i64));
file_call!(ARTS_MPI_File_read_at_all, ARTS_MPI_File_iread_at_all, at_offset, false, (offset: i64));
file_call!(ARTS_MPI_File_write_at_all, ARTS_MPI_File_iwrite_at_all, at_offset, true, (offset: i64));
file_call!(
    ARTS_MPI_File_read,
    ARTS_MPI_File_iread,
    at_pointer,
    false,
    ()
);
file_call!(
    ARTS_MPI_File_write,
    ARTS_MPI_File_iwrite,
    at_pointer,
    true,
    ()
);
file_call!(
    ARTS_MPI_File_read_all,
    ARTS_MPI_File_iread_all,
    at_pointer,
    false,
    ()
);
file_call!(
    ARTS_MPI_File_write_all,
    ARTS_MPI_File_iwrite_all,
    at_pointer,
    true,
    ()
);

/// The elementary type that `MPI_File_seek(offset, whence)` of `f` goes
/// to, `current` being the pointer's place now.
pub(crate) fn seek_target(f: &File, offset: i64, whence: c_int, current: u64) -> Result<u64, Fail> {
    let base = match whence {
        MPI_SEEK_SET => 0,
        MPI_SEEK_CUR => current as i64,
        MPI_SEEK_END => {
            let len = f.file.metadata().map_err(|e| io_error("seek", e))?.len();
            f.view.etypes_before(len) as i64
        }
        _ => {
            return Err(Fail::new(
                ERR_ARG,
                format!("whence {whence} is not MPI_SEEK_SET, MPI_SEEK_CUR or MPI_SEEK_END"),
            ));
        }
    };
    u64::try_from(base + offset)
        .map_err(|_| Fail::new(ERR_ARG, "the file pointer would go before the view"))
}

/// `MPI_File_seek`: `MPI_SEEK_SET` or `MPI_SEEK_CUR` (in elementary types
/// of the view); `MPI_SEEK_END` from the view's data before the file's end.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_seek(
    fh: c_int,
    offset: i64,
    whence: c_int,
) -> c_int {
    entry("MPI_File_seek", file_key(fh), |vp| {
        let f = file_of(vp, fh)?;
        f.pointer = seek_target(f, offset, whence, f.pointer)?;
        Ok(())
    })
}

/// `MPI_File_get_position`: the file pointer, in elementary types.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_position(
    fh: c_int,
    offset: *mut i64,
) -> c_int {
    entry("MPI_File_get_position", file_key(fh), |vp| {
        let p = file_of(vp, fh)?.pointer;
        *out(offset, "offset")? = p as i64;
        Ok(())
    })
}

/// `MPI_File_get_size`: in bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_size(fh: c_int, size: *mut i64) -> c_int {
    entry("MPI_File_get_size", file_key(fh), |vp| {
        let f = file_of(vp, fh)?;
        let len = f.file.metadata().map_err(|e| io_error("size", e))?.len();
        *out(size, "size")? = len as i64;
        Ok(())
    })
}

/// `MPI_File_set_size` (collective): truncates or extends the file.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_set_size(fh: c_int, size: i64) -> c_int {
    entry("MPI_File_set_size", file_key(fh), |vp| {
        let size = u64::try_from(size)
            .map_err(|_| Fail::new(ERR_ARG, format!("size {size} is negative")))?;
        on_every_rank(vp, fh, |f| {
            f.file.set_len(size).map_err(|e| io_error("set size", e))
        })
    })
}

/// Applies `change` to this rank's side of `fh`, then waits for every rank
/// of the file's communicator (the collective calls that change a file).
pub(crate) fn on_every_rank(
    vp: &mut Vp,
    fh: c_int,
    change: impl FnOnce(&mut File) -> Result<(), Fail>,
) -> Result<(), Fail> {
    let f = file_of(vp, fh)?;
    let comm = comm_of(f.comm)?;
    change(f)?;
    vp.mpi().barrier(comm)?;
    Ok(())
}

/// `MPI_File_sync` (collective): the rank's writes reach the disk.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_sync(fh: c_int) -> c_int {
    entry("MPI_File_sync", file_key(fh), |vp| {
        on_every_rank(vp, fh, |f| {
            f.file.sync_data().map_err(|e| io_error("sync", e))
        })
    })
}

/// `MPI_File_get_errhandler` (`MPI_FILE_NULL`: that of files opened later).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_errhandler(
    fh: c_int,
    handler: *mut c_int,
) -> c_int {
    entry("MPI_File_get_errhandler", file_key(fh), |vp| {
        let handler = out(handler, "errhandler")?;
        if fh != MPI_FILE_NULL {
            file_of(vp, fh)?;
        }
        *handler = vp.errhandler(file_key(fh));
        Ok(())
    })
}

/// `MPI_File_set_errhandler` (`MPI_FILE_NULL`: for files opened later).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_set_errhandler(
    fh: c_int,
    handler: c_int,
) -> c_int {
    entry("MPI_File_set_errhandler", file_key(fh), |vp| {
        if fh != MPI_FILE_NULL {
            file_of(vp, fh)?;
        }
        vp.set_errhandler(file_key(fh), handler)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_io_error_gets_the_class_mpi_names_for_its_cause() {
        let class = |errno| io_error("open", std::io::Error::from_raw_os_error(errno)).class;
        for (errno, expected) in [
            (libc::ENOENT, ERR_NO_SUCH_FILE),
            (libc::EEXIST, ERR_FILE_EXISTS),
            (libc::EACCES, ERR_ACCESS),
            (libc::EROFS, ERR_READ_ONLY),
            (libc::ENOSPC, ERR_NO_SPACE),
            (libc::EDQUOT, ERR_QUOTA),
            (libc::ETXTBSY, ERR_FILE_IN_USE),
            (libc::EISDIR, ERR_BAD_FILE),
            (libc::ENAMETOOLONG, ERR_BAD_FILE),
            (libc::EIO, ERR_IO),
        ] {
            assert_eq!(class(errno), expected, "errno {errno}");
        }
    }
}
