/* Generalized requests: completed by the program (MPI_Grequest_complete),
 * then waited for or tested, alone or among receives; the query function
 * fills the status, the free function runs once after it
 * (MPI_Request_get_status calls the query function alone); MPI_Cancel
 * calls the cancel function; a request freed before its completion is
 * freed at it, without a query. Prints the same under Open MPI. With
 * `stuck`, rank 0 waits for a request it never completes. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

struct state {
    int queries, frees, cancels, cancel_complete;
};

static int query(void *extra, MPI_Status *status)
{
    struct state *s = extra;
    s->queries++;
    MPI_Status_set_elements(status, MPI_BYTE, 5);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int release(void *extra)
{
    ((struct state *)extra)->frees++;
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete)
{
    struct state *s = extra;
    s->cancels++;
    s->cancel_complete = complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, size, flag, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Status st;
    if (argc > 1 && strcmp(argv[1], "stuck") == 0) {
        struct state never = {0};
        MPI_Request r;
        MPI_Grequest_start(query, release, cancel, &never, &r);
        if (rank == 0)
            MPI_Wait(&r, &st);
        MPI_Finalize();
        return 0;
    }

    /* Completed, then waited for. */
    struct state a = {0};
    MPI_Request r;
    MPI_Grequest_start(query, release, cancel, &a, &r);
    MPI_Grequest_complete(r);
    MPI_Wait(&r, &st);
    MPI_Get_count(&st, MPI_BYTE, &n);
    int waited = a.queries == 1 && a.frees == 1 && n == 5 && r == MPI_REQUEST_NULL;

    /* Its status asked for before and after its completion: the query
     * function alone, the request still to wait for. */
    struct state q = {0};
    MPI_Grequest_start(query, release, cancel, &q, &r);
    MPI_Request_get_status(r, &flag, &st);
    int peeked = !flag && q.queries == 0;
    MPI_Grequest_complete(r);
    MPI_Request_get_status(r, &flag, &st);
    MPI_Get_count(&st, MPI_BYTE, &n);
    peeked = peeked && flag && q.queries == 1 && q.frees == 0 && n == 5 && r != MPI_REQUEST_NULL;
    MPI_Wait(&r, &st);
    peeked = peeked && q.frees == 1 && r == MPI_REQUEST_NULL;

    /* Tested before and after its completion. */
    struct state b = {0};
    MPI_Grequest_start(query, release, cancel, &b, &r);
    MPI_Test(&r, &flag, &st);
    int tested = !flag && b.queries == 0;
    MPI_Grequest_complete(r);
    MPI_Test(&r, &flag, &st);
    tested = tested && flag && b.queries == 1 && b.frees == 1;

    /* Among receives: a ring exchange and a request completed after the
     * exchange started. */
    struct state c = {0};
    MPI_Request rs[3];
    int in = -1, outv = rank;
    MPI_Irecv(&in, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &rs[0]);
    MPI_Grequest_start(query, release, cancel, &c, &rs[1]);
    MPI_Isend(&outv, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &rs[2]);
    MPI_Grequest_complete(rs[1]);
    MPI_Status sts[3];
    MPI_Waitall(3, rs, sts);
    MPI_Get_count(&sts[1], MPI_BYTE, &n);
    int mixed = in == (rank + size - 1) % size && c.queries == 1 && c.frees == 1 && n == 5;

    /* Cancelled before its completion, then completed and waited for. */
    struct state d = {0};
    MPI_Grequest_start(query, release, cancel, &d, &r);
    MPI_Cancel(&r);
    int cancelled = d.cancels == 1 && d.cancel_complete == 0;
    MPI_Grequest_complete(r);
    MPI_Wait(&r, &st);
    MPI_Test_cancelled(&st, &flag);
    cancelled = cancelled && !flag && d.frees == 1;

    /* Freed before its completion: freed at it, never queried. */
    struct state e = {0};
    MPI_Grequest_start(query, release, cancel, &e, &r);
    MPI_Request kept = r;
    MPI_Request_free(&r);
    int freed = e.frees == 0 && r == MPI_REQUEST_NULL;
    MPI_Grequest_complete(kept);
    freed = freed && e.frees == 1 && e.queries == 0;

    int ok[6] = {waited, tested, mixed, cancelled, freed, peeked}, all[6];
    MPI_Reduce(ok, all, 6, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("greq: wait %d test %d mixed %d cancel %d free %d get_status %d\n", all[0],
               all[1], all[2], all[3], all[4], all[5]);
    MPI_Finalize();
    return 0;
}
