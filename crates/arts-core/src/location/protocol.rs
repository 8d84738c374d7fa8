//! The location protocol of `README.md`, as a PE runs it: delivering an
//! element message or forwarding it (rules 2 and 3), location updates
//! (rule 5) and the two ends of a migration (rule 4).

use crate::PeId;
use crate::envelope::{Body, Entry, Envelope, Migrant, ObjId};
use crate::pe::Pe;
use crate::record::RawCause;
use crate::run_error::RunError;

/// Priority of the protocol's own messages (location updates, migrations).
const CONTROL_PRIORITY: i32 = 0;

impl Pe {
    /// Runs element message `e` (sent by `src` with priority `prio`) if its
    /// element lives here, telling `src` where it is if it had to be
    /// forwarded; else forwards it to where this PE believes the element is.
    #[inline(always)]
    pub(crate) fn deliver(&mut self, prio: i32, src: PeId, e: Entry<'_>) {
        let Entry { to, hops, id, call } = e;
        let store = self.stores[to.array as usize]
            .as_mut()
            .expect("checked in accept");
        self.svc.note_cause(Some(RawCause::of_entry(src, id)));
        let delivered = store.deliver(to.linear, call, &mut self.svc);
        self.svc.note_cause(None);
        match delivered {
            Ok(()) => {
                self.requested_moves();
                if hops > 0 && self.svc.should_update(src) {
                    self.post_control(
                        src,
                        Body::LocationUpdate {
                            obj: to,
                            pe: self.svc.pe,
                        },
                    );
                }
            }
            Err(call) => self.forward(prio, src, Entry { to, hops, id, call }),
        }
    }

    /// Sends element message `e` on towards its element (rule 2), one hop
    /// more; holds it here instead if its element is announced to arrive
    /// here (rule 6), as sent: it reached the right PE.
    #[cold]
    #[inline(never)]
    fn forward(&mut self, prio: i32, src: PeId, e: Entry<'static>) {
        let linear = e.to.linear;
        let Some((prio, src, mut e)) = self
            .svc
            .array_mut(e.to.array)
            .loc
            .hold(linear, (prio, src, e))
        else {
            return;
        };
        e.hops = e.hops.saturating_add(1);
        let next = self.svc.route(e.to);
        if next == self.svc.pe {
            let info = self.svc.array(e.to.array);
            let msg = format!(
                "a message for element {} of {} reached PE {}, which neither hosts it nor knows where it is",
                info.shape.index(e.to.linear),
                info.name,
                self.svc.pe
            );
            self.svc.fail(RunError::Internal(msg));
            return;
        }
        let body = Body::Entry(e);
        self.svc.post(next, Envelope { prio, src, body });
    }

    /// Records that `obj` lives on `pe`, unless it lives here (rule 5).
    pub(crate) fn location_update(&mut self, obj: ObjId, pe: PeId) {
        let local = self.stores[obj.array as usize]
            .as_ref()
            .is_some_and(|s| s.contains(obj.linear));
        if !local {
            let num_pes = self.svc.num_pes;
            let info = self.svc.array_mut(obj.array);
            let home = info.home(obj.linear, num_pes);
            info.loc.set(obj.linear, pe, home);
        }
    }

    /// Installs migrated element `obj` and tells its home (rule 4, arrival).
    pub(crate) fn immigrate(&mut self, obj: ObjId, migrant: Migrant) {
        let (red_no, requested, at_sync) = (migrant.red_no, migrant.requested, migrant.at_sync);
        let store = self.stores[obj.array as usize]
            .as_mut()
            .expect("checked in accept");
        if let Err(error) = store.immigrate(obj.linear, migrant) {
            let name = self.svc.array(obj.array).name.to_string();
            self.svc.fail(RunError::Wire {
                pe: self.svc.pe,
                what: format!("a migrated element of {name}"),
                error,
            });
            return;
        }
        let (me, num_pes) = (self.svc.pe, self.svc.num_pes);
        let info = self.svc.array_mut(obj.array);
        let home = info.home(obj.linear, num_pes);
        info.loc.set(obj.linear, me, home);
        info.red.element_arrived(red_no);
        info.lb.local += 1;
        // An element at sync was reported where it waited (moves happen
        // only once every element is, or never to one at sync).
        info.lb.reported += u64::from(at_sync);
        if !requested {
            info.lb.arrived += 1;
        }
        let held = info.loc.arrived(obj.linear);
        if home != me {
            self.post_control(home, Body::LocationUpdate { obj, pe: me });
        }
        for (prio, src, e) in held {
            self.deliver(prio, src, e);
        }
        if !requested {
            self.check_arrivals(obj.array);
        }
    }

    /// What a load-balancing step's `Moves` told this PE about elements
    /// that move in it (rule 6): those coming here are expected (messages
    /// for them wait here for them), the others are recorded where they go,
    /// so that this PE's next messages to them go straight there instead
    /// of through their old PE or their home, across a wide-area link
    /// perhaps twice.
    pub(crate) fn moving(&mut self, array: crate::envelope::ArrayId, told: &[(u64, PeId)]) {
        let (me, num_pes) = (self.svc.pe, self.svc.num_pes);
        let store = self.stores[array as usize].as_ref();
        let info = self.svc.array_mut(array);
        for &(linear, to) in told {
            if store.is_some_and(|s| s.contains(linear)) {
                continue;
            }
            if to == me {
                info.loc.expect(linear);
            } else {
                let home = info.home(linear, num_pes);
                info.loc.set(linear, to, home);
            }
        }
    }

