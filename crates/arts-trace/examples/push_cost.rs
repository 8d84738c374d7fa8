//! What one trace event costs a PE: two threads (two PEs sharing an
//! array's name, as a run's PEs do) each record entries and sends the way
//! jacobi2d does (one send per entry) into their own `TraceBuffer`, full
//! and summary. Prints wall and CPU (user and system) ns per event and page faults. Run with
//! `cargo run --release -p arts-trace --example push_cost [EVENTS]`.

use std::sync::Arc;
use std::time::Instant;

use arts_trace::{TraceBuffer, TraceMode, TraceOptions};

/// Minor page faults and CPU time (user and system, ns) of the calling
/// thread so far.
fn thread_usage() -> (u64, u64) {
    // SAFETY: `getrusage` fills the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_THREAD, &mut usage);
        usage
    };
    let ns = |t: libc::timeval| t.tv_sec as u64 * 1_000_000_000 + t.tv_usec as u64 * 1_000;
    (
        usage.ru_minflt as u64,
        ns(usage.ru_utime) + ns(usage.ru_stime),
    )
}

/// What one PE measured: wall ns, CPU ns and faults per 1k events, spans kept.
type PeCost = (f64, f64, f64, usize);

fn one_pe(options: TraceOptions, pe: u32, name: Arc<str>, pairs: u64) -> PeCost {
    let mut buffer = TraceBuffer::new(&options, pe, 2);
    let (faults, cpu) = thread_usage();
    let begin = Instant::now();
    for i in 0..pairs {
        let t = i * 1_000;
        buffer.push_send(pe, 1 - pe, 145, || t + 500);
        buffer.push_entry(pe, (t, 900), &name, "step", i % 512);
    }
    let events = (2 * pairs) as f64;
    let ns = begin.elapsed().as_nanos() as f64 / events;
    let (faults_now, cpu_now) = thread_usage();
    let faults = (faults_now - faults) as f64 * 1000.0 / events;
    let cpu = (cpu_now - cpu) as f64 / events;
    let finished = buffer.finish();
    (ns, cpu, faults, finished.spans.len())
}

fn main() {
    let pairs: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let modes = [
        ("full", TraceMode::Full),
        ("summary", TraceMode::Summary { bin_ns: 1_000_000 }),
    ];
    for round in 0..3 {
        for (label, mode) in modes {
            let options = TraceOptions {
                mode,
                ..TraceOptions::default()
            };
            let name: Arc<str> = "jacobi2d".into();
            let threads: Vec<_> = (0..2)
                .map(|pe| {
                    let name = name.clone();
                    std::thread::spawn(move || one_pe(options, pe, name, pairs))
                })
                .collect();
            let results: Vec<PeCost> = threads
                .into_iter()
                .map(|t| t.join().expect("a PE thread"))
                .collect();
            let mean = |f: fn(&PeCost) -> f64| results.iter().map(f).sum::<f64>() / 2.0;
            let (ns, cpu, faults) = (mean(|r| r.0), mean(|r| r.1), mean(|r| r.2));
            let kept: usize = results.iter().map(|r| r.3).sum();
            println!(
                "round {round} {label:8} {ns:7.1} ns/event wall {cpu:7.1} CPU  {faults:6.2} faults/1k events  ({kept} spans kept)"
            );
        }
    }
}
