/* 2-D Jacobi (5-point) on an n x n grid over a Cartesian grid of ranks
 * (MPI_Dims_create, MPI_Cart_create, MPI_Cart_shift); rows are exchanged
 * as contiguous data, columns as an MPI_Type_vector.
 *
 *   stencil2d [n=256] [iters=50] [heavy=1] [migrate_every=0]
 *
 * Cells in the top half of the grid cost `heavy` times as much (a planted
 * imbalance that does not change the result). Under AMPI the ranks call
 * AMPI_Migrate every `migrate_every` iterations. Rank 0 prints a checksum
 * (the ranks' sums added in rank order) on stdout and the time on stderr
 * (of the iterations, after the grids are first touched). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

volatile double sink;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256;
    int iters = argc > 2 ? atoi(argv[2]) : 50;
    int heavy = argc > 3 ? atoi(argv[3]) : 1;
    int migrate_every = argc > 4 ? atoi(argv[4]) : 0;
    int size, rank, dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
    int up, down, left, right, it, i, j, k;
    MPI_Comm cart;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);

    /* my rows [r0, r0 + nx), columns [c0, c0 + ny) */
    int nx = n / dims[0] + (coords[0] < n % dims[0]);
    int ny = n / dims[1] + (coords[1] < n % dims[1]);
    int r0 = coords[0] * (n / dims[0]) + (coords[0] < n % dims[0] ? coords[0] : n % dims[0]);
    int w = ny + 2;
    double *a = calloc((size_t)(nx + 2) * w, sizeof(double));
    double *b = calloc((size_t)(nx + 2) * w, sizeof(double));
    double *t;
    /* First touch before the clock starts, as stencil codes do: the
     * grids' pages are mapped here, not in the first timed sweeps. */
    for (i = 0; i < (nx + 2) * w; i++)
        a[i] = b[i] = 0.0;
    if (r0 == 0)
        for (j = 0; j < w; j++)
            a[j] = b[j] = 1.0; /* the top edge is held at 1 */
    MPI_Type_vector(nx, 1, w, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);

    MPI_Barrier(cart);
    double t0 = MPI_Wtime();
    for (it = 0; it < iters; it++) {
        MPI_Sendrecv(&a[1 * w + 1], ny, MPI_DOUBLE, up, 0, &a[(nx + 1) * w + 1], ny, MPI_DOUBLE,
                     down, 0, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&a[nx * w + 1], ny, MPI_DOUBLE, down, 1, &a[0 * w + 1], ny, MPI_DOUBLE, up,
                     1, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&a[1 * w + 1], 1, column, left, 2, &a[1 * w + ny + 1], 1, column, right, 2,
                     cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&a[1 * w + ny], 1, column, right, 3, &a[1 * w + 0], 1, column, left, 3, cart,
                     MPI_STATUS_IGNORE);
        /* the top half is swept `heavy` times (same values: more work only) */
        for (k = 0; k < heavy; k++) {
            for (i = 1; i <= nx; i++) {
                if (k > 0 && r0 + i - 1 >= n / 2)
                    continue;
                for (j = 1; j <= ny; j++)
                    b[i * w + j] = 0.25 * (a[(i - 1) * w + j] + a[(i + 1) * w + j] +
                                           a[i * w + j - 1] + a[i * w + j + 1]);
            }
            sink = b[w + 1];
        }
        t = a;
        a = b;
        b = t;
#ifdef AMPI
        if (migrate_every > 0 && it % migrate_every == migrate_every - 1)
            AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
    }
    double elapsed = MPI_Wtime() - t0;

    double mine = 0.0, *all = NULL, total = 0.0, tmax;
    for (i = 1; i <= nx; i++)
        for (j = 1; j <= ny; j++)
            mine += a[i * w + j];
    if (rank == 0)
        all = malloc(sizeof(double) * size);
    MPI_Gather(&mine, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, cart);
    MPI_Reduce(&elapsed, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cart);
    if (rank == 0) {
        for (i = 0; i < size; i++)
            total += all[i];
        printf("stencil2d n=%d iters=%d grid=%dx%d checksum=%.12e\n", n, iters, dims[0], dims[1],
               total);
        fprintf(stderr, "stencil2d time_s=%.6f\n", tmax);
        free(all);
    }
    MPI_Type_free(&column);
    MPI_Comm_free(&cart);
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
