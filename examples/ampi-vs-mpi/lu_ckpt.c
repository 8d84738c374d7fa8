/* An LU-like kernel (NAS LU's SSOR pattern): a symmetric successive
 * over-relaxation of an N x N grid split by rows over the ranks; each step
 * is a forward Gauss-Seidel sweep, pipelined as a wavefront down the ranks
 * in column blocks of `block`, then a backward sweep up the ranks. The
 * result equals the sequential sweep's point for point. Every `every`
 * steps it checkpoints (AMPI_Checkpoint(dir) for `disk`, AMPI_MemCheckpoint()
 * for `mem`, `none`: never) and times it. AMPI paper Fig. 12(b).
 *
 *   lu_ckpt [N=1024] [steps=8] [every=2] [how=disk|mem|none] [dir=ckpt] [block=64] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckpt.h"

#define OMEGA 1.2

/* One point of the relaxation. */
static double relax(double old, double n, double s, double w, double e, double f)
{
    return (1.0 - OMEGA) * old + OMEGA * 0.25 * (n + s + w + e + f);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    int steps = argc > 2 ? atoi(argv[2]) : 8;
    int every = argc > 3 ? atoi(argv[3]) : 2;
    const char *how = argc > 4 ? argv[4] : "disk";
    const char *dir = argc > 5 ? argv[5] : "ckpt";
    int bw = argc > 6 ? atoi(argv[6]) : 64;
    int rank, size, idx;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (n < 2 || n % size || steps < 1 || every < 0 || bw < 1) {
        if (rank == 0)
            fprintf(stderr, "error: lu_ckpt needs N >= 2 divisible by the %d ranks, steps >= 1, "
                            "every >= 0, block >= 1\n", size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int rows = n / size, row0 = rank * rows;
    int prev = rank > 0 ? rank - 1 : MPI_PROC_NULL, next = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    state *s = malloc(sizeof(state));
    s->n = 2 * rows * n; /* u, then the source term f */
    s->v = malloc(sizeof(double) * s->n);
    AMPI_Register_pup(state_pup, &s, &idx);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < n; j++) {
            int g = (row0 + i) * n + j;
            s->v[i * n + j] = (double)((g * 31) % 97) / 97.0;
            s->v[rows * n + i * n + j] = (double)((g * 17) % 89) / 890.0;
        }
    double *up = calloc(n, sizeof(double)), *down = calloc(n, sizeof(double));
    double *ck = malloc(sizeof(double) * (steps + 1)), step_total = 0.0;
    int nck = 0, blocks = (n + bw - 1) / bw;
    for (int step = 1; step <= steps; step++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        double *u = s->v, *f = s->v + rows * n;
        /* Forward: old first row of the rank below; new rows come from above. */
        MPI_Sendrecv(u, n, MPI_DOUBLE, prev, 0, down, n, MPI_DOUBLE, next, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        for (int b = 0; b < blocks; b++) {
            int c0 = b * bw, c1 = c0 + bw < n ? c0 + bw : n;
            MPI_Recv(up + c0, c1 - c0, MPI_DOUBLE, prev, 1 + b, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int i = 0; i < rows; i++)
                for (int j = c0; j < c1; j++) {
                    double no = i > 0 ? u[(i - 1) * n + j] : (prev >= 0 ? up[j] : 0.0);
                    double so = i < rows - 1 ? u[(i + 1) * n + j] : (next >= 0 ? down[j] : 0.0);
                    double we = j > 0 ? u[i * n + j - 1] : 0.0;
                    double ea = j < n - 1 ? u[i * n + j + 1] : 0.0;
                    u[i * n + j] = relax(u[i * n + j], no, so, we, ea, f[i * n + j]);
                }
            MPI_Send(u + (rows - 1) * n + c0, c1 - c0, MPI_DOUBLE, next, 1 + b, MPI_COMM_WORLD);
        }
        /* Backward: old last row of the rank above; new rows come from below. */
        MPI_Sendrecv(u + (rows - 1) * n, n, MPI_DOUBLE, next, 0, up, n, MPI_DOUBLE, prev, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int b = blocks - 1; b >= 0; b--) {
            int c0 = b * bw, c1 = c0 + bw < n ? c0 + bw : n;
            MPI_Recv(down + c0, c1 - c0, MPI_DOUBLE, next, 1 + blocks + b, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            for (int i = rows - 1; i >= 0; i--)
                for (int j = c1 - 1; j >= c0; j--) {
                    double no = i > 0 ? u[(i - 1) * n + j] : (prev >= 0 ? up[j] : 0.0);
                    double so = i < rows - 1 ? u[(i + 1) * n + j] : (next >= 0 ? down[j] : 0.0);
                    double we = j > 0 ? u[i * n + j - 1] : 0.0;
                    double ea = j < n - 1 ? u[i * n + j + 1] : 0.0;
                    u[i * n + j] = relax(u[i * n + j], no, so, we, ea, f[i * n + j]);
                }
            MPI_Send(u + c0, c1 - c0, MPI_DOUBLE, prev, 1 + blocks + b, MPI_COMM_WORLD);
        }
        double mine = MPI_Wtime() - t0, slowest;
        MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        step_total += slowest;
        if (every > 0 && step % every == 0 && strcmp(how, "none") != 0)
            ck[nck++] = timed_checkpoint(how, dir);
    }
    double local = 0.0, checksum = 0.0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < n; j++)
            local += s->v[i * n + j] * (1 + ((row0 + i) * n + j) % 11);
    MPI_Reduce(&local, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        print_result("lu", size, how, (long long)sizeof(double) * s->n, steps, step_total / steps,
                     ck, nck, checksum);
    free(up);
    free(down);
    free(ck);
    MPI_Finalize();
    return 0;
}
