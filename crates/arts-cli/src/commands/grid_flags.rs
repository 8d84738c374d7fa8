//! The grid options every object-runtime app takes (`--clusters`,
//! `--latency`, `--jitter`, `--bandwidth`, `--per-message-overhead`,
//! `--cluster-speeds`, `--grid-priority`, `--grid-starvation`), turned
//! into an [`Emulation`] by `arts-grid`.

use std::time::Duration;

use arts_core::Config;
use arts_grid::Emulation;
use arts_grid::choice::{self, GridChoices, parse_bandwidth, parse_duration, parse_overhead};

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

impl GridOpts {
    /// The options as the library takes them.
    fn choices(&self) -> GridChoices {
        GridChoices {
            clusters: self.clusters,
            topology: self.topology.clone(),
            latency: self.latency,
            jitter: self.jitter,
            bandwidth: self.bandwidth,
            per_message_overhead: self.per_message_overhead,
            cluster_speeds: self.cluster_speeds.clone(),
            priority: self.grid_priority == OnOff::On,
            starvation_limit: self.grid_starvation,
        }
    }

    /// Whether any grid option was given.
    pub fn given(&self) -> bool {
        self.choices().given()
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
        if let Some(note) = choice::slow_note(&e.topology)
            && crate::launch::is_root()
        {
            eprintln!("{note}");
        }
        let config = e.apply(config).map_err(CliError::usage)?;
        Ok((config, Some(e)))
    }

    /// The emulation these options ask for on the run `config` (already
    /// distributed over the processes), if any.
    pub fn emulation(&self, config: &Config) -> Result<Option<Emulation>, CliError> {
        let names = crate::launch::host_names;
        self.choices()
            .emulation(config, names)
            .map_err(CliError::usage)
    }
}
