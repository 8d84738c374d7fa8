//! Extrapolation to machines far larger than the recorded one, the Blue
//! Gene/L paper's way: fit its per-object cost model to a recording, then
//! replay a synthetic step of the same kind of app at the target size.
//!
//! The paper models a molecular-dynamics step as `cost = N(α + β·N_nbd + δ)`
//! per processor and `message size = λ·N`. Here `N` is measured in the
//! unit the recording has for every object, the bytes of its messages (so
//! `λ = 1` by definition), and the neighbour count grows with the density,
//! `N_nbd ∝ N` for a fixed cutoff and object volume: [`CostModel::fit`]
//! fits `cost = a·N + b·N²` per object and step by least squares. The
//! synthetic app ([`Synthetic`]) is the paper's LJS pattern: objects on a
//! periodic 3-D grid, each step every object sends a message of `N` bytes
//! to its 6 neighbours and computes once it has all 6 of the previous step.

use serde::Serialize;

use crate::contention::{Contention, contention};
use crate::costmodel::CostModel;
use crate::machine::{Machine, torus_dims};
use crate::synthetic::{Layout, Synthetic, layout};
use crate::{Engine, PredictError, Prediction};

/// One extrapolated point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Extrapolated {
    /// Target PEs.
    pub pes: u32,
    /// The placement's name.
    pub mapping: String,
    /// The synthetic app.
    pub app: Synthetic,
    /// Predicted time of one step (the simulated steps' time over their count), s.
    pub step_time_s: f64,
    /// The prediction.
    pub prediction: Prediction,
    /// The predicted messages between nodes, if asked for.
    #[serde(skip)]
    pub traffic: Vec<crate::Traffic>,
    /// With contention: what the packet-level torus model added per message,
    /// and the step time before it was added.
    pub contention: Option<Contention>,
    /// The step time on idle links (when `contention` is set), s.
    pub step_time_without_contention_s: Option<f64>,
}

/// Predicts `app` on `machine` with objects placed by `how` (named `name`).
pub fn extrapolate(
    app: &Synthetic,
    machine: &Machine,
    how: &Layout,
    name: &str,
    engine: Engine,
    traffic: bool,
) -> Result<Extrapolated, PredictError> {
    let pe_of = layout(app, machine.pes, how)?;
    let graph = app.graph(&pe_of);
    let prediction = crate::predict(&graph, machine, engine)?;
    let traffic = match traffic {
        true => prediction.traffic(&graph, machine),
        false => Vec::new(),
    };
    Ok(Extrapolated {
        pes: machine.pes,
        mapping: name.to_string(),
        app: app.clone(),
        step_time_s: prediction.time_ns as f64 * 1e-9 / app.steps.max(1) as f64,
        prediction,
        traffic,
        contention: None,
        step_time_without_contention_s: None,
    })
}

/// [`extrapolate`], then once more with the latency that link contention
/// adds per message on `machine`'s torus (see `contention`); `traffic`
/// keeps the first run's messages.
pub fn extrapolate_with_contention(
    app: &Synthetic,
    machine: &Machine,
    how: &Layout,
    name: &str,
    engine: Engine,
    traffic: bool,
) -> Result<Extrapolated, PredictError> {
    let free = extrapolate(app, machine, how, name, engine, true)?;
    let crate::Network::Torus { dims, link, hop_ns } = &machine.network else {
        return Err(PredictError::Input(
            "contention is modelled on the torus network only".into(),
        ));
    };
    let c = contention(&free.traffic, *dims, link, *hop_ns)?;
    let slower = crate::Link {
        latency_ns: link.latency_ns + c.excess_ns,
        ..*link
    };
    let loaded = Machine {
        network: crate::Network::Torus {
            dims: *dims,
            link: slower,
            hop_ns: *hop_ns,
        },
        ..machine.clone()
    };
    let mut out = extrapolate(app, &loaded, how, name, engine, false)?;
    if traffic {
        out.traffic = free.traffic;
    }
    out.contention = Some(c);
    out.step_time_without_contention_s = Some(free.step_time_s);
    Ok(out)
}

