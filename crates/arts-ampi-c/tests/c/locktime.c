/* Time per passive-target operation: every rank but 0 takes rank 0's
 * exclusive lock, does an MPI_Fetch_and_op, and unlocks, `iterations`
 * times, while rank 0 waits in a barrier (its runtime serves the
 * operations). Then the same with the lock held across all iterations,
 * one flush after each fetch-and-op. Prints the microseconds per
 * lock+op+unlock and per op+flush seen by rank 1, and checks the counter.
 *
 *   locktime [iterations=20000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int iters = argc > 1 ? atoi(argv[1]) : 20000;
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long *counter, one = 1, old;
    MPI_Win win;
    MPI_Win_allocate(sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
    *counter = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank != 0)
        for (int i = 0; i < iters; i++) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Fetch_and_op(&one, &old, MPI_LONG, 0, 0, MPI_SUM, win);
            MPI_Win_unlock(0, win);
        }
    double locked = (MPI_Wtime() - t0) / iters * 1e6;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (rank != 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        for (int i = 0; i < iters; i++) {
            MPI_Fetch_and_op(&one, &old, MPI_LONG, 0, 0, MPI_SUM, win);
            MPI_Win_flush(0, win);
        }
        MPI_Win_unlock(0, win);
    }
    double flushed = (MPI_Wtime() - t0) / iters * 1e6;
    MPI_Barrier(MPI_COMM_WORLD);
    int bad = rank == 0 && *counter != 2L * iters * (n - 1);
    if (rank == 1)
        printf("locktime: %d ranks, lock+fetch_and_op+unlock %.3f us, fetch_and_op+flush %.3f us\n",
               n, locked, flushed);
    if (rank == 0 && bad) printf("locktime: counter %ld, expected %ld\n", *counter,
                                 2L * iters * (n - 1));
    MPI_Win_free(&win);
    MPI_Finalize();
    return bad;
}
