/* Checkpoint and restart of the ranks' own state (AMPI_Checkpoint_state /
 * AMPI_Restored_state): a ring relaxation of `steps` steps that saves its
 * state every `every` steps; with `stop` > 0 it leaves after saving at step
 * `stop` (as if the job were killed); a run started with --restart
 * continues from the saved step and prints the same checksum as an
 * uninterrupted run.
 * With `mem` = 1 it saves with AMPI_MemCheckpoint_state (every process
 * keeps the checkpoint in its node-local store).
 *
 *   ckpt [steps=30] [every=5] [stop=0] [mem=0] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

struct state {
    long long step;
    double v[N];
};

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 30;
    int every = argc > 2 ? atoi(argv[2]) : 5;
    int stop = argc > 3 ? atoi(argv[3]) : 0;
    int mem = argc > 4 ? atoi(argv[4]) : 0;
    int size, rank, i, restored = 0;
    struct state s;
    long long at = 0, bytes = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    AMPI_Restored_state(&at, &s, sizeof s, &bytes, &restored);
    if (!restored) {
        s.step = 0;
        for (i = 0; i < N; i++)
            s.v[i] = rank * N + i;
    } else if (bytes != (long long)sizeof s || s.step != at) {
        printf("rank %d: restored %lld bytes at step %lld, state says %lld\n", rank, bytes, at,
               s.step);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    if (rank == 0 && restored)
        printf("continuing from step %lld\n", at);
    while (s.step < steps) {
        double left, right;
        MPI_Sendrecv(&s.v[0], 1, MPI_DOUBLE, (rank + size - 1) % size, 0, &right, 1, MPI_DOUBLE,
                     (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&s.v[N - 1], 1, MPI_DOUBLE, (rank + 1) % size, 1, &left, 1, MPI_DOUBLE,
                     (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double prev = left, cur;
        for (i = 0; i < N; i++) {
            double next = i + 1 < N ? s.v[i + 1] : right;
            cur = s.v[i];
            s.v[i] = 0.25 * prev + 0.5 * cur + 0.25 * next;
            prev = cur;
        }
        s.step++;
        if (every > 0 && s.step % every == 0) {
            if (mem)
                AMPI_MemCheckpoint_state(s.step, &s, sizeof s);
            else
                AMPI_Checkpoint_state(s.step, &s, sizeof s);
            if (stop > 0 && s.step == stop) {
                if (rank == 0)
                    printf("stopped after saving step %d\n", stop);
                MPI_Finalize();
                return 0;
            }
        }
    }
    double mine = 0.0, *all = NULL, total = 0.0;
    for (i = 0; i < N; i++)
        mine += s.v[i] * (i + 1);
    if (rank == 0)
        all = malloc(sizeof(double) * size);
    MPI_Gather(&mine, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < size; i++)
            total += all[i];
        printf("ckpt steps=%d checksum=%.15e\n", steps, total);
        free(all);
    }
    MPI_Finalize();
    return 0;
}
