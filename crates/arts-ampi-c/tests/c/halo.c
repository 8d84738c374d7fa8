/* Nonblocking halo exchange with derived datatypes: a periodic 2-D
 * Cartesian grid of ranks, each with a block of cells and a halo of one;
 * faces go out with MPI_Isend/MPI_Irecv (rows contiguous, columns as an
 * MPI_Type_vector), completed by MPI_Waitall. After the first exchange
 * every halo cell is checked against its global index; then `iters`
 * smoothing sweeps run and rank 0 prints a checksum (sums added in rank
 * order).
 *
 *   halo [n=96] [iters=20] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int nx, ny, w;

static void exchange(double *a, MPI_Comm cart, MPI_Datatype column, int up, int down, int left,
                     int right)
{
    MPI_Request req[8];
    MPI_Irecv(&a[0 * w + 1], ny, MPI_DOUBLE, up, 0, cart, &req[0]);
    MPI_Irecv(&a[(nx + 1) * w + 1], ny, MPI_DOUBLE, down, 1, cart, &req[1]);
    MPI_Irecv(&a[1 * w + 0], 1, column, left, 2, cart, &req[2]);
    MPI_Irecv(&a[1 * w + ny + 1], 1, column, right, 3, cart, &req[3]);
    MPI_Isend(&a[nx * w + 1], ny, MPI_DOUBLE, down, 0, cart, &req[4]);
    MPI_Isend(&a[1 * w + 1], ny, MPI_DOUBLE, up, 1, cart, &req[5]);
    MPI_Isend(&a[1 * w + ny], 1, column, right, 2, cart, &req[6]);
    MPI_Isend(&a[1 * w + 1], 1, column, left, 3, cart, &req[7]);
    MPI_Waitall(8, req, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 96;
    int iters = argc > 2 ? atoi(argv[2]) : 20;
    int size, rank, dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2];
    int up, down, left, right, i, j, it;
    long bad = 0, allbad = 0;
    MPI_Comm cart;
    MPI_Datatype column;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);
    if (n % dims[0] || n % dims[1]) {
        if (rank == 0)
            printf("halo: n=%d does not split over %dx%d\n", n, dims[0], dims[1]);
        MPI_Finalize();
        return 1;
    }
    nx = n / dims[0];
    ny = n / dims[1];
    w = ny + 2;
    int r0 = coords[0] * nx, c0 = coords[1] * ny;
    double *a = calloc((size_t)(nx + 2) * w, sizeof(double));
    double *b = calloc((size_t)(nx + 2) * w, sizeof(double));
    MPI_Type_vector(nx, 1, w, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    for (i = 1; i <= nx; i++)
        for (j = 1; j <= ny; j++)
            a[i * w + j] = (double)(r0 + i - 1) * n + (c0 + j - 1);
    exchange(a, cart, column, up, down, left, right);
    for (i = 0; i <= nx + 1; i++)
        for (j = 0; j <= ny + 1; j++) {
            int corner = (i == 0 || i == nx + 1) && (j == 0 || j == ny + 1);
            if (corner)
                continue;
            int gi = (r0 + i - 1 + n) % n, gj = (c0 + j - 1 + n) % n;
            if (a[i * w + j] != (double)gi * n + gj)
                bad++;
        }
    for (it = 0; it < iters; it++) {
        double *t;
        exchange(a, cart, column, up, down, left, right);
        for (i = 1; i <= nx; i++)
            for (j = 1; j <= ny; j++)
                b[i * w + j] = 0.2 * (a[i * w + j] + a[(i - 1) * w + j] + a[(i + 1) * w + j] +
                                      a[i * w + j - 1] + a[i * w + j + 1]);
        t = a;
        a = b;
        b = t;
    }
    double mine = 0.0, *all = NULL, total = 0.0;
    for (i = 1; i <= nx; i++)
        for (j = 1; j <= ny; j++)
            mine += a[i * w + j];
    if (rank == 0)
        all = malloc(sizeof(double) * size);
    MPI_Gather(&mine, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, cart);
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, cart);
    if (rank == 0) {
        for (i = 0; i < size; i++)
            total += all[i];
        printf("halo n=%d grid=%dx%d wrong_halo_cells=%ld checksum=%.12e\n", n, dims[0], dims[1],
               allbad, total);
        free(all);
    }
    MPI_Type_free(&column);
    MPI_Comm_free(&cart);
    free(a);
    free(b);
    MPI_Finalize();
    return allbad != 0;
}
