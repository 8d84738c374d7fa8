//! A Blue Gene/L torus model run on one engine, as `arts pdes torus`
//! reports it: the network's figures of merit, the engine's figures and,
//! on request, the aggregated mode run beside it for comparison.

use serde::Serialize;

use super::{agrees_with_oracle, checksum_hex};
use crate::checkpoint::{self, Plan};
use crate::config::{RunConfig, SimReport};
use crate::error::PdesError;
use crate::models::torus::{
    Figures, MappingSpec, PS, Torus, TorusError, TorusParams, WorkloadSpec,
};
use crate::partition::Partition;
use crate::progress::{Progress, run_watched};

/// What to run: the model, the engine and what to compare it with.
#[derive(Clone, Debug)]
pub struct TorusRun {
    /// The model's parameters.
    pub params: TorusParams,
    /// The engine configuration (times in picoseconds).
    pub config: RunConfig,
    /// Also run the sequential engine and compare.
    pub validate: bool,
    /// Also run the aggregated mode with trains of this many packets.
    pub compare_aggregate: Option<u32>,
    /// Checkpoints and restarts (times in picoseconds; `None` or an
    /// inactive plan: neither).
    pub plan: Option<Plan>,
}

/// The aggregated-mode run of `--compare-aggregate`, against the main run.
#[derive(Clone, Debug, Serialize)]
pub struct AggregateComparison {
    /// Packets per train.
    pub train_packets: u32,
    /// Trains simulated.
    pub units: u64,
    /// Committed events.
    pub events: u64,
    /// Wall-clock seconds.
    pub wall_s: f64,
    /// Committed events per second.
    pub events_per_s: f64,
    /// Main run's wall time over this one's.
    pub speedup: f64,
    /// Its flush time.
    pub flush_time_s: f64,
    /// Its flush time over the main run's.
    pub flush_time_ratio: f64,
    /// Its bandwidth utilization.
    pub bandwidth_utilization: f64,
    /// Its utilization over the main run's.
    pub utilization_ratio: f64,
    /// Its fraction of packets that took an escape channel.
    pub escape_fraction: f64,
    /// Its average packet transit time.
    pub avg_transit_s: f64,
    /// Flush time and utilization both within 5% of the main run's.
    pub within_5_percent: bool,
}

/// A torus run as reported.
#[derive(Clone, Debug, Serialize)]
pub struct TorusReport {
    /// `"torus"`.
    pub model: &'static str,
    /// Torus dimensions.
    pub dims: [u32; 3],
    /// Nodes (LPs).
    pub nodes: u32,
    /// Links.
    pub links: u64,
    /// The workload, described.
    pub workload: String,
    /// The placement of cells on nodes, as given.
    pub mapping: String,
    /// Application messages.
    pub messages: u64,
    /// Messages between cells of one node (not sent).
    pub local_messages: u64,
    /// Bytes sent.
    pub bytes: u64,
    /// Packets sent.
    pub packets: u64,
    /// Packets per simulated unit.
    pub train_packets: u32,
    /// Units (packets or trains) simulated.
    pub units: u64,
    /// Bytes times hops.
    pub hop_bytes: u64,
    /// Average hops per byte.
    pub avg_hops: f64,
    /// Time until the last packet arrived.
    pub flush_time_s: f64,
    /// Injection lower bound of the flush time.
    pub flush_lower_bound_s: f64,
    /// Fraction of packets that took an escape channel.
    pub escape_fraction: f64,
    /// Fraction of hops on escape channels.
    pub escape_hop_fraction: f64,
    /// Average packet transit time.
    pub avg_transit_s: f64,
    /// Link bandwidth used over the flush time.
    pub bandwidth_utilization: f64,
    /// Messages delivered.
    pub messages_delivered: u64,
    /// Average message latency.
    pub avg_message_latency_s: f64,
    /// Every message delivered.
    pub complete: bool,
    /// LJS: compute time per iteration.
    pub compute_time_s: Option<f64>,
    /// Minimum time between two packets of one injection FIFO.
    pub inject_delay_s: f64,
    /// Buffer of each virtual channel in packets.
    pub vc_packets: u32,
    /// Slots per virtual channel.
    pub slots_per_vc: usize,
    /// Link bandwidth per direction.
    pub link_bandwidth_bytes_per_s: f64,
    /// Per-hop latency.
    pub hop_latency_s: f64,
    /// Committed events.
    pub events: u64,
    /// Committed events per second.
    pub events_per_s: f64,
    /// Events executed, rolled back ones included.
    pub processed_events: u64,
    /// Event executions undone.
    pub rolled_back_events: u64,
    /// Committed / processed events.
    pub efficiency: f64,
    /// Anti-messages sent.
    pub anti_messages: u64,
    /// GVT rounds or time windows.
    pub gvt_rounds: u64,
    /// Checksum of the final LP states.
    pub checksum: String,
    /// Engine that ran.
    pub sync: &'static str,
    /// Threads used.
    pub pes: usize,
    /// LP to PE mapping.
    pub pe_mapping: &'static str,
    /// Optimism window in seconds (`None`: unbounded).
    pub window_s: Option<f64>,
    /// Seed.
    pub seed: u64,
    /// Wall-clock seconds.
    pub wall_s: f64,
    /// Peak resident set size of this process.
    pub peak_rss_bytes: Option<u64>,
    /// Processes the run spanned (1 in one process).
    pub processes: u32,
    /// Across processes: seconds process 0 spent in GVT rounds.
    pub gvt_s: Option<f64>,
    /// Across processes: each process's peak resident set size, by rank.
    pub peak_rss_bytes_per_process: Option<Vec<u64>>,
    /// The host's load average after the run.
    pub load_average: Option<f64>,
    /// Whether the committed results match the sequential engine's.
    pub valid: Option<bool>,
    /// The aggregated-mode run, when asked for.
    pub aggregate_comparison: Option<AggregateComparison>,
}

