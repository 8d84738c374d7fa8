/* Ranks writing their lines in pieces, suspending in MPI calls between the
 * pieces: under mpirun each line arrives whole (each rank is a process
 * with its own buffer); under arts the ranks share one process, and each
 * line must still be written whole, never joined by another rank's piece.
 *
 *   lines [n=20]   each rank writes n lines to stdout and n to stderr:
 *                  "rank R line I: a b c d e" and "rank R note I: x y z"
 *   lines [n] exit the same, then after MPI_Finalize every rank writes
 *                  "rank R: bye" with no newline and calls exit(0)
 *
 * The pieces come through every call a C compiler emits for stdio
 * (printf, fprintf, puts, putchar, putc, fputc, fputs, fwrite, perror,
 * vprintf and their _FORTIFY_SOURCE forms). */
#include <errno.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

/* Lets the other ranks run: a ring exchange (a blocking MPI call). */
static void others_run(void) {
  int token = rank, got;
  MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 7, &got, 1, MPI_INT,
               (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
}

static void say(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  int bye = argc > 2 && strcmp(argv[2], "exit") == 0;
  int i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < n; i++) {
    printf("rank %d line %d:", rank, i);
    others_run();
    putchar(' ');
    printf("a");
    others_run();
    fputs(" b", stdout);
    fwrite(" c", 1, 2, stdout);
    others_run();
    putc(' ', stdout);
    fputc('d', stdout);
    say(stdout, " %s", "e");
    others_run();
    puts("");

    fprintf(stderr, "rank %d note %d:", rank, i);
    others_run();
    fprintf(stderr, " x");
    others_run();
    fputs(" y", stderr);
    fprintf(stderr, " %c\n", 'z');
  }
  /* Complete lines wait for their flush in a buffer; fflush writes them. */
  fflush(stdout);
  fflush(NULL);
  MPI_Finalize();
  if (bye) {
    /* The last rank gets there last: the others' exit must not lose it. */
    if (rank == size - 1) {
      volatile double s = 0;
      for (i = 0; i < 20000000; i++) s += i;
      if (s < 0) return 1;
    }
    printf("rank %d: bye", rank);
    exit(0);
  }
  errno = EDOM;
  if (rank == 0) perror("rank 0 perror");
  return 0;
}
