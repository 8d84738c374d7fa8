//! `bt-mz`: a multi-zone 2-D Jacobi code after NAS BT-MZ (the AMPI paper's
//! fig. 11). The domain is a `zones x zones` grid of zones whose heights
//! (by zone row) and widths (by zone column) grow geometrically by
//! [`RATIO`], so the largest zone has ~24x the points of the smallest
//! (4x4 zones). Zone `z` (row-major) belongs to rank `z % V`, V ≤ zones².
//! Every step each zone sends its four edges to its neighbours' owners,
//! takes its ghost values from them, and runs [`SWEEPS`] Jacobi sweeps on
//! its own mesh; `migrate()` every `migrate_every` steps lets the balancer
//! even out the ranks. The result must equal the same zones stepped in
//! one thread bit for bit.

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::PerProcess;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Growth of zone sides from one zone row (column) to the next.
pub(super) const RATIO: f64 = 1.7;

/// Jacobi sweeps per zone per step.
pub(super) const SWEEPS: u32 = 2;

/// Steps when `--iters` is not given.
const DEFAULT_ITERS: u32 = 20;

/// Zones per side when `--zones` is not given.
pub(super) const DEFAULT_ZONES: u32 = 4;

/// Ghost sides of a zone: the row above, the row below, the column left, right.
const TOP: usize = 0;
const BOTTOM: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// The geometry: zone sides and origins along each axis.
#[derive(Clone, Debug)]
struct Geometry {
    zones: usize,
    /// Heights of zone rows, widths of zone columns (the same sequence).
    sides: Vec<usize>,
    /// Start of each zone row (column) in global points.
    starts: Vec<usize>,
}

impl Geometry {
    fn new(zones: usize, base: usize) -> Geometry {
        let sides: Vec<usize> = (0..zones)
            .map(|i| ((base as f64 * RATIO.powi(i as i32)).round() as usize).max(1))
            .collect();
        let starts = sides
            .iter()
            .scan(0, |at, s| {
                let start = *at;
                *at += s;
                Some(start)
            })
            .collect();
        Geometry {
            zones,
            sides,
            starts,
        }
    }

    /// The neighbour of zone `z` across `side`, if any.
    fn neighbour(&self, z: usize, side: usize) -> Option<usize> {
        let (row, col, n) = (z / self.zones, z % self.zones, self.zones);
        match side {
            TOP if row > 0 => Some(z - n),
            BOTTOM if row + 1 < n => Some(z + n),
            LEFT if col > 0 => Some(z - 1),
            RIGHT if col + 1 < n => Some(z + 1),
            _ => None,
        }
    }

    fn zone(&self, z: usize) -> Zone {
        let (row, col) = (z / self.zones, z % self.zones);
        Zone::new(
            [self.sides[row], self.sides[col]],
            [self.starts[row], self.starts[col]],
        )
    }
}

/// The side a message across `side` fills at the receiver.
fn opposite(side: usize) -> usize {
    side ^ 1
}

/// The initial value at global point `(i, j)`.
fn initial(i: usize, j: usize) -> f64 {
    ((i * 7 + j * 13) % 23) as f64 / 23.0
}

/// One zone's mesh, `h x w` points with a one-point ghost ring, twice.
#[derive(Clone)]
struct Zone {
    h: usize,
    w: usize,
    cur: Vec<f64>,
    next: Vec<f64>,
}

impl Zone {
    fn new([h, w]: [usize; 2], [oi, oj]: [usize; 2]) -> Zone {
        let mut z = Zone {
            h,
            w,
            cur: vec![0.0; (h + 2) * (w + 2)],
            next: vec![0.0; (h + 2) * (w + 2)],
        };
        for i in 0..h {
            for j in 0..w {
                let at = z.idx(i + 1, j + 1);
                z.cur[at] = initial(oi + i, oj + j);
            }
        }
        z
    }

    #[inline(always)]
    fn idx(&self, i: usize, j: usize) -> usize {
        i * (self.w + 2) + j
    }

