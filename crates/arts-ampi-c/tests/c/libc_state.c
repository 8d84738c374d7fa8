/* The C library's hidden state, rank by rank: each rank parses its
 * command line with getopt_long, draws from rand, random and drand48, and
 * tokenizes a line with strtok, with MPI calls between the steps (where
 * ranks on one PE take turns). Under mpirun each rank is a process with
 * its own C library, so Open MPI's output is the reference.
 *
 *   libc_state -v in1 --name=alpha -n 3 in2
 */
#include <getopt.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void turn(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    static const struct option opts[] = {
        {"verbose", no_argument, NULL, 'v'},
        {"name", required_argument, NULL, 'N'},
        {"count", required_argument, NULL, 'n'},
        {NULL, 0, NULL, 0},
    };
    int verbose = 0, count = 0, c;
    const char *name = "-";
    while ((c = getopt_long(argc, argv, "vn:", opts, NULL)) != -1) {
        if (c == 'v')
            verbose = 1;
        else if (c == 'N')
            name = optarg;
        else if (c == 'n')
            count = atoi(optarg);
    }
    printf("rank %d: options verbose=%d name=%s count=%d rest=", rank, verbose, name,
           count);
    for (int i = optind; i < argc; i++)
        printf("%s%s", argv[i], i + 1 < argc ? "," : "\n");
    if (optind == argc)
        printf("\n");
    turn();

    int first = rand();
    turn();
    srand(rank + 1);
    int r[3];
    for (int i = 0; i < 3; i++) {
        r[i] = rand();
        turn();
    }
    printf("rank %d: rand first=%d seeded=%d,%d,%d\n", rank, first, r[0], r[1], r[2]);

    srandom(100 + rank);
    long b[3];
    for (int i = 0; i < 3; i++) {
        b[i] = random();
        turn();
    }
    printf("rank %d: random %ld,%ld,%ld\n", rank, b[0], b[1], b[2]);

    srand48(11 + rank);
    double d0 = drand48();
    turn();
    double d1 = drand48();
    turn();
    long l = lrand48();
    turn();
    printf("rank %d: drand48 %.9f,%.9f lrand48 %ld\n", rank, d0, d1, l);

    char line[64];
    snprintf(line, sizeof line, "r%d-x,r%d-y,,r%d-z", rank, rank, rank);
    char *t[3];
    t[0] = strtok(line, ",");
    turn();
    t[1] = strtok(NULL, ",");
    turn();
    t[2] = strtok(NULL, ",");
    turn();
    printf("rank %d: strtok %s|%s|%s|%s\n", rank, t[0], t[1], t[2],
           strtok(NULL, ",") ? "more" : "end");

    MPI_Finalize();
    return 0;
}
