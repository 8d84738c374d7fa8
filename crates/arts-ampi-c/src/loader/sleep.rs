//! A rank's `sleep`, `usleep` and `nanosleep` (`arts-mpicc` links programs
//! with `--wrap` for each) and gfortran's `SLEEP`: the rank sleeps, not its
//! PE. Under `mpirun` a sleeping process holds up only itself; a PE thread
//! that slept for one rank would hold up every other rank on the PE
//! (IMB-P2P's pause between its timed loops made each of its messages
//! take 10 ms). `arts_ampi::Mpi::sleep` runs the PE's other ranks
//! meanwhile. Outside a rank (a thread the program started) the C
//! library's call runs.

use std::ffi::{c_int, c_uint};
use std::time::Duration;

use crate::abi::MPI_COMM_WORLD;
use crate::state::{Phase, current, entry_in};

/// Sleeps the running rank for `d`; `false` outside a rank.
fn rank_sleep(d: Duration) -> bool {
    if current().is_null() {
        return false;
    }
    entry_in("sleep", MPI_COMM_WORLD, Phase::ANY, |vp| {
        vp.mpi().sleep(d);
        Ok(())
    });
    true
}

/// The program's `sleep(seconds)`: 0, the whole time slept.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_sleep(seconds: c_uint) -> c_uint {
    if rank_sleep(Duration::from_secs(seconds.into())) {
        return 0;
    }
    // SAFETY: the C library's own `sleep`.
    unsafe { libc::sleep(seconds) }
}

/// The program's `usleep(usec)`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn __wrap_usleep(usec: libc::useconds_t) -> c_int {
    if rank_sleep(Duration::from_micros(usec.into())) {
        return 0;
    }
    // SAFETY: the C library's own `usleep`.
    unsafe { libc::usleep(usec) }
}

/// The program's `nanosleep(req, rem)`: a time outside 0..10⁹ ns a second
/// fails with `EINVAL`, as the C library's does; a rank's sleep is never
/// interrupted, so `rem` is not written.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn __wrap_nanosleep(
    req: *const libc::timespec,
    rem: *mut libc::timespec,
) -> c_int {
    if !req.is_null() && !current().is_null() {
        // SAFETY: non-null, the program's requested time.
        let t = unsafe { *req };
        if t.tv_sec < 0 || !(0..1_000_000_000).contains(&t.tv_nsec) {
            // SAFETY: the calling thread's errno.
            unsafe { *libc::__errno_location() = libc::EINVAL };
            return -1;
        }
        rank_sleep(Duration::new(t.tv_sec as u64, t.tv_nsec as u32));
        return 0;
    }
    // SAFETY: the C library's own `nanosleep`, with the program's arguments.
    unsafe { libc::nanosleep(req, rem) }
}

/// gfortran's `CALL SLEEP(seconds)` (default `INTEGER`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_sleep_i4(seconds: *const i32) {
    // SAFETY: gfortran passes the argument by reference.
    let s = unsafe { *seconds };
    __wrap_sleep(s.max(0) as c_uint);
}

/// gfortran's `CALL SLEEP(seconds)` with an `INTEGER(8)` argument.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_sleep_i8(seconds: *const i64) {
    // SAFETY: as above.
    let s = unsafe { *seconds };
    __wrap_sleep(s.clamp(0, c_uint::MAX.into()) as c_uint);
}
