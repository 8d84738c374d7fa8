/* Reductions and friends: Allreduce (integer sum, double max/min, in
 * place), MAXLOC on MPI_DOUBLE_INT, user operations (MPI_Op_create; one
 * on a strided datatype), Reduce, Scan, Bcast, Allgather, Gatherv,
 * Comm_split, Comm_dup and Comm_compare. Every result is exact, so any MPI prints the same lines.
 *
 *   allreduce [n=1000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* A sum over a strided datatype (one int every two): MPI hands the
 * function its operands in the datatype's layout, holes included. */
static void strided_sum(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[2 * i] += ((int *)in)[2 * i];
}

static void xor_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    int i;
    (void)dt;
    for (i = 0; i < *len; i++)
        ((int *)inout)[i] ^= ((int *)in)[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int size, rank, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    long long *v = malloc(sizeof(long long) * n), *s = malloc(sizeof(long long) * n);
    double *x = malloc(sizeof(double) * n), *mx = malloc(sizeof(double) * n);
    for (i = 0; i < n; i++) {
        v[i] = (long long)rank * 1000 + i;
        x[i] = (double)((rank * 7 + i) % (size + 3)) / 4.0;
    }
    MPI_Allreduce(v, s, n, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(x, mx, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    long long ssum = 0;
    double msum = 0.0;
    for (i = 0; i < n; i++) {
        ssum += s[i];
        msum += mx[i];
    }
    /* in place: the minimum */
    MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    double minsum = 0.0;
    for (i = 0; i < n; i++)
        minsum += x[i];

    struct {
        double value;
        int index;
    } mine = {(double)((rank * 5) % size), rank}, best;
    MPI_Allreduce(&mine, &best, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);

    MPI_Op xor;
    int bits = 1 << (rank % 31), allbits = 0;
    MPI_Op_create(xor_op, 1, &xor);
    MPI_Allreduce(&bits, &allbits, 1, MPI_INT, xor, MPI_COMM_WORLD);
    MPI_Op_free(&xor);
    MPI_Datatype one_of_two, every_other;
    MPI_Type_vector(1, 1, 2, MPI_INT, &one_of_two);
    MPI_Type_create_resized(one_of_two, 0, 2 * sizeof(int), &every_other);
    MPI_Type_commit(&every_other);
    MPI_Op strided;
    MPI_Op_create(strided_sum, 1, &strided);
    int spread[10], summed[10], strided_ok = 1;
    for (i = 0; i < 10; i++) spread[i] = summed[i] = i % 2 ? -1 : rank + i;
    MPI_Allreduce(spread, summed, 5, every_other, strided, MPI_COMM_WORLD);
    for (i = 0; i < 10; i += 2) strided_ok &= summed[i] == size * (size - 1) / 2 + size * i;
    MPI_Op_free(&strided);
    MPI_Type_free(&every_other);
    MPI_Type_free(&one_of_two);

    int one = rank + 1, prefix = 0, sum_at_root = 0;
    MPI_Scan(&one, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce(&prefix, &sum_at_root, 1, MPI_INT, MPI_SUM, size - 1, MPI_COMM_WORLD);
    if (rank == size - 1)
        MPI_Send(&sum_at_root, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Recv(&sum_at_root, 1, MPI_INT, size - 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    int token = rank == 0 ? 4242 : 0;
    MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int *ranks = malloc(sizeof(int) * size);
    MPI_Allgather(&rank, 1, MPI_INT, ranks, 1, MPI_INT, MPI_COMM_WORLD);
    int ok_gather = 1;
    for (i = 0; i < size; i++)
        ok_gather &= ranks[i] == i;

    /* Gatherv: rank r sends r+1 copies of r */
    int *mineg = malloc(sizeof(int) * (rank + 1)), *counts = NULL, *displs = NULL, *allg = NULL;
    for (i = 0; i <= rank; i++)
        mineg[i] = rank;
    int total = size * (size + 1) / 2;
    if (rank == 0) {
        counts = malloc(sizeof(int) * size);
        displs = malloc(sizeof(int) * size);
        allg = malloc(sizeof(int) * total);
        for (i = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = i * (i + 1) / 2;
        }
    }
    MPI_Gatherv(mineg, rank + 1, MPI_INT, allg, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    long gsum = 0;
    if (rank == 0)
        for (i = 0; i < total; i++)
            gsum += allg[i];

    /* even and odd ranks */
    MPI_Comm half, dup;
    int hrank, hsize, cmp_dup, cmp_half, half_sum = 0;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);
    MPI_Allreduce(&rank, &half_sum, 1, MPI_INT, MPI_SUM, half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &cmp_dup);
    MPI_Comm_compare(MPI_COMM_WORLD, half, &cmp_half);
    int half_ok = (hrank == (hsize - 1 - rank / 2)), all_half_ok;
    MPI_Reduce(&half_ok, &all_half_ok, 1, MPI_INT, MPI_LAND, 0, dup);

    if (rank == 0) {
        printf("ranks %d n %d\n", size, n);
        printf("allreduce sum %lld max %.2f min %.2f\n", ssum, msum, minsum);
        printf("maxloc %.1f at %d\n", best.value, best.index);
        printf("user xor %d strided %d\n", allbits, strided_ok);
        printf("scan+reduce %d bcast %d allgather %s gatherv %ld\n", sum_at_root, token,
               ok_gather ? "ok" : "WRONG", gsum);
        printf("split half_sum %d keys %s dup %s world/half %s\n", half_sum,
               all_half_ok ? "ok" : "WRONG", cmp_dup == MPI_CONGRUENT ? "congruent" : "other",
               cmp_half == MPI_UNEQUAL ? "unequal" : "other");
    }
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    free(v);
    free(s);
    free(x);
    free(mx);
    free(ranks);
    free(mineg);
    free(counts);
    free(displs);
    free(allg);
    MPI_Finalize();
    return 0;
}
