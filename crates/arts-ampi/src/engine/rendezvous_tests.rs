//! The rendezvous driven by hand: engines in two "processes" joined by a
//! fake direct transport, packets and signals delivered in a scrambled order.

use std::collections::HashMap;
use std::sync::Mutex;

use super::*;
use crate::engine::{ANY_SOURCE, Engine, WORLD};

/// Direct transfers within this test: a send copies into its posted receive.
#[derive(Default)]
struct FakeDirect {
    /// Posted receives by tag: buffer address, length.
    receives: Mutex<HashMap<i32, (usize, usize)>>,
    /// Transfers that completed (handles).
    complete: Mutex<Vec<usize>>,
    next_tag: Mutex<i32>,
}

impl Direct for FakeDirect {
    unsafe fn post_receive(&self, buf: *mut u8, len: usize) -> Option<Transfer> {
        let mut next = self.next_tag.lock().unwrap();
        *next += 1;
        self.receives
            .lock()
            .unwrap()
            .insert(*next, (buf as usize, len));
        Some(Transfer {
            handle: 2 * *next as usize,
            tag: Some(*next),
        })
    }

    unsafe fn post_send(&self, _: u32, tag: i32, buf: *const u8, len: usize) -> Transfer {
        let (to, cap) = self.receives.lock().unwrap().remove(&tag).expect("posted");
        assert_eq!(cap, len, "a direct receive takes exactly the message");
        // SAFETY: both buffers are held for the transfer by their ranks.
        unsafe { std::ptr::copy_nonoverlapping(buf, to as *mut u8, len) };
        let handle = 2 * tag as usize;
        self.complete.lock().unwrap().extend([handle, handle + 1]);
        Transfer {
            handle: handle + 1,
            tag: None,
        }
    }

    fn test(&self, transfer: &mut Transfer) -> bool {
        self.complete.lock().unwrap().contains(&transfer.handle)
    }
}

/// What an engine sends, and the process it runs in.
struct Wire<'d> {
    packets: Vec<(u32, Packet)>,
    signals: Vec<(u32, Signal)>,
    process: u32,
    direct: Option<&'d FakeDirect>,
}

impl Net for Wire<'_> {
    fn send(&mut self, dest: u32, packet: Packet) {
        self.packets.push((dest, packet));
    }
    fn signal(&mut self, dest: u32, signal: Signal) {
        self.signals.push((dest, signal));
    }
    fn process(&self) -> u32 {
        self.process
    }
    fn direct(&self) -> Option<&dyn Direct> {
        self.direct.map(|d| d as &dyn Direct)
    }
}

/// Ranks 0 and 1 in process 0, rank 2 in process 1.
fn process_of(rank: u32) -> u32 {
    u32::from(rank == 2)
}

struct Sim<'d> {
    engines: Vec<Engine>,
    wire: Wire<'d>,
    /// Ranks waiting in a balancing step.
    mobile: Vec<bool>,
    seed: u64,
}

impl<'d> Sim<'d> {
    fn new(direct: &'d FakeDirect) -> Sim<'d> {
        Sim {
            engines: (0..3).map(|r| Engine::new(r, 3)).collect(),
            wire: Wire {
                packets: Vec::new(),
                signals: Vec::new(),
                process: 0,
                direct: Some(direct),
            },
            mobile: vec![false; 3],
            seed: 0x2545_f491_4f6c_dd1d,
        }
    }

    /// Runs `f` on `rank`'s engine as its process would.
    fn on<R>(&mut self, rank: u32, f: impl FnOnce(&mut Engine, &mut Wire<'d>) -> R) -> R {
        self.wire.process = process_of(rank);
        let r = f(&mut self.engines[rank as usize], &mut self.wire);
        let mobile = self.mobile[rank as usize];
        self.engines[rank as usize].rendezvous(&mut self.wire, mobile);
        r
    }

    /// Delivers packets and signals in a scrambled order until none is left.
    fn pump(&mut self) {
        loop {
            let (np, ns) = (self.wire.packets.len(), self.wire.signals.len());
            if np + ns == 0 {
                return;
            }
            self.seed ^= self.seed << 13;
            self.seed ^= self.seed >> 7;
            self.seed ^= self.seed << 17;
            let i = (self.seed % (np + ns) as u64) as usize;
            if i < np {
                let (to, p) = self.wire.packets.swap_remove(i);
                self.on(to, |e, w| e.on_packet(w, p));
            } else {
                let (to, s) = self.wire.signals.swap_remove(i - np);
                self.on(to, |e, _| e.on_signal(s));
            }
        }
    }

    /// Delivers what is on the wire now of one kind (packets or signals),
    /// in order; what that sends stays on the wire.
    fn deliver(&mut self, packets: bool) {
        if packets {
            for (to, p) in std::mem::take(&mut self.wire.packets) {
                self.on(to, |e, w| e.on_packet(w, p));
            }
        } else {
            for (to, s) in std::mem::take(&mut self.wire.signals) {
                self.on(to, |e, _| e.on_signal(s));
            }
        }
    }

    fn send_large(&mut self, from: u32, to: i32, tag: i32, data: &[u8]) -> u32 {
        self.on(from, |e, w| e.send_large(w, "send", WORLD, to, tag, data))
            .unwrap()
            .expect("a large message to another rank")
    }

    fn irecv(&mut self, rank: u32, buf: &mut [u8], src: i32, tag: i32) -> u32 {
        let (ptr, len) = (buf.as_mut_ptr(), buf.len());
        // SAFETY: every test keeps `buf` until the request completed.
        self.on(rank, |e, _| unsafe {
            e.irecv("recv", WORLD, src, tag, ptr, len, 1)
        })
        .unwrap()
    }

    /// Request `h` of `rank`, once its direct transfers were tested.
    fn test(&mut self, rank: u32, h: u32) -> Result<Option<Status>, MpiError> {
        let e = &mut self.engines[rank as usize];
        e.progress();
        e.test("wait", h)
    }
}

fn pattern(n: usize, salt: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31) ^ salt).collect()
}

