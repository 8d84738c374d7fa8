//! `AMPI_Register_pup(fn, data, &idx)` and `AMPI_Get_pup_data(idx, &data)`:
//! each rank's PUP routines, and when arts calls them.
//!
//! * **Checkpoints without isomalloc** (`AMPI_Checkpoint`,
//!   `AMPI_MemCheckpoint`, `AMPI_Migrate` with an `ampi_checkpoint` hint):
//!   a rank outside an isomalloc slot cannot be saved whole, so arts saves
//!   what the rank registered: every routine runs a sizing pass, then a
//!   packing pass (`pup_isUserlevel`, not `pup_isDeleting`: the rank keeps
//!   its data) into the rank's *record*, saved as the rank's state of the
//!   run's K-th checkpoint (`Mpi::checkpoint`, the usual sealed format).
//! * **Restart** (`arts ampi run --restart DIR/ckpt-K`): the program runs
//!   from `main` again; when it registers routine `i`, arts runs its
//!   unpacking pass over the record's part `i` with the `data` pointer of
//!   this registration (the routine allocates fresh heap data and stores
//!   it, e.g. through `data` = `&ptr`), so the rank carries on from the
//!   state it saved. An unpacking pass must read exactly what was packed.
//! * **Migration**: without isomalloc a rank's stack cannot leave its
//!   process, so ranks move only between the PEs of their process, whose
//!   heap they share: the registered data stays valid where it is, and
//!   arts does not call the routines (`AMPI_Get_pup_data` returns the same
//!   pointer). With isomalloc the rank's heap travels with it, and whole
//!   checkpoints save it; the routines are not called either.

use std::ffi::{c_int, c_void};
use std::path::Path;

use arts_ampi::{Op, WORLD};

use super::table::{PupFn, PupTable, Registration};
use super::{Mode, Pupper, fatal};
use crate::abi::*;
use crate::state::fail::{Fail, out};
use crate::state::{Vp, entry, pup_callback};

/// The first bytes of a rank's record of its registered data.
const RECORD: &[u8; 8] = b"artspup1";

/// Where [`checkpoint`] saves the records.
pub(crate) enum Target<'a> {
    /// The run's checkpoint directory, or the one the ranks named.
    File(Option<&'a Path>),
    /// The node-local store (`AMPI_MemCheckpoint`).
    Memory,
}

/// Whether a rank's saved state is a record of registered data (not a
/// state the program saved with `AMPI_Checkpoint_state`).
pub(crate) fn is_record(state: &[u8]) -> bool {
    state.starts_with(RECORD)
}

/// The name of a pass of routine `i` in messages.
fn what(i: usize, pass: &str) -> String {
    format!("PUP routine {i} ({pass})")
}

/// Runs `reg`'s routine over `pass`; returns the bytes it moved. MPI
/// calls from the routine are refused (as AMPI does).
fn run(reg: &Registration, mut pass: Pupper) -> usize {
    let h = pass.handle();
    // SAFETY: the program registered `f` as a routine taking a pup_er and
    // the `data` it registered with it.
    pup_callback(|| unsafe { (reg.f)(h, reg.data) });
    pass.moved()
}

/// This rank's record: the routines' packed data, each behind its length.
fn pack(table: &PupTable) -> Vec<u8> {
    let mut record = RECORD.to_vec();
    record.extend_from_slice(&(table.regs.len() as u64).to_le_bytes());
    for (i, reg) in table.regs.iter().enumerate() {
        let sizer = Pupper::new(
            Mode::Sizing,
            std::ptr::null_mut(),
            usize::MAX,
            what(i, "sizing"),
        );
        let size = run(reg, sizer.flagged(true, false));
        record.extend_from_slice(&(size as u64).to_le_bytes());
        let start = record.len();
        record.resize(start + size, 0);
        let at = record[start..].as_mut_ptr();
        let packer = Pupper::new(Mode::Packing, at, size, what(i, "packing"));
        let packed = run(reg, packer.flagged(true, false));
        if packed != size {
            fatal(format!(
                "{}: packed {packed} bytes after sizing {size} (its sizing and packing \
                 passes must move the same data)",
                what(i, "checkpoint")
            ));
        }
    }
    record
}

/// The parts of a record (`None`: not a well-formed one).
fn parts(record: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut rest = record.strip_prefix(RECORD)?;
    let mut take = |n: usize| -> Option<&[u8]> {
        let r: &[u8] = rest;
        let (head, tail) = (r.get(..n)?, r.get(n..)?);
        rest = tail;
        Some(head)
    };
    let count = u64::from_le_bytes(take(8)?.try_into().ok()?);
    let mut parts = Vec::new();
    for _ in 0..count {
        let len = u64::from_le_bytes(take(8)?.try_into().ok()?);
        parts.push(take(usize::try_from(len).ok()?)?.to_vec());
    }
    rest.is_empty().then_some(parts)
}

