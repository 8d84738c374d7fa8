//! How exactly the delay layer emulates latency (issue figure: one-way time
//! = configured latency + normal latency within ±5% or ±50 µs, and
//! intra-cluster latency unchanged while cross-cluster traffic waits).
//!
//! Four PEs in two clusters ({0,1}, {2,3}). Game A bounces a message
//! between PE 0 and PE 2 (across clusters); game B between PE 0 and PE 1
//! (within cluster 0) at the same time, so that PE 0 always has a delayed
//! message held while B plays. Each game's one-way time is its elapsed
//! time over its one-way trips, measured by its elements. Game A's
//! accuracy is measured alone as well (reported): with more busy PEs than
//! cores, the OS would delay the wake-ups of A's idle PEs.
//!
//! [`link`] checks a link's bandwidth and per-message overhead the same
//! way.

pub mod link;

use std::sync::Arc;
use std::time::Duration;

use arts_core::{Callback, Chare, Config, Ctx, Index, Map, Reducer, RunError, Shape, message};
use arts_grid::{Emulation, Topology};
use serde::{Deserialize, Serialize};

use arts_util::stats::median;

use crate::StudyError;
use crate::grid_study::experiment::check_list;
use link::{LinkCheck, LinkSetup};

#[derive(Serialize)]
enum Tag {
    Done,
}

/// Element `i`'s PE: A plays on 0 and 2, B on 0 and 1.
const PLACEMENT: [u32; 4] = [0, 2, 0, 1];

#[message]
enum Bounce {
    /// `left` one-way trips to go; `start`: the first send's wall time.
    Ball { left: u32, start: f64 },
    /// Game B's first serve (it keeps serving while game A is running).
    Serve { trips: u32 },
}

#[derive(Serialize, Deserialize)]
struct Player;

impl Chare for Player {
    type Msg = Bounce;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        Player
    }
    fn receive(&mut self, msg: Bounce, ctx: &mut Ctx<'_, Self>) {
        let me = ctx.index().x();
        let partner = ctx.this_proxy().at(me ^ 1);
        let now = ctx.wall_time();
        let (left, start) = match msg {
            Bounce::Serve { trips } => (trips, now),
            Bounce::Ball { left, start } => (left, start),
        };
        // Values: [A's one-way s, B's one-way s]; a game's last receiver reports it.
        let mut result = vec![0.0; 2];
        if left == 0 {
            result[(me / 2) as usize] = now - start;
            ctx.contribute(result, Reducer::Max, Callback::main(Tag::Done));
            return;
        }
        ctx.send(
            partner,
            Bounce::Ball {
                left: left - 1,
                start,
            },
        );
        if left == 1 {
            ctx.contribute(result, Reducer::Max, Callback::main(Tag::Done));
        }
    }
}

/// One measurement.
#[derive(Clone, Debug, Serialize)]
pub struct DelayAccuracy {
    /// Configured one-way latency between the clusters, ms.
    pub latency_ms: f64,
    /// Measured cross-cluster one-way time, ms.
    pub cross_one_way_ms: f64,
    /// `cross_one_way_ms` minus the configured latency: the normal latency
    /// plus the layer's error, ms.
    pub cross_excess_ms: f64,
    /// Intra-cluster one-way time while cross-cluster messages wait, µs.
    pub intra_one_way_us: f64,
    /// Intra-cluster one-way time without the delay layer, µs (baseline,
    /// same run).
    pub intra_baseline_us: f64,
    /// `intra_one_way_us / intra_baseline_us`.
    pub intra_ratio: f64,
}

/// Plays both games once: `(A's one-way s, B's one-way s)`.
fn play(config: &Config, a_trips: u32, b_trips: u32) -> Result<(f64, f64), RunError> {
    let (r, _) = arts_core::run(config, |d| -> Result<Vec<f64>, RunError> {
        let map = Map::Custom(Arc::new(|i: Index, _: &Shape, _| PLACEMENT[i.x() as usize]));
        let p = d.create_array::<Player>("bounce", Shape::d1(4), map, ());
        d.wait_quiescence()?;
        d.send(p.at(0), Bounce::Serve { trips: a_trips });
        if b_trips == 0 {
            // Game B sits out: both its players report at once.
            d.send(p.at(2), Bounce::Serve { trips: 0 });
            d.send(p.at(3), Bounce::Serve { trips: 0 });
        } else {
            d.send(p.at(2), Bounce::Serve { trips: b_trips });
        }
        d.wait_callback(Tag::Done)
    })?;
    let v = r?;
    Ok((v[0] / a_trips as f64, v[1] / b_trips.max(1) as f64))
}

