//! The grid as a command line chooses it (`--clusters`, `--topology`,
//! `--latency`, `--jitter`, `--bandwidth`, `--per-message-overhead`,
//! `--cluster-speeds`, `--grid-priority`, `--grid-starvation`): the
//! durations' parsers and the [`Emulation`] the options ask for. Every
//! error is one line naming the bad value and what is accepted.

use std::time::Duration;

#[cfg(feature = "clap")]
use clap::builder::TypedValueParser as _;

use arts_core::{Config, DEFAULT_STARVATION_LIMIT};

pub use crate::topology::link::parse_bandwidth;
use crate::topology::{MAX_SPEED, MIN_SPEED, speed_accepted};
use crate::{Emulation, Topology};

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

/// Parses a per-message overhead: a duration above 0 and at most 1 s.
pub fn parse_overhead(s: &str) -> Result<Duration, String> {
    let refuse =
        || format!("'{s}' is not a per-message overhead above 0 and at most 1s (e.g. 50us, 0.2ms)");
    let d = parse_duration(s).map_err(|_| refuse())?;
    crate::topology::link::check_overhead(d).map_err(|_| refuse())
}

/// Speeds below this (work 100 times as long) are noted at start-up: a run
/// that waits for such a PE takes that much longer.
pub const SLOW_NOTE: f64 = 0.01;

/// Round trips per pair of PEs when `--topology auto` probes at start-up.
const AUTO_PROBE_ROUNDS: u32 = 5;

/// The grid options as given (`None`, `false`: not given); also the
/// command line's option group (`clap::Args` behind the `clap` feature).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct GridChoices {
    /// Split the PEs into K contiguous clusters (grid emulation).
    #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(1..)))]
    pub clusters: Option<u32>,
    /// Clusters from a file (TOML or JSON: `clusters`, `latency_ms`, optional
    /// `jitter_ms`, `asymmetric`, `bandwidth_mbit_s`, `overhead_us`, `speeds`;
    /// see docs/grid.md), `hosts` (one cluster per host, no latency added) or
    /// `auto` (probe the latency between PEs at start-up and cluster them; no
    /// latency added).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["clusters", "latency", "jitter", "cluster_speeds",
                                      "bandwidth", "per_message_overhead"]))]
    pub topology: Option<String>,
    /// One-way latency between any two clusters, e.g. 8ms, 500us, 0.01s.
    #[cfg_attr(feature = "clap", arg(long, value_parser = parse_duration))]
    pub latency: Option<Duration>,
    /// Largest random extra delay per cross-cluster message (uniform), e.g. 1ms.
    #[cfg_attr(feature = "clap", arg(long, value_parser = parse_duration))]
    pub jitter: Option<Duration>,
    /// Bandwidth of the link between any two clusters (one per direction),
    /// e.g. 1Gbit/s, 100Mbit/s, 125MB/s: a cross-cluster message occupies
    /// it for its bytes ÷ this, after the messages sent before it
    /// (unlimited if not given).
    #[cfg_attr(feature = "clap", arg(long, value_parser = parse_bandwidth))]
    pub bandwidth: Option<f64>,
    /// Time every cross-cluster message occupies its link before its bytes,
    /// e.g. 50us (none if not given).
    #[cfg_attr(feature = "clap", arg(long, value_parser = parse_overhead))]
    pub per_message_overhead: Option<Duration>,
    /// Relative speed of each cluster, comma-separated (e.g. 1,0.5): slower
    /// PEs really take longer per entry method (busy work).
    #[cfg_attr(feature = "clap", arg(long, value_delimiter = ','))]
    pub cluster_speeds: Option<Vec<f64>>,
    /// Serve messages for border objects (those that send across clusters) first.
    #[cfg_attr(feature = "clap", arg(id = "grid_priority", long = "grid-priority", value_name = "GRID_PRIORITY", default_value = "off",
        action = clap::ArgAction::Set,
        value_parser = clap::builder::EnumValueParser::<OnOff>::new().map(|v| v == OnOff::On)))]
    pub priority: bool,
    /// With --grid-priority on: a local message runs after at most N grid-queue messages.
    #[cfg_attr(feature = "clap", arg(id = "grid_starvation", long = "grid-starvation", value_name = "GRID_STARVATION",
        default_value_t = arts_core::DEFAULT_STARVATION_LIMIT,
        value_parser = clap::value_parser!(u32).range(1..)))]
    pub starvation_limit: u32,
}

/// A switch (`--grid-priority on|off`).
#[cfg(feature = "clap")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnOff {
    /// On.
    On,
    /// Off.
    Off,
}

impl Default for GridChoices {
    fn default() -> GridChoices {
        GridChoices {
            clusters: None,
            topology: None,
            latency: None,
            jitter: None,
            bandwidth: None,
            per_message_overhead: None,
            cluster_speeds: None,
            priority: false,
            starvation_limit: DEFAULT_STARVATION_LIMIT,
        }
    }
}

impl GridChoices {
    /// Whether an option of a grid's links or speeds was given.
    fn link_given(&self) -> bool {
        self.latency.is_some()
            || self.jitter.is_some()
            || self.bandwidth.is_some()
            || self.per_message_overhead.is_some()
            || self.cluster_speeds.is_some()
            || self.priority
    }

    /// Whether any grid option was given.
    pub fn given(&self) -> bool {
        self.clusters.is_some()
            || self.topology.is_some()
            || self.link_given()
            || self.starvation_limit != DEFAULT_STARVATION_LIMIT
    }

