//! The engine driven by hand: packets delivered in scrambled order, so that
//! matching must restore send order per sender.

use super::*;
use crate::datatype::{MpiType, bytes_of, collect};
use crate::op::Op;

/// `n` engines and the packets between them.
struct Sim {
    engines: Vec<Engine>,
    wire: Outbox,
    seed: u64,
}

impl Sim {
    fn new(n: u32) -> Sim {
        Sim {
            engines: (0..n).map(|r| Engine::new(r, n)).collect(),
            wire: Outbox::default(),
            seed: 0x9e37_79b9_7f4a_7c15,
        }
    }

    /// Delivers every packet in flight, in a scrambled order, until none is left.
    fn pump(&mut self) {
        while !self.wire.0.is_empty() {
            self.seed ^= self.seed << 13;
            self.seed ^= self.seed >> 7;
            self.seed ^= self.seed << 17;
            let i = (self.seed % self.wire.0.len() as u64) as usize;
            let (to, p) = self.wire.0.swap_remove(i);
            self.engines[to as usize].on_packet(&mut self.wire, p);
        }
    }

    fn send(&mut self, from: u32, to: i32, tag: i32, data: &[u8]) {
        let e = &mut self.engines[from as usize];
        e.send(&mut self.wire, "send", WORLD, to, tag, data)
            .unwrap();
    }
}

fn recv(e: &mut Engine, buf: &mut [u8], src: i32, tag: i32) -> Result<u32, MpiError> {
    // SAFETY: `buf` outlives the request in every test (tested before use).
    unsafe { e.irecv("recv", WORLD, src, tag, buf.as_mut_ptr(), buf.len(), 1) }
}

#[test]
fn messages_from_one_sender_match_in_send_order_whatever_the_arrival_order() {
    let mut sim = Sim::new(3);
    for i in 0..20u8 {
        sim.send(1, 0, 7, &[i]);
        sim.send(2, 0, 7, &[100 + i]);
    }
    sim.pump();
    let (mut from1, mut from2) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        let mut b = [0u8; 1];
        let h = recv(&mut sim.engines[0], &mut b, ANY_SOURCE, 7).unwrap();
        let s = sim.engines[0].test("recv", h).unwrap().unwrap();
        assert_eq!((s.tag, s.count, s.bytes), (7, 1, 1));
        match s.source {
            1 => from1.push(b[0]),
            2 => from2.push(b[0]),
            other => panic!("source {other}"),
        }
    }
    assert_eq!(from1, (0..20).collect::<Vec<u8>>());
    assert_eq!(from2, (100..120).collect::<Vec<u8>>());
    assert_eq!(sim.engines[0].buffered_bytes(), 0);
}

#[test]
fn tags_and_sources_select_and_wildcards_take_the_oldest() {
    let mut sim = Sim::new(3);
    sim.send(1, 0, 5, b"a");
    sim.send(2, 0, 6, b"b");
    sim.send(1, 0, 6, b"c");
    sim.pump();
    let e = &mut sim.engines[0];
    let mut b = [0u8; 4];
    let h = recv(e, &mut b, 1, 6).unwrap();
    let s = e.test("recv", h).unwrap().unwrap();
    assert_eq!((s.source, s.tag, &b[..1]), (1, 6, &b"c"[..]));
    assert_eq!(
        e.iprobe("iprobe", WORLD, ANY_SOURCE, 6)
            .unwrap()
            .unwrap()
            .source,
        2
    );
    let h = recv(e, &mut b, ANY_SOURCE, ANY_TAG).unwrap();
    let s = e.test("recv", h).unwrap().unwrap();
    assert_eq!(
        (s.source, s.tag),
        (1, 5),
        "the oldest of rank 1's messages first"
    );
    assert!(e.iprobe("iprobe", WORLD, 1, ANY_TAG).unwrap().is_none());
}

#[test]
fn a_posted_receive_completes_on_arrival_and_a_long_message_is_truncation() {
    let mut sim = Sim::new(2);
    let mut small = [0u8; 2];
    let h = recv(&mut sim.engines[1], &mut small, 0, 1).unwrap();
    assert_eq!(sim.engines[1].test("recv", h).unwrap(), None);
    sim.send(0, 1, 1, b"xyz");
    sim.pump();
    let err = sim.engines[1].test("recv", h).unwrap_err();
    assert_eq!(
        err,
        MpiError::Truncated {
            call: "recv",
            bytes: 3,
            capacity: 2,
            sender: 0,
            tag: 1,
        }
    );
    assert!(matches!(
        sim.engines[1].test("wait", h),
        Err(MpiError::InvalidHandle { .. })
    ));
}

