//! What the host machine reports alongside a benchmark's figures, and the
//! allocator's free memory handed back to it.

/// The 1-minute load average (`/proc/loadavg`), when the system has one.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The memory maps (mappings) this process holds now and the most the
/// system allows one (`vm.max_map_count`), when the system says (Linux).
pub fn memory_maps() -> Option<(u64, u64)> {
    let max = std::fs::read_to_string("/proc/sys/vm/max_map_count")
        .ok()?
        .trim()
        .parse()
        .ok()?;
    let maps = std::fs::read("/proc/self/maps").ok()?;
    let used = maps.iter().filter(|&&b| b == b'\n').count() as u64;
    Some((used, max))
}

/// Returns the allocator's free memory to the operating system
/// (`malloc_trim`: free pages inside every arena, not only at the tops).
///
/// Called where a phase's memory is freed before the next one allocates
/// (PDES runs across processes, where `arts-mpi` keeps freed memory in the
/// heap and PE threads allocate from their own arenas; before each memory
/// measurement of the dispatch benchmarks).
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns the allocator's free memory to the
    // operating system; no allocation is moved or invalidated.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn load_average_is_a_finite_non_negative_number_on_linux() {
        if cfg!(target_os = "linux") {
            let l = super::load_average().expect("/proc/loadavg is readable");
            assert!(l.is_finite() && l >= 0.0);
        }
    }

    #[test]
    fn a_process_holds_some_memory_maps_below_the_limit() {
        if cfg!(target_os = "linux") {
            let (used, max) = super::memory_maps().expect("/proc is readable");
            assert!(used > 0 && used < max, "{used} of {max}");
        }
    }
}
