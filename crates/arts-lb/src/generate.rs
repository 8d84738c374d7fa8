//! Synthetic LB inputs of any size (`arts lb generate`), deterministic for a seed.
//!
//! Every kind starts from the block mapping (object `i` on PE `i·P/N`), all
//! objects migratable unless `pinned_fraction` says otherwise, and migration
//! size proportional to load (64 KiB per ms, at least 4 KiB). Loads per kind
//! (mean about 1 ms):
//! - `uniform`: load uniform in [0, 2) ms; no communication.
//! - `skewed`: heavy-tailed, Pareto with shape 1.5 and scale 1/3 ms (mean 1 ms),
//!   capped at 1000× the scale; no communication.
//! - `zones`: one object in 64 (at least one) is a huge zone of 20–60 ms, the
//!   others 0.5–1.5 ms (sizes span ≥ 20×); neighbours in index order exchange
//!   boundaries (one message each way per step, 4 KiB, 16 KiB next to a zone).
//! - `mesh`: a 2-D grid `⌈√N⌉` wide (last row partial), loads 0.9–1.1 ms, three
//!   times that inside a hot disc (radius 1/6 of the width, centre drawn per
//!   step, as in a moving hotspot), one 8 KiB message each way between right
//!   and down neighbours.
//!
//! Several steps share the objects, mapping and graph; loads are re-drawn.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::dump::LbDump;
use crate::input::{CommEdge, LbInput, MAX_SPEED, MIN_SPEED, ObjInfo, PeInfo};

/// Kind of synthetic input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Kind {
    /// Uniform-random loads, no communication.
    Uniform,
    /// Heavy-tailed loads, no communication.
    Skewed,
    /// A few huge zones among many small objects, chain communication.
    Zones,
    /// 2-D grid graph with neighbour communication.
    Mesh,
}

impl Kind {
    /// The kind's name as reported.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Uniform => "uniform",
            Kind::Skewed => "skewed",
            Kind::Zones => "zones",
            Kind::Mesh => "mesh",
        }
    }
}

/// Every accepted kind name, for error messages.
pub const KIND_NAMES: &[&str] = &["uniform", "skewed", "zones", "mesh"];

impl std::str::FromStr for Kind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "uniform" => Kind::Uniform,
            "skewed" => Kind::Skewed,
            "zones" => Kind::Zones,
            "mesh" => Kind::Mesh,
            _ => {
                return Err(format!(
                    "unknown kind '{s}' (accepted: {})",
                    KIND_NAMES.join(", ")
                ));
            }
        })
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenSpec {
    /// Number of objects.
    pub objects: usize,
    /// Number of PEs (at least 1).
    pub pes: usize,
    /// Load and graph shape.
    pub kind: Kind,
    /// Random seed.
    pub seed: u64,
    /// Number of LB steps (at least 1).
    pub steps: usize,
    /// PE speeds, repeated cyclically over the PEs (empty = all 1.0).
    pub speeds: Vec<f64>,
    /// Fraction of objects marked non-migratable, in [0, 1].
    pub pinned_fraction: f64,
    /// Number of clusters (PE `q` in cluster `q·C/P`); 0 = no cluster information.
    pub clusters: usize,
}

impl GenSpec {
    /// Checks the sizes and fractions (the speeds are [`parse_speeds`]'s);
    /// the message names the flag and what is accepted.
    pub fn check(&self) -> Result<(), String> {
        if self.pes == 0 || self.pes > MAX_PES {
            return Err(format!(
                "--pes {} is invalid (1..={MAX_PES} accepted)",
                self.pes
            ));
        }
        if self.steps == 0 || self.steps > 1000 {
            return Err(format!(
                "--steps {} is invalid (1..=1000 accepted)",
                self.steps
            ));
        }
        if self.objects.saturating_mul(self.steps) > MAX_TOTAL_OBJECTS {
            return Err(format!(
                "--objects {} × --steps {} is too large (at most {MAX_TOTAL_OBJECTS} objects in total)",
                self.objects, self.steps
            ));
        }
        if !(0.0..=1.0).contains(&self.pinned_fraction) {
            return Err(format!(
                "--pinned-fraction {} is invalid (0..=1 accepted)",
                self.pinned_fraction
            ));
        }
        if self.clusters > self.pes {
            return Err(format!(
                "--clusters {} is invalid (0..={} accepted, at most one per PE)",
                self.clusters, self.pes
            ));
        }
        Ok(())
    }

    /// The bytes generating and writing the dump holds at its peak, per
    /// object and step: the object, and its communication edges (measured
    /// at 10⁶ objects: 55 B uniform and skewed, 165 B zones, 290 B mesh),
    /// with room, and 16 MiB for the process.
    pub fn memory_bytes(&self) -> u64 {
        let per_object: u64 = match self.kind {
            Kind::Uniform | Kind::Skewed => 64,
            Kind::Zones => 192,
            Kind::Mesh => 320,
        };
        let objects = (self.objects as u64).saturating_mul(self.steps as u64);
        objects.saturating_mul(per_object).saturating_add(16 << 20)
    }

