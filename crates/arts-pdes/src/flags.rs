//! The engine flags of `arts pdes` as a command line gives them
//! (`clap::Args` behind the `clap` feature): the ones every model shares
//! ([`SyncFlags`]), PHOLD's with its mapping, end time and window
//! ([`EngineFlags`]), and the `--window` parser ([`parse_window`]).

#[cfg(feature = "clap")]
use arts_util::text::finite_f64;
use arts_util::text::quote;

use crate::{LpMapping, PdesError, Queue, RunConfig, SyncMode};

/// Engine flags shared by every `arts pdes` model (the end time, window and
/// LP-to-PE mapping flags are the model's, with its own units and defaults).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct SyncFlags {
    /// Synchronization engine.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "optimistic"))]
    pub sync: SyncMode,
    /// Number of PEs (threads); at most the number of LPs. Under mpirun:
    /// the total over all processes (or give --pes-per-process).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub pes: usize,
    /// Under mpirun: PEs (threads) in each process (default 1); the run's
    /// LPs are spread over the PEs of every process.
    #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(1..=4096)))]
    pub pes_per_process: Option<u32>,
    /// Seed of the per-LP random streams (and of the model's random choices).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub seed: u64,
    /// Optimistic: a busy PE starts a GVT round every this many events.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1024))]
    pub gvt_interval: u32,
    /// Pending-event set.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "calendar"))]
    pub queue: Queue,
    /// Also run the sequential engine and report whether the results match ("valid").
    #[cfg_attr(feature = "clap", arg(long))]
    pub validate: bool,
    /// Checkpoints and restarts.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub checkpoint: CheckpointFlags,
}

/// `--checkpoint-every`, `--checkpoint-dir` and `--restart` of `arts pdes`.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct CheckpointFlags {
    /// Checkpoint every this much simulated time (in the model's time
    /// unit; seconds for the torus): at each multiple of it, when GVT
    /// reaches it, the committed LP states and pending events are written
    /// to --checkpoint-dir.
    #[cfg_attr(feature = "clap", arg(long, value_parser = finite_f64))]
    pub checkpoint_every: Option<f64>,
    /// Where checkpoints go (each replaces the previous one).
    #[cfg_attr(feature = "clap", arg(long, default_value = "pdes-checkpoint"))]
    pub checkpoint_dir: std::path::PathBuf,
    /// Start from the checkpoint in this directory (any process, PE count
    /// and engine; the same model, parameters and seed) and run on to
    /// --end-time.
    #[cfg_attr(feature = "clap", arg(long))]
    pub restart: Option<std::path::PathBuf>,
}

impl CheckpointFlags {
    /// The checkpoint plan these flags describe.
    pub fn plan(&self) -> crate::checkpoint::Plan {
        crate::checkpoint::Plan {
            every: self.checkpoint_every,
            dir: self.checkpoint_dir.clone(),
            restart: self.restart.clone(),
            writer: true,
        }
    }

    /// The plan of `arts pdes torus`: `--checkpoint-every` is in seconds
    /// there (as its other times; a bare number) and the model's time unit
    /// is the picosecond; `writer`: whether this process writes
    /// checkpoints (see [`crate::checkpoint::Plan::writer`]).
    pub fn torus_plan(&self, writer: bool) -> crate::checkpoint::Plan {
        let mut plan = self.plan();
        plan.every = plan.every.map(|s| s * crate::models::torus::PS);
        plan.writer = writer;
        plan
    }

    /// Refuses checkpoint flags for a model whose LP states cannot be
    /// saved (`model` names it in the error).
    pub fn refuse_for(&self, model: &str) -> Result<(), String> {
        if !self.plan().active() {
            return Ok(());
        }
        Err(format!(
            "--checkpoint-every and --restart: the {model} model's LP states cannot be saved yet; accepted with `arts pdes phold` and `arts pdes torus`"
        ))
    }
}

impl SyncFlags {
    /// The engine configuration these flags describe, with the model's LP
    /// to PE mapping, end time and optimism window.
    pub fn config(&self, mapping: LpMapping, end_time: f64, window: f64) -> RunConfig {
        let mut cfg = RunConfig::new(self.sync, self.pes, end_time, self.seed);
        cfg.mapping = mapping;
        cfg.window = window;
        cfg.gvt_interval = self.gvt_interval;
        cfg.queue = self.queue;
        cfg
    }
}

/// PHOLD's engine flags: the shared ones plus mapping, end time and window
/// in PHOLD time units.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct EngineFlags {
    /// The flags every model shares.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub common: SyncFlags,
    /// LP to PE mapping.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "block"))]
    pub mapping: LpMapping,
    /// Simulation end time (finite): events at or after it are not executed.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000.0, value_parser = finite_f64))]
    pub end_time: f64,
    /// Optimistic optimism window in simulation time (events only below
    /// GVT + window); bounds memory; "inf" = unbounded Time Warp.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value = "8", allow_negative_numbers = true)
    )]
    pub window: String,
}

impl EngineFlags {
    /// The engine configuration these flags describe (in this process; a
    /// run across processes is spread by `dist::spread`).
    pub fn config(&self) -> Result<RunConfig, PdesError> {
        let window = parse_window(&self.window)?;
        Ok(self.common.config(self.mapping, self.end_time, window))
    }
}

/// Parses `--window` ("inf" or a positive number); bad input is a
/// [`PdesError::Config`] naming the flag.
pub fn parse_window(s: &str) -> Result<f64, PdesError> {
    let w = match s {
        "inf" | "infinity" | "none" => f64::INFINITY,
        _ => s.parse::<f64>().map_err(|_| {
            PdesError::Config(format!(
                "--window {}: not a number; accepted: a time > 0 or inf",
                quote(s)
            ))
        })?,
    };
    if w.is_nan() || w <= 0.0 {
        return Err(PdesError::Config(format!(
            "--window {s}: must be > 0 (or inf for unbounded optimism)"
        )));
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_is_a_positive_time_or_inf() {
        assert_eq!(parse_window("inf").unwrap(), f64::INFINITY);
        assert_eq!(parse_window("2.5").unwrap(), 2.5);
        let zero = parse_window("0").unwrap_err().to_string();
        assert!(zero.contains("--window 0: must be > 0"), "{zero}");
        let word = parse_window("x").unwrap_err().to_string();
        assert!(word.contains("not a number"), "{word}");
    }
}
