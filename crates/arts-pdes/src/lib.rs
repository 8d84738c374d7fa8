//! Parallel discrete event simulation: sequential, conservative and optimistic engines.
