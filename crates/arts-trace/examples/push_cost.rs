//! What one trace event costs a PE: two threads (two PEs sharing an
//! array's name, as a run's PEs do) each record entries and sends the way
//! jacobi2d does (one send per entry) into their own `TraceBuffer`, full
//! and summary. Prints ns per event. Run with
//! `cargo run --release -p arts-trace --example push_cost [EVENTS]`.

use std::sync::Arc;
use std::time::Instant;

use arts_trace::{Span, SpanKind, TraceBuffer, TraceMode, TraceOptions};

/// Minor page faults of the calling thread so far.
fn thread_faults() -> u64 {
    // SAFETY: `getrusage` fills the struct it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_THREAD, &mut usage);
        usage.ru_minflt as u64
    }
}

fn one_pe(options: TraceOptions, pe: u32, name: Arc<str>, pairs: u64) -> (f64, f64, usize) {
    let mut buffer = TraceBuffer::new(&options, pe, 2);
    let faults = thread_faults();
    let begin = Instant::now();
    for i in 0..pairs {
        let t = i * 1_000;
        let kind = SpanKind::Send {
            to_pe: 1 - pe,
            bytes: 145,
        };
        buffer.push(Span {
            pe,
            start_ns: t + 500,
            dur_ns: 0,
            kind,
        });
        buffer.push_entry(pe, (t, 900), &name, "step", i % 512);
    }
    let ns = begin.elapsed().as_nanos() as f64 / (2 * pairs) as f64;
    let faults = (thread_faults() - faults) as f64 * 1000.0 / (2 * pairs) as f64;
    let finished = buffer.finish();
    (ns, faults, finished.spans.len())
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
            let results: Vec<(f64, f64, usize)> = threads
                .into_iter()
                .map(|t| t.join().expect("a PE thread"))
                .collect();
            let ns = results.iter().map(|r| r.0).sum::<f64>() / results.len() as f64;
            let faults = results.iter().map(|r| r.1).sum::<f64>() / results.len() as f64;
            let kept: usize = results.iter().map(|r| r.2).sum();
            println!(
                "round {round} {label:8} {ns:7.1} ns/event  {faults:6.2} faults/1k events  ({kept} spans kept)"
            );
        }
    }
}
