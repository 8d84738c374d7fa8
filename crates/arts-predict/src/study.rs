//! `arts predict extrapolate` from end to end: the options as given
//! checked and turned into a [`StudyPlan`], and the result as reported.

use serde::Serialize;

use crate::PredictError;
use crate::costmodel::CostModel;
use crate::extrapolate::{Extrapolated, StudyPlan};
use crate::machine::Link;
#[cfg(feature = "clap")]
use crate::machine::{BGL_HOP_NS, BGL_LINK_MBS};
use crate::spec::EngineKind;
use crate::synthetic::Layout;
#[cfg(feature = "clap")]
use arts_util::text::finite_f64;

/// The options of an extrapolation study, as given (also `arts predict
/// extrapolate`'s flags, behind the `clap` feature).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct StudyOptions {
    /// Target PE counts (one PE per torus node).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_delimiter = ',', default_value = "64,512,4096,32768,65536")
    )]
    pub pes: Vec<u32>,
    /// Placements: ideal, random, lb:STRATEGY.
    #[cfg_attr(
        feature = "clap",
        arg(
            long = "mapping",
            value_name = "MAPPING",
            value_delimiter = ',',
            default_value = "ideal,random"
        )
    )]
    pub mappings: Vec<String>,
    /// Objects per PE.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub objects_per_pe: u32,
    /// Steps simulated per point.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000)))]
    pub steps: u32,
    /// Problem size per object relative to the recording (scales message size N).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.0, value_parser = finite_f64))]
    pub problem_scale: f64,
    /// Give every object the recorded mean size instead of the recorded
    /// units' sizes in turn.
    #[cfg_attr(feature = "clap", arg(long))]
    pub uniform: bool,
    /// Target compute speed relative to the recording machine.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.0, value_parser = finite_f64))]
    pub cpu_speed: f64,
    /// Software one-way latency of a message, µs.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3.0, value_parser = finite_f64))]
    pub latency: f64,
    /// Torus link bandwidth, MB/s.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = BGL_LINK_MBS, value_parser = finite_f64))]
    pub bandwidth: f64,
    /// Torus per-hop latency, ns.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = BGL_HOP_NS, value_parser = finite_f64))]
    pub hop_ns: f64,
    /// Add link contention: replay each point's predicted traffic on the
    /// packet-level torus model and predict again with the latency it adds.
    #[cfg_attr(feature = "clap", arg(long))]
    pub contention: bool,
    /// Seed of the random placement.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub seed: u64,
    /// The PDES engine.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "sequential"))]
    pub engine: EngineKind,
    /// Threads of the optimistic engine.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64)))]
    pub threads: u32,
    /// List the predicted messages (one PE count and one mapping only; the
    /// command line's `--traffic FILE`).
    #[cfg_attr(feature = "clap", arg(skip))]
    pub traffic: bool,
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
            engine: self.engine.engine(self.threads),
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
            engine: EngineKind::Sequential,
            threads: 2,
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
