/* Passive-target one-sided communication: a shared counter at rank 0
 * taken with exclusive locks and MPI_Fetch_and_op (every value handed out
 * once), puts to a target that waits in a barrier meanwhile, a ring of
 * puts and gets under MPI_Win_lock_all with flushes, shared-lock
 * accumulates, request-based operations (MPI_Rput, MPI_Rget,
 * MPI_Raccumulate, MPI_Rget_accumulate), and the synchronization errors
 * (on arts, ranks may move every 10 counter rounds). Prints one line of
 * checks, the same under Open MPI. *
 *   passive [ROUNDS]   counter increments per rank (default 50) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int rounds = argc > 1 ? atoi(argv[1]) : 50;
    int ok[6] = {1, 1, 1, 1, 1, 1};

    /* cells[0]: counter; cells[1]: accumulated sum; cells[2..]: a slot per rank. */
    long *cells;
    MPI_Win win;
    MPI_Win_allocate((MPI_Aint)((n + 2) * sizeof(long)), sizeof(long), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &cells, &win);
    for (int i = 0; i < n + 2; i++) cells[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    /* A counter: each fetched value is unique, so their sum over all ranks
     * is 0 + 1 + ... + (n * rounds - 1). */
    long mine = 0, one = 1, old;
    for (int i = 0; i < rounds; i++) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Fetch_and_op(&one, &old, MPI_LONG, 0, 0, MPI_SUM, win);
        MPI_Win_unlock(0, win);
        mine += old;
#ifdef AMPI
        /* A balancer may move the ranks, windows and all. */
        if (i % 10 == 9) AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
    }
    long total = 0, all = (long)n * rounds;
    MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    ok[0] = total == all * (all - 1) / 2;
    if (rank == 0) ok[0] &= cells[0] == all;
    MPI_Barrier(MPI_COMM_WORLD);

    /* Rank n-1 waits in the barrier while the others put into its window. */
    if (rank != n - 1) {
        long v = 100 + rank;
        MPI_Win_lock(MPI_LOCK_SHARED, n - 1, 0, win);
        MPI_Put(&v, 1, MPI_LONG, n - 1, 2 + rank, 1, MPI_LONG, win);
        MPI_Win_unlock(n - 1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == n - 1)
        for (int r = 0; r < n - 1; r++) ok[1] &= cells[2 + r] == 100 + r;
    MPI_Barrier(MPI_COMM_WORLD);

    /* A ring under lock_all: put into the right neighbour's slot, flush,
     * then (after a barrier) get the left neighbour's slot of its left. */
    int right = (rank + 1) % n, left = (rank + n - 1) % n;
    MPI_Win_lock_all(0, win);
    long v = 1000 + rank, got = -1;
    MPI_Put(&v, 1, MPI_LONG, right, 2 + rank, 1, MPI_LONG, win);
    MPI_Win_flush(right, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Get(&got, 1, MPI_LONG, left, 2 + (left + n - 1) % n, 1, MPI_LONG, win);
    MPI_Win_flush_all(win);
    MPI_Win_unlock_all(win);
    ok[2] = got == 1000 + (left + n - 1) % n;
    MPI_Barrier(MPI_COMM_WORLD);

    /* Shared locks let accumulates from every rank proceed together; each
     * one is applied whole. */
    long add = rank + 1;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(&add, 1, MPI_LONG, 0, 1, 1, MPI_LONG, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) ok[3] = cells[1] == (long)n * (n + 1) / 2;
    MPI_Barrier(MPI_COMM_WORLD);

    /* Request-based operations under a shared lock at rank 0. */
    long put = 5000 + rank, back = -1, before = -1;
    MPI_Request q[2];
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Rput(&put, 1, MPI_LONG, 0, 2 + rank, 1, MPI_LONG, win, &q[0]);
    MPI_Wait(&q[0], MPI_STATUS_IGNORE);
    MPI_Win_flush(0, win);
    MPI_Rget(&back, 1, MPI_LONG, 0, 2 + rank, 1, MPI_LONG, win, &q[1]);
    MPI_Wait(&q[1], MPI_STATUS_IGNORE);
    ok[5] = back == 5000 + rank;
    MPI_Rget_accumulate(&one, 1, MPI_LONG, &before, 1, MPI_LONG, 0, 2 + rank, 1, MPI_LONG, MPI_SUM,
                        win, &q[0]);
    MPI_Raccumulate(&one, 1, MPI_LONG, 0, 2 + rank, 1, MPI_LONG, MPI_SUM, win, &q[1]);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
    MPI_Win_unlock(0, win);
    ok[5] &= before == 5000 + rank;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        for (int r = 0; r < n; r++) ok[5] &= cells[2 + r] == 5002 + r;
    MPI_Barrier(MPI_COMM_WORLD);

    /* Synchronization errors are returned, not fatal, with ERRORS_RETURN. */
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int cls, e = MPI_Win_unlock(0, win);
    MPI_Error_class(e, &cls);
    ok[4] = cls == MPI_ERR_RMA_SYNC;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    e = MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Error_class(e, &cls);
    ok[4] &= cls == MPI_ERR_RMA_SYNC;
    MPI_Win_unlock(0, win);

    MPI_Win_free(&win);
    int all_ok[6];
    MPI_Reduce(ok, all_ok, 6, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("passive: counter %d barrier %d lock_all %d accumulate %d requests %d errors %d\n",
               all_ok[0], all_ok[1], all_ok[2], all_ok[3], all_ok[5], all_ok[4]);
    MPI_Finalize();
    return 0;
}
