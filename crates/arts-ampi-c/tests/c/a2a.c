/* All-to-all of large buffers (issue 51: an integer sort's bucket
   exchange). Usage: a2a BYTES REPS [v|p]: each rank sends BYTES to every
   rank (MPI_Alltoall; with "v" MPI_Alltoallv with the same counts; with
   "i" MPI_Ialltoallv and MPI_Wait; with "w" MPI_Ialltoall and
   MPI_Ialltoallv at once, completed by MPI_Waitany then MPI_Testsome or
   MPI_Waitsome in turn; with "p" as MPI_Irecv/MPI_Isend pairs and
   MPI_Waitall), REPS times after one
   warm-up; rank 0 prints the mean seconds per call (the slowest rank's)
   and "ok" if every received byte is what its sender put there, and
   returns 1 if not. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = argc > 1 ? atol(argv[1]) : 1048576;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  int v = argc > 3 && !strcmp(argv[3], "v");
  int p2p = argc > 3 && !strcmp(argv[3], "p");
  int nb = argc > 3 && !strcmp(argv[3], "i");
  int two = argc > 3 && !strcmp(argv[3], "w");
  int n = (int)(bytes / sizeof(int));
  int *send = malloc((size_t)n * size * sizeof(int));
  int *recv = malloc((size_t)n * size * sizeof(int));
  int *recv2 = malloc((size_t)n * size * sizeof(int));
  int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
  for (int d = 0; d < size; d++) {
    counts[d] = n;
    displs[d] = d * n;
    for (int i = 0; i < n; i++) send[(long)d * n + i] = rank * 1000003 + d * 7919 + i;
  }
  double t = 0;
  int bad = 0, anybad;
  for (int k = 0; k <= reps; k++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (p2p) {
      MPI_Request rq[2 * 64];
      int m = 0;
      for (int d = 0; d < size; d++) {
        MPI_Irecv(recv + (long)d * n, n, MPI_INT, d, 5, MPI_COMM_WORLD, &rq[m++]);
        MPI_Isend(send + (long)d * n, n, MPI_INT, d, 5, MPI_COMM_WORLD, &rq[m++]);
      }
      MPI_Waitall(m, rq, MPI_STATUSES_IGNORE);
    } else if (two) {
      MPI_Request rq[2];
      int idx, cnt = 0, outs[2];
      MPI_Ialltoall(send, n, MPI_INT, recv, n, MPI_INT, MPI_COMM_WORLD, &rq[0]);
      MPI_Ialltoallv(send, counts, displs, MPI_INT, recv2, counts, displs, MPI_INT, MPI_COMM_WORLD, &rq[1]);
      MPI_Waitany(2, rq, &idx, MPI_STATUS_IGNORE);
      while (cnt != MPI_UNDEFINED) {
        if (k % 2)
          MPI_Testsome(2, rq, &cnt, outs, MPI_STATUSES_IGNORE);
        else
          MPI_Waitsome(2, rq, &cnt, outs, MPI_STATUSES_IGNORE);
      }
      for (long i = 0; i < (long)n * size; i++) bad |= recv2[i] != recv[i];
    } else if (nb) {
      MPI_Request rq;
      MPI_Ialltoallv(send, counts, displs, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD, &rq);
      MPI_Wait(&rq, MPI_STATUS_IGNORE);
    } else if (v)
      MPI_Alltoallv(send, counts, displs, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD);
    else
      MPI_Alltoall(send, n, MPI_INT, recv, n, MPI_INT, MPI_COMM_WORLD);
    double dt = MPI_Wtime() - t0, max;
    MPI_Reduce(&dt, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (k > 0) t += max;
  }
  for (int s = 0; s < size; s++)
    for (int i = 0; i < n; i++) bad |= recv[(long)s * n + i] != s * 1000003 + rank * 7919 + i;
  MPI_Reduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("alltoall%s bytes=%ld ranks=%d seconds_per_call=%.6f %s\n", two ? " and alltoallv (non-blocking, waitany/testsome/waitsome)" : nb ? "v (non-blocking)" : p2p ? " (point-to-point)" : v ? "v" : "", bytes, size,
           t / reps, anybad ? "WRONG" : "ok");
  free(send); free(recv); free(recv2); free(counts); free(displs);
  MPI_Finalize();
  return rank == 0 && anybad;
}
