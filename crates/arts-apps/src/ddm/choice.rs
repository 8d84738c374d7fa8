//! The flags of `arts run ddm` that shape a parallel sweep, as given,
//! checked against each other before any work: each error is one line
//! naming the flags and what they need.

use arts_ddm::SweepOrder;

use super::Link;
use super::parallel::{AppLb, ParallelStyle};
use super::sweep::Method;

/// Where the segments of a parallel run wait for each other's rows after
/// every sub-cycle (`--subcycle-dependency`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Dependency {
    /// Nowhere: every boundary relaxed.
    Off,
    /// Everywhere: the sequential order, staggered (a pipeline).
    On,
    /// Between segments that start on the same PE; relaxed between PEs.
    Local,
}

impl Dependency {
    /// The slabs' links it asks for.
    pub fn link(self) -> Link {
        match self {
            Dependency::Off => Link::None,
            Dependency::On => Link::All,
            Dependency::Local => Link::SamePe,
        }
    }
}

/// The flags a parallel sweep is checked on (`..._given`: the flag was
/// given).
#[derive(Clone, Debug)]
pub struct ParallelChoices<'a> {
    /// `--parallel`.
    pub parallel: Option<ParallelStyle>,
    /// `--method`.
    pub method: Method,
    /// `--order`.
    pub order: SweepOrder,
    /// `--app-lb`.
    pub app_lb: AppLb,
    /// `--app-lb-threshold`.
    pub app_lb_threshold: f64,
    /// `--subcycle-dependency`.
    pub dependency: Dependency,
    /// `--lb`.
    pub lb: &'a str,
    /// `--pin`.
    pub pin: bool,
    /// A grid option (`--clusters`, `--topology`, ...).
    pub grid_given: bool,
    /// `--segment-starts`.
    pub segment_starts_given: bool,
    /// `--checkpoint-every`.
    pub checkpoint_every_given: bool,
    /// `--checkpoint-dir`.
    pub checkpoint_dir_given: bool,
    /// `--pes`.
    pub pes_given: bool,
    /// `--pes-per-process`.
    pub pes_per_process_given: bool,
    /// `--warmup-ms`.
    pub warmup_ms_given: bool,
}

impl ParallelChoices<'_> {
    /// Checks the flags against each other.
    pub fn check(&self) -> Result<(), String> {
        if !(0.0..1.0).contains(&self.app_lb_threshold) {
            return Err(format!(
                "--app-lb-threshold {} must be in [0, 1)",
                self.app_lb_threshold
            ));
        }
        let distributed = self.parallel == Some(ParallelStyle::Distributed);
        if self.grid_given && matches!(self.parallel, None | Some(ParallelStyle::Static)) {
            return Err("grid options (--clusters, --topology, --latency, ...) apply to --parallel distributed, centralized and ampi, which run on the object runtime".into());
        }
        if self.parallel.is_none() {
            return self.sequential();
        }
        if self.method != Method::Gummel {
            return Err("--parallel runs the Gummel solver (--method gummel); Newton solves all rows together".into());
        }
        if self.parallel == Some(ParallelStyle::Static)
            && (self.lb != "none" || self.pes_given || self.pin)
        {
            return Err("--parallel static runs one segment per MPI rank without migration: give mpirun -np S and --segments S, not --pes, --lb or --pin (mpirun --bind-to core pins its ranks)".into());
        }
        if self.dependency != Dependency::Off && !distributed {
            return Err("--subcycle-dependency on|local needs --parallel distributed (the staggered order passes rows after every sub-cycle, straight to the neighbours)".into());
        }
        if self.app_lb == AppLb::Live && !distributed {
            return Err("--app-lb live needs --parallel distributed (the slabs hand rows to their neighbours)".into());
        }
        if matches!(self.app_lb, AppLb::Static | AppLb::PaperFit) && self.segment_starts_given {
            let name = if self.app_lb == AppLb::Static {
                "static"
            } else {
                "paper-fit"
            };
            return Err(format!(
                "--app-lb {name} cuts the segments itself: give --segments, not --segment-starts"
            ));
        }
        if self.checkpoint_every_given != self.checkpoint_dir_given {
            return Err("--checkpoint-every N and --checkpoint-dir DIR go together".into());
        }
        if self.checkpoint_every_given && !distributed {
            return Err("--checkpoint-every needs --parallel distributed (a sweep on slab objects checkpoints between bias points)".into());
        }
        if self.order != SweepOrder::Sequential {
            return Err("--parallel runs the relaxed order over --segments; --order applies to the sequential solver".into());
        }
        Ok(())
    }

    /// Without `--parallel`: no flag of a parallel run.
    fn sequential(&self) -> Result<(), String> {
        let flags = [
            ("--app-lb", self.app_lb != AppLb::Off),
            ("--checkpoint-every", self.checkpoint_every_given),
            ("--checkpoint-dir", self.checkpoint_dir_given),
            ("--pes", self.pes_given),
            ("--pes-per-process", self.pes_per_process_given),
            ("--pin", self.pin),
            ("--warmup-ms", self.warmup_ms_given),
            ("--lb", self.lb != "none"),
            ("--subcycle-dependency", self.dependency != Dependency::Off),
        ];
        match flags.iter().find(|f| f.1) {
            Some((flag, _)) => Err(format!("{flag} applies to --parallel runs only")),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(parallel: Option<ParallelStyle>) -> ParallelChoices<'static> {
        ParallelChoices {
            parallel,
            method: Method::Gummel,
            order: SweepOrder::Sequential,
            app_lb: AppLb::Off,
            app_lb_threshold: 0.05,
            dependency: Dependency::Off,
            lb: "none",
            pin: false,
            grid_given: false,
            segment_starts_given: false,
            checkpoint_every_given: false,
            checkpoint_dir_given: false,
            pes_given: false,
            pes_per_process_given: false,
            warmup_ms_given: false,
        }
    }

    #[test]
    fn parallel_flags_need_parallel() {
        assert!(choices(None).check().is_ok());
        let pin = ParallelChoices {
            pin: true,
            ..choices(None)
        };
        assert_eq!(
            pin.check().unwrap_err(),
            "--pin applies to --parallel runs only"
        );
        let grid = ParallelChoices {
            grid_given: true,
            ..choices(Some(ParallelStyle::Static))
        };
        assert!(grid.check().unwrap_err().starts_with("grid options"));
    }

    #[test]
    fn each_style_takes_only_its_own_options() {
        let d = Some(ParallelStyle::Distributed);
        assert!(choices(d).check().is_ok());
        let live = ParallelChoices {
            app_lb: AppLb::Live,
            ..choices(Some(ParallelStyle::Centralized))
        };
        assert!(live.check().unwrap_err().starts_with("--app-lb live needs"));
        let cut = ParallelChoices {
            app_lb: AppLb::PaperFit,
            segment_starts_given: true,
            ..choices(d)
        };
        assert!(
            cut.check()
                .unwrap_err()
                .starts_with("--app-lb paper-fit cuts")
        );
        let half = ParallelChoices {
            checkpoint_dir_given: true,
            ..choices(d)
        };
        assert!(half.check().unwrap_err().contains("go together"));
        let stat = ParallelChoices {
            lb: "greedy",
            ..choices(Some(ParallelStyle::Static))
        };
        assert!(
            stat.check()
                .unwrap_err()
                .starts_with("--parallel static runs")
        );
        assert_eq!(Dependency::Local.link(), Link::SamePe);
    }
}
