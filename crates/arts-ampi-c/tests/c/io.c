/* MPI-IO: each rank writes its block of ints at its offset
 * (MPI_File_write_at_all), reads its neighbour's back; then a global 2-D
 * array (n rows of 6 ints, rank r owns column block r mod 3... of width 2)
 * written through a subarray view by every rank at once, read whole by
 * rank 0 through the default view and checked; the individual file
 * pointer (MPI_File_write, seek, get_position), sizes, a read past the end
 * (short count), non-blocking writes and reads (MPI_File_iwrite_at,
 * MPI_File_iread, waited for), split collectives (begin/end), errors
 * returned by default, a file's own handler (MPI_File_call_errhandler),
 * and delete on close.
 *
 *   io FILE */
#include <mpi.h>
#include <stdio.h>

#define W 6

static int file_errors;

static void count_file_errors(MPI_File *f, int *code, ...)
{
    (void)f;
    file_errors += *code == MPI_ERR_IO;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *path = argc > 1 ? argv[1] : "io.dat";
    int ok[7] = {1, 1, 1, 1, 1, 1, 1};
    MPI_File f;
    int mode = MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_UNIQUE_OPEN;
    MPI_File_open(MPI_COMM_WORLD, path, mode, MPI_INFO_NULL, &f);
    MPI_File_set_size(f, 0);

    /* Blocks: rank r writes 4 ints r*100+i at int offset 4r. */
    int mine[4], theirs[4];
    for (int i = 0; i < 4; i++) mine[i] = rank * 100 + i;
    MPI_Status st;
    MPI_File_write_at_all(f, (MPI_Offset)rank * 4 * sizeof(int), mine, 4, MPI_INT, &st);
    int c;
    MPI_Get_count(&st, MPI_INT, &c);
    ok[0] = c == 4;
    MPI_File_sync(f);
    int right = (rank + 1) % n;
    MPI_File_read_at_all(f, (MPI_Offset)right * 4 * sizeof(int), theirs, 4, MPI_INT, &st);
    for (int i = 0; i < 4; i++) ok[0] &= theirs[i] == right * 100 + i;
    MPI_Offset size;
    MPI_File_get_size(f, &size);
    ok[0] &= size == (MPI_Offset)n * 4 * sizeof(int);
    MPI_Barrier(MPI_COMM_WORLD); /* before anyone writes past the blocks */

    /* A global n x W array of ints after the blocks; rank r owns row r:
     * through a subarray view, every rank writes 1 row, in two halves. */
    MPI_Offset base = (MPI_Offset)n * 4 * sizeof(int);
    int sizes[2] = {n, W}, sub[2] = {1, W}, starts[2] = {rank, 0};
    MPI_Datatype row;
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &row);
    MPI_Type_commit(&row);
    MPI_File_set_view(f, base, MPI_INT, row, "native", MPI_INFO_NULL);
    int line[W];
    for (int j = 0; j < W; j++) line[j] = 1000 * rank + j;
    MPI_File_write_all(f, line, W / 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_Offset pos;
    MPI_File_get_position(f, &pos);
    ok[1] = pos == W / 2;
    MPI_File_write_all(f, line + W / 2, W / 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_seek(f, 0, MPI_SEEK_SET);
    int back[W];
    MPI_File_read_all(f, back, W, MPI_INT, MPI_STATUS_IGNORE);
    for (int j = 0; j < W; j++) ok[1] &= back[j] == line[j];
    MPI_Type_free(&row);
    MPI_File_set_view(f, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        int all[64 * W];
        MPI_File_read_at(f, base, all, n * W, MPI_INT, &st);
        MPI_Get_count(&st, MPI_INT, &c);
        ok[2] = c == n * W;
        for (int r = 0; r < n; r++)
            for (int j = 0; j < W; j++) ok[2] &= all[r * W + j] == 1000 * r + j;
        /* Past the end: a short count. */
        MPI_File_read_at(f, base + (MPI_Offset)(n * W - 2) * sizeof(int), all, 5, MPI_INT, &st);
        MPI_Get_count(&st, MPI_INT, &c);
        ok[3] = c == 2;
    }
    /* Non-blocking: each rank writes 3 ints after the array, reads them back. */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Offset tail = base + (MPI_Offset)n * W * sizeof(int) + (MPI_Offset)rank * 3 * sizeof(int);
    int three[3] = {7 * rank, 7 * rank + 1, 7 * rank + 2}, again[3] = {-1, -1, -1};
    MPI_Request req;
    MPI_File_iwrite_at(f, tail, three, 3, MPI_INT, &req);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    ok[5] = c == 3;
    MPI_File_sync(f);
    MPI_File_seek(f, tail, MPI_SEEK_SET);
    MPI_File_iread(f, again, 3, MPI_INT, &req);
    int done = 0;
    while (!done) MPI_Test(&req, &done, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    ok[5] &= c == 3 && again[0] == 7 * rank && again[2] == 7 * rank + 2;
    MPI_File_get_position(f, &pos);
    ok[5] &= pos == tail + 3 * (MPI_Offset)sizeof(int);

    /* Split collectives: overwrite the three ints, read them back. */
    int four[3] = {9 * rank, 9 * rank + 1, 9 * rank + 2}, got[3] = {-1, -1, -1};
    MPI_File_write_at_all_begin(f, tail, four, 3, MPI_INT);
    MPI_File_write_at_all_end(f, four, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    ok[6] = c == 3;
    MPI_File_sync(f);
    MPI_File_seek(f, tail, MPI_SEEK_SET);
    MPI_File_read_all_begin(f, got, 3, MPI_INT);
    MPI_File_read_all_end(f, got, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    ok[6] &= c == 3 && got[0] == 9 * rank && got[2] == 9 * rank + 2;
    /* The default handler returns; the file's own is called. */
    ok[6] &= MPI_File_call_errhandler(f, MPI_ERR_IO) == MPI_SUCCESS;
    MPI_Errhandler counting;
    MPI_File_create_errhandler(count_file_errors, &counting);
    MPI_File_set_errhandler(f, counting);
    MPI_File_call_errhandler(f, MPI_ERR_IO);
    ok[6] &= file_errors == 1;
    MPI_File_set_errhandler(f, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&counting);
    MPI_File_close(&f);
    ok[4] = f == MPI_FILE_NULL;

    /* Errors return by default: a missing file, then a bad amode. */
    int rc = MPI_File_open(MPI_COMM_WORLD, "/nonexistent/dir/x", MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
    int cls;
    MPI_Error_class(rc, &cls);
    ok[4] &= cls == MPI_ERR_NO_SUCH_FILE;
    rc = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &f);
    MPI_Error_class(rc, &cls);
    ok[4] &= cls == MPI_ERR_AMODE;
    /* Delete on close. */
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                  &f);
    MPI_File_close(&f);
    rc = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
    ok[4] &= rc != MPI_SUCCESS;

    int all_ok[7];
    MPI_Allreduce(ok, all_ok, 7, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("io: blocks %d view %d whole %d short %d nonblocking %d split %d errors %d\n",
               all_ok[0], all_ok[1], all_ok[2], all_ok[3], all_ok[5], all_ok[6], all_ok[4]);
    MPI_Finalize();
    return 0;
}
