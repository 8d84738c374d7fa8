//! Process memory figures for reports.

/// Peak resident set size of this process in bytes (`VmHWM`), if the platform
/// reports it (Linux `/proc/self/status`).
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Makes the allocator give large freed buffers back to the operating
/// system at once, so a process's resident memory follows what it holds
/// rather than its high-water mark of freed blocks.
///
/// glibc raises its mmap threshold each time a large mapped block is freed
/// (up to 32 MiB); blocks below it then come from heap arenas, whose freed
/// memory mostly stays resident. A PDES run grows and frees large buffers
/// (logs that fossil collection empties, pending sets, message batches), so
/// its peak RSS would stay at the largest total ever held. This fixes the
/// threshold at 1 MiB (which also turns the adjustment off). Elsewhere, or
/// with another allocator, it does nothing.
pub fn return_large_frees() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            unsafe extern "C" {
                fn mallopt(param: i32, value: i32) -> i32;
            }
            const M_MMAP_THRESHOLD: i32 = -3;
            // SAFETY: `mallopt` only changes glibc's allocation policy; it
            // is thread-safe and takes no pointers.
            unsafe {
                mallopt(M_MMAP_THRESHOLD, 1 << 20);
            }
        });
    }
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
