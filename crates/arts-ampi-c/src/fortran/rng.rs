//! Each rank's own `random_number` generator.
//!
//! libgfortran keeps one generator state per thread, and the ranks of a PE
//! share its thread: a rank that seeds with `random_seed(put=)` and draws
//! across MPI calls would draw numbers another rank's draws interleave
//! with (under `mpirun` each rank is a process with its own). For a
//! program that draws, [`RankRng`] saves the thread's state into the rank
//! when it suspends and puts it back when it resumes, on whatever PE
//! thread; a rank starts from a fresh state of its own (`random_seed()`
//! with no argument: random, as a process's first state is).
//!
//! The calls are the `mpi` module's (compiled by `arts-mpif90` into every
//! Fortran program): `arts_fortran_rng_size`, `_get`, `_put`, `_fresh`,
//! which call `random_seed` itself.

use std::ffi::c_int;

/// `random_seed(size=n)`.
type SizeFn = unsafe extern "C" fn(*mut c_int);
/// `random_seed(get=s(1:n))` / `random_seed(put=s(1:n))`.
type StateFn = unsafe extern "C" fn(c_int, *mut c_int);
/// `random_seed()`.
type FreshFn = unsafe extern "C" fn();

/// The names of the module's calls, in the order [`RankRng::new`] takes
/// their addresses.
pub(crate) const CALLS: [&std::ffi::CStr; 4] = [
    c"arts_fortran_rng_size",
    c"arts_fortran_rng_get",
    c"arts_fortran_rng_put",
    c"arts_fortran_rng_fresh",
];

/// Whether a program imports libgfortran's `random_number` (its
/// `_gfortran_random_r*` or `_gfortran_arandom_r*`): `file` is the
/// program's ELF file.
pub(crate) fn draws(file: &[u8]) -> bool {
    use object::{Object, ObjectSymbol};
    object::File::parse(file).is_ok_and(|f| {
        f.dynamic_symbols().any(|s| {
            s.is_undefined()
                && s.name().is_ok_and(|n| {
                    n.starts_with("_gfortran_random_r") || n.starts_with("_gfortran_arandom_r")
                })
        })
    })
}

/// A rank's generator state while another rank has the thread.
pub(crate) struct RankRng {
    get: StateFn,
    put: StateFn,
    state: Vec<c_int>,
    /// The thread's state when the rank resumes.
    found: Vec<c_int>,
}

impl RankRng {
    /// From the addresses of [`CALLS`] in the rank's copy of the program
    /// (`None` if one is missing: a program built before the module had
    /// them); gives the calling thread a fresh state for the rank.
    pub(crate) fn new(calls: [usize; 4]) -> Option<RankRng> {
        if calls.contains(&0) {
            return None;
        }
        // SAFETY: the addresses are the module's functions of these types.
        let (size, get, put, fresh) = unsafe {
            (
                std::mem::transmute::<usize, SizeFn>(calls[0]),
                std::mem::transmute::<usize, StateFn>(calls[1]),
                std::mem::transmute::<usize, StateFn>(calls[2]),
                std::mem::transmute::<usize, FreshFn>(calls[3]),
            )
        };
        let mut n: c_int = 0;
        // SAFETY: libgfortran's own calls, on the rank's thread.
        unsafe {
            size(&mut n);
            fresh();
        }
        let n = usize::try_from(n).ok()?;
        Some(RankRng {
            get,
            put,
            state: vec![0; n],
            found: vec![0; n],
        })
    }

    /// The rank suspends: its state, from the thread.
    pub(crate) fn save(&mut self) {
        // SAFETY: `state` holds the `random_seed(size=)` integers asked for.
        unsafe { (self.get)(self.state.len() as c_int, self.state.as_mut_ptr()) };
    }

    /// The rank resumes: its state, to the thread, unless the thread
    /// holds it still (no other rank drew meanwhile). Putting a state costs
    /// ~240 ns in libgfortran 12, getting one ~10.
    pub(crate) fn restore(&mut self) {
        // SAFETY: as in `save`.
        unsafe { (self.get)(self.found.len() as c_int, self.found.as_mut_ptr()) };
        if self.found != self.state {
            // SAFETY: as in `save`.
            unsafe { (self.put)(self.state.len() as c_int, self.state.as_mut_ptr()) };
        }
    }
}
