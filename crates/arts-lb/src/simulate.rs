//! Offline replay (`arts lb simulate`): one step of an LB dump balanced by
//! a strategy, with the balance before and after, the migrations, the
//! communication cut and the strategy's time.

use std::time::Instant;

use serde::Serialize;

use crate::dump::LbDump;
use crate::error::LbError;
use crate::mapping::Mapping;
use crate::retarget::retarget;
use crate::stats::{LbStats, evaluate};
use crate::strategy::{GridOptions, Strategy, by_name_with};

/// Why a replay could not be made: bad input, or a strategy that failed.
#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    /// A bad flag or dump (the user's input).
    #[error("{0}")]
    Usage(String),
    /// A strategy broke its contract or METIS failed.
    #[error("{0}")]
    Failed(String),
}

impl SimulateError {
    /// `err` met in `context`: a strategy's failure, else bad input.
    pub fn lb(context: &str, err: LbError) -> SimulateError {
        let msg = format!("{context}: {err}");
        match err {
            LbError::MovedPinned { .. }
            | LbError::MappingLength { .. }
            | LbError::MappingPeOutOfRange { .. }
            | LbError::Metis(_) => SimulateError::Failed(msg),
            _ => SimulateError::Usage(msg),
        }
    }
}

/// What to replay.
#[derive(Clone, Debug)]
pub struct SimulateOptions {
    /// The strategy's name ([`crate::by_name`]).
    pub strategy: String,
    /// The grid strategies' options.
    pub grid: GridOptions,
    /// Re-target the dump to this many PEs.
    pub pes: Option<usize>,
    /// The LB step to replay (default: the dump's first).
    pub step: Option<u64>,
    /// Runs of the strategy (1..=1000); the median time is reported.
    pub repeat: usize,
    /// Also make a one-step dump of the input after the migrations.
    pub dump_after: bool,
}

impl SimulateOptions {
    /// Checks what needs no dump and returns the strategy.
    pub fn strategy(&self) -> Result<Box<dyn Strategy>, SimulateError> {
        let strategy = by_name_with(&self.strategy, &self.grid)
            .map_err(|e| SimulateError::lb("--strategy", e))?;
        if self.repeat == 0 || self.repeat > 1000 {
            return Err(SimulateError::Usage(format!(
                "--repeat {} is invalid (1..=1000 accepted)",
                self.repeat
            )));
        }
        if self.pes == Some(0) {
            return Err(SimulateError::Usage(
                "--pes 0 is invalid (at least 1 accepted)".into(),
            ));
        }
        Ok(strategy)
    }
}

/// Predicted figures of one mapping, as reported.
#[derive(Clone, Debug, Serialize)]
pub struct SimulateReport {
    /// The dump's name.
    pub input: String,
    /// The step replayed.
    pub step: u64,
    /// Steps in the dump.
    pub steps_in_dump: usize,
    /// The strategy.
    pub strategy: String,
    /// Objects.
    pub objects: usize,
    /// PEs balanced over.
    pub pes: usize,
    /// PEs of the dump.
    pub input_pes: usize,
    /// `pes` differs from `input_pes`.
    pub retargeted: bool,
    /// Figures of the new mapping.
    #[serde(flatten)]
    pub after: LbStats,
    /// Median strategy time.
    pub strategy_time_s: f64,
    /// Fastest strategy time.
    pub strategy_time_min_s: f64,
    /// Runs of the strategy.
    pub repeat: usize,
    /// Figures of the dump's own mapping.
    pub before: LbStats,
}

/// A replay: its report, the new mapping and (when asked for) the input
/// after the migrations as a one-step dump.
#[derive(Debug)]
pub struct Simulation {
    /// The figures.
    pub report: SimulateReport,
    /// The strategy's mapping.
    pub mapping: Mapping,
    /// The input after the migrations.
    pub after: Option<LbDump>,
}

