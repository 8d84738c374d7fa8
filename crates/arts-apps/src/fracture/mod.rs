//! `fracture`: a dynamic-imbalance workload in the role of Fractography3D
//! in the grid thesis. A 3-D array of objects, each holding `points`
//! values, relaxes towards its six face neighbours (periodic) every step;
//! each point then runs `work` extra iterations of `v += 1e-7 sin(3v)`.
//! `work` rises steeply where a crack front passes: the front is a wavy
//! plane moving along x across the whole domain during the run, and the
//! extra cost is a Gaussian band around it whose height grows over time.
//! The expensive objects therefore keep moving, and the best mapping with
//! them. Deterministic; validated bit for bit against [`reference()`].

pub mod saved_state;

use std::sync::Arc;
use std::time::Instant;

use arts_core::*;
use serde::{Deserialize, Serialize};

use saved_state::{MainState, Session, pauses_after};

use arts_core::checkpoint::hold::{self, HoldMsg, HoldPoint};

/// Parameters of a fracture run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Objects along x, y, z.
    pub objects: [u32; 3],
    /// Values per object.
    pub points: u32,
    /// Steps.
    pub steps: u32,
    /// Iterations per point away from the crack.
    pub work: u32,
    /// Extra cost at the crack front by the last step, as a multiple of `work`.
    pub growth: f64,
    /// Half-width of the crack band, in objects.
    pub width: f64,
}

impl Params {
    /// What is wrong with the parameters, if anything.
    pub fn check(&self) -> Result<(), String> {
        if self.objects.contains(&0) || self.points == 0 || self.steps == 0 {
            return Err("objects, points and steps must be at least 1".into());
        }
        let n = self.objects.iter().map(|&o| o as u64).product::<u64>();
        if n > 1 << 24 {
            return Err(format!("{n} objects is too many (at most 16777216)"));
        }
        if !(self.growth.is_finite() && (0.0..=1e4).contains(&self.growth)) {
            return Err(format!(
                "growth {} must be in [0, 10000]",
                crate::leanmd::show(self.growth)
            ));
        }
        if !(self.width.is_finite() && self.width > 0.0) {
            return Err(format!(
                "width {} must be > 0",
                crate::leanmd::show(self.width)
            ));
        }
        Ok(())
    }

    /// Number of objects.
    pub fn count(&self) -> u64 {
        self.objects.iter().map(|&o| o as u64).product()
    }

    /// The bytes a run needs at most: two copies (object and reference) of
    /// every value, and a few messages per object.
    pub fn memory_bytes(&self) -> u64 {
        arts_core::limits::mul(&[self.count(), 3 * 8 * self.points as u64 + 1024])
    }

    /// Where the crack front is at `step` along x (in objects) at (y, z).
    pub fn front(&self, step: u32, y: u32, z: u32) -> f64 {
        let [nx, ny, nz] = self.objects.map(|o| o as f64);
        let t = step as f64 / self.steps.max(2).saturating_sub(1) as f64;
        let wave = (std::f64::consts::TAU * (y as f64 + 0.5) / ny).sin()
            * (std::f64::consts::TAU * (z as f64 + 0.5) / nz).cos();
        -0.1 * nx + 1.2 * nx * t + 0.15 * nx * wave
    }

    /// Iterations per point of object `c` at `step`.
    pub fn work_at(&self, c: [u32; 3], step: u32) -> u32 {
        let t = step as f64 / self.steps.max(2).saturating_sub(1) as f64;
        let d = (c[0] as f64 + 0.5 - self.front(step, c[1], c[2])) / self.width;
        let extra = self.work as f64 * self.growth * (0.25 + 0.75 * t) * (-d * d).exp();
        self.work + extra.round() as u32
    }
}

/// The initial values of object `l`.
fn initial(l: u64, points: u32) -> Vec<f64> {
    (0..points as u64)
        .map(|k| ((l * 31 + k * 7) % 101) as f64 / 101.0)
        .collect()
}

/// The mean of `v`, summed in order.
fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// One step of one object: relax towards the neighbours' means (given in
/// direction order -x, +x, -y, +y, -z, +z), then `work` iterations per point.
fn update(v: &mut [f64], neighbours: &[f64; 6], work: u32) {
    let mut s = 0.0;
    for n in neighbours {
        s += n;
    }
    let target = s / 6.0;
    for x in v.iter_mut() {
        let mut y = 0.5 * (*x + target);
        for _ in 0..work {
            y += 1e-7 * (3.0 * y).sin();
        }
        *x = y;
    }
}

