//! Pinning the calling thread to one CPU (Linux `sched_setaffinity`).

/// Number of CPUs this process may run on (at least 1).
pub fn available_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Pins the calling thread to `cpu` (taken modulo the CPU count). Returns false
/// when the OS refused or the platform has no affinity call.
pub fn pin_current_thread(cpu: usize) -> bool {
    #[cfg(target_os = "linux")]
    {
        let cpu = cpu % available_cpus();
        // SAFETY: `set` is a plain bitmask owned by this frame; the call only
        // reads it, and pid 0 means the calling thread.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut set);
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = cpu;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinning_a_thread_succeeds_on_linux() {
        let ok = std::thread::spawn(|| pin_current_thread(0)).join().unwrap();
        if cfg!(target_os = "linux") {
            assert!(ok);
        }
    }
}
