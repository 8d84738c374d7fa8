//! Completing requests: `MPI_Wait`, `MPI_Test` and their `all`, `any` and
//! `some` forms, `MPI_Cancel`, `MPI_Request_free`, and what a status says
//! (`MPI_Get_count`, `MPI_Test_cancelled`). A completed request's handle
//! becomes `MPI_REQUEST_NULL`, unless the request is persistent: then it
//! stays, inactive, for the next `MPI_Start` (`crate::p2p::persistent`).

use std::ffi::c_int;

use arts_ampi::{Completion, Mpi, Request, Status};

use crate::abi::*;
use crate::state::fail::{Fail, count, out};
use crate::state::request::{CReq, Finish, empty_status, write_error, write_status};
use crate::state::{Vp, entry};

/// The `n` request handles at `requests` (checked non-null).
pub(crate) fn handles<'a>(requests: *mut c_int, n: usize) -> Result<&'a mut [c_int], Fail> {
    if n == 0 {
        return Ok(&mut []);
    }
    if requests.is_null() {
        return Err(Fail::new(ERR_ARG, "the request array is a null pointer"));
    }
    // SAFETY: the program passes an array of `n` requests (checked non-null).
    Ok(unsafe { std::slice::from_raw_parts_mut(requests, n) })
}

/// Runs `finish`, if any, on status `s` of a completed request, as a
/// callback (a generalized request's calls the program, which may call
/// MPI).
fn finished(vp: &mut Vp, finish: Option<Finish>, s: Status) -> Status {
    finish.map_or(s, |f| crate::state::callback(vp, || f(s)))
}

/// Waits for `r` and runs its completion work.
pub(crate) fn wait_req(vp: &mut Vp, r: CReq) -> Result<Status, Fail> {
    wait_req_as(vp, "wait", r)
}

/// [`wait_req`], blocked (and reporting a deadlock) as `call`.
pub(crate) fn wait_req_as(vp: &mut Vp, call: &'static str, r: CReq) -> Result<Status, Fail> {
    match r {
        CReq::Done(s) => Ok(s),
        CReq::Failed(f) => Err(f),
        CReq::Pending { req, finish } => {
            let s = vp.mpi().wait_as(call, req)?;
            Ok(finished(vp, finish, s))
        }
        CReq::All(parts) => {
            for p in parts {
                wait_req_as(vp, call, p)?;
            }
            Ok(empty_status())
        }
    }
}

/// Tests the parts of `r` if it is [`CReq::All`]: done (`CReq::Done`)
/// once none is pending, else those still pending. Other requests as they are.
fn settle(vp: &mut Vp, r: CReq) -> Result<CReq, Fail> {
    let CReq::All(parts) = r else {
        return Ok(r);
    };
    let mut left = Vec::new();
    for p in parts {
        if let Err(p) = test_req(vp, p)? {
            left.push(p);
        }
    }
    Ok(match left.is_empty() {
        true => CReq::Done(empty_status()),
        false => CReq::All(left),
    })
}

/// A pending request's place among those a `waitany` or `waitsome`
/// watches: its own arts request, or (an `All`) one of its parts'.
enum Watched {
    /// The request's own completion work.
    Own(Option<Finish>),
    /// The watched part's completion work, and the other parts.
    Part(Option<Finish>, Vec<CReq>),
}

/// The arts request to watch for pending request `r` (not `Done`), and
/// how to put `r` together again.
fn watch(r: CReq) -> (Request<'static>, Watched) {
    match r {
        CReq::Pending { req, finish } => (req, Watched::Own(finish)),
        CReq::All(mut parts) => {
            // Settled: every part left is pending, and there is one.
            let k = (parts.iter())
                .position(|p| matches!(p, CReq::Pending { .. }))
                .expect("a pending part");
            let CReq::Pending { req, finish } = parts.swap_remove(k) else {
                unreachable!("found pending above")
            };
            (req, Watched::Part(finish, parts))
        }
        CReq::Done(_) | CReq::Failed(_) => unreachable!("only pending requests are watched"),
    }
}