/// Measures the delay layer at each latency with `trips` cross-cluster
/// one-way trips (game B makes as many trips as fit in game A's time). The
/// intra-cluster times are medians of `reps` runs with and `reps` without
/// the layer, interleaved: one run of each varies by a fifth on a shared
/// machine.
pub fn delay_accuracy(
    latencies_ms: &[f64],
    trips: u32,
    reps: u32,
) -> Result<Vec<DelayAccuracy>, RunError> {
    let plain = Config {
        pes: 4,
        lb: None,
        ..Config::default()
    };
    let mut out = Vec::new();
    for &latency_ms in latencies_ms {
        let topology = Topology::uniform(4, 2, Duration::from_secs_f64(latency_ms * 1e-3))
            .map_err(|e| RunError::Config(e.to_string()))?;
        let config = Emulation::new(topology).apply(plain.clone())?;
        // Alone, so that no busy PE delays the wake-ups of game A's PEs
        // (four PEs on a machine with fewer cores would).
        let (cross, _) = play(&config, trips, 0)?;
        let (mut baselines, mut intras) = (Vec::new(), Vec::new());
        for _ in 0..reps.max(1) {
            let (_, baseline) = play(&plain, 2, 20_000)?;
            // Game B lasts about as long as game A.
            let b_trips = ((latency_ms * 1e-3 * trips as f64) / baseline.max(1e-7)).clamp(1e3, 2e6);
            let (_, intra) = play(&config, trips, b_trips as u32)?;
            baselines.push(baseline);
            intras.push(intra);
        }
        let (intra, baseline) = (median(&intras), median(&baselines));
        out.push(DelayAccuracy {
            latency_ms,
            cross_one_way_ms: cross * 1e3,
            cross_excess_ms: cross * 1e3 - latency_ms,
            intra_one_way_us: intra * 1e6,
            intra_baseline_us: baseline * 1e6,
            intra_ratio: intra / baseline,
        });
    }
    Ok(out)
}

/// What the delay layer costs with every latency 0: Jacobi2D's step time
/// with the layer (two clusters, 0 ms) over without, runs interleaved.
#[derive(Clone, Debug, Serialize)]
pub struct LayerCost {
    /// Median step time without the layer, s.
    pub plain_step_time_s: f64,
    /// Median step time with the layer at zero latency, s.
    pub layer_step_time_s: f64,
    /// `layer / plain`.
    pub ratio: f64,
    /// Runs of each.
    pub reps: u32,
}

/// Measures [`LayerCost`] on a `grid²` Jacobi2D with `objects` blocks on `pes` PEs.
pub fn layer_cost(
    grid: usize,
    objects: u32,
    pes: u32,
    iters: u32,
    reps: u32,
) -> Result<LayerCost, RunError> {
    let p = crate::grid_study::problem(grid, objects, iters)?;
    let reference = Arc::new(arts_apps::jacobi2d::reference(&p));
    let plain = Config {
        pes,
        ..Config::default()
    };
    let topology = Topology::uniform(pes, 2.min(pes), Duration::ZERO)
        .map_err(|e| RunError::Config(e.to_string()))?;
    let layer = Emulation::new(topology).apply(plain.clone())?;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..reps {
        for (config, times) in [(&plain, &mut a), (&layer, &mut b)] {
            let out = arts_apps::jacobi2d::run(&p, config, Map::Block, Some(reference.clone()))?;
            if out.max_diff != 0.0 {
                return Err(RunError::Internal(
                    "Jacobi2D differs from its reference".into(),
                ));
            }
            times.push(out.step_time_median_s());
        }
    }
    let (plain_step_time_s, layer_step_time_s) = (median(&a), median(&b));
    Ok(LayerCost {
        plain_step_time_s,
        layer_step_time_s,
        ratio: layer_step_time_s / plain_step_time_s,
        reps,
    })
}

