//! Environment calls: init/finalize (thread levels: `MPI_THREAD_MULTIPLE`
//! is refused), abort, processor name, version and the clock.

use std::ffi::{c_char, c_int, c_void};

use crate::abi::*;
use crate::state::fail::{Fail, out};
use crate::state::{Phase, Vp, entry, entry_in};

fn init(vp: &mut Vp, level: c_int) -> Result<(), Fail> {
    vp.phase = Phase::Running;
    vp.thread_level = level;
    let name = ["MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED"][level as usize];
    if let Some(Some(env)) = vp.infos.get_mut(crate::state::INFO_ENV as usize - 1) {
        env.push(("thread_level".to_string(), name.to_string()));
    }
    let me = vp.mpi().comm_self();
    if me.0 as c_int != MPI_COMM_SELF {
        return Err(Fail::new(
            ERR_INTERN,
            format!(
                "MPI_COMM_SELF got handle {} instead of {MPI_COMM_SELF}",
                me.0
            ),
        ));
    }
    Ok(())
}

/// `MPI_Init` (the arguments are left as they are).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Init(
    _argc: *mut c_int,
    _argv: *mut CVoid3,
) -> c_int {
    entry_in("MPI_Init", MPI_COMM_WORLD, &[Phase::Before], |vp| {
        init(vp, MPI_THREAD_SINGLE)
    })
}

/// `char ***`.
type CVoid3 = *mut *mut c_char;

/// `MPI_Init_thread`: SINGLE and FUNNELED are granted as asked; SERIALIZED
/// and MULTIPLE are granted as FUNNELED (only a rank's own thread may call
/// MPI: other threads have no rank to suspend), which `provided` says, as
/// MPI lets an implementation give less than asked: the program decides
/// whether that will do.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Init_thread(
    _argc: *mut c_int,
    _argv: *mut CVoid3,
    required: c_int,
    provided: *mut c_int,
) -> c_int {
    entry_in("MPI_Init_thread", MPI_COMM_WORLD, &[Phase::Before], |vp| {
        let provided = out(provided, "provided")?;
        let level = match required {
            MPI_THREAD_SINGLE | MPI_THREAD_FUNNELED => required,
            MPI_THREAD_SERIALIZED | MPI_THREAD_MULTIPLE => MPI_THREAD_FUNNELED,
            other => {
                return Err(Fail::new(
                    ERR_ARG,
                    format!("thread level {other} is not one of MPI_THREAD_SINGLE..MULTIPLE"),
                ));
            }
        };
        init(vp, level)?;
        *provided = level;
        Ok(())
    })
}

/// `MPI_Finalize`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Finalize() -> c_int {
    entry("MPI_Finalize", MPI_COMM_WORLD, |vp| {
        // As if MPI_COMM_SELF were freed first: libraries hook clean-up there.
        crate::comm::attrs::delete_all(vp, crate::state::object::Object::Comm(MPI_COMM_SELF))?;
        // Receivers may still read the buffers of large `MPI_Isend`s.
        vp.mpi().complete_sends("MPI_Finalize");
        vp.phase = Phase::After;
        Ok(())
    })
}

/// `MPI_Initialized` (allowed at any time).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Initialized(flag: *mut c_int) -> c_int {
    entry_in("MPI_Initialized", MPI_COMM_WORLD, Phase::ANY, |vp| {
        *out(flag, "flag")? = c_int::from(vp.phase != Phase::Before);
        Ok(())
    })
}

/// `MPI_Finalized` (allowed at any time).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Finalized(flag: *mut c_int) -> c_int {
    entry_in("MPI_Finalized", MPI_COMM_WORLD, Phase::ANY, |vp| {
        *out(flag, "flag")? = c_int::from(vp.phase == Phase::After);
        Ok(())
    })
}

/// `MPI_Query_thread`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Query_thread(provided: *mut c_int) -> c_int {
    entry("MPI_Query_thread", MPI_COMM_WORLD, |vp| {
        *out(provided, "provided")? = vp.thread_level;
        Ok(())
    })
}

/// `MPI_Is_thread_main`: true on the rank's own thread (calls from other
/// threads are refused before they get here).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Is_thread_main(flag: *mut c_int) -> c_int {
    entry("MPI_Is_thread_main", MPI_COMM_WORLD, |_| {
        *out(flag, "flag")? = 1;
        Ok(())
    })
}