impl Watched {
    /// `r` again, with the watched request `req` still pending.
    fn again(self, req: Request<'static>) -> CReq {
        match self {
            Watched::Own(finish) => CReq::Pending { req, finish },
            Watched::Part(finish, mut parts) => {
                parts.push(CReq::Pending { req, finish });
                CReq::All(parts)
            }
        }
    }

    /// `r` after the watched request completed with `outcome`: done with
    /// its status, or (an `All` with parts left) still pending; an error
    /// is `r`'s (its other parts are withdrawn).
    fn completed(self, vp: &mut Vp, outcome: Completion) -> Result<Result<Status, CReq>, Fail> {
        let s = outcome?;
        match self {
            Watched::Own(finish) => Ok(Ok(finished(vp, finish, s))),
            Watched::Part(finish, parts) => {
                finished(vp, finish, s);
                if parts.is_empty() {
                    return Ok(Ok(empty_status()));
                }
                Ok(match settle(vp, CReq::All(parts))? {
                    CReq::Done(s) => Ok(s),
                    r => Err(r),
                })
            }
        }
    }
}

/// Tests `r`: its status if complete (completion work done), else it back.
fn test_req(vp: &mut Vp, r: CReq) -> Result<Result<Status, CReq>, Fail> {
    match settle(vp, r)? {
        CReq::Done(s) => Ok(Ok(s)),
        CReq::Failed(f) => Err(f),
        CReq::Pending { mut req, finish } => Ok(match vp.mpi().test(&mut req)? {
            Some(s) => Ok(finished(vp, finish, s)),
            None => Err(CReq::Pending { req, finish }),
        }),
        r @ CReq::All(_) => Ok(Err(r)),
    }
}

/// A request's outcome among several a call completed: its status or
/// its error.
type Outcome = Result<Status, Fail>;

/// The `i`th of the program's `statuses` (null: `MPI_STATUSES_IGNORE`).
fn status_at(statuses: *mut MpiStatus, i: usize) -> *mut MpiStatus {
    if statuses.is_null() {
        return statuses;
    }
    // SAFETY: the program passes room for a status per request.
    unsafe { statuses.add(i) }
}

/// Writes `outcome` into status `p`, and its `MPI_ERROR` where the call
/// returns `MPI_ERR_IN_STATUS` (`in_status`).
fn write_outcome(p: *mut MpiStatus, outcome: &Outcome, in_status: bool) {
    if let Some(s) = outcome.as_ref().map_or_else(|f| f.status.as_ref(), Some) {
        write_status(p, s);
    }
    if in_status {
        write_error(
            p,
            outcome.as_ref().map_or_else(|f| f.class, |_| MPI_SUCCESS),
        );
    }
}

/// A call's result for the requests it completed, `(position, outcome)`:
/// `MPI_ERR_IN_STATUS` naming the first that failed (each status says
/// its own error, MPI 4.0 §3.7.5), else success.
fn in_status<'a>(outcomes: impl IntoIterator<Item = (usize, &'a Outcome)>) -> Result<(), Fail> {
    let failed = (outcomes.into_iter()).find_map(|(i, o)| o.as_ref().err().map(|f| (i, f)));
    match failed {
        None => Ok(()),
        Some((i, f)) => Err(Fail::new(
            ERR_IN_STATUS,
            format!("request {i} failed ({}): {}", class_name(f.class), f.msg),
        )),
    }
}

/// Writes the outcomes of every request of an `all` call into
/// `statuses`, with `MPI_ERROR` if one failed (then the call fails with
/// `MPI_ERR_IN_STATUS`).
fn write_all(statuses: *mut MpiStatus, outcomes: &[Outcome]) -> Result<(), Fail> {
    let failed = outcomes.iter().any(Result::is_err);
    for (i, o) in outcomes.iter().enumerate() {
        write_outcome(status_at(statuses, i), o, failed);
    }
    in_status(outcomes.iter().enumerate())
}

