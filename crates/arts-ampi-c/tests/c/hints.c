/* AMPI's extensions as AMPI programs call them: AMPI_Migrate with the
   predefined hints and with an info of the program's (ampi_load_balance,
   ampi_checkpoint), the load instrumentation, AMPI_Iallgather. Returns
   non-zero from rank 0 (after MPI_Finalize) if a check fails. */
#include <mpi.h>
#include <stdio.h>

static int bad = 0;
static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAIL %s\n", what);
    bad = 1;
  }
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  check(AMPI_Migrate(AMPI_INFO_LB_SYNC) == MPI_SUCCESS, "sync");
  check(AMPI_Migrate(AMPI_INFO_LB_ASYNC) == MPI_SUCCESS, "async");
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Info info;
  MPI_Info_create(&info);
  check(info != AMPI_INFO_LB_SYNC && info != AMPI_INFO_LB_ASYNC, "own handle");
  MPI_Info_set(info, "ampi_load_balance", "sync");
  MPI_Info_set(info, "ampi_checkpoint", "false");
  check(AMPI_Migrate(info) == MPI_SUCCESS, "own info");
  MPI_Info_set(info, "ampi_load_balance", "sometimes");
  int class = -1;
  MPI_Error_class(AMPI_Migrate(info), &class);
  check(class == MPI_ERR_ARG, "bad ampi_load_balance");
  MPI_Info_set(info, "ampi_load_balance", "false");
  MPI_Info_set(info, "ampi_checkpoint", "to_disk");
  MPI_Error_class(AMPI_Migrate(info), &class);
  check(class == MPI_ERR_ARG, "bad ampi_checkpoint");
  MPI_Info_free(&info);
  /* The predefined hints cannot change. */
  MPI_Info lb = AMPI_INFO_LB_SYNC;
  MPI_Error_class(MPI_Info_free(&lb), &class);
  check(class == MPI_ERR_INFO && lb == AMPI_INFO_LB_SYNC, "free predefined");
  char value[32];
  int flag = 0;
  MPI_Info_get(AMPI_INFO_LB_ASYNC, "ampi_load_balance", 31, value, &flag);
  check(flag && value[0] == 'a', "read predefined");
  /* Load instrumentation. */
  check(AMPI_Load_stop_measure() == MPI_SUCCESS, "stop");
  check(AMPI_Load_start_measure() == MPI_SUCCESS, "start");
  check(AMPI_Load_set_value(0.5 * rank) == MPI_SUCCESS, "set");
  MPI_Error_class(AMPI_Load_set_value(-1.0), &class);
  check(class == MPI_ERR_ARG, "negative load");
  /* AMPI_Iallgather is MPI_Iallgather. */
  int all[64];
  MPI_Request rq;
  AMPI_Iallgather(&rank, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  for (int r = 0; r < size; r++) check(all[r] == r, "iallgather");
  int anybad = 0;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0) printf("hints: %s\n", anybad ? "FAILED" : "ok");
  MPI_Finalize();
  return anybad;
}
