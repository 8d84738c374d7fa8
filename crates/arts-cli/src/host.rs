//! What the host machine reports alongside a benchmark's figures.

pub use arts_util::host::load_average;
