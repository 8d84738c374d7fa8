// Each rank's own std::cout, std::cerr and std::clog: rank 0 changes how
// std::cout formats numbers, rank 1 sends its std::cout into a string for
// a while, and every rank then prints pi on std::cout and a line on
// std::clog, after the others made their changes (under mpirun each
// process has streams of its own).
#include <mpi.h>

#include <iomanip>
#include <iostream>
#include <sstream>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::ostringstream held;
    std::streambuf *own = std::cout.rdbuf();
    if (rank == 0)
        std::cout << std::setprecision(3) << std::scientific << std::setfill('*');
    if (rank == 1)
        std::cout.rdbuf(held.rdbuf());
    MPI_Barrier(MPI_COMM_WORLD);
    std::cout << "rank " << rank << " pi " << 3.14159265358979 << " [" << std::setw(4) << 7
              << "]" << std::endl;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        std::cout.rdbuf(own);
        std::cout << "rank 1 held: " << held.str();
    }
    std::clog << "rank " << rank << " on clog" << std::endl;
    MPI_Finalize();
    return 0;
}