/// The neighbour of `c` in direction `d` (periodic).
fn neighbour(n: [u32; 3], c: [u32; 3], d: usize) -> [u32; 3] {
    let mut o = c;
    let k = d / 2;
    o[k] = if d.is_multiple_of(2) {
        (c[k] + n[k] - 1) % n[k]
    } else {
        (c[k] + 1) % n[k]
    };
    o
}

/// The row-major number of `c`.
fn linear(n: [u32; 3], c: [u32; 3]) -> u64 {
    (c[0] as u64 * n[1] as u64 + c[1] as u64) * n[2] as u64 + c[2] as u64
}

/// The sequential result: every object's final values, and step times.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// Final values, by object.
    pub values: Vec<Vec<f64>>,
    /// Seconds of each step.
    pub step_times: Vec<f64>,
}

/// Runs fracture on one thread with the objects' arithmetic.
pub fn reference(p: &Params) -> Reference {
    let n = p.objects;
    let cells: Vec<[u32; 3]> = (0..n[0])
        .flat_map(|x| (0..n[1]).flat_map(move |y| (0..n[2]).map(move |z| [x, y, z])))
        .collect();
    let mut values: Vec<Vec<f64>> = (0..p.count()).map(|l| initial(l, p.points)).collect();
    let mut step_times = Vec::with_capacity(p.steps as usize);
    for step in 0..p.steps {
        let t = Instant::now();
        let means: Vec<f64> = values.iter().map(|v| mean(v)).collect();
        for (c, v) in cells.iter().zip(values.iter_mut()) {
            let nb = std::array::from_fn(|d| means[linear(n, neighbour(n, *c, d)) as usize]);
            update(v, &nb, p.work_at(*c, step));
        }
        step_times.push(t.elapsed().as_secs_f64());
    }
    Reference { values, step_times }
}

/// Read-only data of the array.
pub struct Setup {
    /// The parameters.
    pub params: Params,
    /// The sequential result to compare with at the end.
    pub reference: Arc<Reference>,
    /// Wait for the main program after every this many steps (0: never).
    pub checkpoint_every: u32,
}

/// Messages of a [`Piece`].
#[message]
#[derive(Clone)]
pub enum PieceMsg {
    /// Begin.
    Start,
    /// A neighbour's mean at `step`, sent in direction `dir` (0..6, see `update`).
    Mean {
        /// The step.
        step: u32,
        /// The direction it travelled, reversed: the slot it fills here.
        slot: u32,
        /// The mean.
        v: f64,
    },
    /// An on-demand checkpoint's phase (see [`arts_core::checkpoint::hold`]);
    /// `Hold(HoldMsg::Release)` also goes on after waiting for the main
    /// program at any checkpoint (or after a restart).
    Hold(HoldMsg),
}

/// The reduction tags of fracture.
#[derive(Clone, Copy, Debug, Serialize)]
enum Tag {
    /// Step n done.
    Step(u32),
    /// Values differing from the reference (at the end).
    Check,
}

/// One object of the domain.
#[derive(Serialize, Deserialize)]
pub struct Piece {
    c: [u32; 3],
    step: u32,
    values: Vec<f64>,
    got: [Option<f64>; 6],
    syncing: bool,
    /// Waiting for the main program after a step (a checkpoint).
    paused: bool,
    /// The step an on-demand checkpoint stops at.
    hold: HoldPoint,
    early: Vec<(u32, u32, f64)>,
}

impl Piece {
    fn send_mean(&self, ctx: &mut Ctx<'_, Self>) {
        let n = ctx.init().params.objects;
        let all = ctx.this_proxy();
        let v = mean(&self.values);
        for d in 0..6 {
            let to = neighbour(n, self.c, d);
            // Sent towards -x, it is the receiver's +x neighbour's value.
            let slot = (d ^ 1) as u32;
            let msg = PieceMsg::Mean {
                step: self.step,
                slot,
                v,
            };
            ctx.send(all.at((to[0], to[1], to[2])), msg);
        }
    }

