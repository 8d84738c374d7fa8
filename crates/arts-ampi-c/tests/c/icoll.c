/* Every non-blocking collective against its blocking form: all started
 * together (one with a derived datatype, the *v forms with gaps between the
 * parts), point-to-point traffic while they run, one MPI_Waitall; each
 * result also against what it must be. Then MPI_Reduce_local and
 * MPI_Comm_split_type. Prints one line of checks (1 = right), the same
 * under Open MPI. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCOLL 11

static int same(const void *a, const void *b, size_t bytes) { return memcmp(a, b, bytes) == 0; }

/* A user sum of ints. */
static void add_ints(void *in, void *inout, int *len, MPI_Datatype *dt) {
    (void)dt;
    for (int i = 0; i < *len; i++) ((int *)inout)[i] += ((int *)in)[i];
}

/* A non-commutative operation: inout = in * 10 + inout. */
static void shift_add(void *in, void *inout, int *len, MPI_Datatype *dt) {
    (void)dt;
    for (int i = 0; i < *len; i++) ((int *)inout)[i] = ((int *)in)[i] * 10 + ((int *)inout)[i];
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int *counts = malloc(n * sizeof(int)), *displs = malloc(n * sizeof(int));
    int total = 0, span = 0;
    for (int i = 0; i < n; i++) {
        counts[i] = i % 3 + 1;
        displs[i] = span + 1; /* one unused int before each part */
        total += counts[i];
        span = displs[i] + counts[i];
    }
    int mine[3] = {100 * rank, 100 * rank + 1, 100 * rank + 2};
    int my_count = counts[rank];
    MPI_Datatype every_other; /* mine[0] and mine[2] */
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);

    /* [0] blocking, [1] non-blocking */
    int *g[2], *gv[2], *src = malloc(2 * n * sizeof(int)), part[2][2], *partv[2], *agv[2];
    int *a2a_send, *a2a[2], *scounts = malloc(n * sizeof(int)), *sdispls = malloc(n * sizeof(int));
    int *rcounts = malloc(n * sizeof(int)), *rdispls = malloc(n * sizeof(int));
    int *rs_send = malloc(total * sizeof(int)), *rs[2], *rsb_send = malloc(2 * n * sizeof(int));
    int rsb[2][2];
    long inc[2], exc[2], one = rank + 1;
    for (int k = 0; k < 2; k++) {
        g[k] = calloc(2 * n, sizeof(int));
        gv[k] = calloc(span, sizeof(int));
        partv[k] = calloc(3, sizeof(int));
        agv[k] = calloc(span, sizeof(int));
        a2a[k] = calloc(n * (rank + 2), sizeof(int));
        rs[k] = calloc(3, sizeof(int));
        exc[k] = -1;
        memset(part[k], 0, sizeof part[k]);
    }
    for (int i = 0; i < 2 * n; i++) src[i] = i;
    int sent = 0;
    for (int i = 0; i < n; i++) {
        scounts[i] = i + 1;
        sdispls[i] = sent;
        sent += i + 1;
        rcounts[i] = rank + 1;
        rdispls[i] = i * (rank + 2); /* a gap after each part */
    }
    a2a_send = malloc(sent * sizeof(int));
    for (int i = 0; i < sent; i++) a2a_send[i] = rank;
    for (int i = 0; i < total; i++) rs_send[i] = (rank + 1) * (i + 1);
    for (int i = 0; i < 2 * n; i++) rsb_send[i] = rank * i;

    for (int k = 0; k < 2; k++) {
        MPI_Request r[NCOLL];
        if (k == 0) {
            MPI_Gather(mine, 1, every_other, g[0], 2, MPI_INT, n - 1, MPI_COMM_WORLD);
            MPI_Gatherv(mine, my_count, MPI_INT, gv[0], counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
            MPI_Scatter(src, 2, MPI_INT, part[0], 2, MPI_INT, 0, MPI_COMM_WORLD);
            MPI_Scatterv(gv[0], counts, displs, MPI_INT, partv[0], my_count, MPI_INT, 0,
                         MPI_COMM_WORLD);
            MPI_Allgatherv(mine, my_count, MPI_INT, agv[0], counts, displs, MPI_INT,
                           MPI_COMM_WORLD);
            MPI_Alltoallv(a2a_send, scounts, sdispls, MPI_INT, a2a[0], rcounts, rdispls, MPI_INT,
                          MPI_COMM_WORLD);
            MPI_Reduce_scatter(rs_send, rs[0], counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            MPI_Reduce_scatter_block(rsb_send, rsb[0], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            MPI_Scan(&one, &inc[0], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
            MPI_Exscan(&one, &exc[0], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
            continue;
        }
        MPI_Igather(mine, 1, every_other, g[1], 2, MPI_INT, n - 1, MPI_COMM_WORLD, &r[0]);
        MPI_Igatherv(mine, my_count, MPI_INT, gv[1], counts, displs, MPI_INT, 0, MPI_COMM_WORLD,
                     &r[1]);
        MPI_Iscatter(src, 2, MPI_INT, part[1], 2, MPI_INT, 0, MPI_COMM_WORLD, &r[2]);
        /* scatters the blocking gatherv's result: its buffer is complete */
        MPI_Iscatterv(gv[0], counts, displs, MPI_INT, partv[1], my_count, MPI_INT, 0,
                      MPI_COMM_WORLD, &r[3]);
        MPI_Iallgatherv(mine, my_count, MPI_INT, agv[1], counts, displs, MPI_INT, MPI_COMM_WORLD,
                        &r[4]);
        MPI_Ialltoallv(a2a_send, scounts, sdispls, MPI_INT, a2a[1], rcounts, rdispls, MPI_INT,
                       MPI_COMM_WORLD, &r[5]);
        MPI_Ireduce_scatter(rs_send, rs[1], counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[6]);
        MPI_Ireduce_scatter_block(rsb_send, rsb[1], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[7]);
        MPI_Iscan(&one, &inc[1], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r[8]);
        MPI_Iexscan(&one, &exc[1], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r[9]);
        MPI_Ibarrier(MPI_COMM_WORLD, &r[10]);
        int token = rank, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % n, 5, &got, 1, MPI_INT, (rank + n - 1) % n,
                     5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (got != (rank + n - 1) % n) printf("rank %d: sendrecv got %d\n", rank, got);
        MPI_Waitall(NCOLL, r, MPI_STATUSES_IGNORE);
    }

    int ok[12];
    for (int i = 0; i < 12; i++) ok[i] = 1;
    if (rank == n - 1) {
        ok[0] = same(g[0], g[1], 2 * n * sizeof(int));
        for (int i = 0; i < n; i++) ok[0] &= g[0][2 * i] == 100 * i && g[0][2 * i + 1] == 100 * i + 2;
    }
    if (rank == 0) {
        ok[1] = same(gv[0], gv[1], span * sizeof(int));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < counts[i]; j++) ok[1] &= gv[0][displs[i] + j] == 100 * i + j;
    }
    ok[2] = same(part[0], part[1], sizeof part[0]) && part[0][0] == 2 * rank &&
            part[0][1] == 2 * rank + 1;
    ok[3] = same(partv[0], partv[1], 3 * sizeof(int));
    for (int j = 0; j < my_count; j++) ok[3] &= partv[0][j] == 100 * rank + j;
    ok[4] = same(agv[0], agv[1], span * sizeof(int));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < counts[i]; j++) ok[4] &= agv[0][displs[i] + j] == 100 * i + j;
    ok[5] = same(a2a[0], a2a[1], n * (rank + 2) * sizeof(int));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < rank + 1; j++) ok[5] &= a2a[0][rdispls[i] + j] == i;
    ok[6] = same(rs[0], rs[1], 3 * sizeof(int));
    int off = 0;
    for (int i = 0; i < rank; i++) off += counts[i];
    for (int j = 0; j < my_count; j++) ok[6] &= rs[0][j] == n * (n + 1) / 2 * (off + j + 1);
    ok[7] = same(rsb[0], rsb[1], sizeof rsb[0]) && rsb[0][0] == n * (n - 1) / 2 * (2 * rank);
    /* The same block reduce-scatter with a user operation (its counts are
     * in elements of the datatype, not bytes). */
    {
        MPI_Op sum;
        int user[2] = {-1, -1};
        MPI_Op_create(add_ints, 1, &sum);
        MPI_Reduce_scatter_block(rsb_send, user, 2, MPI_INT, sum, MPI_COMM_WORLD);
        ok[7] &= same(user, rsb[0], sizeof user);
        MPI_Op_free(&sum);
    }
    ok[8] = inc[0] == inc[1] && inc[0] == (long)(rank + 1) * (rank + 2) / 2;
    ok[9] = exc[0] == exc[1] && exc[0] == (rank == 0 ? -1 : (long)rank * (rank + 1) / 2);

    /* MPI_Reduce_local: a predefined operation, MAXLOC on pairs, and a
     * non-commutative user operation (inout = in * 10 + inout). */
    int a[3] = {1, 2, 3}, b[3] = {10, 20, 30};
    MPI_Reduce_local(a, b, 3, MPI_INT, MPI_SUM);
    ok[10] = b[0] == 11 && b[1] == 22 && b[2] == 33;
    struct { int v, i; } p[2] = {{5, 1}, {2, 9}}, q[2] = {{5, 0}, {7, 3}};
    MPI_Reduce_local(p, q, 2, MPI_2INT, MPI_MAXLOC);
    ok[10] &= q[0].v == 5 && q[0].i == 0 && q[1].v == 7 && q[1].i == 3;
    MPI_Op op;
    MPI_Op_create(shift_add, 0, &op);
    MPI_Reduce_local(a, b, 3, MPI_INT, op);
    ok[10] &= b[0] == 21 && b[1] == 42 && b[2] == 63;
    MPI_Op_free(&op);

    /* MPI_Comm_split_type: the ranks sharing memory with this one (under
     * Open MPI every rank on the host; in arts those of this process),
     * ordered by the key; MPI_UNDEFINED gives MPI_COMM_NULL. */
    MPI_Comm node, none;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -rank, MPI_INFO_NULL, &node);
    int node_size, *members = malloc(n * sizeof(int));
    MPI_Comm_size(node, &node_size);
    MPI_Allgather(&rank, 1, MPI_INT, members, 1, MPI_INT, node);
    for (int i = 1; i < node_size; i++) ok[11] &= members[i] < members[i - 1];
    MPI_Comm_free(&node);
    MPI_Comm_split_type(MPI_COMM_WORLD, rank % 2 ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED, 0,
                        MPI_INFO_NULL, &none);
    ok[11] &= (rank % 2) ? none == MPI_COMM_NULL : none != MPI_COMM_NULL;
    if (none != MPI_COMM_NULL) MPI_Comm_free(&none);

    int all[12];
    MPI_Allreduce(ok, all, 12, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("icoll: gather %d gatherv %d scatter %d scatterv %d allgatherv %d alltoallv %d "
               "reduce_scatter %d reduce_scatter_block %d scan %d exscan %d reduce_local %d "
               "split_type %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7], all[8], all[9],
               all[10], all[11]);
    if (rank == 0) printf("icoll: rank 0 shares memory with %d of %d ranks\n", node_size, n);
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return 0;
}
