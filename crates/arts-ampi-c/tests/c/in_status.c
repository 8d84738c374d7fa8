/* A request that fails among several: a receive truncated beside one that
 * is not, completed by MPI_Waitall, MPI_Testall, MPI_Waitsome,
 * MPI_Testsome, MPI_Waitany and MPI_Wait with MPI_ERRORS_RETURN. The calls
 * that complete several return MPI_ERR_IN_STATUS and say each request's
 * error in its status (MPI 4.0 3.7.5); the others return the error; the
 * status of the failed receive names its message's tag. Rank 0 prints one
 * line a call, the same as under Open MPI. 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static const char *name(int code)
{
    int c;
    MPI_Error_class(code, &c);
    return c == MPI_SUCCESS         ? "success"
           : c == MPI_ERR_IN_STATUS ? "in-status"
           : c == MPI_ERR_TRUNCATE  ? "truncate"
           : c == MPI_ERR_PENDING   ? "pending"
                                    : "other";
}

/* Rank 0 posts a receive of 10 ints on tags `base` and `base + 10`; rank 1
 * sends 10 ints on the first, 11 on the second, then a note that both
 * went; rank 0 returns once it has the note. */
static void post(int rank, int base, MPI_Request r[2], int b[2][10])
{
    int big[11] = {0};
    if (rank == 0) {
        MPI_Irecv(b[0], 10, MPI_INT, 1, base, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(b[1], 10, MPI_INT, 1, base + 10, MPI_COMM_WORLD, &r[1]);
        MPI_Send(NULL, 0, MPI_INT, 1, 100, MPI_COMM_WORLD);
        MPI_Recv(NULL, 0, MPI_INT, 1, 101, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(NULL, 0, MPI_INT, 0, 100, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(big, 10, MPI_INT, 0, base, MPI_COMM_WORLD);
        MPI_Send(big, 11, MPI_INT, 0, base + 10, MPI_COMM_WORLD);
        MPI_Send(NULL, 0, MPI_INT, 0, 101, MPI_COMM_WORLD);
    }
}

static void statuses(const char *call, int rc, MPI_Status *s, int n)
{
    printf("%s: %s", call, name(rc));
    for (int i = 0; i < n; i++)
        printf(" [tag %d %s]", s[i].MPI_TAG, name(s[i].MPI_ERROR));
    printf("\n");
}

int main(int argc, char **argv)
{
    int rank, rc, flag, n, idx[2], index, b[2][10];
    MPI_Request r[2];
    MPI_Status s[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    post(rank, 0, r, b);
    if (rank == 0) {
        rc = MPI_Waitall(2, r, s);
        statuses("waitall", rc, s, 2);
    }
    post(rank, 1, r, b);
    if (rank == 0) {
        do
            rc = MPI_Testall(2, r, &flag, s);
        while (!flag);
        statuses("testall", rc, s, 2);
    }
    post(rank, 2, r, b);
    if (rank == 0) {
        rc = MPI_Waitsome(2, r, &n, idx, s);
        statuses("waitsome", rc, s, n);
    }
    post(rank, 3, r, b);
    if (rank == 0) {
        do
            rc = MPI_Testsome(2, r, &n, idx, s);
        while (n == 0);
        statuses("testsome", rc, s, n);
    }
    post(rank, 4, r, b);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            rc = MPI_Waitany(2, r, &index, &s[0]);
            printf("waitany: %d %s [tag %d]\n", index, name(rc), s[0].MPI_TAG);
        }
    }
    post(rank, 5, r, b);
    if (rank == 0) {
        rc = MPI_Wait(&r[1], &s[1]);
        printf("wait: %s [tag %d] request freed %d\n", name(rc), s[1].MPI_TAG,
               r[1] == MPI_REQUEST_NULL);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