/// The workload as reported.
pub fn describe_workload(w: &WorkloadSpec) -> String {
    match w {
        WorkloadSpec::Ljs { atoms } => format!("ljs ({atoms} atoms/cell)"),
        WorkloadSpec::Random { messages, bytes } => {
            format!("random ({messages} x {bytes} B per cell)")
        }
        WorkloadSpec::Trace { name, .. } => format!("trace:{name}"),
    }
}

/// The placement as reported.
pub fn describe_mapping(m: &MappingSpec) -> String {
    match m {
        MappingSpec::Ideal => "ideal".into(),
        MappingSpec::Random => "random".into(),
        MappingSpec::File { name, .. } => format!("file:{name}"),
    }
}

/// Builds the models (bad parameters are [`PdesError::Config`]) and runs
/// them: the main run (progress as `"torus"`), the sequential check and the
/// aggregated mode (`"trains"`) as `run` asks.
pub fn run(run: &TorusRun, progress: &dyn Progress) -> Result<TorusReport, PdesError> {
    let params = &run.params;
    let cfg = &run.config;
    // Across processes each process holds only its own nodes' part of the
    // workload (the sequential check, with --validate, needs it whole).
    let held = (!run.validate)
        .then(|| held_by_this_process(params, cfg))
        .flatten();
    let build = |p: TorusParams| -> Result<Torus, TorusError> {
        match &held {
            Some(part) => Torus::holding(p, &|n| part(n)),
            None => Torus::new(p),
        }
    };
    let model = build(params.clone()).map_err(|e| PdesError::Config(e.to_string()))?;
    // The comparison model is built (and its parameters checked) before any run.
    let aggregated = match run.compare_aggregate {
        None => None,
        Some(k) => {
            let p = TorusParams {
                train_packets: k,
                ..params.clone()
            };
            let m = build(p).map_err(|e| {
                PdesError::Config(
                    e.to_string()
                        .replace("--train-packets", "--compare-aggregate"),
                )
            })?;
            Some((k, m))
        }
    };
    drop(held);
    // What building the models freed (the whole workload, generated and
    // sorted, of which a process keeps its nodes' part) goes back to the
    // system before the run.
    arts_util::host::release_free_memory();
    crate::engine::validate(&model, cfg)?;
    let (report, fig) = match run.plan.as_ref().filter(|p| p.active()) {
        Some(plan) => {
            let report = checkpoint::run_to(
                &model,
                cfg,
                plan,
                describe(&model),
                progress,
                "torus",
                horizon(&model),
            )?;
            let fig = model.figures(&report);
            (report, fig)
        }
        None => run_model(&model, cfg, progress, "torus")?,
    };
    let valid = if run.validate {
        let seq = RunConfig {
            pes: 1,
            ..cfg.clone()
        };
        Some(agrees_with_oracle(&model, seq, &report)?)
    } else {
        None
    };
    let aggregate_comparison = match aggregated {
        None => None,
        Some((k, agg)) => {
            let (r, f) = run_model(&agg, cfg, progress, "trains")?;
            Some(compare(k, (&report, &fig), (&r, &f)))
        }
    };
    let t = fig.totals;
    Ok(TorusReport {
        model: "torus",
        dims: params.dims,
        nodes: fig.nodes,
        links: t.links,
        workload: describe_workload(&params.workload),
        mapping: describe_mapping(&params.mapping),
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
        checksum: checksum_hex(&report),
        sync: report.sync.name(),
        pes: report.pes,
        pe_mapping: cfg.mapping.name(),
        window_s: cfg.window.is_finite().then_some(cfg.window / PS),
        seed: cfg.seed,
        wall_s: report.wall_s,
        peak_rss_bytes: crate::mem::peak_rss_bytes(),
        processes: report.processes,
        gvt_s: report.gvt_s,
        peak_rss_bytes_per_process: (!report.peak_rss_per_process.is_empty())
            .then(|| report.peak_rss_per_process.clone()),
        load_average: arts_util::host::load_average(),
        valid,
        aggregate_comparison,
    })
}

