//! The initial configuration (a jittered lattice per cell, optionally
//! denser in one corner region, seeded velocities at a temperature) and the
//! migration of atoms between neighbouring cells.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Params;
use super::geometry::{DIRECTIONS, Geometry, direction, direction_of};
use super::physics::Atoms;

/// Atoms in cell `c`: `atoms_per_cell`, times the dense factor inside the
/// dense region (the corner block of cells `[0, d)³` that holds the given
/// fraction of the box's volume).
pub fn atoms_in(p: &Params, c: [u32; 3]) -> u32 {
    match p.dense {
        Some(dense) => {
            let inside = (0..3).all(|k| {
                let d = (p.cells[k] as f64 * dense.fraction.cbrt()).round().max(1.0) as u32;
                c[k] < d
            });
            if inside {
                (p.atoms_per_cell as f64 * dense.factor).round() as u32
            } else {
                p.atoms_per_cell
            }
        }
        None => p.atoms_per_cell,
    }
}

/// The smallest `m` with `m³ >= n`.
fn lattice_side(n: u32) -> u32 {
    let mut m = (n as f64).cbrt().floor() as u32;
    while m * m * m < n {
        m += 1;
    }
    m.max(1)
}

/// The initial atoms of every cell (in cell order), numbered consecutively:
/// each cell's atoms sit on evenly spread sites of an `m³` sub-lattice with
/// a small seeded jitter; velocities are seeded, with zero total momentum,
/// scaled to `temperature`.
pub fn initial(p: &Params, g: &Geometry) -> Vec<Atoms> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(p.seed);
    let mut cells = Vec::with_capacity(g.cells() as usize);
    let mut next_id = 0u32;
    for l in 0..g.cells() {
        let c = g.cell(l);
        let count = atoms_in(p, c);
        let m = lattice_side(count);
        let sites = m as u64 * m as u64 * m as u64;
        let spacing = g.side / m as f64;
        let mut atoms = Atoms::default();
        for t in 0..count as u64 {
            let s = t * sites / count as u64;
            let site = [
                s / (m as u64 * m as u64),
                s / m as u64 % m as u64,
                s % m as u64,
            ];
            for k in 0..3 {
                let jitter = rng.random_range(-0.05..0.05) * spacing;
                let x = c[k] as f64 * g.side + (site[k] as f64 + 0.5) * spacing + jitter;
                atoms.pos.push(x);
                atoms.vel.push(rng.random_range(-1.0..1.0));
            }
            atoms.ids.push(next_id);
            next_id += 1;
        }
        cells.push(atoms);
    }
    thermalize(&mut cells, p.temperature);
    cells
}

/// Removes the mean velocity and scales to `temperature` (`Σ v² = 3 N T`).
fn thermalize(cells: &mut [Atoms], temperature: f64) {
    let n: usize = cells.iter().map(Atoms::len).sum();
    if n == 0 {
        return;
    }
    let mut mean = [0.0; 3];
    for a in cells.iter() {
        for v in a.vel.chunks_exact(3) {
            for k in 0..3 {
                mean[k] += v[k] / n as f64;
            }
        }
    }
    let mut sum2 = 0.0;
    for a in cells.iter_mut() {
        for v in a.vel.chunks_exact_mut(3) {
            for k in 0..3 {
                v[k] -= mean[k];
                sum2 += v[k] * v[k];
            }
        }
    }
    let scale = if sum2 > 0.0 {
        (3.0 * n as f64 * temperature / sum2).sqrt()
    } else {
        0.0
    };
    for a in cells.iter_mut() {
        for v in &mut a.vel {
            *v *= scale;
        }
    }
}

/// A cell's atoms after a migration split: those that stay, those that
/// leave in each of the 26 directions (positions moved into the box where
/// they cross its boundary), and the number of atoms that had moved more
/// than one cell (placed in the next cell anyway; a sign of a too large
/// time step or migration period).
pub struct Split {
    /// Atoms staying in the cell, in their order.
    pub stay: Atoms,
    /// Atoms leaving, by direction.
    pub leave: Vec<Atoms>,
    /// Atoms that had moved more than one cell.
    pub strays: u64,
}

