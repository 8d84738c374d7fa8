//! The same code addresses in every process: a suspended stack holds
//! return addresses and a moved coroutine a pointer to its drop function,
//! valid in another process only if the program is loaded at the same
//! address there. Linux loads it at a fixed address when the process runs
//! with address-space randomization off (`personality(ADDR_NO_RANDOMIZE)`,
//! what `setarch -R` does); [`fix_addresses`] re-executes the program so.
//! Every moved rank carries [`code_marker`], and a process whose marker
//! differs refuses it with a clear error instead of jumping to a wrong
//! address.

use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::sync::Mutex;

/// Linux's `ADDR_NO_RANDOMIZE` persona flag.
const ADDR_NO_RANDOMIZE: libc::c_ulong = 0x0040000;
/// Set in the environment of the re-executed program (no second attempt).
const REEXEC_VAR: &str = "ARTS_ISOMALLOC_REEXEC";

/// Whether this process runs with address-space randomization off.
pub fn addresses_fixed() -> bool {
    // SAFETY: querying the persona (0xffffffff) changes nothing.
    let persona = unsafe { libc::personality(0xffff_ffff) };
    persona >= 0 && (persona as libc::c_ulong) & ADDR_NO_RANDOMIZE != 0
}

/// Turns address-space randomization off for this program: if it is on,
/// re-executes the program (same arguments, environment and process id)
/// with it off and does not return. Returns `Err` with the reason if it
/// stays on (then ranks can still move between the PEs of a process, and
/// another process refuses them with an error naming this).
pub fn fix_addresses() -> Result<(), String> {
    if addresses_fixed() {
        return Ok(());
    }
    if std::env::var_os(REEXEC_VAR).is_some() {
        return Err("address-space randomization stays on after re-executing".into());
    }
    // SAFETY: querying, then setting, this process's persona flags.
    let persona = unsafe { libc::personality(0xffff_ffff) };
    if persona < 0
        // SAFETY: as above.
        || unsafe { libc::personality(persona as libc::c_ulong | ADDR_NO_RANDOMIZE) } < 0
    {
        return Err(format!(
            "cannot turn address-space randomization off: {}",
            std::io::Error::last_os_error()
        ));
    }
    let mut args = std::env::args_os();
    let arg0 = args.next().unwrap_or_default();
    let e = std::process::Command::new("/proc/self/exe")
        .arg0(arg0)
        .args(args)
        .env(REEXEC_VAR, "1")
        .exec();
    Err(format!("cannot re-execute the program: {e}"))
}

/// What else ranks' code points at, beyond this program: one hash per
/// loaded object whose copies ranks carry (a C program's, over the
/// addresses of the library functions it calls), added by its loader.
static LOADED: Mutex<BTreeSet<u64>> = Mutex::new(BTreeSet::new());

/// Adds `hash` to [`code_marker`]: a loader whose code ranks carry states
/// what that code points at outside itself, so that a rank moves only
/// between processes where it points at the same.
pub fn mark_loaded(hash: u64) {
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(hash);
}

/// An address in this program's code, with what [`mark_loaded`] added:
/// equal in two processes exactly when the program is loaded at the same
/// address in both (and so is what ranks' code points at).
pub fn code_marker() -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (code_marker as *const () as usize).hash(&mut h);
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .hash(&mut h);
    h.finish()
}

/// A hash of this program's executable: ranks saved whole resume only in
/// the build that saved them (computed once; reads the whole file).
pub fn build_id() -> u64 {
    use std::hash::Hasher;
    static ID: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *ID.get_or_init(|| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        h.write(&std::fs::read("/proc/self/exe").unwrap_or_default());
        h.finish()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_is_in_this_program_and_stable() {
        assert_eq!(code_marker(), code_marker());
        assert_ne!(code_marker(), 0);
        let before = code_marker();
        mark_loaded(7);
        let after = code_marker();
        assert_ne!(before, after, "a loaded object changes the marker");
        mark_loaded(7);
        assert_eq!(code_marker(), after, "once per object");
        // Randomization is on or off; the query itself must not fail.
        let _ = addresses_fixed();
        assert_eq!(build_id(), build_id());
    }
}
