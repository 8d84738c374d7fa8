/* A 7-point Jacobi stencil on a K^3 grid, split over the ranks into a
 * px x py x pz grid of blocks (MPI_Dims_create: any rank count, a cube of
 * ranks gives cubes); each step exchanges the six faces with MPI_Irecv /
 * MPI_Isend and relaxes every interior point. The step time is the median
 * over the steps after the first (the slowest rank's, by MPI_MAX). Rank 0
 * prints one JSON object with a checksum (the grid's weighted sum), which
 * does not depend on the rank count. AMPI paper Tables 1-3.
 *
 *   stencil3d [K=64] [steps=10] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define IDX(i, j, k) (((size_t)(i) * (ny + 2) + (j)) * (nz + 2) + (k))

/* The first index and length of block `b` of `nb` along a side of `n`. */
static void split(int n, int nb, int b, int *start, int *len)
{
    int base = n / nb, extra = n % nb;
    *start = b * base + (b < extra ? b : extra);
    *len = base + (b < extra ? 1 : 0);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The initial value at global point (x, y, z): smooth and non-constant. */
static double initial(int x, int y, int z, int n)
{
    return (double)((x * 7 + y * 13 + z * 29) % 101) / 101.0 + (x == 0 ? 1.0 : 0.0) / n;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 64;
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    int rank, size, dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
    MPI_Comm cart;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (n < 2 || steps < 1) {
        if (rank == 0)
            fprintf(stderr, "error: stencil3d needs K >= 2 and steps >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Dims_create(size, 3, dims);
    if (dims[0] > n || dims[1] > n || dims[2] > n) {
        if (rank == 0)
            fprintf(stderr, "error: %d ranks (%dx%dx%d) do not fit a %d^3 grid\n", size, dims[0],
                    dims[1], dims[2], n);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 3, coords);
    int x0, y0, z0, nx, ny, nz;
    split(n, dims[0], coords[0], &x0, &nx);
    split(n, dims[1], coords[1], &y0, &ny);
    split(n, dims[2], coords[2], &z0, &nz);
    size_t cells = (size_t)(nx + 2) * (ny + 2) * (nz + 2);
    double *u = calloc(cells, sizeof(double)), *v = calloc(cells, sizeof(double));
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= ny; j++)
            for (int k = 1; k <= nz; k++)
                u[IDX(i, j, k)] = initial(x0 + i - 1, y0 + j - 1, z0 + k - 1, n);
    /* Face buffers: [dim][side] send and receive. */
    int face[3] = {ny * nz, nx * nz, nx * ny};
    double *sbuf[3][2], *rbuf[3][2];
    int nbr[3][2];
    for (int d = 0; d < 3; d++) {
        MPI_Cart_shift(cart, d, 1, &nbr[d][0], &nbr[d][1]);
        for (int s = 0; s < 2; s++) {
            sbuf[d][s] = malloc(sizeof(double) * face[d]);
            rbuf[d][s] = malloc(sizeof(double) * face[d]);
        }
    }
    double *times = malloc(sizeof(double) * steps);
    for (int step = 0; step < steps; step++) {
        MPI_Barrier(cart);
        double t0 = MPI_Wtime();
        MPI_Request req[12];
        int nreq = 0;
        for (int d = 0; d < 3; d++)
            for (int s = 0; s < 2; s++) {
                if (nbr[d][s] == MPI_PROC_NULL)
                    continue;
                MPI_Irecv(rbuf[d][s], face[d], MPI_DOUBLE, nbr[d][s], d * 2 + (1 - s), cart,
                          &req[nreq++]);
                int p = 0, plane = s == 0 ? 1 : (d == 0 ? nx : d == 1 ? ny : nz);
                for (int a = 1; a <= (d == 0 ? ny : nx); a++)
                    for (int b = 1; b <= (d == 2 ? ny : nz); b++)
                        sbuf[d][s][p++] = d == 0   ? u[IDX(plane, a, b)]
                                          : d == 1 ? u[IDX(a, plane, b)]
                                                   : u[IDX(a, b, plane)];
                MPI_Isend(sbuf[d][s], face[d], MPI_DOUBLE, nbr[d][s], d * 2 + s, cart,
                          &req[nreq++]);
            }
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
        for (int d = 0; d < 3; d++)
            for (int s = 0; s < 2; s++) {
                if (nbr[d][s] == MPI_PROC_NULL)
                    continue;
                int p = 0, plane = s == 0 ? 0 : (d == 0 ? nx + 1 : d == 1 ? ny + 1 : nz + 1);
                for (int a = 1; a <= (d == 0 ? ny : nx); a++)
                    for (int b = 1; b <= (d == 2 ? ny : nz); b++) {
                        double w = rbuf[d][s][p++];
                        if (d == 0)
                            u[IDX(plane, a, b)] = w;
                        else if (d == 1)
                            u[IDX(a, plane, b)] = w;
                        else
                            u[IDX(a, b, plane)] = w;
                    }
            }
        for (int i = 1; i <= nx; i++)
            for (int j = 1; j <= ny; j++)
                for (int k = 1; k <= nz; k++)
                    v[IDX(i, j, k)] = (u[IDX(i, j, k)] + u[IDX(i - 1, j, k)] +
                                       u[IDX(i + 1, j, k)] + u[IDX(i, j - 1, k)] +
                                       u[IDX(i, j + 1, k)] + u[IDX(i, j, k - 1)] +
                                       u[IDX(i, j, k + 1)]) /
                                      7.0;
        double *t = u;
        u = v;
        v = t;
        double mine = MPI_Wtime() - t0;
        MPI_Allreduce(&mine, &times[step], 1, MPI_DOUBLE, MPI_MAX, cart);
    }
    double local = 0.0, checksum = 0.0;
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= ny; j++)
            for (int k = 1; k <= nz; k++)
                local += u[IDX(i, j, k)] * (1.0 + ((x0 + i + 2 * (y0 + j) + 3 * (z0 + k)) % 17));
    MPI_Reduce(&local, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, cart);
    if (rank == 0) {
        int m = steps > 1 ? steps - 1 : 1;
        double *sorted = malloc(sizeof(double) * m);
        memcpy(sorted, steps > 1 ? times + 1 : times, sizeof(double) * m);
        qsort(sorted, m, sizeof(double), cmp_double);
        double median = m % 2 ? sorted[m / 2] : 0.5 * (sorted[m / 2 - 1] + sorted[m / 2]);
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        library_name(lib);
        printf("{\"program\":\"stencil3d\",\"mpi_library\":\"%s\",\"ranks\":%d,\"rank_grid\":[%d,%d,"
               "%d],\"size\":%d,\"steps\":%d,\"step_time_s\":%.6e,\"checksum\":%.15e}\n",
               lib, size, dims[0], dims[1], dims[2], n, steps, median, checksum);
        fflush(stdout);
        free(sorted);
    }
    for (int d = 0; d < 3; d++)
        for (int s = 0; s < 2; s++) {
            free(sbuf[d][s]);
            free(rbuf[d][s]);
        }
    free(times);
    free(u);
    free(v);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
