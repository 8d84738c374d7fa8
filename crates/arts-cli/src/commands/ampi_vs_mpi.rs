//! `arts experiment ampi-vs-mpi`: the AMPI paper's comparisons with native
//! MPI — Figs 7-8 (`pingpong`), Tables 1-3 (`stencil`), Fig. 12
//! (`checkpoint`) — the C programs of examples/ampi-vs-mpi on Open MPI,
//! MPICH and arts' AMPI (`arts_experiments::ampi_vs_mpi`).

use arts_experiments::ampi_vs_mpi::{AmpiVsMpiReport, flags::Study};

use crate::output::{CliError, CliResult, Output, PendingDir, commit_files};

/// Runs `arts experiment ampi-vs-mpi STUDY`.
pub fn run(study: &Study, out: Output) -> CliResult {
    let common = study.common();
    let scratch = tempfile::tempdir().map_err(|e| CliError::failed(format!("scratch dir: {e}")))?;
    let arts = arts_experiments::ddm_mpi::arts_binary(common.arts.as_deref())?;
    let plan = common.plan(arts, scratch.path());
    let pending = common.out.as_deref().map(PendingDir::create).transpose()?;
    let bar = out.progress(0, "ampi-vs-mpi");
    let outcome = study.run(plan, &mut |what| bar.set_message(what.to_string()))?;
    bar.finish_and_clear();
    let mut files = Vec::new();
    if let (Some(pending), Some(dir)) = (pending, &common.out) {
        files = commit_files(pending, dir, outcome.files().map_err(CliError::failed)?)?;
    }
    let report = AmpiVsMpiReport::new(outcome, files);
    out.emit(&report, || report.table())
}
