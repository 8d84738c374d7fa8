/* pup.h of arts (crate arts-ampi-c): Charm++'s C++ PUP interface for AMPI
 * programs, header-only over the C pup_er of mpi.h (no runtime of its own).
 *
 * A registered routine stays `void fn(pup_er p, void *data)` (MPI_PupFn);
 * in C++ it views its pass as a PUP::er, as AMPI programs do:
 *
 *   struct Chunk {
 *     int n; std::vector<double> v;            // <pup_stl.h> for vector, string
 *     void pup(PUP::er &p) { p | n; p | v; }
 *   };
 *   static void chunk_pup(pup_er c, void *data) {
 *     PUP::er &p = *(PUP::er *)c;
 *     Chunk *&ch = *(Chunk **)data;
 *     if (p.isUnpacking()) ch = new Chunk;
 *     p | *ch;
 *     if (p.isDeleting()) { delete ch; ch = nullptr; }
 *   }
 *   AMPI_Register_pup(chunk_pup, &ch, &idx);
 *
 * p | x moves a scalar of a built-in type (or enum), or calls x.pup(p) for
 * a class; p(x) is the same; p(arr, n) and PUParray(p, arr, n) move n
 * items; PUPbytes(T) declares a trivially copyable T moved as its bytes.
 * p.isSizing(), isPacking(), isUnpacking(), isDeleting(), isUserlevel()
 * say which pass it is; p.size() the bytes moved so far. A PUP::er is the
 * pass itself (the class has no data of its own): only references to one
 * exist, made from a pup_er as above. */
#ifndef ARTS_PUP_H
#define ARTS_PUP_H
#include "mpi.h"

#ifdef __cplusplus
#if __cplusplus < 201703L
#error "arts' pup.h needs C++17 or later (g++ 11 and later default to it; else -std=c++17)"
#endif
#include <climits>
#include <cstddef>
#include <type_traits>

namespace PUP {

/* A pass of a PUP routine: the C pup_er viewed as a C++ object. */
class er {
  public:
    er() = delete;
    er(const er &) = delete;
    er &operator=(const er &) = delete;

    /* The C handle of this pass. */
    pup_er c() const { return static_cast<pup_er>(const_cast<er *>(this)); }
    bool isSizing() const { return pup_isSizing(c()) != 0; }
    bool isPacking() const { return pup_isPacking(c()) != 0; }
    bool isUnpacking() const { return pup_isUnpacking(c()) != 0; }
    bool isDeleting() const { return pup_isDeleting(c()) != 0; }
    bool isUserlevel() const { return pup_isUserlevel(c()) != 0; }
    /* Bytes sized, packed or unpacked so far. */
    size_t size() const { return static_cast<size_t>(pup_size(c())); }

    /* p(x): as p | x. */
    template <class T> void operator()(T &x);
    /* p(arr, n): n items at arr. */
    template <class T> void operator()(T *arr, size_t n);
};

namespace detail {

/* n items of a built-in type, in pieces of at most INT_MAX (the C calls'
 * counts are ints). */
template <class T, class F> inline void chunks(er &p, T *a, size_t n, F f) {
    while (n > 0) {
        int k = n > static_cast<size_t>(INT_MAX) ? INT_MAX : static_cast<int>(n);
        f(p.c(), a, k);
        a += k;
        n -= static_cast<size_t>(k);
    }
}

#define ARTS_PUP_ITEMS(T, CALL)                                                                   \
    inline void items(er &p, T *a, size_t n) { chunks(p, a, n, CALL); }
ARTS_PUP_ITEMS(char, pup_chars)
ARTS_PUP_ITEMS(short, pup_shorts)
ARTS_PUP_ITEMS(int, pup_ints)
ARTS_PUP_ITEMS(long, pup_longs)
ARTS_PUP_ITEMS(long long, pup_longlongs)
ARTS_PUP_ITEMS(unsigned char, pup_uchars)
ARTS_PUP_ITEMS(unsigned short, pup_ushorts)
ARTS_PUP_ITEMS(unsigned int, pup_uints)
ARTS_PUP_ITEMS(unsigned long, pup_ulongs)
ARTS_PUP_ITEMS(unsigned long long, pup_ulonglongs)
ARTS_PUP_ITEMS(float, pup_floats)
ARTS_PUP_ITEMS(double, pup_doubles)
ARTS_PUP_ITEMS(bool, pup_bools)
#undef ARTS_PUP_ITEMS

/* Types without a C call of their own (signed char, long double, enums,
 * PUPbytes types): their bytes (native, as every pass here is). */
template <class T> inline void bytes(er &p, T *a, size_t n) {
    unsigned char *b = reinterpret_cast<unsigned char *>(a);
    chunks(p, b, n * sizeof(T), pup_uchars);
}
inline void items(er &p, signed char *a, size_t n) { bytes(p, a, n); }
inline void items(er &p, long double *a, size_t n) { bytes(p, a, n); }

/* Anything else: built-in types without a C call (wchar_t, ...) and enums
 * as their bytes, classes item by item through operator| (their pup). */
template <class T> inline void items(er &p, T *a, size_t n);

} // namespace detail

/* p | x: a built-in scalar or enum moves as itself; a class calls x.pup(p). */
template <class T> inline void operator|(er &p, T &x) {
    if constexpr (std::is_arithmetic<T>::value) {
        detail::items(p, &x, 1);
    } else if constexpr (std::is_enum<T>::value) {
        detail::bytes(p, &x, 1);
    } else {
        x.pup(p);
    }
}

/* A fixed-size array member: each item. */
template <class T, size_t N> inline void operator|(er &p, T (&a)[N]) { p(&a[0], N); }

template <class T> inline void detail::items(er &p, T *a, size_t n) {
    if constexpr (std::is_arithmetic<T>::value || std::is_enum<T>::value) {
        bytes(p, a, n);
    } else {
        for (size_t i = 0; i < n; i++)
            p | a[i];
    }
}

template <class T> inline void er::operator()(T &x) { *this | x; }
template <class T> inline void er::operator()(T *arr, size_t n) { detail::items(*this, arr, n); }

} // namespace PUP

/* PUParray(p, arr, n): n items at arr. */
template <class T> inline void PUParray(PUP::er &p, T *arr, size_t n) { p(arr, n); }

/* PUPbytes(T): a trivially copyable T moves as its bytes (p | t, arrays). */
#define PUPbytes(T)                                                                               \
    inline void operator|(PUP::er &p, T &t) { PUP::detail::bytes(p, &t, 1); }

#endif /* __cplusplus */
#endif /* ARTS_PUP_H */
