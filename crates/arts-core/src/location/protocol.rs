//! The location protocol of `README.md`, as a PE runs it: delivering an
//! element message or forwarding it (rules 2 and 3), location updates
//! (rule 5) and the two ends of a migration (rule 4).

use crate::PeId;
use crate::envelope::{Body, Entry, Envelope, Migrant, ObjId};
use crate::pe::Pe;
use crate::runtime::RunError;

/// Priority of the protocol's own messages (location updates, migrations).
const CONTROL_PRIORITY: i32 = 0;

impl Pe {
    /// Runs element message `e` (sent by `src` with priority `prio`) if its
    /// element lives here, telling `src` where it is if it had to be
    /// forwarded; else forwards it to where this PE believes the element is.
    #[inline]
    pub(crate) fn deliver(&mut self, prio: i32, src: PeId, e: Entry<'_>) {
        let Entry { to, hops, call } = e;
        let store = self.stores[to.array as usize]
            .as_mut()
            .expect("checked in accept");
        match store.deliver(to.linear, call, &mut self.svc) {
            Ok(()) => {
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
            Err(call) => {
                let hops = hops.saturating_add(1);
                self.forward(prio, src, Entry { to, hops, call });
            }
        }
    }

    /// Sends element message `e` on towards its element (rule 2).
    #[cold]
    #[inline(never)]
    fn forward(&mut self, prio: i32, src: PeId, e: Entry<'static>) {
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
        let red_no = migrant.red_no;
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
        info.lb.arrived += 1;
        if home != me {
            self.post_control(home, Body::LocationUpdate { obj, pe: me });
        }
        self.check_arrivals(obj.array);
    }

    /// Moves local element `obj` to PE `to`, leaving a forwarding record
    /// (rule 4, departure).
    pub(crate) fn emigrate(&mut self, obj: ObjId, to: PeId) {
        let Some(store) = self.stores[obj.array as usize].as_mut() else {
            return;
        };
        let Some(migrant) = store.emigrate(obj.linear) else {
            return;
        };
        let num_pes = self.svc.num_pes;
        let info = self.svc.array_mut(obj.array);
        let home = info.home(obj.linear, num_pes);
        info.loc.set(obj.linear, to, home);
        info.red.element_left(migrant.red_no);
        info.lb.local -= 1;
        info.lb.bytes_out += migrant.state.len() as u64;
        self.svc.flush_reductions(obj.array);
        let migrant = Box::new(migrant);
        self.post_control(to, Body::Migrate { obj, migrant });
    }

    /// Sends one of the protocol's own messages to `to`.
    fn post_control(&mut self, to: PeId, body: Body) {
        let (prio, src) = (CONTROL_PRIORITY, self.svc.pe);
        self.svc.post(to, Envelope { prio, src, body });
    }
}