/// Replays the dump `bytes` (named `name`) with `strategy` as `opts` says.
pub fn simulate(
    opts: &SimulateOptions,
    strategy: &dyn Strategy,
    name: &str,
    bytes: Vec<u8>,
) -> Result<Simulation, SimulateError> {
    let usage = |e: &dyn std::fmt::Display| SimulateError::Usage(format!("{name}: {e}"));
    let dump = LbDump::from_slice(&bytes).map_err(|e| usage(&e))?;
    drop(bytes);
    let step = dump.step(opts.step).map_err(|e| usage(&e))?;
    let context = format!("{name} step {}", step.step);
    let lb = |e| SimulateError::lb(&context, e);
    step.input.validate().map_err(lb)?;
    let input_pes = step.input.pes.len();
    let input = match opts.pes {
        Some(p) if p != input_pes => retarget(&step.input, p).map_err(lb)?,
        _ => step.input.clone(),
    };
    let mut times = Vec::with_capacity(opts.repeat);
    let mut mapping = None;
    for _ in 0..opts.repeat {
        let start = Instant::now();
        let m = strategy.map(&input).map_err(lb)?;
        times.push(start.elapsed().as_secs_f64());
        mapping = Some(m);
    }
    let mapping = mapping.expect("repeat >= 1 ran the strategy");
    // Same checks as `balance`, outside the timed region.
    mapping.check(&input, strategy.name()).map_err(lb)?;
    times.sort_by(f64::total_cmp);
    let after = opts.dump_after.then(|| {
        let mut after = LbDump::new();
        after.push(step.step, mapping.apply(&input));
        after
    });
    let report = SimulateReport {
        input: name.to_string(),
        step: step.step,
        steps_in_dump: dump.steps.len(),
        strategy: strategy.name().to_string(),
        objects: input.objects.len(),
        pes: input.pes.len(),
        input_pes,
        retargeted: input.pes.len() != input_pes,
        after: evaluate(&input, &mapping),
        strategy_time_s: times[times.len() / 2],
        strategy_time_min_s: times[0],
        repeat: opts.repeat,
        before: evaluate(&input, &input.current_mapping()),
    };
    Ok(Simulation {
        report,
        mapping,
        after,
    })
}

impl SimulateReport {
    /// The replay as a table: the strategy, the balance and communication
    /// cut before and after, the strategy's time.
    pub fn table(&self) -> String {
        let r = self;
        let pct = |part: u64, all: u64| {
            if all == 0 {
                0.0
            } else {
                100.0 * part as f64 / all as f64
            }
        };
        let retarget = if r.retargeted {
            format!(" (re-targeted from {})", r.input_pes)
        } else {
            String::new()
        };
        format!(
            "strategy        {} on {} step {}\n\
             objects / PEs   {} / {}{}\n\
             max/avg         {:.4} -> {:.4}\n\
             max load        {:.6} s -> {:.6} s (ideal {:.6} s)\n\
             migrations      {} objects, {} bytes\n\
             comm cut        {} B ({:.1}%) -> {} B ({:.1}%)\n\
             strategy time   {:.6} s (median of {})\n",
            r.strategy,
            r.input,
            r.step,
            r.objects,
            r.pes,
            retarget,
            r.before.max_avg_ratio,
            r.after.max_avg_ratio,
            r.before.max_load_s,
            r.after.max_load_s,
            r.after.avg_load_s,
            r.after.migrations,
            r.after.migrated_bytes,
            r.before.comm_cut_bytes,
            pct(r.before.comm_cut_bytes, r.before.comm_total_bytes),
            r.after.comm_cut_bytes,
            pct(r.after.comm_cut_bytes, r.after.comm_total_bytes),
            r.strategy_time_s,
            r.repeat,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GenSpec, Kind, generate};

    fn options(strategy: &str) -> SimulateOptions {
        SimulateOptions {
            strategy: strategy.into(),
            grid: GridOptions::default(),
            pes: None,
            step: None,
            repeat: 3,
            dump_after: true,
        }
    }

    #[test]
    fn greedy_balances_a_skewed_dump_and_retargets_it() {
        let dump = generate(&GenSpec::new(200, 8, Kind::Skewed, 1));
        let mut opts = options("greedy");
        let strategy = opts.strategy().unwrap();
        let sim = simulate(&opts, &*strategy, "d", dump.to_json()).unwrap();
        assert!(sim.report.after.max_avg_ratio <= sim.report.before.max_avg_ratio);
        assert!(!sim.report.retargeted);
        assert_eq!(sim.after.unwrap().steps.len(), 1);
        opts.pes = Some(4);
        let sim = simulate(&opts, &*strategy, "d", dump.to_json()).unwrap();
        assert!(sim.report.retargeted);
        assert_eq!((sim.report.pes, sim.report.input_pes), (4, 8));
        let t = sim.report.table();
        assert!(t.starts_with("strategy        greedy on d step "), "{t}");
        assert!(
            t.contains("objects / PEs   200 / 4 (re-targeted from 8)\n"),
            "{t}"
        );
        assert!(t.ends_with("(median of 3)\n"), "{t}");
    }

    #[test]
    fn bad_flags_and_dumps_are_the_users_input() {
        let bad = |o: SimulateOptions| matches!(o.strategy(), Err(SimulateError::Usage(_)));
        assert!(bad(options("no-such")));
        assert!(bad(SimulateOptions {
            repeat: 0,
            ..options("greedy")
        }));
        assert!(bad(SimulateOptions {
            pes: Some(0),
            ..options("greedy")
        }));
        assert!(bad(SimulateOptions {
            grid: GridOptions {
                tolerance: 2.0,
                ..GridOptions::default()
            },
            ..options("grid-hybrid")
        }));
        let opts = options("greedy");
        let strategy = opts.strategy().unwrap();
        let r = simulate(&opts, &*strategy, "d", b"{".to_vec());
        assert!(matches!(r, Err(SimulateError::Usage(m)) if m.starts_with("d: ")));
    }
}
