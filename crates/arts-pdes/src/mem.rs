//! Process memory figures for reports, and the allocator setting of runs
//! across processes.

/// Allocations of at least this many bytes get their own mapping in a run
/// across processes (see [`map_large_buffers`]): 4x the largest buffer a
/// PHOLD process allocates (its 2 MiB logs and message batches stay in the
/// heap), and below the steps in which a large model's event queue grows
/// (12 and 25 MB a process for a 65,536-node torus over 4).
pub const LARGE_BUFFER_BYTES: usize = 8 << 20;

/// Makes glibc serve allocations of [`LARGE_BUFFER_BYTES`] or more from
/// their own `mmap`, so that such a buffer is returned to the system when it
/// is freed and a growing one moves by `mremap` instead of a copy, and
/// return free memory at the top of a heap once it exceeds as much.
///
/// Under MPI `arts-mpi` keeps every buffer below 256 MiB in the heap and
/// never trims it (message buffers are reused instead of mapped and zeroed
/// each time). For the engines that costs memory: when a PE's pending-event
/// queue doubles, the new copy is taken from fresh heap memory and the old
/// one stays resident, 5–10 MB a process at the peak of a 65,536-node torus
/// over 4 processes. Smaller values cost PHOLD: at 1 MiB (or glibc's default
/// trim threshold) a PHOLD process takes 51–53k page faults instead of
/// ~3.2k, its 1–2 MiB logs being mapped or trimmed and faulted in again.
/// The engines call this before a run across processes; a run in one
/// process keeps glibc's defaults (no MPI, nothing set).
pub fn map_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator tuning parameters, under
    // glibc's own lock (glibc itself adjusts them while threads run); no
    // allocation is moved or invalidated.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGE_BUFFER_BYTES as libc::c_int);
        libc::mallopt(libc::M_TRIM_THRESHOLD, LARGE_BUFFER_BYTES as libc::c_int);
    }
}

/// Peak resident set size of this process in bytes (`VmHWM`), if the platform
/// reports it (Linux `/proc/self/status`).
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    #[test]
    fn peak_rss_is_reported_on_linux() {
        if cfg!(target_os = "linux") {
            let rss = super::peak_rss_bytes().expect("VmHWM present");
            assert!(rss > 100 * 1024);
        }
    }
}
