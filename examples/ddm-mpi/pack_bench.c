/* The paper's Fig. 11: a DDM boundary, three grid points of 26 doubles
 * each (624 bytes), scattered in memory (26 fields, each an array over
 * the rows), sent between two ranks
 *   packed      - MPI_Pack of the 26 pieces into a buffer, sent as MPI_PACKED
 *                 and MPI_Unpack'ed at the receiver (the paper's code),
 *   vector      - one derived datatype (MPI_Type_vector: 26 blocks of 3
 *                 doubles, a field's length apart) on both sides,
 *   indexed     - the same layout as MPI_Type_indexed (26 displacements),
 *   contiguous  - 78 doubles already contiguous (the floor: no copy at all).
 * A ping-pong: rank 0 sends, rank 1 receives and returns it, timed over
 * --iterations round trips; the modes alternate in --rounds rounds and the
 * median per message (half a round trip) is reported, with a check that
 * every received boundary holds the sent values. Ranks beyond 2 idle.
 * Output: one JSON object on rank 0's stdout. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELDS 26
#define POINTS 3
#define ROWS 1024
#define MODES 4

static const char *NAMES[MODES] = {"packed", "vector", "indexed", "contiguous"};

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One message of mode `m` from `src` (a field matrix; rows `row`..+2) to `peer`. */
static void send_one(int m, double *fields, double *contig, char *buf, int bufsize, MPI_Datatype *types, int peer) {
    if (m == 0) {
        int pos = 0;
        for (int f = 0; f < FIELDS; f++)
            MPI_Pack(&fields[f * ROWS], POINTS, MPI_DOUBLE, buf, bufsize, &pos, MPI_COMM_WORLD);
        MPI_Send(buf, pos, MPI_PACKED, peer, m, MPI_COMM_WORLD);
    } else if (m == 3) {
        MPI_Send(contig, FIELDS * POINTS, MPI_DOUBLE, peer, m, MPI_COMM_WORLD);
    } else {
        MPI_Send(fields, 1, types[m - 1], peer, m, MPI_COMM_WORLD);
    }
}

static void recv_one(int m, double *fields, double *contig, char *buf, int bufsize, MPI_Datatype *types, int peer) {
    if (m == 0) {
        MPI_Recv(buf, bufsize, MPI_PACKED, peer, m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int pos = 0;
        for (int f = 0; f < FIELDS; f++)
            MPI_Unpack(buf, bufsize, &pos, &fields[f * ROWS], POINTS, MPI_DOUBLE, MPI_COMM_WORLD);
    } else if (m == 3) {
        MPI_Recv(contig, FIELDS * POINTS, MPI_DOUBLE, peer, m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(fields, 1, types[m - 1], peer, m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iterations = 20000, rounds = 5;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        long *target = !strcmp(argv[i], "--iterations") ? &iterations : !strcmp(argv[i], "--rounds") ? &rounds : NULL;
        long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
        if (!target || !end || *end || v < 1 || v > 100000000) {
            if (rank == 0)
                fprintf(stderr, "error: `%s`: accepted --iterations N and --rounds N (positive counts)\n", argv[i]);
            MPI_Finalize();
            return 2;
        }
        *target = v;
        i++;
    }
    if (size < 2) {
        if (rank == 0) fprintf(stderr, "error: the pack benchmark needs 2 ranks (mpirun -np 2, arts ampi run --vp 2)\n");
        MPI_Finalize();
        return 2;
    }
    double *fields = malloc(FIELDS * ROWS * sizeof(double));
    double *contig = malloc(FIELDS * POINTS * sizeof(double));
    for (int k = 0; k < FIELDS * ROWS; k++) fields[k] = rank == 0 ? 1.0 + k : 0.0;
    for (int k = 0; k < FIELDS * POINTS; k++) contig[k] = rank == 0 ? 1.0 + k : 0.0;
    MPI_Datatype types[2];
    MPI_Type_vector(FIELDS, POINTS, ROWS, MPI_DOUBLE, &types[0]);
    int lens[FIELDS], disps[FIELDS];
    for (int f = 0; f < FIELDS; f++) lens[f] = POINTS, disps[f] = f * ROWS;
    MPI_Type_indexed(FIELDS, lens, disps, MPI_DOUBLE, &types[1]);
    MPI_Type_commit(&types[0]);
    MPI_Type_commit(&types[1]);
    int bufsize;
    MPI_Pack_size(FIELDS * POINTS, MPI_DOUBLE, MPI_COMM_WORLD, &bufsize);
    char *buf = malloc((size_t)bufsize);
    double *times = malloc((size_t)(MODES * rounds) * sizeof(double));
    int valid = 1;
    for (long r = 0; r < rounds; r++) {
        for (int m = 0; m < MODES; m++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            for (long it = 0; it < iterations; it++) {
                if (rank == 0) {
                    send_one(m, fields, contig, buf, bufsize, types, 1);
                    recv_one(m, fields, contig, buf, bufsize, types, 1);
                } else if (rank == 1) {
                    recv_one(m, fields, contig, buf, bufsize, types, 0);
                    send_one(m, fields, contig, buf, bufsize, types, 0);
                }
            }
            times[m * rounds + r] = (MPI_Wtime() - t0) / (2.0 * (double)iterations) * 1e6;
            if (rank == 1) {
                /* Every received value is the sent one (field f, point p: 1 + f*ROWS + p). */
                for (int f = 0; f < FIELDS; f++)
                    for (int p = 0; p < POINTS; p++) {
                        double want = 1.0 + f * ROWS + p, got = m == 3 ? contig[f * POINTS + p] : fields[f * ROWS + p];
                        if (m == 3) want = 1.0 + f * POINTS + p;
                        if (got != want) valid = 0;
                    }
                memset(fields, 0, FIELDS * ROWS * sizeof(double));
                memset(contig, 0, FIELDS * POINTS * sizeof(double));
            }
        }
    }
    int all_valid = 0;
    MPI_Allreduce(&valid, &all_valid, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
        int len = 0;
        MPI_Get_library_version(lib, &len);
        for (char *c = lib; *c; c++)
            if (*c == '\n') {
                *c = 0;
                break;
            } else if (*c == '"' || *c == '\\' || (unsigned char)*c < 32) {
                *c = ' ';
            }
        double med[MODES];
        printf("{\"program\":\"pack-bench\",\"mpi_library\":\"%s\",\"bytes\":%d,\"iterations\":%ld,\"rounds\":%ld,"
               "\"valid\":%s,\"modes\":[",
               lib, (int)(FIELDS * POINTS * sizeof(double)), iterations, rounds, all_valid ? "true" : "false");
        for (int m = 0; m < MODES; m++) {
            double *t = &times[m * rounds];
            printf("%s{\"mode\":\"%s\",\"us_per_message\":[", m ? "," : "", NAMES[m]);
            for (long r = 0; r < rounds; r++) printf("%s%.6g", r ? "," : "", t[r]);
            qsort(t, (size_t)rounds, sizeof(double), cmp);
            med[m] = t[rounds / 2];
            printf("],\"median_us\":%.6g}", med[m]);
        }
        printf("],\"vector_over_packed\":%.4g,\"indexed_over_packed\":%.4g}\n", med[1] / med[0], med[2] / med[0]);
    }
    MPI_Type_free(&types[0]);
    MPI_Type_free(&types[1]);
    free(fields), free(contig), free(buf), free(times);
    MPI_Finalize();
    return all_valid ? 0 : 1;
}
