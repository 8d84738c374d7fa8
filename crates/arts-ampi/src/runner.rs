//! Running a program on V ranks over P PEs: [`run`] creates the array of
//! ranks (block-mapped), starts them, waits for quiescence — every rank
//! finished, or the ones left are blocked for good — then collects each
//! rank's outcome and reports failures and deadlocks by rank.
//!
//! With a transport across processes (`RunOptions::runtime`, e.g. under
//! `mpirun`) the ranks are spread over every process's PEs and every
//! process runs this same function (SPMD); the outcomes are gathered so
//! that each process reports the whole run. Without isomalloc ranks move
//! only between the PEs of their process: load balancing runs within each
//! process ([`WithinGroups`]), since a coroutine's stack cannot change
//! address space. With isomalloc (`RunOptions::isomalloc`) they move
//! anywhere.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use arts_core::{
    ArrayProxy, Config, Driver, LbConfig, LbStepRecord, Map, RunError, RunReport, Shape, wire,
};
use arts_lb::strategy::WithinGroups;

use crate::error::AmpiError;
use crate::rank::{AmpiMsg, ProgramFn, Rank, RankOutcome, Spec, Tag};
use crate::rank_state::Checkpoints;
use crate::vp::VpState;

/// The default stack size of a rank.
pub const DEFAULT_STACK_SIZE: usize = 256 * 1024;

/// The smallest stack size accepted.
pub const MIN_STACK_SIZE: usize = 16 * 1024;

/// How to run: ranks, PEs, stacks, load balancing.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Number of ranks (virtual processors), ≥ 1.
    pub vp: u32,
    /// Number of PEs (worker threads), ≥ 1.
    pub pes: u32,
    /// Stack bytes per rank (≥ `MIN_STACK_SIZE`).
    pub stack_size: usize,
    /// Load balancing at `Mpi::migrate` (`None`: `migrate` returns at once).
    pub lb: Option<LbConfig>,
    /// Where `Mpi::checkpoint` writes and what `Mpi::restored` reads.
    pub checkpoints: Option<Arc<Checkpoints>>,
    /// Each rank's stack, state and heap in an isomalloc slot (`crate::iso`),
    /// so that ranks move between processes too. Needs
    /// [`IsoAlloc`](crate::iso::IsoAlloc) as the global allocator and,
    /// across processes, the program at the same address in each
    /// (`iso::layout::fix_addresses`).
    pub isomalloc: bool,
    /// The runtime's other settings: its transport (`None`: every PE in
    /// this process; under `mpirun`, `arts_mpi::Mpi::config`'s) and idle
    /// policy. Its PEs, load balancing and instrumentation are replaced by
    /// the fields above.
    pub runtime: Config,
}

impl RunOptions {
    /// `vp` ranks on `pes` PEs, default stacks, no load balancing.
    pub fn new(vp: u32, pes: u32) -> Self {
        RunOptions {
            vp,
            pes,
            stack_size: DEFAULT_STACK_SIZE,
            lb: None,
            checkpoints: None,
            isomalloc: false,
            runtime: Config::default(),
        }
    }
}

/// What a finished run reports.
#[derive(Clone, Debug)]
pub struct AmpiReport {
    /// Number of ranks.
    pub ranks: u32,
    /// Number of PEs.
    pub pes: u32,
    /// Wall-clock seconds of the run.
    pub wall_s: f64,
    /// Recorded values by name, in rank order then record order.
    pub values: BTreeMap<String, Vec<f64>>,
    /// Load-balancing steps.
    pub lb_steps: Vec<LbStepRecord>,
    /// Times a rank resumed on a PE other than the one it last ran on.
    pub rank_moves: u64,
    /// Each rank's outcome.
    pub outcomes: Vec<RankOutcome>,
    /// The runtime's report (utilization, messages).
    pub runtime: RunReport,
}

impl AmpiReport {
    /// Element migrations done by the load balancer.
    pub fn migrations(&self) -> u64 {
        self.lb_steps.iter().map(|s| s.migrations).sum()
    }

    /// The run's exit code, as `mpirun` gives it: the largest code a rank's
    /// program exited with, and the lowest rank that did (`None`: all 0).
    pub fn exit_code(&self) -> Option<(i32, u32)> {
        let code = self.outcomes.iter().map(|o| o.exit_code).max()?;
        let rank = self.outcomes.iter().position(|o| o.exit_code == code)?;
        (code != 0).then_some((code, rank as u32))
    }

    /// The first value recorded under `name`.
    pub fn value(&self, name: &str) -> Option<f64> {
        self.values.get(name).and_then(|v| v.first().copied())
    }

