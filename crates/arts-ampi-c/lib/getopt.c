/* getopt, getopt_long and getopt_long_only with each rank's own state.
 *
 * Under mpirun every rank is a process with its own C library; under arts
 * the ranks share one, and glibc's getopt keeps its place (optind, the
 * next character of a cluster such as -abc) in the library: the first
 * rank to parse its command line would leave optind at the end, and the
 * others would see no options at all. arts-mpicc links this file into
 * every program (from an archive, so a program with its own getopt keeps
 * it), where, like the program's globals, it is private to each rank.
 *
 * Written for arts from the GNU documentation of getopt(3): the same
 * results and messages as glibc's, permutation of non-options included
 * ('+' or POSIXLY_CORRECT stops at the first non-option, '-' returns
 * them as option 1, a leading ':' reports a missing argument as ':').
 * Not provided: "W;" in the option string (-W foo as --foo).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *optarg;
int optind = 1;
int opterr = 1;
int optopt = '?';

/* Where the scan stands: the rest of a cluster of short options, and the
 * run of non-options [first_nonopt, last_nonopt) passed over so far. */
static char *nextchar;
static int first_nonopt = 1;
static int last_nonopt = 1;
static int initialized;
/* The option character of the last error, copied to optopt after every
 * call (so optopt starts as '?' and reads 0 after a call, as glibc's). */
static int bad_option;

enum ordering { PERMUTE, REQUIRE_ORDER, RETURN_IN_ORDER };

static int is_nonoption(char *const *argv, int i)
{
    return argv[i][0] != '-' || argv[i][1] == '\0';
}

/* Moves the non-options [first_nonopt, last_nonopt) after the options
 * [last_nonopt, optind) that followed them, keeping each run's order. */
static void exchange(char **argv)
{
    int bottom = first_nonopt, middle = last_nonopt, top = optind;
    while (top > middle && middle > bottom) {
        if (top - middle > middle - bottom) {
            int len = middle - bottom;
            for (int i = 0; i < len; i++) {
                char *t = argv[bottom + i];
                argv[bottom + i] = argv[top - len + i];
                argv[top - len + i] = t;
            }
            top -= len;
        } else {
            int len = top - middle;
            for (int i = 0; i < len; i++) {
                char *t = argv[bottom + i];
                argv[bottom + i] = argv[middle + i];
                argv[middle + i] = t;
            }
            bottom += len;
        }
    }
    first_nonopt += optind - last_nonopt;
    last_nonopt = optind;
}

/* A long option at nextchar (after `prefix`): its value, '?' or ':' on an
 * error, or -1 when getopt_long_only should take it as short options. */
static int long_option(int argc, char **argv, const char *optstring,
                       const struct option *longopts, int *longind,
                       int long_only, int print_errors, const char *prefix)
{
    size_t namelen = strcspn(nextchar, "=");
    const struct option *found = NULL;
    int index = -1, ambiguous = 0;
    for (int i = 0; longopts[i].name; i++) {
        const struct option *p = &longopts[i];
        if (strncmp(p->name, nextchar, namelen) != 0)
            continue;
        if (strlen(p->name) == namelen) {
            found = p;
            index = i;
            ambiguous = 0;
            break;
        }
        if (!found) {
            found = p;
            index = i;
        } else if (long_only || found->has_arg != p->has_arg
                   || found->flag != p->flag || found->val != p->val) {
            ambiguous = 1;
        }
    }
    if (ambiguous) {
        if (print_errors) {
            fprintf(stderr, "%s: option '%s%s' is ambiguous; possibilities:",
                    argv[0], prefix, nextchar);
            for (int i = 0; longopts[i].name; i++) {
                const struct option *p = &longopts[i];
                if (strncmp(p->name, nextchar, namelen) == 0
                    && (p == found || long_only || found->has_arg != p->has_arg
                        || found->flag != p->flag || found->val != p->val))
                    fprintf(stderr, " '%s%s'", prefix, p->name);
            }
            fprintf(stderr, "\n");
        }
        nextchar = NULL;
        optind++;
        bad_option = 0;
        return '?';
    }
    if (!found) {
        if (long_only && prefix[1] == '\0' && strchr(optstring, *nextchar))
            return -1;
        if (print_errors)
            fprintf(stderr, "%s: unrecognized option '%s%s'\n", argv[0], prefix,
                    nextchar);
        nextchar = NULL;
        optind++;
        bad_option = 0;
        return '?';
    }
    optind++;
    char *eq = nextchar[namelen] == '=' ? nextchar + namelen + 1 : NULL;
    nextchar = NULL;
    if (eq) {
        if (found->has_arg == no_argument) {
            if (print_errors)
                fprintf(stderr, "%s: option '%s%s' doesn't allow an argument\n",
                        argv[0], prefix, found->name);
            bad_option = found->val;
            return '?';
        }
        optarg = eq;
    } else if (found->has_arg == required_argument) {
        if (optind >= argc) {
            if (print_errors)
                fprintf(stderr, "%s: option '%s%s' requires an argument\n",
                        argv[0], prefix, found->name);
            bad_option = found->val;
            return optstring[0] == ':' ? ':' : '?';
        }
        optarg = argv[optind++];
    }
    if (longind)
        *longind = index;
    if (found->flag) {
        *found->flag = found->val;
        return 0;
    }
    return found->val;
}

