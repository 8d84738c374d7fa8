//! The sequential references: [`simulate`] runs the same arithmetic as the
//! parallel objects in one loop (so final positions must be bit-identical),
//! and [`plain_forces`] is a plain cell-list force loop that accumulates
//! straight into one force array — the baseline the per-pair kernel is
//! timed against ([`kernel_timing`]).

use std::time::Instant;

use super::Params;
use super::buffers;
use super::geometry::{DIRECTIONS, Geometry, PAIRS_PER_CELL};
use super::physics::{Atoms, Lj, drift, kick, kinetic, pair_forces, self_forces, sum_partials};
use super::state::{self, assemble, destination, split};

/// The sequential run's result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reference {
    /// Every cell's atoms at the end.
    pub cells: Vec<Atoms>,
    /// Total energy at step 0..=steps.
    pub energy: Vec<f64>,
    /// Seconds of each step.
    pub step_times: Vec<f64>,
    /// Atoms that moved more than one cell between migrations.
    pub strays: u64,
}

/// A pair's forces on its first and its second cell (empty for a self pair).
type Partial = (Vec<f64>, Vec<f64>);

/// Every pair's forces and the potential energy, pair by pair.
fn pair_partials(g: &Geometry, lj: &Lj, cells: &[Atoms]) -> (Vec<Partial>, f64) {
    let mut pe = 0.0;
    let partials = (0..g.pairs())
        .map(|p| {
            let (a, b, shift) = g.pair_cells(p);
            if p % PAIRS_PER_CELL == 0 {
                let (f, e) = self_forces(lj, &cells[a as usize].pos);
                pe += e;
                (f, Vec::new())
            } else {
                let (fa, fb, e) =
                    pair_forces(lj, &cells[a as usize].pos, &cells[b as usize].pos, shift);
                pe += e;
                (fa, fb)
            }
        })
        .collect();
    (partials, pe)
}

/// Every cell's force, summed over its pairs in pair-number order as the
/// cell objects do, and the potential energy.
pub fn forces(g: &Geometry, lj: &Lj, cells: &[Atoms]) -> (Vec<Vec<f64>>, f64) {
    let (partials, pe) = pair_partials(g, lj, cells);
    let f = (0..g.cells())
        .map(|a| {
            let parts = g.cell_pairs(a).into_iter().map(|(p, first)| {
                let (fa, fb) = &partials[p as usize];
                if first { &fa[..] } else { &fb[..] }
            });
            sum_partials(cells[a as usize].pos.len(), parts)
        })
        .collect();
    for (fa, fb) in partials {
        buffers::recycle(fa);
        buffers::recycle(fb);
    }
    (f, pe)
}

/// Moves every atom to the cell it now lies in; returns the stray count.
pub fn migrate(g: &Geometry, cells: &mut Vec<Atoms>) -> u64 {
    let splits: Vec<_> = (0..g.cells())
        .map(|l| split(g, g.cell(l), &cells[l as usize]))
        .collect();
    let strays = splits.iter().map(|s| s.strays).sum();
    let mut arrivals = vec![vec![Atoms::default(); DIRECTIONS]; g.cells() as usize];
    let mut stays = Vec::with_capacity(cells.len());
    for (l, s) in splits.into_iter().enumerate() {
        let c = g.cell(l as u32);
        for (d, leave) in s.leave.into_iter().enumerate() {
            arrivals[destination(g, c, d) as usize][d] = leave;
        }
        stays.push(s.stay);
    }
    *cells = stays
        .into_iter()
        .zip(&arrivals)
        .map(|(stay, arr)| assemble(stay, arr))
        .collect();
    strays
}

/// Runs the simulation on one thread with the parallel version's arithmetic.
pub fn simulate(p: &Params) -> Result<Reference, String> {
    let g = p.geometry()?;
    let lj = Lj::new(p.cutoff);
    let mut cells = state::initial(p, &g);
    let (mut f, pe) = forces(&g, &lj, &cells);
    let mut energy = vec![cells.iter().map(kinetic).sum::<f64>() + pe];
    let mut step_times = Vec::with_capacity(p.steps as usize);
    let mut strays = 0;
    for step in 1..=p.steps {
        let t = Instant::now();
        for (a, fa) in cells.iter_mut().zip(&f) {
            kick(a, fa, p.dt);
            drift(a, p.dt);
        }
        if step % p.migrate_every == 0 {
            strays += migrate(&g, &mut cells);
        }
        let (fnew, pe) = forces(&g, &lj, &cells);
        f = fnew;
        for (a, fa) in cells.iter_mut().zip(&f) {
            kick(a, fa, p.dt);
        }
        energy.push(cells.iter().map(kinetic).sum::<f64>() + pe);
        step_times.push(t.elapsed().as_secs_f64());
    }
    Ok(Reference {
        cells,
        energy,
        step_times,
        strays,
    })
}