/// `MPI_Wait`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Wait(
    request: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Wait", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        let outcome = wait_handle(vp, h);
        write_outcome(status, &outcome, false);
        outcome.map(drop)
    })
}

/// Waits for the request of handle `h` (an inactive one: an empty
/// status at once) and retires the handle.
fn wait_handle(vp: &mut Vp, h: &mut c_int) -> Result<Status, Fail> {
    wait_handle_as(vp, "wait", h)
}

/// [`wait_handle`], blocked as `call`.
fn wait_handle_as(vp: &mut Vp, call: &'static str, h: &mut c_int) -> Result<Status, Fail> {
    if !vp.is_active(*h) {
        return Ok(empty_status());
    }
    let r = vp.take_req(*h)?;
    vp.retire(h);
    wait_req_as(vp, call, r)
}

/// `MPI_Waitall`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Waitall(
    n: c_int,
    requests: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    entry("MPI_Waitall", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let hs = handles(requests, n)?;
        // The rank is resumed once all of them have completed, not at each
        // message that leaves one incomplete (arts-ampi's `engine/gate.rs`).
        let active = hs.iter().filter(|&&h| vp.is_active(h));
        let pending = active.filter_map(|&h| vp.reqs.get(usize::try_from(h).ok()?)?.as_ref());
        let gated = vp.mpi().wake_when_all(pending.flat_map(engine_handles));
        // Blocked as `WAITALL`, the call the gate holds for; a request that
        // fails does not stop the wait for the others.
        let outcomes: Vec<Outcome> = (hs.iter_mut())
            .map(|h| wait_handle_as(vp, arts_ampi::WAITALL, h))
            .collect();
        if gated {
            vp.mpi().wake_on_any();
        }
        write_all(statuses, &outcomes)
    })
}

/// The arts request handles that `r` completes with: its own, or its
/// parts' (`u32::MAX` for anything it cannot name, on which the gate
/// is not set).
fn engine_handles(r: &CReq) -> impl Iterator<Item = u32> + '_ {
    let (own, parts): (Option<u32>, &[CReq]) = match r {
        CReq::Done(_) | CReq::Failed(_) => (None, &[]),
        CReq::Pending { req, .. } => (Some(req.handle().unwrap_or(u32::MAX)), &[]),
        CReq::All(parts) => (None, parts),
    };
    let of_part = |p: &CReq| match p {
        CReq::Done(_) | CReq::Failed(_) => None,
        CReq::Pending { req, .. } => Some(req.handle().unwrap_or(u32::MAX)),
        CReq::All(_) => Some(u32::MAX),
    };
    own.into_iter().chain(parts.iter().filter_map(of_part))
}

/// `MPI_Waitany`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Waitany(
    n: c_int,
    requests: *mut c_int,
    index: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Waitany", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let index = out(index, "index")?;
        let hs = handles(requests, n)?;
        // A part of an all-part request may complete without it: then again.
        loop {
            let mut any = false;
            for (i, h) in hs.iter_mut().enumerate() {
                if !vp.is_active(*h) {
                    continue;
                }
                any = true;
                let r = vp.take_req(*h)?;
                let done = match settle(vp, r) {
                    Ok(CReq::Done(s)) => Ok(s),
                    Ok(CReq::Failed(f)) | Err(f) => Err(f),
                    Ok(r) => {
                        vp.put_req(*h, r);
                        continue;
                    }
                };
                vp.retire(h);
                *index = i as c_int;
                write_outcome(status, &done, false);
                return done.map(drop);
            }
            if !any {
                *index = MPI_UNDEFINED;
                return Ok(());
            }
            // Every active request is pending: take them out, wait for the
            // first to finish, put the others back.
            let mut slots = Vec::new();
            let mut taken = Vec::new();
            for (i, h) in hs.iter().enumerate() {
                if !vp.is_active(*h) {
                    continue;
                }
                let (req, watched) = watch(vp.take_req(*h)?);
                slots.push(Some(req));
                taken.push((i, watched));
            }
            let (_, outcome) = vp.mpi().waitany(&mut slots)?;
            let mut outcome = Some(outcome);
            let mut found = None;
            for ((i, watched), slot) in taken.into_iter().zip(slots) {
                let Some(req) = slot else {
                    let completion = outcome.take().expect("one request completed");
                    match watched.completed(vp, completion) {
                        Ok(Ok(s)) => found = Some((i, Ok(s))),
                        Ok(Err(r)) => vp.put_req(hs[i], r),
                        Err(f) => found = Some((i, Err(f))),
                    }
                    continue;
                };
                vp.put_req(hs[i], watched.again(req));
            }
            if let Some((i, done)) = found {
                vp.retire(&mut hs[i]);
                *index = i as c_int;
                write_outcome(status, &done, false);
                return done.map(drop);
            }
        }
    })
}

