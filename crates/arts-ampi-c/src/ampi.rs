//! The AMPI extensions: `AMPI_Migrate` (a collective load-balancing point,
//! blocking or with `AMPI_INFO_LB_ASYNC` not, and a checkpoint, as its
//! info's `ampi_load_balance` and `ampi_checkpoint` hints say) and
//! `AMPI_Async_Migrate`, the load instrumentation
//! (`AMPI_Load_start_measure`, `AMPI_Load_stop_measure`,
//! `AMPI_Load_set_value`),
//! `AMPI_Migrateto` / `AMPI_Migrate_to_pe`, `AMPI_Setmigratable`, `AMPI_My_pe`,
//! checkpoints of whole ranks (`AMPI_Checkpoint`, `AMPI_MemCheckpoint`,
//! with isomalloc; without it, of the data the ranks registered with
//! `AMPI_Register_pup`, `crate::pup::registry`), and
//! checkpoints of the ranks' own state (`AMPI_Checkpoint_state`,
//! `AMPI_Restored_state`: `Mpi::checkpoint`/`restored` with the bytes the
//! program names, which also work without isomalloc).

use std::ffi::{CStr, c_char, c_int, c_void};
use std::path::Path;

use crate::abi::*;
use crate::comm::info;
use crate::pup::registry::{self, Target};
use crate::state::fail::{Fail, comm_of, out};
use crate::state::{Vp, current, entry, set_current};

/// `MPI_INFO_NULL`: no hints (a balancing step, as `AMPI_INFO_LB_SYNC`).
const INFO_NULL: c_int = 0;

/// `AMPI_Migrate(hints)`: every rank calls it. Its info's (AMPI's hints):
/// `ampi_load_balance` = `sync` (the load balancer may move this rank —
/// stack, heap and its private globals — to another PE; `AMPI_INFO_LB_SYNC`
/// and `MPI_INFO_NULL`), `async` (the rank goes on at once and moves at a
/// later blocking call, `Mpi::async_migrate`; `AMPI_INFO_LB_ASYNC`) or
/// `false` (the default of an info without the key); then
/// `ampi_checkpoint` = `in_memory` (as `AMPI_MemCheckpoint`), `to_file=DIR`
/// (as `AMPI_Checkpoint(DIR)`) or `false`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Migrate(hints: c_int) -> c_int {
    entry("AMPI_Migrate", MPI_COMM_WORLD, |vp| {
        let (lb, checkpoint) = match hints {
            INFO_NULL => (Some("sync".to_string()), None),
            h => (
                info::value(vp, h, "ampi_load_balance")?,
                info::value(vp, h, "ampi_checkpoint")?,
            ),
        };
        match lb.as_deref() {
            Some("sync") => vp.mpi().migrate(),
            Some("async") => vp.mpi().async_migrate(),
            None | Some("false") => {}
            Some(other) => {
                return Err(Fail::new(
                    ERR_ARG,
                    format!(
                        "ampi_load_balance = {other:?}: accepted are \"sync\", \"async\" and \"false\""
                    ),
                ));
            }
        }
        match checkpoint.as_deref() {
            None | Some("false") => Ok(()),
            Some("in_memory") => mem_checkpoint(vp),
            Some(c) if c.starts_with("to_file=") => whole_checkpoint(vp, Some(&c[8..])),
            Some(other) => Err(Fail::new(
                ERR_ARG,
                format!(
                    "ampi_checkpoint = {other:?}: accepted are \"in_memory\", \"to_file=DIR\" \
                     and \"false\""
                ),
            )),
        }
    })
}

/// `AMPI_Load_start_measure()`: this rank's time counts into the load the
/// balancer sees again (`Mpi::measure_load`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Load_start_measure() -> c_int {
    entry("AMPI_Load_start_measure", MPI_COMM_WORLD, |vp| {
        vp.mpi().measure_load(true);
        Ok(())
    })
}

/// `AMPI_Load_stop_measure()`: this rank's time stops counting into the
/// load the balancer sees, until `AMPI_Load_start_measure`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Load_stop_measure() -> c_int {
    entry("AMPI_Load_stop_measure", MPI_COMM_WORLD, |vp| {
        vp.mpi().measure_load(false);
        Ok(())
    })
}

/// `AMPI_Load_set_value(value)`: this rank's load for the current
/// balancing period is `value` seconds, not its measured time.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Load_set_value(value: f64) -> c_int {
    entry("AMPI_Load_set_value", MPI_COMM_WORLD, |vp| {
        if !(value.is_finite() && value >= 0.0) {
            return Err(Fail::new(
                ERR_ARG,
                format!("value {value}: a load is a number of seconds >= 0"),
            ));
        }
        vp.mpi().set_load(value);
        Ok(())
    })
}

