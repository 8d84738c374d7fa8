//! Where a PE keeps its elements: a type-erased [`ElemStore`] per array,
//! implemented by [`TypedStore`], which knows the element type and runs
//! entry methods with timing, tracing and panic capture. Arrays are created
//! on each PE by an [`ArrayFactory`] sent from the driver.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use crate::chare::Chare;
use crate::checkpoint::{self, ArrayImage, ElementImage};
use crate::ctx::Ctx;
use crate::envelope::{
    ArrayCreation, ArrayId, BroadcastCall, Call, Migrant, ObjId, Payload, encode_boxed,
};
use crate::index::Shape;
use crate::instrument::ElemMeta;
use crate::lb_manager::LbLocal;
use crate::location::{LinearMap, Locations};
use crate::map::Map;
use crate::message::Message;
use crate::reduction::{Reduced, Reductions};
use crate::run_error::RunError;
use crate::services::{ArrayInfo, Services};
use crate::wire::{self, WireError};

/// Creates one PE's share of an array (sent to every PE by the driver).
pub(crate) trait ArrayFactory: Send + Sync {
    /// Registers the array with `svc` and builds the elements whose home is `svc`'s PE.
    fn create(&self, svc: &mut Services) -> Box<dyn ElemStore>;
    /// The id of the array it creates.
    fn id(&self) -> ArrayId;
}

/// The creation message's payload for `factory` (opaque to the envelope).
pub(crate) fn creation(factory: Arc<dyn ArrayFactory>) -> ArrayCreation {
    ArrayCreation(Arc::new(factory))
}

/// The factory a creation message carries (made by [`creation`]).
pub(crate) fn factory(creation: &ArrayCreation) -> &dyn ArrayFactory {
    creation
        .0
        .downcast_ref::<Arc<dyn ArrayFactory>>()
        .expect("an array creation carries the factory `store::creation` put in it")
        .as_ref()
}

/// One PE's elements of one array, with the element type erased.
pub(crate) trait ElemStore: Send {
    /// Runs `call` on element `linear`, or gives the call back (owning its
    /// bytes) if the element is not here.
    fn deliver(
        &mut self,
        linear: u64,
        call: Call<'_>,
        svc: &mut Services,
    ) -> Result<(), Call<'static>>;
    /// Runs `call` on every local element.
    fn broadcast(&mut self, call: BroadcastCall, svc: &mut Services);
    /// Removes element `linear` and serializes it for migration.
    fn emigrate(&mut self, linear: u64) -> Option<Migrant>;
    /// Installs a migrated element.
    fn immigrate(&mut self, linear: u64, migrant: Migrant) -> Result<(), WireError>;
    /// Whether element `linear` lives here.
    fn contains(&self, linear: u64) -> bool;
    /// Whether element `linear` lives here and waits in `at_sync`.
    fn in_sync(&self, linear: u64) -> bool;
    /// Serializes every local element for a checkpoint (they stay here).
    fn snapshot(&self) -> Vec<ElementImage>;
    /// Visits every local element: linear index, bookkeeping, migration size in bytes.
    fn for_each_element(&mut self, f: &mut dyn FnMut(u64, &mut ElemMeta, u64));
}

struct Slot<A> {
    linear: u64,
    obj: A,
    meta: ElemMeta,
}

/// The elements of one array on one PE.
pub(crate) struct TypedStore<A: Chare> {
    array: ArrayId,
    slots: Vec<Slot<A>>,
    pos: LinearMap<u32>,
}

impl<A: Chare> TypedStore<A> {
    fn new(array: ArrayId) -> Self {
        TypedStore {
            array,
            slots: Vec::new(),
            pos: LinearMap::default(),
        }
    }

    fn insert(&mut self, linear: u64, obj: A, meta: ElemMeta) {
        self.pos.insert(linear, self.slots.len() as u32);
        self.slots.push(Slot { linear, obj, meta });
    }
}

/// The migration form of an element: its state and bookkeeping.
fn migrant_of<A: Chare>(slot: &Slot<A>) -> Migrant {
    // Sized from the element's estimate: a large state grown by doubling
    // would be copied and faulted in several times over.
    migrant_into(slot, Vec::with_capacity(slot.obj.pup_size()))
}

/// The migration form of `slot`, its state serialized into `state`.
fn migrant_into<A: Chare>(slot: &Slot<A>, mut state: Vec<u8>) -> Migrant {
    wire::encode_into(&slot.obj, &mut state);
    Migrant {
        state,
        red_no: slot.meta.red_no,
        migratable: slot.meta.migratable,
        at_sync: slot.meta.at_sync,
        syncs: slot.meta.syncs,
        requested: false,
    }
}

