//! The Blue Gene/L 3-D torus network model (Upchurch et al., sec. 3.3), one
//! LP per node. See `README.md` beside this file for the router protocol
//! (tokens, virtual cut-through, adaptive routing with a bubble escape
//! channel) and why it cannot deadlock, and `docs/torus.md` for the
//! parameters and file formats.
//!
//! ```
//! use arts_pdes::models::torus::{Torus, TorusParams};
//! use arts_pdes::{RunConfig, SyncMode};
//! let mut p = TorusParams::new([4, 4, 2]);
//! p.workload = arts_pdes::models::torus::WorkloadSpec::Ljs { atoms: 2000.0 };
//! let model = Torus::new(p).unwrap();
//! let report = arts_pdes::run(&model, &RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1), None).unwrap();
//! let fig = model.figures(&report);
//! assert!(fig.complete && fig.bandwidth_utilization > 0.7);
//! ```

pub mod choice;
mod mapping;
mod msg;
mod router;
mod state;
mod topology;
mod workload;

pub use mapping::MappingSpec;
pub use msg::TorusMsg;
pub use state::{NodeState, TorusUndo};
pub use topology::Topology;
pub use workload::{AppMessage, LJS_ATOMS, LJS_BYTES, WorkloadSpec, ljs_bytes};

use crate::config::SimReport;
use crate::key::{LpId, Time};
use crate::model::{EventCtx, Model, StatKind, StatSpec};
use crate::rng::mix64;

use msg::{Kind, MAX_SLOTS};
use state::Layout;
use topology::DIRS;

/// Bad parameters or input files (one line, naming the file line where
/// there is one).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TorusError {
    /// Bad torus dimensions.
    #[error("--dims {0}")]
    Dims(String),
    /// A bad model parameter (the message names the flag).
    #[error("{0}")]
    Param(String),
    /// A bad line of an input file.
    #[error("{file} line {line}: {msg}")]
    Input {
        /// File name.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        msg: String,
    },
}

/// Model parameters. Defaults are the Blue Gene/L figures of `docs/torus.md`.
#[derive(Clone, Debug, PartialEq)]
pub struct TorusParams {
    /// Torus size `X × Y × Z`.
    pub dims: [u32; 3],
    /// The communication workload.
    pub workload: WorkloadSpec,
    /// Placement of cells on nodes.
    pub mapping: MappingSpec,
    /// Seed of the random mapping and the random workload.
    pub seed: u64,
    /// Link bandwidth per direction, bytes/s (BG/L: 1.4 Gb/s = 175 MB/s).
    pub link_bytes_per_s: f64,
    /// Per-hop latency (router + wire) of a packet's head, seconds.
    pub hop_latency_s: f64,
    /// Largest packet payload, bytes (BG/L: 256; a multiple of 32).
    pub packet_bytes: u32,
    /// Buffer of each virtual channel, in full packets (tokens).
    pub vc_packets: u32,
    /// Injection throttle: minimum time between two packets of one
    /// injection FIFO, seconds.
    pub inject_delay_s: f64,
    /// Aggregated mode: packets per simulated train (1 = per-packet model).
    pub train_packets: u32,
}

impl TorusParams {
    /// Blue Gene/L defaults, LJS workload, ideal mapping.
    pub fn new(dims: [u32; 3]) -> TorusParams {
        TorusParams {
            dims,
            workload: WorkloadSpec::Ljs { atoms: LJS_ATOMS },
            mapping: MappingSpec::Ideal,
            seed: 1,
            link_bytes_per_s: 175e6,
            hop_latency_s: 100e-9,
            packet_bytes: 256,
            vc_packets: 4,
            inject_delay_s: 0.0,
            train_packets: 1,
        }
    }
}

/// A network message sent by a node, with its destination resolved to a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NetMsg {
    pub dst: u32,
    /// Simulated units (packets, or trains in aggregated mode).
    pub units: u32,
    pub bytes: u64,
    pub time_ps: u64,
}

