/* Write and read bandwidth of MPI-IO: every rank writes its contiguous
 * block of MiB MiB at its offset with MPI_File_write_at_all (then
 * MPI_File_sync), then reads it back with MPI_File_read_at_all, and checks
 * it (a wrong byte fails the rank). The file is deleted on close.
 *
 *   iotime FILE [MiB per rank=64] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *path = argc > 1 ? argv[1] : "iotime.dat";
    long mib = argc > 2 ? atol(argv[2]) : 64;
    long words = mib * 1024 * 1024 / 8;
    long *buf = malloc(words * sizeof(long));
    for (long i = 0; i < words; i++) buf[i] = rank * words + i;
    MPI_File f;
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &f);
    MPI_Offset at = (MPI_Offset)rank * words * sizeof(long);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (long done = 0; done < words; done += 1 << 20) {
        int k = words - done < (1 << 20) ? (int)(words - done) : 1 << 20;
        MPI_File_write_at_all(f, at + done * 8, buf + done, k, MPI_LONG, MPI_STATUS_IGNORE);
    }
    MPI_File_sync(f);
    double t1 = MPI_Wtime();
    for (long i = 0; i < words; i++) buf[i] = -1;
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    for (long done = 0; done < words; done += 1 << 20) {
        int k = words - done < (1 << 20) ? (int)(words - done) : 1 << 20;
        MPI_File_read_at_all(f, at + done * 8, buf + done, k, MPI_LONG, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t3 = MPI_Wtime();
    int bad = 0;
    for (long i = 0; i < words; i++) bad |= buf[i] != rank * words + i;
    MPI_File_close(&f);
    double total = (double)n * words * 8 / 1e9;
    if (rank == 0)
        printf("iotime: %d ranks, %.2f GB: write+sync %.3f s (%.2f GB/s), read %.3f s (%.2f GB/s)\n", n,
               total, t1 - t0, total / (t1 - t0), t3 - t2, total / (t3 - t2));
    free(buf);
    MPI_Finalize();
    return bad;
}
