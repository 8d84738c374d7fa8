//! Lennard-Jones physics in reduced units (σ = ε = m = 1): the truncated
//! and shifted potential, the per-pair force kernel the pair objects run,
//! velocity Verlet's half kick and drift, and the kinetic energy.

use serde::{Deserialize, Serialize};

use super::buffers;

/// The atoms of one cell, positions and velocities flat (`x0 y0 z0 x1 …`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Atoms {
    /// Global atom numbers.
    pub ids: Vec<u32>,
    /// Positions, three per atom.
    pub pos: Vec<f64>,
    /// Velocities, three per atom.
    pub vel: Vec<f64>,
}

impl Atoms {
    /// Number of atoms.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// True without atoms.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Appends atom `i` of `other`.
    pub fn push_from(&mut self, other: &Atoms, i: usize) {
        self.ids.push(other.ids[i]);
        self.pos.extend_from_slice(&other.pos[3 * i..3 * i + 3]);
        self.vel.extend_from_slice(&other.vel[3 * i..3 * i + 3]);
    }

    /// Appends all of `other`.
    pub fn append(&mut self, other: &Atoms) {
        self.ids.extend_from_slice(&other.ids);
        self.pos.extend_from_slice(&other.pos);
        self.vel.extend_from_slice(&other.vel);
    }
}

/// The truncated and shifted Lennard-Jones potential.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lj {
    /// Squared cutoff radius.
    pub cutoff2: f64,
    /// The potential at the cutoff (subtracted, so it is continuous there).
    pub shift: f64,
}

impl Lj {
    /// The potential cut off at `cutoff`.
    pub fn new(cutoff: f64) -> Lj {
        let ir6 = cutoff.powi(-6);
        Lj {
            cutoff2: cutoff * cutoff,
            shift: 4.0 * ir6 * (ir6 - 1.0),
        }
    }

    /// Force factor `f` (force = f · d) and energy at squared distance `r2`,
    /// or `None` beyond the cutoff.
    #[inline(always)]
    pub fn interact(&self, r2: f64) -> Option<(f64, f64)> {
        if r2 >= self.cutoff2 {
            return None;
        }
        let ir2 = 1.0 / r2;
        let ir6 = ir2 * ir2 * ir2;
        Some((
            24.0 * ir2 * ir6 * (2.0 * ir6 - 1.0),
            4.0 * ir6 * (ir6 - 1.0) - self.shift,
        ))
    }
}

/// Forces between the atoms at `a` and those at `b` (shifted by `shift`
/// into `a`'s frame): returns the forces on `a`'s atoms, on `b`'s atoms, and
/// the potential energy. The per-pair kernel of the pair objects.
pub fn pair_forces(lj: &Lj, a: &[f64], b: &[f64], shift: [f64; 3]) -> (Vec<f64>, Vec<f64>, f64) {
    let mut fa = buffers::zeros(a.len());
    let mut fb = buffers::zeros(b.len());
    let mut bs = buffers::copy_of(b);
    for p in bs.chunks_exact_mut(3) {
        for k in 0..3 {
            p[k] += shift[k];
        }
    }
    let mut pe = 0.0;
    for (pi, fi) in a.chunks_exact(3).zip(fa.chunks_exact_mut(3)) {
        let mut acc = [0.0; 3];
        for (pj, fj) in bs.chunks_exact(3).zip(fb.chunks_exact_mut(3)) {
            let d = [pi[0] - pj[0], pi[1] - pj[1], pi[2] - pj[2]];
            if let Some((f, e)) = lj.interact(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) {
                for k in 0..3 {
                    acc[k] += f * d[k];
                    fj[k] -= f * d[k];
                }
                pe += e;
            }
        }
        fi.copy_from_slice(&acc);
    }
    buffers::recycle(bs);
    (fa, fb, pe)
}

/// Forces among the atoms at `a` (a cell's self pair) and their potential energy.
pub fn self_forces(lj: &Lj, a: &[f64]) -> (Vec<f64>, f64) {
    let mut fa = buffers::zeros(a.len());
    let n = a.len() / 3;
    let mut pe = 0.0;
    for i in 0..n {
        let pi = [a[3 * i], a[3 * i + 1], a[3 * i + 2]];
        let mut acc = [0.0; 3];
        for j in i + 1..n {
            let d = [pi[0] - a[3 * j], pi[1] - a[3 * j + 1], pi[2] - a[3 * j + 2]];
            if let Some((f, e)) = lj.interact(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) {
                for k in 0..3 {
                    acc[k] += f * d[k];
                    fa[3 * j + k] -= f * d[k];
                }
                pe += e;
            }
        }
        for k in 0..3 {
            fa[3 * i + k] += acc[k];
        }
    }
    (fa, pe)
}

/// The sum of a cell's partial forces, added in the order given (pair-number order).
pub fn sum_partials<'a>(len: usize, partials: impl IntoIterator<Item = &'a [f64]>) -> Vec<f64> {
    let mut f = buffers::zeros(len);
    for p in partials {
        for (x, y) in f.iter_mut().zip(p) {
            *x += y;
        }
    }
    f
}

/// Velocity Verlet's half kick: `v += dt/2 · f`.
pub fn kick(atoms: &mut Atoms, force: &[f64], dt: f64) {
    let h = 0.5 * dt;
    for (v, f) in atoms.vel.iter_mut().zip(force) {
        *v += h * f;
    }
}

/// Velocity Verlet's drift: `x += dt · v`.
pub fn drift(atoms: &mut Atoms, dt: f64) {
    for (x, v) in atoms.pos.iter_mut().zip(&atoms.vel) {
        *x += dt * v;
    }
}

/// Kinetic energy `Σ v²/2`.
pub fn kinetic(atoms: &Atoms) -> f64 {
    0.5 * atoms.vel.iter().map(|v| v * v).sum::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potential_is_zero_at_cutoff_and_minimal_near_two_to_the_sixth() {
        let lj = Lj::new(2.5);
        let (_, e) = lj.interact(2.5f64.powi(2) - 1e-12).unwrap();
        assert!(e.abs() < 1e-9);
        assert!(lj.interact(6.25).is_none());
        let rmin = 2f64.powf(1.0 / 6.0);
        let (f, _) = lj.interact(rmin * rmin).unwrap();
        assert!(f.abs() < 1e-12);
    }

    #[test]
    fn pair_forces_are_newtons_third_law() {
        let lj = Lj::new(2.5);
        let a = [0.0, 0.0, 0.0, 0.5, 0.2, 0.1];
        let b = [0.3, 1.1, 0.0];
        let (fa, fb, pe) = pair_forces(&lj, &a, &b, [0.0, 0.0, 0.0]);
        for k in 0..3 {
            assert!((fa[k] + fa[3 + k] + fb[k]).abs() < 1e-9);
        }
        assert!(pe != 0.0);
        let (fs, pe_self) = self_forces(&lj, &[0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
        assert!(
            fs[0] < 0.0 && fs[3] > 0.0 && pe_self > 0.0,
            "repelled at r = 1: {fs:?}"
        );
    }
}