static int scan(int argc, char *const *cargv, const char *optstring,
                const struct option *longopts, int *longind, int long_only)
{
    char **argv = (char **)cargv;
    if (argc < 1)
        return -1;
    optarg = NULL;
    if (optind == 0 || !initialized) {
        if (optind == 0)
            optind = 1;
        first_nonopt = last_nonopt = optind;
        nextchar = NULL;
        initialized = 1;
    }
    enum ordering ordering = getenv("POSIXLY_CORRECT") ? REQUIRE_ORDER : PERMUTE;
    if (optstring[0] == '-') {
        ordering = RETURN_IN_ORDER;
        optstring++;
    } else if (optstring[0] == '+') {
        ordering = REQUIRE_ORDER;
        optstring++;
    }
    int print_errors = opterr && optstring[0] != ':';

    if (nextchar == NULL || *nextchar == '\0') {
        if (last_nonopt > optind)
            last_nonopt = optind;
        if (first_nonopt > optind)
            first_nonopt = optind;
        if (ordering == PERMUTE) {
            if (first_nonopt != last_nonopt && last_nonopt != optind)
                exchange(argv);
            else if (last_nonopt != optind)
                first_nonopt = optind;
            while (optind < argc && is_nonoption(argv, optind))
                optind++;
            last_nonopt = optind;
        }
        if (optind != argc && strcmp(argv[optind], "--") == 0) {
            optind++;
            if (first_nonopt != last_nonopt && last_nonopt != optind)
                exchange(argv);
            else if (first_nonopt == last_nonopt)
                first_nonopt = optind;
            last_nonopt = argc;
            optind = argc;
        }
        if (optind == argc) {
            if (first_nonopt != last_nonopt)
                optind = first_nonopt;
            return -1;
        }
        if (is_nonoption(argv, optind)) {
            if (ordering == REQUIRE_ORDER)
                return -1;
            optarg = argv[optind++];
            return 1;
        }
        if (longopts) {
            if (argv[optind][1] == '-') {
                nextchar = argv[optind] + 2;
                return long_option(argc, argv, optstring, longopts, longind,
                                   long_only, print_errors, "--");
            }
            if (long_only && (argv[optind][2] || !strchr(optstring, argv[optind][1]))) {
                nextchar = argv[optind] + 1;
                int c = long_option(argc, argv, optstring, longopts, longind,
                                    long_only, print_errors, "-");
                if (c != -1)
                    return c;
            }
        }
        nextchar = argv[optind] + 1;
    }

    char c = *nextchar++;
    const char *spec = strchr(optstring, c);
    if (*nextchar == '\0')
        optind++;
    if (spec == NULL || c == ':' || c == ';') {
        if (print_errors)
            fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        bad_option = c;
        return '?';
    }
    if (spec[1] == ':') {
        if (spec[2] == ':') {
            if (*nextchar != '\0') {
                optarg = nextchar;
                optind++;
            }
        } else if (*nextchar != '\0') {
            optarg = nextchar;
            optind++;
        } else if (optind == argc) {
            if (print_errors)
                fprintf(stderr, "%s: option requires an argument -- '%c'\n",
                        argv[0], c);
            bad_option = c;
            c = optstring[0] == ':' ? ':' : '?';
        } else {
            optarg = argv[optind++];
        }
        nextchar = NULL;
    }
    return c;
}

static int finish(int c)
{
    optopt = bad_option;
    return c;
}

int getopt(int argc, char *const argv[], const char *optstring)
{
    return finish(scan(argc, argv, optstring, NULL, NULL, 0));
}

int getopt_long(int argc, char *const argv[], const char *optstring,
                const struct option *longopts, int *longind)
{
    return finish(scan(argc, argv, optstring, longopts, longind, 0));
}

int getopt_long_only(int argc, char *const argv[], const char *optstring,
                     const struct option *longopts, int *longind)
{
    return finish(scan(argc, argv, optstring, longopts, longind, 1));
}
