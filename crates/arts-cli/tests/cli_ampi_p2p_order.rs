//! Every message once and in MPI's order across processes, with several
//! ranks per PE: `mpirun -np 2 arts ampi run` of a program sending random
//! numbers of messages of random sizes and tags between every pair of
//! ranks and receiving them by source and tag, by source, and by any
//! source (`crates/arts-ampi-c/tests/c/p2p_order.c`). A blocked rank takes
//! its own messages from the transport itself while its PE is idle
//! (`arts_ampi::mpi`, "Blocking without a switch"); everything else must
//! reach the scheduler as before.
#![cfg(feature = "mpi")]

mod common;
use common::{build, mpirun, program_lines};

/// Runs `p2p_order` under `mpirun -np 2` with `extra` arguments, `rounds`
/// rounds and `seed`, and checks that every message came once and intact.
fn every_message_once_in_order(so: &str, extra: &[&str], ranks: u32, rounds: u32, seed: u64) {
    let (vp, rounds_s, seed_s) = (ranks.to_string(), rounds.to_string(), seed.to_string());
    let mut args = vec!["ampi", "run", so, "--vp", &vp];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--", &rounds_s, &seed_s]);
    let out = mpirun(2, &args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "seed {seed}: {stdout}\n{stderr}");
    let line = program_lines(&stdout);
    let prefix = format!("p2p_order: {ranks} ranks, {rounds} rounds, ");
    let counts = line
        .strip_prefix(&prefix)
        .and_then(|l| l.trim_end().strip_suffix(" bad"))
        .unwrap_or_else(|| panic!("seed {seed}: unexpected output {line:?}\n{stderr}"));
    let (messages, bad) = counts.rsplit_once(" messages, ").expect("counts");
    let (got, want) = messages.split_once(" of ").expect("received of expected");
    assert_eq!(
        got, want,
        "seed {seed}: messages lost or duplicated: {line}"
    );
    assert_eq!(bad, "0", "seed {seed}: {line}");
    // The plan sends 1.5 messages per ordered pair and round on average.
    let want: u64 = want.parse().expect("a count");
    assert!(want > u64::from(rounds * ranks), "seed {seed}: {line}");
}

#[test]
fn random_messages_between_ranks_on_two_processes_arrive_once_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build("p2p_order", dir.path()) else {
        return;
    };
    // A fixed plan, and one that differs from run to run (its seed is in
    // any failure's message).
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs());
    // One PE per process, four ranks on each.
    every_message_once_in_order(&so, &[], 8, 40, 12345);
    // Two PEs per process, ranks unevenly spread.
    every_message_once_in_order(&so, &["--pes-per-process", "2"], 7, 40, seed);
}
