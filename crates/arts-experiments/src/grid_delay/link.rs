//! How exactly the delay layer emulates a wide-area link's bandwidth and
//! per-message overhead (issue 52 figure: a 1 MiB message over a 1 Gbit/s,
//! 8 ms link arrives `latency + bytes ÷ bandwidth` after it was sent, and
//! of two sent together the second arrives `bytes ÷ bandwidth` after the
//! first, each within 5%).
//!
//! Two PEs in two clusters; element 0 (PE 0) sends a burst of messages to
//! element 1 (PE 1) at once, each carrying the burst's send time, and
//! element 1 notes when each arrives. Three bursts: one large message and
//! two large messages over a link with a bandwidth (no overhead), then many
//! empty messages over a link with an overhead (unlimited bandwidth). Each
//! is run `reps` times, interleaved; medians are reported.

use std::time::Duration;

use arts_core::{
    Bulk, Callback, Chare, Config, Ctx, Index, Map, Reducer, RunError, Shape, message,
};
use arts_grid::{Emulation, Topology};
use arts_util::stats::median;
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
enum Tag {
    Done,
}

#[message]
enum Burst {
    /// To the sender: send `count` messages of `bytes` each to the receiver at once.
    Go { count: u32, bytes: u64 },
    /// To the receiver: one of `count` messages sent at wall time `sent`, s.
    Data { count: u32, sent: f64, data: Bulk },
}

/// Element 0 sends, element 1 notes arrival times.
#[derive(Serialize, Deserialize)]
struct End {
    /// Arrival times after the burst's send time, s, in arrival order.
    arrivals: Vec<f64>,
}

impl Chare for End {
    type Msg = Burst;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        End {
            arrivals: Vec::new(),
        }
    }
    fn receive(&mut self, msg: Burst, ctx: &mut Ctx<'_, Self>) {
        match msg {
            Burst::Go { count, bytes } => {
                let payloads: Vec<Bulk> = (0..count)
                    .map(|_| Bulk::new(vec![1u8; bytes as usize]))
                    .collect();
                let to = ctx.this_proxy().at(1);
                let sent = ctx.wall_time();
                for data in payloads {
                    ctx.send(to, Burst::Data { count, sent, data });
                }
                let nothing = vec![0.0; count as usize];
                ctx.contribute(nothing, Reducer::Max, Callback::main(Tag::Done));
            }
            Burst::Data { count, sent, data } => {
                drop(data);
                self.arrivals.push(ctx.wall_time() - sent);
                if self.arrivals.len() == count as usize {
                    let arrivals = std::mem::take(&mut self.arrivals);
                    ctx.contribute(arrivals, Reducer::Max, Callback::main(Tag::Done));
                }
            }
        }
    }
}

/// Sends one burst over `config`'s grid: each message's arrival after the
/// burst was sent, s.
fn burst(config: &Config, count: u32, bytes: u64) -> Result<Vec<f64>, RunError> {
    let (r, _) = arts_core::run(config, |d| -> Result<Vec<f64>, RunError> {
        let p = d.create_array::<End>("link", Shape::d1(2), Map::RoundRobin, ());
        d.wait_quiescence()?;
        d.send(p.at(0), Burst::Go { count, bytes });
        d.wait_callback(Tag::Done)
    })?;
    r
}

/// What a link check measures: the link and the bursts.
#[derive(Clone, Debug)]
pub struct LinkSetup {
    /// One-way latency between the two clusters.
    pub latency: Duration,
    /// The link's bandwidth, bit/s (first two bursts).
    pub bits_per_s: f64,
    /// Payload bytes of each large message.
    pub message_bytes: u64,
    /// Per-message overhead (third burst).
    pub overhead: Duration,
    /// Empty messages in the third burst (at least 2).
    pub overhead_messages: u32,
    /// Runs of each burst, interleaved.
    pub reps: u32,
}

/// The largest relative error [`LinkCheck::within_tolerance`] accepts.
pub const TOLERANCE: f64 = 0.05;

/// The longest a link check's large message may take on its link (so that
/// a slow rate and a large message cannot make the check run for days).
pub const MAX_TRANSFER_S: f64 = 10.0;

