//! `leanmd`: Lennard-Jones molecular dynamics with a cutoff in the LeanMD
//! decomposition. The periodic box is a 3-D array of cells (each at least a
//! cutoff wide) and a second array of cell-pair compute objects — every
//! cell's self pair and one object per unordered pair of neighbouring
//! cells (216 cells: 3,024 pairs). Each step, every cell sends its
//! positions to its 27 pairs; each pair computes the forces between its two
//! cells and sends each cell its share; each cell sums the 27 shares in
//! pair-number order and integrates with velocity Verlet. Every
//! `migrate_every` steps atoms move to the cell they now lie in. With a
//! dense region the load is uneven, and it moves as the region expands.
//!
//! The fixed summation order makes positions bit-identical to the
//! sequential reference ([`reference::simulate`]) on any number of PEs and
//! under any migration of cells and pairs.

pub mod buffers;
pub mod chares;
pub mod geometry;
pub mod physics;
pub mod reference;
pub mod saved_state;
pub mod state;

use std::sync::Arc;
use std::time::Instant;

use arts_core::{Config, Driver, Map, RunError, RunReport, Shape};
use serde::{Deserialize, Serialize};

use arts_core::checkpoint::hold;
use chares::{Cell, CellMsg, CellSetup, Pair, PairMsg, PairSetup};
use geometry::Geometry;
use physics::Lj;
use reference::Reference;
use saved_state::{MainState, Session};

/// The largest time step accepted (reduced units).
pub const MAX_DT: f64 = 0.01;

/// The largest initial temperature accepted (reduced units).
pub const MAX_TEMPERATURE: f64 = 100.0;

/// `v` for an error message: plain, or in scientific notation when huge.
pub fn show(v: f64) -> String {
    if v.abs() < 1e6 {
        v.to_string()
    } else {
        format!("{v:e}")
    }
}

/// A denser region: the corner block of cells holding `fraction` of the
/// box's volume has `factor` times as many atoms per cell.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dense {
    /// Fraction of the box's volume, in (0, 1].
    pub fraction: f64,
    /// Atoms per cell there relative to elsewhere (>= 1).
    pub factor: f64,
}

/// Parameters of a leanmd run (reduced Lennard-Jones units).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Cells along x, y, z (each at least 3).
    pub cells: [u32; 3],
    /// Atoms per cell outside the dense region.
    pub atoms_per_cell: u32,
    /// Number density outside the dense region (sets the cell side).
    pub density: f64,
    /// Cutoff radius (at most the cell side).
    pub cutoff: f64,
    /// Time step.
    pub dt: f64,
    /// Steps.
    pub steps: u32,
    /// Atoms migrate between cells every this many steps.
    pub migrate_every: u32,
    /// Initial temperature.
    pub temperature: f64,
    /// The denser region, if any.
    pub dense: Option<Dense>,
    /// Seed of the initial jitter and velocities.
    pub seed: u64,
}

impl Params {
    /// A small, fast configuration: 3×3×3 cells of 27 atoms (tests).
    pub fn small() -> Params {
        Params {
            cells: [3, 3, 3],
            atoms_per_cell: 27,
            density: 0.8,
            cutoff: 2.5,
            dt: 0.0005,
            steps: 20,
            migrate_every: 5,
            temperature: 1.0,
            dense: None,
            seed: 1,
        }
    }