    /// The positions of the interior edge next to `side` (`ghost`: of the
    /// ghost line beyond it).
    fn line(&self, side: usize, ghost: bool) -> Vec<usize> {
        let (h, w) = (self.h, self.w);
        let off = usize::from(!ghost);
        match side {
            TOP => (1..=w).map(|j| self.idx(off, j)).collect(),
            BOTTOM => (1..=w).map(|j| self.idx(h + 1 - off, j)).collect(),
            LEFT => (1..=h).map(|i| self.idx(i, off)).collect(),
            _ => (1..=h).map(|i| self.idx(i, w + 1 - off)).collect(),
        }
    }

    fn pack(&self, side: usize) -> Vec<f64> {
        self.line(side, false)
            .iter()
            .map(|&a| self.cur[a])
            .collect()
    }

    /// Fills the ghost line of `side` in both buffers (ghosts stay fixed
    /// through a step's sweeps).
    fn unpack(&mut self, side: usize, data: &[f64]) {
        for (a, v) in self.line(side, true).into_iter().zip(data) {
            self.cur[a] = *v;
            self.next[a] = *v;
        }
    }

    fn sweep(&mut self) {
        let s = self.w + 2;
        for i in 1..=self.h {
            for j in 1..=self.w {
                let c = i * s + j;
                let u = &self.cur;
                self.next[c] = (u[c] + u[c - 1] + u[c + 1] + u[c - s] + u[c + s]) * 0.2;
            }
        }
        std::mem::swap(&mut self.cur, &mut self.next);
    }
}

/// Every zone stepped `iters` times in one thread: the reference.
fn reference(g: &Geometry, iters: u32) -> Vec<Zone> {
    let mut zones: Vec<Zone> = (0..g.zones * g.zones).map(|z| g.zone(z)).collect();
    for _ in 0..iters {
        let mut edges = Vec::new();
        for (z, zone) in zones.iter().enumerate() {
            for side in [TOP, BOTTOM, LEFT, RIGHT] {
                if let Some(n) = g.neighbour(z, side) {
                    edges.push((n, opposite(side), zone.pack(side)));
                }
            }
        }
        for (n, side, data) in edges {
            zones[n].unpack(side, &data);
        }
        for zone in &mut zones {
            for _ in 0..SWEEPS {
                zone.sweep();
            }
        }
    }
    zones
}

