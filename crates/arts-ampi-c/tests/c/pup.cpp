// AMPI's C++ PUP interface (pup.h, pup_stl.h) without isomalloc: each rank
// keeps its state in a heap object with a std::vector, a std::string, a
// fixed array, an enum and a PUPbytes struct, written with
// `void pup(PUP::er &p)` and registered through a C routine that views its
// pup_er as a PUP::er. A ring relaxation of `steps` steps checkpoints
// (AMPI_Checkpoint) every `every` steps; with `stop` > 0 it leaves after
// saving step `stop`. A restarted run gets the object back when it
// registers the routine and prints the same checksum as a whole run.
//
//   pup_cpp [steps=30] [every=5] [stop=0]
#include <mpi.h>
#include <pup.h>
#include <pup_stl.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Corner {
    int x, y;
};
PUPbytes(Corner)

enum class Phase { fresh, running };

struct Chunk {
    int step = 0;
    std::vector<double> v;
    std::string name;
    long tag = 0;
    double bounds[2] = {0.0, 0.0};
    Phase phase = Phase::fresh;
    Corner corner = {0, 0};
    std::vector<std::pair<int, bool>> marks;

    void pup(PUP::er &p) {
        p | step;
        p | v;
        p | name;
        p | tag;
        p | bounds;
        p | phase;
        p | corner;
        p | marks;
    }
};

static void chunk_pup(pup_er c, void *data) {
    PUP::er &p = *(PUP::er *)c;
    Chunk *&ch = *(Chunk **)data;
    if (p.isUnpacking())
        ch = new Chunk;
    p | *ch;
    if (p.isDeleting()) {
        delete ch;
        ch = nullptr;
    }
}

int main(int argc, char **argv) {
    int steps = argc > 1 ? std::atoi(argv[1]) : 30;
    int every = argc > 2 ? std::atoi(argv[2]) : 5;
    int stop = argc > 3 ? std::atoi(argv[3]) : 0;
    MPI_Init(&argc, &argv);
    int rank, size, idx;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    Chunk *ch = nullptr;
    AMPI_Register_pup(chunk_pup, &ch, &idx);
    std::string name = "rank-" + std::to_string(rank);
    if (ch == nullptr) {
        ch = new Chunk;
        ch->v.resize(16 + rank);
        for (size_t i = 0; i < ch->v.size(); i++)
            ch->v[i] = rank * 100 + (double)i;
        ch->name = name;
        ch->tag = 1000 + rank;
        ch->bounds[0] = -rank;
        ch->bounds[1] = rank;
        ch->phase = Phase::running;
        ch->corner = {rank, -rank};
    } else {
        if (ch->name != name || ch->tag != 1000 + rank || ch->v.size() != 16u + rank ||
            ch->phase != Phase::running || ch->corner.x != rank || ch->corner.y != -rank ||
            ch->marks.size() != (size_t)ch->step / every) {
            std::printf("rank %d: restored the wrong state (%s)\n", rank, ch->name.c_str());
            MPI_Abort(MPI_COMM_WORLD, 4);
        }
        if (rank == 0)
            std::printf("continuing from step %d\n", ch->step);
    }
    while (ch->step < steps) {
        std::vector<double> &v = ch->v;
        int n = (int)v.size();
        double left, right;
        MPI_Sendrecv(&v[0], 1, MPI_DOUBLE, (rank + size - 1) % size, 0, &right, 1, MPI_DOUBLE,
                     (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&v[n - 1], 1, MPI_DOUBLE, (rank + 1) % size, 1, &left, 1, MPI_DOUBLE,
                     (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double prev = left;
        for (int i = 0; i < n; i++) {
            double next = i + 1 < n ? v[i + 1] : right, cur = v[i];
            v[i] = 0.25 * prev + 0.5 * cur + 0.25 * next;
            prev = cur;
        }
        ch->bounds[1] += 0.5;
        ch->step++;
        if (every > 0 && ch->step % every == 0) {
            ch->marks.push_back({ch->step, ch->step % 2 == 0});
            AMPI_Checkpoint(NULL);
            if (stop > 0 && ch->step == stop) {
                if (rank == 0)
                    std::printf("stopped after saving step %d\n", stop);
                MPI_Finalize();
                return 0;
            }
        }
    }
    double mine = ch->bounds[0] + ch->bounds[1], total = 0.0;
    for (size_t i = 0; i < ch->v.size(); i++)
        mine += ch->v[i] * (double)(i + 1);
    for (auto &m : ch->marks)
        mine += m.first * (m.second ? 2 : 1);
    MPI_Reduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("pup steps=%d checksum=%.12e\n", steps, total);
    delete ch;
    MPI_Finalize();
    return 0;
}
