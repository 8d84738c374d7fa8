//! A competing process's load, for experiments: a thread that keeps one CPU
//! busy until it is dropped, and a start handler that pins each PE to a CPU
//! of its own, so that the PE sharing its CPU with the load really is
//! slower, as on a machine with another tenant (and, from the CLI's
//! `--pin`, so that no two PEs share a core while another stays idle).
//! The same busy loop warms the CPUs up before a timed run ([`warm_up`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use arts_core::{Config, PeId, StartHandler};
use arts_util::affinity::pin_current_thread;

/// A busy loop on one CPU, stopped when dropped.
pub struct BackgroundLoad {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BackgroundLoad {
    /// Starts a busy loop pinned to the `cpu`-th CPU this process may run on
    /// (modulo their number).
    pub fn start(cpu: usize) -> BackgroundLoad {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("arts-background-load".into())
            .spawn(move || {
                pin_current_thread(cpu);
                let mut x = 1u64;
                while !flag.load(Ordering::Relaxed) {
                    for _ in 0..10_000 {
                        x = std::hint::black_box(
                            x.wrapping_mul(6364136223846793005).wrapping_add(1),
                        );
                    }
                }
            })
            .ok();
        BackgroundLoad { stop, thread }
    }
}

impl Drop for BackgroundLoad {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Keeps the first `cpus` CPUs this process may run on busy for `d`: before
/// a timed run, so that the run is not the first work after a pause. On
/// the shared hosts we measure on, work that follows a pause runs ~10%
/// slower for a few hundred milliseconds (`BENCHMARKS.md`, "A timed run
/// after a pause").
pub fn warm_up(cpus: usize, d: Duration) {
    if d.is_zero() {
        return;
    }
    let loads: Vec<BackgroundLoad> = (0..cpus).map(BackgroundLoad::start).collect();
    std::thread::sleep(d);
    drop(loads);
}

/// Pins each PE to a CPU of its own when its thread starts: PE `p` to the
/// `slot(p)`-th CPU this process may run on (modulo their number). A PE
/// the OS refuses to pin says so on stderr and runs unpinned.
pub fn pin_pes(slot: impl Fn(PeId) -> usize + Send + Sync + 'static) -> StartHandler {
    StartHandler(Arc::new(move |pe| {
        if pin_current_thread(slot(pe)).is_none() {
            eprintln!("warning: PE {pe} could not be pinned to a CPU; it runs unpinned");
        }
    }))
}

/// `config` with each PE of this process on a CPU of its own (`--pin`).
/// In one process PE `p` takes the `p`-th CPU the process may run on. In
/// a job of several processes (`in_job`, `pes_per_process` PEs each, 1 by
/// default) the processes of one host take consecutive slots by their
/// node-local rank ([`arts_util::launcher_env::node_local_rank`]), so that
/// processes the launcher left unbound do not pin onto the same CPUs, and
/// a process it bound stays inside its binding (slots wrap around the
/// allowed CPUs).
pub fn pinned(mut config: Config, in_job: bool, pes_per_process: Option<u32>) -> Config {
    let (first, per) = if in_job {
        let per = pes_per_process.unwrap_or(1);
        let local = arts_util::launcher_env::node_local_rank().unwrap_or(0);
        (local * per as usize, per)
    } else {
        (0, config.pes)
    };
    config.start_handler = Some(pin_pes(move |pe| first + (pe % per.max(1)) as usize));
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CPU time of the whole process, ns.
    fn process_cpu_ns() -> u64 {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
        unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
        ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
    }

    #[test]
    fn pinned_pes_run_on_their_slot_of_the_allowed_cpus() {
        let allowed = arts_util::affinity::allowed_cpus();
        if allowed.is_empty() {
            return;
        }
        let handler = pin_pes(|pe| pe as usize + 1);
        let after = std::thread::spawn(move || {
            (handler.0)(0);
            arts_util::affinity::allowed_cpus()
        })
        .join()
        .unwrap();
        assert_eq!(after, vec![allowed[1 % allowed.len()]]);
    }

    #[test]
    fn the_load_burns_cpu_until_dropped() {
        let before = process_cpu_ns();
        let load = BackgroundLoad::start(0);
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(load); // joins: the loop saw the flag
        let burnt = process_cpu_ns() - before;
        assert!(
            burnt >= 5_000_000,
            "the load used {burnt} ns of CPU in 200 ms"
        );
        let after = process_cpu_ns();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(process_cpu_ns() - after < 5_000_000, "stopped");
    }

    #[test]
    fn a_warm_up_keeps_the_cpus_busy_for_its_time_and_then_stops() {
        let before = process_cpu_ns();
        let t = std::time::Instant::now();
        warm_up(2, Duration::from_millis(100));
        assert!(t.elapsed() >= Duration::from_millis(100));
        let burnt = process_cpu_ns() - before;
        assert!(burnt >= 5_000_000, "the warm-up used {burnt} ns of CPU");
        let after = process_cpu_ns();
        std::thread::sleep(Duration::from_millis(20));
        assert!(process_cpu_ns() - after < 5_000_000, "stopped");
        // None asked, none done.
        let t = std::time::Instant::now();
        warm_up(2, Duration::ZERO);
        assert!(t.elapsed() < Duration::from_millis(50));
    }
}
