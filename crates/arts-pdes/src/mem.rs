//! Process memory figures for reports.

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
