//! Unit tests of one Time Warp PE driven by hand: straggler rollback,
//! anti-message annihilation (pending and already executed targets), local
//! cascades, remote anti-messages and fossil collection.

use super::control::Wire;
use super::pe::TwPe;
use crate::config::LpMapping;
use crate::event::Event;
use crate::key::{Key, LpId, Time};
use crate::model::{EventCtx, Model};
use crate::partition::Partition;

/// A model whose state is an order-sensitive hash of the values it handled;
/// a message may ask to forward a value to another LP.
struct Trace {
    lps: u32,
}

#[derive(Clone, Copy, Debug)]
struct Msg {
    val: u64,
    fwd: LpId,
    delay: Time,
}

const NO_FWD: LpId = LpId::MAX;

#[derive(Clone, Debug, Default, PartialEq)]
struct St {
    h: u64,
    n: u64,
}

fn fold(s: &mut St, v: u64) {
    s.h = s.h.wrapping_mul(31).wrapping_add(v);
    s.n += 1;
}

impl Model for Trace {
    type State = St;
    type Msg = Msg;
    type Undo = St;
    fn name(&self) -> &str {
        "trace"
    }
    fn lp_count(&self) -> u32 {
        self.lps
    }
    fn lookahead(&self) -> Time {
        0.0
    }
    fn init(&self, _lp: LpId, _ctx: &mut EventCtx<'_, Msg>) -> St {
        St::default()
    }
    fn handle(&self, s: &mut St, m: &Msg, _u: &mut St, ctx: &mut EventCtx<'_, Msg>) {
        fold(s, m.val);
        if m.fwd != NO_FWD {
            ctx.send(
                m.fwd,
                m.delay,
                Msg {
                    val: m.val + 1000,
                    fwd: NO_FWD,
                    delay: 0.0,
                },
            );
        }
    }
    fn save(&self, s: &St, _m: &Msg) -> St {
        s.clone()
    }
    fn rollback(&self, s: &mut St, _m: &Msg, u: St) {
        *s = u;
    }
    fn checksum(&self, s: &St) -> u64 {
        s.h
    }
}

fn ev(t: Time, dst: LpId, val: u64) -> Event<Msg> {
    // Injected events look as if sent by LP 0 with a unique sequence number.
    Event {
        key: Key::new(t, 0, val),
        dst,
        uid: 0,
        msg: Msg {
            val,
            fwd: NO_FWD,
            delay: 0.0,
        },
    }
}

fn fwd(t: Time, dst: LpId, val: u64, to: LpId, delay: Time) -> Event<Msg> {
    let mut e = ev(t, dst, val);
    e.msg.fwd = to;
    e.msg.delay = delay;
    e
}

fn expect(vals: &[u64]) -> St {
    let mut s = St::default();
    for &v in vals {
        fold(&mut s, v);
    }
    s
}

/// Runs the PE until nothing is pending.
fn run_all(pe: &mut TwPe<'_, Trace>) {
    while let Some(e) = pe.next_event() {
        pe.process(e);
    }
}

fn pe_of<'m>(m: &'m Trace, pes: usize) -> TwPe<'m, Trace> {
    let part = Partition::new(m.lps, pes, LpMapping::Block);
    TwPe::new(m, 0, &part, 1, crate::event::Queue::Calendar, None)
        .unwrap_or_else(|_| panic!("init"))
}

#[test]
fn straggler_rolls_back_and_reexecutes_in_order() {
    let m = Trace { lps: 2 };
    let mut pe = pe_of(&m, 1);
    for (t, v) in [(1.0, 1), (2.0, 2), (3.0, 3)] {
        pe.insert(ev(t, 1, v));
    }
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[1, 2, 3]));
    pe.insert(ev(1.5, 1, 4));
    assert_eq!(pe.stats.rolled_back, 2, "events at 2 and 3 undone");
    assert_eq!(pe.state(1), &expect(&[1]));
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[1, 4, 2, 3]));
    assert_eq!(pe.stats.processed, 6);
}

#[test]
fn anti_message_annihilates_a_pending_event() {
    let m = Trace { lps: 2 };
    let mut pe = pe_of(&m, 1);
    let e = ev(5.0, 1, 9);
    pe.insert(e);
    pe.insert(ev(6.0, 1, 10));
    pe.receive(Wire::Anti {
        dst: 1,
        key: e.key,
        uid: 0,
    });
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[10]));
    assert_eq!(pe.stats.processed, 1);
    assert_eq!(pe.stats.rolled_back, 0);
    assert_eq!(pe.pending_len(), 0);
}

#[test]
fn anti_message_for_an_executed_event_rolls_back_then_annihilates() {
    let m = Trace { lps: 2 };
    let mut pe = pe_of(&m, 1);
    let a = ev(1.0, 1, 1);
    pe.insert(a);
    pe.insert(ev(2.0, 1, 2));
    run_all(&mut pe);
    pe.receive(Wire::Anti {
        dst: 1,
        key: a.key,
        uid: 0,
    });
    assert_eq!(pe.stats.rolled_back, 2);
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[2]));
    assert_eq!(pe.uncommitted(), 1);
}

