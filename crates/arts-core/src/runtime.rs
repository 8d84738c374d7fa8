//! Starting and stopping a run: [`Config`], [`run`], and the errors and
//! reports a run produces.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use arts_trace::Span;

use crate::PeId;
use crate::driver::{Driver, DriverMsg};
use crate::grid::{EmulatedSpeeds, GridConfig};
use crate::instrument::CommRecord;
use crate::lb_manager::{LbConfig, LbStepRecord};
use crate::mailbox::IdlePolicy;
use crate::pe::{Pe, PeReport};
use crate::record::{PeRecord, RecordingInfo};
use crate::run_error::RunError;
use crate::transport::{InProcess, Transport};
use arts_trace::record::Recording;

/// How a run is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of PEs (worker threads); more than the cores is allowed.
    pub pes: u32,
    /// How idle PEs wait.
    pub idle: IdlePolicy,
    /// Measure per-element load and communication (needed by load balancing).
    pub instrument: bool,
    /// Record trace spans (entry methods and idle periods).
    pub trace: bool,
    /// How much of the run the trace keeps: every span up to a bound, or
    /// per-bin totals (`arts_trace::TraceOptions`).
    pub trace_options: arts_trace::TraceOptions,
    /// Record every message between elements of the same array (time,
    /// source, destination, bytes): a communication trace.
    pub comm_trace: bool,
    /// Record every entry method and element message with their causes,
    /// for trace-driven prediction (`RunReport::recording`).
    pub record: bool,
    /// With `record`: the most executions and messages the recording
    /// notes over all PEs (each PE its share; `None`: every one). Past it
    /// they are counted ([`RunReport::recording_dropped`]), not kept.
    pub record_max_events: Option<u64>,
    /// Serialize application messages between different PEs, as if they were
    /// in different processes (tests the wire path on one machine).
    pub serialize_local: bool,
    /// Load balancing (`None`: `at_sync` resumes at once, nothing migrates).
    pub lb: Option<LbConfig>,
    /// How to connect the PEs (`None`: all in this process).
    pub transport: Option<TransportFactory>,
    /// Grid execution: PE clusters and border-object prioritization
    /// (`None`: one cluster).
    pub grid: Option<GridConfig>,
    /// Emulated relative PE speeds (`None`: every PE at full speed).
    pub emulated_speeds: Option<EmulatedSpeeds>,
    /// Called on each PE's thread, with the PE's number, before it runs
    /// (e.g. to pin it to a core; rayon's `start_handler`).
    pub start_handler: Option<StartHandler>,
}

/// A function each PE thread calls with its PE number when it starts.
#[derive(Clone)]
pub struct StartHandler(pub Arc<dyn Fn(PeId) + Send + Sync>);

impl std::fmt::Debug for StartHandler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StartHandler")
    }
}

/// Builds the transport of a run over `pes` PEs: the transport and the
/// channel on which this process's driver receives. Lets a multi-process
/// launcher (`arts-mpi`) run any application unchanged.
#[derive(Clone)]
pub struct TransportFactory(pub Arc<MakeTransport>);

/// The transport and the driver's receiving end, or why they could not be made.
pub type TransportParts =
    Result<(Arc<dyn Transport>, crossbeam_channel::Receiver<DriverMsg>), RunError>;

/// Makes the transport of a run over the given number of PEs.
pub(crate) type MakeTransport = dyn Fn(u32) -> TransportParts + Send + Sync;

impl std::fmt::Debug for TransportFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TransportFactory")
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pes: std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
            idle: IdlePolicy::default(),
            instrument: true,
            trace: false,
            trace_options: arts_trace::TraceOptions::default(),
            comm_trace: false,
            record: false,
            record_max_events: None,
            serialize_local: false,
            lb: None,
            transport: None,
            grid: None,
            emulated_speeds: None,
            start_handler: None,
        }
    }
}

/// What a finished run reports besides the main program's result.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// Wall-clock time of the whole run (PE start to stop), seconds.
    pub wall_s: f64,
    /// One report per PE.
    pub pes: Vec<PeReport>,
    /// Whether entry methods were timed (see `Config::instrument`).
    pub instrumented: bool,
    /// Number of processes the job ran on.
    pub processes: u32,
    /// This process (MPI rank; 0 in one process).
    pub process: u32,
    /// This process's PEs.
    pub local_pes: std::ops::Range<u32>,
    /// Traced multi-process runs: ns to add to this process's trace times
    /// to put them on process 0's clock, measured at the start (0 in one
    /// process or untraced).
    pub clock_offset_ns: i64,
    /// Runs on a grid: the cluster of every PE.
    pub clusters: Option<Arc<[u32]>>,
}