#[test]
fn bad_ranks_and_tags_are_errors_naming_the_call() {
    let mut e = Engine::new(0, 2);
    let mut net = Outbox::default();
    let err = e.send(&mut net, "send", WORLD, 2, 0, &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "send: rank 2 is not in the communicator of 2 ranks"
    );
    let err = e.send(&mut net, "send", WORLD, 1, -3, &[]).unwrap_err();
    assert!(matches!(err, MpiError::InvalidTag { tag: -3, .. }));
    let mut b = [0u8; 1];
    assert!(recv(&mut e, &mut b, -7, 0).is_err());
    assert!(net.0.is_empty());
}

#[test]
fn a_cancelled_receive_no_longer_matches() {
    let mut sim = Sim::new(2);
    let mut b = [0u8; 1];
    let h = recv(&mut sim.engines[1], &mut b, 0, 0).unwrap();
    sim.engines[1].cancel(h);
    sim.send(0, 1, 0, b"q");
    sim.pump();
    assert_eq!(b, [0]);
    assert!(
        sim.engines[1]
            .iprobe("iprobe", WORLD, 0, 0)
            .unwrap()
            .is_some()
    );
    assert_eq!(sim.engines[1].live_requests(), 0);
}

/// Starts `build(plan, n, r)` on every engine and pumps; returns each rank's result.
fn collective<T: MpiType>(
    n: u32,
    inputs: impl Fn(u32) -> Vec<T>,
    op: Option<Op>,
    build: impl Fn(&mut Plan, u32, u32, usize),
) -> Vec<Vec<T>> {
    let mut sim = Sim::new(n);
    let mut handles = Vec::new();
    for r in 0..n {
        let mut plan = Plan {
            op: op.clone().map(|o| (o, T::DATATYPE)),
            ..Plan::default()
        };
        let b = plan.buf(bytes_of(&inputs(r)).to_vec());
        build(&mut plan, n, r, b);
        let e = &mut sim.engines[r as usize];
        // SAFETY: no output buffer.
        handles.push(unsafe { e.start(&mut sim.wire, "coll", WORLD, plan, None).unwrap() });
    }
    sim.pump();
    let mut out = Vec::new();
    for (r, h) in handles.into_iter().enumerate() {
        let e = &mut sim.engines[r];
        let Some(Some(Req::Coll(s))) = e.reqs.get(h as usize) else {
            panic!("rank {r} lost its collective");
        };
        assert!(s.finished, "rank {r} did not finish");
        assert!(s.error.is_none(), "{:?}", s.error);
        out.push(s.plan.out.map_or(Vec::new(), |b| collect(&s.plan.bufs[b])));
    }
    out
}

#[test]
fn reduce_and_allreduce_equal_the_sequential_reduction_for_many_sizes() {
    for n in [1u32, 2, 3, 5, 8, 13] {
        for root in [0, n - 1, n / 2] {
            let got = collective(
                n,
                |r| vec![r as i64 + 1, (r as i64) * (r as i64)],
                Some(Op::Sum),
                |p, n, r, b| {
                    plans::reduce(p, n, r, root, b);
                    p.out = (r == root).then_some(b);
                },
            );
            let want = vec![
                (1..=n as i64).sum::<i64>(),
                (0..n as i64).map(|r| r * r).sum(),
            ];
            assert_eq!(got[root as usize], want, "n={n} root={root}");
        }
        let got = collective(
            n,
            |r| vec![r as f64 * 0.5],
            Some(Op::Max),
            |p, n, r, b| {
                plans::reduce(p, n, r, 0, b);
                plans::bcast(p, n, r, 0, b);
                p.out = Some(b);
            },
        );
        assert!(
            got.iter().all(|v| v == &vec![(n - 1) as f64 * 0.5]),
            "n={n}"
        );
    }
}

#[test]
fn a_non_commutative_reduction_combines_in_rank_order() {
    // String-like concatenation of digits: 0 ⊕ 1 ⊕ ... in order.
    let concat = Op::user::<u64>("digits", |l, r| {
        for (a, b) in l.iter().zip(r.iter_mut()) {
            *b += a * 10u64.pow(b.to_string().len() as u32);
        }
    });
    for root in [0u32, 4] {
        let got = collective(
            7,
            |r| vec![r as u64 + 1],
            Some(concat.clone()),
            |p, n, r, b| {
                plans::reduce(p, n, r, root, b);
                p.out = (r == root).then_some(b);
            },
        );
        assert_eq!(got[root as usize], vec![1234567]);
    }
}

