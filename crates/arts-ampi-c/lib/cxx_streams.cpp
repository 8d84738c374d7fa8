/* Each rank's own std::cout, std::cerr and std::clog.
 *
 * Under mpirun each rank is a process with streams of its own; under arts
 * the ranks of a process would share libstdc++'s, so a rank that sets
 * std::setprecision or std::scientific, or redirects a stream, would do
 * it for every rank. arts-mpicxx links this file into every C++ program:
 * it defines the three streams in the program itself, so that each rank's
 * copy of the program has its own (as with its other globals; the link's
 * -Bsymbolic binds the program's references to them). Like libstdc++'s,
 * they write through C's stdout and stderr (which arts keeps per rank),
 * are made before any other constructor of the program runs, and are
 * never destroyed. std::cin stays the process's: ranks rarely read it. */
#include <ext/stdio_sync_filebuf.h>
#include <cstdio>
#include <new>
#include <ostream>

namespace {
typedef char stream_storage[sizeof(std::ostream)] __attribute__((aligned(alignof(std::ostream))));
typedef char buffer_storage[sizeof(__gnu_cxx::stdio_sync_filebuf<char>)]
    __attribute__((aligned(alignof(__gnu_cxx::stdio_sync_filebuf<char>))));
buffer_storage out_buffer, err_buffer;
} // namespace

/* The streams themselves, under libstdc++'s names (storage that the
 * constructor below makes into streams, as libstdc++ does with its own). */
extern "C++" {
stream_storage arts_cout __asm__("_ZSt4cout");
stream_storage arts_cerr __asm__("_ZSt4cerr");
stream_storage arts_clog __asm__("_ZSt4clog");
}

__attribute__((constructor(101))) static void arts_cxx_streams_init()
{
    using buffer = __gnu_cxx::stdio_sync_filebuf<char>;
    std::ostream *out = new (&arts_cout) std::ostream(new (&out_buffer) buffer(stdout));
    std::ostream *err = new (&arts_cerr) std::ostream(new (&err_buffer) buffer(stderr));
    std::ostream *log = new (&arts_clog) std::ostream(&*reinterpret_cast<buffer *>(&err_buffer));
    // As the standard's: cerr flushes at each output, and cerr and clog
    // flush cout first.
    err->setf(std::ios_base::unitbuf);
    err->tie(out);
    log->tie(out);
}
