//! Argument value parsers shared by subcommands.

pub use arts_util::output_path::{output_dir, output_file};

pub use arts_util::text::{dims2, finite_f64, parse_dims};

/// The number of cores, the default number of PEs.
pub fn default_pes() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}
