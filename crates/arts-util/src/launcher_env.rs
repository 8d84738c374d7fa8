//! What an MPI launcher (Open MPI's and MPICH's mpirun, Slurm's srun)
//! tells the processes it starts through their environment: that it
//! started them ([`started_by_launcher`]) and each one's rank among the
//! processes of its host ([`node_local_rank`]).

/// Whether this process was started by an MPI launcher.
pub fn started_by_launcher() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"]
        .iter()
        .any(|v| std::env::var_os(v).is_some())
}

/// This process's rank among the processes of its host, as the launcher
/// says (`OMPI_COMM_WORLD_LOCAL_RANK`, MPICH's `MPI_LOCALRANKID`, Slurm's
/// `SLURM_LOCALID`); `None` when none does.
pub fn node_local_rank() -> Option<usize> {
    [
        "OMPI_COMM_WORLD_LOCAL_RANK",
        "MPI_LOCALRANKID",
        "SLURM_LOCALID",
    ]
    .iter()
    .find_map(|v| std::env::var(v).ok()?.parse().ok())
}