#[test]
fn a_large_message_between_processes_goes_directly_and_keeps_its_place_in_order() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let big = pattern(RENDEZVOUS_MIN + 3, 7);
    // small, large, small from rank 2 (process 1) to rank 0 (process 0).
    sim.on(2, |e, w| e.send(w, "send", WORLD, 0, 4, &[1]).unwrap());
    let sent = sim.send_large(2, 0, 4, &big);
    sim.on(2, |e, w| e.send(w, "send", WORLD, 0, 4, &[3]).unwrap());
    sim.pump();
    let (mut a, mut b, mut c) = ([0u8; 1], vec![0u8; big.len()], [0u8; 1]);
    let ha = sim.irecv(0, &mut a, 2, 4);
    let hb = sim.irecv(0, &mut b, ANY_SOURCE, 4);
    let hc = sim.irecv(0, &mut c, 2, 4);
    assert_eq!(sim.test(2, sent).unwrap(), None, "waits for its receive");
    sim.pump();
    assert_eq!(a, [1]);
    assert_eq!(c, [3]);
    let s = sim.test(0, hb).unwrap().expect("the transfer ended");
    assert_eq!((s.source, s.bytes), (2, big.len()));
    assert_eq!(b, big);
    assert!(sim.test(0, ha).unwrap().is_some() && sim.test(0, hc).unwrap().is_some());
    assert_eq!(sim.test(2, sent).unwrap().unwrap().bytes, big.len());
    assert!(!sim.engines[0].transferring() && !sim.engines[2].transferring());
}

#[test]
fn a_large_message_within_a_process_is_copied_once_from_the_sender() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let big = pattern(RENDEZVOUS_MIN, 9);
    let mut got = vec![0u8; big.len() + 10];
    let h = sim.irecv(1, &mut got, 0, 2);
    let sent = sim.send_large(0, 1, 2, &big);
    sim.pump();
    assert_eq!(sim.test(1, h).unwrap().unwrap().bytes, big.len());
    assert_eq!(&got[..big.len()], &big[..]);
    assert!(sim.test(0, sent).unwrap().is_some());
    assert!(
        direct.receives.lock().unwrap().is_empty(),
        "no direct transfer"
    );
}

#[test]
fn a_short_receive_refuses_a_large_message_and_its_sender_goes_on() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let big = pattern(RENDEZVOUS_MIN * 2, 1);
    let sent = sim.send_large(2, 0, 0, &big);
    let mut small = vec![0u8; RENDEZVOUS_MIN];
    let h = sim.irecv(0, &mut small, 2, 0);
    sim.pump();
    assert!(matches!(
        sim.test(0, h),
        Err(MpiError::Truncated { bytes, .. }) if bytes == big.len()
    ));
    assert!(sim.test(2, sent).unwrap().is_some());
}