    /// The steady-state step time: the mean of the last even number of
    /// recorded `step_time_s` values that is at most half of them (`None`
    /// with fewer than four). Not the median: a rank that runs a step ahead
    /// of its neighbours records alternating long and short steps, of
    /// which a median picks one side; an even count takes as many of each.
    /// The first half holds the start-up and, with load balancing, the
    /// steps before the balancer acted.
    pub fn steady_step_time_s(&self) -> Option<f64> {
        arts_util::stats::steady_mean(self.values.get("step_time_s")?)
    }
}

/// The ranks of a run of `vp` ranks on `pes` PEs that a process whose PEs
/// are `local` runs: they are block-mapped there at the start and, moving
/// only within their process, stay there.
pub fn ranks_on(vp: u32, pes: u32, local: Range<u32>) -> Range<u32> {
    let shape = Shape::d1(vp);
    let here = |r: &u32| local.contains(&Map::Block.home(u64::from(*r), &shape, pes));
    let first = (0..vp).find(here).unwrap_or(vp);
    let end = (first..vp).find(|r| !here(r)).unwrap_or(vp);
    first..end
}

/// Checks the options before anything runs.
pub fn check(opts: &RunOptions) -> Result<(), AmpiError> {
    if opts.vp == 0 {
        return Err(AmpiError::Usage(
            "the number of ranks (--vp) must be at least 1".into(),
        ));
    }
    if opts.pes == 0 {
        return Err(AmpiError::Usage(
            "the number of PEs (--pes) must be at least 1".into(),
        ));
    }
    if opts.stack_size < MIN_STACK_SIZE {
        return Err(AmpiError::Usage(format!(
            "a stack of {} bytes is below the minimum of {MIN_STACK_SIZE}",
            opts.stack_size
        )));
    }
    let whole = opts
        .checkpoints
        .as_ref()
        .and_then(|c| c.restored.as_ref()?.whole.as_ref());
    if whole.is_some() && !opts.isomalloc {
        return Err(AmpiError::Usage(
            "a checkpoint of whole ranks (checkpoint_ranks) restarts only with --isomalloc".into(),
        ));
    }
    if opts.isomalloc && opts.vp as usize > crate::iso::region::SLOTS {
        return Err(AmpiError::Usage(format!(
            "--isomalloc runs at most {} ranks, got --vp {}",
            crate::iso::region::SLOTS,
            opts.vp
        )));
    }
    Ok(())
}

/// Runs `program` on `opts.vp` ranks; fails naming the ranks that failed
/// or were left blocked.
pub fn run(opts: &RunOptions, program: Arc<ProgramFn>) -> Result<AmpiReport, AmpiError> {
    check(opts)?;
    let spec = Arc::new(Spec {
        program,
        size: opts.vp,
        stack_size: opts.stack_size,
        isomalloc: opts.isomalloc,
        outcomes: Mutex::new(vec![None; opts.vp as usize]),
        checkpoints: opts.checkpoints.clone(),
        checkpoint_to: Mutex::new(None),
    });
    let mut config = Config {
        pes: opts.pes,
        lb: opts.lb.clone(),
        // Entry methods are timed for load balancing only.
        instrument: opts.lb.is_some(),
        ..opts.runtime.clone()
    };
    let (transport, rx) = arts_core::connect(&config)?;
    if opts.isomalloc {
        // Created on first use, std's output buffers would otherwise be
        // allocated in the slot of the rank that prints first.
        let _ = (std::io::stdout().lock(), std::io::stderr().lock());
    }
    if let Some(lb) = config.lb.as_mut()
        && transport.process().1 > 1
        && !opts.isomalloc
    {
        lb.strategy = Arc::new(WithinGroups {
            inner: lb.strategy.clone(),
            group_size: transport.local_pes().len(),
        });
    }
    let shared = spec.clone();
    let plan = opts.checkpoints.as_ref();
    let whole = plan.and_then(|p| p.restored.as_ref()?.whole.clone());
    // A plan without a directory still serves `checkpoint_ranks_to`.
    let saving_whole = opts.isomalloc && plan.is_some();
    let (result, runtime) = arts_core::run_on(&config, transport, rx, move |d| {
        if opts.isomalloc {
            same_code_address(d)?;
        }
        let ranks = match &whole {
            // Ranks saved whole continue from their `checkpoint_ranks` call.
            Some(image) => {
                let ranks = d.restore_array::<Rank>("ampi", image, Map::Block, shared.clone())?;
                d.broadcast(&ranks, AmpiMsg::Checkpointed(Ok(())));
                ranks
            }
            None => {
                let ranks =
                    d.create_array::<Rank>("ampi", Shape::d1(opts.vp), Map::Block, shared.clone());
                d.broadcast(&ranks, AmpiMsg::Start);
                ranks
            }
        };
        d.wait_quiescence()?;
        if saving_whole {
            serve_whole_checkpoints(d, &ranks, &shared)?;
        }
        d.broadcast(&ranks, AmpiMsg::Report);
        d.wait_callback::<()>(Tag::Report)?;
        share_outcomes(d, &shared)
    })?;
    result?;
    let outcomes: Vec<RankOutcome> = spec
        .outcomes
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|o| o.clone().expect("every rank reported before the callback"))
        .collect();
    judge(&outcomes)?;
    let mut values: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for o in &outcomes {
        for (k, v) in &o.records {
            values.entry(k.clone()).or_default().push(*v);
        }
    }
    Ok(AmpiReport {
        ranks: opts.vp,
        pes: opts.pes,
        wall_s: runtime.wall_s,
        values,
        lb_steps: runtime.lb_steps().to_vec(),
        rank_moves: outcomes
            .iter()
            .map(|o| o.pes.len().saturating_sub(1) as u64)
            .sum(),
        outcomes,
        runtime,
    })
}

