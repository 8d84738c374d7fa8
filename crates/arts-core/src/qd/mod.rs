//! Quiescence detection: deciding that no message is in flight and no entry
//! method is running anywhere, from per-PE counters collected in waves.
//! See `README.md` beside this file.

/// Decides quiescence from successive waves of counter reports.
#[derive(Debug, Default)]
pub(crate) struct Detector {
    previous_processed: Option<u64>,
}

impl Detector {
    /// Feeds one complete wave: the totals over every PE (and the driver) of
    /// counted messages sent and fully handled. Returns true when the system
    /// was quiescent at the end of the previous wave (and hence still is).
    pub(crate) fn observe(&mut self, sent: u64, processed: u64) -> bool {
        let quiet = self.previous_processed == Some(sent) && sent == processed;
        self.previous_processed = Some(processed);
        quiet
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_two_matching_waves() {
        let mut d = Detector::default();
        assert!(!d.observe(10, 10)); // one balanced wave is not enough
        assert!(d.observe(10, 10));
    }

    #[test]
    fn activity_between_waves_resets() {
        let mut d = Detector::default();
        assert!(!d.observe(10, 9));
        assert!(!d.observe(12, 12)); // 9 processed before != 12 sent now
        assert!(d.observe(12, 12));
    }
}
