//! What the host machine reports alongside a benchmark's figures.

/// The 1-minute load average (`/proc/loadavg`), when the system has one.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
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
}
