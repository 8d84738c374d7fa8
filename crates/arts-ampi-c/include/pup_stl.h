/* pup_stl.h of arts (crate arts-ampi-c): Charm++'s PUP of standard C++
 * containers, header-only over pup.h: p | v for a std::vector (its length,
 * then its items; unpacking resizes it), a std::string and a std::pair. */
#ifndef ARTS_PUP_STL_H
#define ARTS_PUP_STL_H
#include "pup.h"

#ifdef __cplusplus
#include <string>
#include <utility>
#include <vector>

namespace PUP {

/* The length of a container: unpacking returns the packed one. */
inline size_t length(er &p, size_t n) {
    unsigned long long len = n;
    p | len;
    return static_cast<size_t>(len);
}

template <class T, class A> inline void operator|(er &p, std::vector<T, A> &v) {
    size_t n = length(p, v.size());
    if (p.isUnpacking())
        v.resize(n);
    if constexpr (std::is_same<T, bool>::value) {
        for (size_t i = 0; i < n; i++) {
            bool b = v[i];
            p | b;
            v[i] = b;
        }
    } else {
        p(v.data(), n);
    }
}

template <class C, class Tr, class A> inline void operator|(er &p, std::basic_string<C, Tr, A> &s) {
    size_t n = length(p, s.size());
    if (p.isUnpacking())
        s.resize(n);
    p(&s[0], n);
}

template <class A, class B> inline void operator|(er &p, std::pair<A, B> &x) {
    p | x.first;
    p | x.second;
}

} // namespace PUP

#endif /* __cplusplus */
#endif /* ARTS_PUP_STL_H */