    /// The cell grid, or what is wrong with the parameters.
    pub fn geometry(&self) -> Result<Geometry, String> {
        if let Some(k) = self.cells.iter().position(|&c| c < 3) {
            return Err(format!(
                "{} cells along axis {k}: at least 3 are needed (periodic neighbours must differ)",
                self.cells[k]
            ));
        }
        if self.cells.iter().map(|&c| c as u64).product::<u64>() > u32::MAX as u64 / 16 {
            return Err("too many cells".into());
        }
        let positive = [
            (self.density, "density"),
            (self.cutoff, "cutoff"),
            (self.dt, "time step"),
        ];
        for (v, name) in positive {
            if !(v.is_finite() && v > 0.0) {
                return Err(format!("{name} {} must be a number > 0", show(v)));
            }
        }
        if self.dt > MAX_DT {
            return Err(format!(
                "time step {} is above {MAX_DT}: the integration would blow up",
                show(self.dt)
            ));
        }
        if !(self.temperature.is_finite() && (0.0..=MAX_TEMPERATURE).contains(&self.temperature)) {
            return Err(format!(
                "temperature {} must be in [0, {MAX_TEMPERATURE}]",
                show(self.temperature)
            ));
        }
        for (v, name) in [
            (self.atoms_per_cell, "atoms per cell"),
            (self.steps, "steps"),
            (self.migrate_every, "migration period"),
        ] {
            if v == 0 {
                return Err(format!("{name} must be at least 1"));
            }
        }
        if let Some(d) = self.dense {
            if !(d.fraction > 0.0 && d.fraction <= 1.0) {
                return Err(format!(
                    "dense region fraction {} must be in (0, 1]",
                    show(d.fraction)
                ));
            }
            if !(d.factor.is_finite() && (1.0..=64.0).contains(&d.factor)) {
                return Err(format!(
                    "dense region factor {} must be in [1, 64]",
                    show(d.factor)
                ));
            }
        }
        let side = (self.atoms_per_cell as f64 / self.density).cbrt();
        if side < self.cutoff {
            return Err(format!(
                "cells of {} atoms at density {} are {side:.3} wide, less than the cutoff {}: \
                 give more atoms per cell or a lower density",
                self.atoms_per_cell, self.density, self.cutoff
            ));
        }
        Ok(Geometry {
            n: self.cells,
            side,
        })
    }

    /// Total number of atoms.
    pub fn atoms(&self, g: &Geometry) -> u64 {
        (0..g.cells())
            .map(|l| state::atoms_in(self, g.cell(l)) as u64)
            .sum()
    }

    /// The bytes a run needs at most, estimated before allocating: the
    /// initial and reference configurations, each cell's atoms and forces,
    /// and the positions and forces in flight to and from 27 pairs per cell.
    pub fn memory_bytes(&self, g: &Geometry) -> u64 {
        let atoms = self.atoms(g);
        let per_atom = 8 * 3 * (2 + 2 + 2 + 2 * 27) + 8;
        arts_core::limits::mul(&[atoms, per_atom]).saturating_add(g.pairs() as u64 * 512)
    }
}

/// The reduction tags of leanmd.
#[derive(Clone, Copy, Debug, Serialize)]
pub enum Tag {
    /// Kinetic energy after step n (per cell, gathered with `Reducer::Concat`
    /// and summed in cell order, as the reference does: bit-identical on any
    /// number of PEs).
    Kinetic(u32),
    /// Potential energy at step n (per pair, summed in pair order likewise).
    Potential(u32),
    /// When step n ended: the last cell's wall clock (`Reducer::Max`).
    Ended(u32),
    /// Atoms, atoms differing from the reference, stray atoms (cells, at the end).
    Check,
    /// Largest position difference to the reference (cells, at the end).
    MaxDiff,
}

/// What a parallel run measured and verified.
#[derive(Debug)]
pub struct Outcome {
    /// Total energy at step 0..=steps.
    pub energy: Vec<f64>,
    /// Seconds of each step (from one step's end, stamped by its last cell, to the next's).
    pub step_times: Vec<f64>,
    /// Seconds of the whole parallel run.
    pub total_time_s: f64,
    /// Atoms at the end.
    pub atoms: u64,
    /// Atoms whose final position or velocity is not bit-identical to the reference.
    pub mismatched: u64,
    /// Largest final position difference to the reference.
    pub max_diff: f64,
    /// Atoms that moved more than one cell between migrations.
    pub strays: u64,
    /// Checkpoints written.
    pub checkpoints: usize,
    /// The run stopped after this step, right after an on-demand
    /// checkpoint asked to stop ([`arts_core::checkpoint::hold::OnDemand::checkpoint_and_stop`]):
    /// nothing was checked (`atoms`, `mismatched` and `strays` are 0,
    /// `max_diff` is NaN) and `energy` ends at that step.
    pub stopped_at: Option<u32>,
    /// The runtime's report.
    pub report: RunReport,
}

