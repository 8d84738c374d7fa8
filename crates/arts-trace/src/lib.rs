//! Trace events, Chrome trace export and utilization summaries.
