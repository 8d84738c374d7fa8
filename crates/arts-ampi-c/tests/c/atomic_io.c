/* MPI-IO's atomic mode through a strided view: rank 0 writes 10s over a
 * file of 0s, one int in two (thousands of separate runs), while the other
 * ranks read the same view at once; in atomic mode each read must see
 * all of the write or none of it (before, reads saw it half done). Rounds
 * repeat with a barrier between. Prints Open MPI's line.
 * Usage: atomic_io FILE [ROUNDS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, bad = 0, torn = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *name = argc > 1 ? argv[1] : "atomic_io.dat";
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    int *buf = malloc(N * sizeof(int));
    MPI_Datatype every_other;
    MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_atomicity(fh, 1);
    int flag;
    MPI_File_get_atomicity(fh, &flag);
    if (!flag) bad = 1;
    MPI_File_set_view(fh, 0, MPI_INT, every_other, "native", MPI_INFO_NULL);
    for (int r = 0; r < rounds; r++) {
        if (rank == 0) {
            for (int i = 0; i < N; i++) buf[i] = 0;
            MPI_File_write_at(fh, 0, buf, N, MPI_INT, MPI_STATUS_IGNORE);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            for (int i = 0; i < N; i++) buf[i] = 10;
            MPI_File_write_at(fh, 0, buf, N, MPI_INT, MPI_STATUS_IGNORE);
        } else {
            for (int i = 0; i < N; i++) buf[i] = 20;
            MPI_File_read_at(fh, 0, buf, N, MPI_INT, MPI_STATUS_IGNORE);
            for (int i = 1; i < N; i++)
                if (buf[i] != buf[0]) {
                    torn = 1;
                    break;
                }
            if (buf[0] != 0 && buf[0] != 10) bad = 1;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    int local[2] = {bad, torn}, all[2];
    MPI_Allreduce(local, all, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_File_close(&fh);
    MPI_Type_free(&every_other);
    free(buf);
    if (rank == 0) printf("atomic_io: whole reads %d values %d\n", !all[1], !all[0]);
    MPI_Finalize();
    return 0;
}