    fn take(&mut self, slot: u32, v: f64, ctx: &mut Ctx<'_, Self>) {
        self.got[slot as usize] = Some(v);
        if self.got.iter().any(Option::is_none) {
            return;
        }
        let nb = std::array::from_fn(|d| self.got[d].expect("all arrived"));
        self.got = [None; 6];
        let s = ctx.init();
        let work = s.params.work_at(self.c, self.step);
        let (every, steps) = (s.checkpoint_every, s.params.steps);
        update(&mut self.values, &nb, work);
        ctx.contribute((), Reducer::Sum, Callback::main(Tag::Step(self.step)));
        self.step += 1;
        self.syncing = true;
        if pauses_after(self.step, every, steps) || self.hold.stops_at(self.step) {
            // The main program checkpoints at quiescence, then resumes us.
            self.paused = true;
        } else {
            ctx.at_sync();
        }
    }
}

impl Chare for Piece {
    type Msg = PieceMsg;
    type Init = Setup;

    fn new(index: Index, s: &Setup) -> Self {
        let c = [index.x(), index.y(), index.z()];
        Piece {
            c,
            step: 0,
            values: initial(linear(s.params.objects, c), s.params.points),
            got: [None; 6],
            syncing: false,
            paused: false,
            hold: HoldPoint::default(),
            early: Vec::new(),
        }
    }

    fn receive(&mut self, msg: PieceMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            PieceMsg::Start => self.send_mean(ctx),
            PieceMsg::Mean { step, slot, v } if step == self.step && !self.syncing => {
                self.take(slot, v, ctx)
            }
            PieceMsg::Mean { step, slot, v } => self.early.push((step, slot, v)),
            // An on-demand checkpoint: stop after the step under way, or go on.
            PieceMsg::Hold(msg) => self.hold.at_boundary(msg, &mut self.paused, self.step, ctx),
        }
    }

    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.syncing = false;
        let s = ctx.init();
        if self.step == s.params.steps {
            let expect = &s.reference.values[linear(s.params.objects, self.c) as usize];
            let bad = self
                .values
                .iter()
                .zip(expect)
                .filter(|(a, b)| a.to_bits() != b.to_bits())
                .count() as u64;
            ctx.contribute(bad, Reducer::Sum, Callback::main(Tag::Check));
            return;
        }
        self.send_mean(ctx);
        let (now, later) = std::mem::take(&mut self.early)
            .into_iter()
            .partition(|e| e.0 == self.step);
        self.early = later;
        for (_, slot, v) in now {
            self.take(slot, v, ctx);
        }
    }
}

/// What a parallel run measured and verified.
#[derive(Debug)]
pub struct Outcome {
    /// Values differing (bitwise) from the reference at the end.
    pub mismatched: u64,
    /// Seconds of each step.
    pub step_times: Vec<f64>,
    /// Seconds of the whole parallel run.
    pub total_time_s: f64,
    /// Checkpoints written.
    pub checkpoints: usize,
    /// The run stopped after this many steps, right after an on-demand
    /// checkpoint asked to stop: nothing was checked (`mismatched` is 0).
    pub stopped_at: Option<u32>,
    /// The runtime's report.
    pub report: RunReport,
}

/// Runs fracture on the runtime.
pub fn run(
    p: &Params,
    config: &Config,
    map: Map,
    reference: Arc<Reference>,
) -> Result<Outcome, RunError> {
    run_session(p, config, map, reference, Session::default())
}

