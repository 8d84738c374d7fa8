//! The leader's part of a window: agree with every process on its start
//! (one all-gather) and receive the events the other processes sent here in
//! the last window. In one process ([`crate::dist::Solo`]) the all-gather
//! returns this process's own words and nothing is received.

use std::sync::atomic::Ordering::SeqCst;

use super::Shared;
use crate::dist::{Net, decode_batch};
use crate::engine::optimistic::control::Wire;
use crate::model::MsgCodec;
use crate::partition::Partition;

/// Gathers every process's smallest time, failure flag and counts sent to
/// each process; places the events sent here in the local inboxes; sets
/// `sh.start` (`u64::MAX`: stop).
pub(super) fn exchange<M: Copy>(
    sh: &Shared<M>,
    net: &dyn Net,
    codec: Option<&dyn MsgCodec<M>>,
    part: &Partition,
) {
    let mut min = u64::MAX;
    let mut failed = false;
    for i in 0..sh.k {
        min = min.min(sh.mins[i].load(SeqCst));
        failed |= sh.failed[i].load(SeqCst);
    }
    let mut mine = Vec::with_capacity(2 + sh.size);
    mine.extend([min, failed as u64]);
    mine.extend(sh.sent_to.iter().map(|c| c.swap(0, SeqCst)));
    let all = net.all_gather_u64(&mine);
    let rank = sh.first / sh.k;
    let (mut start, mut stop, mut expected) = (u64::MAX, false, 0u64);
    for c in all.chunks_exact(mine.len()) {
        start = start.min(c[0]);
        stop |= c[1] != 0;
        expected += c[2 + rank];
    }
    if expected > 0 {
        let codec = codec.expect("events arrive only in runs across processes, which have a codec");
        receive(sh, net, codec, part, expected);
    }
    sh.epoch.fetch_add(1, SeqCst);
    sh.start.store(if stop { u64::MAX } else { start }, SeqCst);
}

/// Takes `expected` events of this exchange's epoch (batches of the next
/// one, sent by a process already a window ahead, wait in `sh.early`).
fn receive<M: Copy>(
    sh: &Shared<M>,
    net: &dyn Net,
    codec: &dyn MsgCodec<M>,
    part: &Partition,
    expected: u64,
) {
    let epoch = sh.epoch.load(SeqCst);
    let mut early = std::mem::take(&mut *sh.early.lock());
    let mut got = 0u64;
    while got < expected {
        let bytes = match early.iter().position(|b| batch_epoch(b) == epoch) {
            Some(i) => early.swap_remove(i),
            None => match net.recv() {
                Some(b) if batch_epoch(&b) == epoch => b,
                Some(b) => {
                    early.push(b);
                    continue;
                }
                None => {
                    std::hint::spin_loop();
                    continue;
                }
            },
        };
        decode_batch(&bytes[8..], codec, |w| {
            if let Wire::Event(ev) = w {
                let local = part.pe_of(ev.dst) - sh.first;
                sh.inboxes[local].lock().push(ev);
            }
            got += 1;
        })
        .unwrap_or_else(|e| panic!("a batch from another process cannot be read: {e}"));
    }
    *sh.early.lock() = early;
}

/// The exchange a batch belongs to (its first 8 bytes).
fn batch_epoch(b: &[u8]) -> u64 {
    u64::from_le_bytes(b[..8].try_into().expect("a batch starts with its epoch"))
}
