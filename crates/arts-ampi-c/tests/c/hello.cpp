// A C++ program through arts-mpicxx: std::vector buffers, MPI_Allgather.
#include <mpi.h>
#include <cstdio>
#include <vector>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
    std::vector<int> all(n);
    MPI_Allgather(&r, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD);
    if (r == 0) std::printf("c++ ranks %d last %d\n", n, all[n - 1]);
    MPI_Finalize();
    return 0;
}
