//! Latency probing: an arts app that measures the one-way latency between
//! every ordered pair of PEs ([`measure`]), and the clustering of PEs by
//! that latency ([`discover`]), which rediscovers a grid's clusters.

mod discover;
mod report;

use arts_core::{Callback, Chare, Config, Ctx, Index, Map, Reducer, RunError, Shape, message};
use serde::{Deserialize, Serialize};

pub use discover::{DEFAULT_GAP, Discovery, discover};
pub use report::ProbeReport;

/// The most PEs probed (the matrix is gathered by one reduction of
/// `pes²` values per PE).
pub const MAX_PROBE_PES: u32 = 256;

/// Measured one-way latency between PEs, ms: `ms[a][b]` from PE `a` to
/// PE `b` (half the median round trip); the diagonal is 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LatencyMatrix {
    /// One row per PE.
    pub ms: Vec<Vec<f64>>,
}

impl LatencyMatrix {
    /// Number of PEs.
    pub fn pes(&self) -> u32 {
        self.ms.len() as u32
    }

    /// The latency of the pair `a`, `b` both ways: the mean of `a → b` and `b → a`.
    pub fn pair(&self, a: usize, b: usize) -> f64 {
        (self.ms[a][b] + self.ms[b][a]) / 2.0
    }
}

/// Read-only data of the probe array.
struct ProbeInit {
    pes: u32,
    rounds: u32,
}

/// The reduction tag of the gathered matrix.
#[derive(Serialize)]
struct MatrixTag;

/// Messages of [`Prober`].
#[message]
#[derive(Clone)]
enum ProbeMsg {
    /// Measure against every other PE, then start the next element.
    Start,
    /// A ping from element `from`, to be answered.
    Ping { from: u32 },
    /// The answer to this element's last ping.
    Pong,
}

/// The probe element of one PE: pings every other element in turn.
#[derive(Serialize, Deserialize)]
struct Prober {
    me: u32,
    /// The element being measured against.
    peer: u32,
    /// When the last ping left (run seconds).
    sent_at: f64,
    /// Round trips with `peer` so far, s (the first is a warm-up).
    rtts: Vec<f64>,
    /// One-way latency to every PE, ms.
    row: Vec<f64>,
}

impl Prober {
    /// Measures against the first PE from `self.peer` on, or finishes.
    fn next_pair(&mut self, ctx: &mut Ctx<'_, Self>) {
        let n = ctx.init().pes;
        if self.peer == self.me {
            self.peer += 1;
        }
        if self.peer < n {
            self.rtts.clear();
            self.ping(ctx);
            return;
        }
        // The matrix, row by row in element order.
        ctx.contribute(self.row.clone(), Reducer::Concat, Callback::main(MatrixTag));
        if self.me + 1 < n {
            let next = ctx.this_proxy().at(self.me + 1);
            ctx.send(next, ProbeMsg::Start);
        }
    }

    fn ping(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.sent_at = ctx.wall_time();
        let peer = ctx.this_proxy().at(self.peer);
        ctx.send(peer, ProbeMsg::Ping { from: self.me });
    }
}

impl Chare for Prober {
    type Msg = ProbeMsg;
    type Init = ProbeInit;

    fn new(index: Index, init: &ProbeInit) -> Self {
        Prober {
            me: index.x(),
            peer: 0,
            sent_at: 0.0,
            rtts: Vec::new(),
            row: vec![0.0; init.pes as usize],
        }
    }

    fn receive(&mut self, msg: ProbeMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            ProbeMsg::Start => self.next_pair(ctx),
            ProbeMsg::Ping { from } => {
                let back = ctx.this_proxy().at(from);
                ctx.send(back, ProbeMsg::Pong);
            }
            ProbeMsg::Pong => {
                self.rtts.push(ctx.wall_time() - self.sent_at);
                if self.rtts.len() <= ctx.init().rounds as usize {
                    self.ping(ctx);
                } else {
                    let rtt = arts_util::stats::median(&self.rtts[1..]);
                    self.row[self.peer as usize] = rtt / 2.0 * 1e3;
                    self.peer += 1;
                    self.next_pair(ctx);
                }
            }
        }
    }
}

/// Measures the one-way latency between every ordered pair of the
/// `config.pes` PEs: one element per PE, each pinging every other in turn
/// (`rounds` round trips after one warm-up, half the median kept), the
/// pairs one after another so that they do not disturb each other.
pub fn measure(config: &Config, rounds: u32) -> Result<LatencyMatrix, RunError> {
    let n = config.pes;
    if n > MAX_PROBE_PES {
        return Err(RunError::Config(format!(
            "the probe measures at most {MAX_PROBE_PES} PEs, not {n}"
        )));
    }
    if rounds == 0 {
        return Err(RunError::Config("the probe needs at least 1 round".into()));
    }
    let (flat, _) = arts_core::run(config, |d| -> Result<Vec<f64>, RunError> {
        let on_own_pe = Map::Custom(std::sync::Arc::new(|i: Index, _: &Shape, _| i.x()));
        let init = ProbeInit { pes: n, rounds };
        let probes = d.create_array::<Prober>("latency-probe", Shape::d1(n), on_own_pe, init);
        d.wait_quiescence()?;
        d.send(probes.at(0), ProbeMsg::Start);
        d.wait_callback::<Vec<f64>>(MatrixTag)
    })?;
    let flat = flat?;
    let ms = flat.chunks(n as usize).map(<[f64]>::to_vec).collect();
    Ok(LatencyMatrix { ms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_every_pair_in_process() {
        for pes in [2, 3, 4] {
            let config = Config {
                pes,
                ..Config::default()
            };
            let m = measure(&config, 5).unwrap();
            assert_eq!(m.pes(), pes);
            for (a, row) in m.ms.iter().enumerate() {
                assert_eq!(row.len(), pes as usize);
                for (b, &v) in row.iter().enumerate() {
                    assert!(v.is_finite() && v >= 0.0, "{a}->{b}: {v}");
                    assert_eq!(a == b, v == 0.0, "{a}->{b}: {v}");
                }
            }
        }
    }

    #[test]
    fn refuses_bad_sizes() {
        let config = Config {
            pes: MAX_PROBE_PES + 1,
            ..Config::default()
        };
        assert!(matches!(measure(&config, 3), Err(RunError::Config(_))));
        let config = Config {
            pes: 2,
            ..Config::default()
        };
        assert!(matches!(measure(&config, 0), Err(RunError::Config(_))));
    }
}