/// `AMPI_Async_Migrate()`: `AMPI_Migrate(AMPI_INFO_LB_ASYNC)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Async_Migrate() -> c_int {
    entry("AMPI_Async_Migrate", MPI_COMM_WORLD, |vp| {
        vp.mpi().async_migrate();
        Ok(())
    })
}

fn migrate_to(call: &'static str, pe: c_int) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let pe = u32::try_from(pe)
            .map_err(|_| crate::state::fail::Fail::new(ERR_ARG, format!("PE {pe} is negative")))?;
        vp.mpi().migrate_to(pe)?;
        Ok(())
    })
}

/// `AMPI_Migrateto(destPE)`: moves this rank to PE `destPE` (not collective).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Migrateto(pe: c_int) -> c_int {
    migrate_to("AMPI_Migrateto", pe)
}

/// `AMPI_Migrate_to_pe(destPE)`: the same as `AMPI_Migrateto`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Migrate_to_pe(pe: c_int) -> c_int {
    migrate_to("AMPI_Migrate_to_pe", pe)
}

/// `AMPI_Setmigratable(comm, mig)`: allows or forbids moving this rank.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Setmigratable(comm: c_int, mig: c_int) -> c_int {
    entry("AMPI_Setmigratable", comm, |vp| {
        comm_of(comm)?;
        vp.mpi().set_migratable(mig != 0);
        Ok(())
    })
}

/// `AMPI_My_pe()`: the PE running this rank now (-1 outside a rank).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_My_pe() -> c_int {
    let p = current();
    if p.is_null() {
        return -1;
    }
    // SAFETY: the running rank's state (see `state::set_current`).
    let pe = unsafe { &*p }.mpi().pe() as c_int;
    set_current(p);
    pe
}

/// `AMPI_Checkpoint(dname)`: collective over `MPI_COMM_WORLD`; saves every
/// rank *whole* — its stack, heap, globals and MPI state
/// (`Mpi::checkpoint_ranks`; with `--isomalloc`; without it, the data
/// the ranks registered with `AMPI_Register_pup`) — as the run's K-th
/// checkpoint (K = 1, 2, … by call) into directory `dname` (the same on
/// every rank), or with NULL or "" into `--checkpoint-dir`, and returns
/// when it is written. `--restart DIR/ckpt-K` continues from this call's
/// return. With neither it does nothing (on every rank).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Checkpoint(dname: *const c_char) -> c_int {
    entry("AMPI_Checkpoint", MPI_COMM_WORLD, |vp| {
        // SAFETY: the program passes a C string or null.
        let named = (!dname.is_null()).then(|| unsafe { CStr::from_ptr(dname) }.to_string_lossy());
        whole_checkpoint(vp, named.as_deref())
    })
}

/// Saves every rank whole into `named` (any directory, the same on every
/// rank), else into the run's checkpoint directory; nothing without either.
fn whole_checkpoint(vp: &mut Vp, named: Option<&str>) -> Result<(), Fail> {
    let named = named.filter(|n| !n.is_empty()).map(Path::new);
    let run_dir = vp.mpi().checkpoint_dir();
    let elsewhere = match (named, &run_dir) {
        (None, None) => return Ok(()),
        (Some(n), Some(d)) if same_dir(n, d) => None,
        (n, _) => n,
    };
    if !in_slot() {
        return registry::checkpoint(vp, Target::File(elsewhere));
    }
    crate::rma::shm::refuse_whole_checkpoint(vp)?;
    // Lines written before the save are not written again by a restart.
    vp.stdio.flush_lines();
    vp.whole_checkpoints += 1;
    let step = vp.whole_checkpoints;
    match elsewhere {
        Some(dir) => vp.mpi().checkpoint_ranks_to(step, dir)?,
        None => vp.mpi().checkpoint_ranks(step)?,
    }
    Ok(())
}

/// `AMPI_MemCheckpoint()`: as `AMPI_Checkpoint`, but the ranks are kept
/// in memory (`Mpi::mem_checkpoint_ranks`): every process's share in its
/// hold of `--checkpoint-dir`, a store local to each node (a tmpfs such as
/// `/dev/shm/job`), and a copy in its buddy's hold. `--restart DIR` (the
/// store) continues from the call's return, from the copies where a
/// node's store was lost. Without a checkpoint directory it does nothing.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_AMPI_MemCheckpoint() -> c_int {
    entry("AMPI_MemCheckpoint", MPI_COMM_WORLD, mem_checkpoint)
}

/// Keeps every rank whole in memory (nothing without a checkpoint directory).
fn mem_checkpoint(vp: &mut Vp) -> Result<(), Fail> {
    if !vp.mpi().checkpointing() {
        return Ok(());
    }
    if !in_slot() {
        return registry::checkpoint(vp, Target::Memory);
    }
    crate::rma::shm::refuse_whole_checkpoint(vp)?;
    vp.stdio.flush_lines();
    vp.whole_checkpoints += 1;
    vp.mpi().mem_checkpoint_ranks(vp.whole_checkpoints)?;
    Ok(())
}

