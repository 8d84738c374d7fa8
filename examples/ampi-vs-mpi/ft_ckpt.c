/* An FT-like kernel (NAS FT's pattern): a complex N x N array split by rows
 * over the ranks; each step transforms every local row with a radix-2 FFT
 * (scaled by 1/sqrt(N)), damps each mode, and transposes the array with
 * MPI_Alltoall, so that two steps make a 2-D FFT. Every `every` steps it
 * checkpoints (AMPI_Checkpoint(dir) for `disk`, AMPI_MemCheckpoint() for
 * `mem`, `none`: never) and times it. The checksum (a weighted sum of the
 * array) does not depend on the rank count. AMPI paper Fig. 12(a).
 *
 *   ft_ckpt [N=512] [steps=8] [every=2] [how=disk|mem|none] [dir=ckpt] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckpt.h"

/* In-place radix-2 FFT of n (a power of 2) complex values (re, im pairs). */
static void fft(double *z, int n)
{
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double tr = z[2 * i], ti = z[2 * i + 1];
            z[2 * i] = z[2 * j];
            z[2 * i + 1] = z[2 * j + 1];
            z[2 * j] = tr;
            z[2 * j + 1] = ti;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        double ang = -2.0 * M_PI / len;
        for (int i = 0; i < n; i += len)
            for (int k = 0; k < len / 2; k++) {
                double wr = cos(ang * k), wi = sin(ang * k);
                double *a = z + 2 * (i + k), *b = z + 2 * (i + k + len / 2);
                double xr = b[0] * wr - b[1] * wi, xi = b[0] * wi + b[1] * wr;
                b[0] = a[0] - xr;
                b[1] = a[1] - xi;
                a[0] += xr;
                a[1] += xi;
            }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512;
    int steps = argc > 2 ? atoi(argv[2]) : 8;
    int every = argc > 3 ? atoi(argv[3]) : 2;
    const char *how = argc > 4 ? argv[4] : "disk";
    const char *dir = argc > 5 ? argv[5] : "ckpt";
    int rank, size, idx;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (n < 2 || (n & (n - 1)) || n % size || steps < 1 || every < 0) {
        if (rank == 0)
            fprintf(stderr, "error: ft_ckpt needs N a power of 2 divisible by the %d ranks, "
                            "steps >= 1, every >= 0\n", size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int rows = n / size, row0 = rank * rows;
    state *s = malloc(sizeof(state));
    s->n = 2 * rows * n;
    s->v = malloc(sizeof(double) * s->n);
    AMPI_Register_pup(state_pup, &s, &idx);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < n; c++) {
            int g = (row0 + r) * n + c;
            s->v[2 * (r * n + c)] = (double)((g * 37) % 101) / 101.0;
            s->v[2 * (r * n + c) + 1] = (double)((g * 53) % 103) / 103.0;
        }
    double *send = malloc(sizeof(double) * s->n), *recv = malloc(sizeof(double) * s->n);
    double *ck = malloc(sizeof(double) * (steps + 1)), step_total = 0.0;
    int nck = 0, block = rows * rows * 2;
    double scale = 1.0 / sqrt((double)n);
    for (int step = 1; step <= steps; step++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        double *v = s->v;
        for (int r = 0; r < rows; r++) {
            fft(v + 2 * r * n, n);
            for (int c = 0; c < n; c++) {
                int k = c < n / 2 ? c : n - c;
                double damp = scale * exp(-1e-6 * k * k);
                v[2 * (r * n + c)] *= damp;
                v[2 * (r * n + c) + 1] *= damp;
            }
        }
        /* Transpose: block p of my rows (columns p*rows..) goes to rank p. */
        for (int p = 0; p < size; p++)
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < rows; c++) {
                    double *from = v + 2 * (r * n + p * rows + c);
                    double *to = send + p * block + 2 * (c * rows + r);
                    to[0] = from[0];
                    to[1] = from[1];
                }
        MPI_Alltoall(send, block, MPI_DOUBLE, recv, block, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int p = 0; p < size; p++)
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < rows; c++) {
                    double *from = recv + p * block + 2 * (r * rows + c);
                    double *to = v + 2 * (r * n + p * rows + c);
                    to[0] = from[0];
                    to[1] = from[1];
                }
        double mine = MPI_Wtime() - t0, slowest;
        MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        step_total += slowest;
        if (every > 0 && step % every == 0 && strcmp(how, "none") != 0)
            ck[nck++] = timed_checkpoint(how, dir);
    }
    double local = 0.0, checksum = 0.0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < n; c++) {
            int g = (row0 + r) * n + c;
            local += (s->v[2 * (r * n + c)] + 0.5 * s->v[2 * (r * n + c) + 1]) * (1 + g % 13);
        }
    MPI_Reduce(&local, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        print_result("ft", size, how, (long long)sizeof(double) * s->n, steps, step_total / steps,
                     ck, nck, checksum);
    free(send);
    free(recv);
    free(ck);
    MPI_Finalize();
    return 0;
}
