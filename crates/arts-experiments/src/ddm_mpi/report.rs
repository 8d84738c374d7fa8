//! The report of `arts experiment ddm-mpi` and its table.

use serde::Serialize;

use super::DdmMpiResult;

/// What `arts experiment ddm-mpi` reports: the device, P, the reduction
/// interval, the study's rows and the files written.
#[derive(Serialize)]
pub struct DdmMpiReport<'a> {
    /// The device file.
    pub device: String,
    /// PEs (P).
    pub pes: u32,
    /// Reduction every this many steps.
    pub check_every: usize,
    /// The study's rows and notes.
    #[serde(flatten)]
    pub result: &'a DdmMpiResult,
    /// The files written.
    pub files: Vec<String>,
}

impl DdmMpiReport<'_> {
    /// The report as a table: one row per system, then Fig. 11, then the notes.
    pub fn table(&self) -> String {
        let mut s = format!(
            "ddm-mpi  device {}  P = {}  reduction every {} step(s)\n",
            self.device, self.pes, self.check_every
        );
        s.push_str(
            "system                 S   time s   vs rust  vs ompi  iterations      max dI/I\n",
        );
        let opt = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.3}"));
        for r in &self.result.runs {
            let its: Vec<String> = r.iterations.iter().map(u64::to_string).collect();
            s.push_str(&format!(
                "{:<20} {:>3} {:>8.3} {:>9} {:>8}  {:<14} {}\n",
                r.system.name(),
                r.ranks,
                r.time_s,
                opt(r.vs_rust_static),
                opt(r.vs_openmpi),
                its.join(","),
                r.max_current_rel_diff
                    .map_or("-".into(), |d| format!("{d:.1e}"))
            ));
        }
        s.push_str("Fig. 11 (us per 624-byte message; ratio to MPI_Pack)\n");
        for p in &self.result.pack {
            s.push_str(&format!(
                "  {:<10} {:<11} {:>8.3} {:>6.3}\n",
                p.mpi.name(),
                p.mode,
                p.median_us,
                p.vs_packed
            ));
        }
        for n in &self.result.notes {
            s.push_str(&format!("note: {n}\n"));
        }
        s
    }
}