#[test]
fn anti_message_arriving_before_its_event_still_annihilates_it() {
    let m = Trace { lps: 2 };
    let mut pe = pe_of(&m, 1);
    let a = ev(1.0, 1, 1);
    pe.receive(Wire::Anti {
        dst: 1,
        key: a.key,
        uid: 0,
    });
    pe.receive(Wire::Event(a));
    pe.insert(ev(2.0, 1, 2));
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[2]));
}

#[test]
fn rollback_cascades_through_local_sends() {
    let m = Trace { lps: 3 };
    let mut pe = pe_of(&m, 1);
    // LP 1 at t=1 forwards to LP 2 at t=2; LP 2 also has its own event at t=3.
    pe.insert(fwd(1.0, 1, 7, 2, 1.0));
    pe.insert(ev(3.0, 2, 8));
    run_all(&mut pe);
    assert_eq!(pe.state(2), &expect(&[1007, 8]));
    // A straggler for LP 1 at t=0.5 undoes its t=1 event, which cancels the
    // forwarded event on LP 2 (already executed): LP 2 rolls back too.
    pe.insert(ev(0.5, 1, 5));
    assert_eq!(pe.state(2), &St::default());
    assert_eq!(pe.stats.rolled_back, 3);
    run_all(&mut pe);
    assert_eq!(pe.state(1), &expect(&[5, 7]));
    assert_eq!(pe.state(2), &expect(&[1007, 8]));
}

#[test]
fn rollback_of_a_remote_send_emits_an_anti_message() {
    let m = Trace { lps: 4 };
    let mut pe = pe_of(&m, 2); // LPs 0,1 on PE 0; 2,3 on PE 1.
    pe.insert(fwd(1.0, 1, 7, 3, 1.0));
    run_all(&mut pe);
    let sent = pe.out[1].clone();
    assert!(matches!(sent.as_slice(), [Wire::Event(e)] if e.dst == 3 && e.msg.val == 1007));
    let Wire::Event(positive) = sent[0] else {
        unreachable!()
    };
    pe.insert(ev(0.5, 1, 5));
    assert!(
        matches!(pe.out[1].last(), Some(Wire::Anti { dst: 3, key, .. }) if *key == positive.key)
    );
    assert_eq!(pe.stats.anti_sent, 1);
    // Re-execution sends the identical event again (same key).
    run_all(&mut pe);
    assert!(matches!(pe.out[1].last(), Some(Wire::Event(e)) if e.key == positive.key));
}

#[test]
fn fossil_collection_commits_below_gvt_and_trims_the_log() {
    let m = Trace { lps: 2 };
    let mut pe = pe_of(&m, 1);
    for i in 1..=10u64 {
        pe.insert(ev(i as f64, 1, i));
    }
    run_all(&mut pe);
    assert_eq!(pe.uncommitted(), 10);
    pe.fossil_collect(Key::new(5.5, 0, 0));
    assert_eq!(pe.stats.committed, 5);
    assert_eq!(pe.uncommitted(), 5);
    assert_eq!(pe.log_len(), 5);
    // Undone records are trimmed too, without being counted as committed.
    pe.insert(ev(7.5, 1, 11));
    assert_eq!(pe.stats.rolled_back, 3);
    pe.fossil_collect(Key::new(7.6, 0, 0));
    assert_eq!(pe.stats.committed, 7);
    run_all(&mut pe);
    pe.fossil_collect(Key::MAX);
    assert_eq!(pe.stats.committed, 11);
    assert_eq!(pe.log_len(), 0);
    assert_eq!(pe.uncommitted(), 0);
    assert_eq!(pe.stats.final_time, 10.0);
}

#[test]
fn the_end_state_takes_events_left_after_the_last_commit() {
    // At the end of a run every PE has committed with GVT = `Key::MAX`; an
    // event at or after the end time that another PE sent late still sits
    // in the inbox and goes into the end state as pending (it panicked as
    // "below GVT" in debug builds when it raced the last GVT round).
    use crate::models::phold::{Phold, PholdParams};
    let params = PholdParams {
        lps: 4,
        ..PholdParams::default()
    };
    let m = Phold::new(params).expect("valid parameters");
    let part = Partition::new(4, 1, LpMapping::Block);
    let mut pe = TwPe::new(&m, 0, &part, 1, crate::event::Queue::Calendar, None)
        .unwrap_or_else(|_| panic!("init"));
    pe.fossil_collect(Key::MAX);
    let before = pe.pending_len();
    let late = Event {
        key: Key::new(12.99, 1, 7),
        dst: 2,
        uid: 0,
        msg: (),
    };
    let ctl = super::control::Control::new(1);
    ctl.inboxes[0].put(&mut vec![Wire::Event(late)]);
    let snap = super::settle_and_snapshot(std::slice::from_mut(&mut pe), &ctl, 12.0);
    assert_eq!(snap.event_count(), before + 1);
}
