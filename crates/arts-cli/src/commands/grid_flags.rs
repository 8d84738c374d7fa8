//! The grid options every object-runtime app takes (`--clusters`,
//! `--latency`, `--jitter`, `--bandwidth`, `--per-message-overhead`,
//! `--cluster-speeds`, `--grid-priority`, `--grid-starvation`), turned
//! into an [`Emulation`] by `arts-grid`.

use std::time::Duration;

use arts_core::Config;
use arts_grid::topology::{MAX_SPEED, MIN_SPEED, speed_accepted};
use arts_grid::{Emulation, Topology};

use crate::output::CliError;

/// Grid emulation options.
#[derive(clap::Args, Clone, Debug)]
pub struct GridOpts {
    /// Split the PEs into K contiguous clusters (grid emulation).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    clusters: Option<u32>,
    /// Clusters from a file (TOML or JSON: `clusters`, `latency_ms`, optional
    /// `jitter_ms`, `asymmetric`, `bandwidth_mbit_s`, `overhead_us`, `speeds`;
    /// see docs/grid.md), `hosts` (one cluster per host, no latency added) or
    /// `auto` (probe the latency between PEs at start-up and cluster them; no
    /// latency added).
    #[arg(long, conflicts_with_all = ["clusters", "latency", "jitter", "cluster_speeds",
                                      "bandwidth", "per_message_overhead"])]
    topology: Option<String>,
    /// One-way latency between any two clusters, e.g. 8ms, 500us, 0.01s.
    #[arg(long, value_parser = parse_duration)]
    latency: Option<Duration>,
    /// Largest random extra delay per cross-cluster message (uniform), e.g. 1ms.
    #[arg(long, value_parser = parse_duration)]
    jitter: Option<Duration>,
    /// Bandwidth of the link between any two clusters (one per direction),
    /// e.g. 1Gbit/s, 100Mbit/s, 125MB/s: a cross-cluster message occupies
    /// it for its bytes ÷ this, after the messages sent before it
    /// (unlimited if not given).
    #[arg(long, value_parser = parse_bandwidth)]
    bandwidth: Option<f64>,
    /// Time every cross-cluster message occupies its link before its bytes,
    /// e.g. 50us (none if not given).
    #[arg(long, value_parser = parse_overhead)]
    per_message_overhead: Option<Duration>,
    /// Relative speed of each cluster, comma-separated (e.g. 1,0.5): slower
    /// PEs really take longer per entry method (busy work).
    #[arg(long, value_delimiter = ',')]
    cluster_speeds: Option<Vec<f64>>,
    /// Serve messages for border objects (those that send across clusters) first.
    #[arg(long, value_enum, default_value = "off")]
    grid_priority: OnOff,
    /// With --grid-priority on: a local message runs after at most N grid-queue messages.
    #[arg(long, default_value_t = arts_core::DEFAULT_STARVATION_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..))]
    grid_starvation: u32,
}

/// A switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnOff {
    /// On.
    On,
    /// Off.
    Off,
}

/// Parses a duration with a unit: `8ms`, `500us`, `0.01s`, `0`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (num, scale) = if let Some(v) = t.strip_suffix("ms") {
        (v, 1e-3)
    } else if let Some(v) = t.strip_suffix("us") {
        (v, 1e-6)
    } else if let Some(v) = t.strip_suffix("ns") {
        (v, 1e-9)
    } else if let Some(v) = t.strip_suffix('s') {
        (v, 1.0)
    } else if t == "0" {
        (t, 0.0)
    } else {
        return Err(format!(
            "'{s}' needs a unit: give a duration like 8ms, 500us or 0.01s"
        ));
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 && v * scale <= 3600.0 => {
            Ok(Duration::from_secs_f64(v * scale))
        }
        _ => Err(format!(
            "'{s}' is not a duration between 0 and 1 hour (e.g. 8ms, 500us, 0.01s)"
        )),
    }
}

/// Parses a bandwidth: `1Gbit/s`, `100Mbit/s`, `125MB/s` (bit/s returned;
/// 1 kbit/s to 1 Tbit/s).
pub fn parse_bandwidth(s: &str) -> Result<f64, String> {
    arts_grid::topology::link::parse_bandwidth(s)
}

/// Parses a per-message overhead: a duration above 0 and at most 1 s.
pub fn parse_overhead(s: &str) -> Result<Duration, String> {
    let refuse =
        || format!("'{s}' is not a per-message overhead above 0 and at most 1s (e.g. 50us, 0.2ms)");
    let d = parse_duration(s).map_err(|_| refuse())?;
    arts_grid::topology::link::check_overhead(d).map_err(|_| refuse())
}

impl GridOpts {
    /// Whether any grid option was given.
    pub fn given(&self) -> bool {
        self.clusters.is_some()
            || self.topology.is_some()
            || self.latency.is_some()
            || self.jitter.is_some()
            || self.bandwidth.is_some()
            || self.per_message_overhead.is_some()
            || self.cluster_speeds.is_some()
            || self.grid_priority == OnOff::On
            || self.grid_starvation != arts_core::DEFAULT_STARVATION_LIMIT
    }