/// `MPI_Test`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Test(
    request: *mut c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Test", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        let flag = out(flag, "flag")?;
        if !vp.is_active(*h) {
            *flag = 1;
            write_status(status, &empty_status());
            return Ok(());
        }
        let r = vp.take_req(*h)?;
        match test_req(vp, r) {
            Ok(Ok(s)) => {
                vp.retire(h);
                *flag = 1;
                write_status(status, &s);
            }
            Ok(Err(r)) => {
                vp.put_req(*h, r);
                *flag = 0;
            }
            // Complete, in error: the request is freed as on success.
            Err(f) => {
                vp.retire(h);
                *flag = 1;
                let outcome: Outcome = Err(f);
                write_outcome(status, &outcome, false);
                return outcome.map(drop);
            }
        }
        Ok(())
    })
}

/// `MPI_Request_get_status`: whether `request` completed, without freeing
/// it (a later wait or test returns the same status at once).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Request_get_status(
    request: c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Request_get_status", MPI_COMM_WORLD, |vp| {
        let flag = out(flag, "flag")?;
        if !vp.is_active(request) {
            *flag = 1;
            write_status(status, &empty_status());
            return Ok(());
        }
        if let Some(done) = crate::p2p::generalized::status(vp, request) {
            *flag = c_int::from(done.is_some());
            if let Some(s) = done {
                write_status(status, &s);
            }
            return Ok(());
        }
        let r = vp.take_req(request)?;
        match test_req(vp, r) {
            Ok(Ok(s)) => {
                vp.put_req(request, CReq::Done(s));
                *flag = 1;
                write_status(status, &s);
            }
            Ok(Err(r)) => {
                vp.put_req(request, r);
                *flag = 0;
            }
            Err(f) => {
                vp.put_req(request, CReq::Failed(f.clone()));
                *flag = 1;
                return Err(f);
            }
        }
        Ok(())
    })
}

/// `MPI_Testall`: true (and every request freed) only when all completed.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Testall(
    n: c_int,
    requests: *mut c_int,
    flag: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    entry("MPI_Testall", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let flag = out(flag, "flag")?;
        let hs = handles(requests, n)?;
        let mut all = true;
        for h in hs.iter() {
            if !vp.is_active(*h) {
                continue;
            }
            let r = vp.take_req(*h)?;
            match test_req(vp, r) {
                Ok(Ok(s)) => vp.put_req(*h, CReq::Done(s)),
                Ok(Err(r)) => {
                    all = false;
                    vp.put_req(*h, r);
                }
                Err(f) => vp.put_req(*h, CReq::Failed(f)),
            }
        }
        *flag = c_int::from(all);
        if !all {
            return Ok(());
        }
        let mut outcomes = Vec::with_capacity(hs.len());
        for h in hs.iter_mut() {
            outcomes.push(if vp.is_active(*h) {
                let r = vp.take_req(*h)?;
                vp.retire(h);
                match r {
                    CReq::Failed(f) => Err(f),
                    r => Ok(r.status().unwrap_or_default()),
                }
            } else {
                Ok(empty_status())
            });
        }
        write_all(statuses, &outcomes)
    })
}