impl Outcome {
    /// Relative total-energy drift from the first to the last step.
    pub fn energy_drift(&self) -> f64 {
        relative_drift(&self.energy)
    }
}

/// `|E_last - E_first| / |E_first|` (0 for fewer than two values).
pub fn relative_drift(energy: &[f64]) -> f64 {
    match (energy.first(), energy.last()) {
        (Some(a), Some(b)) if energy.len() > 1 => (b - a).abs() / a.abs(),
        _ => 0.0,
    }
}

/// Runs leanmd on the runtime and compares the final atoms with `reference`.
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
    let geom = p.geometry().map_err(RunError::Config)?;
    let initial = Arc::new(state::initial(p, &geom));
    let steps = p.steps;
    let lj = Lj::new(p.cutoff);
    let every = session.save.as_ref().map_or(0, |c| c.every);
    let cell_setup = CellSetup {
        geom,
        dt: p.dt,
        steps,
        migrate_every: p.migrate_every,
        initial: initial.clone(),
        reference: reference.clone(),
        checkpoint_every: every,
    };
    let pair_setup = |cells| PairSetup {
        geom,
        lj,
        steps,
        cells,
        checkpoint_every: every,
    };
    let (result, report) = arts_core::run(config, |d| {
        let (cells_name, pairs_name) = ("leanmd-cells", "leanmd-pairs");
        let (cells, pairs, first, mut state) = match &session.resume {
            Some(r) => {
                let [cell_image, pair_image] = &r.images[..] else {
                    return Err(RunError::Internal("leanmd resumes from two arrays".into()));
                };
                let cells =
                    d.restore_array::<Cell>(cells_name, cell_image, map.clone(), cell_setup)?;
                let pairs = d.restore_array::<Pair>(
                    pairs_name,
                    pair_image,
                    map.clone(),
                    pair_setup(cells),
                )?;
                d.wait_quiescence()?; // restored: time only the steps
                (cells, pairs, r.step + 1, r.state.clone())
            }
            None => {
                let shape = Shape::d3(geom.n[0], geom.n[1], geom.n[2]);
                let cells = d.create_array::<Cell>(cells_name, shape, map.clone(), cell_setup);
                let pairs = Shape::d1(geom.pairs());
                let pairs =
                    d.create_array::<Pair>(pairs_name, pairs, map.clone(), pair_setup(cells));
                let state = MainState {
                    params: *p,
                    energy: Vec::with_capacity(steps as usize + 1),
                    step_times: Vec::with_capacity(steps as usize),
                };
                (cells, pairs, 0, state)
            }
        };
        let start = Instant::now();
        let resume = |d: &mut Driver| {
            d.broadcast(&cells, CellMsg::Resume { pairs });
            d.broadcast(&pairs, PairMsg::Resume);
        };
        match session.resume {
            Some(_) => resume(d),
            None => d.broadcast(&cells, CellMsg::Start { pairs }),
        }
        let mut last = (first > 0).then(chares::wall_clock_s);
        let mut checkpoints = 0;
        let elements = geom.cells() as u64 + geom.pairs() as u64;
        let mut holder = session.holder(d, "leanmd-hold", elements);
        let mut writer = session.writer();
        let mut stopped_at = None;
        let mut progress =
            arts_util::progress::Steps::begin("steps", (steps + 1).saturating_sub(first).into());
        for s in first..=steps {
            let ke: Vec<f64> = d.wait_callback(Tag::Kinetic(s))?;
            let pe: Vec<f64> = d.wait_callback(Tag::Potential(s))?;
            let ended: f64 = d.wait_callback(Tag::Ended(s))?;
            progress.step();
            let sum = |v: &[f64]| v.iter().fold(0.0, |s, e| s + e);
            state.energy.push(sum(&ke) + sum(&pe));
            if let Some(last) = last {
                state.step_times.push((ended - last).max(0.0));
            }
            last = Some(ended);
            let Some(plan) = &session.save else {
                continue;
            };
            // Step 0 (the first forces) is no checkpoint's step.
            let on_demand = holder.after_step(d, s, (1, steps), |d, m| {
                hold::each(d, &cells, CellMsg::Hold(m));
                hold::each(d, &pairs, PairMsg::Hold(m));
            })?;
            if on_demand.is_some() || saved_state::pauses_after(s, plan.every, steps) {
                let stop = on_demand == Some(true);
                let go_on = |d: &mut Driver| {
                    if !stop {
                        resume(d);
                    }
                };
                let arrays = (&cells, &pairs);
                let at = (Instant::now(), go_on);
                saved_state::take(d, &mut writer, arrays, plan, (s, &state), at)?;
                checkpoints += 1;
                holder.checkpointed();
                if stop {
                    stopped_at = Some(s);
                    break;
                }
            }
        }
        let (check, max_diff) = match stopped_at {
            Some(_) => (vec![0; 3], f64::NAN),
            None => (d.wait_callback(Tag::Check)?, d.wait_callback(Tag::MaxDiff)?),
        };
        let total = start.elapsed();
        Ok::<_, RunError>((state, checkpoints, check, max_diff, total, stopped_at))
    })?;
    let (state, checkpoints, check, max_diff, total, stopped_at) = result?;
    Ok(Outcome {
        energy: state.energy,
        step_times: state.step_times,
        total_time_s: total.as_secs_f64(),
        atoms: check[0],
        mismatched: check[1],
        max_diff,
        strays: check[2],
        checkpoints,
        stopped_at,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_parameters_are_rejected() {
        let ok = Params::small();
        assert!(ok.geometry().is_ok());
        let bad = [
            Params {
                cells: [2, 3, 3],
                ..ok
            },
            Params {
                atoms_per_cell: 4,
                ..ok
            },
            Params { cutoff: 4.0, ..ok },
            Params { dt: 0.0, ..ok },
            Params { dt: 0.5, ..ok },
            Params {
                temperature: 1e9,
                ..ok
            },
            Params {
                density: f64::NAN,
                ..ok
            },
            Params { steps: 0, ..ok },
            Params {
                migrate_every: 0,
                ..ok
            },
            Params {
                dense: Some(Dense {
                    fraction: 0.0,
                    factor: 2.0,
                }),
                ..ok
            },
            Params {
                dense: Some(Dense {
                    fraction: 0.5,
                    factor: 0.5,
                }),
                ..ok
            },
        ];
        for p in bad {
            assert!(p.geometry().is_err(), "{p:?}");
        }
    }

    use crate::checkpoint_testing::test_config as config;

    #[test]
    fn parallel_is_bit_identical_to_sequential() {
        let p = Params {
            steps: 400,
            migrate_every: 4,
            dense: Some(Dense {
                fraction: 0.1,
                factor: 1.5,
            }),
            ..Params::small()
        };
        let r = Arc::new(reference::simulate(&p).unwrap());
        let g = p.geometry().unwrap();
        let atoms = p.atoms(&g);
        let start = state::initial(&p, &g);
        assert!(
            r.cells.iter().zip(&start).any(|(a, b)| a.ids != b.ids),
            "atoms migrated"
        );
        for (pes, lb) in [(1, None), (2, None), (3, None), (3, Some("rotate"))] {
            let out = run(&p, &config(pes, lb), Map::Block, r.clone()).unwrap();
            assert_eq!(out.atoms, atoms, "{pes} PEs");
            assert_eq!(
                (out.mismatched, out.max_diff),
                (0, 0.0),
                "{pes} PEs, {lb:?}"
            );
            assert_eq!(out.energy.len(), 401);
            let bits = |e: &[f64]| e.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&out.energy), bits(&r.energy), "{pes} PEs, {lb:?}");
            crate::checkpoint_testing::assert_moved_if_balanced(&out.report, lb);
        }
    }

    #[test]
    fn drift_is_relative_to_the_first_energy() {
        assert!((relative_drift(&[-4.0, -4.1, -3.9]) - 0.025).abs() < 1e-15);
        assert_eq!(relative_drift(&[-4.0]), 0.0);
    }
}