    /// `config` (already distributed over the processes) on the grid these
    /// options ask for, if any: its topology printed as a table on stderr
    /// (by the first process, unless the output is `json`) and applied.
    pub fn configure(
        &self,
        config: Config,
        json: bool,
    ) -> Result<(Config, Option<Emulation>), CliError> {
        let Some(e) = self.emulation(&config)? else {
            return Ok((config, None));
        };
        if !json && crate::launch::is_root() {
            eprint!("{}", e.topology.table());
        }
        let slowest = (e.topology.speeds.iter().flatten().copied()).reduce(f64::min);
        if let Some(slow) = slowest.filter(|&s| s < SLOW_NOTE)
            && crate::launch::is_root()
        {
            eprintln!(
                "note: the slowest PE emulates speed {slow:e}: its work takes {:.0}x as long, \
                 and a run that waits for it is about that much longer (noted below speed \
                 {SLOW_NOTE})",
                1.0 / slow
            );
        }
        let config = e.apply(config).map_err(CliError::usage)?;
        Ok((config, Some(e)))
    }

    /// The emulation these options ask for on the run `config` (already
    /// distributed over the processes), if any.
    pub fn emulation(&self, config: &Config) -> Result<Option<Emulation>, CliError> {
        let pes = config.pes;
        let topology = match (self.clusters, self.topology.as_deref()) {
            (Some(k), _) => Some(self.uniform(pes, k)?),
            (None, Some("hosts")) => Some(hosts(config)?),
            (None, Some("auto")) => Some(probed(config)?),
            (None, Some(file)) => Some(
                Topology::from_file(std::path::Path::new(file), Some(pes))
                    .map_err(CliError::usage)?,
            ),
            (None, None) => None,
        };
        let Some(topology) = topology else {
            if self.latency.is_some()
                || self.jitter.is_some()
                || self.bandwidth.is_some()
                || self.per_message_overhead.is_some()
                || self.cluster_speeds.is_some()
                || self.grid_priority == OnOff::On
            {
                return Err(CliError::usage(
                    "--latency, --jitter, --bandwidth, --per-message-overhead, --cluster-speeds \
                     and --grid-priority need a grid: give --clusters K or --topology",
                ));
            }
            return Ok(None);
        };
        Ok(Some(Emulation {
            topology,
            priority: self.grid_priority == OnOff::On,
            starvation_limit: self.grid_starvation,
        }))
    }

    /// `--clusters K --latency L [--jitter J] [--bandwidth B]
    /// [--per-message-overhead O] [--cluster-speeds ..]`.
    fn uniform(&self, pes: u32, k: u32) -> Result<Topology, CliError> {
        let latency = self.latency.unwrap_or(Duration::ZERO);
        let mut topology = Topology::uniform(pes, k, latency)
            .map_err(CliError::usage)?
            .with_links(self.bandwidth, self.per_message_overhead);
        topology.jitter_ms = self.jitter.map_or(0.0, |j| j.as_secs_f64() * 1e3);
        if let Some(speeds) = &self.cluster_speeds {
            if speeds.len() != k as usize || !speeds.iter().all(|&s| speed_accepted(s)) {
                return Err(CliError::usage(format!(
                    "--cluster-speeds: give {k} comma-separated speeds (one per cluster), \
                     each {MIN_SPEED} to {MAX_SPEED}"
                )));
            }
            let of = topology.cluster_of_pes();
            topology.speeds = Some(of.iter().map(|&c| speeds[c as usize]).collect());
        }
        Ok(topology)
    }
}

/// `--topology hosts`: the PEs of the processes on one host form a cluster.
fn hosts(config: &Config) -> Result<Topology, CliError> {
    let names = crate::launch::host_names();
    let per = config.pes / names.len() as u32;
    let host_of_pe: Vec<&String> = names
        .iter()
        .flat_map(|n| std::iter::repeat_n(n, per as usize))
        .collect();
    Topology::hosts(&host_of_pe).map_err(CliError::usage)
}

/// `--topology auto`: the probe's clusters; the latency between them is
/// the network's own, so none is added.
fn probed(config: &Config) -> Result<Topology, CliError> {
    let probe = Config {
        instrument: false,
        lb: None,
        ..config.clone()
    };
    let matrix = arts_grid::measure(&probe, AUTO_PROBE_ROUNDS).map_err(CliError::usage)?;
    let mut topology = arts_grid::discover(&matrix, arts_grid::probe::DEFAULT_GAP).topology;
    for row in &mut topology.latency_ms {
        row.iter_mut().for_each(|l| *l = 0.0);
    }
    Ok(topology)
}

/// Speeds below this (work 100 times as long) are noted at start-up: a run
/// that waits for such a PE takes that much longer.
const SLOW_NOTE: f64 = 0.01;

/// Round trips per pair of PEs when `--topology auto` probes at start-up.
const AUTO_PROBE_ROUNDS: u32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_need_a_unit_and_a_sane_value() {
        assert_eq!(parse_duration("8ms"), Ok(Duration::from_millis(8)));
        assert_eq!(parse_duration("500us"), Ok(Duration::from_micros(500)));
        assert_eq!(parse_duration("0.25s"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        for bad in ["8", "-1ms", "NaNms", "2h", "ms", "1e9s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn overheads_are_positive_durations_up_to_a_second() {
        assert_eq!(parse_overhead("50us"), Ok(Duration::from_micros(50)));
        assert_eq!(parse_overhead("1s"), Ok(Duration::from_secs(1)));
        for bad in ["0", "0us", "-5us", "50", "fastus", "1.5s", "2h"] {
            let err = parse_overhead(bad).unwrap_err();
            assert!(err.contains("above 0 and at most 1s"), "{bad}: {err}");
        }
        assert_eq!(parse_bandwidth("1Gbit/s"), Ok(1e9));
        assert!(parse_bandwidth("2Tbit/s").is_err());
    }
}
