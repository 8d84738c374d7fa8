/* All-to-all with a datatype per part: rank r sends rank s the pair
 * (r, s), as two ints to even ranks and as a vector of two ints spaced
 * apart to odd ones, each part placed by its byte displacement, and
 * receives two ints from each rank into a buffer with gaps; blocking and
 * non-blocking. Then MPI_Neighbor_alltoallw on a periodic ring (a
 * one-dimensional Cartesian grid): a double to the left neighbour, an int
 * to the right one. Then MPI_IN_PLACE all-to-alls (MPI_Alltoall,
 * MPI_Ialltoall, MPI_Alltoallv, MPI_Alltoallw with no send arrays): each
 * rank's buffer holds what it sends and gets what it receives. Prints one
 * line of checks, the same under Open MPI. */
#include <stdlib.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int ok[3] = {1, 1, 1};

    /* Send side: part s is at ints 4s..4s+3; to odd s, ints 4s and 4s+2. */
    MPI_Datatype spaced;
    MPI_Type_vector(2, 1, 2, MPI_INT, &spaced);
    MPI_Type_commit(&spaced);
    int send[256], recv[256], scounts[64], sdispls[64], rcounts[64], rdispls[64];
    MPI_Datatype stypes[64], rtypes[64];
    for (int s = 0; s < n; s++) {
        send[4 * s] = rank;
        send[4 * s + 1] = s % 2 ? -1 : s;
        send[4 * s + 2] = s;
        send[4 * s + 3] = -1;
        scounts[s] = s % 2 ? 1 : 2;
        stypes[s] = s % 2 ? spaced : MPI_INT;
        sdispls[s] = 4 * s * (int)sizeof(int);
        /* Receive side: two ints from rank r at ints 3r, 3r+1, packed. */
        rcounts[s] = 2;
        rtypes[s] = MPI_INT;
        rdispls[s] = 3 * s * (int)sizeof(int);
    }
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 3 * n; i++) recv[i] = -7;
        if (round == 0) {
            MPI_Alltoallw(send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes,
                          MPI_COMM_WORLD);
        } else {
            MPI_Request q;
            MPI_Ialltoallw(send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes,
                           MPI_COMM_WORLD, &q);
            MPI_Wait(&q, MPI_STATUS_IGNORE);
        }
        for (int r = 0; r < n; r++)
            ok[0] &= recv[3 * r] == r && recv[3 * r + 1] == rank && recv[3 * r + 2] == -7;
    }

    /* A ring: a double to the left neighbour, an int to the right one. */
    int dims[1] = {n}, periods[1] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    struct {
        double d;
        int i;
    } out = {rank + 0.5, 10 * rank}, in = {-1.0, -1};
    int counts[2] = {1, 1};
    MPI_Aint so[2] = {0, (char *)&out.i - (char *)&out};
    MPI_Datatype st[2] = {MPI_DOUBLE, MPI_INT};
    /* From the left neighbour comes its int (part 1 of its send), from the
     * right one its double: receive part 0 (from the left) as an int at
     * in.i, part 1 (from the right) as a double at in.d. */
    MPI_Aint rso[2] = {(char *)&in.i - (char *)&in, 0};
    MPI_Datatype rt[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Neighbor_alltoallw(&out, counts, so, st, &in, counts, rso, rt, ring);
    int left = (rank + n - 1) % n, right = (rank + 1) % n;
    ok[1] = in.i == 10 * left && in.d == right + 0.5;
    MPI_Comm_free(&ring);
    MPI_Type_free(&spaced);

    /* In place: rank r's part for s is 2 ints (r, s); afterwards part s
     * holds (s, r). */
    int *buf = malloc(2 * n * sizeof(int)), *counts2 = malloc(n * sizeof(int));
    int *displs = malloc(n * sizeof(int)), *bytes = malloc(n * sizeof(int));
    MPI_Datatype *ints = malloc(n * sizeof(MPI_Datatype));
    for (int form = 0; form < 4; form++) {
        for (int s = 0; s < n; s++) {
            buf[2 * s] = rank, buf[2 * s + 1] = s;
            counts2[s] = 2, displs[s] = 2 * s, bytes[s] = 2 * s * (int)sizeof(int);
            ints[s] = MPI_INT;
        }
        MPI_Request req;
        if (form == 0) MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, 2, MPI_INT, MPI_COMM_WORLD);
        if (form == 1) {
            MPI_Ialltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, 2, MPI_INT, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        if (form == 2)
            MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, buf, counts2, displs, MPI_INT,
                          MPI_COMM_WORLD);
        if (form == 3)
            MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, buf, counts2, bytes, ints, MPI_COMM_WORLD);
        for (int s = 0; s < n; s++) ok[2] &= buf[2 * s] == s && buf[2 * s + 1] == rank;
    }
    free(buf);
    free(counts2);
    free(displs);
    free(bytes);
    free(ints);

    int all[3];
    MPI_Reduce(ok, all, 3, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("alltoallw: parts %d neighbors %d in_place %d\n", all[0], all[1], all[2]);
    MPI_Finalize();
    return 0;
}
