/* Time per call of small blocking collectives in a tight loop:
 * MPI_Allreduce of one double, MPI_Gather of one int to rank 0, MPI_Bcast
 * of one double. In a gather or broadcast loop the ranks that only send run
 * ahead of the one that receives, so its unmatched messages pile up: the
 * time per call must not grow with the iteration count. Checks the last
 * results (a wrong one fails the rank).
 *
 *   colltime [iterations=100000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int iters = argc > 1 ? atoi(argv[1]) : 100000;
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    double x = rank, sum = 0, b = 0;
    int *g = malloc(n * sizeof(int)), bad = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        int mine = rank + i;
        MPI_Gather(&mine, 1, MPI_INT, g, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    double t2 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        b = rank == 0 ? i : -1;
        MPI_Bcast(&b, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    double t3 = MPI_Wtime();
    bad |= sum != n * (n - 1) / 2.0 || b != iters - 1;
    for (int r = 0; rank == 0 && r < n; r++) bad |= g[r] != r + iters - 1;
    if (rank == 0)
        printf("colltime: %d ranks, %d iterations: allreduce %.3f us gather %.3f us bcast %.3f us\n",
               n, iters, (t1 - t0) / iters * 1e6, (t2 - t1) / iters * 1e6,
               (t3 - t2) / iters * 1e6);
    MPI_Finalize();
    return bad;
}
