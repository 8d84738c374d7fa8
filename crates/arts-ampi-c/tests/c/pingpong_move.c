/* A ping-pong whose ranks change process under it: each round rank 0
 * sends BURST numbered 8-byte messages and rank 1 answers with one; at four
 * rounds one of the ranks moves to the other PE (AMPI_Migrateto; run with
 * one PE per process and --isomalloc, every move crosses processes), while
 * the messages of the next burst are already on their way to where it
 * was. MPI's non-overtaking rule: rank 1 must see 0, 1, 2, ... in order.
 * Prints what it saw; exit 0. Argument: rounds (default 400). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BURST 8

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rounds = argc > 1 ? atoi(argv[1]) : 400;
    if (size != 2 || rounds < 8) {
        if (rank == 0) fprintf(stderr, "pingpong_move: 2 ranks and at least 8 rounds\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long expect = 0, bad = 0, answers = 0;
    int moves = 0;
    for (int i = 0; i < rounds; i++) {
        if (rank == 0) {
            for (int k = 0; k < BURST; k++) {
                long v = (long)i * BURST + k;
                MPI_Send(&v, 1, MPI_LONG, 1, 7, MPI_COMM_WORLD);
            }
            long r;
            MPI_Recv(&r, 1, MPI_LONG, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (r != i) bad++;
            answers++;
        } else {
            for (int k = 0; k < BURST; k++) {
                long v;
                MPI_Status st;
                MPI_Recv(&v, 1, MPI_LONG, 0, 7, MPI_COMM_WORLD, &st);
                if (v != expect || st.MPI_SOURCE != 0 || st.MPI_TAG != 7) bad++;
                expect++;
            }
            long r = i;
            MPI_Send(&r, 1, MPI_LONG, 0, 8, MPI_COMM_WORLD);
        }
        /* Rank 1 moves at a quarter and three quarters, rank 0 at a half
         * and seven eighths: right after its last message of the round. */
        int q = rounds / 8;
        int mine = rank == 1 ? (i == 2 * q || i == 6 * q) : (i == 4 * q || i == 7 * q);
        if (mine) {
            int to = 1 - AMPI_My_pe();
            if (AMPI_Migrateto(to) != MPI_SUCCESS || AMPI_My_pe() != to) bad++;
            moves++;
        }
    }
    long all_bad = 0;
    int all_moves = 0;
    MPI_Reduce(&bad, &all_bad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&moves, &all_moves, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    long seen = rank == 1 ? expect : 0, all_seen = 0;
    MPI_Reduce(&seen, &all_seen, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pingpong_move: %d rounds, %ld messages, %ld answers, %d moves, %ld bad\n", rounds,
               all_seen, answers, all_moves, all_bad);
    MPI_Finalize();
    return 0;
}