/// Totals of the workload, known before the run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    /// Messages that cross the network.
    pub messages: u64,
    /// Their payload bytes.
    pub bytes: u64,
    /// 256-byte (at most) packets they are split into.
    pub packets: u64,
    /// Simulated units (= packets, or trains in aggregated mode).
    pub units: u64,
    /// Sum over messages of bytes × minimal hop count.
    pub hop_bytes: u64,
    /// Sum over simulated units of their (minimal) hop count.
    pub unit_hops: u64,
    /// Messages whose source and destination cells share a node (not sent).
    pub local_messages: u64,
    /// Unidirectional links of the torus.
    pub links: u64,
}

/// The torus model.
pub struct Torus {
    p: TorusParams,
    topo: Topology,
    layout: Layout,
    /// The held nodes' messages grouped by source node:
    /// `msgs[first[n] .. first[n + 1]]` (empty for a node not held).
    msgs: Vec<NetMsg>,
    first: Vec<u32>,
    /// Global id of node `n`'s first message (packets carry global ids:
    /// messages numbered by source node, then post time).
    id_first: Vec<u32>,
    /// The held nodes' incoming messages grouped by destination node, in
    /// id order (`k` = the message's index among its destination's):
    /// global id `in_ids[in_first[n] + k]`, units still to arrive at the
    /// start `in_units[..]`, post time `in_time[..]`.
    in_first: Vec<u32>,
    in_ids: Vec<u32>,
    in_units: Vec<u32>,
    in_time: Vec<u64>,
    /// The nodes this model runs (`None`: all).
    held: Option<Vec<bool>>,
    state_codec: state::NodeCodec,
    totals: Totals,
    /// Hash of the whole workload as resolved to nodes (checkpoints name it).
    fingerprint: u64,
    chunk_ps: u64,
    lat_ps: u64,
    unit_chunks: u32,
    unit_bytes: u64,
    inject_gap_ps: u64,
    lookahead_ps: u64,
    /// Longest injection FIFO's serialization time (a flush lower bound).
    fifo_bound_ps: u64,
}

/// Figures of merit of one run (sec. 3.3.2 of the paper).
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Nodes of the torus.
    pub nodes: u32,
    /// Workload totals.
    pub totals: Totals,
    /// Time the last packet arrived (the stage starts at 0), seconds.
    pub flush_time_s: f64,
    /// Fraction of delivered units that used the escape channel.
    pub escape_fraction: f64,
    /// Fraction of all hops taken on the escape channel.
    pub escape_hop_fraction: f64,
    /// Mean time from a unit's first link start to its tail's arrival, s.
    pub avg_transit_s: f64,
    /// Bytes moved over links (bytes × hops) over the capacity of every
    /// link during the flush time.
    pub bandwidth_utilization: f64,
    /// Units delivered.
    pub delivered_units: u64,
    /// Messages whose last packet arrived.
    pub messages_delivered: u64,
    /// Mean time from posting a message to its last packet's arrival, s.
    pub avg_message_latency_s: f64,
    /// Every message was delivered (false if `--end-time` cut the run).
    pub complete: bool,
}

const STATS: [StatSpec; 7] = [
    StatSpec {
        name: "delivered_units",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "escaped_units",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "transit_ps_sum",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "last_delivery_ps",
        kind: StatKind::Max,
    },
    StatSpec {
        name: "messages_delivered",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "message_latency_ps_sum",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "escape_hops",
        kind: StatKind::Sum,
    },
];

/// Picoseconds per second: model times are integral picoseconds (exact in f64).
pub const PS: f64 = 1e12;

/// Compute time of one LJS iteration per 500,000 atoms on a BG/L node
/// (Upchurch et al., sec. 3.3.2), for comparing with the communication time.
pub const LJS_COMPUTE_S: f64 = 1.48;

/// Packets per train of the usual aggregated mode.
pub const AGGREGATE_TRAIN: u32 = 16;

impl TorusParams {
    /// The compute time of one LJS iteration for this workload's atoms per
    /// cell, seconds (`None` for workloads other than LJS).
    pub fn compute_time_s(&self) -> Option<f64> {
        match self.workload {
            WorkloadSpec::Ljs { atoms } => Some(LJS_COMPUTE_S * atoms / LJS_ATOMS),
            _ => None,
        }
    }
}

