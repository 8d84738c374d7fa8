/* Linked into every program arts-mpicc builds: the program's writes to
 * stdout and stderr, made by a rank, go to that rank's own line buffer in
 * arts (crate::loader::stdio), which writes whole lines only (one write(2)
 * each flush), never mixed with another rank's partial line, and prefixes
 * them under --tag-output as Open MPI does.
 *
 * arts-mpicc links with --wrap=NAME for every NAME defined here as
 * __wrap_NAME (the list is `stdio_names` in bin/arts-mpicc; a test holds
 * the two together). Each wrapper formats in C (the variadic calls), then
 * hands the bytes to arts_stdio_write. Writes to any other FILE, and any
 * write made outside a rank (a thread the program started, the program
 * executed on its own: lib/self_start.c), go to the C library unchanged.
 * The arts functions are weak references: a program executed directly,
 * before it runs arts, has none of them. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* arts' side (exports.list): whether the caller is a rank; a rank's bytes
 * for stream 1 (stdout) or 2 (stderr), 0 if not taken; a rank's complete
 * lines of stream 1, 2 or both (0) written now. */
int arts_stdio_here(void) __attribute__((weak));
int arts_stdio_write(int stream, const char *buf, size_t len) __attribute__((weak));
int arts_stdio_flush(int stream) __attribute__((weak));

int __real_vfprintf(FILE *f, const char *fmt, va_list ap);
int __real_vprintf(const char *fmt, va_list ap);
int __real___vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap);
int __real___vprintf_chk(int flag, const char *fmt, va_list ap);
int __real_fputs(const char *s, FILE *f);
int __real_fputs_unlocked(const char *s, FILE *f);
int __real_puts(const char *s);
int __real_fputc(int c, FILE *f);
int __real_fputc_unlocked(int c, FILE *f);
int __real_putc(int c, FILE *f);
int __real_putc_unlocked(int c, FILE *f);
int __real_putchar(int c);
int __real_putchar_unlocked(int c);
size_t __real_fwrite(const void *p, size_t size, size_t n, FILE *f);
size_t __real_fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f);
int __real_fflush(FILE *f);
void __real_perror(const char *s);
int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, va_list ap);

/* The rank's stream `f` is (1: stdout, 2: stderr), or 0: the C library's. */
static int stream_of(FILE *f) {
  if (!arts_stdio_here || !arts_stdio_here()) return 0;
  return f == stdout ? 1 : f == stderr ? 2 : 0;
}

/* Formats into the rank's stream `s` (flag >= 0: with _FORTIFY_SOURCE's
 * checks at that level); what printf returns. */
static int vput(int s, int flag, const char *fmt, va_list ap) {
  char small[512];
  va_list aq;
  va_copy(aq, ap);
  int n = flag < 0 ? vsnprintf(small, sizeof small, fmt, aq)
                   : __vsnprintf_chk(small, sizeof small, flag, sizeof small, fmt, aq);
  va_end(aq);
  if (n < 0) return n;
  if ((size_t)n < sizeof small) {
    arts_stdio_write(s, small, (size_t)n);
    return n;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    errno = ENOMEM;
    return -1;
  }
  n = flag < 0 ? vsnprintf(big, (size_t)n + 1, fmt, ap)
               : __vsnprintf_chk(big, (size_t)n + 1, flag, (size_t)n + 1, fmt, ap);
  if (n >= 0) arts_stdio_write(s, big, (size_t)n);
  free(big);
  return n;
}

int __wrap_vfprintf(FILE *f, const char *fmt, va_list ap) {
  int s = stream_of(f);
  return s ? vput(s, -1, fmt, ap) : __real_vfprintf(f, fmt, ap);
}

int __wrap_vprintf(const char *fmt, va_list ap) {
  int s = stream_of(stdout);
  return s ? vput(s, -1, fmt, ap) : __real_vprintf(fmt, ap);
}

