// C++'s statics that g++ makes "unique" symbols, which the dynamic loader
// shares among every copy of a program in a process: the static variable
// of an inline function, a thread_local static of a function template and
// the static member of a class template. Rank r adds r + 1 to each; every
// rank prints its own (under mpirun each process has its own).
#include <mpi.h>

#include <cstdio>

inline int &counter()
{
    static int c = 0;
    return c;
}

template <typename T> T &thread_counter()
{
    thread_local static T c = 0;
    return c;
}

template <typename T> struct Holder {
    static T value;
};
template <typename T> T Holder<T>::value = 0;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i <= rank; i++) {
        counter()++;
        thread_counter<long>()++;
        Holder<int>::value++;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    std::printf("rank %d: inline static %d template thread_local %ld template member %d\n", rank,
                counter(), thread_counter<long>(), Holder<int>::value);
    MPI_Finalize();
    return 0;
}