/// Measured against configured: a link's bandwidth and overhead (errors are
/// `measured / expected - 1`).
#[derive(Clone, Debug, Serialize)]
pub struct LinkCheck {
    /// Configured one-way latency, ms.
    pub latency_ms: f64,
    /// Configured bandwidth, bit/s.
    pub bandwidth_bit_s: f64,
    /// Payload bytes of each large message (its frame adds a few dozen).
    pub message_bytes: u64,
    /// Configured per-message overhead, µs.
    pub overhead_us: f64,
    /// Runs of each burst; the values are their medians.
    pub reps: u32,
    /// `latency + bytes ÷ bandwidth`, ms.
    pub expected_one_way_ms: f64,
    /// A lone large message's arrival after it was sent, ms.
    pub one_way_ms: f64,
    /// Error of `one_way_ms`.
    pub one_way_error: f64,
    /// `bytes ÷ bandwidth`, ms.
    pub expected_transfer_ms: f64,
    /// `one_way_ms` minus the latency: what the bytes cost, ms.
    pub transfer_ms: f64,
    /// Error of `transfer_ms`.
    pub transfer_error: f64,
    /// Of two large messages sent together, how long after the first the
    /// second arrives, ms (expected: `expected_transfer_ms`).
    pub gap_ms: f64,
    /// Error of `gap_ms`.
    pub gap_error: f64,
    /// Empty messages sent together over the link with the overhead.
    pub overhead_messages: u32,
    /// `latency + overhead`, ms.
    pub expected_overhead_one_way_ms: f64,
    /// The first empty message's arrival after it was sent, ms.
    pub overhead_one_way_ms: f64,
    /// Error of `overhead_one_way_ms`.
    pub overhead_one_way_error: f64,
    /// Mean time between consecutive arrivals of the empty messages, µs
    /// (expected: the overhead).
    pub overhead_gap_us: f64,
    /// Error of `overhead_gap_us`.
    pub overhead_gap_error: f64,
    /// The largest error accepted.
    pub tolerance: f64,
    /// Whether every error is within the tolerance.
    pub within_tolerance: bool,
}

/// Checks `setup`'s checks: why not, in one line.
pub fn check_setup(setup: &LinkSetup) -> Result<(), String> {
    let transfer = setup.message_bytes as f64 * 8.0 / setup.bits_per_s;
    if transfer > MAX_TRANSFER_S {
        return Err(format!(
            "--message-bytes {} at --bandwidth {} would occupy the link {transfer:.0} s; \
             at most {MAX_TRANSFER_S} s accepted",
            setup.message_bytes,
            arts_grid::topology::link::format_bandwidth(setup.bits_per_s)
        ));
    }
    if setup.latency > Duration::from_secs(1) {
        return Err(format!(
            "--link-latency {:?}: at most 1s accepted",
            setup.latency
        ));
    }
    if setup.overhead_messages < 2 {
        return Err("at least 2 overhead messages accepted".into());
    }
    Ok(())
}

/// Two PEs in two clusters `latency` apart, their links with `bits`
/// per second and `overhead` per message.
fn grid(
    latency: Duration,
    bits: Option<f64>,
    overhead: Option<Duration>,
) -> Result<Config, RunError> {
    let topology = Topology::uniform(2, 2, latency)
        .map_err(|e| RunError::Config(e.to_string()))?
        .with_links(bits, overhead);
    topology
        .validate(2)
        .map_err(|e| RunError::Config(e.to_string()))?;
    let plain = Config {
        pes: 2,
        lb: None,
        ..Config::default()
    };
    Emulation::new(topology).apply(plain)
}

/// Runs the three bursts of `setup` `reps` times, interleaved.
pub fn link_check(setup: &LinkSetup) -> Result<LinkCheck, RunError> {
    check_setup(setup).map_err(RunError::Config)?;
    let wide = grid(setup.latency, Some(setup.bits_per_s), None)?;
    let costly = grid(setup.latency, None, Some(setup.overhead))?;
    let (mut one_way, mut gap, mut first, mut each) = (vec![], vec![], vec![], vec![]);
    for _ in 0..setup.reps.max(1) {
        one_way.push(burst(&wide, 1, setup.message_bytes)?[0]);
        let two = burst(&wide, 2, setup.message_bytes)?;
        gap.push(two[1] - two[0]);
        let n = setup.overhead_messages;
        let small = burst(&costly, n, 0)?;
        first.push(small[0]);
        each.push((small[n as usize - 1] - small[0]) / (n - 1) as f64);
    }
    let ms = |s: f64| s * 1e3;
    let latency_ms = ms(setup.latency.as_secs_f64());
    let overhead_us = setup.overhead.as_secs_f64() * 1e6;
    let expected_transfer_ms = ms(setup.message_bytes as f64 * 8.0 / setup.bits_per_s);
    let expected_one_way_ms = latency_ms + expected_transfer_ms;
    let expected_overhead_one_way_ms = latency_ms + overhead_us * 1e-3;
    let one_way_ms = ms(median(&one_way));
    let transfer_ms = one_way_ms - latency_ms;
    let gap_ms = ms(median(&gap));
    let overhead_one_way_ms = ms(median(&first));
    let overhead_gap_us = median(&each) * 1e6;
    let error = |measured: f64, expected: f64| measured / expected - 1.0;
    let errors = [
        error(one_way_ms, expected_one_way_ms),
        error(transfer_ms, expected_transfer_ms),
        error(gap_ms, expected_transfer_ms),
        error(overhead_one_way_ms, expected_overhead_one_way_ms),
        error(overhead_gap_us, overhead_us),
    ];
    Ok(LinkCheck {
        latency_ms,
        bandwidth_bit_s: setup.bits_per_s,
        message_bytes: setup.message_bytes,
        overhead_us,
        reps: setup.reps.max(1),
        expected_one_way_ms,
        one_way_ms,
        one_way_error: errors[0],
        expected_transfer_ms,
        transfer_ms,
        transfer_error: errors[1],
        gap_ms,
        gap_error: errors[2],
        overhead_messages: setup.overhead_messages,
        expected_overhead_one_way_ms,
        overhead_one_way_ms,
        overhead_one_way_error: errors[3],
        overhead_gap_us,
        overhead_gap_error: errors[4],
        tolerance: TOLERANCE,
        within_tolerance: errors.iter().all(|e| e.abs() <= TOLERANCE),
    })
}