/// The checkpoint form of an element.
fn image_of<A: Chare>(slot: &Slot<A>) -> ElementImage {
    let state = checkpoint::buffers::take(slot.obj.pup_size());
    ElementImage::new(slot.linear, migrant_into(slot, state))
}

fn panic_message(panic: &(dyn Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic payload)".to_string()
    }
}

/// Runs one entry method of `slot` with timing, tracing and panic capture.
fn run_entry<A: Chare>(
    slot: &mut Slot<A>,
    array: ArrayId,
    method: &'static str,
    svc: &mut Services,
    f: impl FnOnce(&mut A, &mut Ctx<'_, A>),
) {
    if svc.failure.is_some() {
        return;
    }
    let timed = svc.times_entries();
    let start = match svc.woke_at.take() {
        Some(woke_at) if timed => woke_at,
        _ if timed => svc.clock.raw(),
        _ => 0,
    };
    let obj = ObjId {
        array,
        linear: slot.linear,
    };
    if timed
        && let Some(asked) = slot.meta.load_asked.as_deref_mut()
        && asked.unmeasured_since.is_some()
    {
        // Still paused (`Ctx::pause_load_measure`): from this entry's start.
        asked.unmeasured_since = Some(start);
    }
    if svc.record.is_some() {
        let start_ns = svc.since_start(start);
        if let Some(rec) = &mut svc.record {
            rec.begin(obj, method, start_ns);
        }
    }
    if timed && let Some(trace) = &mut svc.trace {
        trace.entry_begins();
    }
    let result = {
        let mut ctx = Ctx::new(svc, &mut slot.meta, obj);
        let target = &mut slot.obj;
        catch_unwind(AssertUnwindSafe(|| f(target, &mut ctx)))
    };
    if timed {
        let mut end = svc.clock.raw();
        let mut ns = svc.clock.delta_as_nanos(start, end);
        if svc.stretch > 0.0 {
            end = crate::grid::busy_for(&svc.clock, end, (ns as f64 * svc.stretch) as u64);
            ns = svc.clock.delta_as_nanos(start, end);
        }
        let mut unmeasured = 0;
        if let Some(asked) = slot.meta.load_asked.as_deref_mut() {
            if let Some(since) = asked.unmeasured_since {
                asked.unmeasured_ns += svc.clock.delta_as_nanos(since, end);
                asked.unmeasured_since = Some(end);
            }
            unmeasured = std::mem::take(&mut asked.unmeasured_ns);
        }
        slot.meta.load_ns += ns.saturating_sub(unmeasured);
        if let Some(rec) = &mut svc.record {
            rec.end(ns);
        }
        svc.counters.entry_ns += ns;
        if svc.trace.is_some() {
            svc.trace_entry(array, method, slot.linear, start, ns);
        }
    }
    if let Err(panic) = result {
        let info = svc.array(array);
        let err = RunError::EntryPanic {
            array: info.name.to_string(),
            index: info.shape.index(slot.linear),
            method: method.to_string(),
            pe: svc.pe,
            message: panic_message(panic.as_ref()),
        };
        svc.fail(err);
    }
}

#[cold]
fn undecodable(array: ArrayId, error: WireError, svc: &mut Services) {
    let what = format!("a message for array {}", svc.array(array).name);
    let pe = svc.pe;
    svc.fail(RunError::Wire { pe, what, error });
}

fn run_call<A: Chare>(slot: &mut Slot<A>, array: ArrayId, call: Call<'_>, svc: &mut Services) {
    match call {
        Call::Msg(payload) => {
            // A received message's bytes are freed after the entry method
            // ran: off the path from its arrival to the reply.
            let mut _received = None;
            let msg: A::Msg = match payload {
                Payload::Local(b) => match b.downcast::<A::Msg>() {
                    Ok(m) => *m,
                    Err(_) => {
                        let name = svc.array(array).name.to_string();
                        svc.fail(RunError::Internal(format!(
                            "a message of the wrong type reached array {name}"
                        )));
                        return;
                    }
                },
                Payload::Wire(bytes) => {
                    match wire::decode_chare_message(&bytes.bytes, bytes.bulk()) {
                        Ok(m) => {
                            _received = Some(bytes);
                            m
                        }
                        Err(e) => return undecodable(array, e, svc),
                    }
                }
                Payload::InFrame(bytes) => match wire::decode_chare_message(bytes, &[]) {
                    Ok(m) => m,
                    Err(e) => return undecodable(array, e, svc),
                },
            };
            let method = msg.entry_name();
            run_entry(slot, array, method, svc, |obj, ctx| obj.receive(msg, ctx));
        }
        Call::Reduction { tag, value } => run_entry(slot, array, "reduction", svc, |obj, ctx| {
            obj.reduction(Reduced { tag, value: *value }, ctx)
        }),
        Call::ResumeFromSync => {
            if std::mem::take(&mut slot.meta.at_sync) {
                let lb = &mut svc.array_mut(array).lb;
                lb.reported = lb.reported.saturating_sub(1);
            }
            run_entry(slot, array, "resume_from_sync", svc, |obj, ctx| {
                obj.resume_from_sync(ctx)
            })
        }
    }
}

impl<A: Chare> ElemStore for TypedStore<A> {
    #[inline]
    fn deliver(
        &mut self,
        linear: u64,
        call: Call<'_>,
        svc: &mut Services,
    ) -> Result<(), Call<'static>> {
        let Some(&i) = self.pos.get(&linear) else {
            return Err(call.into_owned());
        };
        run_call(&mut self.slots[i as usize], self.array, call, svc);
        Ok(())
    }

    fn broadcast(&mut self, call: BroadcastCall, svc: &mut Services) {
        let n = self.slots.len();
        if n == 0 {
            return;
        }
        for i in 0..n - 1 {
            let copy = call.copy_for(false).into_call();
            run_call(&mut self.slots[i], self.array, copy, svc);
        }
        run_call(&mut self.slots[n - 1], self.array, call.into_call(), svc);
    }

    fn emigrate(&mut self, linear: u64) -> Option<Migrant> {
        let i = self.pos.remove(&linear)? as usize;
        let slot = self.slots.swap_remove(i);
        if let Some(moved) = self.slots.get(i) {
            self.pos.insert(moved.linear, i as u32);
        }
        Some(migrant_of(&slot))
    }

    fn immigrate(&mut self, linear: u64, migrant: Migrant) -> Result<(), WireError> {
        let obj: A = wire::decode(&migrant.state)?;
        let meta = ElemMeta {
            red_no: migrant.red_no,
            migratable: migrant.migratable,
            at_sync: migrant.at_sync,
            syncs: migrant.syncs,
            ..ElemMeta::default()
        };
        self.insert(linear, obj, meta);
        Ok(())
    }

    fn contains(&self, linear: u64) -> bool {
        self.pos.contains_key(&linear)
    }

    fn in_sync(&self, linear: u64) -> bool {
        self.pos
            .get(&linear)
            .is_some_and(|&i| self.slots[i as usize].meta.at_sync)
    }

    fn snapshot(&self) -> Vec<ElementImage> {
        crate::migration::imaged(|| self.slots.iter().map(|s| image_of(s)).collect())
    }

    fn for_each_element(&mut self, f: &mut dyn FnMut(u64, &mut ElemMeta, u64)) {
        for s in &mut self.slots {
            let bytes = s.obj.pup_size() as u64;
            f(s.linear, &mut s.meta, bytes);
        }
    }
}

