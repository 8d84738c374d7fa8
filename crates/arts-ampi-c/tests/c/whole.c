/* Checkpoints of whole ranks (AMPI_Checkpoint, with arts ampi run
 * --isomalloc): a ring relaxation whose state is only in the rank's heap
 * and globals, checkpointed every `every` steps. Rank 0 prints each step it
 * starts, and the checksum at the end: a run restarted from checkpoint K
 * (--restart DIR/ckpt-K) starts at step K * every + 1 and prints the same
 * checksum as the run that saved it. With `mem` = 1 the checkpoints are
 * kept in memory (AMPI_MemCheckpoint: --checkpoint-dir is a node-local
 * store, each process's share in its hold and a copy in its buddy's).
 * With `dname`, AMPI_Checkpoint(dname) saves there (any directory, no
 * --checkpoint-dir needed).
 *
 *   whole [steps=30] [every=10] [mem=0] [dname] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static double *g_v;
int g_step;

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 30;
    int every = argc > 2 ? atoi(argv[2]) : 10;
    int mem = argc > 3 ? atoi(argv[3]) : 0;
    const char *dname = argc > 4 ? argv[4] : NULL;
    int size, rank, i;
    double sum = 0, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    g_v = malloc(N * sizeof *g_v);
    for (i = 0; i < N; i++)
        g_v[i] = rank * N + i;
    for (g_step = 1; g_step <= steps; g_step++) {
        double left, right, prev, cur;
        if (rank == 0)
            printf("step %d\n", g_step);
        MPI_Sendrecv(&g_v[0], 1, MPI_DOUBLE, (rank + size - 1) % size, 0, &right, 1, MPI_DOUBLE,
                     (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&g_v[N - 1], 1, MPI_DOUBLE, (rank + 1) % size, 1, &left, 1, MPI_DOUBLE,
                     (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        prev = left;
        for (i = 0; i < N; i++) {
            double next = i + 1 < N ? g_v[i + 1] : right;
            cur = g_v[i];
            g_v[i] = 0.25 * prev + 0.5 * cur + 0.25 * next;
            prev = cur;
        }
        if (every > 0 && g_step % every == 0) {
            if (mem)
                AMPI_MemCheckpoint();
            else
                AMPI_Checkpoint(dname);
        }
    }
    for (i = 0; i < N; i++)
        sum += g_v[i] * (i + 1);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("checksum %.12e\n", total);
    free(g_v);
    MPI_Finalize();
    return 0;
}
