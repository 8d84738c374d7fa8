/* How a rank's program ends, by argv[1]; what each must give is beside it
   (tests in crates/arts-cli/tests/cli_ampi_endings.rs):
     code    rank 2 calls exit(3) after MPI_Finalize     run exit code 3
     late    every rank exit(0)s after MPI_Finalize, the last one later;
             it prints after the others ended           its line, exit 0
     quick   as late, with _exit (stdout flushed first)  its line, exit 0
     before  rank 1 calls exit(0) before MPI_Finalize   rank 1 fails, exit 1
     abort   rank 1 calls abort()                        rank 1 fails, exit 1
     segv    rank 1 prints, writes through a null pointer named, exit 1, its line kept
     fpe     rank 2 divides an integer by zero           named, exit 1
     vla     rank 0 takes a local array of 600 KiB       overflow named, exit 1 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Touches `kib` KiB of this frame's stack, lowest address first. */
static int deep(int kib) {
  volatile char a[kib * 1024];
  a[0] = 1;
  for (int i = 0; i < kib * 1024; i += 4096) a[i] = (char)i;
  return a[0];
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Barrier(MPI_COMM_WORLD);
  if (!strcmp(mode, "before") && rank == 1) exit(0);
  if (!strcmp(mode, "abort") && rank == 1) abort();
  if (!strcmp(mode, "segv") && rank == 1) {
    printf("rank 1: about to fault\n"); /* still buffered: must come out */
    volatile int *p = NULL;
    *p = 1;
  }
  if (!strcmp(mode, "fpe") && rank == 2) {
    volatile int zero = 0;
    printf("%d\n", rank / zero);
  }
  if (!strcmp(mode, "vla") && rank == 0) printf("%d\n", deep(600));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (!strcmp(mode, "code") && rank == 2) exit(3);
  if (!strcmp(mode, "late") || !strcmp(mode, "quick")) {
    if (rank == size - 1) {
      usleep(200000);
      printf("rank %d: done after the others\n", rank);
    }
    if (!strcmp(mode, "quick")) {
      fflush(stdout);
      _exit(0);
    }
    exit(0);
  }
  return 0;
}
