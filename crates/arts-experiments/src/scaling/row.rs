//! One row of the campaign: a variant of a study at a PE count, what it
//! measured, whether it validated, and its ratio to its baseline.

use serde::Serialize;
use serde_json::Value;

use super::plan::{Efficiency, Measure, Ratio, Size, Study, Validity};

/// What became of a row's run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It ran and its JSON was read.
    Ok,
    /// It crashed, timed out, refused or printed no JSON (`reason` says).
    Failed,
    /// Not run (`reason` says why).
    Skipped,
}

impl Status {
    /// Its name in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Skipped => "skipped",
        }
    }
}

/// One row of `rows.csv`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The study.
    pub study: Study,
    /// The variant within it.
    pub variant: String,
    /// PEs (threads, or processes under mpirun).
    pub pes: u32,
    /// Processes under mpirun, if any.
    pub processes: Option<u32>,
    /// The size run.
    pub size: Size,
    /// More PEs than cores.
    pub oversubscribed: bool,
    /// What became of the run.
    pub status: Status,
    /// `Some(true)`: the run matched its reference; `None`: nothing to check
    /// (`validity_note` says why) or not run.
    pub valid: Option<bool>,
    /// Why `valid` is empty, when it is.
    pub validity_note: Option<String>,
    /// The JSON key of `value`.
    pub metric: String,
    /// Whether a larger value is better.
    pub higher_is_better: bool,
    /// The measured value.
    pub value: Option<f64>,
    /// Parallel efficiency.
    pub efficiency: Option<f64>,
    /// What `ratio` compares with.
    pub baseline: Option<String>,
    /// The variant against its baseline; above 1: the variant did better.
    pub ratio: Option<f64>,
    /// Wall seconds of the run (shared by the rows of one run).
    pub seconds: f64,
    /// Why it failed or was skipped.
    pub reason: Option<String>,
    /// The command run.
    pub command: String,
}

/// The context a row is made in.
#[derive(Clone, Debug)]
pub struct Made {
    /// The study.
    pub study: Study,
    /// PEs.
    pub pes: u32,
    /// Processes under mpirun.
    pub processes: Option<u32>,
    /// The size.
    pub size: Size,
    /// More PEs than cores.
    pub oversubscribed: bool,
    /// The command.
    pub command: String,
    /// Wall seconds.
    pub seconds: f64,
}

/// The value at a dotted `path` of `json` (numbers index arrays).
pub fn lookup<'a>(json: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .try_fold(json, |v, key| match key.parse::<usize>() {
            Ok(i) => v.get(i),
            Err(_) => v.get(key),
        })
}

fn number(json: &Value, path: &str) -> Option<f64> {
    lookup(json, path)?.as_f64().filter(|v| v.is_finite())
}

impl Row {
    fn new(m: &Measure, at: &Made, status: Status, reason: Option<String>) -> Row {
        Row {
            study: at.study,
            variant: m.variant.clone(),
            pes: at.pes,
            processes: at.processes,
            size: at.size,
            oversubscribed: at.oversubscribed,
            status,
            valid: None,
            validity_note: None,
            metric: m.metric.to_string(),
            higher_is_better: m.higher_is_better,
            value: None,
            efficiency: None,
            baseline: match &m.ratio {
                Ratio::None => None,
                Ratio::Over(b) => Some(b.clone()),
                Ratio::Keys(a, _) => Some(a.to_string()),
            },
            ratio: None,
            seconds: at.seconds,
            reason,
            command: at.command.clone(),
        }
    }

    /// A row of a run that did not happen or did not finish.
    pub fn not_run(m: &Measure, at: &Made, status: Status, reason: &str) -> Row {
        Row::new(m, at, status, Some(reason.to_string()))
    }

    /// A row read from a run's JSON.
    pub fn read(m: &Measure, at: &Made, json: &Value) -> Row {
        let mut row = Row::new(m, at, Status::Ok, None);
        row.value = number(json, m.metric);
        if row.value.is_none() {
            row.status = Status::Failed;
            row.reason = Some(format!("its JSON has no number at '{}'", m.metric));
        }
        row.efficiency = match m.efficiency {
            Efficiency::None => None,
            Efficiency::Key(k) => number(json, k),
            Efficiency::SpeedupOverPes(k) => number(json, k).map(|v| v / at.pes as f64),
            Efficiency::SequentialOverPes(k) => number(json, k)
                .zip(row.value)
                .map(|(seq, v)| seq / (at.pes as f64 * v)),
        };
        if let Ratio::Keys(a, b) = m.ratio {
            row.ratio = number(json, a).zip(number(json, b)).map(|(a, b)| a / b);
        }
        (row.valid, row.validity_note) = match m.validity {
            Validity::Keys(keys) => {
                let missing: Vec<&str> = keys
                    .iter()
                    .copied()
                    .filter(|k| lookup(json, k).and_then(Value::as_bool).is_none())
                    .collect();
                if missing.is_empty() {
                    let ok = keys
                        .iter()
                        .all(|k| lookup(json, k).and_then(Value::as_bool) == Some(true));
                    (Some(ok), None)
                } else {
                    (
                        None,
                        Some(format!("its JSON has no {}", missing.join(", "))),
                    )
                }
            }
            Validity::BySuccess => (
                Some(true),
                Some("the command fails when its result differs from its reference".into()),
            ),
            Validity::Unchecked(why) => (None, Some(why.to_string())),
        };
        row
    }
}

