//! An external busy thread that monopolizes one CPU while switched on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::thread::JoinHandle;
use std::time::Duration;

/// A thread pinned to one CPU that spins while `active` and naps otherwise.
pub struct BusyThread {
    active: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
    /// Whether pinning to the requested CPU succeeded.
    pub pinned: bool,
}

impl BusyThread {
    /// Starts the thread on `cpu`, switched off.
    pub fn start(cpu: usize) -> BusyThread {
        let active = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        let (a, s) = (Arc::clone(&active), Arc::clone(&stop));
        let (tx, rx) = std::sync::mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("busy".into())
            .spawn(move || {
                let _ = tx.send(arts_util::affinity::pin_current_thread(cpu).is_some());
                let mut x = 0u64;
                while !s.load(Relaxed) {
                    if a.load(Relaxed) {
                        for _ in 0..1000 {
                            x = std::hint::black_box(
                                x.wrapping_mul(6364136223846793005).wrapping_add(1),
                            );
                        }
                    } else {
                        std::thread::sleep(Duration::from_micros(200));
                    }
                }
            })
            .ok();
        let pinned = handle.is_some() && rx.recv().unwrap_or(false);
        BusyThread {
            active,
            stop,
            handle,
            pinned,
        }
    }

    /// Switches the spinning on or off.
    pub fn set_active(&self, on: bool) {
        self.active.store(on, Relaxed);
    }

    /// The on/off flag, for hooks that run on other threads.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.active)
    }
}

impl Drop for BusyThread {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