    /// A one-step spec with reference-speed PEs, nothing pinned, no clusters.
    pub fn new(objects: usize, pes: usize, kind: Kind, seed: u64) -> Self {
        GenSpec {
            objects,
            pes,
            kind,
            seed,
            steps: 1,
            speeds: Vec::new(),
            pinned_fraction: 0.0,
            clusters: 0,
        }
    }
}

const MS: f64 = 1e-3;

/// The most PEs a generated dump has.
pub const MAX_PES: usize = 10_000_000;

/// The most objects a generated dump has over all its steps.
pub const MAX_TOTAL_OBJECTS: usize = 20_000_000;

/// Parses `--speeds`: comma-separated numbers in [`MIN_SPEED`, `MAX_SPEED`].
pub fn parse_speeds(text: &str) -> Result<Vec<f64>, String> {
    text.split(',')
        .map(|s| {
            let v: f64 = s.trim().parse().map_err(|_| {
                format!(
                    "--speeds: '{s}' is not a number (comma-separated numbers in 1e-6..=1e6 accepted)"
                )
            })?;
            if (MIN_SPEED..=MAX_SPEED).contains(&v) {
                Ok(v)
            } else {
                Err(format!(
                    "--speeds: {v} is invalid ({MIN_SPEED}..={MAX_SPEED} accepted)"
                ))
            }
        })
        .collect()
}

/// What `arts lb generate` wrote.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GenerateReport {
    /// The file written.
    pub out: String,
    /// The kind.
    pub kind: String,
    /// Objects per step.
    pub objects: usize,
    /// PEs.
    pub pes: usize,
    /// LB steps.
    pub steps: usize,
    /// Seed.
    pub seed: u64,
    /// Communication edges of the first step.
    pub comm_edges: usize,
    /// Non-migratable objects of the first step.
    pub pinned: usize,
    /// Max/avg PE load of the first step.
    pub max_avg_ratio: f64,
    /// Bytes written.
    pub bytes: u64,
}

impl GenerateReport {
    /// The report of `dump`, made from `spec` and written to `out` in `bytes` bytes.
    pub fn new(spec: &GenSpec, dump: &LbDump, out: String, bytes: u64) -> GenerateReport {
        let first = &dump.steps[0].input;
        GenerateReport {
            out,
            kind: spec.kind.name().to_string(),
            objects: spec.objects,
            pes: spec.pes,
            steps: spec.steps,
            seed: spec.seed,
            comm_edges: first.comm.len(),
            pinned: first.objects.iter().filter(|o| !o.migratable).count(),
            max_avg_ratio: crate::evaluate(first, &first.current_mapping()).max_avg_ratio,
            bytes,
        }
    }

    /// The report as one line: the file, its size, what it holds.
    pub fn table(&self) -> String {
        let report = self;
        format!(
            "wrote {} ({} bytes): {} {} objects on {} PEs, {} step(s), {} comm edges, max/avg {:.4}\n",
            report.out,
            report.bytes,
            report.kind,
            report.objects,
            report.pes,
            report.steps,
            report.comm_edges,
            report.max_avg_ratio
        )
    }
}