/// An extrapolation study: PE counts × placements on the Blue Gene/L torus.
#[derive(Clone, Debug)]
pub struct StudyPlan {
    /// Target PE counts (one PE per torus node).
    pub pes: Vec<u32>,
    /// Placements and their names.
    pub layouts: Vec<(String, Layout)>,
    /// Objects per PE.
    pub objects_per_pe: u32,
    /// Steps simulated per point.
    pub steps: u32,
    /// Message size (problem size per object) relative to the recording.
    pub problem_scale: f64,
    /// Objects take the recorded units' sizes in turn (else all the mean).
    pub heterogeneous: bool,
    /// Target compute speed relative to the recording.
    pub cpu_speed: f64,
    /// Software latency and link bandwidth of the torus.
    pub link: crate::Link,
    /// Per-hop latency, ns.
    pub hop_ns: f64,
    /// The engine.
    pub engine: Engine,
    /// Also list each point's messages between nodes.
    pub traffic: bool,
    /// Add link contention (`extrapolate_with_contention`).
    pub contention: bool,
}

/// Runs every point of `plan` with the costs of `model`; `progress` is
/// called before each point.
pub fn study(
    model: &CostModel,
    plan: &StudyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Extrapolated>, PredictError> {
    let mut out = Vec::new();
    for &pes in &plan.pes {
        let objects = pes.checked_mul(plan.objects_per_pe).ok_or_else(|| {
            PredictError::Input(format!(
                "{pes} PEs × {} objects is too many",
                plan.objects_per_pe
            ))
        })?;
        let scaled = CostModel {
            a_ns_per_byte: model.a_ns_per_byte / plan.cpu_speed,
            b_ns_per_byte2: model.b_ns_per_byte2 / plan.cpu_speed,
            ..model.clone()
        };
        let app = Synthetic::new(
            &scaled,
            objects,
            plan.steps,
            plan.problem_scale,
            plan.heterogeneous,
        );
        let machine = Machine {
            pes,
            processes: pes,
            cpu_speed: 1.0,
            cores: None,
            local: plan.link,
            network: crate::Network::Torus {
                dims: torus_dims(pes),
                link: plan.link,
                hop_ns: plan.hop_ns,
            },
        };
        for (name, how) in &plan.layouts {
            progress(&format!("{pes} PEs, {name}"));
            out.push(match plan.contention {
                true => extrapolate_with_contention(
                    &app,
                    &machine,
                    how,
                    name,
                    plan.engine,
                    plan.traffic,
                )?,
                false => extrapolate(&app, &machine, how, name, plan.engine, plan.traffic)?,
            });
        }
    }
    Ok(out)
}

/// The study as CSV, one line per point.
pub fn to_csv(points: &[Extrapolated]) -> String {
    let mut s = String::from(
        "pes,mapping,objects,bytes_per_message,cost_per_object_ns,step_time_s,utilization_mean,critical_path_communication_fraction,sim_wall_s,step_time_without_contention_s,contention_excess_ns\n",
    );
    for p in points {
        let cp = &p.prediction.critical_path;
        s += &format!(
            "{},{},{},{},{},{:.9},{:.4},{:.4},{:.3},{},{}\n",
            p.pes,
            p.mapping,
            p.app.objects(),
            p.app.bytes,
            p.app.cost_ns,
            p.step_time_s,
            p.prediction.utilization_mean,
            cp.communication_ns as f64 / cp.length_ns.max(1) as f64,
            p.prediction.sim_wall_s,
            p.step_time_without_contention_s
                .map_or(String::new(), |t| format!("{t:.9}")),
            p.contention
                .map_or(String::new(), |c| format!("{:.1}", c.excess_ns)),
        );
    }
    s
}

/// The files of a study of `app`: `extrapolation.csv` and
/// `extrapolation.svg` (name, contents), or why the chart cannot be drawn.
pub fn files(points: &[Extrapolated], app: &str) -> Result<Vec<(String, String)>, String> {
    let svg = chart(points, app)
        .svg()
        .map_err(|e| format!("cannot draw extrapolation.svg: {e}"))?;
    Ok(vec![
        ("extrapolation.csv".into(), to_csv(points)),
        ("extrapolation.svg".into(), svg),
    ])
}

/// Predicted step time against PEs, one series per placement.
pub fn chart(points: &[Extrapolated], app: &str) -> arts_util::chart::Chart {
    let mut series: Vec<arts_util::chart::Series> = Vec::new();
    for p in points {
        let y = p.step_time_s * 1e3;
        match series.iter_mut().find(|s| s.name == p.mapping) {
            Some(s) => s.points.push((p.pes as f64, y)),
            None => series.push(arts_util::chart::Series {
                name: p.mapping.clone(),
                points: vec![(p.pes as f64, y)],
            }),
        }
    }
    arts_util::chart::Chart {
        title: format!("{app}: predicted step time on a Blue Gene/L torus"),
        x_label: "PEs (torus nodes)".into(),
        y_label: "step time, ms".into(),
        log_x: true,
        series,
        ..arts_util::chart::Chart::default()
    }
}