/// The JSON result of `arts grid delay` (keys are a contract).
#[derive(Serialize)]
pub struct DelayReport {
    /// `delay`.
    pub experiment: &'static str,
    /// One accuracy per latency.
    pub runs: Vec<DelayAccuracy>,
    /// The layer's cost at zero latency (`null`: not measured).
    pub zero_latency_cost: Option<LayerCost>,
    /// A link's bandwidth and per-message overhead, measured against what
    /// was configured (`null`: not measured).
    pub link: Option<LinkCheck>,
}

/// `arts grid delay`: [`delay_accuracy`] at each of `latencies_ms` (0 to
/// 1000 ms), unless `cost_reps` is 0 the [`layer_cost`] of Jacobi2D
/// 2048x2048 in 64 objects on 2 PEs, and with a `link` setup its
/// [`link::link_check`].
pub fn delay_report(
    latencies_ms: &[f64],
    trips: u32,
    intra_reps: u32,
    cost_reps: u32,
    link: Option<&LinkSetup>,
) -> Result<DelayReport, StudyError> {
    check_list("--latencies", latencies_ms, |l| {
        l.is_finite() && (0.0..=1000.0).contains(l)
    })?;
    if let Some(setup) = link {
        link::check_setup(setup).map_err(StudyError::Usage)?;
    }
    let failed = |e: RunError| StudyError::Failed(e.to_string());
    let runs = delay_accuracy(latencies_ms, trips, intra_reps).map_err(failed)?;
    let zero_latency_cost = match cost_reps {
        0 => None,
        reps => Some(layer_cost(2048, 64, 2, 60, reps).map_err(failed)?),
    };
    let link = link.map(link::link_check).transpose().map_err(failed)?;
    Ok(DelayReport {
        experiment: "delay",
        runs,
        zero_latency_cost,
        link,
    })
}

impl DelayReport {
    /// The human table of the report.
    pub fn table(&self) -> String {
        let mut t = format!(
            "{:>10} {:>14} {:>12} {:>16} {:>16} {:>12}\n",
            "latency ms", "cross ms", "excess ms", "intra us", "intra base us", "intra ratio"
        );
        for r in &self.runs {
            t += &format!(
                "{:>10} {:>14.4} {:>12.4} {:>16.3} {:>16.3} {:>12.3}\n",
                r.latency_ms,
                r.cross_one_way_ms,
                r.cross_excess_ms,
                r.intra_one_way_us,
                r.intra_baseline_us,
                r.intra_ratio
            );
        }
        if let Some(c) = &self.zero_latency_cost {
            t += &format!(
                "layer at 0 ms: step {:.3} ms vs {:.3} ms without (ratio {:.3}, {} runs each)\n",
                c.layer_step_time_s * 1e3,
                c.plain_step_time_s * 1e3,
                c.ratio,
                c.reps
            );
        }
        if let Some(link) = &self.link {
            t += &link.table();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_cluster_trips_take_at_least_the_latency() {
        let r = delay_accuracy(&[2.0], 4, 2).unwrap();
        assert_eq!(r.len(), 1);
        assert!(r[0].cross_one_way_ms >= 2.0, "{r:?}");
        assert!(r[0].intra_one_way_us > 0.0 && r[0].intra_baseline_us > 0.0);
    }

    #[test]
    fn the_layer_cost_compares_valid_runs() {
        let c = layer_cost(64, 8, 2, 4, 1).unwrap();
        assert!(c.ratio > 0.0 && c.plain_step_time_s > 0.0);
    }

    #[test]
    fn latencies_beyond_a_second_are_refused() {
        let r = delay_report(&[2.0, 1001.0], 2, 1, 0, None);
        assert!(matches!(r, Err(StudyError::Usage(m)) if m == "--latencies: 1001 is out of range"));
        let slow = LinkSetup {
            latency: Duration::from_millis(8),
            bits_per_s: 1e3,
            message_bytes: 1 << 20,
            overhead: Duration::from_micros(50),
            overhead_messages: 20,
            reps: 1,
        };
        let r = delay_report(&[2.0], 2, 1, 0, Some(&slow));
        assert!(matches!(r, Err(StudyError::Usage(m)) if m.contains("would occupy the link")));
    }
}