#[test]
fn gathers_scatters_all_to_all_and_scans_place_every_part() {
    let n = 5u32;
    let got = collective(
        n,
        |r| vec![r as u8; r as usize],
        None,
        |p, n, r, b| {
            let counts: Vec<usize> = (0..n as usize).collect();
            let all = plans::gatherv(p, n, r, 2, b, &counts);
            p.out = all;
        },
    );
    assert_eq!(got[2], vec![1, 2, 2, 3, 3, 3, 4, 4, 4, 4]);
    let got = collective(
        n,
        |r| if r == 1 { (0..10u8).collect() } else { vec![] },
        None,
        |p, n, r, b| {
            p.out = Some(plans::scatterv(p, n, r, 1, b, &[1, 2, 3, 0, 4]));
        },
    );
    assert_eq!(
        got,
        vec![vec![0], vec![1, 2], vec![3, 4, 5], vec![], vec![6, 7, 8, 9]]
    );
    // The root's parts each in a buffer of their own (`Mpi::iscatterv`).
    let got = collective(
        n,
        |_| Vec::<u8>::new(),
        None,
        |p, n, r, _| {
            let parts: Vec<usize> = match r {
                3 => (0..n as u8)
                    .map(|i| p.buf(vec![i; 20 * i as usize]))
                    .collect(),
                _ => Vec::new(),
            };
            p.out = Some(plans::scatter(p, n, r, 3, &parts));
        },
    );
    for (r, v) in got.iter().enumerate() {
        assert_eq!(v, &vec![r as u8; 20 * r]);
    }
    let got = collective(
        n,
        |r| (0..n).map(|i| (10 * r + i) as u16).collect(),
        None,
        |p, n, r, b| {
            p.out = Some(plans::alltoallv(p, n, r, b, &[2; 5], &[2; 5]));
        },
    );
    for (r, v) in got.iter().enumerate() {
        let want: Vec<u16> = (0..n as u16).map(|i| 10 * i + r as u16).collect();
        assert_eq!(v, &want);
    }
    let got = collective(
        n,
        |r| vec![r + 1],
        Some(Op::Prod),
        |p, n, r, b| {
            plans::scan(p, n, r, b);
            p.out = Some(b);
        },
    );
    assert_eq!(got, vec![vec![1u32], vec![2], vec![6], vec![24], vec![120]]);
    let got = collective(
        n,
        |_| Vec::<u8>::new(),
        None,
        |p, n, r, _| plans::barrier(p, n, r),
    );
    assert_eq!(got.len(), n as usize);
}

#[test]
fn concurrent_collectives_on_one_communicator_do_not_mix() {
    let mut sim = Sim::new(4);
    let mut hs = Vec::new();
    for round in 0..3u64 {
        for r in 0..4u32 {
            let mut plan = Plan {
                op: Some((Op::Sum, u64::DATATYPE)),
                ..Plan::default()
            };
            let b = plan.buf(bytes_of(&[round * 100 + r as u64]).to_vec());
            plans::reduce(&mut plan, 4, r, 0, b);
            plans::bcast(&mut plan, 4, r, 0, b);
            plan.out = Some(b);
            let e = &mut sim.engines[r as usize];
            // SAFETY: no output buffer.
            hs.push((round, r, unsafe {
                e.start(&mut sim.wire, "coll", WORLD, plan, None).unwrap()
            }));
        }
    }
    sim.pump();
    for (round, r, h) in hs {
        let Some(Some(Req::Coll(s))) = sim.engines[r as usize].reqs.get(h as usize) else {
            panic!("lost");
        };
        let v: Vec<u64> = collect(&s.plan.bufs[s.plan.out.unwrap()]);
        assert_eq!(v, vec![round * 400 + 6]);
    }
}