/// Parses a time such as `3us`, `2.5e-6s`, `100ns`, `1ms`, or a bare number
/// in `default_unit` seconds. Returns seconds.
pub fn parse_time(s: &str, default_unit: f64) -> Option<f64> {
    let s = s.trim();
    let units = [
        ("ns", 1e-9),
        ("us", 1e-6),
        ("µs", 1e-6),
        ("ms", 1e-3),
        ("s", 1.0),
    ];
    for (suffix, scale) in units {
        if let Some(num) = s.strip_suffix(suffix) {
            return num.trim().parse::<f64>().ok().map(|v| v * scale);
        }
    }
    s.parse::<f64>().ok().map(|v| v * default_unit)
}

impl Torus {
    /// Builds the model: validates the parameters, generates the workload,
    /// places cells on nodes and resolves every message to nodes.
    pub fn new(p: TorusParams) -> Result<Torus, TorusError> {
        Torus::holding(p, &|_| true)
    }

    /// [`Torus::new`] for a process that runs only the nodes `held`
    /// selects (a run across processes): the workload is still generated
    /// and counted whole (totals, flush bound, the same message ids), but
    /// only the held nodes' messages, sent and incoming, are kept. The
    /// model then runs those nodes only: [`Model::init`] of another node
    /// panics. Results are those of the whole model.
    pub fn holding(p: TorusParams, held: &dyn Fn(u32) -> bool) -> Result<Torus, TorusError> {
        let topo = Topology::new(p.dims)?;
        let param = |m: String| Err(TorusError::Param(m));
        if !(p.link_bytes_per_s.is_finite() && p.link_bytes_per_s >= 1e3) {
            return param(format!(
                "--link-bandwidth {} B/s: must be at least 1e3",
                p.link_bytes_per_s
            ));
        }
        if !(p.hop_latency_s.is_finite() && p.hop_latency_s >= 1e-12 && p.hop_latency_s <= 1.0) {
            return param(format!(
                "--hop-latency {} s: must be between 1 ps and 1 s",
                p.hop_latency_s
            ));
        }
        if p.packet_bytes == 0 || !p.packet_bytes.is_multiple_of(32) || p.packet_bytes > 1 << 16 {
            return param(format!(
                "packet size {}: must be a positive multiple of 32 bytes",
                p.packet_bytes
            ));
        }
        if p.train_packets == 0 || p.train_packets > 256 {
            return param(format!(
                "--train-packets {}: must be 1..=256",
                p.train_packets
            ));
        }
        if p.vc_packets < 2 || p.vc_packets > MAX_SLOTS {
            return param(format!(
                "--vc-packets {}: must be 2..={MAX_SLOTS} (the escape channel's bubble rule needs 2)",
                p.vc_packets
            ));
        }
        if !(p.inject_delay_s.is_finite() && (0.0..=1.0).contains(&p.inject_delay_s)) {
            return param(format!(
                "--inject-delay {} s: must be between 0 and 1 s",
                p.inject_delay_s
            ));
        }
        let chunk_ps = ((32.0 / p.link_bytes_per_s) * PS).round().max(1.0) as u64;
        let lat_ps = (p.hop_latency_s * PS).round().max(1.0) as u64;
        let unit_bytes = p.packet_bytes as u64 * p.train_packets as u64;
        let unit_chunks = (unit_bytes / 32) as u32;
        if unit_chunks >= 1 << 16 {
            return param(format!(
                "--train-packets {}: a train of {unit_bytes} bytes is too long",
                p.train_packets
            ));
        }
        // A buffer holds vc_packets packets (tokens). In aggregated mode a
        // slot holds a train, and a VC keeps 3/4 of the per-packet slot
        // count (at least the two the bubble rule needs): calibrated so the
        // saturated network's flush time and utilization match the
        // per-packet model (docs/benchmarks/torus.md).
        let slots = if p.train_packets == 1 {
            p.vc_packets
        } else {
            (3 * p.vc_packets / 4).max(2)
        } as usize;
        let inject_gap_ps = (p.inject_delay_s * PS).round() as u64 * p.train_packets as u64;

        let mut app = workload::generate(&p.workload, p.dims, p.seed)?;
        let node_of = mapping::build(&p.mapping, topo.nodes(), p.seed)?;
        let n = topo.nodes() as usize;
        let mut totals = Totals {
            links: topo.links(),
            ..Totals::default()
        };
        // Cells to nodes, in place (trace order); messages between cells of
        // one node are not sent. Then group by source node, stable, then by
        // time: a message's index in this order is its global id.
        let sent = app.len();
        app.retain_mut(|m| {
            let (s, d) = (node_of[m.src as usize], node_of[m.dst as usize]);
            (m.src, m.dst) = (s, d);
            s != d
        });
        totals.local_messages = (sent - app.len()) as u64;
        drop(node_of);
        app.sort_by_key(|m| (m.src, m.time_ps));
        // Every message is counted (totals, flush bound, fingerprint); only
        // the held nodes' messages are kept: sent ones by source, incoming
        // ones (global id, units, post time) by destination.
        let mut id_first = vec![0u32; n + 1];
        let mut first = vec![0u32; n + 1];
        let mut in_first = vec![0u32; n + 1];
        let mut fingerprint = 0x243f_6a88_85a3_08d3u64;
        for m in &app {
            let units = m.bytes.div_ceil(unit_bytes).max(1);
            if units > u32::MAX as u64 / 2 {
                return param(format!(
                    "a message of {} bytes is too long for the model",
                    m.bytes
                ));
            }
            let packets = m.bytes.div_ceil(p.packet_bytes as u64).max(1);
            totals.messages += 1;
            totals.bytes += m.bytes;
            totals.packets += packets;
            totals.units += units;
            let hops = topo.distance(m.src, m.dst) as u64;
            totals.hop_bytes += m.bytes * hops;
            totals.unit_hops += units * hops;
            fingerprint = mix64(fingerprint ^ m.time_ps);
            fingerprint = mix64(fingerprint ^ ((m.src as u64) << 32 | m.dst as u64));
            fingerprint = mix64(fingerprint ^ m.bytes);
            id_first[m.src as usize + 1] += 1;
            if held(m.src) {
                first[m.src as usize + 1] += 1;
            }
            if held(m.dst) {
                in_first[m.dst as usize + 1] += 1;
            }
        }
        for i in 0..n {
            id_first[i + 1] += id_first[i];
            first[i + 1] += first[i];
            in_first[i + 1] += in_first[i];
        }
        let mut msgs = Vec::with_capacity(first[n] as usize);
        let incoming = in_first[n] as usize;
        let (mut in_ids, mut in_units, mut in_time) = (
            vec![0u32; incoming],
            vec![0u32; incoming],
            vec![0u64; incoming],
        );
        let mut fill = in_first[..n].to_vec();
        for (id, m) in app.iter().enumerate() {
            let units = m.bytes.div_ceil(unit_bytes).max(1) as u32;
            if held(m.src) {
                msgs.push(NetMsg {
                    dst: m.dst,
                    units,
                    bytes: m.bytes,
                    time_ps: m.time_ps,
                });
            }
            if held(m.dst) {
                // Ids ascend: a node's incoming ids are sorted.
                let k = fill[m.dst as usize] as usize;
                fill[m.dst as usize] += 1;
                (in_ids[k], in_units[k], in_time[k]) = (id as u32, units, m.time_ps);
            }
        }
        drop(fill);
        let held_nodes = (0..n as u32).filter(|&v| held(v)).count();
        let mut model = Torus {
            p,
            topo,
            layout: Layout::new(slots),
            msgs,
            first,
            id_first,
            in_first,
            in_ids,
            in_units,
            in_time,
            held: (held_nodes < n).then(|| (0..n as u32).map(held).collect()),
            state_codec: state::NodeCodec {
                min_words: Layout::new(slots).words(0),
            },
            totals,
            fingerprint,
            chunk_ps,
            lat_ps,
            unit_chunks,
            unit_bytes,
            inject_gap_ps,
            lookahead_ps: lat_ps.min(chunk_ps),
            fifo_bound_ps: 0,
        };
        model.fifo_bound_ps = model.fifo_bound(&app);
        Ok(model)
    }