/// Whether the running rank lives in an isomalloc slot (can be saved
/// whole); otherwise checkpoints save the data it registered with
/// `AMPI_Register_pup` (`crate::pup::registry`).
fn in_slot() -> bool {
    arts_ampi::iso::current().is_some()
}

/// Whether `a` and `b` name the same directory.
fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `AMPI_Checkpoint_state(step, state, bytes)`: collective over
/// `MPI_COMM_WORLD`; saves every rank's `bytes` bytes at `state` as the
/// run's checkpoint after `step` (into `--checkpoint-dir`) and returns when
/// it is written. A run started with `--restart DIR` gets them back through
/// `AMPI_Restored_state`. Without a checkpoint directory it does nothing
/// (on every rank), so a program runs with or without checkpoints.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Checkpoint_state(
    step: i64,
    state: *const c_void,
    bytes: i64,
) -> c_int {
    // SAFETY: the caller's contract is this function's.
    unsafe { checkpoint_state("AMPI_Checkpoint_state", step, state, bytes, false) }
}

/// `AMPI_MemCheckpoint_state(step, state, bytes)`: as
/// `AMPI_Checkpoint_state`, but the checkpoint is kept in memory, in this
/// process's hold of `--checkpoint-dir`, a store local to each node
/// (`Mpi::mem_checkpoint`); `--restart DIR` continues from the store.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_MemCheckpoint_state(
    step: i64,
    state: *const c_void,
    bytes: i64,
) -> c_int {
    // SAFETY: the caller's contract is this function's.
    unsafe { checkpoint_state("AMPI_MemCheckpoint_state", step, state, bytes, true) }
}

/// The two checkpoint calls: `bytes` bytes at `state` (readable, or null
/// with 0 bytes) saved to the run's directory, or kept in this process's
/// hold (`in_memory`).
///
/// # Safety
/// `state` points to `bytes` readable bytes unless `bytes` is 0.
unsafe fn checkpoint_state(
    call: &'static str,
    step: i64,
    state: *const c_void,
    bytes: i64,
    in_memory: bool,
) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let n = usize::try_from(bytes)
            .map_err(|_| Fail::new(ERR_COUNT, format!("bytes {bytes} is negative")))?;
        let step = u64::try_from(step)
            .map_err(|_| Fail::new(ERR_ARG, format!("step {step} is negative")))?;
        if n > 0 && state.is_null() {
            return Err(Fail::new(ERR_BUFFER, "the state is a null pointer"));
        }
        if !vp.mpi().checkpointing() {
            return Ok(());
        }
        let data = if n == 0 {
            Vec::new()
        } else {
            // SAFETY: the program passes `bytes` readable bytes at `state`.
            unsafe { std::slice::from_raw_parts(state.cast::<u8>(), n) }.to_vec()
        };
        match in_memory {
            true => vp.mpi().mem_checkpoint(step, &data)?,
            false => vp.mpi().checkpoint(step, &data)?,
        }
        Ok(())
    })
}

/// `AMPI_Restored_state(&step, state, capacity, &bytes, &flag)`: if the run
/// continues from a checkpoint, copies this rank's saved state into `state`
/// (an error if it is longer than `capacity`), sets `step` and `bytes` and
/// `flag = 1`; otherwise `flag = 0`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Restored_state(
    step: *mut i64,
    state: *mut c_void,
    capacity: i64,
    bytes: *mut i64,
    flag: *mut c_int,
) -> c_int {
    entry("AMPI_Restored_state", MPI_COMM_WORLD, |vp| {
        let flag = out(flag, "flag")?;
        let (step, bytes) = (out(step, "step")?, out(bytes, "bytes")?);
        let saved = vp.mpi().restored::<Vec<u8>>()?;
        // A checkpoint of registered data goes back through AMPI_Register_pup.
        let Some((at, data)) = saved.filter(|(_, d)| !registry::is_record(d)) else {
            *flag = 0;
            return Ok(());
        };
        if data.len() as i64 > capacity {
            return Err(Fail::new(
                ERR_TRUNCATE,
                format!(
                    "the saved state has {} bytes, the buffer {capacity}",
                    data.len()
                ),
            ));
        }
        if !data.is_empty() {
            if state.is_null() {
                return Err(Fail::new(ERR_BUFFER, "the state is a null pointer"));
            }
            // SAFETY: the program passes `capacity` writable bytes at `state`.
            unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), state.cast(), data.len()) };
        }
        *step = at as i64;
        *bytes = data.len() as i64;
        *flag = 1;
        Ok(())
    })
}