#[test]
fn a_rank_waiting_in_a_balancing_step_takes_large_messages_as_messages() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let (one, two) = (pattern(RENDEZVOUS_MIN, 3), pattern(RENDEZVOUS_MIN + 1, 4));
    // Rank 0 waits in migrate(): one message was waiting, one arrives.
    let first = sim.send_large(2, 0, 1, &one);
    sim.pump();
    sim.mobile[0] = true;
    sim.on(0, |_, _| ());
    let second = sim.send_large(2, 0, 1, &two);
    sim.pump();
    assert!(sim.test(2, first).unwrap().is_some(), "the sender went on");
    assert!(sim.test(2, second).unwrap().is_some());
    assert_eq!(sim.engines[0].buffered_bytes(), one.len() + two.len());
    // Back from the step, the receives find the messages' bytes.
    sim.mobile[0] = false;
    let (mut a, mut b) = (vec![0u8; one.len()], vec![0u8; two.len()]);
    let (ha, hb) = (sim.irecv(0, &mut a, 2, 1), sim.irecv(0, &mut b, 2, 1));
    sim.pump();
    assert!(sim.test(0, ha).unwrap().is_some() && sim.test(0, hb).unwrap().is_some());
    assert_eq!((a, b), (one, two));
    assert!(
        direct.receives.lock().unwrap().is_empty(),
        "no direct transfer"
    );
    assert!(
        sim.wire.signals.is_empty(),
        "no signal to the finished sender"
    );
}

#[test]
fn a_message_asked_for_and_matched_before_its_bytes_come_waits_for_them() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let big = pattern(RENDEZVOUS_MIN, 5);
    let sent = sim.send_large(2, 0, 3, &big);
    // The announcement arrives while rank 0 waits in a step, and is asked for…
    let (to, p) = sim.wire.packets.pop().unwrap();
    sim.mobile[0] = true;
    sim.on(to, |e, w| e.on_packet(w, p));
    // …then matched, back from the step, before the bytes arrive.
    sim.mobile[0] = false;
    let mut got = vec![0u8; big.len()];
    let h = sim.irecv(0, &mut got, 2, 3);
    assert_eq!(sim.test(0, h).unwrap(), None);
    sim.pump();
    assert!(sim.test(0, h).unwrap().is_some());
    assert_eq!(got, big);
    assert!(sim.test(2, sent).unwrap().is_some());
}

#[test]
fn without_direct_transfers_a_large_message_between_processes_comes_as_a_message() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    sim.wire.direct = None;
    let big = pattern(RENDEZVOUS_MIN * 3, 2);
    let mut got = vec![0u8; big.len()];
    let h = sim.irecv(2, &mut got, 0, 6);
    let sent = sim.send_large(0, 2, 6, &big);
    sim.pump();
    assert!(sim.test(2, h).unwrap().is_some());
    assert_eq!(got, big);
    assert!(sim.test(0, sent).unwrap().is_some());
}

#[test]
fn sends_to_itself_stay_eager() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let to_self = pattern(RENDEZVOUS_MIN, 0);
    let eager = sim.on(0, |e, w| e.send_large(w, "send", WORLD, 0, 0, &to_self));
    assert_eq!(eager.unwrap(), None);
}

#[test]
fn a_freed_send_keeps_its_handle_until_answered_then_releases_it() {
    // Within a process (copied by the receiver) and between processes
    // (a direct transfer).
    for (from, to) in [(0, 1), (2, 0)] {
        let direct = FakeDirect::default();
        let mut sim = Sim::new(&direct);
        let big = pattern(RENDEZVOUS_MIN + 5, 8);
        let sent = sim.send_large(from, to as i32, 9, &big);
        sim.pump();
        // The program frees the request before the receive is posted.
        sim.engines[from as usize].cancel(sent);
        assert!(
            sim.engines[from as usize].sending_large(),
            "still announced"
        );
        let other = sim.on(from, |e, _| e.sent_request(1));
        assert_ne!(other, sent, "the handle is not reused while announced");
        let mut got = vec![0u8; big.len()];
        let h = sim.irecv(to, &mut got, from as i32, 9);
        sim.pump();
        sim.engines[from as usize].progress();
        assert!(sim.test(to, h).unwrap().is_some());
        assert_eq!(got, big);
        let e = &mut sim.engines[from as usize];
        assert!(!e.sending_large(), "{from} -> {to}: taken");
        assert!(
            matches!(e.test("wait", sent), Err(MpiError::InvalidHandle { .. })),
            "released"
        );
    }
}

/// How a send withdrawn before its rank leaves meets its receiver.
#[derive(Clone, Copy, Debug)]
enum Meeting {
    /// The announcement waits unmatched.
    Unmatched,
    /// The pushed bytes arrive before the announcement.
    Overtaken,
    /// The receive matched it and answered (a direct receive or a copy in
    /// the process) while the bytes were pushed.
    Matched,
    /// The receiver, in a balancing step, asked for the bytes while they
    /// were pushed.
    Asked,
}

