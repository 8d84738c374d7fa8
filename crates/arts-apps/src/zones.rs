//! `zones`: a multi-zone stencil in the spirit of NAS BT-MZ. The domain is a
//! `zones_x × zones_y` grid of zones whose heights and widths grow
//! geometrically, so zone sizes span a wide range (≥ 20× by default); one
//! object per zone. Every step each zone runs `sweeps` Jacobi sweeps on its
//! own mesh and then exchanges boundary values with its neighbouring zones.
//! Zones in one row share heights and zones in one column share widths, so
//! neighbouring boundaries match point for point.

use arts_core::{Config, Map, RunError};

use crate::stencil2d::{self, Layout, Outcome, Plain, Problem, Reference};

/// Zone geometry and run length.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// Zones along rows.
    pub zones_x: u32,
    /// Zones along columns.
    pub zones_y: u32,
    /// Side of the smallest zone, in points.
    pub base: usize,
    /// Growth factor of zone heights from one zone row to the next.
    pub ratio_x: f64,
    /// Growth factor of zone widths from one zone column to the next.
    pub ratio_y: f64,
    /// Steps.
    pub iters: u32,
    /// Jacobi sweeps per zone per step.
    pub sweeps: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            zones_x: 8,
            zones_y: 4,
            base: 64,
            ratio_x: 1.3,
            ratio_y: 1.5,
            iters: 100,
            sweeps: 4,
        }
    }
}

fn bounds(n: u32, base: usize, ratio: f64) -> Vec<usize> {
    let mut b = vec![0];
    for i in 0..n {
        let side = (base as f64 * ratio.powi(i as i32)).round() as usize;
        b.push(b[b.len() - 1] + side.max(1));
    }
    b
}

impl Params {
    /// The stencil problem, or what is wrong with the parameters.
    pub fn problem(&self) -> Result<Problem<Plain>, String> {
        for (v, name) in [
            (self.zones_x as usize, "zones along rows"),
            (self.zones_y as usize, "zones along columns"),
            (self.base, "base zone side"),
            (self.iters as usize, "iterations"),
            (self.sweeps as usize, "sweeps"),
        ] {
            if v == 0 {
                return Err(format!("{name} must be at least 1"));
            }
        }
        for (r, name) in [(self.ratio_x, "ratio-x"), (self.ratio_y, "ratio-y")] {
            if !(r.is_finite() && (1.0..=4.0).contains(&r)) {
                return Err(format!("{name} {r} must be between 1 and 4"));
            }
        }
        let layout = Layout::new(
            bounds(self.zones_x, self.base, self.ratio_x),
            bounds(self.zones_y, self.base, self.ratio_y),
        )
        .map_err(|e| e.to_string())?;
        Ok(Problem {
            layout,
            iters: self.iters,
            sweeps: self.sweeps,
            kernel: Plain,
        })
    }

    /// Area of the largest zone over area of the smallest.
    pub fn size_spread(&self) -> f64 {
        self.ratio_x.powi(self.zones_x as i32 - 1) * self.ratio_y.powi(self.zones_y as i32 - 1)
    }
}

/// The sequential reference (zone by zone, as the parallel zones compute).
pub fn reference(p: &Problem<Plain>) -> Reference {
    stencil2d::sequential(p)
}

/// Runs zones on the runtime.
pub fn run(
    p: &Problem<Plain>,
    config: &Config,
    map: Map,
    reference: Option<std::sync::Arc<Reference>>,
) -> Result<Outcome, RunError> {
    stencil2d::run("zones", p, config, map, reference)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_zones_span_twenty_times() {
        let p = Params::default();
        assert!(p.size_spread() >= 20.0);
        let prob = p.problem().unwrap();
        assert_eq!(prob.layout.objects(), (8, 4));
    }

    #[test]
    fn bad_parameters_are_rejected() {
        assert!(
            Params {
                base: 0,
                ..Params::default()
            }
            .problem()
            .is_err()
        );
        assert!(
            Params {
                ratio_x: 0.5,
                ..Params::default()
            }
            .problem()
            .is_err()
        );
        assert!(
            Params {
                sweeps: 0,
                ..Params::default()
            }
            .problem()
            .is_err()
        );
    }

    #[test]
    fn parallel_equals_sequential() {
        let p = Params {
            zones_x: 4,
            zones_y: 3,
            base: 6,
            iters: 6,
            sweeps: 3,
            ..Params::default()
        }
        .problem()
        .unwrap();
        let r = std::sync::Arc::new(reference(&p));
        let cfg = Config {
            pes: 2,
            ..Config::default()
        };
        let out = run(&p, &cfg, Map::Block, Some(r.clone())).unwrap();
        assert_eq!(out.max_diff, 0.0);
        assert_eq!(out.residuals, r.residuals);
    }
}
