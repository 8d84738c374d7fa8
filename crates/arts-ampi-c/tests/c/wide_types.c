/* The rest of C's predefined datatypes and MPI_BOTTOM, each used as a
 * real program would: MAXLOC/MINLOC on MPI_LONG_INT (values past 2^53,
 * which a double cannot tell apart), MPI_SHORT_INT and
 * MPI_LONG_DOUBLE_INT; MPI_LONG_DOUBLE sums finer than a double holds;
 * a long double complex sum; MPI_WCHAR, MPI_OFFSET and MPI_COUNT; and a
 * struct of absolute addresses sent and broadcast from MPI_BOTTOM.
 * Every rank prints what it got; sizes, extents and names come first.
 */
#include <complex.h>
#include <mpi.h>
#include <stdio.h>
#include <wchar.h>

static void layout(const char *name, MPI_Datatype t)
{
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &extent);
    char got[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Type_get_name(t, got, &len);
    printf("%s: size %d extent %ld name %s\n", name, size, (long)extent, got);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        layout("long double", MPI_LONG_DOUBLE);
        layout("long int", MPI_LONG_INT);
        layout("short int", MPI_SHORT_INT);
        layout("long double int", MPI_LONG_DOUBLE_INT);
        layout("wchar", MPI_WCHAR);
        layout("offset", MPI_OFFSET);
        layout("count", MPI_COUNT);
        layout("long double complex", MPI_C_LONG_DOUBLE_COMPLEX);
    }

    /* 2^60 + rank % 2: ranks 1, 3, ... hold the maximum, ranks 0, 2, ...
       the minimum; ties go to the smallest rank. */
    struct { long value; int index; } l = { (1L << 60) + rank % 2, rank }, lmax, lmin;
    MPI_Allreduce(&l, &lmax, 1, MPI_LONG_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&l, &lmin, 1, MPI_LONG_INT, MPI_MINLOC, MPI_COMM_WORLD);
    struct { short value; int index; } s = { (short)(100 - 7 * rank), rank }, smin;
    MPI_Allreduce(&s, &smin, 1, MPI_SHORT_INT, MPI_MINLOC, MPI_COMM_WORLD);
    struct { long double value; int index; } d = { 1.0L + rank * 0x1p-60L, rank }, dmax;
    MPI_Allreduce(&d, &dmax, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);

    /* Each rank adds 2^-60: a double would lose every one of them. */
    long double x = 1.0L + 0x1p-60L, sum, prod, max;
    MPI_Allreduce(&x, &sum, 1, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&x, &prod, 1, MPI_LONG_DOUBLE, MPI_PROD, MPI_COMM_WORLD);
    long double y = rank * 0x1p-62L;
    MPI_Allreduce(&y, &max, 1, MPI_LONG_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    long double complex z = rank + 0x1p-60L * I, zsum;
    MPI_Allreduce(&z, &zsum, 1, MPI_C_LONG_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);

    wchar_t word[6] = L"ranks";
    if (rank != 0)
        wmemset(word, L'?', 5);
    MPI_Bcast(word, 6, MPI_WCHAR, 0, MPI_COMM_WORLD);
    MPI_Offset off = (MPI_Offset)rank << 40, offsum;
    MPI_Allreduce(&off, &offsum, 1, MPI_OFFSET, MPI_SUM, MPI_COMM_WORLD);
    MPI_Count cnt = (MPI_Count)1 << 50, cntmax;
    MPI_Allreduce(&cnt, &cntmax, 1, MPI_COUNT, MPI_MAX, MPI_COMM_WORLD);

    /* Two separate variables described by their absolute addresses. */
    int a = rank == 0 ? 42 : -1;
    double b = rank == 0 ? 2.5 : -1.0;
    int lens[2] = { 1, 1 };
    MPI_Aint at[2];
    MPI_Get_address(&a, &at[0]);
    MPI_Get_address(&b, &at[1]);
    MPI_Datatype kinds[2] = { MPI_INT, MPI_DOUBLE }, both;
    MPI_Type_create_struct(2, lens, at, kinds, &both);
    MPI_Type_commit(&both);
    MPI_Bcast(MPI_BOTTOM, 1, both, 0, MPI_COMM_WORLD);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int c = 0;
    double e = 0;
    MPI_Aint cat[2];
    MPI_Get_address(&c, &cat[0]);
    MPI_Get_address(&e, &cat[1]);
    MPI_Datatype back;
    MPI_Type_create_struct(2, lens, cat, kinds, &back);
    MPI_Type_commit(&back);
    a += rank;
    MPI_Sendrecv(MPI_BOTTOM, 1, both, right, 5, MPI_BOTTOM, 1, back, left, 5, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Type_free(&both);
    MPI_Type_free(&back);

    /* The long doubles in units of their finest part (2^-60 or 2^-62),
       exact integers: a double's rounding would show as 0. */
    const long double unit = 0x1p60L;
    printf("rank %d: long max %ld@%d min %ld@%d short min %d@%d long double max 1+%.0Lf@%d "
           "sum %d+%.0Lf prod 1+%.0Lf max %.0Lf complex %.0Lf+%.0Lfi wchar %ls offset %lld "
           "count %lld bottom %d %.1f from %d\n",
           rank, lmax.value, lmax.index, lmin.value, lmin.index, smin.value, smin.index,
           (dmax.value - 1) * unit, dmax.index, size, (sum - size) * unit, (prod - 1) * unit,
           max * 4 * unit, creall(zsum), cimagl(zsum) * unit, word, (long long)offsum,
           (long long)cntmax, c, e, left);
    MPI_Finalize();
    return 0;
}
