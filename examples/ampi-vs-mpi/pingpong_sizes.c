/* Ping-pong between ranks 0 and 1 over message sizes 8 B, 32 B, ... (powers
 * of 4 times 8) up to `max_bytes` (and `max_bytes` itself): the one-way time
 * of each size, half the round trip, over `iters` round trips (fewer above
 * 64 KiB: iters * 65536 / bytes, at least 100), after a tenth as many to warm
 * up, timed in 5 blocks of which the median is kept (a block that the OS
 * preempted on a shared machine does not count). The receiver checks the first and last byte of every message. Rank 0
 * prints one JSON object on stdout. The same source builds with Open MPI's
 * mpicc, MPICH's mpicc.mpich and arts-mpicc (AMPI paper, Figs 7-8).
 *
 *   pingpong_sizes [max_bytes=1048576] [iters=2000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define MAX_SIZES 32
#define BLOCKS 5

/* Round trips at `bytes`: all of them up to 64 KiB, fewer above (at least
 * 100, so that each of the 5 timed blocks has 20). */
static int iters_for(long bytes, int iters)
{
    if (bytes <= 65536)
        return iters;
    long n = (long)iters * 65536 / bytes;
    return n < 100 ? 100 : (int)n;
}

/* The median of `n` values (sorts them). */
static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv)
{
    long max_bytes = argc > 1 ? atol(argv[1]) : 1048576;
    int iters = argc > 2 ? atoi(argv[2]) : 2000;
    int rank, size, valid = 1, nsizes = 0;
    long sizes[MAX_SIZES];
    double one_way_us[MAX_SIZES];
    int done[MAX_SIZES];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2 || max_bytes < 1 || iters < 1) {
        if (rank == 0)
            fprintf(stderr, "error: pingpong_sizes needs 2 ranks, max_bytes >= 1, iters >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (long b = 8; b <= max_bytes && nsizes < MAX_SIZES - 1; b *= 4)
        sizes[nsizes++] = b;
    if (nsizes == 0 || sizes[nsizes - 1] != max_bytes)
        sizes[nsizes++] = max_bytes;
    char *buf = malloc(max_bytes);
    for (int k = 0; k < nsizes; k++) {
        long bytes = sizes[k];
        int n = iters_for(bytes, iters), warm = n / 10 > 0 ? n / 10 : 1;
        int per = n / BLOCKS > 0 ? n / BLOCKS : 1;
        char mark = (char)(bytes % 251 + 1);
        double block_us[BLOCKS], t0 = 0.0;
        done[k] = per * BLOCKS;
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < warm + per * BLOCKS; i++) {
            if (i >= warm && (i - warm) % per == 0) {
                if (i > warm)
                    block_us[(i - warm) / per - 1] = (MPI_Wtime() - t0) / (2.0 * per) * 1e6;
                t0 = MPI_Wtime();
            }
            if (rank > 1)
                continue;
            if (rank == 0) {
                buf[0] = mark;
                buf[bytes - 1] = mark;
                MPI_Send(buf, (int)bytes, MPI_BYTE, 1, k, MPI_COMM_WORLD);
                MPI_Recv(buf, (int)bytes, MPI_BYTE, 1, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, (int)bytes, MPI_BYTE, 0, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (buf[0] != mark || buf[bytes - 1] != mark)
                    valid = 0;
                MPI_Send(buf, (int)bytes, MPI_BYTE, 0, k, MPI_COMM_WORLD);
            }
        }
        block_us[BLOCKS - 1] = (MPI_Wtime() - t0) / (2.0 * per) * 1e6;
        one_way_us[k] = median(block_us, BLOCKS);
    }
    int all_valid = 0;
    MPI_Allreduce(&valid, &all_valid, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        library_name(lib);
        printf("{\"program\":\"pingpong-sizes\",\"mpi_library\":\"%s\",\"ranks\":%d,\"valid\":%s,"
               "\"sizes\":[",
               lib, size, all_valid ? "true" : "false");
        for (int k = 0; k < nsizes; k++)
            printf("%s{\"bytes\":%ld,\"iters\":%d,\"one_way_us\":%.4f}", k ? "," : "", sizes[k],
                   done[k], one_way_us[k]);
        printf("]}\n");
        fflush(stdout);
    }
    free(buf);
    MPI_Finalize();
    return all_valid ? 0 : 3;
}