/// At each quiet point, takes a checkpoint of whole ranks if every rank
/// waits in `checkpoint_ranks` and lets them go on; returns at the first
/// quiet point where they do not (the run is over, or stuck). Collective.
fn serve_whole_checkpoints(
    d: &mut Driver,
    ranks: &ArrayProxy<Rank>,
    spec: &Spec,
) -> Result<(), RunError> {
    loop {
        d.broadcast(ranks, AmpiMsg::Poll);
        let said: Vec<u64> = d.wait_callback(Tag::Poll)?;
        if said.first() != Some(&1) {
            return Ok(());
        }
        // Every process forgets what its ranks named this time.
        let named = spec
            .checkpoint_to
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        let saved = if said[3] != !said[4] {
            Err("the ranks named different checkpoint directories".to_string())
        } else {
            let named = named.filter(|_| said[3] != crate::rank_state::dir_hash(None));
            save_whole(d, ranks, spec, said[1], said[2] == 1, named)?
        };
        d.broadcast(ranks, AmpiMsg::Checkpointed(saved));
        d.wait_quiescence()?;
    }
}

/// Takes the checkpoint of whole ranks after `step` (every rank waits in
/// `checkpoint_ranks`, nothing is in flight): the array's image, written
/// by process 0 (`in_memory`: every process's share kept in its hold of
/// the node-local store, with a copy in its buddy's); every process learns
/// how it went. Collective.
fn save_whole(
    d: &mut Driver,
    ranks: &ArrayProxy<Rank>,
    spec: &Spec,
    step: u64,
    in_memory: bool,
    named: Option<std::path::PathBuf>,
) -> Result<Result<(), String>, RunError> {
    let plan = spec
        .checkpoints
        .as_ref()
        .expect("saving whole ranks has a plan");
    if in_memory {
        let local = d.checkpoint_local(ranks)?;
        return crate::rank_state::hold_ranks(d, plan, spec.size, step, &local);
    }
    let image = d.checkpoint(ranks)?;
    let mut verdict = Vec::new();
    if d.process().0 == 0
        && let Err(why) =
            crate::rank_state::write_ranks(plan, named.as_deref(), spec.size, step, &image)
    {
        verdict = why.into_bytes();
    }
    if d.process().1 > 1 {
        verdict = d.bcast(verdict)?;
    }
    Ok(match verdict.is_empty() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&verdict).into_owned()),
    })
}

/// Refuses a run whose processes loaded the program at different addresses
/// (a rank's stack would not resume in another): collective.
fn same_code_address(d: &mut Driver) -> Result<(), RunError> {
    if d.process().1 == 1 {
        return Ok(());
    }
    let mine = crate::iso::layout::code_marker();
    let verdict = match d.gather(wire::encode(&mine))? {
        Some(parts) => {
            let same = parts
                .iter()
                .all(|p| wire::decode::<u64>(p).is_ok_and(|m| m == mine));
            vec![u8::from(same)]
        }
        None => Vec::new(),
    };
    if d.bcast(verdict)? == [1] {
        return Ok(());
    }
    Err(RunError::Internal(
        "--isomalloc: the processes loaded arts, or the libraries a C program calls, at \
         different addresses (address-space randomization could not be turned off), so \
         ranks cannot move between them"
            .into(),
    ))
}