/// Builds `bt-mz` for `vp` ranks: `params.size` is the smallest zone's
/// side, `params.zones` the zones per side.
pub(super) fn build(params: &Params, vp: u32) -> Result<Built, AmpiError> {
    let (base, zones) = (params.size, params.zones as usize);
    if base == 0 || zones == 0 {
        return Err(AmpiError::Usage(
            "bt-mz: --size and --zones must be at least 1".into(),
        ));
    }
    let count = zones * zones;
    if vp as usize > count {
        return Err(AmpiError::Usage(format!(
            "bt-mz: {vp} ranks exceed the {count} zones ({zones}x{zones}); use fewer ranks or more --zones"
        )));
    }
    let g = Geometry::new(zones, base);
    let side: usize = g.sides.iter().sum();
    if side > 1 << 15 {
        return Err(AmpiError::Usage(format!(
            "bt-mz: a domain of {side}^2 points is too large; lower --size or --zones"
        )));
    }
    let iters = params.iters.unwrap_or(DEFAULT_ITERS);
    let memory_bytes = 4 * ((side + 2 * zones) as u64).pow(2) * 8;
    super::check_memory(params, "bt-mz", vp, memory_bytes)?;
    let want = PerProcess::new(reference(&g, iters));
    let migrate_every = params.migrate_every;
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let (r, v) = (mpi.rank() as usize, mpi.size() as usize);
        let owner = |z: usize| (z % v) as i32;
        let mine: Vec<usize> = (r..count).step_by(v).collect();
        let mut zs: Vec<Zone> = mine.iter().map(|&z| g.zone(z)).collect();
        mpi.declare_heap(zs.iter().map(|z| 2 * z.cur.len() * 8).sum());
        let mut last = mpi.wtime();
        for it in 0..iters {
            for (&z, zone) in mine.iter().zip(&zs) {
                for side in [TOP, BOTTOM, LEFT, RIGHT] {
                    if let Some(n) = g.neighbour(z, side) {
                        let tag = (n * 4 + opposite(side)) as i32;
                        mpi.bsend(&zone.pack(side), owner(n), tag, WORLD)?;
                    }
                }
            }
            for (&z, zone) in mine.iter().zip(&mut zs) {
                for side in [TOP, BOTTOM, LEFT, RIGHT] {
                    if let Some(n) = g.neighbour(z, side) {
                        let len = if side < LEFT { zone.w } else { zone.h };
                        let mut data = vec![0.0f64; len];
                        mpi.recv(&mut data, owner(n), (z * 4 + side) as i32, WORLD)?;
                        zone.unpack(side, &data);
                    }
                }
                for _ in 0..SWEEPS {
                    zone.sweep();
                }
            }
            if r == 0 {
                let now = mpi.wtime();
                mpi.record("step_time_s", now - last);
                last = now;
            }
            if migrate_every > 0 && (it + 1) % migrate_every == 0 && it + 1 < iters {
                mpi.migrate();
            }
        }
        let mut same = 1u8;
        let mut diff = 0.0f64;
        let want = want.get();
        for (&z, zone) in mine.iter().zip(&zs) {
            for (a, b) in zone.cur.iter().zip(&want[z].cur) {
                same &= u8::from(a.to_bits() == b.to_bits());
                diff = diff.max((a - b).abs());
            }
        }
        super::record_validity(mpi, same == 1, diff)?;
        if r == 0 {
            let area = |z: usize| g.sides[z / zones] * g.sides[z % zones];
            mpi.record("zone_spread", area(count - 1) as f64 / area(0) as f64);
        }
        Ok(())
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_grow_and_neighbours_are_symmetric() {
        let g = Geometry::new(4, 10);
        assert_eq!(g.sides, vec![10, 17, 29, 49]);
        assert_eq!(g.starts, vec![0, 10, 27, 56]);
        for z in 0..16 {
            for side in [TOP, BOTTOM, LEFT, RIGHT] {
                if let Some(n) = g.neighbour(z, side) {
                    assert_eq!(g.neighbour(n, opposite(side)), Some(z));
                }
            }
        }
        assert_eq!(g.neighbour(0, TOP), None);
        assert_eq!(g.neighbour(3, RIGHT), None);
    }

    #[test]
    fn edges_and_ghost_lines_are_the_right_points() {
        let z = Zone::new([2, 3], [0, 0]);
        assert_eq!(z.line(TOP, false), vec![6, 7, 8]);
        assert_eq!(z.line(TOP, true), vec![1, 2, 3]);
        assert_eq!(z.line(BOTTOM, false), vec![11, 12, 13]);
        assert_eq!(z.line(BOTTOM, true), vec![16, 17, 18]);
        assert_eq!(z.line(LEFT, false), vec![6, 11]);
        assert_eq!(z.line(LEFT, true), vec![5, 10]);
        assert_eq!(z.line(RIGHT, false), vec![8, 13]);
        assert_eq!(z.line(RIGHT, true), vec![9, 14]);
    }

    #[test]
    fn the_reference_exchanges_between_zones() {
        let g = Geometry::new(2, 3);
        let alone: Vec<Zone> = (0..4).map(|z| g.zone(z)).collect();
        let stepped = reference(&g, 1);
        // Zone 0's right ghost column holds zone 1's first column as it
        // was at the exchange; its bottom ghost row zone 2's first row.
        let (z0, z1, z2) = (&stepped[0], &alone[1], &alone[2]);
        assert_eq!(z0.cur[z0.idx(3, 4)], z1.cur[z1.idx(3, 1)]);
        assert_eq!(z0.cur[z0.idx(4, 2)], z2.cur[z2.idx(1, 2)]);
        assert_ne!(z0.cur[z0.idx(3, 4)], 0.0);
    }
}