/// What `MPI_Waitsome`, `MPI_Testsome` and `MPI_Testany` ask of the
/// pending requests: positions (among them) and outcomes of those done.
type Pick<'a> = &'a mut dyn FnMut(
    &mut Mpi<'static>,
    &mut [Option<Request<'static>>],
) -> Vec<(usize, Completion)>;

/// Completes some of the requests `hs`, at most `most`: those complete
/// already (sends copied at once, `MPI_PROC_NULL`) if any, else those
/// `pick` completes among the pending ones. Returns their positions and
/// outcomes in order, each handle retired (`Vp::retire`); `None` when no
/// request is active.
fn complete_some(
    vp: &mut Vp,
    hs: &mut [c_int],
    most: usize,
    blocking: bool,
    pick: Pick<'_>,
) -> Result<Option<Vec<(usize, Outcome)>>, Fail> {
    let active = hs.iter().any(|&h| vp.is_active(h));
    loop {
        let mut done = Vec::new();
        let mut pending = Vec::new();
        let mut slots = Vec::new();
        for (i, h) in hs.iter_mut().enumerate() {
            if !vp.is_active(*h) || done.len() == most {
                continue;
            }
            let r = vp.take_req(*h)?;
            let outcome = match settle(vp, r) {
                Ok(CReq::Done(s)) => Ok(s),
                Ok(CReq::Failed(f)) | Err(f) => Err(f),
                Ok(r) => {
                    let (req, watched) = watch(r);
                    slots.push(Some(req));
                    pending.push((i, watched));
                    continue;
                }
            };
            done.push((i, outcome));
            vp.retire(h);
        }
        let picked = if done.is_empty() && !slots.is_empty() {
            pick(vp.mpi(), &mut slots)
        } else {
            Vec::new()
        };
        let mut outcomes = picked.into_iter().peekable();
        let watching = !pending.is_empty();
        for (j, ((i, watched), slot)) in pending.into_iter().zip(slots).enumerate() {
            if let Some(req) = slot {
                vp.put_req(hs[i], watched.again(req));
                continue;
            }
            let (_, completion) = outcomes
                .next_if(|p| p.0 == j)
                .expect("a taken request's outcome");
            match watched.completed(vp, completion) {
                // A part of an all-part request completed, not all of it.
                Ok(Err(r)) => vp.put_req(hs[i], r),
                Ok(Ok(s)) => {
                    vp.retire(&mut hs[i]);
                    done.push((i, Ok(s)));
                }
                Err(f) => {
                    vp.retire(&mut hs[i]);
                    done.push((i, Err(f)));
                }
            }
        }
        if !(blocking && watching && done.is_empty()) {
            return Ok(active.then_some(done));
        }
    }
}

/// Writes the result of `complete_some` as MPI's `outcount`, `indices`
/// and `statuses`; `MPI_ERR_IN_STATUS` if one of them failed.
fn write_some(
    result: Option<Vec<(usize, Outcome)>>,
    outcount: &mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> Result<(), Fail> {
    let Some(done) = result else {
        *outcount = MPI_UNDEFINED;
        return Ok(());
    };
    *outcount = done.len() as c_int;
    if !done.is_empty() && indices.is_null() {
        return Err(Fail::new(ERR_ARG, "indices is a null pointer"));
    }
    let failed = done.iter().any(|d| d.1.is_err());
    for (k, (i, outcome)) in done.iter().enumerate() {
        // SAFETY: the program passes room for `incount` indices; k < incount.
        unsafe { *indices.add(k) = *i as c_int };
        write_outcome(status_at(statuses, k), outcome, failed);
    }
    in_status(done.iter().map(|(i, o)| (*i, o)))
}

/// `MPI_Waitsome` or `MPI_Testsome` (`call`), whose `pick` completes some
/// of the pending requests; the result goes to `(outcount, indices,
/// statuses)`.
fn some(
    call: &'static str,
    blocking: bool,
    incount: c_int,
    requests: *mut c_int,
    (outcount, indices, statuses): (*mut c_int, *mut c_int, *mut MpiStatus),
    pick: Pick<'_>,
) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let hs = handles(requests, count(incount, "incount")?)?;
        let outcount = out(outcount, "outcount")?;
        let done = complete_some(vp, hs, usize::MAX, blocking, pick)?;
        write_some(done, outcount, indices, statuses)
    })
}