    /// Longest time any injection FIFO needs to serialize its packets
    /// (`app`: every message, grouped by source node in global id order).
    fn fifo_bound(&self, app: &[AppMessage]) -> u64 {
        let mut worst = 0u64;
        for node in 0..self.topo.nodes() as usize {
            let mine = &app[self.id_first[node] as usize..self.id_first[node + 1] as usize];
            for f in 0..DIRS {
                let mut t = 0u64;
                for m in mine.iter().skip(f).step_by(DIRS) {
                    let units = m.bytes.div_ceil(self.unit_bytes).max(1) as u32;
                    let msg = NetMsg {
                        dst: m.dst,
                        units,
                        bytes: m.bytes,
                        time_ps: m.time_ps,
                    };
                    let ser = self.message_chunks(&msg) * self.chunk_ps;
                    let gap = self.inject_gap_ps * (units as u64 - 1);
                    t = t.max(m.time_ps) + ser.max(gap);
                }
                worst = worst.max(t);
            }
        }
        worst
    }

    /// Wire chunks of a whole message.
    fn message_chunks(&self, m: &NetMsg) -> u64 {
        let full = (m.units as u64 - 1) * self.unit_chunks as u64;
        full + self.last_unit_bytes(m).div_ceil(32).max(1)
    }

    fn last_unit_bytes(&self, m: &NetMsg) -> u64 {
        m.bytes - (m.units as u64 - 1) * self.unit_bytes
    }

