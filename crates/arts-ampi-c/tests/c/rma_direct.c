/* Gets and puts, many per epoch, as one-sided benchmarks do them: on
 * arts the ranks of one process reach each other's windows directly
 * (under a lock once it is granted, in fence and post/start epochs), so
 * this checks that path's data: contiguous and strided target types, the
 * rank's own window, request operations, a post/start/complete/wait ring,
 * and a counter read with MPI_Get and written with MPI_Put under
 * exclusive locks, which must count every increment. Under AMPI it also
 * reads the rank's sent messages (MPI_T): gets from a rank whose lock is
 * granted send none (unless told the ranks span processes). Prints one
 * line of checks, the same under Open MPI.
 *   rma_direct [ROUNDS [spread]]   epochs per check (default 20);
 *                                  spread: ranks in several processes
 *   rma_direct 0 deadlock          ranks 0 and 1 lock rank 2's window
 *                                  exclusively, then meet in a barrier
 *                                  before unlocking: a deadlock where a
 *                                  lock blocks (on arts, and on Open MPI
 *                                  with osc/ucx, which hangs) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 64

#ifdef AMPI
/* Messages this rank has sent so far (arts' MPI_T counter). */
static unsigned long long sent(void) {
    static MPI_T_pvar_session s;
    static MPI_T_pvar_handle h;
    static int ready;
    if (!ready) {
        int provided, i, count;
        MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
        MPI_T_pvar_session_create(&s);
        MPI_T_pvar_get_index("arts_messages_sent", MPI_T_PVAR_CLASS_COUNTER, &i);
        MPI_T_pvar_handle_alloc(s, i, NULL, &h, &count);
        MPI_T_pvar_start(s, h);
        ready = 1;
    }
    unsigned long long v = 0;
    MPI_T_pvar_read(s, h, &v);
    return v;
}
#endif

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int rounds = argc > 1 ? atoi(argv[1]) : 20;
    int spread = argc > 2 && strcmp(argv[2], "spread") == 0;
    int deadlock = argc > 2 && strcmp(argv[2], "deadlock") == 0;
    int ok[6] = {1, 1, 1, 1, 1, 1};

    /* Rank r's cells: 1000 * r + i; cell CELLS is rank 0's counter. */
    long *cells;
    MPI_Win win;
    MPI_Win_allocate((MPI_Aint)((CELLS + 1) * sizeof(long)), sizeof(long), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &cells, &win);
    for (int i = 0; i < CELLS; i++) cells[i] = 1000L * rank + i;
    cells[CELLS] = 0;
    MPI_Datatype every_other;
    if (deadlock) {
        if (rank < 2) MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, 0, win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank < 2) MPI_Win_unlock(2, win);
        MPI_Win_free(&win);
        MPI_Finalize();
        return 0;
    }
    MPI_Type_vector(CELLS / 2, 1, 2, MPI_LONG, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Barrier(MPI_COMM_WORLD);

    /* Gets from every rank, itself included, contiguous and strided. */
    long got[CELLS];
    for (int e = 0; e < rounds; e++) {
        MPI_Win_lock_all(0, win);
        for (int k = 0; k < n; k++) {
            int t = (rank + k) % n;
            MPI_Get(got, CELLS, MPI_LONG, t, 0, CELLS, MPI_LONG, win);
            MPI_Win_flush(t, win);
            for (int i = 0; i < CELLS; i++) ok[0] &= got[i] == 1000L * t + i;
            MPI_Get(got, CELLS / 2, MPI_LONG, t, 1, 1, every_other, win);
            MPI_Win_flush(t, win);
            for (int i = 0; i < CELLS / 2; i++) ok[0] &= got[i] == 1000L * t + 1 + 2 * i;
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* Puts: each rank writes its number into its cell of its right
     * neighbour (a strided write of two cells), read back after a barrier. */
    int right = (rank + 1) % n, left = (rank + n - 1) % n;
    MPI_Datatype two;
    MPI_Type_vector(2, 1, CELLS / 2, MPI_LONG, &two);
    MPI_Type_commit(&two);
    long mine[2] = {-rank - 1, -rank - 1};
    for (int e = 0; e < rounds; e++) {
        MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
        MPI_Put(mine, 2, MPI_LONG, right, 3, 1, two, win);
        MPI_Win_unlock(right, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    ok[1] = cells[3] == -left - 1 && cells[3 + CELLS / 2] == -left - 1 && cells[4] == 1000L * rank + 4;
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);

    /* A counter at rank 0 taken by get, flush, put under exclusive locks. */
    for (int e = 0; e < rounds; e++) {
        long c;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&c, 1, MPI_LONG, 0, CELLS, 1, MPI_LONG, win);
        MPI_Win_flush(0, win);
        c += 1;
        MPI_Put(&c, 1, MPI_LONG, 0, CELLS, 1, MPI_LONG, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        ok[2] = cells[CELLS] == (long)n * rounds;
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* Request operations from the left neighbour. */
    MPI_Win_lock_all(0, win);
    for (int e = 0; e < rounds; e++) {
        MPI_Request r[2];
        long a[4] = {0}, b[4] = {0};
        MPI_Rget(a, 4, MPI_LONG, left, 8, 4, MPI_LONG, win, &r[0]);
        MPI_Rget(b, 4, MPI_LONG, left, 12, 4, MPI_LONG, win, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        for (int i = 0; i < 4; i++) ok[3] &= a[i] == 1000L * left + 8 + i && b[i] == 1000L * left + 12 + i;
    }
    MPI_Win_unlock_all(win);

    /* A post/start/complete/wait ring: each rank puts into its right
     * neighbour's cell 5 and gets its cell 6, rounds times. */
    MPI_Group world, to_left, to_right;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &left, &to_left);
    MPI_Group_incl(world, 1, &right, &to_right);
    for (int e = 0; e < rounds; e++) {
        long v = 100L * e + rank, g = -1;
        MPI_Win_post(to_left, 0, win);
        MPI_Win_start(to_right, 0, win);
        MPI_Put(&v, 1, MPI_LONG, right, 5, 1, MPI_LONG, win);
        MPI_Get(&g, 1, MPI_LONG, right, 6, 1, MPI_LONG, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        ok[5] &= g == 1000L * right + 6 && cells[5] == 100L * e + left;
    }
    MPI_Group_free(&to_left);
    MPI_Group_free(&to_right);
    MPI_Group_free(&world);

    /* Once a lock is granted, gets from the ranks of this process send no
     * message. */
#ifdef AMPI
    MPI_Win_lock_all(0, win);
    MPI_Get(got, 1, MPI_LONG, left, 0, 1, MPI_LONG, win);
    MPI_Win_flush(left, win);
    unsigned long long before = sent();
    for (int e = 0; e < 100 * rounds; e++) MPI_Get(got, 1, MPI_LONG, left, e % CELLS, 1, MPI_LONG, win);
    MPI_Win_flush(left, win);
    ok[4] = (spread || sent() == before) && got[0] == 1000L * left + (100 * rounds - 1) % CELLS;
    MPI_Win_unlock_all(win);
#endif

    int all[6];
    MPI_Allreduce(ok, all, 6, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rma_direct: gets %d puts %d counter %d requests %d pscw %d messages %d\n", all[0], all[1],
               all[2], all[3], all[5], all[4]);
    MPI_Type_free(&every_other);
    MPI_Type_free(&two);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
