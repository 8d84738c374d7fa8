/* MPI_Comm_create_group (MPI-3): only the group's members call it. The
   even ranks make a communicator of theirs (tag 5) while the odd ranks
   make one of theirs (tag 7), at once; then ranks 0 and 1 alone make a
   pair. Each rank prints, in rank order, its rank and size in each and
   the sum of the members' world ranks over it. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, ranks[64], n = 0;
  MPI_Group world, g;
  MPI_Comm half, pair = MPI_COMM_NULL;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  for (int r = rank % 2; r < size; r += 2) ranks[n++] = r;
  MPI_Group_incl(world, n, ranks, &g);
  MPI_Comm_create_group(MPI_COMM_WORLD, g, rank % 2 ? 7 : 5, &half);
  MPI_Group_free(&g);
  if (rank < 2) {
    int two[2] = {1, 0};
    MPI_Group_incl(world, 2, two, &g);
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 9, &pair);
    MPI_Group_free(&g);
  }
  int hr, hs, hsum, pr = -1, ps = -1, psum = -1;
  MPI_Comm_rank(half, &hr);
  MPI_Comm_size(half, &hs);
  MPI_Allreduce(&rank, &hsum, 1, MPI_INT, MPI_SUM, half);
  if (pair != MPI_COMM_NULL) {
    MPI_Comm_rank(pair, &pr);
    MPI_Comm_size(pair, &ps);
    MPI_Allreduce(&rank, &psum, 1, MPI_INT, MPI_SUM, pair);
    MPI_Comm_free(&pair);
  }
  for (int r = 0; r < size; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (r == rank) {
      printf("world %d: half %d/%d sum %d | pair %d/%d sum %d\n", rank, hr, hs, hsum, pr, ps, psum);
      fflush(stdout);
    }
  }
  MPI_Comm_free(&half);
  MPI_Group_free(&world);
  MPI_Finalize();
  return 0;
}