    /// The parameters.
    pub fn params(&self) -> &TorusParams {
        &self.p
    }

    /// The topology.
    pub fn topology(&self) -> &Topology {
        &self.topo
    }

    /// Workload totals.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// A lower bound of the flush time (longest injection FIFO), seconds.
    pub fn flush_lower_bound_s(&self) -> f64 {
        (self.fifo_bound_ps + self.lat_ps) as f64 / PS
    }

    /// Buffer slots (tokens) per virtual channel as simulated.
    pub fn slots_per_vc(&self) -> usize {
        self.layout.slots
    }

    /// Bytes of state per node (excluding the per-message counters).
    pub fn node_state_bytes(&self) -> usize {
        self.layout.words(0) * 8
    }

    /// The figures of merit of a run of this model.
    pub fn figures(&self, r: &SimReport) -> Figures {
        let stat = |name: &str| {
            r.stats
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(0.0, |(_, v)| *v)
        };
        let delivered = stat("delivered_units");
        let flush_ps = stat("last_delivery_ps").max(0.0);
        let msgs = stat("messages_delivered");
        let flush_s = flush_ps / PS;
        let capacity = self.totals.links as f64 * self.p.link_bytes_per_s * flush_s;
        Figures {
            nodes: self.topo.nodes(),
            totals: self.totals,
            flush_time_s: flush_s,
            escape_fraction: if delivered > 0.0 {
                stat("escaped_units") / delivered
            } else {
                0.0
            },
            escape_hop_fraction: if self.totals.unit_hops > 0 {
                stat("escape_hops") / self.totals.unit_hops as f64
            } else {
                0.0
            },
            avg_transit_s: if delivered > 0.0 {
                stat("transit_ps_sum") / delivered / PS
            } else {
                0.0
            },
            bandwidth_utilization: if capacity > 0.0 {
                self.totals.hop_bytes as f64 / capacity
            } else {
                0.0
            },
            delivered_units: delivered as u64,
            messages_delivered: msgs as u64,
            avg_message_latency_s: if msgs > 0.0 {
                stat("message_latency_ps_sum") / msgs / PS
            } else {
                0.0
            },
            complete: delivered as u64 == self.totals.units && msgs as u64 == self.totals.messages,
        }
    }

    /// Messages sent by node `n` (a held node).
    #[inline]
    pub(crate) fn sent_by(&self, n: u32) -> &[NetMsg] {
        &self.msgs[self.first[n as usize] as usize..self.first[n as usize + 1] as usize]
    }

    /// Global id of the `idx`-th message node `n` sends.
    #[inline]
    pub(crate) fn message_id(&self, n: u32, idx: usize) -> u32 {
        self.id_first[n as usize] + idx as u32
    }