    /// The emulation these options ask for on the run `config` (already
    /// distributed over the processes), if any; `host_names` gives the
    /// host of every process (for `--topology hosts`).
    pub fn emulation(
        &self,
        config: &Config,
        host_names: impl FnOnce() -> Vec<String>,
    ) -> Result<Option<Emulation>, String> {
        let pes = config.pes;
        let topology = match (self.clusters, self.topology.as_deref()) {
            (Some(k), _) => Some(self.uniform(pes, k)?),
            (None, Some("hosts")) => Some(hosts(pes, &host_names())?),
            (None, Some("auto")) => Some(probed(config)?),
            (None, Some(file)) => Some(
                Topology::from_file(std::path::Path::new(file), Some(pes))
                    .map_err(|e| e.to_string())?,
            ),
            (None, None) => None,
        };
        let Some(topology) = topology else {
            if self.link_given() {
                return Err(
                    "--latency, --jitter, --bandwidth, --per-message-overhead, --cluster-speeds \
                     and --grid-priority need a grid: give --clusters K or --topology"
                        .into(),
                );
            }
            return Ok(None);
        };
        Ok(Some(Emulation {
            topology,
            priority: self.priority,
            starvation_limit: self.starvation_limit,
        }))
    }

    /// `--clusters K --latency L [--jitter J] [--bandwidth B]
    /// [--per-message-overhead O] [--cluster-speeds ..]`.
    fn uniform(&self, pes: u32, k: u32) -> Result<Topology, String> {
        let latency = self.latency.unwrap_or(Duration::ZERO);
        let mut topology = Topology::uniform(pes, k, latency)
            .map_err(|e| e.to_string())?
            .with_links(self.bandwidth, self.per_message_overhead);
        topology.jitter_ms = self.jitter.map_or(0.0, |j| j.as_secs_f64() * 1e3);
        if let Some(speeds) = &self.cluster_speeds {
            if speeds.len() != k as usize || !speeds.iter().all(|&s| speed_accepted(s)) {
                return Err(format!(
                    "--cluster-speeds: give {k} comma-separated speeds (one per cluster), \
                     each {MIN_SPEED} to {MAX_SPEED}"
                ));
            }
            let of = topology.cluster_of_pes();
            topology.speeds = Some(of.iter().map(|&c| speeds[c as usize]).collect());
        }
        Ok(topology)
    }
}

/// `--topology hosts`: the PEs of the processes on one host (`names`, one
/// per process) form a cluster.
fn hosts(pes: u32, names: &[String]) -> Result<Topology, String> {
    let per = pes / names.len() as u32;
    let host_of_pe: Vec<&String> = names
        .iter()
        .flat_map(|n| std::iter::repeat_n(n, per as usize))
        .collect();
    Topology::hosts(&host_of_pe).map_err(|e| e.to_string())
}

/// `--topology auto`: the probe's clusters; the latency between them is
/// the network's own, so none is added.
fn probed(config: &Config) -> Result<Topology, String> {
    let probe = Config {
        instrument: false,
        lb: None,
        ..config.clone()
    };
    let matrix = crate::measure(&probe, AUTO_PROBE_ROUNDS).map_err(|e| e.to_string())?;
    let mut topology = crate::discover(&matrix, crate::probe::DEFAULT_GAP).topology;
    for row in &mut topology.latency_ms {
        row.iter_mut().for_each(|l| *l = 0.0);
    }
    Ok(topology)
}

/// The note printed at start-up when a PE emulates a speed below
/// [`SLOW_NOTE`] (`None` otherwise).
pub fn slow_note(topology: &Topology) -> Option<String> {
    let slowest = (topology.speeds.iter().flatten().copied()).reduce(f64::min);
    slowest.filter(|&s| s < SLOW_NOTE).map(|slow| {
        format!(
            "note: the slowest PE emulates speed {slow:e}: its work takes {:.0}x as long, \
             and a run that waits for it is about that much longer (noted below speed \
             {SLOW_NOTE})",
            1.0 / slow
        )
    })
}

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

    fn config(pes: u32) -> Config {
        Config {
            pes,
            ..Config::default()
        }
    }

    #[test]
    fn clusters_make_a_grid_and_link_options_need_one() {
        let none = GridChoices::default();
        assert!(!none.given());
        assert!(none.emulation(&config(4), Vec::new).unwrap().is_none());
        let slow = GridChoices {
            clusters: Some(2),
            latency: Some(Duration::from_millis(8)),
            cluster_speeds: Some(vec![1.0, 0.001]),
            ..GridChoices::default()
        };
        let e = slow.emulation(&config(4), Vec::new).unwrap().unwrap();
        assert_eq!(e.topology.speeds, Some(vec![1.0, 1.0, 0.001, 0.001]));
        assert!(
            slow_note(&e.topology)
                .unwrap()
                .contains("takes 1000x as long")
        );
        let wrong = GridChoices {
            cluster_speeds: Some(vec![1.0]),
            ..slow.clone()
        };
        let err = wrong.emulation(&config(4), Vec::new).unwrap_err();
        assert!(
            err.starts_with("--cluster-speeds: give 2 comma-separated"),
            "{err}"
        );
        let alone = GridChoices {
            latency: Some(Duration::from_millis(1)),
            ..GridChoices::default()
        };
        assert!(alone.given());
        let err = alone.emulation(&config(4), Vec::new).unwrap_err();
        assert!(
            err.ends_with("need a grid: give --clusters K or --topology"),
            "{err}"
        );
    }

    #[test]
    fn hosts_are_clusters_of_their_processes_pes() {
        let choices = GridChoices {
            topology: Some("hosts".into()),
            ..GridChoices::default()
        };
        let names = || vec!["a".to_string(), "a".into(), "b".into()];
        let e = choices.emulation(&config(6), names).unwrap().unwrap();
        assert_eq!(e.topology.cluster_of_pes(), [0, 0, 0, 0, 1, 1]);
    }
}