/// Fills each ratio against another variant: the baseline row of the same
/// study and PE count, oriented so that above 1 is better.
pub fn fill_ratios(rows: &mut [Row]) {
    let values: Vec<(Study, u32, String, Option<f64>)> = rows
        .iter()
        .map(|r| (r.study, r.pes, r.variant.clone(), r.value))
        .collect();
    for row in rows.iter_mut() {
        if row.ratio.is_some() || row.status != Status::Ok {
            continue;
        }
        let Some(base) = &row.baseline else { continue };
        let found = values
            .iter()
            .find(|(s, p, v, _)| *s == row.study && *p == row.pes && v == base)
            .and_then(|(_, _, _, value)| *value);
        row.ratio = found
            .zip(row.value)
            .map(|(b, v)| if row.higher_is_better { v / b } else { b / v });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(pes: u32) -> Made {
        Made {
            study: Study::Heat3d,
            pes,
            processes: None,
            size: Size::Tiny,
            oversubscribed: false,
            command: "arts --json run heat3d".into(),
            seconds: 1.0,
        }
    }

    fn measure(variant: &str, ratio: Ratio) -> Measure {
        Measure {
            variant: variant.into(),
            metric: "step",
            higher_is_better: false,
            ratio,
            efficiency: Efficiency::SpeedupOverPes("speedup"),
            validity: Validity::Keys(&["valid", "inner.same"]),
        }
    }

    #[test]
    fn paths_index_objects_and_arrays() {
        let j = serde_json::json!({"runs": [{"x": 2.5}], "a": {"b": true}});
        assert_eq!(lookup(&j, "runs.0.x").unwrap(), 2.5);
        assert_eq!(lookup(&j, "a.b").unwrap(), true);
        assert!(lookup(&j, "runs.1.x").is_none());
    }

    #[test]
    fn rows_read_value_efficiency_and_validity() {
        let m = measure("hd", Ratio::None);
        let j = serde_json::json!({"step": 0.5, "speedup": 3.0, "valid": true, "inner": {"same": true}});
        let r = Row::read(&m, &made(4), &j);
        assert_eq!(
            (r.status, r.value, r.valid),
            (Status::Ok, Some(0.5), Some(true))
        );
        assert_eq!(r.efficiency, Some(0.75));
        let j = serde_json::json!({"step": 0.5, "speedup": 3.0, "valid": true, "inner": {"same": false}});
        assert_eq!(Row::read(&m, &made(4), &j).valid, Some(false));
        let j = serde_json::json!({"speedup": 3.0, "valid": true});
        let r = Row::read(&m, &made(4), &j);
        assert_eq!(r.status, Status::Failed);
        assert!(r.reason.unwrap().contains("'step'"));
        assert_eq!(r.valid, None);
        assert!(r.validity_note.unwrap().contains("inner.same"));
    }

    #[test]
    fn ratios_compare_with_the_baseline_at_the_same_pes() {
        let j = |v: f64| serde_json::json!({"step": v, "valid": true, "inner": {"same": true}});
        let mut rows = vec![
            Row::read(&measure("rayon", Ratio::None), &made(2), &j(2.0)),
            Row::read(
                &measure("hd", Ratio::Over("rayon".into())),
                &made(2),
                &j(1.0),
            ),
            Row::read(&measure("rayon", Ratio::None), &made(4), &j(1.0)),
            Row::read(
                &measure("hd", Ratio::Over("rayon".into())),
                &made(4),
                &j(2.0),
            ),
            Row::read(
                &measure("hd", Ratio::Over("rayon".into())),
                &made(8),
                &j(2.0),
            ),
        ];
        fill_ratios(&mut rows);
        assert_eq!(rows[1].ratio, Some(2.0), "half the time: twice as good");
        assert_eq!(rows[3].ratio, Some(0.5));
        assert_eq!(rows[4].ratio, None, "no baseline at 8 PEs");
        assert_eq!(rows[0].ratio, None);
        let k = Row::read(
            &measure("mpi", Ratio::Keys("base", "step")),
            &made(2),
            &serde_json::json!({"step": 4.0, "base": 2.0, "valid": true, "inner": {"same": true}}),
        );
        assert_eq!(k.ratio, Some(0.5));
    }
}
