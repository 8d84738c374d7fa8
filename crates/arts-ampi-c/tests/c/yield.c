/* The cost of a rank giving its PE up and getting it back: `n` calls of
 * MPI_Iprobe with nothing to find (under arts each one is a yield through
 * the scheduler: a message to itself and a context switch to the rank,
 * whose globals are its own private copy).
 *
 *   yield [n=200000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int counter;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200000;
    int rank, flag, i;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double t0 = MPI_Wtime();
    for (i = 0; i < n; i++) {
        MPI_Iprobe(MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &flag, &st);
        counter++;
    }
    double ns = (MPI_Wtime() - t0) / n * 1e9;
    if (rank == 0)
        printf("yield n=%d ns_per_call=%.1f counter=%d\n", n, ns, counter);
    MPI_Finalize();
    return counter != n;
}
