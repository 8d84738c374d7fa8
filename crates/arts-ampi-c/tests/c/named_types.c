/* MPI names a real program's header must have: MPI_BXOR and MPI_LXOR,
 * Fortran's datatypes used from C (MPI_INTEGER, MPI_DOUBLE_PRECISION,
 * MPI_DOUBLE_COMPLEX), and C's complex and bool types, each reduced
 * across the ranks; every rank prints what it got, and whether the C and
 * C++ complex and bool types and Fortran's sized ones have the names
 * Open MPI gives them.
 */
#include <complex.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int bits = 1 << rank, bxor;
    MPI_Allreduce(&bits, &bxor, 1, MPI_INT, MPI_BXOR, MPI_COMM_WORLD);
    int first3 = rank < 3 ? 7 : 0, lxor;
    MPI_Allreduce(&first3, &lxor, 1, MPI_INT, MPI_LXOR, MPI_COMM_WORLD);
    int n = rank + 1, integer;
    MPI_Allreduce(&n, &integer, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD);
    double x = 0.5 * rank, precision;
    MPI_Allreduce(&x, &precision, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD);
    double complex z = rank + 2.0 * rank * I, zsum, zsum2;
    MPI_Allreduce(&z, &zsum, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&z, &zsum2, 1, MPI_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    float complex f = 1.0f + rank * I, fsum;
    MPI_Allreduce(&f, &fsum, 1, MPI_C_FLOAT_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    bool flag = rank == 0, any;
    MPI_Allreduce(&flag, &any, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);

    const struct {
        MPI_Datatype type;
        const char *name;
    } named[] = {
        {MPI_C_FLOAT_COMPLEX, "MPI_C_COMPLEX"},
        {MPI_C_DOUBLE_COMPLEX, "MPI_C_DOUBLE_COMPLEX"},
        {MPI_CXX_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX"},
        {MPI_CXX_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX"},
        {MPI_CXX_BOOL, "MPI_CXX_BOOL"},
        {MPI_INTEGER1, "MPI_INTEGER1"},
        {MPI_INTEGER2, "MPI_INTEGER2"},
        {MPI_COMPLEX16, "MPI_COMPLEX16"},
    };
    int names = 1;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        char name[MPI_MAX_OBJECT_NAME];
        int len;
        MPI_Type_get_name(named[i].type, name, &len);
        names &= strcmp(name, named[i].name) == 0;
    }

    printf("rank %d: bxor %d lxor %d integer %d precision %.1f complex %.1f%+.1fi "
           "%.1f%+.1fi float complex %.1f%+.1fi bool %d names %d\n",
           rank, bxor, lxor, integer, precision, creal(zsum), cimag(zsum), creal(zsum2),
           cimag(zsum2), crealf(fsum), cimagf(fsum), any, names);
    MPI_Finalize();
    return 0;
}
