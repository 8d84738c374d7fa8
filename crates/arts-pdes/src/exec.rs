//! Running one handler: the part every engine shares. Builds the handler's
//! context, then checks each requested event and turns it into a keyed [`Event`].

use crate::error::{EventError, EventFault};
use crate::event::Event;
use crate::key::{Key, LpId, MAX_SENDS_PER_LP, Time};
use crate::model::{EventCtx, Model, Outgoing};
use crate::rng::LpRng;

/// The engine-side state of one LP: the model state plus the random stream and
/// send counter (both restored by rollbacks, both part of the checksum).
pub(crate) struct LpCore<S> {
    pub state: S,
    pub rng: LpRng,
    pub seq: u64,
}

/// Per-thread executor: owns the reusable buffer handlers write into.
pub(crate) struct Exec<'m, M: Model> {
    pub model: &'m M,
    lookahead: Time,
    lps: u32,
    out: Vec<Outgoing<M::Msg>>,
}

impl<'m, M: Model> Exec<'m, M> {
    pub(crate) fn new(model: &'m M) -> Self {
        Exec {
            model,
            lookahead: model.lookahead(),
            lps: model.lp_count(),
            out: Vec::new(),
        }
    }

    /// Creates LP `lp` and appends its initial events to `new`.
    pub(crate) fn init(
        &mut self,
        lp: LpId,
        seed: u64,
        new: &mut Vec<Event<M::Msg>>,
    ) -> Result<LpCore<M::State>, EventError> {
        let mut rng = LpRng::new(seed, lp);
        self.out.clear();
        let state = {
            let mut ctx = EventCtx {
                now: 0.0,
                lp,
                src: lp,
                lps: self.lps,
                rng: &mut rng,
                out: &mut self.out,
            };
            self.model.init(lp, &mut ctx)
        };
        let mut core = LpCore { state, rng, seq: 0 };
        self.emit(&mut core, lp, 0.0, lp, true, new)?;
        Ok(core)
    }

    /// Creates LP `lp` as the run starts: from `cfg`'s checkpoint when it
    /// resumes one, else by the model's `init`.
    pub(crate) fn start(
        &mut self,
        lp: LpId,
        cfg: &crate::config::RunConfig,
        new: &mut Vec<Event<M::Msg>>,
    ) -> Result<LpCore<M::State>, EventError> {
        match &cfg.resume {
            Some(r) => Ok(r.restore(self.model, lp, cfg.seed, new)),
            None => self.init(lp, cfg.seed, new),
        }
    }

    /// Handles `ev` on `core` and appends the new events to `new`. On error
    /// nothing is appended and the send counter is unchanged (the state and
    /// random stream may have changed: the caller stops or rolls back).
    #[inline]
    pub(crate) fn handle(
        &mut self,
        core: &mut LpCore<M::State>,
        ev: &Event<M::Msg>,
        undo: &mut M::Undo,
        new: &mut Vec<Event<M::Msg>>,
    ) -> Result<(), EventError> {
        let now = ev.key.time();
        let src = ev.key.src();
        self.out.clear();
        {
            let mut ctx = EventCtx {
                now,
                lp: ev.dst,
                src,
                lps: self.lps,
                rng: &mut core.rng,
                out: &mut self.out,
            };
            self.model.handle(&mut core.state, &ev.msg, undo, &mut ctx);
        }
        self.emit(core, ev.dst, now, src, false, new)
    }

    /// Validates the handler's requests and keys them.
    #[inline]
    fn emit(
        &mut self,
        core: &mut LpCore<M::State>,
        lp: LpId,
        now: Time,
        src: LpId,
        init: bool,
        new: &mut Vec<Event<M::Msg>>,
    ) -> Result<(), EventError> {
        let start = new.len();
        let seq0 = core.seq;
        for o in &self.out {
            let checked = match core.seq < MAX_SENDS_PER_LP {
                true => self.check(o, now, init),
                false => Err(EventFault::TooManySends {
                    limit: MAX_SENDS_PER_LP,
                }),
            };
            match checked {
                Ok(time) => {
                    new.push(Event {
                        key: Key::new(time, lp, core.seq),
                        dst: o.dst,
                        uid: 0,
                        msg: o.msg,
                    });
                    core.seq += 1;
                }
                Err(fault) => {
                    new.truncate(start);
                    core.seq = seq0;
                    return Err(EventError {
                        model: self.model.name().to_string(),
                        phase: if init { "init" } else { "event" },
                        lp,
                        time: now,
                        src,
                        fault,
                    });
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn check(&self, o: &Outgoing<M::Msg>, now: Time, init: bool) -> Result<Time, EventFault> {
        if o.dst >= self.lps {
            return Err(EventFault::DstOutOfRange {
                dst: o.dst,
                lps: self.lps,
            });
        }
        if !o.delay.is_finite() {
            return Err(EventFault::NotFinite { delay: o.delay });
        }
        if init {
            if o.delay < 0.0 {
                return Err(EventFault::NotInFuture {
                    delay: o.delay,
                    now,
                });
            }
            return Ok(o.delay + 0.0);
        }
        if o.delay < self.lookahead {
            return Err(EventFault::BelowLookahead {
                delay: o.delay,
                lookahead: self.lookahead,
            });
        }
        let time = now + o.delay;
        if time <= now || !time.is_finite() {
            return Err(EventFault::NotInFuture {
                delay: o.delay,
                now,
            });
        }
        Ok(time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::phold::{Phold, PholdParams};

    #[test]
    fn an_lp_past_the_most_sends_a_key_can_number_is_a_model_error() {
        let model = Phold::new(PholdParams {
            lps: 4,
            events_per_lp: 1,
            mean_delay: 1.0,
            lookahead: 1.0,
            remote: 0.0,
        })
        .unwrap();
        let mut exec = Exec::new(&model);
        let mut new = Vec::new();
        let mut core = exec.init(2, 7, &mut new).unwrap();
        let ev = new.pop().unwrap();
        let mut undo = Default::default();
        // The last send a key can number is still keyed; the next is refused.
        core.seq = MAX_SENDS_PER_LP - 1;
        exec.handle(&mut core, &ev, &mut undo, &mut new).unwrap();
        assert_eq!(new[0].key.seq(), MAX_SENDS_PER_LP - 1);
        let err = exec
            .handle(&mut core, &ev, &mut undo, &mut new)
            .unwrap_err();
        assert_eq!(
            err.fault,
            EventFault::TooManySends {
                limit: MAX_SENDS_PER_LP
            }
        );
        assert_eq!((new.len(), core.seq), (1, MAX_SENDS_PER_LP));
        assert!(err.to_string().contains("68719476736 events"), "{err}");
    }
}
