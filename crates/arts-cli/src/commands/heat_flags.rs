//! The enumerated flags of `arts run heat3d` and `arts bench dispatch`.

use arts_dispatch::heat3d::{Mode, Shape};

/// `--mode`: which executor runs the heat steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// H-Dispatch: persistent workers pulling domains.
    Hdispatch,
    /// Scatter-gather: one task object per domain per step.
    Scatter,
    /// Static partition: fixed domain blocks per thread.
    Static,
    /// rayon over z-planes.
    Rayon,
    /// The sequential reference.
    #[value(alias = "seq")]
    Sequential,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Hdispatch => Mode::HDispatch,
            ModeArg::Scatter => Mode::Scatter,
            ModeArg::Static => Mode::Static,
            ModeArg::Rayon => Mode::Rayon,
            ModeArg::Sequential => Mode::Sequential,
        }
    }
}

/// `--shape`: the domains' shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ShapeArg {
    /// bx×by×bz blocks.
    Cube,
    /// Runs of bx·by·bz nodes in memory order.
    Rows,
}

impl From<ShapeArg> for Shape {
    fn from(s: ShapeArg) -> Shape {
        match s {
            ShapeArg::Cube => Shape::Cube,
            ShapeArg::Rows => Shape::Rows,
        }
    }
}

/// `--study` of `arts bench dispatch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StudyArg {
    /// Headline figures (< 1 min).
    Quick,
    /// Efficiency over block sizes and thread counts.
    Sweep,
    /// Memory use of H-Dispatch against the baselines.
    Memory,
    /// A busy thread sharing the workers' CPUs.
    Interference,
    /// Idle-policy costs.
    Idle,
    /// Every study above.
    All,
}

impl StudyArg {
    /// The single studies this choice runs, in order.
    pub fn studies(self) -> &'static [StudyArg] {
        use StudyArg::*;
        match self {
            Quick => &[Quick],
            Sweep => &[Sweep],
            Memory => &[Memory],
            Interference => &[Interference],
            Idle => &[Idle],
            All => &[Quick, Sweep, Memory, Interference, Idle],
        }
    }
}
