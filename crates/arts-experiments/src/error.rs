//! The one error type of the studies and benchmark suites.

use arts_util::atomic_file::WriteError;

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

/// A refused output directory is bad input; one that could not be written, a failure.
impl From<WriteError> for StudyError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Refused(m) => StudyError::Usage(m),
            WriteError::Failed(m) => StudyError::Failed(m),
        }
    }
}