/// Creates the elements of an array of `A` on each PE.
pub(crate) struct TypedFactory<A: Chare> {
    pub id: ArrayId,
    pub name: Arc<str>,
    pub shape: Shape,
    pub map: Map,
    pub init: Arc<A::Init>,
    /// Elements to restore instead of building them with `A::new`.
    pub image: Option<Arc<ArrayImage>>,
}

impl<A: Chare> TypedFactory<A> {
    /// Builds the elements whose home is `svc`'s PE with `A::new`.
    fn build(&self, info: &mut ArrayInfo, store: &mut TypedStore<A>, svc: &mut Services) {
        for linear in 0..self.shape.len() {
            if info.home(linear, svc.num_pes) != svc.pe {
                continue;
            }
            let index = self.shape.index(linear);
            match catch_unwind(AssertUnwindSafe(|| A::new(index, &self.init))) {
                Ok(obj) => {
                    let meta = ElemMeta {
                        migratable: true,
                        ..ElemMeta::default()
                    };
                    store.insert(linear, obj, meta);
                    info.red.element_arrived(0);
                    info.lb.local += 1;
                }
                Err(panic) => {
                    svc.fail(RunError::EntryPanic {
                        array: self.name.to_string(),
                        index,
                        method: "new".to_string(),
                        pe: svc.pe,
                        message: panic_message(panic.as_ref()),
                    });
                    break;
                }
            }
        }
    }
}

