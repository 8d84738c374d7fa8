/* C code called from Fortran gets Fortran handles and statuses: the
 * f2c/c2f conversions of MPI (as Nekbone's gather-scatter library uses
 * them), each converted handle then used, and a status carried through
 * its Fortran form. Every rank prints what it got.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Fint fcomm = MPI_Comm_c2f(half);
    MPI_Datatype type = MPI_Type_f2c(MPI_Type_c2f(MPI_INT));
    MPI_Op op = MPI_Op_f2c(MPI_Op_c2f(MPI_SUM));
    int sum;
    MPI_Allreduce(&rank, &sum, 1, type, op, MPI_Comm_f2c(fcomm));
    MPI_Group g;
    MPI_Comm_group(MPI_Comm_f2c(fcomm), &g);
    int gsize;
    MPI_Group_size(MPI_Group_f2c(MPI_Group_c2f(g)), &gsize);
    MPI_Group_free(&g);

    int right = (rank + 1) % size, left = (rank + size - 1) % size, got = -1;
    MPI_Request r;
    MPI_Irecv(&got, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &r);
    MPI_Request back = MPI_Request_f2c(MPI_Request_c2f(r));
    MPI_Send(&rank, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
    MPI_Status st, st2;
    MPI_Wait(&back, &st);
    MPI_Fint fst[8];
    MPI_Status_c2f(&st, fst);
    MPI_Status_f2c(fst, &st2);
    int count;
    MPI_Get_count(&st2, MPI_INT, &count);

    printf("rank %d: half sum %d of %d got %d from %d tag %d count %d\n", rank, sum, gsize, got,
           st2.MPI_SOURCE, st2.MPI_TAG, count);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
