//! The object runtime: PEs, object arrays, messages, location manager, collectives.