/// `MPI_Waitsome`: waits until at least one request completes; every one
/// that has is returned.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Waitsome(
    incount: c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    let out = (outcount, indices, statuses);
    some("MPI_Waitsome", true, incount, requests, out, &mut |m, r| {
        m.waitsome(r)
    })
}

/// `MPI_Testsome`: every request that has completed (none is not an error).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Testsome(
    incount: c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut MpiStatus,
) -> c_int {
    let out = (outcount, indices, statuses);
    some(
        "MPI_Testsome",
        false,
        incount,
        requests,
        out,
        &mut |m, r| m.testsome(r),
    )
}

/// `MPI_Testany`: one request that has completed, if any.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Testany(
    n: c_int,
    requests: *mut c_int,
    index: *mut c_int,
    flag: *mut c_int,
    status: *mut MpiStatus,
) -> c_int {
    entry("MPI_Testany", MPI_COMM_WORLD, |vp| {
        let hs = handles(requests, count(n, "count")?)?;
        let (index, flag) = (out(index, "index")?, out(flag, "flag")?);
        let pick: Pick<'_> = &mut |m, r| m.testany(r).into_iter().collect();
        match complete_some(vp, hs, 1, false, pick)? {
            // No active request: true, with an empty status.
            None => {
                (*index, *flag) = (MPI_UNDEFINED, 1);
                write_status(status, &empty_status());
            }
            Some(mut done) => match done.pop() {
                // One completed in error: its error is the call's.
                Some((i, outcome)) => {
                    (*index, *flag) = (i as c_int, 1);
                    write_outcome(status, &outcome, false);
                    outcome?;
                }
                None => (*index, *flag) = (MPI_UNDEFINED, 0),
            },
        }
        Ok(())
    })
}

/// `MPI_Request_free`: a receive is withdrawn; a send completes by
/// itself (one read in place before the rank finalizes). A persistent
/// request is freed with its handle; a generalized one's `free_fn` runs
/// at its completion.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Request_free(request: *mut c_int) -> c_int {
    entry("MPI_Request_free", MPI_COMM_WORLD, |vp| {
        let h = out(request, "request")?;
        let r = vp.take_req(*h)?;
        crate::p2p::generalized::free(vp, *h);
        drop(r);
        crate::p2p::persistent::forget(vp, *h);
        *h = MPI_REQUEST_NULL;
        Ok(())
    })
}

/// `MPI_Cancel`: a receive no message has matched yet is withdrawn and
/// completes cancelled (`MPI_Test_cancelled`); a generalized request's
/// `cancel_fn` is called; any other request (a matched receive, a send, a
/// collective) completes as it would have.
/// Either way the program still waits for (or tests, or frees) it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cancel(request: *mut c_int) -> c_int {
    entry("MPI_Cancel", MPI_COMM_WORLD, |vp| {
        let h = *out(request, "request")?;
        if h == MPI_REQUEST_NULL {
            return Err(Fail::new(
                ERR_REQUEST,
                "MPI_REQUEST_NULL cannot be cancelled",
            ));
        }
        if !vp.is_active(h) || crate::p2p::generalized::cancel(vp, h) {
            return Ok(());
        }
        let r = vp.take_req(h)?;
        if let CReq::Pending { req, .. } = &r {
            vp.mpi().cancel(req);
        }
        vp.put_req(h, r);
        Ok(())
    })
}

/// `MPI_Test_cancelled`: whether the request of `status` was cancelled.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Test_cancelled(
    status: *const MpiStatus,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Test_cancelled", MPI_COMM_WORLD, |_| {
        let st = out(status.cast_mut(), "status")?;
        *out(flag, "flag")? = c_int::from(st.cancelled != 0);
        Ok(())
    })
}

