/* Parses a command line with glibc's getopt (built plain) or arts'
 * lib/getopt.c (built with its names prefixed arts_), printing every
 * result, the argument order after the parse, and a second parse after
 * optind = 0; tests/rank_libc.rs compares the two builds' output.
 *
 *   getopt_compare short|long|long_only OPTSTRING ARGS...
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#ifdef ARTS
int arts_getopt(int, char *const[], const char *);
int arts_getopt_long(int, char *const[], const char *, const struct option *, int *);
int arts_getopt_long_only(int, char *const[], const char *, const struct option *, int *);
extern char *arts_optarg;
extern int arts_optind, arts_opterr, arts_optopt;
#define getopt arts_getopt
#define getopt_long arts_getopt_long
#define getopt_long_only arts_getopt_long_only
#define optarg arts_optarg
#define optind arts_optind
#define opterr arts_opterr
#define optopt arts_optopt
#endif

static int flag;
static const struct option opts[] = {
    {"verbose", no_argument, NULL, 'v'},
    {"name", required_argument, NULL, 'N'},
    {"nab", no_argument, NULL, 'b'},
    {"opt", optional_argument, NULL, 'o'},
    {"flag", no_argument, &flag, 7},
    {"flags", no_argument, &flag, 7},
    {NULL, 0, NULL, 0},
};

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc < 3)
        return 2;
    const char *mode = argv[1], *optstring = argv[2];
    char **args = argv + 2; /* args[0], the program's name, is OPTSTRING */
    int n = argc - 2;
    for (int pass = 0; pass < 2; pass++) {
        optind = 0;
        int c, index = -1;
        for (;;) {
            if (strcmp(mode, "short") == 0)
                c = getopt(n, args, optstring);
            else if (strcmp(mode, "long") == 0)
                c = getopt_long(n, args, optstring, opts, &index);
            else
                c = getopt_long_only(n, args, optstring, opts, &index);
            if (c == -1)
                break;
            printf("c=%d optind=%d optarg=%s optopt=%d index=%d flag=%d\n", c, optind,
                   optarg ? optarg : "(null)", optopt, index, flag);
            index = -1;
        }
        printf("end optind=%d:", optind);
        for (int i = 1; i < n; i++)
            printf(" %s", args[i]);
        printf("\n");
    }
    return 0;
}