impl RunReport {
    /// Per-PE utilization (fraction of time in entry methods).
    pub fn utilization(&self) -> Vec<f64> {
        self.pes
            .iter()
            .map(|p| p.utilization(self.instrumented))
            .collect()
    }

    /// The load-balancing steps of the run, in order.
    pub fn lb_steps(&self) -> &[LbStepRecord] {
        self.pes.first().map_or(&[], |p| &p.lb_steps)
    }

    /// All PEs' element-to-element messages, by send time, if recorded.
    pub fn comm_trace(&self) -> Option<Vec<CommRecord>> {
        let mut all = Vec::new();
        for pe in &self.pes {
            all.extend_from_slice(pe.comm_trace.as_ref()?);
        }
        all.sort_by_key(|r| (r.time_ns, r.source, r.destination));
        Some(all)
    }

    /// The run's causal recording (`Config::record`), or `None` if it was
    /// not recorded or this report lacks some PEs' records (under MPI only
    /// process 0's report holds every PE's).
    pub fn recording(&self, info: RecordingInfo) -> Option<Recording> {
        let parts = (self.pes.iter())
            .map(|p| p.record.as_ref())
            .collect::<Option<Vec<_>>>()?;
        let every_pe = self.pes.iter().enumerate().all(|(i, p)| p.pe as usize == i);
        // PEs are placed on processes in equal blocks.
        let per = (self.pes.len() / self.processes.max(1) as usize).max(1);
        let process: Vec<usize> = (0..self.pes.len()).map(|pe| pe / per).collect();
        every_pe.then(|| crate::record::join(&parts, &process, info))
    }

    /// Executions and messages the recording left out, past
    /// `Config::record_max_events` (0: it is whole, or there is none).
    pub fn recording_dropped(&self) -> u64 {
        (self.pes.iter())
            .filter_map(|p| p.record.as_ref())
            .map(PeRecord::dropped)
            .sum()
    }

    /// All PEs' trace spans, if tracing was on.
    pub fn trace(&self) -> Option<Vec<Span>> {
        let mut all = Vec::new();
        for pe in &self.pes {
            all.extend_from_slice(pe.trace.as_ref()?);
        }
        Some(all)
    }

    /// Trace spans not kept, over all PEs (past `TraceOptions::max_events`).
    pub fn trace_dropped(&self) -> u64 {
        self.pes.iter().map(|pe| pe.trace_dropped).sum()
    }

    /// Trace spans that fell out of the window, over all PEs.
    pub fn trace_window_dropped(&self) -> u64 {
        self.pes.iter().map(|pe| pe.trace_outside).sum()
    }

    /// With a trace window: the first step every PE kept whole.
    pub fn trace_first_step(&self) -> Option<u64> {
        self.pes.iter().filter_map(|pe| pe.trace_first_step).max()
    }

    /// The report of this process's own PEs only (under MPI, process 0's
    /// report holds every PE's).
    pub fn local(&self) -> RunReport {
        let pes = (self.pes.iter())
            .filter(|p| self.local_pes.contains(&p.pe))
            .cloned()
            .collect();
        RunReport {
            pes,
            ..self.clone()
        }
    }
}

/// Runs a job in this process: starts `config.pes` PEs, calls `main` with
/// the driver on the calling thread, then stops the PEs. Fails if any PE
/// failed.
pub fn run<R>(
    config: &Config,
    main: impl FnOnce(&mut Driver) -> R,
) -> Result<(R, RunReport), RunError> {
    if config.pes == 0 {
        return Err(RunError::Config(
            "the number of PEs must be at least 1".into(),
        ));
    }
    let (transport, rx) = connect(config)?;
    run_on(config, transport, rx, main)
}

/// The transport of a run: `config.transport`'s, or all PEs in this process.
pub fn connect(config: &Config) -> TransportParts {
    match &config.transport {
        Some(factory) => (factory.0)(config.pes),
        None => {
            let (tx, rx) = crossbeam_channel::unbounded();
            let t: Arc<dyn Transport> =
                Arc::new(InProcess::new(config.pes, config.serialize_local, tx));
            Ok((t, rx))
        }
    }
}

