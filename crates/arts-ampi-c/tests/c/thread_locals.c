/* Thread-local variables (__thread, C11 _Thread_local) are each rank's
 * own and go with it: every rank sets its own, then moves between PEs
 * (AMPI_Migrate under a balancer) and keeps updating and reading them.
 * Under mpirun a rank's thread never changes, so Open MPI prints the same.
 */
#include <mpi.h>
#include <stdio.h>

static __thread int mine = -1;
static _Thread_local double sums[64];
static __thread int untouched = 7;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 100 + rank;
    for (int step = 0; step < 6; step++) {
        for (int i = 0; i < 64; i++)
            sums[i] += rank + i;
        mine += 1;
        MPI_Barrier(MPI_COMM_WORLD);
#ifdef AMPI
        AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
    }
    double total = 0;
    for (int i = 0; i < 64; i++)
        total += sums[i];
    printf("rank %d: mine %d sums %.0f untouched %d\n", rank, mine, total, untouched);
    MPI_Finalize();
    return 0;
}
