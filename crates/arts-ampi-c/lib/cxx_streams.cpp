/* Each rank's own std::cout, std::cerr and std::clog (and their wide
 * twins).
 *
 * Under mpirun each rank is a process with streams of its own; under arts
 * the ranks of a process would share libstdc++'s, so a rank that sets
 * std::setprecision or std::scientific, or redirects a stream, would do
 * it for every rank. arts-mpicxx links this file into every C++ program:
 * it defines the streams in the program itself, so that each rank's
 * copy of the program has its own (as with its other globals; the link's
 * -Bsymbolic binds the program's references to them). Like libstdc++'s,
 * they write through C's stdout and stderr (which arts keeps per rank),
 * are made before any other constructor of the program runs, and are
 * never destroyed; a wide stream writes the locale's bytes through the
 * fputwc and putwc that arts exports. std::cin stays the process's:
 * ranks rarely read it. */
#include <ext/stdio_sync_filebuf.h>
#include <cstdio>
#include <new>
#include <ostream>

/* Room for a T, made into one by placement new (a type of external
 * linkage: the streams below are global symbols). */
template <typename T> struct arts_storage {
    alignas(T) unsigned char bytes[sizeof(T)];
};

namespace {
template <typename C> using buffer = __gnu_cxx::stdio_sync_filebuf<C>;
template <typename T> using storage = arts_storage<T>;
storage<buffer<char>> out_buffer, err_buffer;
storage<buffer<wchar_t>> wout_buffer, werr_buffer;

/* Makes `out`, `err` and `log` streams over stdout and stderr, set up as
 * the standard's: cerr flushes at each output, cerr and clog flush cout
 * first. */
template <typename C> void make(void *out, void *err, void *log, void *out_buf, void *err_buf)
{
    using stream = std::basic_ostream<C>;
    stream *o = new (out) stream(new (out_buf) buffer<C>(stdout));
    buffer<C> *e = new (err_buf) buffer<C>(stderr);
    stream *r = new (err) stream(e);
    stream *l = new (log) stream(e);
    r->setf(std::ios_base::unitbuf);
    r->tie(o);
    l->tie(o);
}
} // namespace

/* The streams themselves, under libstdc++'s names (storage that the
 * constructor below makes into streams, as libstdc++ does with its own). */
extern "C++" {
arts_storage<std::ostream> arts_cout __asm__("_ZSt4cout");
arts_storage<std::ostream> arts_cerr __asm__("_ZSt4cerr");
arts_storage<std::ostream> arts_clog __asm__("_ZSt4clog");
arts_storage<std::wostream> arts_wcout __asm__("_ZSt5wcout");
arts_storage<std::wostream> arts_wcerr __asm__("_ZSt5wcerr");
arts_storage<std::wostream> arts_wclog __asm__("_ZSt5wclog");
}

__attribute__((constructor(101))) static void arts_cxx_streams_init()
{
    make<char>(&arts_cout, &arts_cerr, &arts_clog, &out_buffer, &err_buffer);
    make<wchar_t>(&arts_wcout, &arts_wcerr, &arts_wclog, &wout_buffer, &werr_buffer);
}