/// Runs a job on a given transport: starts this process's PEs, calls `main`
/// with the driver, then stops them. `driver_rx` receives what the transport
/// delivers to this process's driver. The report covers local PEs only.
pub fn run_on<R>(
    config: &Config,
    transport: Arc<dyn Transport>,
    driver_rx: crossbeam_channel::Receiver<DriverMsg>,
    main: impl FnOnce(&mut Driver) -> R,
) -> Result<(R, RunReport), RunError> {
    if transport.num_pes() != config.pes {
        return Err(RunError::Config(format!(
            "the transport has {} PEs but the configuration asks for {}",
            transport.num_pes(),
            config.pes
        )));
    }
    if let Some(speeds) = config.lb.as_ref().and_then(|l| l.speeds.as_ref())
        && (speeds.len() != config.pes as usize
            || speeds.iter().any(|s| !(s.is_finite() && *s > 0.0)))
    {
        return Err(RunError::Config(format!(
            "{} PE speeds given for {} PEs; give one finite speed > 0 per PE",
            speeds.len(),
            config.pes
        )));
    }
    if let Some(EmulatedSpeeds(speeds)) = &config.emulated_speeds
        && (speeds.len() != config.pes as usize
            || speeds
                .iter()
                .any(|s| !(s.is_finite() && *s > 0.0 && *s <= 1.0)))
    {
        return Err(RunError::Config(format!(
            "{} emulated PE speeds given for {} PEs; give one speed in (0, 1] per PE",
            speeds.len(),
            config.pes
        )));
    }
    if let Some(grid) = &config.grid
        && grid.clusters.len() != config.pes as usize
    {
        return Err(RunError::Config(format!(
            "the grid topology covers {} PEs but the run has {}",
            grid.clusters.len(),
            config.pes
        )));
    }
    let clock = quanta::Clock::new();
    if config.record || config.trace {
        // The processes' recordings and traces share one time origin (to
        // within a barrier's exit skew, a few µs).
        transport.driver_barrier();
    }
    let epoch = clock.raw();
    let clock_offset_ns = match config.trace && transport.process().1 > 1 {
        true => transport.clock_offset(&|| clock.delta_as_nanos(epoch, clock.raw())),
        false => 0,
    };
    let started = Instant::now();
    let driver_sent = Arc::new(AtomicU64::new(0));
    let leader = transport.local_pes().start;
    let handles: Vec<_> = transport
        .local_pes()
        .map(|pe| {
            let sent = (pe == leader).then(|| driver_sent.clone());
            let pe_state = Pe::new(pe, transport.clone(), config, clock.clone(), epoch, sent);
            let start = config.start_handler.clone();
            std::thread::Builder::new()
                .name(format!("{}{pe}", crate::panics::PE_THREAD_PREFIX))
                .spawn(move || {
                    if let Some(h) = start {
                        (h.0)(pe);
                    }
                    pe_state.run()
                })
                .map_err(|e| RunError::Config(format!("cannot start PE thread {pe}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let mut driver = Driver::new(transport.clone(), driver_rx, driver_sent);
    let value = main(&mut driver);
    crate::checkpoint::buffers::clear();
    crate::checkpoint::disk::release_spares();
    // Every process's main program has finished before any PE stops.
    transport.driver_barrier();
    driver.shutdown();
    let mut pes = Vec::with_capacity(handles.len());
    for h in handles {
        pes.push(h.join().map_err(|_| {
            RunError::Internal("a PE thread panicked outside an entry method".into())
        })?);
    }
    let wall_s = started.elapsed().as_secs_f64();
    let pes = transport.gather_reports(pes);
    if let Some(err) = driver.failure() {
        return Err(err);
    }
    if let Some(err) = pes.iter().find_map(|p| p.failure.clone()) {
        return Err(err);
    }
    Ok((
        value,
        RunReport {
            wall_s,
            pes,
            instrumented: config.instrument,
            processes: transport.process().1,
            process: transport.process().0,
            local_pes: transport.local_pes(),
            clock_offset_ns,
            clusters: config.grid.as_ref().map(|g| g.clusters.clone()),
        },
    ))
}