/// Completes every process's `spec.outcomes` with the other processes'
/// ranks (each process holds those of its own). Collective.
fn share_outcomes(d: &mut Driver, spec: &Spec) -> Result<(), RunError> {
    if d.process().1 == 1 {
        return Ok(());
    }
    let mut all = spec.outcomes.lock().unwrap_or_else(|e| e.into_inner());
    let mine: Vec<(usize, &RankOutcome)> = (all.iter().enumerate())
        .filter_map(|(r, o)| Some((r, o.as_ref()?)))
        .collect();
    let gathered = d.gather(wire::encode(&mine))?;
    let merged = match gathered {
        Some(parts) => {
            let mut merged: Vec<(usize, RankOutcome)> = Vec::with_capacity(all.len());
            for part in parts {
                merged.extend(wire::decode::<Vec<(usize, RankOutcome)>>(&part).map_err(bad)?);
            }
            wire::encode(&merged)
        }
        None => Vec::new(),
    };
    let merged: Vec<(usize, RankOutcome)> = wire::decode(&d.bcast(merged)?).map_err(bad)?;
    for (r, o) in merged {
        if let Some(slot) = all.get_mut(r) {
            *slot = Some(o);
        }
    }
    Ok(())
}

fn bad(e: wire::WireError) -> RunError {
    RunError::Internal(format!("a process's rank outcomes: {e}"))
}

/// Lists `ranks` compactly: `1, 2, 5` (at most 16, then how many more).
fn list(ranks: &[usize]) -> String {
    let mut s: Vec<String> = ranks.iter().take(16).map(usize::to_string).collect();
    if ranks.len() > 16 {
        s.push(format!("and {} more", ranks.len() - 16));
    }
    s.join(", ")
}

/// Turns failed or stuck ranks into an error naming them.
fn judge(outcomes: &[RankOutcome]) -> Result<(), AmpiError> {
    let failed: Vec<String> = outcomes
        .iter()
        .enumerate()
        .filter_map(|(r, o)| match &o.state {
            VpState::Failed(e) => Some(format!("rank {r}: {e}")),
            _ => None,
        })
        .collect();
    let mut stuck: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (r, o) in outcomes.iter().enumerate() {
        let call = match &o.state {
            VpState::Blocked(call) => call,
            VpState::Syncing => "migrate",
            VpState::New | VpState::Running => "start",
            VpState::Done | VpState::Failed(_) => continue,
        };
        stuck.entry(call).or_default().push(r);
    }
    let stuck_text = stuck
        .iter()
        .map(|(call, ranks)| {
            let s = if ranks.len() == 1 { "" } else { "s" };
            format!("rank{s} {} blocked in {call}", list(ranks))
        })
        .collect::<Vec<_>>()
        .join("; ");
    if !failed.is_empty() {
        // Thousands of ranks may fail alike: the first few, then a count.
        let mut text = failed
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if failed.len() > 8 {
            text += &format!("; and {} more ranks failed", failed.len() - 8);
        }
        if !stuck.is_empty() {
            text += &format!(" (left behind: {stuck_text})");
        }
        return Err(AmpiError::RankFailed(text));
    }
    if !stuck.is_empty() {
        return Err(AmpiError::Deadlock(stuck_text));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_of_failed_ranks_make_one_short_line() {
        let failed = RankOutcome {
            state: VpState::Failed("cannot map a stack".into()),
            records: Vec::new(),
            pes: Vec::new(),
            exit_code: 0,
        };
        let blocked = RankOutcome {
            state: VpState::Blocked("MPI_Barrier"),
            ..failed.clone()
        };
        let mut outcomes = vec![failed; 84_000];
        outcomes.extend(vec![blocked; 16_000]);
        let Err(AmpiError::RankFailed(text)) = judge(&outcomes) else {
            panic!("ranks failed")
        };
        assert!(text.len() < 600, "{} bytes: {text}", text.len());
        assert!(text.contains("; and 83992 more ranks failed"), "{text}");
        assert!(
            text.contains("and 15984 more blocked in MPI_Barrier"),
            "{text}"
        );
    }

    #[test]
    fn the_ranks_of_each_process_are_its_block_and_cover_the_run() {
        for (vp, processes, per) in [(5, 2, 1), (7, 2, 2), (3, 4, 1), (19, 3, 2), (1, 1, 4)] {
            let pes = processes * per;
            let mut next = 0;
            for p in 0..processes {
                let local = p * per..(p + 1) * per;
                let here = ranks_on(vp, pes, local.clone());
                for r in 0..vp {
                    let home = Map::Block.home(u64::from(r), &Shape::d1(vp), pes);
                    assert_eq!(here.contains(&r), local.contains(&home), "rank {r}");
                }
                if !here.is_empty() {
                    assert_eq!(here.start, next, "contiguous, in process order");
                    next = here.end;
                }
            }
            assert_eq!(next, vp, "{vp} ranks on {processes} x {per}");
        }
    }
}