int __wrap___vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap) {
  int s = stream_of(f);
  return s ? vput(s, flag, fmt, ap) : __real___vfprintf_chk(f, flag, fmt, ap);
}

int __wrap___vprintf_chk(int flag, const char *fmt, va_list ap) {
  int s = stream_of(stdout);
  return s ? vput(s, flag, fmt, ap) : __real___vprintf_chk(flag, fmt, ap);
}

int __wrap_fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __wrap_vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}

int __wrap_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __wrap_vprintf(fmt, ap);
  va_end(ap);
  return n;
}

int __wrap___fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __wrap___vfprintf_chk(f, flag, fmt, ap);
  va_end(ap);
  return n;
}

int __wrap___printf_chk(int flag, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __wrap___vprintf_chk(flag, fmt, ap);
  va_end(ap);
  return n;
}

/* `len` bytes to the rank's stream `s`: whether it took them. */
static int put(int s, const char *p, size_t len) {
  return s && arts_stdio_write(s, p, len);
}

int __wrap_fputs(const char *str, FILE *f) {
  return put(stream_of(f), str, strlen(str)) ? 1 : __real_fputs(str, f);
}

int __wrap_fputs_unlocked(const char *str, FILE *f) {
  return put(stream_of(f), str, strlen(str)) ? 1 : __real_fputs_unlocked(str, f);
}

int __wrap_puts(const char *str) {
  int s = stream_of(stdout);
  if (!s) return __real_puts(str);
  put(s, str, strlen(str));
  put(s, "\n", 1);
  return 1;
}

/* One character to the rank's stream `s`: it, as putc returns it. */
static int put_char(int s, int c) {
  char ch = (char)c;
  put(s, &ch, 1);
  return (unsigned char)c;
}

int __wrap_fputc(int c, FILE *f) {
  int s = stream_of(f);
  return s ? put_char(s, c) : __real_fputc(c, f);
}

int __wrap_fputc_unlocked(int c, FILE *f) {
  int s = stream_of(f);
  return s ? put_char(s, c) : __real_fputc_unlocked(c, f);
}

int __wrap_putc(int c, FILE *f) {
  int s = stream_of(f);
  return s ? put_char(s, c) : __real_putc(c, f);
}

int __wrap_putc_unlocked(int c, FILE *f) {
  int s = stream_of(f);
  return s ? put_char(s, c) : __real_putc_unlocked(c, f);
}

int __wrap_putchar(int c) {
  int s = stream_of(stdout);
  return s ? put_char(s, c) : __real_putchar(c);
}

int __wrap_putchar_unlocked(int c) {
  int s = stream_of(stdout);
  return s ? put_char(s, c) : __real_putchar_unlocked(c);
}

size_t __wrap_fwrite(const void *p, size_t size, size_t n, FILE *f) {
  int s = stream_of(f);
  if (!s) return __real_fwrite(p, size, n, f);
  if (size == 0 || n == 0) return 0;
  put(s, p, size * n);
  return n;
}

size_t __wrap_fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f) {
  int s = stream_of(f);
  if (!s) return __real_fwrite_unlocked(p, size, n, f);
  if (size == 0 || n == 0) return 0;
  put(s, p, size * n);
  return n;
}

int __wrap_fflush(FILE *f) {
  if (f == NULL) {
    if (arts_stdio_here && arts_stdio_here()) arts_stdio_flush(0);
  } else {
    int s = stream_of(f);
    if (s) arts_stdio_flush(s);
  }
  return __real_fflush(f);
}

void __wrap_perror(const char *str) {
  int e = errno;
  int s = stream_of(stderr);
  if (!s) {
    __real_perror(str);
    return;
  }
  const char *msg = strerror(e);
  if (str && *str) {
    put(s, str, strlen(str));
    put(s, ": ", 2);
  }
  put(s, msg, strlen(msg));
  put(s, "\n", 1);
  errno = e;
}