impl LinkCheck {
    /// The check's rows of the human table.
    pub fn table(&self) -> String {
        let verdict = |e: f64| {
            if e.abs() <= self.tolerance {
                "ok"
            } else {
                "OFF"
            }
        };
        let row = |what: &str, expected: f64, measured: f64, e: f64, unit: &str| {
            format!(
                "{what:<34} {expected:>10.4} {measured:>10.4} {unit:<3} {:>+8.2}%  {}\n",
                e * 100.0,
                verdict(e)
            )
        };
        let mut t = format!(
            "link: {} B over {}, latency {} ms; overhead {} us ({} empty messages); medians of {}\n",
            self.message_bytes,
            arts_grid::topology::link::format_bandwidth(self.bandwidth_bit_s),
            self.latency_ms,
            self.overhead_us,
            self.overhead_messages,
            self.reps
        );
        t += &format!(
            "{:<34} {:>10} {:>10} {:<3} {:>9}\n",
            "", "expected", "measured", "", "error"
        );
        t += &row(
            "one message, one-way",
            self.expected_one_way_ms,
            self.one_way_ms,
            self.one_way_error,
            "ms",
        );
        t += &row(
            "one message, beyond the latency",
            self.expected_transfer_ms,
            self.transfer_ms,
            self.transfer_error,
            "ms",
        );
        t += &row(
            "two together, second after first",
            self.expected_transfer_ms,
            self.gap_ms,
            self.gap_error,
            "ms",
        );
        t += &row(
            "overhead, first one-way",
            self.expected_overhead_one_way_ms,
            self.overhead_one_way_ms,
            self.overhead_one_way_error,
            "ms",
        );
        t += &row(
            "overhead, between arrivals",
            self.overhead_us,
            self.overhead_gap_us,
            self.overhead_gap_error,
            "us",
        );
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(reps: u32) -> LinkSetup {
        LinkSetup {
            latency: Duration::from_millis(2),
            bits_per_s: 1e9,
            message_bytes: 1 << 18,
            overhead: Duration::from_micros(200),
            overhead_messages: 5,
            reps,
        }
    }

    #[test]
    fn bytes_and_overheads_take_at_least_their_configured_time() {
        // The layer never releases early (a loaded machine may be late).
        let ms = Duration::from_millis(1);
        let wide = grid(2 * ms, Some(1e9), None).unwrap();
        // 256 KiB at 1 Gbit/s: 2.097 ms on the link, one after the other.
        let two = burst(&wide, 2, 1 << 18).unwrap();
        assert!(
            two[0] >= 2e-3 + 2.097e-3 && two[1] >= 2e-3 + 2.0 * 2.097e-3,
            "{two:?}"
        );
        let costly = grid(2 * ms, None, Some(ms / 5)).unwrap();
        let small = burst(&costly, 5, 0).unwrap();
        let at_least = (1..=5).map(|n| 2e-3 + n as f64 * 0.2e-3);
        assert!(
            small.iter().zip(at_least).all(|(&t, l)| t >= l),
            "{small:?}"
        );
        let c = link_check(&setup(1)).unwrap();
        assert!((c.expected_transfer_ms - 2.097152).abs() < 1e-9, "{c:?}");
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(c.expected_one_way_ms, 2.0 + c.expected_transfer_ms));
        assert!(c.one_way_ms >= c.expected_one_way_ms, "{c:?}");
        assert!(close(c.transfer_ms, c.one_way_ms - 2.0));
        assert_eq!(
            c.within_tolerance,
            c.one_way_error.abs() <= TOLERANCE
                && c.transfer_error.abs() <= TOLERANCE
                && c.gap_error.abs() <= TOLERANCE
                && c.overhead_one_way_error.abs() <= TOLERANCE
                && c.overhead_gap_error.abs() <= TOLERANCE
        );
        let table = c.table();
        assert!(
            table.contains("two together, second after first"),
            "{table}"
        );
        assert_eq!(table.lines().count(), 7, "{table}");
    }

    #[test]
    fn checks_that_would_run_for_long_are_refused() {
        let slow = LinkSetup {
            bits_per_s: 1e3,
            message_bytes: 1 << 20,
            ..setup(1)
        };
        let err = check_setup(&slow).unwrap_err();
        assert!(err.contains("would occupy the link 8389 s"), "{err}");
        let far = LinkSetup {
            latency: Duration::from_secs(2),
            ..setup(1)
        };
        assert!(check_setup(&far).unwrap_err().contains("at most 1s"));
    }
}
