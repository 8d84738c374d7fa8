//! Application-level load balancing: cost profile -> equal-work cuts.
