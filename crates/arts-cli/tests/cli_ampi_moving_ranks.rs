//! MPI's non-overtaking rule while ranks change process: `mpirun -np 2
//! arts ampi run` of a C ping-pong whose ranks move under it, with messages
//! already on their way to where a rank was
//! (`crates/arts-ampi-c/tests/c/pingpong_move.c`).
#![cfg(feature = "mpi")]

mod common;
use common::{build, mpirun, program_lines};

#[test]
fn a_rank_moving_to_the_other_process_mid_ping_pong_gets_every_message_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("pingpong_move", dir.path()) else {
        return;
    };
    // One PE per process (the default under mpirun) and isomalloc: each of the four moves crosses
    // processes, with the next burst's messages on their way to where the
    // rank was (forwarded there, then sent to its new home directly).
    let args = ["ampi", "run", &so, "--vp", "2", "--isomalloc", "--", "400"];
    let out = mpirun(2, &args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(
        program_lines(&stdout),
        "pingpong_move: 400 rounds, 3200 messages, 400 answers, 4 moves, 0 bad\n",
        "{stderr}"
    );
}
