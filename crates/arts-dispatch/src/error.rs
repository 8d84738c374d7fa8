//! Errors of the dispatchers and of the heat solver.

/// Why a run could not start or did not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DispatchError {
    /// A thread count of zero, or more than the supported maximum.
    #[error("threads {got} is out of range (accepted: 1..={max})")]
    BadThreads {
        /// The rejected thread count.
        got: usize,
        /// The largest accepted count.
        max: usize,
    },
    /// A task body panicked; every worker was shut down.
    #[error("task panicked in step {step} on worker {worker}: {message}")]
    TaskPanicked {
        /// Step in which the panic happened.
        step: usize,
        /// Worker that ran the task.
        worker: usize,
        /// The panic payload, when it was a string.
        message: String,
    },
    /// The per-step seed function panicked.
    #[error("seed of step {step} panicked: {message}")]
    SeedPanicked {
        /// Step being seeded.
        step: usize,
        /// The panic payload, when it was a string.
        message: String,
    },
    /// A worker's scratch initializer panicked.
    #[error("scratch initializer panicked on worker {worker}: {message}")]
    InitPanicked {
        /// Worker whose scratch was being built.
        worker: usize,
        /// The panic payload, when it was a string.
        message: String,
    },
    /// The operating system refused to start a worker thread.
    #[error("cannot start worker thread: {0}")]
    Spawn(String),
}

/// Largest thread count the executors accept (the H-Dispatch idle word keeps
/// the waiting count in 16 bits).
pub const MAX_THREADS: usize = 4096;

/// Checks a thread count against `1..=MAX_THREADS`.
pub fn check_threads(threads: usize) -> Result<(), DispatchError> {
    if threads == 0 || threads > MAX_THREADS {
        Err(DispatchError::BadThreads {
            got: threads,
            max: MAX_THREADS,
        })
    } else {
        Ok(())
    }
}

/// Turns a panic payload into a message.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    }
}
