/* Generalized active-target epochs (post/start/complete/wait): each rank
 * exposes its window to its left neighbour and accesses its right one
 * (puts, a get, an accumulate); then every rank exposes to all others and
 * rank 0 polls with MPI_Win_test while they put; then the synchronization
 * errors. Prints one line of checks, the same under Open MPI. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int left = (rank + n - 1) % n, right = (rank + 1) % n;
    int ok[3] = {1, 1, 1};
    int cells[64];
    for (int i = 0; i < 64; i++) cells[i] = 10 * rank + i;
    MPI_Win win;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, g_left, g_right, others;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &left, &g_left);
    MPI_Group_incl(world, 1, &right, &g_right);

    /* A ring: the left neighbour writes here, this rank writes to the right. */
    int got = -1, one = 1;
    MPI_Win_post(g_left, 0, win);
    MPI_Win_start(g_right, 0, win);
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Get(&got, 1, MPI_INT, right, 1, 1, MPI_INT, win);
    MPI_Accumulate(&one, 1, MPI_INT, right, 2, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    ok[0] = cells[0] == left && got == 10 * right + 1 && cells[2] == 10 * rank + 2 + 1;

    /* Everyone writes its rank into rank 0's cells[3 + rank], rank 0 polls. */
    int me = rank;
    MPI_Group_excl(world, 1, &me, &others);
    if (rank == 0) {
        MPI_Win_post(others, 0, win);
        int flag = 0, polls = 0;
        while (!flag) {
            MPI_Win_test(win, &flag);
            polls++;
        }
        for (int r = 1; r < n; r++) ok[1] &= cells[3 + r] == r;
        ok[1] &= polls >= 1;
    } else {
        MPI_Group zero;
        int z = 0;
        MPI_Group_incl(world, 1, &z, &zero);
        MPI_Win_start(zero, 0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, 3 + rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Group_free(&zero);
    }

    /* Errors are returned with ERRORS_RETURN. */
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int cls;
    MPI_Error_class(MPI_Win_wait(win), &cls);
    ok[2] = cls == MPI_ERR_RMA_SYNC;
    MPI_Win_post(g_left, 0, win);
    MPI_Error_class(MPI_Win_post(g_left, 0, win), &cls);
    ok[2] &= cls == MPI_ERR_RMA_SYNC;
    MPI_Win_start(g_right, 0, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);

    MPI_Group_free(&g_left);
    MPI_Group_free(&g_right);
    MPI_Group_free(&others);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    int all[3];
    MPI_Reduce(ok, all, 3, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("pscw: ring %d test %d errors %d\n", all[0], all[1], all[2]);
    MPI_Finalize();
    return 0;
}
