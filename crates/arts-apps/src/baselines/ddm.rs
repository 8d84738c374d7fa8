//! The static MPI version of the drift-diffusion solver (the paper's section
//! 3.4, `arts run ddm --parallel static` under mpirun): one fixed segment per
//! rank on raw MPI, the boundary rows traded with both neighbours after
//! every iteration (posted non-blocking receives and sends), and every
//! `check_every` iterations the ranks' residual sums gathered on every rank
//! (in rank order, so each rank takes the sequential solver's decision). No
//! migration. Bit-identical to the sequential relaxed order over the same
//! segments, like the runtime versions.

use std::time::Instant;

use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Assembly, Halo, Segment, solution_len};
use arts_ddm::{Mesh, Residual, Side, SolverOptions};
use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

use crate::ddm::{Outcome, Point};

/// Trades boundary rows with the neighbouring ranks.
fn exchange(world: &SimpleCommunicator, seg: &mut Segment) {
    let (rank, size) = (world.rank(), world.size());
    let first = seg.first_row().to_array();
    let last = seg.last_row().to_array();
    let (mut from_left, mut from_right) = ([0.0f64; 5], [0.0f64; 5]);
    mpi::request::scope(|scope| {
        let mut guards = Vec::new();
        if rank > 0 {
            let left = world.process_at_rank(rank - 1);
            guards.push(mpi::request::WaitGuard::from(
                left.immediate_receive_into(scope, &mut from_left),
            ));
            guards.push(mpi::request::WaitGuard::from(
                left.immediate_send(scope, &first),
            ));
        }
        if rank + 1 < size {
            let right = world.process_at_rank(rank + 1);
            guards.push(mpi::request::WaitGuard::from(
                right.immediate_receive_into(scope, &mut from_right),
            ));
            guards.push(mpi::request::WaitGuard::from(
                right.immediate_send(scope, &last),
            ));
        }
        drop(guards);
    });
    if rank > 0 {
        seg.set_left_halo(Halo::from_array(from_left));
    }
    if rank + 1 < size {
        seg.set_right_halo(Halo::from_array(from_right));
    }
}

/// Solves `biases` in turn with segment `ranges[rank]` on each rank of
/// `world` (one range per rank); stops at the first bias point that does not
/// converge. Every rank gets every point.
pub fn static_segments(
    world: &SimpleCommunicator,
    mesh: &Mesh,
    biased: Side,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
) -> Result<Vec<Point>, String> {
    let world = world.duplicate();
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    if ranges.len() != size {
        return Err(format!(
            "--parallel static runs one segment per MPI rank: {} segments for {size} ranks",
            ranges.len()
        ));
    }
    let (a, b) = ranges[rank];
    let mut seg = Segment::new(mesh, a, b, opts);
    let mut assembly = Assembly::new(mesh, biased);
    let mut points = Vec::new();
    for &bias_v in biases {
        world.barrier();
        let start = Instant::now();
        seg.start_bias(mesh, biased, bias_v, opts);
        let (verdict, residual) = loop {
            exchange(&world, &mut seg);
            let (sums, _) = seg.iterate(mesh);
            if seg.checks() {
                let mut all = vec![0.0f64; 3 * size];
                world.all_gather_into(&sums[..], &mut all[..]);
                let sums: Vec<[f64; 3]> = all.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
                let (v, r) = seg.observe(mesh, &sums);
                if v != Verdict::Continue || seg.iteration() >= opts.max_iterations {
                    break (v, r);
                }
            } else if seg.iteration() >= opts.max_iterations {
                break (Verdict::Continue, Residual::default());
            }
        };
        // Every rank's rows, as bit patterns (x + 0 is exact), on every rank.
        let mut parts = Vec::new();
        if verdict == Verdict::Converged {
            let mut mine = vec![0.0; solution_len(mesh.rows)];
            seg.write_solution(mesh.rows, &mut mine);
            let bits: Vec<u64> = mine.iter().map(|x| x.to_bits()).collect();
            let mut all = vec![0u64; bits.len()];
            world.all_reduce_into(&bits[..], &mut all[..], SystemOperation::sum());
            parts = all.iter().map(|&b| f64::from_bits(b)).collect();
        }
        let time_s = start.elapsed().as_secs_f64();
        let outcome = Outcome::new(
            verdict,
            seg.iteration(),
            residual,
            seg.omega(),
            time_s,
            || assembly.solution(mesh, bias_v, &parts),
        );
        let stop = !matches!(outcome, Outcome::Converged(_));
        points.push(Point {
            bias_v,
            outcome,
            time_s: start.elapsed().as_secs_f64(),
            moves: vec![0; size],
            starts: ranges.iter().map(|r| r.0).collect(),
            recuts: 0,
        });
        if stop {
            break;
        }
    }
    Ok(points)
}