#[test]
fn rehoming_copies_every_held_message_into_the_slot_and_keeps_it_intact() {
    use crate::iso::{self, slot::Slot};
    let slot = Slot::open(iso::region::SLOTS - 30, 64 * 1024).unwrap();
    let mut sim = Sim::new(3);
    // Rank 2 gets unexpected messages from 0 and 1 (in system memory) and
    // takes its reduction's inputs into the collective's buffers.
    sim.send(0, 2, 4, &[7; 5000]);
    sim.send(1, 2, 4, b"one");
    sim.send(1, 2, 5, b"");
    let mut handle = 0;
    for r in [0, 1, 2] {
        let mut plan = Plan {
            op: Some((Op::Sum, u64::DATATYPE)),
            ..Plan::default()
        };
        let b = plan.buf(bytes_of(&[u64::from(r) + 1]).to_vec());
        plans::reduce(&mut plan, 3, r, 2, b);
        plan.out = (r == 2).then_some(b);
        sim.pump();
        let e = &mut sim.engines[r as usize];
        // SAFETY: no output buffer.
        handle = unsafe { e.start(&mut sim.wire, "coll", WORLD, plan, None).unwrap() };
    }
    sim.pump();
    let e = &mut sim.engines[2];
    assert_eq!(e.unexpected.len(), 3);
    // The 5000-byte message is in a shared buffer; the small ones ride in
    // their packets, which the engine keeps (here: in the slot already).
    let shared = |p: &Packet| p.data.shared().map(Bulk::header_ptr);
    let before: Vec<_> = e.unexpected.iter().map(shared).collect();
    assert_eq!(before.iter().filter(|h| h.is_some()).count(), 1);
    iso::with_slot(Some(slot.index()), || e.rehome());
    let inside = |b: &[u8]| b.is_empty() || iso::in_slot(b.as_ptr());
    for (p, old) in e.unexpected.iter().zip(before) {
        if let Some(old) = old {
            let new = shared(p).expect("still shared");
            assert_ne!(new, old, "a new buffer");
            assert!(iso::in_slot(new) && inside(&p.data));
        }
    }
    let Some(Some(Req::Coll(s))) = e.reqs.get(handle as usize) else {
        panic!("rank 2 lost its collective");
    };
    assert!(s.plan.bufs.iter().all(|b| inside(b)));
    assert_eq!(collect::<u64>(&s.plan.bufs[s.plan.out.unwrap()]), vec![6]);
    let mut b = [0u8; 5000];
    let h = recv(e, &mut b, 0, 4).unwrap();
    assert_eq!(e.test("recv", h).unwrap().map(|s| s.bytes), Some(5000));
    assert_eq!(b, [7; 5000]);
    let mut c = [0u8; 3];
    let h = recv(e, &mut c, 1, 4).unwrap();
    assert!(e.test("recv", h).unwrap().is_some());
    assert_eq!(&c, b"one");
    drop(sim);
    slot.close();
}

#[test]
fn a_rank_waiting_for_all_its_receives_is_woken_only_once_they_are_complete() {
    let mut sim = Sim::new(3);
    let (mut a, mut b) = ([0u8; 1], [0u8; 1]);
    let ha = recv(&mut sim.engines[0], &mut a, 1, 7).unwrap();
    let hb = recv(&mut sim.engines[0], &mut b, 2, 7).unwrap();
    let e = &mut sim.engines[0];
    // No gate: any message wakes the rank; one request sets none.
    assert!(e.wakes());
    assert!(!e.gate_on([ha]));
    assert!(e.wakes());
    assert!(e.gate_on([ha, hb]));
    // A second gate does not replace the first.
    assert!(!e.gate_on([ha]));
    assert!(!e.wakes());
    sim.send(2, 0, 7, b"b");
    sim.pump();
    assert!(
        !sim.engines[0].wakes(),
        "one of the two receives is still open"
    );
    sim.send(1, 0, 7, b"a");
    sim.pump();
    let e = &mut sim.engines[0];
    assert!(e.wakes());
    // Retired requests count as complete.
    e.test("recv", ha).unwrap().unwrap();
    assert!(e.wakes());
    e.gate_off();
    assert!(e.wakes());
    e.test("recv", hb).unwrap().unwrap();
    assert_eq!((a, b), ([b'a'], [b'b']));
}

#[test]
fn a_gate_is_not_set_on_what_it_cannot_name() {
    let mut sim = Sim::new(2);
    let mut a = [0u8; 1];
    let ha = recv(&mut sim.engines[0], &mut a, 1, 7).unwrap();
    let e = &mut sim.engines[0];
    // A handle of no request of this rank's (as the C layer passes for a
    // request it cannot name), in either place: no gate, woken as before.
    assert!(!e.gate_on([ha, u32::MAX]));
    assert!(e.wakes());
    assert!(!e.gate_on([u32::MAX, ha]));
    assert!(e.wakes());
    // Nor is one left set: a later wait can set its own.
    let mut b = [0u8; 1];
    let hb = recv(e, &mut b, 1, 8).unwrap();
    assert!(e.gate_on([ha, hb]));
    assert!(!e.wakes());
    e.gate_off();
    assert!(e.wakes());
    e.cancel(ha);
    e.cancel(hb);
}

