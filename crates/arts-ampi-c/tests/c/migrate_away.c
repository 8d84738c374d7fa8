/* Rank 0 asks to move to PE 1. In one process it moves there and the
 * program ends normally; with one PE per process under mpirun, PE 1 is in
 * another process, where its stack cannot follow: the call is refused
 * (MPI_ERR_ARG, fatal under the default error handler). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        AMPI_Migrateto(1);
        printf("rank 0 moved to PE 1\n");
    }
    MPI_Finalize();
    return 0;
}