/// Basic elements of `datatype` in `status`'s bytes (`MPI_UNDEFINED`
/// where a partial element mixes basic types of several sizes).
fn elements(vp: &Vp, status: *const MpiStatus, datatype: c_int) -> Result<i64, Fail> {
    let t = vp.types.get(datatype)?;
    let st = out(status.cast_mut(), "status")?;
    let n = t.elements_in(usize::try_from(st.count).unwrap_or(0));
    Ok(n.map_or(i64::from(MPI_UNDEFINED), |n| n as i64))
}

/// `MPI_Get_elements`: basic elements of `datatype` in a status (those of
/// a last, partial element too: `MPI_Get_count` would say
/// `MPI_UNDEFINED`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_elements(
    status: *const MpiStatus,
    datatype: c_int,
    count: *mut c_int,
) -> c_int {
    entry("MPI_Get_elements", MPI_COMM_WORLD, |vp| {
        let n = elements(vp, status, datatype)?;
        *out(count, "count")? = c_int::try_from(n).unwrap_or(MPI_UNDEFINED);
        Ok(())
    })
}

/// `MPI_Get_elements_x`: `MPI_Get_elements` as an `MPI_Count`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_elements_x(
    status: *const MpiStatus,
    datatype: c_int,
    count: *mut i64,
) -> c_int {
    entry("MPI_Get_elements_x", MPI_COMM_WORLD, |vp| {
        let n = elements(vp, status, datatype)?;
        *out(count, "count")? = n;
        Ok(())
    })
}

/// Sets `status` as if it received `count` basic elements of `datatype`
/// (so that `MPI_Get_elements` gives `count` back).
fn set_elements(vp: &Vp, status: *mut MpiStatus, datatype: c_int, count: i64) -> Result<(), Fail> {
    let t = vp.types.get(datatype)?;
    let n = usize::try_from(count)
        .map_err(|_| Fail::new(ERR_COUNT, format!("count {count} is negative")))?;
    out(status, "status")?.count = t.bytes_of_elements(n) as i64;
    Ok(())
}

/// `MPI_Status_set_elements` (for generalized requests and layered
/// libraries): `MPI_Get_count` with `datatype` then gives `count`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_set_elements(
    status: *mut MpiStatus,
    datatype: c_int,
    count: c_int,
) -> c_int {
    entry("MPI_Status_set_elements", MPI_COMM_WORLD, |vp| {
        set_elements(vp, status, datatype, i64::from(count))
    })
}

/// `MPI_Status_set_elements_x`: `MPI_Status_set_elements` with an `MPI_Count`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_set_elements_x(
    status: *mut MpiStatus,
    datatype: c_int,
    count: i64,
) -> c_int {
    entry("MPI_Status_set_elements_x", MPI_COMM_WORLD, |vp| {
        set_elements(vp, status, datatype, count)
    })
}

/// `MPI_Status_set_cancelled`: what `MPI_Test_cancelled` then says.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Status_set_cancelled(
    status: *mut MpiStatus,
    flag: c_int,
) -> c_int {
    entry("MPI_Status_set_cancelled", MPI_COMM_WORLD, |_| {
        out(status, "status")?.cancelled = c_int::from(flag != 0);
        Ok(())
    })
}

/// `MPI_Get_count`: elements of `datatype` in a status (`MPI_UNDEFINED` if
/// the bytes are not a whole number of elements).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_count(
    status: *const MpiStatus,
    datatype: c_int,
    count: *mut c_int,
) -> c_int {
    entry("MPI_Get_count", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?.size as i64;
        let count = out(count, "count")?;
        let st = out(status.cast_mut(), "status")?;
        *count = if t == 0 {
            0
        } else if st.count % t == 0 {
            c_int::try_from(st.count / t).unwrap_or(MPI_UNDEFINED)
        } else {
            MPI_UNDEFINED
        };
        Ok(())
    })
}
