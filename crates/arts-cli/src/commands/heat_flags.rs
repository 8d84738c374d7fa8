//! `--study` of `arts bench dispatch` (the executors and shapes of
//! `arts run heat3d` are the library's own enums, `clap::ValueEnum` behind
//! `arts-dispatch`'s `clap` feature).

use arts_experiments::dispatch::bench::Study;

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
    /// The studies this choice runs, in order.
    pub fn studies(self) -> Vec<Study> {
        match self {
            StudyArg::Quick => vec![Study::Quick],
            StudyArg::Sweep => vec![Study::Sweep],
            StudyArg::Memory => vec![Study::Memory],
            StudyArg::Interference => vec![Study::Interference],
            StudyArg::Idle => vec![Study::Idle],
            StudyArg::All => vec![
                Study::Quick,
                Study::Sweep,
                Study::Memory,
                Study::Interference,
                Study::Idle,
            ],
        }
    }
}
