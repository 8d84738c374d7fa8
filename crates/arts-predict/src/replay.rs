//! Predicting a recorded run on another machine: what `arts predict` does.

use serde::Serialize;

use arts_trace::record::Recording;

use crate::graph::{Graph, Timing, measured_overhead_ns};
use crate::placement::{Placement, unattributed};
use crate::{Engine, Machine, PredictError, Prediction, Traffic};

/// How to replay a recording.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The target machine.
    pub machine: Machine,
    /// Where objects go.
    pub placement: Placement,
    /// Scheduler cost per execution, ns (`None`: measured in the recording).
    pub overhead_ns: Option<f64>,
    /// The engine.
    pub engine: Engine,
    /// Also list the messages between processes ([`Replay::traffic`]).
    pub traffic: bool,
}

/// What the recording says about the recorded run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Recorded {
    /// The app.
    pub app: String,
    /// Its command line.
    pub options: String,
    /// PEs it ran on.
    pub pes: u32,
    /// Steps.
    pub steps: u64,
    /// Its measured wall time of those steps, s.
    pub time_s: f64,
    /// Executions recorded.
    pub executions: u64,
    /// Messages recorded.
    pub messages: u64,
    /// Executions whose cause the recording does not follow (ordered after
    /// their element's previous execution instead).
    pub unattributed: u64,
}

/// A replay's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replay {
    /// The recorded run.
    pub recorded: Recorded,
    /// The machine predicted.
    pub machine: Machine,
    /// The placement's name.
    pub mapping: String,
    /// Scheduler cost added to every execution, ns.
    pub overhead_ns: f64,
    /// Predicted time of the run's steps, s.
    pub time_s: f64,
    /// Predicted mean step time, s.
    pub step_time_s: f64,
    /// The prediction.
    pub prediction: Prediction,
    /// The predicted messages between processes, if asked for.
    #[serde(skip)]
    pub traffic: Vec<Traffic>,
}

/// Replays `rec` under `opts`.
pub fn replay(
    rec: &Recording,
    opts: &ReplayOptions,
    mapping: &str,
) -> Result<Replay, PredictError> {
    opts.machine.check()?;
    let overhead_ns = opts
        .overhead_ns
        .unwrap_or_else(|| measured_overhead_ns(rec));
    if !(0.0..=1e9).contains(&overhead_ns) {
        return Err(PredictError::Input(format!(
            "overhead {overhead_ns} ns per execution: give 0 to 1e9"
        )));
    }
    let pe_of = opts.placement.place(rec, opts.machine.pes)?;
    let timing = Timing {
        cpu_speed: opts.machine.effective_speed(),
        overhead_ns,
    };
    let graph = Graph::from_recording(rec, &pe_of, timing);
    let prediction = crate::predict(&graph, &opts.machine, opts.engine)?;
    let traffic = match opts.traffic {
        true => prediction.traffic(&graph, &opts.machine),
        false => Vec::new(),
    };
    let h = &rec.header;
    let time_s = prediction.time_ns as f64 * 1e-9;
    Ok(Replay {
        recorded: Recorded {
            app: h.app.clone(),
            options: h.options.clone(),
            pes: h.pes,
            steps: h.steps,
            time_s: h.wall_ns as f64 * 1e-9,
            executions: h.executions,
            messages: h.messages,
            unattributed: unattributed(rec),
        },
        machine: opts.machine.clone(),
        mapping: mapping.to_string(),
        overhead_ns,
        time_s,
        step_time_s: time_s / h.steps.max(1) as f64,
        prediction,
        traffic,
    })
}
