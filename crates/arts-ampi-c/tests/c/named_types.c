/* MPI names a real program's header must have: MPI_BXOR and MPI_LXOR,
 * Fortran's datatypes used from C (MPI_INTEGER, MPI_DOUBLE_PRECISION,
 * MPI_DOUBLE_COMPLEX), and C's complex and bool types, each reduced
 * across the ranks; every rank prints what it got.
 */
#include <complex.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>

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

    printf("rank %d: bxor %d lxor %d integer %d precision %.1f complex %.1f%+.1fi "
           "%.1f%+.1fi float complex %.1f%+.1fi bool %d\n",
           rank, bxor, lxor, integer, precision, creal(zsum), cimag(zsum), creal(zsum2),
           cimag(zsum2), crealf(fsum), cimagf(fsum), any);
    MPI_Finalize();
    return 0;
}
