/* Dynamic windows: memory attached after MPI_Win_create_dynamic, reached
 * by its address, in fence epochs and under locks; a second region
 * attached later; detaching; what the window says of itself; and its
 * own error handler (MPI_Win_call_errhandler). Prints
 * the same under Open MPI. With `refuse`, arts' errors (Open MPI checks
 * neither): an attach or MPI_Win_shared_query on a window of another
 * flavor, and puts outside the attached memory. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 8

static int win_errors;

static void count_win_errors(MPI_Win *w, int *code, ...)
{
    (void)w;
    win_errors += *code == MPI_ERR_OTHER;
}

int main(int argc, char **argv)
{
    int rank, size, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    if (argc > 1 && strcmp(argv[1], "refuse") == 0) {
        int buf[N];
        MPI_Win plain;
        MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &plain);
        MPI_Win_set_errhandler(plain, MPI_ERRORS_RETURN);
        int cls = -1, rc = MPI_Win_attach(plain, buf, sizeof(buf));
        MPI_Error_class(rc, &cls);
        if (rank == 0)
            printf("dynamic: attach to a plain window: %s\n",
                   cls == MPI_ERR_RMA_FLAVOR ? "MPI_ERR_RMA_FLAVOR" : "accepted");
        /* MPI 4.1: a query of another flavor's window gives rank 1's
         * memory where this rank reaches it (every rank in one process). */
        MPI_Aint qsize, theirs;
        int qunit;
        void *qbase;
        MPI_Get_address(buf, &theirs);
        MPI_Bcast(&theirs, 1, MPI_AINT, 1, MPI_COMM_WORLD);
        rc = MPI_Win_shared_query(plain, 1, &qsize, &qunit, &qbase);
        MPI_Error_class(rc, &cls);
        if (rank == 0)
            printf("dynamic: shared query of a plain window: %s\n",
                   cls != MPI_SUCCESS ? "refused"
                   : qsize == (MPI_Aint)sizeof(buf) && qunit == (int)sizeof(int) && (MPI_Aint)qbase == theirs
                       ? "rank 1's buffer" : "wrong");
        fflush(stdout);
        MPI_Win_free(&plain);
        /* Rank 1 puts before, then past the end of rank 0's region: rank
         * 0's fence fails (MPI_ERRORS_ARE_FATAL). */
        MPI_Win dyn;
        MPI_Aint at;
        MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dyn);
        MPI_Win_attach(dyn, buf, sizeof(buf));
        MPI_Get_address(buf, &at);
        MPI_Bcast(&at, 1, MPI_AINT, 0, MPI_COMM_WORLD);
        /* Under a lock the target says so and goes on. */
        if (rank == 1) {
            MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, dyn);
            MPI_Put(buf, 1, MPI_INT, 0, at - sizeof(int), 1, MPI_INT, dyn);
            MPI_Win_unlock(0, dyn);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_fence(0, dyn);
        if (rank == 1)
            MPI_Put(buf, 1, MPI_INT, 0, at + sizeof(buf), 1, MPI_INT, dyn);
        MPI_Win_fence(0, dyn);
        MPI_Finalize();
        return 0;
    }

    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int *mine = calloc(N, sizeof(int));
    MPI_Win_attach(win, mine, N * sizeof(int));
    MPI_Aint here, *where = malloc(size * sizeof(MPI_Aint));
    MPI_Get_address(mine, &here);
    MPI_Allgather(&here, 1, MPI_AINT, where, 1, MPI_AINT, MPI_COMM_WORLD);

    /* A fence epoch: each rank puts its rank into elements 2.. of its
     * right neighbour's region. */
    int vals[N];
    for (i = 0; i < N; i++)
        vals[i] = rank * 100 + i;
    MPI_Win_fence(0, win);
    MPI_Put(vals, N - 2, MPI_INT, right, where[right] + 2 * sizeof(int), N - 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    int fence = mine[0] == 0 && mine[1] == 0;
    for (i = 2; i < N; i++)
        fence = fence && mine[i] == left * 100 + i - 2;
    /* Every rank has looked before a neighbour's accumulate below reaches
     * it (it may land while the rank still waits in its fence). */
    MPI_Barrier(MPI_COMM_WORLD);

    /* Under a lock: a get of the right neighbour's region and an
     * accumulate into its first element. */
    int got[N], one = 1;
    MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
    MPI_Get(got, N, MPI_INT, right, where[right], N, MPI_INT, win);
    MPI_Accumulate(&one, 1, MPI_INT, right, where[right], 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(right, win);
    MPI_Barrier(MPI_COMM_WORLD);
    int locked = got[0] == 0 && got[2] == rank * 100 && mine[0] == 1;

    /* A second region, attached later, in another epoch. */
    double *more = calloc(4, sizeof(double));
    MPI_Win_attach(win, more, 4 * sizeof(double));
    MPI_Aint more_at, *more_where = malloc(size * sizeof(MPI_Aint));
    MPI_Get_address(more, &more_at);
    MPI_Allgather(&more_at, 1, MPI_AINT, more_where, 1, MPI_AINT, MPI_COMM_WORLD);
    double d = rank + 0.5;
    MPI_Win_fence(0, win);
    MPI_Put(&d, 1, MPI_DOUBLE, left, more_where[left] + 3 * sizeof(double), 1, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
    int second = more[3] == right + 0.5 && more[0] == 0;

    /* What it says of itself. */
    int *flavor, flag = 0, flag2 = 0;
    MPI_Aint *wsize;
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &wsize, &flag2);
    int attrs = flag && *flavor == MPI_WIN_FLAVOR_DYNAMIC && flag2 && *wsize == 0;
    MPI_Errhandler counting;
    MPI_Win_create_errhandler(count_win_errors, &counting);
    MPI_Win_set_errhandler(win, counting);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    attrs = attrs && win_errors == 1;
    MPI_Errhandler_free(&counting);

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_detach(win, more);
    MPI_Win_detach(win, mine);
    MPI_Win_free(&win);

    int ok[4] = {fence, locked, second, attrs}, all[4];
    MPI_Reduce(ok, all, 4, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("dynamic: fence %d lock %d second %d attrs %d\n", all[0], all[1], all[2],
               all[3]);
    free(mine);
    free(more);
    free(where);
    free(more_where);
    MPI_Finalize();
    return 0;
}
