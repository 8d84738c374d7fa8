//! The halo exchange of the static-band baseline.

use mpi::topology::Communicator;
use mpi::traits::*;

/// Trades boundary rows with the ranks above and below (non-blocking): this
/// rank's interior rows are array rows `first + 1 ..= last`; the halo rows
/// `first` and `last + 1` receive the neighbours' rows.
pub(super) fn exchange_halo(
    world: &mpi::topology::SimpleCommunicator,
    grid: &mut [f64],
    stride: usize,
    first: usize,
    last: usize,
) {
    let (rank, size) = (world.rank(), world.size());
    let (above, rest) = grid.split_at_mut((first + 1) * stride);
    let (mine, below) = rest.split_at_mut((last - first) * stride);
    let halo_up = &mut above[first * stride..];
    let halo_down = &mut below[..stride];
    let top = &mine[..stride];
    let bottom = &mine[(last - first - 1) * stride..];
    mpi::request::scope(|scope| {
        let mut guards = Vec::new();
        if rank > 0 {
            let up = world.process_at_rank(rank - 1);
            guards.push(mpi::request::WaitGuard::from(
                up.immediate_receive_into(scope, halo_up),
            ));
            guards.push(mpi::request::WaitGuard::from(up.immediate_send(scope, top)));
        }
        if rank + 1 < size {
            let down = world.process_at_rank(rank + 1);
            guards.push(mpi::request::WaitGuard::from(
                down.immediate_receive_into(scope, halo_down),
            ));
            guards.push(mpi::request::WaitGuard::from(
                down.immediate_send(scope, bottom),
            ));
        }
        drop(guards); // waits for all four
    });
}