impl<A: Chare> ArrayFactory for TypedFactory<A> {
    fn id(&self) -> ArrayId {
        self.id
    }

    fn create(&self, svc: &mut Services) -> Box<dyn ElemStore> {
        let mut info = ArrayInfo {
            name: self.name.clone(),
            shape: self.shape,
            map: self.map.clone(),
            loc: Locations::default(),
            red: Reductions::default(),
            init: self.init.clone(),
            encode: encode_boxed::<A::Msg>,
            lb: LbLocal::default(),
        };
        let mut store = TypedStore::<A>::new(self.id);
        match &self.image {
            Some(image) => restore(image, &mut info, &mut store, svc),
            None => self.build(&mut info, &mut store, svc),
        }
        let slot = self.id as usize;
        if svc.arrays.len() <= slot {
            svc.arrays.resize_with(slot + 1, || None);
        }
        svc.arrays[slot] = Some(info);
        Box::new(store)
    }
}

/// Installs the elements of `image` whose home (by the new map) is `svc`'s
/// PE; reductions continue from the image's reduction number.
fn restore<A: Chare>(
    image: &ArrayImage,
    info: &mut ArrayInfo,
    store: &mut TypedStore<A>,
    svc: &mut Services,
) {
    info.red.start_at(image.red_no);
    for e in &image.elements {
        if info.home(e.linear, svc.num_pes) != svc.pe {
            continue;
        }
        let obj: A = match wire::decode(&e.state) {
            Ok(obj) => obj,
            Err(error) => {
                let what = format!("element {} of the image of array {}", e.linear, image.name);
                let pe = svc.pe;
                return svc.fail(RunError::Wire { pe, what, error });
            }
        };
        let meta = ElemMeta {
            red_no: e.red_no,
            migratable: e.migratable,
            syncs: e.syncs,
            ..ElemMeta::default()
        };
        store.insert(e.linear, obj, meta);
        info.red.element_arrived(e.red_no);
        info.lb.local += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pe::testing::*;

    #[test]
    fn a_call_for_an_absent_element_comes_back_owning_its_bytes() {
        let (mut pes, _rx) = pes(2, false);
        let pe = &mut pes[0];
        let bytes = wire::encode(&5u32);
        let store = pe.stores[0].as_mut().unwrap();
        let back = store.deliver(4, Call::Msg(Payload::InFrame(&bytes)), &mut pe.svc);
        match back {
            Err(Call::Msg(Payload::Wire(w))) => assert_eq!(w.bytes, bytes),
            _ => panic!("the call was not given back"),
        }
        let local = store.deliver(1, Call::Msg(Payload::InFrame(&bytes)), &mut pe.svc);
        assert!(local.is_ok());
        assert_eq!(received(pe, 1), vec![5]);
    }

    #[test]
    fn an_undecodable_message_stops_the_run_naming_the_array() {
        let (mut pes, _rx) = pes(1, false);
        let pe = &mut pes[0];
        let store = pe.stores[0].as_mut().unwrap();
        let _ = store.deliver(0, Call::Msg(Payload::InFrame(&[1])), &mut pe.svc);
        match pe.svc.failure.clone() {
            Some(RunError::Wire { pe: 0, what, error }) => {
                assert_eq!(what, "a message for array probes");
                assert!(matches!(error, WireError::Decode(_)), "{error}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_broadcast_reaches_every_local_element_once() {
        let (mut pes, _rx) = pes(2, false);
        let pe = &mut pes[1];
        let call = crate::ctx::broadcast_call::<Probe>(6);
        pe.stores[0].as_mut().unwrap().broadcast(call, &mut pe.svc);
        for linear in 3..6 {
            assert_eq!(received(pe, linear), vec![6]);
        }
    }

    #[test]
    fn an_emigrant_keeps_its_bookkeeping() {
        let (mut pes, _rx) = pes(1, false);
        let pe = &mut pes[0];
        let store = pe.stores[0].as_mut().unwrap();
        store.for_each_element(&mut |linear, meta, _| {
            meta.red_no = linear as u32;
            meta.at_sync = linear == 2;
        });
        let m = store.emigrate(2).expect("element 2 is here");
        assert!(!store.contains(2));
        assert_eq!((m.red_no, m.at_sync, m.migratable), (2, true, true));
        assert!(store.emigrate(2).is_none());
        store.immigrate(2, m).unwrap();
        let mut seen = None;
        store.for_each_element(&mut |linear, meta, _| {
            if linear == 2 {
                seen = Some((meta.red_no, meta.at_sync));
            }
        });
        assert_eq!(seen, Some((2, true)));
    }
}
