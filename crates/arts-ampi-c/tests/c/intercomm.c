/* Intercommunicators: two groups (even and odd WORLD ranks) joined by
 * MPI_Intercomm_create; point to point between them, the collectives that
 * move data from one group to the other (blocking and not), dup, compare,
 * merge, split and create, and a call defined on intracommunicators
 * only refusing one.
 * Needs at least 2 ranks; prints the same under Open MPI. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int r, n, lr, ln, rn, i, flag, ok[8] = {1, 1, 1, 1, 1, 1, 1, 1}, all[8];
    MPI_Comm local, inter, copy, merged;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int in_a = r % 2 == 0;
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? 1 : 0, 99, &inter);
    MPI_Comm_rank(inter, &lr);
    MPI_Comm_size(inter, &ln);
    MPI_Comm_remote_size(inter, &rn);
    MPI_Comm_test_inter(inter, &flag);
    /* 0: sizes and groups */
    ok[0] = flag && ln == (in_a ? (n + 1) / 2 : n / 2) && rn == (in_a ? n / 2 : (n + 1) / 2);
    {
        MPI_Group remote, world;
        int *ranks = malloc(rn * sizeof(int)), *wr = malloc(rn * sizeof(int));
        MPI_Comm_remote_group(inter, &remote);
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        for (i = 0; i < rn; i++) ranks[i] = i;
        MPI_Group_translate_ranks(remote, rn, ranks, world, wr);
        for (i = 0; i < rn; i++) ok[0] &= wr[i] == 2 * i + (in_a ? 1 : 0);
        MPI_Group_free(&remote);
        MPI_Group_free(&world);
        free(ranks);
        free(wr);
    }
    /* 1: point to point, remote ranks */
    {
        int *got = malloc(rn * sizeof(int));
        MPI_Request *req = malloc(2 * rn * sizeof(MPI_Request));
        MPI_Status *st = malloc(2 * rn * sizeof(MPI_Status));
        for (i = 0; i < rn; i++) {
            MPI_Irecv(&got[i], 1, MPI_INT, i, 5, inter, &req[i]);
            MPI_Isend(&r, 1, MPI_INT, i, 5, inter, &req[rn + i]);
        }
        MPI_Waitall(2 * rn, req, st);
        for (i = 0; i < rn; i++) ok[1] &= got[i] == 2 * i + (in_a ? 1 : 0) && st[i].MPI_SOURCE == i;
        free(got);
        free(req);
        free(st);
    }
    /* 2: bcast of a strided type from A's rank 0; A's others keep theirs */
    {
        int v[4] = {-1, -1, -1, -1}, root;
        MPI_Datatype every_other;
        MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        if (in_a) {
            root = lr == 0 ? MPI_ROOT : MPI_PROC_NULL;
            if (lr == 0) v[0] = 7, v[2] = 8;
        } else {
            root = 0;
        }
        MPI_Bcast(v, 1, every_other, root, inter);
        if (in_a && lr != 0) ok[2] = v[0] == -1 && v[2] == -1;
        else ok[2] = v[0] == 7 && v[2] == 8 && v[1] == -1 && v[3] == -1;
        MPI_Type_free(&every_other);
    }
    /* 3: allreduce (the other group's sum) and reduce to B's rank 0 */
    {
        int sum = 0, want = 0, total = -1, root;
        for (i = 0; i < n; i++) want += (i % 2 == 0) != in_a ? i : 0;
        MPI_Allreduce(&r, &sum, 1, MPI_INT, MPI_SUM, inter);
        ok[3] = sum == want;
        root = in_a ? 0 : (lr == 0 ? MPI_ROOT : MPI_PROC_NULL);
        MPI_Reduce(in_a ? &r : NULL, &total, 1, MPI_INT, MPI_MAX, root, inter);
        if (root == MPI_ROOT) ok[3] &= total == (n - 1) - ((n - 1) % 2);
        else ok[3] &= total == -1;
    }
    /* 4: gather to A's rank 0, scatter from B's rank 0 */
    {
        int *got = calloc(rn, sizeof(int)), part = -1, root;
        root = in_a ? (lr == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
        MPI_Gather(&r, 1, MPI_INT, got, 1, MPI_INT, root, inter);
        if (root == MPI_ROOT)
            for (i = 0; i < rn; i++) ok[4] &= got[i] == 2 * i + 1;
        root = in_a ? 0 : (lr == 0 ? MPI_ROOT : MPI_PROC_NULL);
        for (i = 0; i < rn; i++) got[i] = 100 + i;
        MPI_Scatter(got, 1, MPI_INT, &part, 1, MPI_INT, root, inter);
        ok[4] &= in_a ? part == 100 + lr : part == -1;
        free(got);
    }
    /* 5: allgather, alltoall, and a non-blocking allreduce */
    {
        int *got = malloc(rn * sizeof(int)), *send = malloc(rn * sizeof(int)), sum = 0, want = 0;
        MPI_Request req;
        MPI_Allgather(&r, 1, MPI_INT, got, 1, MPI_INT, inter);
        for (i = 0; i < rn; i++) ok[5] &= got[i] == 2 * i + (in_a ? 1 : 0);
        for (i = 0; i < rn; i++) send[i] = 100 * r + i;
        MPI_Alltoall(send, 1, MPI_INT, got, 1, MPI_INT, inter);
        for (i = 0; i < rn; i++) ok[5] &= got[i] == 100 * (2 * i + (in_a ? 1 : 0)) + lr;
        {
            int *counts = malloc(rn * sizeof(int)), *displs = malloc(rn * sizeof(int));
            MPI_Datatype *types = malloc(rn * sizeof(MPI_Datatype));
            for (i = 0; i < rn; i++) counts[i] = 1, displs[i] = i * (int)sizeof(int), types[i] = MPI_INT;
            for (i = 0; i < rn; i++) send[i] = 1000 * r + i, got[i] = -1;
            MPI_Alltoallw(send, counts, displs, types, got, counts, displs, types, inter);
            for (i = 0; i < rn; i++) ok[5] &= got[i] == 1000 * (2 * i + (in_a ? 1 : 0)) + lr;
            free(counts);
            free(displs);
            free(types);
        }
        MPI_Iallreduce(&lr, &sum, 1, MPI_INT, MPI_SUM, inter, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (i = 0; i < rn; i++) want += i;
        ok[5] &= sum == want;
        MPI_Barrier(inter);
        free(got);
        free(send);
    }
    /* 5 too: a non-blocking copy, and a reduce-scatter on it of the other
     * group's vectors (ln * rn elements in both groups) */
    {
        MPI_Comm ic;
        MPI_Request q;
        int t = ln * rn, sum_w = 0;
        int *sb = malloc(t * sizeof(int)), *rc = malloc(ln * sizeof(int)), *rb = malloc(rn * sizeof(int));
        MPI_Comm_idup(inter, &ic, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        for (i = 0; i < t; i++) sb[i] = r + i;
        for (i = 0; i < ln; i++) rc[i] = rn;
        MPI_Reduce_scatter(sb, rb, rc, MPI_INT, MPI_SUM, ic);
        for (i = 0; i < rn; i++) sum_w += 2 * i + (in_a ? 1 : 0);
        for (i = 0; i < rn; i++) ok[5] &= rb[i] == sum_w + rn * (lr * rn + i);
        MPI_Comm_free(&ic);
        free(sb);
        free(rc);
        free(rb);
    }
    /* 6: dup (congruent, its own messages), merge (B after A) */
    {
        int cmp, got = -1, mr, ms, msum = 0;
        MPI_Comm_dup(inter, &copy);
        MPI_Comm_compare(inter, copy, &cmp);
        ok[6] = cmp == MPI_CONGRUENT;
        if (lr == 0) MPI_Send(&r, 1, MPI_INT, 0, 1, copy);
        if (lr == 0) {
            MPI_Recv(&got, 1, MPI_INT, 0, 1, copy, MPI_STATUS_IGNORE);
            ok[6] &= got == (in_a ? 1 : 0);
        }
        MPI_Intercomm_merge(inter, !in_a, &merged);
        MPI_Comm_test_inter(merged, &flag);
        MPI_Comm_rank(merged, &mr);
        MPI_Comm_size(merged, &ms);
        MPI_Allreduce(&r, &msum, 1, MPI_INT, MPI_SUM, merged);
        ok[6] &= !flag && ms == n && mr == (in_a ? lr : (n + 1) / 2 + lr) && msum == n * (n - 1) / 2;
    }
    /* 6 too: split by parity of the local rank; create of each group's
     * rank 0 */
    {
        MPI_Comm part, first;
        MPI_Group g, g0;
        int ps = -1, want = 0, zero = 0;
        MPI_Comm_split(inter, lr % 2, -lr, &part);
        for (i = 0; i < rn; i++) want += i % 2 == lr % 2;
        if (part != MPI_COMM_NULL) {
            MPI_Comm_remote_size(part, &ps);
            MPI_Comm_free(&part);
        }
        ok[6] &= want ? ps == want : ps == -1;
        MPI_Comm_group(inter, &g);
        MPI_Group_incl(g, 1, &zero, &g0);
        MPI_Comm_create(inter, g0, &first);
        ok[6] &= (lr == 0) == (first != MPI_COMM_NULL);
        if (first != MPI_COMM_NULL) {
            MPI_Comm_remote_size(first, &ps);
            ok[6] &= ps == 1;
            MPI_Comm_free(&first);
        }
        MPI_Group_free(&g0);
        MPI_Group_free(&g);
    }
    /* 7: a call defined on intracommunicators only */
    {
        int out, err, class;
        MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
        err = MPI_Scan(&r, &out, 1, MPI_INT, MPI_SUM, inter);
        MPI_Error_class(err, &class);
        ok[7] = class == MPI_ERR_COMM;
    }
    MPI_Allreduce(ok, all, 8, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (r == 0)
        printf("intercomm: groups %d p2p %d bcast %d reduce %d gather %d all %d dup %d refuse %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7]);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&copy);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