/// Splits cell `c`'s atoms by the cell their position now lies in.
pub fn split(g: &Geometry, c: [u32; 3], atoms: &Atoms) -> Split {
    let mut out = Split {
        stay: Atoms::default(),
        leave: vec![Atoms::default(); DIRECTIONS],
        strays: 0,
    };
    for i in 0..atoms.len() {
        let mut o = [0i32; 3];
        for k in 0..3 {
            let at = (atoms.pos[3 * i + k] / g.side).floor() as i64 - c[k] as i64;
            if at.abs() > 1 {
                out.strays += 1;
            }
            o[k] = at.clamp(-1, 1) as i32;
        }
        if o == [0, 0, 0] {
            out.stay.push_from(atoms, i);
            continue;
        }
        let d = direction_of(o);
        let (_, shift) = g.neighbour(c, o);
        let dest = &mut out.leave[d];
        dest.push_from(atoms, i);
        let at = dest.pos.len() - 3;
        for (x, s) in dest.pos[at..].iter_mut().zip(shift) {
            *x -= s;
        }
    }
    out
}

/// The cell that atoms leaving `c` in direction `d` arrive at.
pub fn destination(g: &Geometry, c: [u32; 3], d: usize) -> u32 {
    g.linear(g.neighbour(c, direction(d)).0)
}

/// A cell's atoms after migration: those that stayed, then the arrivals
/// by the direction they travelled in (0..26).
pub fn assemble<'a>(stay: Atoms, arrivals: impl IntoIterator<Item = &'a Atoms>) -> Atoms {
    let mut atoms = stay;
    for a in arrivals {
        atoms.append(a);
    }
    atoms
}

#[cfg(test)]
mod tests {
    use super::super::Dense;
    use super::*;

    #[test]
    fn lattice_holds_every_atom_once_with_zero_momentum() {
        let p = Params {
            dense: Some(Dense {
                fraction: 0.04,
                factor: 2.0,
            }),
            ..Params::small()
        };
        let g = p.geometry().unwrap();
        let cells = initial(&p, &g);
        let n: usize = cells.iter().map(Atoms::len).sum();
        assert_eq!(n as u32, 26 * p.atoms_per_cell + 2 * p.atoms_per_cell);
        assert_eq!(cells[0].len() as u32, 2 * p.atoms_per_cell);
        let mut p_tot = [0.0; 3];
        for (l, a) in cells.iter().enumerate() {
            let s = split(&g, g.cell(l as u32), a);
            assert_eq!(s.stay.len(), a.len(), "cell {l}: every atom starts inside");
            for v in a.vel.chunks_exact(3) {
                (0..3).for_each(|k| p_tot[k] += v[k]);
            }
        }
        assert!(p_tot.iter().all(|x| x.abs() < 1e-9));
        assert_eq!(initial(&p, &g), cells, "seeded");
    }

    #[test]
    fn atoms_leaving_across_the_box_edge_are_wrapped() {
        let p = Params::small();
        let g = p.geometry().unwrap();
        let a = Atoms {
            ids: vec![7, 8],
            pos: vec![-0.1, 0.5, 0.5, 0.5, 0.5, 0.5],
            vel: vec![0.0; 6],
        };
        let s = split(&g, [0, 0, 0], &a);
        assert_eq!(s.stay.ids, vec![8]);
        let d = direction_of([-1, 0, 0]);
        assert_eq!(s.leave[d].ids, vec![7]);
        assert!((s.leave[d].pos[0] - (3.0 * g.side - 0.1)).abs() < 1e-12);
        assert_eq!(destination(&g, [0, 0, 0], d), g.linear([2, 0, 0]));
        assert_eq!(s.strays, 0);
    }
}
