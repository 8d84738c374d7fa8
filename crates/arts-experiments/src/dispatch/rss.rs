//! Resident memory of this process from `/proc/self` (Linux).

/// Reads a `kB` field (e.g. `VmRSS`, `VmHWM`) of `/proc/self/status`, in bytes.
fn status_field(name: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kb: u64 = line[name.len() + 1..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// Current resident set size in bytes.
pub fn current_rss() -> Option<u64> {
    status_field("VmRSS")
}

/// Peak resident set size in bytes since start or the last [`reset_peak`].
pub fn peak_rss() -> Option<u64> {
    status_field("VmHWM")
}

/// Resets the peak RSS to the current RSS (`echo 5 > /proc/self/clear_refs`).
pub fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peak_tracks_a_large_allocation() {
        if !cfg!(target_os = "linux") {
            return;
        }
        arts_util::host::release_free_memory();
        assert!(reset_peak());
        let base = current_rss().unwrap();
        let v = std::hint::black_box(vec![1u8; 64 << 20]);
        let peak = peak_rss().unwrap();
        drop(v);
        assert!(peak >= base + (60 << 20), "base {base} peak {peak}");
    }
}