/// `MPI_Abort`: ends the whole run (every rank) with `errorcode` as the
/// process's exit status (1 if it is not in 1..=255).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Abort(comm: c_int, errorcode: c_int) -> c_int {
    let vp = crate::state::current();
    let who = if vp.is_null() {
        "a thread outside the ranks".to_string()
    } else {
        // SAFETY: the running rank's state (see `state::set_current`).
        format!("rank {}", unsafe { &*vp }.rank)
    };
    if !vp.is_null() {
        // SAFETY: the running rank's state: what it wrote is written out.
        unsafe { (*vp).stdio.finish() };
    }
    // SAFETY: flushing every C stream is always allowed.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    eprintln!(
        "error: MPI_Abort called by {who} on communicator {comm} with error code {errorcode}"
    );
    let code = if (1..=255).contains(&errorcode) {
        errorcode
    } else {
        1
    };
    std::process::exit(code)
}

/// `MPI_Get_processor_name`: the host name.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_processor_name(
    name: *mut c_char,
    resultlen: *mut c_int,
) -> c_int {
    entry("MPI_Get_processor_name", MPI_COMM_WORLD, |_| {
        let len = out(resultlen, "resultlen")?;
        if name.is_null() {
            return Err(Fail::new(ERR_ARG, "name is a null pointer"));
        }
        let mut buf = [0u8; MPI_MAX_PROCESSOR_NAME as usize];
        // SAFETY: `buf` has room for the name and its terminator.
        unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len() - 1) };
        let n = buf.iter().position(|&b| b == 0).unwrap_or(buf.len() - 1);
        // SAFETY: `name` has room for MPI_MAX_PROCESSOR_NAME bytes (MPI's rule).
        unsafe { std::ptr::copy_nonoverlapping(buf.as_ptr().cast(), name, n + 1) };
        *len = n as c_int;
        Ok(())
    })
}

/// `MPI_Get_version`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_version(
    version: *mut c_int,
    sub: *mut c_int,
) -> c_int {
    entry_in("MPI_Get_version", MPI_COMM_WORLD, Phase::ANY, |_| {
        *out(version, "version")? = 3;
        *out(sub, "subversion")? = 1;
        Ok(())
    })
}

/// `MPI_Get_library_version` (allowed at any time): arts and its version.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_library_version(
    version: *mut c_char,
    resultlen: *mut c_int,
) -> c_int {
    entry_in(
        "MPI_Get_library_version",
        MPI_COMM_WORLD,
        Phase::ANY,
        |_| {
            let len = out(resultlen, "resultlen")?;
            if version.is_null() {
                return Err(Fail::new(ERR_ARG, "version is a null pointer"));
            }
            let text = concat!(
                "arts AMPI ",
                env!("CARGO_PKG_VERSION"),
                " (MPI 3.1 subset on migratable ranks)"
            );
            // SAFETY: the program's buffer holds MPI_MAX_LIBRARY_VERSION_STRING
            // bytes, more than this text and its NUL.
            unsafe {
                std::ptr::copy_nonoverlapping(text.as_ptr().cast(), version, text.len());
                *version.add(text.len()) = 0;
            }
            *len = text.len() as c_int;
            Ok(())
        },
    )
}

/// `MPI_Wtime`: seconds of the system's monotonic clock, the same clock
/// for every rank and every process of the machine (a rank that moves to
/// another process reads on).
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_MPI_Wtime() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes the time into `t`; CLOCK_MONOTONIC always exists.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// `MPI_Wtick`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_MPI_Wtick() -> f64 {
    1e-9
}

/// `MPI_Alloc_mem`: `size` bytes, 64-byte aligned, from the rank's heap
/// (its slot under `--isomalloc`, so they move with it); `*baseptr` is the
/// address. `info` is ignored.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Alloc_mem(
    size: std::ffi::c_long,
    _info: c_int,
    baseptr: *mut c_void,
) -> c_int {
    entry("MPI_Alloc_mem", MPI_COMM_WORLD, |_| {
        let slot = out(baseptr.cast::<*mut c_void>(), "baseptr")?;
        let bytes = usize::try_from(size)
            .map_err(|_| Fail::new(ERR_ARG, format!("size {size} is negative")))?;
        let p = crate::loader::malloc::allocate(bytes.max(1), 64);
        if p.is_null() {
            return Err(Fail::new(
                ERR_NO_MEM,
                format!("{bytes} bytes could not be allocated"),
            ));
        }
        *slot = p;
        Ok(())
    })
}

/// `MPI_Free_mem` of a block from `MPI_Alloc_mem`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Free_mem(base: *mut c_void) -> c_int {
    entry("MPI_Free_mem", MPI_COMM_WORLD, |_| {
        crate::loader::malloc::release(base);
        Ok(())
    })
}
