//! The AMPI extensions: `AMPI_Migrate` (a collective load-balancing point),
//! `AMPI_Migrateto` / `AMPI_Migrate_to_pe`, `AMPI_Setmigratable`, `AMPI_My_pe`.

use std::ffi::c_int;

use crate::abi::*;
use crate::state::{comm_of, current, entry, set_current};

/// `AMPI_Migrate(hints)`: every rank calls it; the load balancer may move
/// this rank (stack, heap and its private globals) to another PE.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_AMPI_Migrate(_hints: c_int) -> c_int {
    entry("AMPI_Migrate", MPI_COMM_WORLD, |vp| {
        vp.mpi().migrate();
        Ok(())
    })
}

fn migrate_to(call: &'static str, pe: c_int) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let pe = u32::try_from(pe)
            .map_err(|_| crate::state::Fail::new(ERR_ARG, format!("PE {pe} is negative")))?;
        vp.mpi().migrate_to(pe)?;
        Ok(())
    })
}

/// `AMPI_Migrateto(destPE)`: moves this rank to PE `destPE` (not collective).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_AMPI_Migrateto(pe: c_int) -> c_int {
    migrate_to("AMPI_Migrateto", pe)
}

/// `AMPI_Migrate_to_pe(destPE)`: the same as `AMPI_Migrateto`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_AMPI_Migrate_to_pe(pe: c_int) -> c_int {
    migrate_to("AMPI_Migrate_to_pe", pe)
}

/// `AMPI_Setmigratable(comm, mig)`: allows or forbids moving this rank.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_AMPI_Setmigratable(comm: c_int, mig: c_int) -> c_int {
    entry("AMPI_Setmigratable", comm, |vp| {
        comm_of(comm)?;
        vp.mpi().set_migratable(mig != 0);
        Ok(())
    })
}

/// `AMPI_My_pe()`: the PE running this rank now (-1 outside a rank).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_AMPI_My_pe() -> c_int {
    let p = current();
    if p.is_null() {
        return -1;
    }
    // SAFETY: the running rank's state (see `state::set_current`).
    let pe = unsafe { &*p }.mpi().pe() as c_int;
    set_current(p);
    pe
}
