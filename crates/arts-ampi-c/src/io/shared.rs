//! MPI-IO's shared file pointer: `MPI_File_read_shared`,
//! `MPI_File_write_shared`, `MPI_File_read_ordered`,
//! `MPI_File_write_ordered`, `MPI_File_seek_shared`,
//! `MPI_File_get_position_shared`.
//!
//! The pointer of a file (in elementary types of its view) lives with
//! rank 0 of the file's communicator, as the handler of an active
//! communicator (`Mpi::set_active`): a rank asks it to add `n` and gets the
//! value before, whatever rank 0 is doing meanwhile, so independent shared
//! reads and writes take disjoint places in arrival order. The ordered
//! (collective) calls take one place for all ranks in rank order: an
//! exclusive scan of the counts, rank 0's one addition of the total, and a
//! broadcast.

use std::ffi::{c_int, c_void};

use arts_ampi::engine::{Active, Replies};
use arts_ampi::{Comm, Op};

use crate::abi::*;
use crate::io::file::{done_request, file_call, seek_target, transfer};
use crate::io::handle::Shared;
use crate::state::errhandler::file_key;
use crate::state::fail::{Fail, count, out};
use crate::state::{Vp, entry, file_of};

/// Requests to the pointer (on the file's active communicator), each an
/// 8-byte little-endian number; the reply is the pointer before.
const ADD: i32 = 0;
const SET: i32 = 1;

/// A file's shared pointer, held by rank 0 of its communicator.
pub(crate) struct SharedPointer(u64);

impl Active for SharedPointer {
    fn arrived(&mut self, src: u32, tag: i32, data: &[u8], replies: &mut Replies) {
        let n = data.try_into().map(u64::from_le_bytes).unwrap_or_default();
        let before = self.0;
        self.0 = if tag == SET { n } else { before + n };
        replies.push((src, 0, before.to_le_bytes().to_vec()));
    }
}

impl Shared {
    /// Makes the shared pointer of a file opened on `comm` (collective),
    /// at `start` (elementary types).
    pub(crate) fn open(vp: &mut Vp, comm: Comm, start: u64) -> Result<Shared, Fail> {
        let replies = vp.mpi().comm_dup(comm)?;
        let active = vp.mpi().comm_dup(replies)?;
        if vp.mpi().comm_rank(active)? == 0 {
            vp.mpi()
                .set_active(active, replies, Box::new(SharedPointer(start)))?;
        }
        // No rank asks before rank 0 holds the pointer.
        vp.mpi().barrier(replies)?;
        Ok(Shared { active, replies })
    }

    /// Frees its communicators (collective).
    pub(crate) fn close(self, vp: &mut Vp) -> Result<(), Fail> {
        vp.mpi().barrier(self.replies)?;
        vp.mpi().comm_free(self.active)?;
        vp.mpi().comm_free(self.replies)?;
        Ok(())
    }

    /// Sends `what` (`ADD` or `SET`) with `n` to the pointer; its value before.
    fn ask(self, vp: &mut Vp, what: i32, n: u64) -> Result<u64, Fail> {
        vp.mpi().bsend(&n.to_le_bytes(), 0, what, self.active)?;
        let mut before = [0u8; 8];
        vp.mpi().recv(&mut before, 0, 0, self.replies)?;
        Ok(u64::from_le_bytes(before))
    }

    /// Where the pointer is, in elementary types of the view.
    pub(crate) fn position(self, vp: &mut Vp) -> Result<u64, Fail> {
        self.ask(vp, ADD, 0)
    }

    /// Sets the pointer to `at` (collective; every rank passes the same).
    pub(crate) fn set(self, vp: &mut Vp, at: u64) -> Result<(), Fail> {
        let c = self.replies;
        vp.mpi().barrier(c)?;
        if vp.mpi().comm_rank(c)? == 0 {
            self.ask(vp, SET, at)?;
        }
        vp.mpi().barrier(c)?;
        Ok(())
    }
}

/// The shared pointer of `fh`, and how many of its view's elementary
/// types `count` elements of `datatype` are.
fn claim(vp: &mut Vp, fh: c_int, count_: c_int, datatype: c_int) -> Result<(Shared, u64), Fail> {
    let t = vp.types.comm_type(datatype)?;
    let n = count(count_, "count")?;
    let f = file_of(vp, fh)?;
    let etype = f.view.etype.size;
    if (n * t.size) % etype != 0 {
        return Err(Fail::new(
            ERR_ARG,
            format!(
                "{n} elements of {} bytes are not whole elementary types of {etype} bytes",
                t.size
            ),
        ));
    }
    Ok((f.shared, (n * t.size / etype) as u64))
}

