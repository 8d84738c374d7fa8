/* Pipelined point-to-point synchronization (after the Parallel Research
 * Kernels' synch_p2p): a(i,j) = a(i-1,j) + a(i,j-1) - a(i-1,j-1) on an
 * m x n grid whose columns are split among the ranks; each row waits for
 * the left neighbour's last value. The corner is fed back into a(0,0), so
 * after `iters` sweeps it is iters * (m + n - 2).
 *
 *   pipeline [m=200] [n=200] [iters=5] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 200;
    int n = argc > 2 ? atoi(argv[2]) : 200;
    int iters = argc > 3 ? atoi(argv[3]) : 5;
    int size, rank, i, j, it;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int start = rank * n / size, end = (rank + 1) * n / size; /* columns [start, end) */
    int w = end - start + 1;                                  /* with one ghost column */
    double *a = calloc((size_t)m * w, sizeof(double));
#define A(i, j) a[(i) * w + (j) - start + 1]
    for (j = start > 0 ? start - 1 : 0; j < end; j++)
        A(0, j) = j; /* row 0, the ghost column included */
    for (i = 0; i < m; i++)
        if (start == 0)
            A(i, 0) = i;
    double corner = 0.0;
    for (it = 0; it < iters; it++) {
        for (i = 1; i < m; i++) {
            if (rank > 0)
                MPI_Recv(&A(i, start - 1), 1, MPI_DOUBLE, rank - 1, i, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            for (j = start > 0 ? start : 1; j < end; j++)
                A(i, j) = A(i - 1, j) + A(i, j - 1) - A(i - 1, j - 1);
            if (rank < size - 1)
                MPI_Send(&A(i, end - 1), 1, MPI_DOUBLE, rank + 1, i, MPI_COMM_WORLD);
        }
        /* the corner goes back to the start */
        if (size == 1) {
            corner = A(m - 1, n - 1);
            A(0, 0) = -corner;
        } else if (rank == size - 1) {
            corner = -A(m - 1, n - 1);
            MPI_Send(&corner, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
            corner = -corner;
        } else if (rank == 0) {
            MPI_Recv(&A(0, 0), 1, MPI_DOUBLE, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    if (size > 1 && rank == size - 1)
        MPI_Send(&corner, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
    if (size > 1 && rank == 0)
        MPI_Recv(&corner, 1, MPI_DOUBLE, size - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 0) {
        double want = (double)iters * (m + n - 2);
        printf("pipeline m=%d n=%d iters=%d corner=%.1f expected=%.1f %s\n", m, n, iters, corner,
               want, corner == want ? "ok" : "WRONG");
    }
    free(a);
    MPI_Finalize();
    return 0;
}
