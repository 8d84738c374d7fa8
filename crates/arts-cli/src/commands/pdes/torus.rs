//! `arts pdes torus`: the Blue Gene/L torus model on any engine. Parses and
//! validates the flags, reads the trace and mapping files, runs the model
//! (optionally also in aggregated mode, for comparison) and prints the
//! figures of merit.

use arts_pdes::models::torus::{
    AGGREGATE_TRAIN, Figures, LJS_ATOMS, MappingSpec, PS, Torus, TorusError, TorusParams,
    WorkloadSpec, parse_time,
};
use arts_pdes::{RunConfig, SimReport, SyncMode};
use serde::Serialize;

use super::{SyncArgs, engine_error, run_with_progress_to};
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
    pe_mapping: super::LpMappingArg,
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

/// The aggregated-mode run of `--compare-aggregate`, against the main run.
#[derive(Serialize)]
struct AggregateOut {
    train_packets: u32,
    units: u64,
    events: u64,
    wall_s: f64,
    events_per_s: f64,
    speedup: f64,
    flush_time_s: f64,
    flush_time_ratio: f64,
    bandwidth_utilization: f64,
    utilization_ratio: f64,
    escape_fraction: f64,
    avg_transit_s: f64,
    within_5_percent: bool,
}

/// `arts pdes torus` result.
#[derive(Serialize)]
struct TorusOut {
    model: &'static str,
    dims: [u32; 3],
    nodes: u32,
    links: u64,
    workload: String,
    mapping: String,
    messages: u64,
    local_messages: u64,
    bytes: u64,
    packets: u64,
    train_packets: u32,
    units: u64,
    hop_bytes: u64,
    avg_hops: f64,
    flush_time_s: f64,
    flush_lower_bound_s: f64,
    escape_fraction: f64,
    escape_hop_fraction: f64,
    avg_transit_s: f64,
    bandwidth_utilization: f64,
    messages_delivered: u64,
    avg_message_latency_s: f64,
    complete: bool,
    compute_time_s: Option<f64>,
    inject_delay_s: f64,
    vc_packets: u32,
    slots_per_vc: usize,
    link_bandwidth_bytes_per_s: f64,
    hop_latency_s: f64,
    events: u64,
    events_per_s: f64,
    processed_events: u64,
    rolled_back_events: u64,
    efficiency: f64,
    anti_messages: u64,
    gvt_rounds: u64,
    checksum: String,
    sync: &'static str,
    pes: usize,
    pe_mapping: &'static str,
    window_s: Option<f64>,
    seed: u64,
    wall_s: f64,
    peak_rss_bytes: Option<u64>,
    load_average: Option<f64>,
    valid: Option<bool>,
    aggregate_comparison: Option<AggregateOut>,
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

fn read_file(flag: &str, path: &str) -> Result<String, CliError> {
    if path.is_empty() {
        return Err(CliError::usage(format!(
            "{flag}: a file name is needed after ':'"
        )));
    }
    std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("{flag}: cannot read {path}: {e}")))
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
        Ok(self.engine.config(self.pe_mapping, end, window))
    }
}

fn describe_workload(args: &TorusArgs) -> String {
    match args.workload.as_str() {
        "ljs" => format!("ljs ({} atoms/cell)", args.ljs_atoms),
        "random" => format!(
            "random ({} x {} B per cell)",
            args.random_messages, args.random_bytes
        ),
        w => w.to_string(),
    }
}

fn run_model(
    model: &Torus,
    cfg: &RunConfig,
    out: Output,
    what: &str,
) -> Result<(SimReport, Figures), CliError> {
    // The bar runs to twice the injection lower bound of the flush time.
    let horizon = 2.0 * model.flush_lower_bound_s() * PS;
    let report = run_with_progress_to(model, cfg, out, what, horizon)?;
    let fig = model.figures(&report);
    Ok((report, fig))
}

