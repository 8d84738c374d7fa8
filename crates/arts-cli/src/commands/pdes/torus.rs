//! `arts pdes torus`: the Blue Gene/L torus model on any engine. The flags
//! are checked and the files they name read by `arts_pdes`
//! (`models::torus::choice`); this module runs the model (optionally also
//! in aggregated mode, for comparison) and prints the figures of merit.

use arts_pdes::RunConfig;
use arts_pdes::flags::SyncFlags;
use arts_pdes::models::torus::choice::{self, TorusChoices};
use arts_pdes::models::torus::{LJS_ATOMS, TorusParams};
use arts_pdes::runs::torus::TorusRun;

use super::{Bar, across, engine_error};
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts pdes torus`.
#[derive(clap::Args, Debug)]
pub struct TorusArgs {
    /// Torus dimensions XxYxZ (one node per LP; BG/L 64K = 64x32x32).
    #[arg(long, default_value = "8x8x8")]
    dims: String,
    /// Workload: ljs (one LJS communication stage), random (uniform random
    /// destinations) or trace:FILE (CSV time_s,source,destination,bytes).
    #[arg(long, default_value = "ljs")]
    workload: String,
    /// Placement of application cells on torus nodes: ideal, random (seeded
    /// by --seed) or file:FILE (`arts lb simulate --mapping-out` JSON, or one
    /// node per line).
    #[arg(long, default_value = "ideal")]
    mapping: String,
    /// Injection throttling: minimum time between two packets of one
    /// injection FIFO; a bare number is in microseconds (also 500ns, 3us, 1e-6s).
    #[arg(long, allow_negative_numbers = true, default_value = "0")]
    inject_delay: String,
    /// Aggregated mode: simulate trains of this many packets (1 = the
    /// per-packet model).
    #[arg(long, default_value_t = 1)]
    train_packets: u32,
    /// Aggregated mode with 16-packet trains (same as --train-packets 16).
    #[arg(long)]
    aggregate: bool,
    /// Also run the aggregated mode with trains of this many packets and
    /// report its speed-up and deviation from this (per-packet) run (1..=256).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    compare_aggregate: Option<u32>,
    /// Buffer of each virtual channel in 256-byte packets (tokens), 2..=64.
    #[arg(long, default_value_t = 4)]
    vc_packets: u32,
    /// Link bandwidth per direction in MB/s (BG/L: 1.4 Gb/s = 175 MB/s).
    #[arg(long, allow_negative_numbers = true, default_value_t = 175.0)]
    link_bandwidth: f64,
    /// Per-hop latency of a packet's head; a bare number is in nanoseconds.
    #[arg(long, allow_negative_numbers = true, default_value = "100")]
    hop_latency: String,
    /// ljs: atoms per cell; message sizes scale with (atoms/500000)^(2/3).
    #[arg(long, allow_negative_numbers = true, default_value_t = LJS_ATOMS)]
    ljs_atoms: f64,
    /// random: messages per cell.
    #[arg(long, default_value_t = 6)]
    random_messages: u32,
    /// random: bytes per message (default: the LJS mean).
    #[arg(long, default_value_t = 450_084)]
    random_bytes: u64,
    /// LP to PE mapping of the parallel engines.
    #[arg(long, value_enum, default_value = "block")]
    pe_mapping: arts_pdes::LpMapping,
    /// Stop at this simulated time (a bare number is in seconds; also 10ms);
    /// default: run until every packet is delivered.
    #[arg(long, allow_negative_numbers = true)]
    end_time: Option<String>,
    /// Optimistic window in simulated time (events only below GVT + window);
    /// a bare number is in microseconds; "inf" = unbounded Time Warp.
    #[arg(long, allow_negative_numbers = true, default_value = "5us")]
    window: String,
    #[command(flatten)]
    engine: SyncFlags,
}

impl TorusArgs {
    fn params(&self) -> Result<TorusParams, CliError> {
        TorusChoices {
            dims: &self.dims,
            workload: &self.workload,
            mapping: &self.mapping,
            inject_delay: &self.inject_delay,
            hop_latency: &self.hop_latency,
            link_bandwidth: self.link_bandwidth,
            vc_packets: self.vc_packets,
            train_packets: self.train_packets,
            aggregate: self.aggregate,
            compare_aggregate: self.compare_aggregate,
            ljs_atoms: self.ljs_atoms,
            random_messages: self.random_messages,
            random_bytes: self.random_bytes,
            seed: self.engine.seed,
        }
        .params()
        .map_err(CliError::usage)
    }

    fn config(&self) -> Result<RunConfig, CliError> {
        let end = choice::end_time(self.end_time.as_deref()).map_err(CliError::usage)?;
        let window = choice::window(&self.window).map_err(CliError::usage)?;
        let mut cfg = self.engine.config(self.pe_mapping, end, window);
        across(&self.engine, &mut cfg)?;
        Ok(cfg)
    }
}

/// Runs `arts pdes torus`.
pub(super) fn run_torus(args: &TorusArgs, out: Output) -> CliResult {
    let run = TorusRun {
        params: args.params()?,
        config: args.config()?,
        validate: args.engine.validate,
        compare_aggregate: args.compare_aggregate,
        plan: Some(args.engine.checkpoint.torus_plan(crate::world::is_root())),
    };
    let result = arts_pdes::runs::torus::run(&run, &Bar::new(out)).map_err(engine_error)?;
    out.emit(&result, || result.table())?;
    if result.valid == Some(false) {
        return Err(CliError::failed(
            "the engine's committed results differ from the sequential engine's",
        ));
    }
    Ok(())
}