/// A plain sequential cell-list loop: every atom's force accumulated in
/// place, one flat array, no per-pair buffers. Returns the forces of the
/// atoms in cell order and the potential energy.
pub fn plain_forces(g: &Geometry, lj: &Lj, cells: &[Atoms]) -> (Vec<f64>, f64) {
    let mut start = vec![0usize];
    for a in cells {
        start.push(start.last().copied().unwrap_or(0) + a.len());
    }
    let pos: Vec<f64> = cells.iter().flat_map(|a| a.pos.iter().copied()).collect();
    let mut f = vec![0.0; pos.len()];
    let mut pe = 0.0;
    for p in 0..g.pairs() {
        let (a, b, s) = g.pair_cells(p);
        let (a, b) = (a as usize, b as usize);
        for i in start[a]..start[a + 1] {
            let first = if p % PAIRS_PER_CELL == 0 {
                i + 1
            } else {
                start[b]
            };
            for j in first..start[b + 1] {
                let d = [
                    pos[3 * i] - (pos[3 * j] + s[0]),
                    pos[3 * i + 1] - (pos[3 * j + 1] + s[1]),
                    pos[3 * i + 2] - (pos[3 * j + 2] + s[2]),
                ];
                if let Some((fm, e)) = lj.interact(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) {
                    for k in 0..3 {
                        f[3 * i + k] += fm * d[k];
                        f[3 * j + k] -= fm * d[k];
                    }
                    pe += e;
                }
            }
        }
    }
    (f, pe)
}

/// Seconds of `reps` force evaluations of the initial configuration by the
/// per-pair kernel (with the cells' summation) and by the plain loop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KernelTiming {
    /// Per-pair kernel and summation, seconds per evaluation (best of reps).
    pub pair_kernel_s: f64,
    /// Plain cell-list loop, seconds per evaluation (best of reps).
    pub plain_loop_s: f64,
}

/// Times the per-pair kernel against the plain loop on the initial configuration.
pub fn kernel_timing(p: &Params, reps: u32) -> Result<KernelTiming, String> {
    let g = p.geometry()?;
    let lj = Lj::new(p.cutoff);
    let cells = state::initial(p, &g);
    let best = |f: &dyn Fn() -> f64| {
        (0..reps.max(1))
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    Ok(KernelTiming {
        pair_kernel_s: best(&|| forces(&g, &lj, &cells).1),
        plain_loop_s: best(&|| plain_forces(&g, &lj, &cells).1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_kernel_agrees_with_the_plain_loop() {
        let p = Params::small();
        let g = p.geometry().unwrap();
        let lj = Lj::new(p.cutoff);
        let cells = state::initial(&p, &g);
        let (f, pe) = forces(&g, &lj, &cells);
        let (plain, pe_plain) = plain_forces(&g, &lj, &cells);
        let flat: Vec<f64> = f.concat();
        let scale = plain.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        assert!(scale > 0.0);
        for (x, y) in flat.iter().zip(&plain) {
            assert!((x - y).abs() <= 1e-10 * scale, "{x} vs {y}");
        }
        assert!((pe - pe_plain).abs() <= 1e-10 * pe.abs());
        let total: [f64; 3] = [0, 1, 2].map(|k| flat.iter().skip(k).step_by(3).sum());
        assert!(
            total.iter().all(|t| t.abs() <= 1e-9 * scale),
            "momentum {total:?}"
        );
    }

    #[test]
    fn energy_is_conserved_and_atoms_migrate() {
        let p = Params {
            steps: 1000,
            ..Params::small()
        };
        let r = simulate(&p).unwrap();
        let drift = super::super::relative_drift(&r.energy);
        assert!(drift < 1e-4, "drift {drift}");
        assert_eq!(r.strays, 0);
        let g = p.geometry().unwrap();
        let start = state::initial(&p, &g);
        let moved = r.cells.iter().zip(&start).any(|(a, b)| a.ids != b.ids);
        assert!(moved, "some atom changed cell in 1000 steps");
        let n: usize = r.cells.iter().map(Atoms::len).sum();
        assert_eq!(n, 27 * 27);
    }
}