/// Which nodes this process runs, for a run across processes: process `r`
/// of `n` holds global PEs `r*K .. (r+1)*K` (`K = pes / n`) and the nodes
/// the LP-to-PE mapping gives them (`crate::dist`). `None`: all of them
/// (one process, or a configuration the engine will refuse anyway).
fn held_by_this_process(
    params: &TorusParams,
    cfg: &RunConfig,
) -> Option<impl Fn(u32) -> bool + use<>> {
    let procs = cfg.processes.as_ref()?;
    let nodes: u64 = params.dims.iter().map(|&d| d as u64).product();
    let size = procs.size() as usize;
    let fits = nodes > 0
        && nodes <= u32::MAX as u64
        && size > 1
        && cfg.pes >= size
        && cfg.pes.is_multiple_of(size)
        && cfg.pes as u64 <= nodes
        && cfg.pes <= crate::partition::MAX_PES;
    if !fits {
        return None;
    }
    let part = Partition::new(nodes as u32, cfg.pes, cfg.mapping);
    let (k, rank) = (cfg.pes / size, procs.rank() as usize);
    Some(move |n: u32| part.pe_of(n) / k == rank)
}

/// The model and its parameters as a checkpoint names them (a restart must
/// match): every parameter, the workload's totals and its fingerprint (so
/// that a trace or mapping file of the same name but other contents is
/// refused).
fn describe(model: &Torus) -> serde_json::Value {
    let p = model.params();
    let t = model.totals();
    serde_json::json!({
        "model": "torus",
        "dims": p.dims,
        "workload": describe_workload(&p.workload),
        "mapping": describe_mapping(&p.mapping),
        "link_bytes_per_s": p.link_bytes_per_s,
        "hop_latency_s": p.hop_latency_s,
        "packet_bytes": p.packet_bytes,
        "vc_packets": p.vc_packets,
        "inject_delay_s": p.inject_delay_s,
        "train_packets": p.train_packets,
        "messages": t.messages,
        "units": t.units,
        "workload_fingerprint": format!("{:016x}", model.fingerprint()),
    })
}

/// The simulated time progress is shown against: twice the injection
/// lower bound of the flush time, in picoseconds.
fn horizon(model: &Torus) -> f64 {
    2.0 * model.flush_lower_bound_s() * PS
}

/// Runs `model` with progress up to [`horizon`], and takes its figures.
fn run_model(
    model: &Torus,
    cfg: &RunConfig,
    progress: &dyn Progress,
    what: &str,
) -> Result<(SimReport, Figures), PdesError> {
    let report = run_watched(model, cfg, progress, what, horizon(model))?;
    let fig = model.figures(&report);
    Ok((report, fig))
}

/// The aggregated run (trains of `k` packets) against the per-packet one.
fn compare(
    k: u32,
    (main, main_fig): (&SimReport, &Figures),
    (r, f): (&SimReport, &Figures),
) -> AggregateComparison {
    let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
    let flush_ratio = ratio(f.flush_time_s, main_fig.flush_time_s);
    let util_ratio = ratio(f.bandwidth_utilization, main_fig.bandwidth_utilization);
    AggregateComparison {
        train_packets: k,
        units: f.totals.units,
        events: r.committed_events,
        wall_s: r.wall_s,
        events_per_s: r.events_per_s(),
        speedup: ratio(main.wall_s, r.wall_s),
        flush_time_s: f.flush_time_s,
        flush_time_ratio: flush_ratio,
        bandwidth_utilization: f.bandwidth_utilization,
        utilization_ratio: util_ratio,
        escape_fraction: f.escape_fraction,
        avg_transit_s: f.avg_transit_s,
        within_5_percent: (flush_ratio - 1.0).abs() <= 0.05 && (util_ratio - 1.0).abs() <= 0.05,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SyncMode;

    #[test]
    fn a_small_torus_runs_validates_and_compares_trains() {
        let run_opts = TorusRun {
            params: TorusParams::new([2, 2, 2]),
            config: RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1),
            validate: true,
            compare_aggregate: Some(4),
            plan: None,
        };
        let r = run(&run_opts, &()).unwrap();
        assert_eq!(r.nodes, 8);
        assert_eq!(r.valid, Some(true));
        assert!(r.complete);
        assert_eq!(r.mapping, "ideal");
        assert!(r.workload.starts_with("ljs ("));
        assert_eq!(r.aggregate_comparison.unwrap().train_packets, 4);
    }

    #[test]
    fn a_bad_comparison_train_names_its_flag() {
        let run_opts = TorusRun {
            params: TorusParams::new([2, 2, 2]),
            config: RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1),
            validate: false,
            compare_aggregate: Some(100_000),
            plan: None,
        };
        match run(&run_opts, &()) {
            Err(PdesError::Config(msg)) => assert!(msg.contains("--compare-aggregate"), "{msg}"),
            other => panic!("{other:?}"),
        }
    }
}