/// Runs `arts pdes torus`.
pub(super) fn run_torus(args: &TorusArgs, out: Output) -> CliResult {
    let params = args.params()?;
    let cfg = args.config()?;
    let model = Torus::new(params.clone()).map_err(model_error)?;
    // The comparison model is built (and its parameters checked) before any run.
    let aggregated = match args.compare_aggregate {
        None => None,
        Some(k) => {
            let mut p = params.clone();
            p.train_packets = k;
            let m = Torus::new(p).map_err(|e| {
                CliError::usage(
                    e.to_string()
                        .replace("--train-packets", "--compare-aggregate"),
                )
            })?;
            Some((k, m))
        }
    };
    arts_pdes::validate(&model, &cfg).map_err(engine_error)?;
    let (report, fig) = run_model(&model, &cfg, out, "torus")?;

    let valid = if args.engine.validate {
        let mut seq = cfg.clone();
        seq.sync = SyncMode::Sequential;
        seq.pes = 1;
        let oracle = arts_pdes::run(&model, &seq, None).map_err(engine_error)?;
        Some(oracle.same_results(&report))
    } else {
        None
    };

    let aggregate = match aggregated {
        None => None,
        Some((k, agg)) => {
            let (r, f) = run_model(&agg, &cfg, out, "trains")?;
            let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
            let flush_ratio = ratio(f.flush_time_s, fig.flush_time_s);
            let util_ratio = ratio(f.bandwidth_utilization, fig.bandwidth_utilization);
            Some(AggregateOut {
                train_packets: k,
                units: f.totals.units,
                events: r.committed_events,
                wall_s: r.wall_s,
                events_per_s: r.events_per_s(),
                speedup: ratio(report.wall_s, r.wall_s),
                flush_time_s: f.flush_time_s,
                flush_time_ratio: flush_ratio,
                bandwidth_utilization: f.bandwidth_utilization,
                utilization_ratio: util_ratio,
                escape_fraction: f.escape_fraction,
                avg_transit_s: f.avg_transit_s,
                within_5_percent: (flush_ratio - 1.0).abs() <= 0.05
                    && (util_ratio - 1.0).abs() <= 0.05,
            })
        }
    };

    let t = fig.totals;
    let result = TorusOut {
        model: "torus",
        dims: params.dims,
        nodes: fig.nodes,
        links: t.links,
        workload: describe_workload(args),
        mapping: args.mapping.clone(),
        messages: t.messages,
        local_messages: t.local_messages,
        bytes: t.bytes,
        packets: t.packets,
        train_packets: params.train_packets,
        units: t.units,
        hop_bytes: t.hop_bytes,
        avg_hops: if t.bytes > 0 {
            t.hop_bytes as f64 / t.bytes as f64
        } else {
            0.0
        },
        flush_time_s: fig.flush_time_s,
        flush_lower_bound_s: model.flush_lower_bound_s(),
        escape_fraction: fig.escape_fraction,
        escape_hop_fraction: fig.escape_hop_fraction,
        avg_transit_s: fig.avg_transit_s,
        bandwidth_utilization: fig.bandwidth_utilization,
        messages_delivered: fig.messages_delivered,
        avg_message_latency_s: fig.avg_message_latency_s,
        complete: fig.complete,
        compute_time_s: params.compute_time_s(),
        inject_delay_s: params.inject_delay_s,
        vc_packets: params.vc_packets,
        slots_per_vc: model.slots_per_vc(),
        link_bandwidth_bytes_per_s: params.link_bytes_per_s,
        hop_latency_s: params.hop_latency_s,
        events: report.committed_events,
        events_per_s: report.events_per_s(),
        processed_events: report.processed_events,
        rolled_back_events: report.rolled_back_events,
        efficiency: report.efficiency(),
        anti_messages: report.anti_messages,
        gvt_rounds: report.gvt_rounds,
        checksum: format!("{:016x}", report.checksum),
        sync: report.sync.name(),
        pes: report.pes,
        pe_mapping: cfg.mapping.name(),
        window_s: cfg.window.is_finite().then_some(cfg.window / PS),
        seed: cfg.seed,
        wall_s: report.wall_s,
        peak_rss_bytes: arts_pdes::mem::peak_rss_bytes(),
        load_average: arts_util::host::load_average(),
        valid,
        aggregate_comparison: aggregate,
    };
    out.emit(&result, || torus_table(&result))?;
    if result.valid == Some(false) {
        return Err(CliError::failed(
            "the engine's committed results differ from the sequential engine's",
        ));
    }
    Ok(())
}

fn torus_table(r: &TorusOut) -> String {
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
