/* Per-rank private globals: every rank writes its rank into a global, a
 * file-scope static and a function-local static, then makes blocking MPI
 * calls and migrates (AMPI_Migrate, AMPI_Async_Migrate), and reads them
 * back unchanged. */
#include <mpi.h>
#include <stdio.h>

int g_rank = -1;
static int s_rank = -1;
double g_table[64];

static int calls(void)
{
    static int n = 0;
    return ++n;
}

int main(int argc, char **argv)
{
    int rank, size, i, bad = 0, total = 0, steps = 20;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    g_rank = rank;
    s_rank = 10 * rank;
    for (i = 0; i < 64; i++)
        g_table[i] = rank + i;
    for (i = 0; i < steps; i++) {
        int token = rank, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                     (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (got != (rank + size - 1) % size)
            bad++;
        MPI_Barrier(MPI_COMM_WORLD);
#ifdef AMPI
        /* Blocking and asynchronous balancing points in turn: after the
         * asynchronous one the rank moves at its next blocking call. */
        if (i % 10 == 4)
            AMPI_Migrate(AMPI_INFO_LB_SYNC);
        if (i % 10 == 9)
            AMPI_Async_Migrate();
#endif
        if (g_rank != rank || s_rank != 10 * rank || g_table[63] != rank + 63)
            bad++;
        calls();
    }
    if (calls() != steps + 1)
        bad++;
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("globals: %d ranks, %d wrong reads\n", size, total);
    MPI_Finalize();
    return bad != 0;
}
