/* Ping-pong between ranks 0 and 1: one-way latency of `bytes`-byte
 * messages over `iters` round trips (after a tenth as many to warm up),
 * sent with MPI_Send, or with MPI_Isend and MPI_Wait if "isend".
 *
 *   pingpong [bytes=8] [iters=10000] [isend] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int bytes = argc > 1 ? atoi(argv[1]) : 8;
    int iters = argc > 2 ? atoi(argv[2]) : 10000;
    int isend = argc > 3 && strcmp(argv[3], "isend") == 0;
    int rank, i, warm = iters / 10 > 0 ? iters / 10 : 1;
    double t0 = 0.0;
    char *buf = malloc(bytes > 0 ? bytes : 1);
    memset(buf, 1, bytes > 0 ? bytes : 1);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < warm + iters; i++) {
        if (i == warm)
            t0 = MPI_Wtime();
        if (rank > 1)
            continue;
        if (rank == 1)
            MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (isend) {
            MPI_Request req;
            MPI_Isend(buf, bytes, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else {
            MPI_Send(buf, bytes, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD);
        }
        if (rank == 0)
            MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    double us = (MPI_Wtime() - t0) / (2.0 * iters) * 1e6;
    if (rank == 0)
        printf("pingpong bytes=%d latency_us=%.4f\n", bytes, us);
    free(buf);
    MPI_Finalize();
    return 0;
}
