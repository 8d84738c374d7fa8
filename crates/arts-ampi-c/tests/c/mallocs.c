/* The cost of the malloc family as a rank's program sees it: each rank
 * allocates and frees N blocks of 16 to 1,024 bytes, 64 of them live at
 * a time (a ring), writing a byte of each, and rank 0 prints the
 * nanoseconds per malloc+free pair (the slowest rank's). Compares a
 * program linked to arts' counted malloc (loader/heap_share.rs, with and
 * without --max-memory) with one linked to the C library's.
 *
 *   mallocs [N]   N pairs per rank (default 20000000) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    char *ring[64] = {0};
    unsigned x = 12345;
    long sum = 0;
    double t = MPI_Wtime();
    for (long i = 0; i < n; i++) {
        int k = (int)(i & 63);
        free(ring[k]);
        x = x * 1103515245u + 12345u;
        size_t size = 16 + (x >> 16) % 1009;
        ring[k] = malloc(size);
        ring[k][size - 1] = (char)i;
        sum += ring[k][size - 1];
    }
    t = MPI_Wtime() - t;
    for (int k = 0; k < 64; k++) {
        free(ring[k]);
    }
    double slowest;
    MPI_Reduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        printf("mallocs %.2f ns per pair (%ld pairs, check %ld)\n", slowest / n * 1e9, n, sum & 1);
    }
    MPI_Finalize();
    return 0;
}