    /// The incoming message of held node `n` with global id `id`: its index
    /// among `n`'s incoming messages and its post time (`None`: not one of
    /// them, which only a speculative, later cancelled packet can ask).
    #[inline]
    pub(crate) fn incoming(&self, n: u32, id: u64) -> Option<(usize, u64)> {
        let (a, b) = (
            self.in_first[n as usize] as usize,
            self.in_first[n as usize + 1] as usize,
        );
        let id = u32::try_from(id).ok()?;
        let k = self.in_ids[a..b].binary_search(&id).ok()?;
        Some((k, self.in_time[a + k]))
    }

    /// Whether this model runs node `n` (see [`Torus::holding`]).
    pub fn holds(&self, n: LpId) -> bool {
        self.held.as_ref().is_none_or(|h| h[n as usize])
    }

    /// Messages this model keeps: `(sent by its nodes, incoming to them)`
    /// (both [`Totals::messages`] when it holds every node).
    pub fn stored_messages(&self) -> (usize, usize) {
        (self.msgs.len(), self.in_ids.len())
    }

    /// Nodes this model runs.
    pub fn held_nodes(&self) -> u32 {
        self.held.as_ref().map_or(self.topo.nodes(), |h| {
            h.iter().filter(|&&b| b).count() as u32
        })
    }

    /// A hash of the whole workload as resolved to nodes (times, source
    /// and destination nodes, sizes, in message-id order): equal models
    /// have equal fingerprints whichever nodes they hold.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

impl Model for Torus {
    type State = NodeState;
    type Msg = TorusMsg;
    type Undo = TorusUndo;

    fn name(&self) -> &str {
        "torus"
    }

    fn lp_count(&self) -> u32 {
        self.topo.nodes()
    }

    fn lookahead(&self) -> Time {
        self.lookahead_ps as f64
    }

    fn codec(&self) -> Option<&dyn crate::model::MsgCodec<TorusMsg>> {
        Some(&msg::TorusCodec)
    }

    fn state_codec(&self) -> Option<&dyn crate::model::StateCodec<NodeState>> {
        Some(&self.state_codec)
    }

    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, TorusMsg>) -> NodeState {
        assert!(
            self.holds(lp),
            "torus node {lp} is not one this process's model holds"
        );
        let (a, b) = (
            self.in_first[lp as usize] as usize,
            self.in_first[lp as usize + 1] as usize,
        );
        let mut w = vec![0u64; self.layout.words(b - a)].into_boxed_slice();
        // Units still to arrive, per incoming message.
        for (i, &units) in self.in_units[a..b].iter().enumerate() {
            w[self.layout.rem + i] = units as u64;
        }
        for (f, m) in self.sent_by(lp).iter().take(DIRS).enumerate() {
            ctx.send(
                lp,
                m.time_ps as f64,
                TorusMsg::control(Kind::Inject, f, 0, 0),
            );
        }
        NodeState { w }
    }

    #[inline]
    fn handle(
        &self,
        state: &mut NodeState,
        msg: &TorusMsg,
        undo: &mut TorusUndo,
        ctx: &mut EventCtx<'_, TorusMsg>,
    ) {
        undo.clear();
        router::handle(self, state, msg, undo, ctx);
    }

    #[inline]
    fn save(&self, _state: &NodeState, _msg: &TorusMsg) -> TorusUndo {
        TorusUndo::default()
    }

    #[inline]
    fn rollback(&self, state: &mut NodeState, _msg: &TorusMsg, undo: TorusUndo) {
        undo.undo(&mut state.w);
    }

    fn stats(&self) -> &[StatSpec] {
        &STATS
    }

    fn lp_stats(&self, s: &NodeState, out: &mut [f64]) {
        let count = s.w[state::COUNT];
        out[0] = (count & 0xffff_ffff) as f64;
        out[1] = (count >> 32) as f64;
        out[2] = s.w[state::TRANSIT] as f64;
        out[3] = s.w[state::LAST] as f64;
        out[4] = s.w[state::MSGS] as f64;
        out[5] = s.w[state::MSG_LAT] as f64;
        out[6] = s.w[state::ESC_HOPS] as f64;
    }

    fn checksum(&self, s: &NodeState) -> u64 {
        s.w.iter()
            .enumerate()
            .fold(0x9e37_79b9_7f4a_7c15, |h, (i, &v)| {
                mix64(h ^ v.rotate_left((i % 61) as u32) ^ i as u64)
            })
    }
}