/// Builds the dump described by `spec`. Panics only on a spec that breaks its
/// documented ranges (`pes >= 1`, `steps >= 1`, speeds finite and > 0).
pub fn generate(spec: &GenSpec) -> LbDump {
    assert!(spec.pes >= 1 && spec.steps >= 1, "spec out of range");
    let n = spec.objects;
    let pes: Vec<PeInfo> = (0..spec.pes)
        .map(|q| PeInfo {
            speed: if spec.speeds.is_empty() {
                1.0
            } else {
                spec.speeds[q % spec.speeds.len()]
            },
            cluster: (spec.clusters > 0)
                .then(|| ((q as u128 * spec.clusters as u128) / spec.pes as u128) as u32),
            ..PeInfo::default()
        })
        .collect();
    let mut pin_rng = Xoshiro256PlusPlus::seed_from_u64(spec.seed ^ 0x005e_ed0f_9155);
    let block = |i: usize| ((i as u128 * spec.pes as u128) / n.max(1) as u128) as usize;
    let pinned: Vec<bool> = (0..n)
        .map(|_| spec.pinned_fraction > 0.0 && pin_rng.random::<f64>() < spec.pinned_fraction)
        .collect();
    let is_zone = |i: usize| i.is_multiple_of(64);
    let comm = graph(spec.kind, n, is_zone);
    let mut dump = LbDump::new();
    for step in 0..spec.steps {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            spec.seed
                .wrapping_add((step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        );
        let width = (n as f64).sqrt().ceil().max(1.0) as usize;
        let centre = (
            rng.random::<f64>() * width as f64,
            rng.random::<f64>() * (n.div_ceil(width)) as f64,
        );
        let hot = |i: usize| {
            let (dx, dy) = ((i % width) as f64 - centre.0, (i / width) as f64 - centre.1);
            spec.kind == Kind::Mesh && (dx * dx + dy * dy).sqrt() <= width as f64 / 6.0
        };
        let objects = (0..n)
            .map(|i| {
                let work = draw(spec.kind, &mut rng, is_zone(i)) * if hot(i) { 3.0 } else { 1.0 };
                let pe = block(i);
                ObjInfo {
                    id: i as u64,
                    pe,
                    load_s: work / pes[pe].speed,
                    migratable: !pinned[i],
                    bytes: ((work / MS * 65536.0).round() as u64).max(4096),
                }
            })
            .collect();
        dump.push(
            step as u64,
            LbInput {
                pes: pes.clone(),
                objects,
                comm: comm.clone(),
            },
        );
    }
    dump
}

/// One object's work in reference seconds.
fn draw(kind: Kind, rng: &mut Xoshiro256PlusPlus, zone: bool) -> f64 {
    match kind {
        Kind::Uniform => rng.random::<f64>() * 2.0 * MS,
        Kind::Skewed => {
            let scale = MS / 3.0;
            let u: f64 = 1.0 - rng.random::<f64>(); // (0, 1]
            (scale / u.powf(1.0 / 1.5)).min(1000.0 * scale)
        }
        Kind::Zones if zone => rng.random_range(20.0..60.0) * MS,
        Kind::Zones => rng.random_range(0.5..1.5) * MS,
        Kind::Mesh => rng.random_range(0.9..1.1) * MS,
    }
}

/// The communication graph of a kind (both directions as separate edges).
fn graph(kind: Kind, n: usize, is_zone: impl Fn(usize) -> bool) -> Vec<CommEdge> {
    let both = |a: usize, b: usize, bytes: u64, out: &mut Vec<CommEdge>| {
        for (from, to) in [(a, b), (b, a)] {
            out.push(CommEdge {
                from,
                to,
                messages: 1,
                bytes,
            });
        }
    };
    let mut comm = Vec::new();
    match kind {
        Kind::Uniform | Kind::Skewed => {}
        Kind::Zones => {
            for i in 1..n {
                let bytes = if is_zone(i) || is_zone(i - 1) {
                    16384
                } else {
                    4096
                };
                both(i - 1, i, bytes, &mut comm);
            }
        }
        Kind::Mesh => {
            let w = (n as f64).sqrt().ceil().max(1.0) as usize;
            for i in 0..n {
                if (i + 1) % w != 0 && i + 1 < n {
                    both(i, i + 1, 8192, &mut comm);
                }
                if i + w < n {
                    both(i, i + w, 8192, &mut comm);
                }
            }
        }
    }
    comm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_what_was_written() {
        let spec = GenSpec::new(100, 4, Kind::Uniform, 1);
        let dump = generate(&spec);
        let r = GenerateReport::new(&spec, &dump, "d.json".into(), 123);
        assert!(
            r.table()
                .starts_with("wrote d.json (123 bytes): uniform 100 objects on 4 PEs, 1 step(s), "),
            "{}",
            r.table()
        );
    }

    #[test]
    fn every_kind_is_valid_and_deterministic() {
        for kind in [Kind::Uniform, Kind::Skewed, Kind::Zones, Kind::Mesh] {
            let mut spec = GenSpec::new(1000, 7, kind, 42);
            spec.steps = 2;
            spec.speeds = vec![1.0, 2.0];
            spec.pinned_fraction = 0.1;
            spec.clusters = 2;
            let a = generate(&spec);
            assert_eq!(a, generate(&spec));
            assert_eq!(a.steps.len(), 2);
            for s in &a.steps {
                s.input.validate().unwrap();
                assert_eq!(s.input.objects.len(), 1000);
                let pinned = s.input.objects.iter().filter(|o| !o.migratable).count();
                assert!((50..=150).contains(&pinned), "{pinned}");
            }
            assert_ne!(a.steps[0].input.objects, a.steps[1].input.objects);
        }
    }

    #[test]
    fn mesh_has_grid_edges_and_zones_span_twenty_times() {
        let mesh = generate(&GenSpec::new(100, 4, Kind::Mesh, 1));
        // 10×10 grid: 2·10·9 undirected edges, both directions.
        assert_eq!(mesh.steps[0].input.comm.len(), 360);
        let zones = generate(&GenSpec::new(640, 4, Kind::Zones, 1));
        let works = zones.steps[0].input.works();
        let max = works.iter().copied().fold(0.0, f64::max);
        let min = works.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(max / min >= 20.0, "{max} {min}");
    }

    #[test]
    fn block_mapping_spreads_objects() {
        let d = generate(&GenSpec::new(16, 4, Kind::Uniform, 3));
        let pes: Vec<usize> = d.steps[0].input.objects.iter().map(|o| o.pe).collect();
        assert_eq!(pes, vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    }
}