#[test]
fn a_receive_names_its_communicators_rank_and_reused_buffers_carry_each_messages_bytes() {
    let mut sim = Sim::new(3);
    // WORLD in reverse: WORLD rank 2 is the communicator's rank 0, WORLD 0 its rank 2.
    let comms: Vec<u32> = (0..3)
        .map(|r| sim.engines[r].add_comm(16, vec![2, 1, 0]))
        .collect();
    for round in 0..6u8 {
        // Sizes above the inline bytes, so that the buffers are pooled and
        // reused (one thread here): each message must arrive whole.
        let data: Vec<u8> = (0..1000 + 37 * round as usize)
            .map(|i| (i as u8) ^ round)
            .collect();
        let (comm, dest, source) = match round % 2 {
            0 => (comms[2], 2, 0),
            _ => (WORLD, 0, 2),
        };
        let mut b = vec![0u8; 1300];
        let on = |e: &mut Engine, b: &mut [u8]| {
            // SAFETY: `b` outlives the request (tested below before use).
            unsafe { e.irecv("recv", comm, ANY_SOURCE, 5, b.as_mut_ptr(), b.len(), 1) }.unwrap()
        };
        // Posted before the message comes in rounds 0, 1, 4, 5, after it in 2, 3.
        let posted = (round / 2) % 2 == 0;
        let early = posted.then(|| on(&mut sim.engines[0], &mut b));
        sim.engines[2]
            .send(&mut sim.wire, "send", comm, dest, 5, &data)
            .unwrap();
        sim.pump();
        let h = early.unwrap_or_else(|| on(&mut sim.engines[0], &mut b));
        let s = sim.engines[0].test("recv", h).unwrap().unwrap();
        assert_eq!((s.source, s.bytes), (source, data.len()), "round {round}");
        assert_eq!(&b[..s.bytes], &data[..], "round {round}");
    }
}

#[test]
fn queues_count_what_waits_on_each_side_and_every_message_passed() {
    let mut sim = Sim::new(3);
    sim.send(1, 0, 5, b"abc");
    sim.send(2, 0, 5, b"de");
    sim.send(1, 0, 6, b"f");
    sim.pump();
    let e = &mut sim.engines[0];
    let q = e.queues();
    assert_eq!((q.unexpected, q.posted, q.buffered_bytes), (3, 0, 6));
    assert_eq!((q.sent, q.received), (0, 3));
    let mut b = [0u8; 4];
    let h = recv(e, &mut b, 2, 5).unwrap();
    e.test("recv", h).unwrap().unwrap();
    let waiting = recv(e, &mut b, 0, 9).unwrap();
    let q = e.queues();
    assert_eq!((q.unexpected, q.posted, q.buffered_bytes), (2, 1, 4));
    assert!(e.test("recv", waiting).unwrap().is_none());
    assert_eq!(sim.engines[1].queues().sent, 2);
    assert_eq!(sim.engines[2].queues().sent, 1);
}

#[test]
fn a_broadcast_sends_one_shared_buffer_down_its_whole_tree() {
    let n = 8u32;
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
    let mut sim = Sim::new(n);
    let mut handles = Vec::new();
    for r in 0..n {
        let mut plan = Plan::default();
        let b = plan.buf(if r == 5 { data.clone() } else { Vec::new() });
        plans::bcast(&mut plan, n, r, 5, b);
        plan.out = Some(b);
        let e = &mut sim.engines[r as usize];
        // SAFETY: no output buffer.
        handles.push(unsafe { e.start(&mut sim.wire, "bcast", WORLD, plan, None).unwrap() });
    }
    // Pumped in send order, each packet's bytes noted.
    let mut carried = Vec::new();
    while let Some((to, p)) = sim.wire.0.pop() {
        carried.push(p.data.shared().map(|b| b.as_ptr()));
        sim.engines[to as usize].on_packet(&mut sim.wire, p);
    }
    assert_eq!(carried.len(), n as usize - 1);
    assert!(
        carried.iter().all(|c| c.is_some() && *c == carried[0]),
        "{carried:?}"
    );
    for (r, h) in handles.into_iter().enumerate() {
        let Some(Some(Req::Coll(s))) = sim.engines[r].reqs.get(h as usize) else {
            panic!("rank {r} lost its broadcast");
        };
        assert!(s.finished, "rank {r}");
        assert_eq!(&s.plan.bufs[s.plan.out.unwrap()][..], &data[..], "rank {r}");
    }
}