    /// Moves the elements that asked to (`Ctx::migrate_to`), now that the
    /// entry method that asked has returned.
    #[inline]
    pub(crate) fn requested_moves(&mut self) {
        if !self.svc.requested_moves.is_empty() {
            self.move_requested();
        }
    }

    #[cold]
    #[inline(never)]
    fn move_requested(&mut self) {
        for (obj, to) in std::mem::take(&mut self.svc.requested_moves) {
            self.move_element(obj, to, true);
        }
    }

    /// Moves local element `obj` to PE `to`, leaving a forwarding record
    /// (rule 4, departure).
    pub(crate) fn emigrate(&mut self, obj: ObjId, to: PeId) {
        self.move_element(obj, to, false);
    }

    /// Moves local element `obj` to PE `to`; `requested`: it asked to
    /// (outside load balancing, whose step accounting it stays out of).
    fn move_element(&mut self, obj: ObjId, to: PeId, requested: bool) {
        let Some(store) = self.stores[obj.array as usize].as_mut() else {
            return;
        };
        let within = self.svc.transport.local_pes().contains(&to);
        let Some(mut migrant) = crate::migration::packing(within, || store.emigrate(obj.linear))
        else {
            return;
        };
        migrant.requested = requested;
        if let Some(grid) = &mut self.svc.grid {
            grid.forget(obj);
        }
        if self.svc.trace.is_some() {
            let kind = arts_trace::SpanKind::Migrate {
                array: self.svc.array(obj.array).name.clone(),
                element: obj.linear,
                to_pe: to,
            };
            self.svc.trace_now(0, kind);
        }
        let num_pes = self.svc.num_pes;
        let info = self.svc.array_mut(obj.array);
        let home = info.home(obj.linear, num_pes);
        info.loc.set(obj.linear, to, home);
        info.red.element_left(migrant.red_no);
        info.lb.local -= 1;
        info.lb.reported -= u64::from(migrant.at_sync);
        if !requested {
            info.lb.bytes_out += migrant.state.len() as u64;
        }
        // The elements left behind may now all wait in `at_sync`.
        let ready = (!migrant.at_sync).then(|| info.lb.take_ready()).flatten();
        self.svc.flush_reductions(obj.array);
        if let Some(count) = ready {
            let array = obj.array;
            let body = Body::Lb(crate::lb_manager::LbMsg::Ready {
                array,
                count,
                stats: None,
            });
            self.svc.post(
                crate::services::REDUCTION_ROOT,
                Envelope {
                    prio: crate::queue::DEFAULT_PRIORITY,
                    src: self.svc.pe,
                    body,
                },
            );
        }
        let migrant = Box::new(migrant);
        self.post_control(to, Body::Migrate { obj, migrant });
    }