/// Collective over `MPI_COMM_WORLD`, for ranks outside isomalloc slots:
/// saves every rank's registered data (its record) as the run's next
/// checkpoint. Fails on every rank if no rank registered a routine.
pub(crate) fn checkpoint(vp: &mut Vp, target: Target<'_>) -> Result<(), Fail> {
    let mut most = [0u64];
    let mine = [vp.pups.regs.len() as u64];
    vp.mpi().allreduce(&mine, &mut most, &Op::Max, WORLD)?;
    if most[0] == 0 {
        return Err(Fail::new(
            ERR_OTHER,
            "ranks are saved whole only in isomalloc slots (--isomalloc); without it a \
             checkpoint saves the data ranks registered with AMPI_Register_pup, and no rank \
             registered any",
        ));
    }
    vp.whole_checkpoints += 1;
    let step = vp.whole_checkpoints;
    let record = pack(&vp.pups);
    match target {
        Target::File(None) => vp.mpi().checkpoint(step, &record)?,
        Target::File(Some(dir)) => vp.mpi().checkpoint_to(step, dir, &record)?,
        Target::Memory => vp.mpi().mem_checkpoint(step, &record)?,
    }
    Ok(())
}

/// If the run restarted from a checkpoint of registered data, unpacks
/// part `i` through registration `i` (a registration beyond those saved
/// starts afresh).
fn restore(vp: &mut Vp, i: usize) -> Result<(), Fail> {
    if vp.pups.restored.is_none() {
        let saved = vp.mpi().restored::<Vec<u8>>().ok().flatten();
        let mut found = Vec::new();
        if let Some((step, record)) = saved.filter(|(_, r)| is_record(r)) {
            found = parts(&record).ok_or_else(|| {
                Fail::new(
                    ERR_OTHER,
                    "this rank's record in the checkpoint is malformed",
                )
            })?;
            vp.whole_checkpoints = vp.whole_checkpoints.max(step);
        }
        vp.pups.restored = Some(found);
    }
    let Some(part) = vp.pups.restored.as_mut().and_then(|p| p.get_mut(i)) else {
        return Ok(());
    };
    let part = std::mem::take(part);
    let unpacker = Pupper::new(
        Mode::Unpacking,
        part.as_ptr().cast_mut(),
        part.len(),
        what(i, "unpacking at restart"),
    );
    let got = run(&vp.pups.regs[i], unpacker.flagged(true, false));
    if got != part.len() {
        fatal(format!(
            "{}: unpacked {got} of the {} bytes it packed (its unpacking pass must read \
             what its packing pass wrote)",
            what(i, "unpacking at restart"),
            part.len()
        ));
    }
    Ok(())
}

/// `AMPI_Register_pup(fn, data, &idx)`: registers PUP routine `fn` for
/// this rank's `data` (passed back to `fn` as is); `idx` is its number
/// (0, 1, … by call). In a run restarted from a checkpoint of registered
/// data, `fn` unpacks the data saved by registration `idx` at once.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Register_pup(
    f: Option<PupFn>,
    data: *mut c_void,
    idx: *mut c_int,
) -> c_int {
    entry("AMPI_Register_pup", MPI_COMM_WORLD, |vp| {
        let Some(f) = f else {
            return Err(Fail::new(
                ERR_ARG,
                "the PUP routine is a null function pointer",
            ));
        };
        let idx = out(idx, "idx")?;
        let i = vp.pups.regs.len();
        vp.pups.regs.push(Registration { f, data });
        *idx = i as c_int;
        restore(vp, i)
    })
}

/// `AMPI_Get_pup_data(idx, &data)`: the `data` pointer of registration
/// `idx` into `*(void **)data`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_AMPI_Get_pup_data(
    idx: c_int,
    data: *mut c_void,
) -> c_int {
    entry("AMPI_Get_pup_data", MPI_COMM_WORLD, |vp| {
        let n = vp.pups.regs.len();
        let reg = usize::try_from(idx).ok().and_then(|i| vp.pups.regs.get(i));
        let reg = reg.ok_or_else(|| {
            Fail::new(
                ERR_ARG,
                format!("idx {idx} is not a registration of this rank (it has {n})"),
            )
        })?;
        *out(data.cast::<*mut c_void>(), "data")? = reg.data;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_splits_into_its_parts() {
        let mut r = RECORD.to_vec();
        r.extend_from_slice(&2u64.to_le_bytes());
        r.extend_from_slice(&3u64.to_le_bytes());
        r.extend_from_slice(b"abc");
        r.extend_from_slice(&0u64.to_le_bytes());
        assert!(is_record(&r));
        assert_eq!(parts(&r), Some(vec![b"abc".to_vec(), Vec::new()]));
        assert_eq!(parts(&r[..r.len() - 1]), None, "cut short");
        r.push(0);
        assert_eq!(parts(&r), None, "trailing bytes");
        assert!(!is_record(b"artspup"));
    }
}
