/* MPI_Comm_idup: duplications that overlap in an order a blocking
 * MPI_Comm_dup would deadlock on, duplications started between other
 * non-blocking collectives of the same communicator, and the attributes
 * and hints they carry. Prints the same under Open MPI. */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 4

/* The WORLD rank of the other member of pair `comm`. */
static int partner_of(MPI_Comm comm)
{
    int me, partner, world;
    MPI_Group g, wg;
    MPI_Comm_rank(comm, &me);
    partner = me ^ 1;
    MPI_Comm_group(comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_translate_ranks(g, 1, &partner, wg, &world);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    return world;
}

/* 1 if, when each rank sends its WORLD rank on both pairs, each pair
 * carries exactly its partner's message (wildcard receives). */
static int pairs_talk(MPI_Comm pair[2], int world_rank)
{
    int got[2] = {-1, -1}, i, ok = 1, flag, me;
    MPI_Request r[4];
    MPI_Status st[4];
    for (i = 0; i < 2; i++) {
        MPI_Comm_rank(pair[i], &me);
        MPI_Irecv(&got[i], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, pair[i], &r[i]);
        MPI_Isend(&world_rank, 1, MPI_INT, me ^ 1, 3, pair[i], &r[2 + i]);
    }
    MPI_Waitall(4, r, st);
    for (i = 0; i < 2; i++) {
        MPI_Comm_rank(pair[i], &me);
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, pair[i], &flag, MPI_STATUS_IGNORE);
        ok = ok && got[i] == partner_of(pair[i]) && st[i].MPI_SOURCE == (me ^ 1) && !flag;
    }
    return ok;
}

int main(int argc, char **argv)
{
    int rank, size, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Each rank is in two pairs: with its right and with its left
     * neighbour. Each duplicates the right pair first. */
    MPI_Comm right = MPI_COMM_NULL, left = MPI_COMM_NULL, other;
    for (i = 0; i < size; i++) {
        if (rank == i)
            MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &right);
        else if (rank == (i + 1) % size)
            MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &left);
        else {
            MPI_Comm_split(MPI_COMM_WORLD, 1, 0, &other);
            MPI_Comm_free(&other);
        }
    }
    MPI_Comm copies[2], world2;
    MPI_Request req[2 * ROUNDS];
    MPI_Comm_idup(right, &copies[0], &req[0]);
    MPI_Comm_idup(left, &copies[1], &req[1]);
    /* A blocking duplication while both are pending. */
    MPI_Comm_dup(MPI_COMM_WORLD, &world2);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    int overlap = pairs_talk(copies, rank);
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, world2);
    overlap = overlap && sum == size * (size - 1) / 2;
    MPI_Comm_free(&copies[0]);
    MPI_Comm_free(&copies[1]);
    MPI_Comm_free(&world2);

    /* Duplications between all-reduces of the same communicator. */
    MPI_Comm dups[ROUNDS];
    int in[ROUNDS], out_[ROUNDS];
    for (i = 0; i < ROUNDS; i++) {
        in[i] = rank + i;
        MPI_Iallreduce(&in[i], &out_[i], 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req[2 * i]);
        MPI_Comm_idup(MPI_COMM_WORLD, &dups[i], &req[2 * i + 1]);
    }
    MPI_Waitall(2 * ROUNDS, req, MPI_STATUSES_IGNORE);
    int interleaved = 1;
    for (i = 0; i < ROUNDS; i++) {
        int r = -1, n = 0;
        interleaved = interleaved && out_[i] == size - 1 + i;
        /* Each copy carries its own messages: rank 0 sends i to all. */
        if (rank == 0)
            r = i;
        MPI_Bcast(&r, 1, MPI_INT, 0, dups[ROUNDS - 1 - i]);
        MPI_Comm_size(dups[i], &n);
        interleaved = interleaved && r == i && n == size;
    }
    for (i = 0; i < ROUNDS; i++)
        MPI_Comm_free(&dups[i]);

    /* Attributes are copied (MPI_COMM_DUP_FN), and error handlers kept. */
    int key, value = 42, *got, flag = 0;
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, &value);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm copy;
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Comm_get_attr(copy, key, &got, &flag);
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(copy, &eh);
    int attrs = flag && *got == 42 && eh == MPI_ERRORS_RETURN;
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&copy);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key);
    MPI_Comm_free_keyval(&key);

    /* With hints (MPI-4; Open MPI 4.1 has only MPI_Comm_idup), tested to
     * completion. */
#ifdef MPI_Comm_idup_with_info
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &copy, &req[0]);
    MPI_Info_free(&info);
#else
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &req[0]);
#endif
    flag = 0;
    while (!flag)
        MPI_Test(&req[0], &flag, MPI_STATUS_IGNORE);
    int members = 0;
    MPI_Comm_size(copy, &members);
    MPI_Barrier(copy);
    MPI_Comm_free(&copy);
    int hints = members == size && req[0] == MPI_REQUEST_NULL;

    int ok[4] = {overlap, interleaved, attrs, hints}, all[4];
    MPI_Reduce(ok, all, 4, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("idup: overlap %d interleaved %d attrs %d info %d\n", all[0], all[1], all[2],
               all[3]);
    MPI_Comm_free(&right);
    MPI_Comm_free(&left);
    MPI_Finalize();
    return 0;
}
