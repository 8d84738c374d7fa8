//! Pinning the calling thread to one CPU (Linux `sched_setaffinity`).
//!
//! CPUs are counted among those the process may run on (its affinity mask,
//! e.g. under `taskset` or an MPI launcher's binding): slot `i` is the
//! `i`-th allowed CPU, so that pinning stays inside the mask.

/// Number of CPUs this process may run on (at least 1).
pub fn available_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The CPUs the calling thread may run on, in increasing order (empty where
/// the platform has no affinity call or the OS refused to say).
pub fn allowed_cpus() -> Vec<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `set` is a plain bitmask owned by this frame, written by
        // the call (pid 0: the calling thread) and read by `CPU_ISSET` within
        // its `CPU_SETSIZE` bits.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return Vec::new();
            }
            (0..libc::CPU_SETSIZE as usize)
                .filter(|&c| libc::CPU_ISSET(c, &set))
                .collect()
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        Vec::new()
    }
}

/// Pins the calling thread to its `slot`-th allowed CPU (modulo their
/// number). Returns the CPU, or `None` when the OS refused or the platform
/// has no affinity call.
pub fn pin_current_thread(slot: usize) -> Option<usize> {
    let allowed = allowed_cpus();
    let cpu = *allowed.get(slot % allowed.len().max(1))?;
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `set` is a plain bitmask owned by this frame; the call only
        // reads it, and pid 0 means the calling thread.
        let pinned = unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut set);
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
        };
        pinned.then_some(cpu)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = cpu;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinning_a_thread_succeeds_on_linux() {
        let ok = std::thread::spawn(|| pin_current_thread(0)).join().unwrap();
        if cfg!(target_os = "linux") {
            assert_eq!(ok, allowed_cpus().first().copied());
        }
    }

    #[test]
    fn slots_wrap_around_the_allowed_cpus_and_stay_inside_them() {
        let allowed = allowed_cpus();
        if allowed.is_empty() {
            return;
        }
        let n = allowed.len();
        let (cpu, after) = std::thread::spawn(move || (pin_current_thread(n + 1), allowed_cpus()))
            .join()
            .unwrap();
        let expected = allowed[1 % n];
        assert_eq!(cpu, Some(expected));
        assert_eq!(after, vec![expected], "the thread's mask is that one CPU");
    }
}
