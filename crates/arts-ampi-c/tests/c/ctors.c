/* Constructors run once per rank, as for a program of its own: a
 * constructor allocates a buffer that a global points to and counts its
 * runs; each rank writes its rank into the buffer, makes blocking calls and
 * AMPI_Migrate, and reads it back. A buffer shared by the ranks would show
 * another rank's number; with --isomalloc it must also move with the rank.
 * Destructors are registered (atexit) and must not break the run. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

static int *g_buf;
static int g_runs;

static void bye(void) {}

__attribute__((constructor)) static void make(void)
{
    g_buf = malloc(N * sizeof *g_buf);
    g_runs++;
    atexit(bye);
}

int main(int argc, char **argv)
{
    int rank, size, i, step, bad = 0, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++)
        g_buf[i] = rank;
    for (step = 0; step < 4; step++) {
        int token = rank, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                     (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef AMPI
        AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
        for (i = 0; i < N; i++)
            bad += g_buf[i] != rank;
        bad += g_runs != 1;
    }
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("ctors: %d ranks, %d wrong reads\n", size, total);
    MPI_Finalize();
    return bad != 0;
}
