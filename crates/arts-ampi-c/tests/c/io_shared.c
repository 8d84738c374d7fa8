/* MPI-IO's shared file pointer: ordered writes and reads (rank order),
 * independent shared writes (each lands once, in some order), seek and
 * position of the shared pointer, a view reset, and a view that starts
 * where the shared pointer is (MPI_DISPLACEMENT_CURRENT, of a file opened
 * MPI_MODE_SEQUENTIAL; refused for another). Prints one line of checks.
 *
 *   io_shared FILE   (deleted on close) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (argc < 2) {
        if (rank == 0) printf("usage: io_shared FILE\n");
        MPI_Finalize();
        return 1;
    }
    int ok[5] = {1, 1, 1, 1, 1};
    MPI_File f;
    MPI_File_open(MPI_COMM_WORLD, argv[1],
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &f);
    MPI_File_set_view(f, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);

    /* Ordered: rank r writes r + 1 copies of r, one after another. */
    int mine[64];
    for (int i = 0; i <= rank; i++) mine[i] = rank;
    MPI_File_write_ordered(f, mine, rank + 1, MPI_INT, MPI_STATUS_IGNORE);
    int total = n * (n + 1) / 2;
    MPI_Offset at;
    MPI_File_get_position_shared(f, &at);
    ok[0] = at == total;
    /* Every rank's data in the file before rank 0 reads it back. */
    MPI_File_sync(f);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(f);
    if (rank == 0) {
        int *all = malloc(total * sizeof(int)), k = 0;
        MPI_File_read_at(f, 0, all, total, MPI_INT, MPI_STATUS_IGNORE);
        for (int r = 0; r < n; r++)
            for (int i = 0; i <= r; i++) ok[0] &= all[k++] == r;
        free(all);
    }

    /* Independent: each rank writes the pair (r, r) where the shared pointer is. */
    MPI_Barrier(MPI_COMM_WORLD);
    int pair[2] = {rank, rank};
    MPI_File_write_shared(f, pair, 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(f);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(f);
    MPI_File_get_position_shared(f, &at);
    ok[1] = at == total + 2 * n;
    if (rank == 0) {
        int *pairs = malloc(2 * n * sizeof(int)), *seen = calloc(n, sizeof(int));
        MPI_File_read_at(f, total, pairs, 2 * n, MPI_INT, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; i++) {
            ok[1] &= pairs[2 * i] == pairs[2 * i + 1] && pairs[2 * i] >= 0 && pairs[2 * i] < n;
            if (pairs[2 * i] >= 0 && pairs[2 * i] < n) seen[pairs[2 * i]]++;
        }
        for (int r = 0; r < n; r++) ok[1] &= seen[r] == 1;
        free(pairs);
        free(seen);
    }

    /* Back to the start: ordered reads give each rank its own run. */
    MPI_File_seek_shared(f, 0, MPI_SEEK_SET);
    int back[64];
    MPI_File_read_ordered(f, back, rank + 1, MPI_INT, MPI_STATUS_IGNORE);
    for (int i = 0; i <= rank; i++) ok[2] &= back[i] == rank;
    MPI_File_seek_shared(f, 2, MPI_SEEK_CUR);
    MPI_File_get_position_shared(f, &at);
    ok[2] &= at == total + 2;

    /* A new view resets the shared pointer. */
    MPI_File_set_view(f, 4 * sizeof(int), MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_get_position_shared(f, &at);
    ok[3] = at == 0;
    MPI_Barrier(MPI_COMM_WORLD);
    int first;
    MPI_File_read_shared(f, &first, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_position_shared(f, &at);
    ok[3] &= at == n;
    /* Not a sequential file: no view at the shared pointer. */
    ok[4] = MPI_File_set_view(f, MPI_DISPLACEMENT_CURRENT, MPI_INT, MPI_INT, "native",
                              MPI_INFO_NULL) != MPI_SUCCESS;
    MPI_File_close(&f);

    /* A sequential file: after the ordered runs (total ints), a view at
     * the shared pointer starts at byte 4 * total. */
    char seq[4096];
    snprintf(seq, sizeof seq, "%s.seq", argv[1]);
    MPI_File_open(MPI_COMM_WORLD, seq,
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_SEQUENTIAL |
                      MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &f);
    MPI_File_set_view(f, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write_ordered(f, mine, rank + 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_set_view(f, MPI_DISPLACEMENT_CURRENT, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_Offset disp, byte;
    MPI_Datatype etype, filetype;
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_File_get_view(f, &disp, &etype, &filetype, rep);
    MPI_File_get_byte_offset(f, 0, &byte);
    ok[4] &= disp == (MPI_Offset)(total * sizeof(int)) && byte == disp && strcmp(rep, "native") == 0;
    MPI_File_get_position_shared(f, &at);
    ok[4] &= at == 0;
    MPI_File_close(&f);

    int all_ok[5];
    MPI_Reduce(ok, all_ok, 5, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("io_shared: ordered %d shared %d seek %d view %d current %d\n", all_ok[0],
               all_ok[1], all_ok[2], all_ok[3], all_ok[4]);
    MPI_Finalize();
    return 0;
}
