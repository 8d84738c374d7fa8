//! The report of `arts experiment ampi-vs-mpi`: one study's rows, notes
//! and the files written, as JSON or a short table.

use serde::Serialize;

use super::checkpoint_time::CheckpointResult;
use super::pingpong::PingPongResult;
use super::stencil::StencilResult;

/// One study's result.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// Figs 7-8.
    PingPong(PingPongResult),
    /// Tables 1-3.
    Stencil(StencilResult),
    /// Fig. 12.
    Checkpoint(CheckpointResult),
}

impl Outcome {
    /// The study's name (`pingpong`, `stencil`, `checkpoint`).
    pub fn study(&self) -> &'static str {
        match self {
            Outcome::PingPong(_) => "pingpong",
            Outcome::Stencil(_) => "stencil",
            Outcome::Checkpoint(_) => "checkpoint",
        }
    }

    /// The CSV and SVG files of the result: (name, contents).
    pub fn files(&self) -> Result<Vec<(String, String)>, String> {
        match self {
            Outcome::PingPong(r) => super::pingpong::files(r),
            Outcome::Stencil(r) => super::stencil::files(r),
            Outcome::Checkpoint(r) => super::checkpoint_time::files(r),
        }
    }
}

/// What `arts experiment ampi-vs-mpi` prints.
#[derive(Clone, Debug, Serialize)]
pub struct AmpiVsMpiReport {
    /// `pingpong`, `stencil` or `checkpoint`.
    pub study: &'static str,
    /// Its rows and notes (`rows`, `notes`).
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The files written (with `--out`).
    pub files: Vec<String>,
}

impl AmpiVsMpiReport {
    /// A report of `outcome` with the files written.
    pub fn new(outcome: Outcome, files: Vec<String>) -> AmpiVsMpiReport {
        AmpiVsMpiReport {
            study: outcome.study(),
            outcome,
            files,
        }
    }

    /// One line per row (its numbers, not the samples), then the notes.
    pub fn table(&self) -> String {
        let v = serde_json::to_value(&self.outcome).unwrap_or_default();
        let mut s = format!("ampi-vs-mpi {}\n", self.study);
        for row in v["rows"].as_array().into_iter().flatten() {
            let fields: Vec<String> = row
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, v)| !k.starts_with("samples") && !v.is_array() && !v.is_null())
                .filter(|(k, _)| *k != "mpi_library")
                .map(|(k, v)| match v.as_f64() {
                    Some(x) if !v.is_u64() => format!("{k}={x:.4e}"),
                    _ => format!("{k}={}", v.as_str().map_or(v.to_string(), str::to_string)),
                })
                .collect();
            s += &format!("  {}\n", fields.join("  "));
        }
        for n in v["notes"].as_array().into_iter().flatten() {
            s += &format!("note: {}\n", n.as_str().unwrap_or(""));
        }
        for f in &self.files {
            s += &format!("wrote {f}\n");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ampi_vs_mpi::pingpong::PingPongRow;

    #[test]
    fn the_table_has_a_line_per_row_and_the_notes() {
        let outcome = Outcome::PingPong(PingPongResult {
            rows: vec![PingPongRow {
                system: "openmpi".into(),
                bytes: 8,
                one_way_us: 0.5,
                samples_us: vec![0.5],
                vs_openmpi: Some(1.0),
                mpi_library: "Open MPI".into(),
            }],
            notes: vec!["mpich skipped: mpicc.mpich not found".into()],
        });
        let r = AmpiVsMpiReport::new(outcome, vec![]);
        let t = r.table();
        assert!(t.starts_with("ampi-vs-mpi pingpong\n"), "{t}");
        assert!(t.contains("system=openmpi"), "{t}");
        assert!(t.contains("bytes=8"), "{t}");
        assert!(
            t.ends_with("note: mpich skipped: mpicc.mpich not found\n"),
            "{t}"
        );
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["study"], "pingpong");
        assert_eq!(v["rows"][0]["bytes"], 8);
        assert_eq!(v["notes"].as_array().unwrap().len(), 1);
    }
}