/// [`run`], checkpointing and/or resuming from a checkpoint as `session` says.
pub fn run_session(
    p: &Params,
    config: &Config,
    map: Map,
    reference: Arc<Reference>,
    session: Session,
) -> Result<Outcome, RunError> {
    p.check().map_err(RunError::Config)?;
    let [nx, ny, nz] = p.objects;
    let setup = Setup {
        params: *p,
        reference,
        checkpoint_every: session.save.as_ref().map_or(0, |c| c.every),
    };
    let name = "fracture";
    let (result, report) = arts_core::run(config, |d| {
        let (a, first, mut state) = match &session.resume {
            Some(r) => {
                let a = d.restore_array::<Piece>(
                    name,
                    arts_core::checkpoint::session::one_image(r)?,
                    map,
                    setup,
                )?;
                d.wait_quiescence()?; // restored: time only the steps
                (a, r.step, r.state.clone())
            }
            None => {
                let a = d.create_array::<Piece>(name, Shape::d3(nx, ny, nz), map, setup);
                let state = MainState {
                    params: *p,
                    step_times: Vec::with_capacity(p.steps as usize),
                };
                (a, 0, state)
            }
        };
        let start = Instant::now();
        d.broadcast(
            &a,
            if first > 0 {
                PieceMsg::Hold(HoldMsg::Release)
            } else {
                PieceMsg::Start
            },
        );
        let mut last = 0.0;
        let mut checkpoints = 0;
        let mut holder = session.holder(d, "fracture-hold", p.count());
        let mut writer = session.writer();
        let mut stopped_at = None;
        let mut progress =
            arts_util::progress::Steps::begin("steps", p.steps.saturating_sub(first).into());
        for s in first..p.steps {
            d.wait_callback::<()>(Tag::Step(s))?;
            progress.step();
            let now = start.elapsed().as_secs_f64();
            state.step_times.push(now - last);
            last = now;
            let Some(plan) = &session.save else {
                continue;
            };
            let done = s + 1;
            let on_demand = holder.after_step(d, done, (1, p.steps), |d, m| {
                hold::each(d, &a, PieceMsg::Hold(m))
            })?;
            if on_demand.is_some() || pauses_after(done, plan.every, p.steps) {
                let stop = on_demand == Some(true);
                let go_on = |d: &mut Driver| {
                    if !stop {
                        d.broadcast(&a, PieceMsg::Hold(HoldMsg::Release));
                    }
                };
                let at = (Instant::now(), go_on);
                saved_state::take(d, &mut writer, &a, plan, (done, &state), at)?;
                checkpoints += 1;
                holder.checkpointed();
                if stop {
                    stopped_at = Some(done);
                    break;
                }
            }
        }
        let bad: u64 = match stopped_at {
            Some(_) => 0,
            None => d.wait_callback(Tag::Check)?,
        };
        let total_time_s = start.elapsed().as_secs_f64();
        Ok::<_, RunError>((bad, state, checkpoints, total_time_s, stopped_at))
    })?;
    let (mismatched, state, checkpoints, total_time_s, stopped_at) = result?;
    Ok(Outcome {
        mismatched,
        step_times: state.step_times,
        total_time_s,
        checkpoints,
        stopped_at,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small run: 6x3x3 objects of 8 values, 10 steps.
    pub(super) fn params() -> Params {
        Params {
            objects: [6, 3, 3],
            points: 8,
            steps: 10,
            work: 4,
            growth: 10.0,
            width: 1.0,
        }
    }

    #[test]
    fn the_crack_moves_along_x_and_its_cost_grows() {
        let p = params();
        let hot = |step| (0..6).max_by_key(|&x| p.work_at([x, 1, 1], step)).unwrap();
        assert!(hot(9) > hot(0), "the costly band moved");
        let peak = |step| (0..6).map(|x| p.work_at([x, 1, 1], step)).max().unwrap();
        assert!(peak(9) > peak(0) && peak(0) > p.work);
        assert!(p.front(0, 1, 1) < 1.0 && p.front(9, 1, 1) > 5.0);
    }

    #[test]
    fn bad_parameters_are_rejected() {
        assert!(params().check().is_ok());
        for p in [
            Params {
                points: 0,
                ..params()
            },
            Params {
                width: 0.0,
                ..params()
            },
            Params {
                growth: -1.0,
                ..params()
            },
            Params {
                objects: [0, 1, 1],
                ..params()
            },
        ] {
            assert!(p.check().is_err(), "{p:?}");
        }
    }

    #[test]
    fn parallel_equals_sequential_with_and_without_migration() {
        let p = params();
        let r = Arc::new(reference(&p));
        for lb in [None, Some("rotate")] {
            let cfg = crate::checkpoint_testing::test_config(3, lb);
            let out = run(&p, &cfg, Map::Block, r.clone()).unwrap();
            assert_eq!(out.mismatched, 0, "{lb:?}");
            assert_eq!(out.step_times.len(), 10);
            let moved: u64 = out.report.lb_steps().iter().map(|s| s.migrations).sum();
            assert_eq!(moved > 0, lb.is_some());
        }
    }
}
