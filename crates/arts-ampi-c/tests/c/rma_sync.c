/* One-sided calls outside the epoch they need: each must fail with
 * MPI_ERR_RMA_SYNC (a window returns errors once MPI_ERRORS_RETURN is its
 * handler), not be taken silently. A get before any fence; a get after a
 * lock epoch that ended a fence epoch; a lock and a second start inside
 * a start epoch; a complete without a start. Rank 0 prints one line, the same as under Open MPI. 2 ranks or
 * more. */
#include <mpi.h>
#include <stdio.h>

static int refused(int rc)
{
    int c;
    MPI_Error_class(rc, &c);
    return c == MPI_ERR_RMA_SYNC;
}

int main(int argc, char **argv)
{
    int rank, size, buf = 7, got = 0, ok[5] = {1, 1, 1, 1, 1}, all[5];
    MPI_Win win;
    MPI_Group world, self;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &rank, &self);
    MPI_Win_create(&buf, sizeof buf, sizeof buf, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);

    /* 0: no epoch yet */
    ok[0] &= refused(MPI_Get(&got, 1, MPI_INT, 0, 0, 1, MPI_INT, win));
    /* 1: a fence epoch, ended by a lock epoch */
    MPI_Win_fence(0, win);
    ok[1] &= MPI_Get(&got, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win) == MPI_SUCCESS;
    MPI_Win_fence(0, win);
    ok[1] &= got == 7;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Get(&got, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    ok[1] &= refused(MPI_Get(&got, 1, MPI_INT, 0, 0, 1, MPI_INT, win));
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    /* 2, 3: inside an epoch of MPI_Win_start (of this rank alone) */
    MPI_Win_post(self, 0, win);
    MPI_Win_start(self, 0, win);
    ok[2] &= refused(MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win));
    ok[3] &= refused(MPI_Win_start(self, 0, win));
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    /* 4: no start epoch to complete */
    ok[4] &= refused(MPI_Win_complete(win));

    MPI_Allreduce(ok, all, 5, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rma_sync: no epoch %d after a lock %d lock in start %d start in start %d "
               "complete %d\n",
               all[0], all[1], all[2], all[3], all[4]);
    MPI_Win_free(&win);
    MPI_Group_free(&self);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
