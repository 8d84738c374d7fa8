//! `arts predict extrapolate` from end to end: the options as given
//! checked and turned into a [`StudyPlan`], and the result as reported.

use serde::Serialize;

use crate::costmodel::CostModel;
use crate::extrapolate::{Extrapolated, StudyPlan};
use crate::machine::Link;
use crate::synthetic::Layout;
use crate::{Engine, PredictError};

/// The options of an extrapolation study, as given.
#[derive(Clone, Debug)]
pub struct StudyOptions {
    /// Target PE counts (1..=2^20).
    pub pes: Vec<u32>,
    /// Placements: `ideal`, `random` or `lb:STRATEGY`.
    pub mappings: Vec<String>,
    /// Seed of the random placement.
    pub seed: u64,
    /// Objects per PE (at least 1).
    pub objects_per_pe: u32,
    /// Steps simulated per point.
    pub steps: u32,
    /// Problem size per object relative to the recording (> 0).
    pub problem_scale: f64,
    /// Every object the recorded mean size.
    pub uniform: bool,
    /// Target compute speed relative to the recording (> 0).
    pub cpu_speed: f64,
    /// Software one-way latency, µs.
    pub latency: f64,
    /// Torus link bandwidth, MB/s.
    pub bandwidth: f64,
    /// Per-hop latency, ns.
    pub hop_ns: f64,
    /// The engine.
    pub engine: Engine,
    /// List the predicted messages (one PE count and one mapping only).
    pub traffic: bool,
    /// Add link contention.
    pub contention: bool,
}

impl StudyOptions {
    /// Checks the options (bad ones are [`PredictError::Input`], naming
    /// the flag) and lays out the study.
    pub fn plan(&self) -> Result<StudyPlan, PredictError> {
        let bad = |m: String| Err(PredictError::Input(m));
        if let Some(&p) = self.pes.iter().find(|&&p| p == 0 || p > 1 << 20) {
            return bad(format!("--pes {p}: give PE counts from 1 to 1048576"));
        }
        if self.objects_per_pe == 0 {
            return bad("--objects-per-pe 0: give at least 1".into());
        }
        for (v, name) in [
            (self.problem_scale, "--problem-scale"),
            (self.cpu_speed, "--cpu-speed"),
        ] {
            if !(1e-6..=1e6).contains(&v) {
                return bad(format!("{name} {v}: accepted are 1e-6 to 1e6"));
            }
        }
        let layouts = self
            .mappings
            .iter()
            .map(|m| Ok((m.clone(), self.layout(m)?)))
            .collect::<Result<Vec<_>, PredictError>>()?;
        if self.traffic && (self.pes.len() != 1 || layouts.len() != 1) {
            return bad("--traffic: give one PE count (--pes) and one mapping (--mapping)".into());
        }
        if !(0.0..=crate::machine::MAX_HOP_NS).contains(&self.hop_ns) {
            return bad(format!(
                "--hop-ns {}: accepted are 0 to {:e} ns",
                self.hop_ns,
                crate::machine::MAX_HOP_NS
            ));
        }
        Ok(StudyPlan {
            pes: self.pes.clone(),
            layouts,
            objects_per_pe: self.objects_per_pe,
            steps: self.steps,
            problem_scale: self.problem_scale,
            heterogeneous: !self.uniform,
            cpu_speed: self.cpu_speed,
            link: Link::new(self.latency, self.bandwidth)?,
            hop_ns: self.hop_ns,
            engine: self.engine,
            traffic: self.traffic,
            contention: self.contention,
        })
    }

    /// The placement named `m`.
    fn layout(&self, m: &str) -> Result<Layout, PredictError> {
        Ok(match m {
            "ideal" => Layout::Ideal,
            "random" => Layout::Random(self.seed),
            s => match s.strip_prefix("lb:") {
                Some(name) if arts_lb::by_name(name).is_ok() => Layout::Lb(name.into()),
                _ => {
                    return Err(PredictError::Input(format!(
                        "--mapping '{m}': give ideal, random or lb:STRATEGY ({})",
                        arts_lb::STRATEGY_NAMES.join(", ")
                    )));
                }
            },
        })
    }
}

/// An extrapolation study as reported.
#[derive(Clone, Debug, Serialize)]
pub struct Extrapolation {
    /// The recorded app.
    pub app: String,
    /// PEs of the recording.
    pub recorded_pes: u32,
    /// The fitted cost model.
    pub model: CostModel,
    /// One point per PE count and placement.
    pub points: Vec<Extrapolated>,
    /// The files written.
    pub files: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> StudyOptions {
        StudyOptions {
            pes: vec![64, 512],
            mappings: vec!["ideal".into(), "random".into(), "lb:greedy".into()],
            seed: 7,
            objects_per_pe: 1,
            steps: 3,
            problem_scale: 1.0,
            uniform: false,
            cpu_speed: 1.0,
            latency: 3.0,
            bandwidth: 175.0,
            hop_ns: 100.0,
            engine: Engine::Sequential,
            traffic: false,
            contention: false,
        }
    }

    fn refused(o: StudyOptions) -> String {
        match o.plan() {
            Err(PredictError::Input(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_plan_keeps_the_placements_in_order() {
        let plan = options().plan().unwrap();
        let names: Vec<_> = plan.layouts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["ideal", "random", "lb:greedy"]);
        assert_eq!(plan.layouts[1].1, Layout::Random(7));
        assert!(plan.heterogeneous);
    }

    #[test]
    fn bad_options_name_their_flag() {
        let o = || options();
        assert!(
            refused(StudyOptions {
                pes: vec![0],
                ..o()
            })
            .starts_with("--pes 0:")
        );
        assert!(
            refused(StudyOptions {
                objects_per_pe: 0,
                ..o()
            })
            .starts_with("--objects-per-pe 0")
        );
        assert!(
            refused(StudyOptions {
                cpu_speed: 0.0,
                ..o()
            })
            .starts_with("--cpu-speed 0")
        );
        let m = refused(StudyOptions {
            mappings: vec!["lb:nope".into()],
            ..o()
        });
        assert!(m.starts_with("--mapping 'lb:nope': give ideal"), "{m}");
        assert!(
            refused(StudyOptions {
                traffic: true,
                ..o()
            })
            .starts_with("--traffic:")
        );
    }

    /// Issue 59, item 13: scales, latencies and bandwidths that would
    /// overflow the predicted sizes and times are refused saying the range.
    #[test]
    fn absurd_scales_and_links_are_refused_with_the_range() {
        let o = || options();
        let m = refused(StudyOptions {
            problem_scale: 1e30,
            ..o()
        });
        assert_eq!(
            m,
            "--problem-scale 1000000000000000000000000000000: accepted are 1e-6 to 1e6"
        );
        let m = refused(StudyOptions {
            latency: 1e300,
            ..o()
        });
        assert!(m.contains("accepted are 0 to 1e7 µs"), "{m}");
        let m = refused(StudyOptions {
            bandwidth: 1e-300,
            ..o()
        });
        assert!(m.contains("accepted are 1e-3 to 1e9 MB/s"), "{m}");
        let m = refused(StudyOptions {
            hop_ns: 1e300,
            ..o()
        });
        assert!(m.starts_with("--hop-ns 1"), "{m}");
    }
}
