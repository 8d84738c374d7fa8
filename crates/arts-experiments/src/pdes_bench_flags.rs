//! The flags of `arts bench pdes` as a command line gives them
//! (`clap::Args` behind the `clap` feature) and the [`BenchOptions`] they
//! ask for.

use arts_pdes::flags::parse_window;
use arts_pdes::models::phold::PholdParams;
use arts_pdes::{LpMapping, PdesError, Queue, SyncMode};
#[cfg(feature = "clap")]
use arts_util::text::finite_f64;

use crate::pdes_bench::BenchOptions;

/// Arguments of `arts bench pdes`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct BenchFlags {
    /// The PHOLD model every run simulates.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub model: PholdParams,
    /// Simulation end time of every run (finite).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000.0, value_parser = finite_f64))]
    pub end_time: f64,
    /// Seed of every run.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub seed: u64,
    /// Engines to compare with the sequential baseline (comma separated).
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_enum,
            value_delimiter = ',',
            default_value = "conservative,optimistic"
        )
    )]
    pub engines: Vec<SyncMode>,
    /// PE counts to run each parallel engine on (comma separated).
    #[cfg_attr(feature = "clap", arg(long, default_value = "2"))]
    pub pes: String,
    /// LP to PE mapping.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "block"))]
    pub mapping: LpMapping,
    /// Optimistic optimism window; "inf" = unbounded.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value = "8", allow_negative_numbers = true)
    )]
    pub window: String,
    /// Optimistic GVT interval (events per PE).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1024))]
    pub gvt_interval: u32,
    /// Pending-event sets to compare (comma separated); the first one's
    /// sequential run is the baseline.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, value_delimiter = ',', default_value = "calendar")
    )]
    pub queue: Vec<Queue>,
    /// Repetitions of every configuration; the fastest is reported.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3))]
    pub reps: u32,
}

impl BenchFlags {
    /// The comparison these flags ask for; a bad `--window` or `--pes` is
    /// a [`PdesError::Config`] naming the flag.
    pub fn options(&self) -> Result<BenchOptions, PdesError> {
        Ok(BenchOptions {
            end_time: self.end_time,
            seed: self.seed,
            window: parse_window(&self.window)?,
            engines: self.engines.clone(),
            pes: parse_list("--pes", &self.pes)?,
            mapping: self.mapping,
            gvt_interval: self.gvt_interval,
            queues: self.queue.clone(),
            reps: self.reps,
        })
    }
}

/// Parses a comma-separated list given to `flag`.
fn parse_list<T: std::str::FromStr>(flag: &str, s: &str) -> Result<Vec<T>, PdesError> {
    let items: Result<Vec<T>, _> = s.split(',').map(|x| x.trim().parse::<T>()).collect();
    match items {
        Ok(v) if !v.is_empty() => Ok(v),
        _ => Err(PdesError::Config(format!(
            "{flag} {s}: expected a comma-separated list"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pe_counts_are_a_comma_separated_list() {
        assert_eq!(parse_list::<usize>("--pes", "2, 4").unwrap(), vec![2, 4]);
        let err = parse_list::<usize>("--pes", "2,x").unwrap_err().to_string();
        assert_eq!(err, "--pes 2,x: expected a comma-separated list");
    }
}
