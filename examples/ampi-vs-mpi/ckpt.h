/* Shared by ft_ckpt.c and lu_ckpt.c: the rank's arrays registered with
 * AMPI_Register_pup (so that AMPI_Checkpoint and AMPI_MemCheckpoint save
 * them without isomalloc), and one checkpoint timed. */
#ifndef AMPI_VS_MPI_CKPT_H
#define AMPI_VS_MPI_CKPT_H
#include <mpi.h>
#include <pup_c.h>
#include <stdlib.h>
#include <string.h>

/* A rank's state: one array of doubles. */
typedef struct {
    int n;
    double *v;
} state;

/* Sizes, packs and (at a restart) unpacks a rank's state. */
static void state_pup(pup_er p, void *data)
{
    state **sp = (state **)data;
    if (pup_isUnpacking(p))
        *sp = calloc(1, sizeof(state));
    state *s = *sp;
    pup_int(p, &s->n);
    if (pup_isUnpacking(p))
        s->v = malloc(sizeof(double) * s->n);
    pup_doubles(p, s->v, s->n);
    if (pup_isDeleting(p)) {
        free(s->v);
        free(s);
        *sp = NULL;
    }
}

/* One checkpoint, `how` "disk" (AMPI_Checkpoint(dir)) or "mem"
 * (AMPI_MemCheckpoint()), between barriers: the slowest rank's seconds. */
static double timed_checkpoint(const char *how, const char *dir)
{
    double mine, slowest;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (strcmp(how, "mem") == 0)
        AMPI_MemCheckpoint();
    else
        AMPI_Checkpoint(dir);
    mine = MPI_Wtime() - t0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest;
}

/* Prints the kernel's JSON object (rank 0). */
static void print_result(const char *kernel, int size, const char *how, long long bytes_per_rank,
                         int steps, double step_s, const double *ck, int nck, double checksum)
{
    printf("{\"program\":\"%s-ckpt\",\"kernel\":\"%s\",\"ranks\":%d,\"how\":\"%s\","
           "\"bytes_per_rank\":%lld,\"steps\":%d,\"step_time_s\":%.6e,\"checkpoint_times_s\":[",
           kernel, kernel, size, how, bytes_per_rank, steps, step_s);
    double sum = 0.0;
    for (int i = 0; i < nck; i++) {
        printf("%s%.6e", i ? "," : "", ck[i]);
        sum += ck[i];
    }
    printf("],\"checkpoint_mean_s\":%.6e,\"checksum\":%.15e}\n", nck ? sum / nck : 0.0, checksum);
    fflush(stdout);
}
#endif
