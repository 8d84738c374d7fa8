/* leak.c in C++: the leaking rank takes 1 MiB after 1 MiB with `new[]`,
 * touching each, and never deletes one. Under `arts --max-memory` it ends
 * when it passes its share (C++'s operator new is arts's, counted like
 * malloc: loader/malloc.rs, loader/heap_share.rs).
 *
 *   leak_cpp R K   R: the leaking rank; K: stop after K MiB */
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int leaker = argc > 1 ? std::atoi(argv[1]) : 0;
  long stop = argc > 2 ? std::atol(argv[2]) : 1024;
  std::printf("rank %d ready\n", rank);
  std::fflush(stdout);
  if (rank == leaker) {
    for (long i = 0; i < stop; i++) {
      char *p = new char[1 << 20];
      std::memset(p, (int)i, 1 << 20);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
