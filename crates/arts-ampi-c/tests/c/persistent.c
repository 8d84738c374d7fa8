/* Persistent requests, matched probes and cancelled receives.
 *
 * 1. A ring exchange on persistent requests (MPI_Send_init, MPI_Ssend_init,
 *    MPI_Recv_init, one with a vector type freed once the request holds
 *    it), started with MPI_Startall
 *    every iteration; between iterations the requests are inactive: tests
 *    and waits return empty statuses and leave the handles alone. Then
 *    MPI_Bsend_init and MPI_Rsend_init, started with MPI_Start.
 * 2. Matched probes: rank 0 takes one message out of matching with
 *    MPI_Mprobe, receives the others with wildcard receives (none may get
 *    the claimed one), then receives it with MPI_Mrecv; large messages
 *    through MPI_Improbe and MPI_Imrecv; MPI_PROC_NULL.
 * 3. MPI_Cancel of receives nothing matches, plain and persistent.
 *
 * Rank 0 prints how many checks failed.
 *
 *   persistent [n=100000] [iters=5]   (n ints per large message) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int value(int from, int it, int i) { return from * 1000003 + it * 7919 + i; }

static long wrong(const int *b, int from, int it, int n, int stride)
{
    long bad = 0;
    int i;
    for (i = 0; i < n; i++)
        bad += b[i] != value(from, it, i * stride);
    return bad;
}

/* Whether `s` is the empty status of an inactive request. */
static int empty(const MPI_Status *s)
{
    return s->MPI_SOURCE == MPI_ANY_SOURCE && s->MPI_TAG == MPI_ANY_TAG;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    int iters = argc > 2 ? atoi(argv[2]) : 5;
    int rank, size, i, it, flag, index, count;
    long bad = 0, all = 0;
    MPI_Request reqs[5], r;
    MPI_Status st, sts[5];
    MPI_Message msg;
    MPI_Datatype every2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int *out = malloc(n * sizeof(int)), *in_l = malloc(n * sizeof(int));
    int *in_r = malloc(n * sizeof(int)), *in_v = malloc(n * sizeof(int));

    /* 1. The ring on persistent requests. */
    MPI_Type_vector(n / 2, 1, 2, MPI_INT, &every2);
    MPI_Type_commit(&every2);
    MPI_Recv_init(in_l, n, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(in_r, 10, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Recv_init(in_v, 1, every2, left, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send_init(out, n, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[3]);
    MPI_Ssend_init(out, 10, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[4]);
    /* The vector receive holds its datatype: freed here, it serves on. */
    MPI_Type_free(&every2);
    for (it = 0; it < iters; it++) {
        for (i = 0; i < n; i++)
            out[i] = value(rank, it, i);
        for (i = 0; i < n; i++)
            in_v[i] = -1;
        MPI_Startall(5, reqs);
        /* The vector receive's matching send, not persistent. */
        MPI_Send(out, n / 2, MPI_INT, right, 3, MPI_COMM_WORLD);
        MPI_Waitall(5, reqs, sts);
        for (i = 0; i < 5; i++)
            bad += reqs[i] == MPI_REQUEST_NULL;
        bad += sts[0].MPI_SOURCE != left || sts[0].MPI_TAG != 1;
        MPI_Get_count(&sts[0], MPI_INT, &count);
        bad += count != n;
        bad += wrong(in_l, left, it, n, 1) + wrong(in_r, right, it, 10, 1);
        for (i = 0; i < n / 2; i++)
            bad += in_v[2 * i] != value(left, it, i) || in_v[2 * i + 1] != -1;
        /* Inactive: empty statuses, handles kept. */
        MPI_Test(&reqs[0], &flag, &st);
        bad += !flag || !empty(&st) || reqs[0] == MPI_REQUEST_NULL;
        MPI_Wait(&reqs[3], &st);
        bad += !empty(&st) || reqs[3] == MPI_REQUEST_NULL;
        MPI_Waitany(5, reqs, &index, &st);
        bad += index != MPI_UNDEFINED;
        MPI_Testall(5, reqs, &flag, MPI_STATUSES_IGNORE);
        bad += !flag;
    }
    for (i = 0; i < 5; i++) {
        MPI_Request_free(&reqs[i]);
        bad += reqs[i] != MPI_REQUEST_NULL;
    }

    /* MPI_Bsend_init and MPI_Rsend_init (its receive posted before a
     * barrier), started one at a time, twice. */
    MPI_Recv_init(in_l, n, MPI_INT, left, 4, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(in_r, 10, MPI_INT, right, 5, MPI_COMM_WORLD, &reqs[1]);
    MPI_Rsend_init(out, n, MPI_INT, right, 4, MPI_COMM_WORLD, &reqs[2]);
    MPI_Bsend_init(out, 10, MPI_INT, left, 5, MPI_COMM_WORLD, &reqs[3]);
    for (it = 0; it < 2; it++) {
        for (i = 0; i < n; i++)
            out[i] = value(rank, it, i);
        MPI_Start(&reqs[0]);
        MPI_Start(&reqs[1]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Start(&reqs[3]);
        MPI_Start(&reqs[2]);
        for (i = 0; i < 4; i++)
            MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
        bad += wrong(in_l, left, it, n, 1) + wrong(in_r, right, it, 10, 1);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    for (i = 0; i < 4; i++)
        MPI_Request_free(&reqs[i]);

    /* 2. Matched probes. */
    if (rank != 0) {
        for (i = 0; i < n; i++)
            out[i] = value(rank, 0, i);
        MPI_Send(&rank, 1, MPI_INT, 0, 10, MPI_COMM_WORLD);
        MPI_Send(out, n, MPI_INT, 0, 11, MPI_COMM_WORLD);
    } else {
        int v, claimed;
        MPI_Mprobe(MPI_ANY_SOURCE, 10, MPI_COMM_WORLD, &msg, &st);
        claimed = st.MPI_SOURCE;
        for (i = 2; i < size; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 10, MPI_COMM_WORLD, &st);
            bad += st.MPI_SOURCE == claimed || v != st.MPI_SOURCE;
        }
        MPI_Mrecv(&v, 1, MPI_INT, &msg, &st);
        bad += msg != MPI_MESSAGE_NULL || st.MPI_SOURCE != claimed || v != claimed;
        for (i = 1; i < size; i++) {
            do
                MPI_Improbe(MPI_ANY_SOURCE, 11, MPI_COMM_WORLD, &flag, &msg, &st);
            while (!flag);
            MPI_Get_count(&st, MPI_INT, &count);
            bad += count != n;
            MPI_Imrecv(in_l, n, MPI_INT, &msg, &r);
            MPI_Wait(&r, &st);
            bad += wrong(in_l, st.MPI_SOURCE, 0, n, 1);
        }
    }
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &msg, &st);
    bad += msg != MPI_MESSAGE_NO_PROC || st.MPI_SOURCE != MPI_PROC_NULL;
    MPI_Mrecv(in_l, n, MPI_INT, &msg, &st);
    bad += msg != MPI_MESSAGE_NULL || st.MPI_SOURCE != MPI_PROC_NULL;

    /* 3. Cancelled receives: nothing is ever sent with tag 99. */
    MPI_Irecv(in_l, n, MPI_INT, left, 99, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Wait(&r, &st);
    MPI_Test_cancelled(&st, &flag);
    bad += !flag || r != MPI_REQUEST_NULL;
    MPI_Recv_init(in_l, n, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &r);
    MPI_Start(&r);
    MPI_Cancel(&r);
    MPI_Wait(&r, &st);
    MPI_Test_cancelled(&st, &flag);
    bad += !flag || r == MPI_REQUEST_NULL;
    MPI_Request_free(&r);
    /* A receive that has its message completes as usual. */
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 6, in_l, 1, MPI_INT, left, 6, MPI_COMM_WORLD, &st);
    MPI_Test_cancelled(&st, &flag);
    bad += flag || in_l[0] != left;

    MPI_Reduce(&bad, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("persistent: %d ranks, %d iterations, %ld failed checks\n", size, iters, all);
    free(out);
    free(in_l);
    free(in_r);
    free(in_v);
    MPI_Finalize();
    return 0;
}
