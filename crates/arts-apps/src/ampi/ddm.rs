//! The static MPI code's structure on AMPI virtual processors (`arts run ddm
//! --parallel ampi --segments V --pes P`): one segment per rank, boundary
//! rows traded with both neighbours after every iteration, the ranks'
//! residual sums all-gathered every `check_every` iterations, and with load
//! balancing a `migrate()` every [`CHECKS_PER_SYNC`]
//! checks, so that V > P ranks move between PEs. Bit-identical to the
//! sequential relaxed order over the same segments.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::ddm::{CHECKS_PER_SYNC, Outcome, Point, Setup};
use arts_ddm::Residual;
use arts_ddm::solver::controller::Verdict;
use arts_ddm::solver::segment::{Assembly, Halo, Segment, solution_len};

use arts_ampi::{AmpiError, AmpiReport, Mpi, MpiError, Op, RunOptions, WORLD};

/// Message tags: rows travelling right (to the next rank) and left.
const RIGHTWARD: i32 = 1;
const LEFTWARD: i32 = 2;

/// Trades boundary rows with the neighbouring ranks.
fn exchange(mpi: &mut Mpi<'_>, seg: &mut Segment) -> Result<(), MpiError> {
    let (rank, size) = (mpi.rank(), mpi.size());
    let (first, last) = (seg.first_row().to_array(), seg.last_row().to_array());
    let (mut from_left, mut from_right) = ([0.0f64; 5], [0.0f64; 5]);
    if rank + 1 < size {
        mpi.send(&last, rank + 1, RIGHTWARD, WORLD)?;
    }
    if rank > 0 {
        mpi.send(&first, rank - 1, LEFTWARD, WORLD)?;
        mpi.recv(&mut from_left, rank - 1, RIGHTWARD, WORLD)?;
        seg.set_left_halo(Halo::from_array(from_left));
    }
    if rank + 1 < size {
        mpi.recv(&mut from_right, rank + 1, LEFTWARD, WORLD)?;
        seg.set_right_halo(Halo::from_array(from_right));
    }
    Ok(())
}

/// One rank's sweep; rank 0 leaves the points in `out`.
fn sweep(
    mpi: &mut Mpi<'_>,
    setup: &Setup,
    biases: &[f64],
    out: &Mutex<Vec<Point>>,
) -> Result<(), MpiError> {
    let (rank, size) = (mpi.rank() as usize, mpi.size() as usize);
    let (mesh, opts) = (&*setup.mesh, &setup.opts);
    let (a, b) = setup.ranges[rank];
    let mut seg = Segment::new(mesh, a, b, opts);
    let mut assembly = Assembly::new(mesh, setup.biased);
    let mut moves = 0u32;
    for &bias_v in biases {
        mpi.barrier(WORLD)?;
        let start = Instant::now();
        seg.start_bias(mesh, setup.biased, bias_v, opts);
        let (verdict, residual) = loop {
            exchange(mpi, &mut seg)?;
            let (sums, _) = seg.iterate(mesh);
            if seg.checks() {
                let mut all = vec![0.0f64; 3 * size];
                mpi.allgather(&sums[..], &mut all, WORLD)?;
                let sums: Vec<[f64; 3]> = all.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
                let (v, r) = seg.observe(mesh, &sums);
                if v != Verdict::Continue || seg.iteration() >= opts.max_iterations {
                    break (v, r);
                }
                let checks = seg.iteration() / opts.check_every.max(1);
                if setup.sync && checks.is_multiple_of(CHECKS_PER_SYNC) {
                    let before = mpi.pe();
                    mpi.migrate();
                    moves += u32::from(mpi.pe() != before);
                }
            } else if seg.iteration() >= opts.max_iterations {
                break (Verdict::Continue, Residual::default());
            }
        };
        // Every rank's rows (as bit patterns: x + 0 is exact) and moves.
        let mut mine = vec![0.0; size + solution_len(mesh.rows)];
        mine[rank] = f64::from(moves);
        if verdict == Verdict::Converged {
            seg.write_solution(mesh.rows, &mut mine[size..]);
        }
        let bits: Vec<u64> = mine.iter().map(|x| x.to_bits()).collect();
        let mut all = vec![0u64; bits.len()];
        mpi.allreduce(&bits, &mut all, &Op::Sum, WORLD)?;
        if rank != 0 {
            if verdict != Verdict::Converged {
                break;
            }
            continue;
        }
        let all: Vec<f64> = all.iter().map(|&b| f64::from_bits(b)).collect();
        let time_s = start.elapsed().as_secs_f64();
        let outcome = Outcome::new(
            verdict,
            seg.iteration(),
            residual,
            seg.omega(),
            time_s,
            || assembly.solution(mesh, bias_v, &all[size..]),
        );
        let stop = !matches!(outcome, Outcome::Converged(_));
        let point = Point {
            bias_v,
            outcome,
            time_s: start.elapsed().as_secs_f64(),
            moves: all[..size].iter().map(|&m| m as u32).collect(),
            starts: setup.ranges.iter().map(|r| r.0).collect(),
            recuts: 0,
        };
        out.lock().unwrap_or_else(|e| e.into_inner()).push(point);
        if stop {
            break;
        }
    }
    Ok(())
}

/// Solves `biases` on one AMPI rank per range of `setup` (`opts.vp` must be
/// the number of ranges), on `opts.pes` PEs.
pub fn run(
    opts: &RunOptions,
    setup: Setup,
    biases: &[f64],
) -> Result<(Vec<Point>, AmpiReport), AmpiError> {
    if opts.vp as usize != setup.ranges.len() {
        return Err(AmpiError::Usage(format!(
            "{} ranks for {} segments: one rank per segment",
            opts.vp,
            setup.ranges.len()
        )));
    }
    let points = Arc::new(Mutex::new(Vec::new()));
    let (shared, setup, biases) = (points.clone(), Arc::new(setup), biases.to_vec());
    let program = Arc::new(move |mpi: &mut Mpi<'_>| sweep(mpi, &setup, &biases, &shared));
    let report = arts_ampi::run(opts, program)?;
    let points = std::mem::take(&mut *points.lock().unwrap_or_else(|e| e.into_inner()));
    Ok((points, report))
}
