//! [`Solo`]: the [`Net`] of a run in one process. Nothing leaves the
//! process, so the engines written over a [`Net`] run in one process
//! unchanged: every collective is this process's own contribution.

use super::Net;

/// The processes of a run that spans one process: rank 0 of 1.
#[derive(Debug, Default)]
pub(crate) struct Solo;

impl Net for Solo {
    fn rank(&self) -> u32 {
        0
    }

    fn size(&self) -> u32 {
        1
    }

    fn send(&self, to: u32, _bytes: Vec<u8>) {
        unreachable!("a run in one process has no process {to} to send to");
    }

    fn recv(&self) -> Option<Vec<u8>> {
        None
    }

    fn all_gather_u64(&self, mine: &[u64]) -> Vec<u64> {
        mine.to_vec()
    }

    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        vec![mine.to_vec()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collectives_of_one_process_return_its_own_contribution() {
        let s = Solo;
        assert_eq!((s.rank(), s.size()), (0, 1));
        assert_eq!(s.all_gather_u64(&[3, 4]), vec![3, 4]);
        assert_eq!(s.all_gather_bytes(&[1, 2]), vec![vec![1, 2]]);
        assert!(s.recv().is_none());
    }
}
