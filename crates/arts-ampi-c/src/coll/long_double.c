/* C's `long double` arithmetic for MPI_LONG_DOUBLE reductions: Rust has
 * no such type, and its x86-64 layout (80-bit extended precision in 16
 * bytes) is the compiler's to know. Operands are packed bytes, maybe
 * unaligned, so they are copied in and out. */
#include <stddef.h>
#include <string.h>

/* The operations, as arts_long_double_reduce takes them. */
enum { ARTS_LD_MAX = 1, ARTS_LD_MIN = 2, ARTS_LD_SUM = 3, ARTS_LD_PROD = 4 };

size_t arts_long_double_size(void) { return sizeof(long double); }

/* inout[i] = in[i] (op) inout[i], for n values. */
void arts_long_double_reduce(int op, const unsigned char *in, unsigned char *inout, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        long double a, b;
        memcpy(&a, in + i * sizeof a, sizeof a);
        memcpy(&b, inout + i * sizeof b, sizeof b);
        switch (op) {
        case ARTS_LD_MAX: b = a > b ? a : b; break;
        case ARTS_LD_MIN: b = a < b ? a : b; break;
        case ARTS_LD_SUM: b = a + b; break;
        case ARTS_LD_PROD: b = a * b; break;
        }
        memcpy(inout + i * sizeof b, &b, sizeof b);
    }
}

/* -1, 0 or 1 as a is below, equal to or above b; 2 if either is a NaN. */
int arts_long_double_compare(const unsigned char *pa, const unsigned char *pb)
{
    long double a, b;
    memcpy(&a, pa, sizeof a);
    memcpy(&b, pb, sizeof b);
    return a < b ? -1 : a > b ? 1 : a == b ? 0 : 2;
}
