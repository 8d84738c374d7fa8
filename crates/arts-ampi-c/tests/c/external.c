/* The "external32" representation (MPI 4.0 13.5.2): MPI_Pack_external and
 * its kin, and a file view that stores data so. Every rank packs a struct
 * type and a strided column, checks that they come back, and rank 0 prints
 * the packed bytes (big-endian, the standard's sizes: what any MPI writes).
 * Then each rank writes its ints through an "external32" view, rank 0 reads
 * the file's raw bytes through a "native" one, and every rank reads its
 * ints back. The lines are Open MPI's. At least 2 ranks.
 * Arguments: the file's path; then "refuse" asks for what arts refuses
 * (another representation; a view of MPI_LONG, 4 bytes there). */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct item {
    int a;
    double b;
    char c;
    short d[2];
};

static int rank, errors;

static void hex(const char *what, const unsigned char *p, MPI_Aint n)
{
    if (rank != 0)
        return;
    printf("%s %ld:", what, (long)n);
    for (MPI_Aint i = 0; i < n; i++)
        printf(" %02x", p[i]);
    printf("\n");
}

static void check(int ok, const char *what)
{
    if (!ok) {
        errors++;
        printf("rank %d: %s\n", rank, what);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *name = argc > 1 ? argv[1] : "external.dat";
    if (argc > 2 && strcmp(argv[2], "refuse") == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Aint s;
        int rc = MPI_Pack_external_size("native", 1, MPI_INT, &s), class;
        MPI_Error_class(rc, &class);
        printf("native: %s\n", class == MPI_ERR_UNSUPPORTED_DATAREP ? "refused" : "taken");
        MPI_File fh;
        MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
        rc = MPI_File_set_view(fh, 0, MPI_LONG, MPI_LONG, "external32", MPI_INFO_NULL);
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        printf("long view: %s\n", msg);
        MPI_File_close(&fh);
        MPI_Finalize();
        return 0;
    }

    /* Sizes of basic types there. */
    MPI_Datatype basics[] = {MPI_CHAR, MPI_SHORT, MPI_INT, MPI_LONG_LONG, MPI_FLOAT, MPI_DOUBLE,
                             MPI_C_DOUBLE_COMPLEX, MPI_DOUBLE_INT, MPI_2INT};
    if (rank == 0) {
        printf("sizes:");
        for (int i = 0; i < (int)(sizeof basics / sizeof basics[0]); i++) {
            MPI_Aint s;
            MPI_Pack_external_size("external32", 3, basics[i], &s);
            printf(" %ld", (long)s);
        }
        printf("\n");
    }

    /* A struct of int, double, char and two shorts, two of them. */
    struct item items[2] = {{258 + rank, 1.5, 'x', {-1, 3}}, {-7, -2.0, 'y', {256, -300}}};
    int lens[] = {1, 1, 1, 2};
    MPI_Aint disps[] = {offsetof(struct item, a), offsetof(struct item, b),
                        offsetof(struct item, c), offsetof(struct item, d)};
    MPI_Datatype parts[] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_SHORT}, st;
    MPI_Type_create_struct(4, lens, disps, parts, &st);
    MPI_Type_commit(&st);
    MPI_Aint need, pos = 0;
    MPI_Pack_external_size("external32", 2, st, &need);
    unsigned char buf[256];
    MPI_Pack_external("external32", items, 2, st, buf, sizeof buf, &pos);
    check(pos == need && need == 2 * (4 + 8 + 1 + 4), "struct size");
    hex("struct", buf, pos);
    struct item back[2];
    memset(back, 0, sizeof back);
    MPI_Aint at = 0;
    MPI_Unpack_external("external32", buf, pos, &at, back, 2, st);
    check(at == pos && back[0].a == 258 + rank && back[0].b == 1.5 && back[1].c == 'y' &&
              back[1].d[1] == -300 && back[0].d[0] == -1,
          "struct back");

    /* A column of a 3x4 matrix of doubles, after a long: one buffer. */
    double m[3][4];
    for (int i = 0; i < 12; i++)
        m[i / 4][i % 4] = i + 0.25;
    MPI_Datatype col;
    MPI_Type_vector(3, 1, 4, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    long l = -2;
    pos = 0;
    MPI_Pack_external("external32", &l, 1, MPI_LONG, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", &m[0][1], 1, col, buf, sizeof buf, &pos);
    hex("long+column", buf, pos);
    double got[3][4] = {{0}};
    long lback = 0;
    at = 0;
    MPI_Unpack_external("external32", buf, pos, &at, &lback, 1, MPI_LONG);
    MPI_Unpack_external("external32", buf, pos, &at, &got[0][1], 1, col);
    check(at == pos && lback == -2 && got[2][1] == 9.25 && got[1][1] == 5.25 && got[0][0] == 0,
          "column back");

    /* A buffer too small is an error, and the position stays. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Aint small = 0;
    int rc = MPI_Pack_external("external32", items, 2, st, buf, 10, &small);
    check(rc != MPI_SUCCESS && small == 0, "overflow refused");

    /* Each rank's two ints, through an "external32" view at its place. */
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", MPI_INFO_NULL);
    int mine[2] = {rank + 1, -(rank + 1)};
    MPI_File_write_at_all(fh, 2 * rank, mine, 2, MPI_INT, MPI_STATUS_IGNORE);
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_Datatype et, ft;
    MPI_Offset disp;
    MPI_File_get_view(fh, &disp, &et, &ft, rep);
    check(strcmp(rep, "external32") == 0, "get_view's datarep");
    MPI_Barrier(MPI_COMM_WORLD);
    int ints[2] = {0, 0};
    MPI_File_read_at_all(fh, 2 * rank, ints, 2, MPI_INT, MPI_STATUS_IGNORE);
    check(ints[0] == rank + 1 && ints[1] == -(rank + 1), "file ints back");
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    unsigned char raw[16];
    MPI_File_read_at_all(fh, 0, raw, 16, MPI_BYTE, MPI_STATUS_IGNORE);
    hex("file", raw, 16);
    MPI_File_close(&fh);
    if (rank == 0)
        MPI_File_delete(name, MPI_INFO_NULL);

    int all;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("external: %d ranks, errors %d\n", size, all);
    MPI_Type_free(&st);
    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
