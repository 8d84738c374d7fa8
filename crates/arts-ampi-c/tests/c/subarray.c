/* MPI_Type_create_subarray (both orders), hindexed and indexed_block
 * types, MPI_Cart_sub rows and columns, MPI_Reduce_scatter(_block); rank 0
 * prints every check.
 *
 *   subarray */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int size, rank, i, j;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* a 3x4 block at (1,2) of a 6x8 array, to the right neighbour */
    int sizes[2] = {6, 8}, subs[2] = {3, 4}, starts[2] = {1, 2};
    MPI_Datatype sub_c, sub_f, hidx, iblk;
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sub_c);
    MPI_Type_commit(&sub_c);
    int a[48], b[48], sub_ok = 1, tsize;
    MPI_Aint lb, ext;
    for (i = 0; i < 48; i++) {
        a[i] = 1000 * rank + i;
        b[i] = -1;
    }
    MPI_Sendrecv(a, 1, sub_c, (rank + 1) % size, 0, b, 1, sub_c, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int left = (rank + size - 1) % size;
    for (i = 0; i < 6; i++)
        for (j = 0; j < 8; j++) {
            int in = i >= 1 && i < 4 && j >= 2 && j < 6;
            sub_ok &= b[i * 8 + j] == (in ? 1000 * left + i * 8 + j : -1);
        }
    MPI_Type_size(sub_c, &tsize);
    MPI_Type_get_extent(sub_c, &lb, &ext);
    sub_ok &= tsize == 48 && lb == 0 && ext == 192;

    /* Fortran order: sizes are (columns, rows) of a column-major array */
    int fs[2] = {8, 6}, fsub[2] = {4, 3}, fst[2] = {2, 1};
    MPI_Type_create_subarray(2, fs, fsub, fst, MPI_ORDER_FORTRAN, MPI_INT, &sub_f);
    MPI_Type_commit(&sub_f);
    int packed[12], k = 0;
    MPI_Sendrecv(a, 1, sub_f, rank, 1, packed, 12, MPI_INT, rank, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (i = 1; i < 4; i++)
        for (j = 2; j < 6; j++)
            sub_ok &= packed[k++] == a[i * 8 + j];

    /* hindexed: ints at byte offsets 4 and 20; indexed_block: pairs at 0 and 10 */
    int hb[2] = {1, 2};
    MPI_Aint hd[2] = {4, 20};
    MPI_Type_create_hindexed(2, hb, hd, MPI_INT, &hidx);
    MPI_Type_commit(&hidx);
    int got[3];
    MPI_Sendrecv(a, 1, hidx, rank, 2, got, 3, MPI_INT, rank, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int types_ok = got[0] == a[1] && got[1] == a[5] && got[2] == a[6];
    int bd[2] = {0, 10};
    MPI_Type_create_indexed_block(2, 2, bd, MPI_INT, &iblk);
    MPI_Type_commit(&iblk);
    int four[4];
    MPI_Sendrecv(a, 1, iblk, rank, 3, four, 4, MPI_INT, rank, 3, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    types_ok &= four[0] == a[0] && four[1] == a[1] && four[2] == a[10] && four[3] == a[11];

    /* Cart_sub: rows and columns of a 2-D grid */
    int dims[2] = {0, 0}, per[2] = {0, 0}, keep_row[2] = {0, 1}, keep_col[2] = {1, 0};
    MPI_Comm cart, row, col;
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, 0, &cart);
    MPI_Cart_sub(cart, keep_row, &row);
    MPI_Cart_sub(cart, keep_col, &col);
    int rsize, csize, rrank, crank, coords[2], rsum, nd;
    MPI_Comm_size(row, &rsize);
    MPI_Comm_size(col, &csize);
    MPI_Comm_rank(row, &rrank);
    MPI_Comm_rank(col, &crank);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Allreduce(&rank, &rsum, 1, MPI_INT, MPI_SUM, row);
    MPI_Cartdim_get(row, &nd);
    int first = coords[0] * dims[1];
    int cart_ok = rsize == dims[1] && csize == dims[0] && rrank == coords[1] &&
                  crank == coords[0] && nd == 1 &&
                  rsum == dims[1] * first + dims[1] * (dims[1] - 1) / 2;

    /* reduce-scatter: rank i gets i+1 sums of every rank's 1s, then blocks of 2 */
    int total = size * (size + 1) / 2, *ones = malloc(sizeof(int) * total);
    int *counts = malloc(sizeof(int) * size), *mine = malloc(sizeof(int) * (rank + 1));
    for (i = 0; i < total; i++)
        ones[i] = i;
    for (i = 0; i < size; i++)
        counts[i] = i + 1;
    MPI_Reduce_scatter(ones, mine, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int rs_ok = mine[0] == size * (rank * (rank + 1) / 2) && mine[rank] == mine[0] + size * rank;
    int *twos = malloc(sizeof(int) * 2 * size), blk[2];
    for (i = 0; i < 2 * size; i++)
        twos[i] = rank;
    MPI_Reduce_scatter_block(twos, blk, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    rs_ok &= blk[0] == size - 1 && blk[1] == size - 1;

    /* non-blocking all-gather (of a column: a vector type) and all-to-all */
    MPI_Datatype pair_col;
    MPI_Type_vector(2, 1, 3, MPI_INT, &pair_col);
    MPI_Type_commit(&pair_col);
    int m23[6] = {rank, -1, -1, 10 + rank, -1, -1};
    int *ag = malloc(sizeof(int) * 2 * size), *s2 = malloc(sizeof(int) * size),
        *r2 = malloc(sizeof(int) * size);
    for (i = 0; i < size; i++)
        s2[i] = 100 * rank + i;
    MPI_Request nb[2];
    MPI_Iallgather(m23, 1, pair_col, ag, 2, MPI_INT, MPI_COMM_WORLD, &nb[0]);
    MPI_Ialltoall(s2, 1, MPI_INT, r2, 1, MPI_INT, MPI_COMM_WORLD, &nb[1]);
    MPI_Waitall(2, nb, MPI_STATUSES_IGNORE);
    int nbc_ok = 1;
    for (i = 0; i < size; i++)
        nbc_ok &= ag[2 * i] == i && ag[2 * i + 1] == 10 + i && r2[i] == 100 * i + rank;
    MPI_Type_free(&pair_col);
    free(ag);
    free(s2);
    free(r2);

    /* exclusive prefix sums (offsets), twice on the same communicator */
    long long len = 10 + rank, off = -1, off2 = -1;
    MPI_Exscan(&len, &off, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(&len, &off2, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    int ex_ok = rank == 0 || (off == 10LL * rank + (long long)rank * (rank - 1) / 2 &&
                              off2 == 10 + rank - 1);

    int flags[6] = {sub_ok, types_ok, cart_ok, rs_ok, nbc_ok, ex_ok}, all[6], ok;
    MPI_Reduce(flags, all, 6, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    int mine_ok = sub_ok && types_ok && cart_ok && rs_ok && nbc_ok && ex_ok;
    MPI_Allreduce(&mine_ok, &ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("subarray %d hindexed+indexed_block %d cart_sub %d reduce_scatter %d "
               "iallgather+ialltoall %d exscan %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5]);
    MPI_Type_free(&sub_c);
    MPI_Type_free(&sub_f);
    MPI_Type_free(&hidx);
    MPI_Type_free(&iblk);
    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    MPI_Comm_free(&cart);
    free(ones);
    free(counts);
    free(mine);
    free(twos);
    MPI_Finalize();
    return !ok;
}
