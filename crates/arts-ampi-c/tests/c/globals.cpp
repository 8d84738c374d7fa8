// C++ globals are per rank: a std::vector and a std::string built by
// static constructors, and a counter of constructor runs. Each rank fills
// them with its rank, makes blocking calls and AMPI_Migrate, and checks
// them; rank 0 reports through std::cout (flushed at exit).
#include <mpi.h>
#include <iostream>
#include <string>
#include <vector>

static const std::string base = "a string longer than any small-string buffer, rank ";
std::vector<int> g_values(64, -1);
std::string g_name = base;
struct Counter {
    int n = 0;
    Counter() { ++n; }
} g_counter;

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, bad = 0, total = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (auto &v : g_values) v = rank;
    g_name += std::to_string(rank);
    for (int step = 0; step < 4; step++) {
        int token = rank, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                     (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef AMPI
        AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
        for (int v : g_values) bad += v != rank;
        bad += g_name != base + std::to_string(rank);
        bad += g_counter.n != 1;
        g_values.resize(g_values.size() + 100, rank);
    }
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) std::cout << "c++ globals: " << size << " ranks, " << total << " wrong reads\n";
    MPI_Finalize();
    return bad != 0;
}
