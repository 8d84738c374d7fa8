/* One-sided communication with fences: every rank puts its rank into its
 * right neighbour's window, gets its left neighbour's, accumulates into
 * rank 0's (a sum, and MPI_MAXLOC pairs), puts a strided column through a
 * vector target type, MPI_Win_allocate, and the atomics (fetch-and-op,
 * compare-and-swap, get-accumulate), and 200 epochs of puts and gets
 * alone (no operation a target applies itself: arts' fences then end
 * without a barrier); each result checked after the fence. Prints one
 * line of checks, the same under Open MPI.
 *
 *   rma [bad|big]   bad: a put outside the target's window (an error);
 *                   big: a 100,000-int put and get each way in one epoch */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int right = (rank + 1) % n, left = (rank + n - 1) % n;
    int ok[7] = {1, 1, 1, 1, 1, 1, 1};

    int cells[8];
    for (int i = 0; i < 8; i++) cells[i] = -1;
    MPI_Win win;
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (argc > 1 && strcmp(argv[1], "bad") == 0) {
        MPI_Win_fence(0, win);
        MPI_Put(&rank, 1, MPI_INT, right, 100, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        MPI_Finalize();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "big") == 0) {
        /* Large operations in one epoch (MPICH's transpose1, accfence2): a
         * put of 100,000 ints into the right neighbour's window and a get of
         * as many from the left one's; before, every rank waited in its put
         * for a target that waited in its fence. */
        enum { BIG = 100000 };
        int *big = malloc(2 * BIG * sizeof(int)), *outgoing = malloc(BIG * sizeof(int));
        int *theirs = malloc(BIG * sizeof(int));
        for (int i = 0; i < BIG; i++)
            big[i] = -1, big[BIG + i] = 1000 * rank + i, outgoing[i] = rank + i;
        MPI_Win big_win;
        MPI_Win_create(big, 2 * BIG * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                       &big_win);
        MPI_Win_fence(0, big_win);
        MPI_Put(outgoing, BIG, MPI_INT, right, 0, BIG, MPI_INT, big_win);
        MPI_Get(theirs, BIG, MPI_INT, left, BIG, BIG, MPI_INT, big_win);
        MPI_Win_fence(0, big_win);
        int right_data = 1, all_right;
        for (int i = 0; i < BIG; i++)
            right_data &= big[i] == left + i && theirs[i] == 1000 * left + i;
        MPI_Win_free(&big_win);
        free(big);
        free(outgoing);
        free(theirs);
        MPI_Reduce(&right_data, &all_right, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
        if (rank == 0) printf("rma big: put+get %d\n", all_right);
        MPI_Win_free(&win);
        MPI_Finalize();
        return 0;
    }
    MPI_Win_fence(0, win);
    int got = -1, one = 1;
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);      /* cells[0] of right */
    MPI_Accumulate(&one, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win); /* cells[1] of 0 */
    MPI_Win_fence(0, win);
    ok[0] = cells[0] == left;
    if (rank == 0) ok[1] = cells[1] == -1 + n;
    MPI_Get(&got, 1, MPI_INT, left, 0, 1, MPI_INT, win);       /* left's cells[0] */
    MPI_Win_fence(0, win);
    ok[0] &= got == (left + n - 1) % n;

    /* A strided target: cells 2, 4, 6 of the right neighbour. */
    MPI_Datatype every_other;
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int three[3] = {10 * rank, 10 * rank + 1, 10 * rank + 2};
    MPI_Put(three, 3, MPI_INT, right, 2, 1, every_other, win);
    MPI_Win_fence(0, win);
    ok[2] = cells[2] == 10 * left && cells[4] == 10 * left + 1 && cells[6] == 10 * left + 2 &&
            cells[3] == -1 && cells[5] == -1;
    MPI_Type_free(&every_other);
    /* Epochs of a put to the right neighbour's cells[7], then a get of
     * what this rank put there: each fence shows the epoch's puts. */
    for (int e = 0; e < 200; e++) {
        int v = e * n + rank, back = -1;
        MPI_Put(&v, 1, MPI_INT, right, 7, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        ok[6] &= cells[7] == e * n + left;
        MPI_Get(&back, 1, MPI_INT, right, 7, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        ok[6] &= back == v;
    }
    MPI_Win_free(&win);
    ok[2] &= win == MPI_WIN_NULL;

    /* MPI_Win_allocate, MAXLOC pairs accumulated at rank 0. */
    struct { int v, i; } *best;
    MPI_Win w2;
    MPI_Win_allocate(sizeof *best, sizeof *best, MPI_INFO_NULL, MPI_COMM_WORLD, &best, &w2);
    best->v = -1;
    best->i = -1;
    MPI_Win_fence(0, w2);
    struct { int v, i; } mine = {(rank * 7) % 5, rank};
    MPI_Accumulate(&mine, 1, MPI_2INT, 0, 0, 1, MPI_2INT, MPI_MAXLOC, w2);
    MPI_Win_fence(0, w2);
    if (rank == 0) {
        int want = -1;
        int at = -1;
        for (int r = 0; r < n; r++)
            if ((r * 7) % 5 > want) want = (r * 7) % 5, at = r;
        ok[3] = best->v == want && best->i == at;
    }
    /* MPI_REPLACE, then a get of the whole pair by everyone. */
    mine.v = 99;
    mine.i = 7;
    if (rank == n - 1) MPI_Accumulate(&mine, 1, MPI_2INT, 0, 0, 1, MPI_2INT, MPI_REPLACE, w2);
    MPI_Win_fence(0, w2);
    struct { int v, i; } seen = {0, 0};
    MPI_Get(&seen, 1, MPI_2INT, 0, 0, 1, MPI_2INT, w2);
    MPI_Win_fence(0, w2);
    ok[4] = seen.v == 99 && seen.i == 7;
    MPI_Win_free(&w2);

    /* Atomics: a counter at rank 0 (every rank fetches a distinct old
     * value), and one compare-and-swap winner. */
    int atom[2] = {0, -1};
    MPI_Win w3;
    MPI_Win_create(atom, sizeof atom, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w3);
    MPI_Win_fence(0, w3);
    int before = -1, old = -2, minus = -1, none = 0;
    MPI_Fetch_and_op(&one, &before, MPI_INT, 0, 0, MPI_SUM, w3);
    MPI_Compare_and_swap(&rank, &minus, &old, MPI_INT, 0, 1, w3);
    MPI_Win_fence(0, w3);
    int seen_count = -1;
    MPI_Get_accumulate(&none, 1, MPI_INT, &seen_count, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, w3);
    MPI_Win_fence(0, w3);
    int won = old == -1, winners, distinct[64] = {0}, olds[64];
    MPI_Allreduce(&won, &winners, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allgather(&before, 1, MPI_INT, olds, 1, MPI_INT, MPI_COMM_WORLD);
    ok[5] = seen_count == n && winners == 1;
    for (int r = 0; r < n; r++) {
        ok[5] &= olds[r] >= 0 && olds[r] < n && !distinct[olds[r]];
        distinct[olds[r] < 0 || olds[r] >= n ? 0 : olds[r]] = 1;
    }
    if (rank == 0) ok[5] &= atom[0] == n && atom[1] >= 0 && atom[1] < n;
    if (!won) ok[5] &= old >= 0 && old < n;
    MPI_Win_free(&w3);

    int all[7];
    MPI_Allreduce(ok, all, 7, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rma: put+get %d accumulate %d vector %d maxloc %d replace %d atomics %d "
               "epochs %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5], all[6]);
    MPI_Finalize();
    return 0;
}
