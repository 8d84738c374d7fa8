/* A program that leaks: every rank prints a line, then the leaking rank
 * allocates 1 MiB after 1 MiB, touching each, and never frees one; the
 * others wait for it. Under `arts --max-memory` the leaking rank ends when
 * it passes its share of the bound (loader/heap_share.rs).
 *
 *   leak [R] [K]   R: the leaking rank (default: every rank leaks);
 *                  K: stop after K MiB and finish normally (default:
 *                  never stop) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int leaker = argc > 1 ? atoi(argv[1]) : -1;
    long stop = argc > 2 ? atol(argv[2]) : -1;
    printf("rank %d ready\n", rank);
    fflush(stdout);
    if (leaker < 0 || rank == leaker) {
        for (long i = 0; stop < 0 || i < stop; i++) {
            char *p = malloc(1 << 20);
            if (p == NULL) {
                printf("rank %d: malloc returned NULL\n", rank);
                break;
            }
            memset(p, (int)i, 1 << 20);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
