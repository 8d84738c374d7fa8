/* Matrix transpose with MPI_Alltoall (after the Parallel Research Kernels'
 * transpose): A (n x n, A[i][j] = i*n + j) is distributed by column
 * blocks; B = A^T is computed by an all-to-all of b x b blocks and local
 * transposes, and checked element by element.
 *
 *   transpose [n=64] [iters=3]      (n must be a multiple of the ranks) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 64;
    int iters = argc > 2 ? atoi(argv[2]) : 3;
    int size, rank, i, j, p, it;
    long errors = 0, total_errors = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (n % size != 0) {
        if (rank == 0)
            printf("transpose: n=%d is not a multiple of %d ranks\n", n, size);
        MPI_Finalize();
        return 1;
    }
    int b = n / size;
    /* local column block: a[i * b + jj] = A[i][rank*b + jj] */
    double *a = malloc(sizeof(double) * n * b), *bt = malloc(sizeof(double) * n * b);
    double *sendbuf = malloc(sizeof(double) * n * b), *recvbuf = malloc(sizeof(double) * n * b);
    for (i = 0; i < n; i++)
        for (j = 0; j < b; j++)
            a[i * b + j] = (double)i * n + (rank * b + j);
    for (it = 0; it < iters; it++) {
        /* block p: rows [p*b, (p+1)*b) of my columns, goes to rank p */
        for (p = 0; p < size; p++)
            for (i = 0; i < b; i++)
                for (j = 0; j < b; j++)
                    sendbuf[p * b * b + i * b + j] = a[(p * b + i) * b + j];
        MPI_Alltoall(sendbuf, b * b, MPI_DOUBLE, recvbuf, b * b, MPI_DOUBLE, MPI_COMM_WORLD);
        /* B[r][c] = A[c][r]; my columns of B are c in [rank*b, ...): B[r][rank*b + jj] =
         * A[rank*b + jj][r], and A[rank*b + jj][p*b + ii] came from rank p as its block. */
        for (p = 0; p < size; p++)
            for (i = 0; i < b; i++)     /* row jj of A within my block */
                for (j = 0; j < b; j++) /* column p*b + j of A */
                    bt[(p * b + j) * b + i] = recvbuf[p * b * b + i * b + j];
    }
    double sum = 0.0;
    for (i = 0; i < n; i++)
        for (j = 0; j < b; j++) {
            double want = (double)(rank * b + j) * n + i;
            if (bt[i * b + j] != want)
                errors++;
            sum += bt[i * b + j];
        }
    double total = 0.0;
    MPI_Reduce(&errors, &total_errors, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("transpose n=%d ranks=%d errors=%ld sum=%.1f\n", n, size, total_errors, total);
    free(a);
    free(bt);
    free(sendbuf);
    free(recvbuf);
    MPI_Finalize();
    return total_errors != 0;
}
