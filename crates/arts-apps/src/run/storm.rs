//! A run of `storm` (bursts of messages to random elements, every element
//! migrating as the strategy says): exactly-once delivery and the rounds'
//! reductions checked, started afresh or from a checkpoint.

use std::time::Instant;

use arts_core::checkpoint::disk::Checkpoint;
use serde::Serialize;

use super::checkpoints::{Reader, restart_session, run_session};
use super::summary::{CheckpointSummary, Verdict};
use super::{Error, Setup};
use crate::storm::{self, Params, saved_state};

/// The result of `arts run storm` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct StormReport {
    /// `storm`.
    pub app: &'static str,
    /// Every message arrived exactly once, every reduction was right, and
    /// the run went to its end.
    pub valid: bool,
    /// Every message sent arrived exactly once.
    pub exactly_once: bool,
    /// Every round's reduction had the expected value.
    pub reductions_ok: bool,
    /// Messages sent.
    pub sent: u64,
    /// Messages received.
    pub received: u64,
    /// Elements.
    pub elements: u32,
    /// Rounds.
    pub rounds: u32,
    /// Seed of the elements' random streams.
    pub seed: u64,
    /// PEs.
    pub pes: u32,
    /// Processes.
    pub processes: u32,
    /// Load-balancing steps.
    pub lb_steps: usize,
    /// Elements migrated, in all.
    pub migrations: u64,
    /// Bytes migrated, in all.
    pub migrated_bytes: u64,
    /// Seconds of the whole run.
    pub total_time_s: f64,
    /// Its checkpoints.
    #[serde(flatten)]
    pub checkpoint: CheckpointSummary,
}

/// A storm's parameters.
pub struct Storm {
    params: Params,
}

impl Storm {
    /// The run of `params` (with the failure it injects, if any).
    pub fn new(params: Params) -> Self {
        Storm { params }
    }

    /// The run a storm checkpoint `c` continues (without a failure to inject).
    pub fn restartable(c: &Checkpoint) -> Result<Self, Error> {
        let params = saved_state::restartable(c).map_err(Error::usage)?;
        Ok(Storm { params })
    }

    /// `arts run storm`: runs as `setup` says.
    pub fn run(&self, mut setup: Setup) -> Result<StormReport, Error> {
        let reader = Reader {
            app: saved_state::APP,
            restartable: saved_state::restartable,
            read_resume: saved_state::read_resume,
        };
        // A checkpoint records the storm without its failure to inject; a
        // resumed storm does not inject it again.
        let without_failure = Params {
            failure: None,
            ..self.params
        };
        let bytes = self.params.memory_bytes();
        let session = run_session(&mut setup, reader, &without_failure, bytes)?;
        let params = match session.resume {
            Some(_) => without_failure,
            None => self.params,
        };
        execute(params, &setup, session)
    }

    /// `arts restart` of the storm checkpoint `c`.
    pub fn restart(&self, c: &Checkpoint, mut setup: Setup) -> Result<StormReport, Error> {
        let p = &self.params;
        let session = restart_session(c, &mut setup, p.memory_bytes(), |c| {
            saved_state::read_resume(c, p)
        })?;
        execute(*p, &setup, session)
    }
}

/// Runs a storm of `params` as `session` says.
fn execute(
    params: Params,
    setup: &Setup,
    session: saved_state::Session,
) -> Result<StormReport, Error> {
    setup.job.check_memory(
        format!("storm with {} elements", params.elements),
        (params.memory_bytes()).saturating_add(arts_core::limits::runtime_bytes(
            params.elements as u64,
            u64::from(setup.config.pes),
        )),
    )?;
    let checkpoint = CheckpointSummary::of(&session);
    let t = Instant::now();
    let (r, report, done) =
        storm::run_session(&setup.config, params, session).map_err(Error::failed)?;
    let steps = report.lb_steps();
    Ok(StormReport {
        app: "storm",
        valid: done.stopped_at.is_none() && r.exactly_once && r.reductions_ok,
        exactly_once: r.exactly_once,
        reductions_ok: r.reductions_ok,
        sent: r.sent,
        received: r.received,
        elements: params.elements,
        rounds: params.rounds,
        seed: params.seed,
        pes: setup.config.pes,
        processes: report.processes,
        lb_steps: steps.len(),
        migrations: steps.iter().map(|s| s.migrations).sum(),
        migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
        total_time_s: t.elapsed().as_secs_f64(),
        checkpoint: checkpoint.after(done.checkpoints, done.stopped_at),
    })
}

impl Verdict for StormReport {
    fn table(&self) -> String {
        let mut t = format!(
            "storm  {} elements  {} rounds  seed {}  PEs {}  processes {}\n\
             messages sent/received  {} / {}  (exactly once: {})\n\
             reductions correct      {}\n\
             load balancing          {} steps, {} migrations, {} bytes",
            self.elements,
            self.rounds,
            self.seed,
            self.pes,
            self.processes,
            self.sent,
            self.received,
            self.exactly_once,
            self.reductions_ok,
            self.lb_steps,
            self.migrations,
            self.migrated_bytes
        );
        let lines = self.checkpoint.lines();
        if !lines.is_empty() {
            t += "\n";
            t += lines.trim_end();
        }
        t
    }

    fn stopped(&self) -> Option<(u32, &str)> {
        self.checkpoint.stopped()
    }

    fn invalid(&self) -> Option<String> {
        (!self.valid).then(|| "storm lost or duplicated messages".to_string())
    }
}