/// Reads or writes at the shared file pointer, which moves past the data
/// (see [`transfer`]).
fn at_shared(
    vp: &mut Vp,
    fh: c_int,
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    write: bool,
    status: *mut MpiStatus,
) -> Result<usize, Fail> {
    let (shared, n) = claim(vp, fh, count, datatype)?;
    let at = shared.ask(vp, ADD, n)?;
    transfer(vp, fh, at, buf, count, datatype, write, status)
}

/// Reads or writes the ranks' data one after another in rank order at the
/// shared file pointer (collective): an exclusive scan of the counts, rank
/// 0's one request for the total, a broadcast.
pub(crate) fn ordered(
    vp: &mut Vp,
    fh: c_int,
    buf: *mut c_void,
    count: c_int,
    datatype: c_int,
    write: bool,
    status: *mut MpiStatus,
) -> Result<usize, Fail> {
    let (shared, n) = claim(vp, fh, count, datatype)?;
    let c = shared.replies;
    let (mut before, mut total, mut base) = ([0u64], [0u64], [0u64]);
    vp.mpi().exscan(&[n], &mut before, &Op::Sum, c)?;
    vp.mpi().allreduce(&[n], &mut total, &Op::Sum, c)?;
    if vp.mpi().comm_rank(c)? == 0 {
        before[0] = 0;
        base[0] = shared.ask(vp, ADD, total[0])?;
    }
    vp.mpi().bcast(&mut base, 0, c)?;
    transfer(
        vp,
        fh,
        base[0] + before[0],
        buf,
        count,
        datatype,
        write,
        status,
    )
}

file_call!(
    ARTS_MPI_File_read_shared,
    ARTS_MPI_File_iread_shared,
    at_shared,
    false,
    ()
);
file_call!(
    ARTS_MPI_File_write_shared,
    ARTS_MPI_File_iwrite_shared,
    at_shared,
    true,
    ()
);
// The ordered (collective) calls: the ranks' data one after another in
// rank order at the shared pointer.
file_call!(ARTS_MPI_File_read_ordered, ordered, false, ());
file_call!(ARTS_MPI_File_write_ordered, ordered, true, ());

/// `MPI_File_seek_shared` (collective, the same arguments on every rank):
/// `MPI_SEEK_SET`, `MPI_SEEK_CUR` or `MPI_SEEK_END`, in elementary types.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_seek_shared(
    fh: c_int,
    offset: i64,
    whence: c_int,
) -> c_int {
    entry("MPI_File_seek_shared", file_key(fh), |vp| {
        let shared = file_of(vp, fh)?.shared;
        let current = if whence == MPI_SEEK_CUR {
            // Every rank reads the same value: none moves it before the set.
            vp.mpi().barrier(shared.replies)?;
            shared.ask(vp, ADD, 0)?
        } else {
            0
        };
        let at = seek_target(file_of(vp, fh)?, offset, whence, current)?;
        shared.set(vp, at)
    })
}

/// `MPI_File_get_position_shared`: the shared pointer, in elementary types.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_get_position_shared(
    fh: c_int,
    offset: *mut i64,
) -> c_int {
    entry("MPI_File_get_position_shared", file_key(fh), |vp| {
        let shared = file_of(vp, fh)?.shared;
        *out(offset, "offset")? = shared.position(vp)? as i64;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pointer_answers_its_value_before_each_request() {
        let (mut p, mut r) = (SharedPointer(5), Replies::new());
        p.arrived(3, ADD, &7u64.to_le_bytes(), &mut r);
        p.arrived(1, ADD, &0u64.to_le_bytes(), &mut r);
        p.arrived(2, SET, &100u64.to_le_bytes(), &mut r);
        p.arrived(2, ADD, &1u64.to_le_bytes(), &mut r);
        let got: Vec<(u32, u64)> = r
            .iter()
            .map(|(to, _, d)| (*to, u64::from_le_bytes(d[..].try_into().unwrap())))
            .collect();
        assert_eq!(got, [(3, 5), (1, 12), (2, 12), (2, 100)]);
        assert_eq!(p.0, 101);
    }
}
