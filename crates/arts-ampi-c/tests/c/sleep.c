/* A rank's sleep holds up only that rank, as a process's does under
 * mpirun: while rank 0 sleeps (usleep, then nanosleep), the other ranks
 * pass a token around 100 times, and finish first (under arts, rank 0
 * shares its PE with others). Also: sleep(0) and a bad nanosleep, as the
 * C library answers them. Prints one line on rank 0; needs 3 ranks. */
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int me, n, tok = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (me == 0) {
        usleep(200000);
        struct timespec ts = {0, 100000000};
        nanosleep(&ts, NULL);
    } else {
        int ring = n - 1, next = me % ring + 1, prev = (me + ring - 2) % ring + 1;
        for (int k = 0; k < 100; k++) {
            if (me == 1) {
                MPI_Send(&tok, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
                MPI_Recv(&tok, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(&tok, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&tok, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
            }
        }
    }
    double t = MPI_Wtime() - t0, ring_max = 0, slept = 0;
    double mine = me == 0 ? 0 : t;
    MPI_Reduce(&mine, &ring_max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    struct timespec bad = {0, 1000000000};
    errno = 0;
    int einval = nanosleep(&bad, NULL) == -1 && errno == EINVAL;
    int zero = sleep(0) == 0 && usleep(0) == 0;
    if (me == 0) {
        slept = t;
        printf("sleep: slept 0.3 s %d ring first %d einval %d zero %d\n", slept >= 0.3,
               ring_max < slept, einval, zero);
    }
    MPI_Finalize();
    return 0;
}
