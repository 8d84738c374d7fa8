//! The limits every command checks before allocating: the memory a run may
//! use (`--max-memory`, else what the machine has available) and the PEs one
//! process may host. Set once from the global flags in `main`.

use std::sync::OnceLock;

use arts_core::limits::{self, MemoryBudget};

use crate::output::CliError;

static MAX_MEMORY: OnceLock<Option<u64>> = OnceLock::new();

/// Records `--max-memory` (first call wins).
pub fn set_max_memory(bytes: Option<u64>) {
    let _ = MAX_MEMORY.set(bytes);
}

/// The memory a run may use: `--max-memory`, else what is available now.
pub fn budget() -> MemoryBudget {
    MemoryBudget::new(MAX_MEMORY.get().copied().flatten())
}

/// The bytes a trace or a recording may hold while the run goes on: half
/// of an explicit `--max-memory` (the other half for the run itself);
/// `None` without it (then bounded only by `--trace-max-events` and the
/// up-front estimates).
pub fn trace_share() -> Option<u64> {
    MAX_MEMORY.get().copied().flatten().map(|b| b / 2)
}

/// Refuses, as bad input, a run whose estimated `need` (bytes) for `what`
/// exceeds the budget.
pub fn check_memory(what: impl Into<String>, need: u64) -> Result<(), CliError> {
    budget()
        .check(what, need)
        .map_err(|e| CliError::usage(e.to_string()))
}

/// Refuses more PEs in one process than the runtime supports, naming `flag`.
pub fn check_pes(flag: &str, pes: u32) -> Result<(), CliError> {
    limits::check_pes(pes as u64).map_err(|e| CliError::usage(format!("{flag}: {e}")))
}

/// A clap value parser for sizes such as `512M` or `24G`.
pub fn parse_size(s: &str) -> Result<u64, String> {
    limits::parse_bytes(s)
}

/// A clap value parser for a timeout in seconds (finite, > 0).
pub fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(std::time::Duration::from_secs_f64(v)),
        _ => Err(format!(
            "'{}' is not a number of seconds (> 0, at most 1000000)",
            crate::usage::quote(s)
        )),
    }
}
