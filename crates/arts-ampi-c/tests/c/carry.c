/* Moving a C rank between processes with its heap (arts ampi run
 * --isomalloc under mpirun, one PE per process): rank 0 fills `bytes` of
 * heap, then moves to the other PE and back, `moves` moves in all
 * (AMPI_Migrateto), checking its data after each; it prints the median
 * time of a move, from the call to its return on the other PE.
 *
 *   carry [bytes=1048576] [moves=50] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    size_t bytes = argc > 1 ? (size_t)atol(argv[1]) : 1 << 20;
    int moves = argc > 2 ? atoi(argv[2]) : 50;
    int rank, size, i, bad = 0, pes;
    size_t j, n = bytes / sizeof(unsigned);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    pes = size;
    if (rank == 0 && moves > 0) {
        unsigned *data = malloc(n * sizeof *data + 1);
        double *took = malloc(moves * sizeof *took);
        for (j = 0; j < n; j++)
            data[j] = (unsigned)(j * 2654435761u);
        for (i = 0; i < moves; i++) {
            int to = (AMPI_My_pe() + 1) % pes;
            double t = MPI_Wtime();
            AMPI_Migrateto(to);
            took[i] = MPI_Wtime() - t;
            if (AMPI_My_pe() != to)
                bad++;
            for (j = 0; j < n; j += 1 + n / 1024)
                if (data[j] != (unsigned)(j * 2654435761u))
                    bad++;
        }
        qsort(took, moves, sizeof *took, by_value);
        printf("carry: bytes=%zu moves=%d move_median_us=%.1f valid=%d\n", bytes, moves,
               took[moves / 2] * 1e6, bad == 0);
        free(took);
        free(data);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return bad != 0;
}