    /// Sends one of the protocol's own messages to `to`.
    fn post_control(&mut self, to: PeId, body: Body) {
        let (prio, src) = (CONTROL_PRIORITY, self.svc.pe);
        self.svc.post(to, Envelope { prio, src, body });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::{DRIVER, MessageBody};
    use crate::pe::testing::*;
    use crate::wire::WireError;

    // Three PEs, elements 0-1 on PE 0, 2-3 on PE 1, 4-5 on PE 2.

    fn entries(envs: &[Envelope]) -> Vec<(u64, u16)> {
        envs.iter()
            .filter_map(|e| match &e.body {
                MessageBody::Entry(m) => Some((m.to.linear, m.hops)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_message_for_an_element_elsewhere_goes_on_with_one_more_hop() {
        let (mut pes, _rx) = pes(3, false);
        pes[0].deliver(5, 2, entry(3, 1, 8));
        let sent = mailbox(&pes[0], 1);
        assert_eq!(entries(&sent), vec![(3, 2)], "to element 3's home, PE 1");
        assert_eq!(
            (sent[0].prio, sent[0].src),
            (5, 2),
            "sender and priority kept"
        );
        assert_eq!(pes[0].svc.sent, 1);
    }

    #[test]
    fn a_forwarded_message_tells_its_sender_where_the_element_is() {
        let (mut pes, _rx) = pes(3, false);
        pes[1].deliver(0, 2, entry(2, 1, 4));
        assert_eq!(received(&mut pes[1], 2), vec![4]);
        let updates = mailbox(&pes[1], 2);
        assert!(matches!(
            updates[..],
            [Envelope {
                body: MessageBody::LocationUpdate { obj: o, pe: 1 },
                ..
            }] if o == obj(2)
        ));
        pes[1].deliver(0, 2, entry(2, 0, 5));
        pes[1].deliver(0, DRIVER, entry(2, 3, 6));
        assert!(
            mailbox(&pes[1], 2).is_empty(),
            "not after direct or driver messages"
        );
        assert_eq!(received(&mut pes[1], 2), vec![4, 5, 6]);
    }

    #[test]
    fn location_updates_are_recorded_unless_the_element_is_here() {
        let (mut pes, _rx) = pes(3, false);
        pes[0].location_update(obj(2), 2);
        assert_eq!(pes[0].svc.route(obj(2)), 2);
        pes[0].location_update(obj(0), 1);
        assert_eq!(pes[0].svc.route(obj(0)), 0, "what a PE hosts wins");
    }

    #[test]
    fn a_migration_leaves_a_record_and_the_home_learns_the_new_place() {
        let (mut pes, _rx) = pes(3, false);
        let before = pes[0].svc.array(0).lb.local;
        pes[0].emigrate(obj(1), 2);
        assert_eq!(pes[0].svc.array(0).lb.local, before - 1);
        assert_eq!(pes[0].svc.route(obj(1)), 2, "forwarding record");
        // A message that finds the element gone follows it, behind it.
        pes[0].deliver(0, 1, entry(1, 0, 2));
        let to_2 = mailbox(&pes[0], 2);
        assert!(matches!(to_2[0].body, MessageBody::Migrate { obj: o, .. } if o == obj(1)));
        assert_eq!(entries(&to_2[1..]), vec![(1, 1)]);
        for env in to_2 {
            pes[2].accept(env);
        }
        while let Some(env) = pes[2].svc.queue.pop() {
            pes[2].handle(env);
        }
        assert_eq!(
            received(&mut pes[2], 1),
            vec![2],
            "state moved, message arrived"
        );
        assert_eq!(pes[2].svc.array(0).lb.arrived, 1);
        // The home (PE 0) and the forwarded message's sender (PE 1) learn.
        let to_home = mailbox(&pes[2], 0);
        assert!(matches!(
            to_home[..],
            [Envelope {
                body: MessageBody::LocationUpdate { pe: 2, .. },
                ..
            }]
        ));
        let to_sender = mailbox(&pes[2], 1);
        assert!(matches!(
            to_sender[..],
            [Envelope {
                body: MessageBody::LocationUpdate { pe: 2, .. },
                ..
            }]
        ));
        pes[1].accept(to_sender.into_iter().next().expect("one update"));
        assert_eq!(pes[1].svc.route(obj(1)), 2);
    }

    #[test]
    fn a_pe_told_of_a_move_sends_straight_to_the_destination() {
        let (mut pes, _rx) = pes(3, false);
        pes[2].moving(0, &[(1, 1), (4, 0), (5, 2)]);
        assert_eq!(pes[2].svc.route(obj(1)), 1, "recorded");
        assert_eq!(pes[2].svc.route(obj(4)), 2, "what a PE hosts wins");
        assert_eq!(pes[2].svc.route(obj(5)), 2);
    }

    #[test]
    fn a_message_for_an_element_announced_here_waits_for_it() {
        let (mut pes, _rx) = pes(3, false);
        // Element 1 (PE 0) moves to PE 2; PE 1 was told and sends there
        // before the element arrives.
        pes[2].moving(0, &[(1, 2)]);
        pes[2].deliver(3, 1, entry(1, 0, 5));
        assert!(mailbox(&pes[2], 0).is_empty(), "not forwarded to PE 0");
        pes[0].emigrate(obj(1), 2);
        for env in mailbox(&pes[0], 2) {
            pes[2].accept(env);
        }
        while let Some(env) = pes[2].svc.queue.pop() {
            pes[2].handle(env);
        }
        assert_eq!(received(&mut pes[2], 1), vec![5]);
        assert!(
            mailbox(&pes[2], 1).is_empty(),
            "its sender had it right: no location update"
        );
        // Expected no more: a later message for an absent element 1 is
        // forwarded again.
        pes[2].emigrate(obj(1), 0);
        pes[2].deliver(0, 1, entry(1, 0, 6));
        let to_0 = mailbox(&pes[2], 0);
        assert_eq!(entries(&to_0[1..]), vec![(1, 1)]);
    }

    #[test]
    fn a_message_nobody_can_place_stops_the_run() {
        let (mut pes, _rx) = pes(3, false);
        pes[1].location_update(obj(0), 1);
        pes[1].deliver(0, 2, entry(0, 0, 1));
        let err = pes[1].svc.failure.clone().expect("failed");
        assert!(
            matches!(&err, RunError::Internal(m) if m.contains("neither hosts it")),
            "{err}"
        );
    }

    #[test]
    fn an_undecodable_migrant_stops_the_run_naming_the_array() {
        let (mut pes, _rx) = pes(3, false);
        let migrant = Migrant {
            state: vec![0xff; 3],
            red_no: 0,
            migratable: true,
            at_sync: false,
            syncs: 0,
            requested: false,
        };
        pes[2].immigrate(obj(0), migrant);
        match pes[2].svc.failure.clone() {
            Some(RunError::Wire {
                pe: 2,
                what,
                error: WireError::Decode(_),
            }) => assert!(what.contains("probes"), "{what}"),
            other => panic!("{other:?}"),
        }
    }
}
