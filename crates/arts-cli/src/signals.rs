//! What the `arts` process does on a signal. SIGINT and SIGTERM remove the
//! temporaries of unfinished outputs and exit (130 and 143). SIGUSR1 asks a
//! checkpointing run (`--checkpoint-dir`; jacobi2d, zones, hotspot, leanmd,
//! fracture, storm) for a checkpoint at the
//! next step boundary (a request that comes while the run starts up is
//! kept for it); under `--checkpoint-on-term` SIGTERM asks it for a last
//! checkpoint after which the run stops and the command exits 0 (what batch
//! systems expect before they kill a job). A second SIGTERM exits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

use arts_core::checkpoint::hold::OnDemand;
use signal_hook::consts::{SIGINT, SIGTERM, SIGUSR1};

/// The process's checkpoint requests.
static REQUESTS: LazyLock<Arc<OnDemand>> = LazyLock::new(Arc::default);
/// A run that stops after a checkpoint on SIGTERM is going on.
static STOP_ON_TERM: AtomicBool = AtomicBool::new(false);
/// SIGTERM came once already.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Starts the thread that handles signals. Called once at start-up.
pub fn install() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGUSR1]) else {
        return;
    };
    std::thread::Builder::new()
        .name("arts-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                handle(signal);
            }
        })
        .expect("a thread can be started at start-up");
}

/// The requests a checkpointing run takes: SIGUSR1's, and SIGTERM's when
/// `stop_on_term`.
pub fn checkpoint_requests(stop_on_term: bool) -> Arc<OnDemand> {
    STOP_ON_TERM.store(stop_on_term, Ordering::SeqCst);
    REQUESTS.clone()
}

fn handle(signal: i32) {
    match signal {
        SIGUSR1 => {
            REQUESTS.checkpoint();
            eprintln!(
                "note: SIGUSR1: a checkpoint at the next step boundary (with --checkpoint-dir)"
            );
        }
        SIGTERM
            if STOP_ON_TERM.load(Ordering::SeqCst) && !STOPPING.swap(true, Ordering::SeqCst) =>
        {
            REQUESTS.checkpoint_and_stop();
            eprintln!("note: SIGTERM: a last checkpoint at the next step boundary, then stopping");
        }
        _ => {
            crate::output::remove_temporaries();
            std::process::exit(if signal == SIGINT { 130 } else { 143 });
        }
    }
}
