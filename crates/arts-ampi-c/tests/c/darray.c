/* Distributed arrays: every rank describes its part of a global 2-D array
 * with MPI_Type_create_darray (block x cyclic(2), cyclic x none, block
 * with a given block size, in C and Fortran order), packs its elements out
 * of a copy of the whole array, and rank 0 prints each rank's count and
 * checksum, then writes the array through darray file views and reads it
 * back whole. The same lines under Open MPI. argv[1]: the file. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 7
#define COLS 10

static void report(const char *what, MPI_Datatype t, const int *global, int rank, int size)
{
    int bytes, pos = 0, n;
    MPI_Pack_size(1, t, MPI_COMM_WORLD, &bytes);
    int *packed = malloc(bytes > 0 ? bytes : 1);
    MPI_Pack(global, 1, t, packed, bytes, &pos, MPI_COMM_WORLD);
    n = pos / (int)sizeof(int);
    long sum = 0;
    for (int k = 0; k < n; k++)
        sum += (long)(k + 1) * packed[k];
    long mine[2] = {n, sum}, all[64];
    MPI_Gather(mine, 2, MPI_LONG, all, 2, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("darray %s:", what);
        for (int r = 0; r < size; r++)
            printf(" %ld/%ld", all[2 * r], all[2 * r + 1]);
        printf("\n");
    }
    free(packed);
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int global[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        global[i] = i;
    int gsizes[2] = {ROWS, COLS}, psizes[2] = {0, 0};
    MPI_Dims_create(size, 2, psizes);
    MPI_Datatype t;
    MPI_Aint lb, extent;

    int d1[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int a1[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2};
    MPI_Type_create_darray(size, rank, 2, gsizes, d1, a1, psizes, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    if (rank == 0)
        printf("darray extent %ld lb %ld\n", (long)extent, (long)lb);
    report("block x cyclic(2), C", t, global, rank, size);

    /* The file, written through each rank's view, read back whole. */
    MPI_File fh;
    const char *path = argc > 1 ? argv[1] : "darray.dat";
    int *mine = malloc(sizeof global);
    int bytes, pos = 0;
    MPI_Pack_size(1, t, MPI_COMM_WORLD, &bytes);
    MPI_Pack(global, 1, t, mine, bytes, &pos, MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, t, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, pos / (int)sizeof(int), MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    int back[ROWS * COLS], same = 1;
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_read_at(fh, 0, back, ROWS * COLS, MPI_INT, MPI_STATUS_IGNORE);
    for (int i = 0; i < ROWS * COLS; i++)
        same = same && back[i] == i;
    MPI_File_close(&fh);
    if (rank == 0)
        printf("darray file whole %d\n", same);
    MPI_Type_free(&t);
    free(mine);

    int d2[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_NONE};
    int a2[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    int p2[2] = {size, 1};
    MPI_Type_create_darray(size, rank, 2, gsizes, d2, a2, p2, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_commit(&t);
    report("cyclic x none, C", t, global, rank, size);
    MPI_Type_free(&t);

    int d3[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int a3[2] = {MPI_DISTRIBUTE_DFLT_DARG, 6};
    MPI_Type_create_darray(size, rank, 2, gsizes, d3, a3, psizes, MPI_ORDER_FORTRAN, MPI_INT,
                           &t);
    MPI_Type_commit(&t);
    report("block x block(6), Fortran", t, global, rank, size);
    MPI_Type_free(&t);

    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Finalize();
    return 0;
}
