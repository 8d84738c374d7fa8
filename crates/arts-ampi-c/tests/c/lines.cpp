// Ranks writing their lines in pieces through std::cout, std::cerr and
// printf mixed, suspending in MPI calls between the pieces: under mpirun
// each line arrives whole (each rank is a process); under arts the ranks
// share one process (and one libstdc++), and each line must still arrive
// whole, prefixed with its own rank under --tag-output.
//
//   lines_cpp [n=5] [mode]  each rank writes n lines to stdout and n to
//                           stderr: "rank R line I: a b c d" and
//                           "rank R note I: x y z"
//   mode exit               then every rank writes "rank R: bye" without
//                           its newline and calls exit(0) after MPI_Finalize
//   mode unsynced           std::ios::sync_with_stdio(false) first
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

static int rank, size;

// Lets the other ranks run: a ring exchange (a blocking MPI call).
static void others_run() {
  int token = rank, got;
  MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 7, &got, 1, MPI_INT,
               (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 5;
  const char *mode = argc > 2 ? argv[2] : "";
  if (std::strcmp(mode, "unsynced") == 0) std::ios::sync_with_stdio(false);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < n; i++) {
    std::cout << "rank " << rank << " line " << i << ":";
    others_run();
    std::printf(" a");
    others_run();
    std::cout << ' ' << 'b';
    others_run();
    std::fputs(" c", stdout);
    std::cout << " d" << std::endl;

    std::cerr << "rank " << rank << " note " << i << ":";
    others_run();
    std::fprintf(stderr, " x");
    others_run();
    std::cerr << " y";
    std::clog << " z" << '\n';
  }
  MPI_Finalize();
  if (std::strcmp(mode, "exit") == 0) {
    std::cout << "rank " << rank << ": bye";
    std::exit(0);
  }
  return 0;
}
