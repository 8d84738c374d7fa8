//! Memory of many VPs: 10,000 ranks with 64 KiB stacks on one PE pass a
//! token around a ring; the process's peak resident memory (VmHWM) is the
//! figure, the resident memory before the run its baseline.

use std::sync::Arc;

use super::{BenchReport, Scale};
use arts_ampi::AmpiError;
use arts_ampi::WORLD;
use arts_ampi::{RunOptions, run};

/// A `/proc/self/status` field in KiB (`VmHWM`, `VmRSS`), if readable.
pub(super) fn status_kib(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets the peak (VmHWM := VmRSS) where the kernel allows it.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Adds the `memory` figures.
pub(super) fn measure(scale: Scale, r: &mut BenchReport) -> Result<(), AmpiError> {
    let vp: u32 = match scale {
        Scale::Full => 10_000,
        Scale::Quick => 500,
    };
    let rounds = 3;
    reset_peak();
    let before = status_kib("VmRSS:").unwrap_or(0);
    let mut opts = RunOptions::new(vp, 1);
    opts.stack_size = 64 * 1024;
    let report = run(
        &opts,
        Arc::new(move |mpi| {
            let (me, n) = (mpi.rank(), mpi.size());
            let mut token = [0u64];
            for _ in 0..rounds {
                if me == 0 {
                    token[0] += 1;
                    mpi.send(&token, 1 % n, 0, WORLD)?;
                    mpi.recv(&mut token, n - 1, 0, WORLD)?;
                } else {
                    mpi.recv(&mut token, me - 1, 0, WORLD)?;
                    token[0] += 1;
                    mpi.send(&token, (me + 1) % n, 0, WORLD)?;
                }
            }
            if me == 0 {
                mpi.record("token", token[0] as f64);
            }
            Ok(())
        }),
    )?;
    let hwm = status_kib("VmHWM:").unwrap_or(0);
    let want = f64::from(rounds * vp);
    if report.value("token") != Some(want) {
        return Err(AmpiError::RankFailed(format!(
            "the ring token came back as {:?}, not {want}",
            report.value("token")
        )));
    }
    let s = "memory";
    let mib = |kib: u64| kib as f64 / 1024.0;
    r.check(
        s,
        format!("peak resident memory, {vp} VPs x 64 KiB stacks, ring"),
        (mib(hwm), "MiB"),
        true,
        1024.0,
    );
    r.add(
        s,
        "baseline: resident memory before the run",
        mib(before),
        "MiB",
    );
    let per_vp = hwm.saturating_sub(before) as f64 / f64::from(vp);
    r.add(s, "peak growth per VP", per_vp, "KiB");
    Ok(())
}