#[test]
fn a_withdrawn_send_is_answered_once_and_its_bytes_arrive_once() {
    use Meeting::*;
    // (sender, receiver): between processes and within one.
    for (from, to) in [(2, 0), (0, 1)] {
        for meeting in [Unmatched, Overtaken, Matched, Asked] {
            let direct = FakeDirect::default();
            let mut sim = Sim::new(&direct);
            let big = pattern(RENDEZVOUS_MIN + 7, 6);
            let mut got = vec![0u8; big.len()];
            let early_recv =
                matches!(meeting, Matched).then(|| sim.irecv(to, &mut got, from as i32, 3));
            let sent = sim.send_large(from, to as i32, 3, &big);
            if !matches!(meeting, Overtaken) {
                sim.deliver(true);
            }
            if matches!(meeting, Asked) {
                sim.mobile[to as usize] = true;
                sim.on(to, |_, _| ());
                sim.mobile[to as usize] = false;
            }
            // The sender is about to leave its process: it pushes the bytes
            // before the receiver's answer (if any) reaches it.
            sim.on(from, |e, _| e.withdraw_large());
            if matches!(meeting, Overtaken) {
                sim.deliver(false);
                let kept = sim.engines[to as usize].buffered_bytes();
                assert_eq!(
                    kept,
                    big.len(),
                    "the early bytes wait for their announcement"
                );
            }
            sim.pump();
            let e = &mut sim.engines[from as usize];
            e.progress();
            assert!(!e.sending_large(), "{from} -> {to}, {meeting:?}: answered");
            assert!(sim.test(from, sent).unwrap().is_some());
            let h = early_recv.unwrap_or_else(|| sim.irecv(to, &mut got, from as i32, 3));
            sim.pump();
            sim.engines[to as usize].progress();
            let status = sim.test(to, h).unwrap().expect("received");
            assert_eq!(status.bytes, big.len(), "{from} -> {to}, {meeting:?}");
            assert_eq!(got, big, "{from} -> {to}, {meeting:?}");
            let r = &sim.engines[to as usize];
            assert_eq!(r.buffered_bytes(), 0, "{meeting:?}: no bytes left behind");
            assert!(sim.wire.signals.is_empty() && sim.wire.packets.is_empty());
        }
    }
}

#[test]
fn a_claimed_large_message_is_pulled_by_its_mrecv_or_asked_for_in_a_balancing_step() {
    let direct = FakeDirect::default();
    let mut sim = Sim::new(&direct);
    let (one, two) = (pattern(RENDEZVOUS_MIN, 6), pattern(RENDEZVOUS_MIN + 5, 8));
    let first = sim.send_large(2, 0, 1, &one);
    let second = sim.send_large(2, 0, 1, &two);
    sim.pump();
    let claim = |sim: &mut Sim<'_>| {
        sim.on(0, |e, _| e.improbe("improbe", WORLD, ANY_SOURCE, 1))
            .unwrap()
            .expect("a message is waiting")
    };
    let (a_id, s) = claim(&mut sim);
    assert_eq!(s.bytes, one.len());
    let (b_id, s) = claim(&mut sim);
    assert_eq!(s.bytes, two.len());
    // A plain receive does not see claimed messages.
    let mut other = vec![0u8; two.len()];
    let h = sim.irecv(0, &mut other, ANY_SOURCE, 1);
    assert_eq!(sim.test(0, h).unwrap(), None);
    // The first is received directly between the processes.
    let mut a = vec![0u8; one.len()];
    let (ptr, len) = (a.as_mut_ptr(), a.len());
    // SAFETY: `a` outlives the request, tested to completion below.
    let ha = sim.on(0, |e, _| unsafe { e.mrecv("mrecv", a_id, ptr, len, 1) });
    sim.pump();
    assert!(sim.test(0, ha.unwrap()).unwrap().is_some());
    assert_eq!(a, one);
    // The second waits claimed while rank 0 is in a balancing step: it is
    // asked for as a message, so its sender goes on.
    sim.mobile[0] = true;
    sim.on(0, |_, _| ());
    sim.pump();
    assert!(sim.test(2, first).unwrap().is_some());
    assert!(sim.test(2, second).unwrap().is_some(), "the sender went on");
    sim.mobile[0] = false;
    let mut b = vec![0u8; two.len()];
    let (ptr, len) = (b.as_mut_ptr(), b.len());
    // SAFETY: as above.
    let hb = sim.on(0, |e, _| unsafe { e.mrecv("mrecv", b_id, ptr, len, 1) });
    assert!(sim.test(0, hb.unwrap()).unwrap().is_some());
    assert_eq!(b, two);
    assert_eq!(sim.engines[0].buffered_bytes(), 0);
    // Received once: the id is spent.
    let again = sim.on(0, |e, _| unsafe { e.mrecv("mrecv", b_id, ptr, len, 1) });
    assert!(matches!(again, Err(MpiError::InvalidHandle { .. })));
    sim.engines[0].cancel_recv(h);
    assert!(sim.test(0, h).unwrap().unwrap().cancelled());
}
