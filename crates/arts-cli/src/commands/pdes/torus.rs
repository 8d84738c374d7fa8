//! `arts pdes torus`: the Blue Gene/L torus model on any engine. Parses and
//! validates the flags, reads the trace and mapping files, runs the model
//! (optionally also in aggregated mode, for comparison) and prints the
//! figures of merit.

use arts_pdes::RunConfig;
use arts_pdes::models::torus::{
    AGGREGATE_TRAIN, LJS_ATOMS, MappingSpec, PS, TorusError, TorusParams, WorkloadSpec, parse_time,
};
use arts_pdes::runs::torus::{TorusReport, TorusRun};

use super::{Bar, SyncArgs, engine_error};
use crate::output::{CliError, CliResult, Output};
use crate::usage::quote;

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
    engine: SyncArgs,
}

fn model_error(e: TorusError) -> CliError {
    CliError::usage(e)
}

/// Parses a time flag with a default unit (seconds per bare unit).
fn time_flag(flag: &str, s: &str, unit: f64, unit_name: &str) -> Result<f64, CliError> {
    match parse_time(s, unit) {
        Some(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(CliError::usage(format!(
            "{flag} {s}: expected a time >= 0 (a bare number is in {unit_name}; units ns, us, ms, s)"
        ))),
    }
}

/// The largest file a torus flag names.
const MAX_FILE_BYTES: u64 = 256 << 20;

fn read_file(flag: &str, path: &str) -> Result<String, CliError> {
    if path.is_empty() {
        return Err(CliError::usage(format!(
            "{flag}: a file name is needed after ':'"
        )));
    }
    arts_util::input_file::read_text(std::path::Path::new(path), MAX_FILE_BYTES)
        .map_err(|e| CliError::usage(format!("{flag}: {e}")))
}

impl TorusArgs {
    fn params(&self) -> Result<TorusParams, CliError> {
        let dims =
            arts_pdes::models::torus::Topology::parse_dims(&self.dims).map_err(model_error)?;
        let mut p = TorusParams::new(dims);
        p.seed = self.engine.seed;
        p.workload = match self.workload.as_str() {
            "ljs" => WorkloadSpec::Ljs {
                atoms: self.ljs_atoms,
            },
            "random" => WorkloadSpec::Random {
                messages: self.random_messages,
                bytes: self.random_bytes,
            },
            w => match w.strip_prefix("trace:") {
                Some(path) => WorkloadSpec::Trace {
                    name: path.to_string(),
                    text: read_file("--workload", path)?,
                },
                None => {
                    return Err(CliError::usage(format!(
                        "--workload {}: unknown workload; accepted: ljs, random, trace:FILE",
                        quote(w)
                    )));
                }
            },
        };
        p.mapping = match self.mapping.as_str() {
            "ideal" => MappingSpec::Ideal,
            "random" => MappingSpec::Random,
            m => match m.strip_prefix("file:") {
                Some(path) => MappingSpec::File {
                    name: path.to_string(),
                    text: read_file("--mapping", path)?,
                },
                None => {
                    return Err(CliError::usage(format!(
                        "--mapping {}: unknown mapping; accepted: ideal, random, file:FILE",
                        quote(m)
                    )));
                }
            },
        };
        p.inject_delay_s = time_flag("--inject-delay", &self.inject_delay, 1e-6, "microseconds")?;
        p.hop_latency_s = time_flag("--hop-latency", &self.hop_latency, 1e-9, "nanoseconds")?;
        if !(self.link_bandwidth.is_finite() && self.link_bandwidth > 0.0) {
            return Err(CliError::usage(format!(
                "--link-bandwidth {}: must be a positive number of MB/s",
                self.link_bandwidth
            )));
        }
        p.link_bytes_per_s = self.link_bandwidth * 1e6;
        p.vc_packets = self.vc_packets;
        if self.aggregate && self.train_packets != 1 {
            return Err(CliError::usage(
                "--aggregate and --train-packets: give only one of them",
            ));
        }
        p.train_packets = if self.aggregate {
            AGGREGATE_TRAIN
        } else {
            self.train_packets
        };
        if self.compare_aggregate.is_some() && p.train_packets != 1 {
            return Err(CliError::usage(
                "--compare-aggregate compares against the per-packet model: do not also give --aggregate or --train-packets",
            ));
        }
        Ok(p)
    }

    fn config(&self) -> Result<RunConfig, CliError> {
        let end = match &self.end_time {
            None => f64::INFINITY,
            Some(s) => {
                let v = time_flag("--end-time", s, 1.0, "seconds")?;
                if v <= 0.0 {
                    return Err(CliError::usage(format!("--end-time {s}: must be > 0")));
                }
                v * PS
            }
        };
        let window = match self.window.as_str() {
            "inf" | "infinity" | "none" => f64::INFINITY,
            w => {
                let v = time_flag("--window", w, 1e-6, "microseconds")?;
                if v <= 0.0 {
                    return Err(CliError::usage(format!(
                        "--window {w}: must be > 0 (or inf for unbounded optimism)"
                    )));
                }
                v * PS
            }
        };
        let mut cfg = self.engine.config(self.pe_mapping, end, window);
        self.engine.across(&mut cfg)?;
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
    };
    let result = arts_pdes::runs::torus::run(&run, &Bar::new(out)).map_err(engine_error)?;
    out.emit(&result, || torus_table(&result))?;
    if result.valid == Some(false) {
        return Err(CliError::failed(
            "the engine's committed results differ from the sequential engine's",
        ));
    }
    Ok(())
}

fn torus_table(r: &TorusReport) -> String {
    let us = |s: f64| format!("{:.3} us", s * 1e6);
    let ms = |s: f64| format!("{:.4} ms", s * 1e3);
    let mut t = format!(
        "torus {}x{}x{} ({} nodes, {} links), workload {}, mapping {}\n",
        r.dims[0], r.dims[1], r.dims[2], r.nodes, r.links, r.workload, r.mapping
    );
    t += &format!(
        "messages          {} ({} local, not sent), {} bytes, {} packets",
        r.messages, r.local_messages, r.bytes, r.packets
    );
    if r.train_packets > 1 {
        t += &format!(" in {} trains of {}", r.units, r.train_packets);
    }
    t += &format!(", {:.2} hops on average\n", r.avg_hops);
    t += &format!(
        "flush time        {} (injection lower bound {})\n",
        ms(r.flush_time_s),
        ms(r.flush_lower_bound_s)
    );
    t += &format!(
        "escapes           {:.2}% of packets ({:.2}% of hops)\n",
        100.0 * r.escape_fraction,
        100.0 * r.escape_hop_fraction
    );
    t += &format!("avg transit       {}\n", us(r.avg_transit_s));
    t += &format!(
        "bandwidth util.   {:.2}%\n",
        100.0 * r.bandwidth_utilization
    );
    t += &format!(
        "messages done     {} (avg latency {}){}\n",
        r.messages_delivered,
        ms(r.avg_message_latency_s),
        if r.complete { "" } else { "  INCOMPLETE" }
    );
    if let Some(c) = r.compute_time_s {
        t += &format!(
            "LJS compute time  {:.4} s per iteration (paper's 1.48 s per 500,000 atoms)\n",
            c
        );
    }
    t += &format!(
        "engine            {} on {} PE(s), {} events, {:.3} M events/s, {:.2} s\n",
        r.sync,
        r.pes,
        r.events,
        r.events_per_s / 1e6,
        r.wall_s
    );
    if r.processes > 1 {
        t += &format!("processes         {}", r.processes);
        if let Some(g) = r.gvt_s {
            t += &format!(", GVT {:.1}% of the run", 100.0 * g / r.wall_s.max(1e-9));
        }
        t += "\n";
    }
    if r.rolled_back_events > 0 {
        t += &format!(
            "rolled back       {} (efficiency {:.4})\n",
            r.rolled_back_events, r.efficiency
        );
    }
    t += &format!("checksum          {}\n", r.checksum);
    if let Some(v) = r.valid {
        t += &format!("valid             {v}\n");
    }
    if let Some(a) = &r.aggregate_comparison {
        t += &format!(
            "aggregated ({} packets/train): {:.2}x faster, flush {} ({:+.2}%), util {:.2}% ({:+.2}%), within 5%: {}\n",
            a.train_packets,
            a.speedup,
            ms(a.flush_time_s),
            100.0 * (a.flush_time_ratio - 1.0),
            100.0 * a.bandwidth_utilization,
            100.0 * (a.utilization_ratio - 1.0),
            a.within_5_percent
        );
    }
    t
}
