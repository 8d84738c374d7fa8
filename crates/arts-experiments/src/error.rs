//! The one error type of the studies and benchmark suites.

/// Why a study or benchmark suite did not report.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// Bad input, one line naming it and what is accepted (exit code 2).
    #[error("{0}")]
    Usage(String),
    /// A run failed or was not valid, or a chart could not be drawn (exit code 1).
    #[error("{0}")]
    Failed(String),
}
