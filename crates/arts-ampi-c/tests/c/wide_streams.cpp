// C++'s wide standard stream, each rank's own: rank 0 changes how
// std::wcout formats numbers, then every rank prints a line on it (under
// mpirun each process has its own; each line arrives whole).
#include <mpi.h>

#include <iomanip>
#include <iostream>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        std::wcout << std::setprecision(3) << std::scientific;
    MPI_Barrier(MPI_COMM_WORLD);
    std::wcout << L"rank " << rank << L" e " << 2.718281828459045 << std::endl;
    MPI_Finalize();
    return 0;
}
