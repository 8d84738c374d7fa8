/* Linked into every program arts-mpicc builds (x86-64): the program, a
 * shared object that `arts ampi run` loads, also starts itself when
 * executed, as AMPI programs do:
 *
 *   ./prog +vp8 +p2 [args]   is   arts ampi charmrun /path/to/prog +vp8 +p2 [args]
 *
 * It names the dynamic loader (.interp) and an entry point, which the
 * kernel and the loader use only when the file is executed; dlopen
 * ignores both. The entry finds arts as $ARTS_BIN, else `arts` on the
 * PATH, else in the source tree the program was built from
 * (ARTS_TREE/target/release, then target/debug), and executes it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char arts_ampi_interp[] __attribute__((section(".interp"))) =
    "/lib64/ld-linux-x86-64.so.2";

/* The C library's _exit and malloc (arts-mpicc wraps the program's, which
 * only arts serves: a program executed directly has no arts loaded yet). */
void __real__exit(int) __attribute__((noreturn));
void *__real_malloc(size_t);

#ifndef ARTS_TREE
#define ARTS_TREE ""
#endif

/* The entry's work: `sp` points at argc, then argv, as the kernel left them. */
__attribute__((visibility("hidden"), noreturn, used)) void arts_ampi_self_exec(long *sp) {
  int argc = (int)sp[0];
  char **argv = (char **)(sp + 1);
  static char self[PATH_MAX], tree[PATH_MAX];
  static const char *kinds[] = {"release", "debug"};
  char **args = __real_malloc((size_t)(argc + 4) * sizeof *args);
  const char *bin = getenv("ARTS_BIN");
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  int i, k = 0;
  if (n < 0 || !args) {
    fprintf(stderr, "error: %s: cannot find its own file\n", argv[0]);
    __real__exit(2);
  }
  self[n] = 0;
  args[k++] = "arts";
  args[k++] = "ampi";
  args[k++] = "charmrun";
  args[k++] = self;
  for (i = 1; i < argc; i++) args[k++] = argv[i];
  args[k] = NULL;
  if (bin && *bin) execv(bin, args);
  execvp("arts", args);
  for (i = 0; i < 2 && *ARTS_TREE; i++) {
    snprintf(tree, sizeof tree, "%s/target/%s/arts", ARTS_TREE, kinds[i]);
    execv(tree, args);
  }
  fprintf(stderr,
          "error: %s: cannot start arts (set ARTS_BIN, or put arts on the PATH), or run it "
          "with `arts ampi run`\n",
          argv[0]);
  __real__exit(2);
}

__asm__(".text\n"
        ".globl arts_ampi_self_start\n"
        ".hidden arts_ampi_self_start\n"
        ".type arts_ampi_self_start,@function\n"
        "arts_ampi_self_start:\n"
        "  xor %ebp, %ebp\n"
        "  mov %rsp, %rdi\n"
        "  and $-16, %rsp\n"
        "  call arts_ampi_self_exec\n"
        "  hlt\n");
