/* Request completion and the other send modes: MPI_Waitsome, MPI_Testsome
 * and MPI_Testany over receives and sends of small and large messages
 * (large ones go by rendezvous on arts), MPI_Issend, MPI_Irsend, a derived
 * datatype sent without waiting, MPI_Bsend with an attached buffer, and
 * MPI_Ibsend. Every rank exchanges with both neighbours in a ring; rank 0
 * prints how many checks failed.
 *
 *   requests [n=100000]   (n ints per large message; at least 2 ranks) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int value(int from, int i) { return from * 1000003 + i; }

static long wrong(const int *b, int from, int n, int stride)
{
    long bad = 0;
    int i;
    for (i = 0; i < n; i++)
        bad += b[i] != value(from, i * stride);
    return bad;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    int rank, size, i, done, outcount, index, flag, idx[4], bsize;
    long bad = 0, all = 0;
    MPI_Request reqs[4];
    MPI_Datatype every2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int *out = malloc(n * sizeof(int)), *in_l = malloc(n * sizeof(int));
    int *in_r = malloc(n * sizeof(int));
    for (i = 0; i < n; i++)
        out[i] = value(rank, i);

    /* MPI_Waitsome until all four complete; then none is active. */
    MPI_Irecv(in_l, n, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(in_r, 10, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(out, n, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[2]);
    MPI_Issend(out, 10, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[3]);
    for (done = 0; done < 4;) {
        MPI_Waitsome(4, reqs, &outcount, idx, MPI_STATUSES_IGNORE);
        if (outcount == MPI_UNDEFINED || outcount < 1)
            break;
        for (i = 0; i < outcount; i++)
            bad += reqs[idx[i]] != MPI_REQUEST_NULL;
        done += outcount;
    }
    bad += done != 4;
    bad += wrong(in_l, left, n, 1) + wrong(in_r, right, 10, 1);
    MPI_Waitsome(4, reqs, &outcount, idx, MPI_STATUSES_IGNORE);
    bad += outcount != MPI_UNDEFINED;

    /* MPI_Testsome polling: a vector type (every other int) sent without
     * waiting, and MPI_Irsend to a receive posted before a barrier. */
    MPI_Type_vector(n / 2, 1, 2, MPI_INT, &every2);
    MPI_Type_commit(&every2);
    MPI_Irecv(in_l, n / 2, MPI_INT, left, 3, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(in_r, n, MPI_INT, right, 4, MPI_COMM_WORLD, &reqs[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Isend(out, 1, every2, right, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Irsend(out, n, MPI_INT, left, 4, MPI_COMM_WORLD, &reqs[3]);
    for (done = 0; done < 4;) {
        MPI_Testsome(4, reqs, &outcount, idx, MPI_STATUSES_IGNORE);
        if (outcount == MPI_UNDEFINED)
            break;
        done += outcount;
    }
    bad += done != 4;
    bad += wrong(in_l, left, n / 2, 2) + wrong(in_r, right, n, 1);
    MPI_Type_free(&every2);

    /* MPI_Testany: one at a time; with none active, true and UNDEFINED. */
    MPI_Irecv(in_l, n, MPI_INT, left, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(out, n, MPI_INT, right, 5, MPI_COMM_WORLD, &reqs[1]);
    for (done = 0; done < 2;) {
        MPI_Testany(2, reqs, &index, &flag, MPI_STATUS_IGNORE);
        if (flag && index == MPI_UNDEFINED)
            break;
        if (flag)
            done += 1;
    }
    bad += done != 2 || wrong(in_l, left, n, 1);
    MPI_Testany(2, reqs, &index, &flag, MPI_STATUS_IGNORE);
    bad += !flag || index != MPI_UNDEFINED;

    /* MPI_Bsend and MPI_Ibsend with an attached buffer. */
    bsize = 2 * (10 * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
    void *attached = malloc(bsize), *back;
    int back_size;
    MPI_Buffer_attach(attached, bsize);
    MPI_Bsend(out, 10, MPI_INT, right, 6, MPI_COMM_WORLD);
    MPI_Ibsend(out, 10, MPI_INT, left, 7, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv(in_l, 10, MPI_INT, left, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in_r, 10, MPI_INT, right, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    bad += wrong(in_l, left, 10, 1) + wrong(in_r, right, 10, 1);
    MPI_Buffer_detach(&back, &back_size);
    bad += back != attached || back_size != bsize;
    free(attached);

    MPI_Reduce(&bad, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("requests: %d ranks, %ld failed checks\n", size, all);
    free(out);
    free(in_l);
    free(in_r);
    MPI_Finalize();
    return 0;
}
