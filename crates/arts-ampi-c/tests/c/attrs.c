/* User attributes on communicators: keyvals with copy and delete callbacks
 * (MPI_Comm_create_keyval, MPI_Comm_set_attr, MPI_Comm_get_attr,
 * MPI_Comm_delete_attr, MPI_Comm_free_keyval), what MPI_Comm_dup copies
 * (MPI_COMM_DUP_FN, MPI_COMM_NULL_COPY_FN, a copy function of the program)
 * and when delete callbacks run (value replaced, attribute deleted,
 * communicator freed, MPI_COMM_SELF's at MPI_Finalize); the MPI-1 names;
 * communicator names; MPI_APPNUM and MPI_LASTUSEDCODE; MPI_Alloc_mem.
 * Prints the same lines under Open MPI.
 *
 *   attrs [fail|reenter]   fail: callbacks that return an error fail the call
 *                          that ran them and leave the attribute as it was;
 *                          reenter: callbacks that call MPI (as libraries'
 *                          do: an inner communicator freed from
 *                          MPI_COMM_SELF's delete callback at MPI_Finalize) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int copies, deletes, rank;
static intptr_t deleted_sum;
static int extra = 7, extra_seen = 1, fail_deletes;

static int copy_plus(MPI_Comm old, int key, void *extra_state, void *in, void *out, int *flag) {
    (void)old;
    (void)key;
    extra_seen &= extra_state == &extra;
    copies++;
    *(void **)out = (void *)((intptr_t)in + 1000);
    *flag = 1;
    return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int key, void *value, void *extra_state) {
    (void)comm;
    (void)key;
    (void)extra_state;
    deletes++;
    deleted_sum += (intptr_t)value;
    return fail_deletes ? MPI_ERR_OTHER : MPI_SUCCESS;
}

static int at_finalize(MPI_Comm comm, int key, void *value, void *extra_state) {
    (void)key;
    (void)extra_state;
    if (rank == 0 && comm == MPI_COMM_SELF)
        printf("attrs: MPI_COMM_SELF's attribute %d deleted at MPI_Finalize\n", (int)(intptr_t)value);
    return MPI_SUCCESS;
}

static int reentered = MPI_SUCCESS, inner_freed;
static MPI_Comm inner = MPI_COMM_NULL;

static int copy_calling_mpi(MPI_Comm old, int key, void *extra_state, void *in, void *out,
                            int *flag) {
    int r;
    (void)key;
    (void)extra_state;
    reentered = MPI_Comm_rank(old, &r);
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

/* A library's clean-up: frees its inner communicator, after a collective on
 * it, and says so from the callback. */
static int free_inner(MPI_Comm comm, int key, void *value, void *extra_state) {
    int one = 1, all = 0, size;
    (void)comm;
    (void)key;
    (void)value;
    (void)extra_state;
    MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_SUM, inner);
    MPI_Comm_size(inner, &size);
    inner_freed = MPI_Comm_free(&inner) == MPI_SUCCESS && inner == MPI_COMM_NULL && all == size;
    if (rank == 0) printf("reenter: inner communicator freed at MPI_Finalize %d\n", inner_freed);
    return MPI_SUCCESS;
}

static int copy_fails(MPI_Comm old, int key, void *extra_state, void *in, void *out, int *flag) {
    (void)old;
    (void)key;
    (void)extra_state;
    *(void **)out = in;
    *flag = 1;
    return MPI_ERR_OTHER;
}

static int type_copy_fails(MPI_Datatype old, int key, void *extra_state, void *in, void *out,
                           int *flag) {
    (void)old;
    return copy_fails(MPI_COMM_NULL, key, extra_state, in, out, flag);
}

static int type_delete(MPI_Datatype t, int key, void *value, void *extra_state) {
    (void)t;
    return count_delete(MPI_COMM_NULL, key, value, extra_state);
}

static intptr_t get(MPI_Comm comm, int key, int *flag) {
    void *v = NULL;
    MPI_Comm_get_attr(comm, key, &v, flag);
    return *flag ? (intptr_t)v : -1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "fail") == 0) {
        int k, kt, flag;
        MPI_Comm c, d = MPI_COMM_WORLD;
        MPI_Datatype t, u;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        MPI_Comm_create_keyval(copy_fails, count_delete, &k, NULL);
        MPI_Comm_set_attr(c, k, (void *)1);
        fail_deletes = 1;
        int rc = MPI_Comm_delete_attr(c, k);
        char msg[MPI_MAX_ERROR_STRING];
        int len, class;
        MPI_Error_string(rc, msg, &len);
        if (rank == 0) printf("delete: %s\n", msg);
        /* The attribute stays, and so does the value a failed put meant to
         * replace; a failed copy fails the dup, which makes nothing. */
        int kept = get(c, k, &flag) == 1;
        rc = MPI_Comm_set_attr(c, k, (void *)2);
        kept &= rc != MPI_SUCCESS && get(c, k, &flag) == 1;
        rc = MPI_Comm_dup(c, &d);
        MPI_Error_class(rc, &class);
        int dup_failed = class == MPI_ERR_OTHER && d == MPI_COMM_NULL;
        /* Types alike. */
        MPI_Type_dup(MPI_DOUBLE, &t);
        MPI_Type_create_keyval(type_copy_fails, type_delete, &kt, NULL);
        MPI_Type_set_attr(t, kt, (void *)3);
        kept &= MPI_Type_delete_attr(t, kt) != MPI_SUCCESS;
        void *v = NULL;
        MPI_Type_get_attr(t, kt, &v, &flag);
        kept &= flag && (intptr_t)v == 3;
        dup_failed &= MPI_Type_dup(t, &u) != MPI_SUCCESS; /* u: as the MPI likes */
        /* Once the callbacks succeed, the frees run them. */
        int before = deletes;
        fail_deletes = 0;
        MPI_Type_free(&t);
        MPI_Comm_free(&c);
        int freed = deletes == before + 2 && t == MPI_DATATYPE_NULL && c == MPI_COMM_NULL;
        if (rank == 0) printf("fail: kept %d dup_failed %d freed %d\n", kept, dup_failed, freed);
        MPI_Finalize();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "reenter") == 0) {
        int k, ks;
        MPI_Comm d;
        MPI_Comm_create_keyval(copy_calling_mpi, MPI_COMM_NULL_DELETE_FN, &k, NULL);
        MPI_Comm_set_attr(MPI_COMM_WORLD, k, (void *)3);
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        if (rank == 0) printf("reenter: MPI_Comm_rank in a copy callback returned %s\n",
                              reentered == MPI_SUCCESS ? "MPI_SUCCESS" : "an error");
        MPI_Comm_dup(MPI_COMM_WORLD, &inner);
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_inner, &ks, NULL);
        MPI_Comm_set_attr(MPI_COMM_SELF, ks, NULL);
        MPI_Finalize();
        return 0;
    }
    int k1, k2, k3, flag, ok_get, ok_replace, ok_dup, ok_delete, ok_free, ok_mpi1, ok_name, ok_mem;
    MPI_Comm c, d;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    MPI_Comm_create_keyval(copy_plus, count_delete, &k1, &extra);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &k2, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &k3, NULL);
    MPI_Comm_set_attr(c, k1, (void *)10);
    MPI_Comm_set_attr(c, k2, (void *)20);
    MPI_Comm_set_attr(c, k3, (void *)30);
    ok_get = get(c, k1, &flag) == 10 && get(c, k2, &flag) == 20 && get(c, k3, &flag) == 30;
    ok_get &= get(MPI_COMM_WORLD, k1, &flag) == -1 && flag == 0;
    /* Replacing a value deletes the old one. */
    MPI_Comm_set_attr(c, k1, (void *)11);
    ok_replace = deletes == 1 && deleted_sum == 10 && get(c, k1, &flag) == 11;
    /* MPI_Comm_dup: k1 through copy_plus, k2 as it is, k3 not at all. */
    MPI_Comm_dup(c, &d);
    ok_dup = copies == 1 && extra_seen && get(d, k1, &flag) == 1011 && get(d, k2, &flag) == 20 &&
             get(d, k3, &flag) == -1;
    MPI_Comm_delete_attr(c, k3);
    ok_delete = deletes == 2 && deleted_sum == 40 && get(c, k3, &flag) == -1;
    /* Freeing a communicator deletes its attributes; a freed keyval's
     * attributes stay until then. */
    MPI_Comm_free(&d);
    MPI_Comm_free_keyval(&k2);
    ok_free = deletes == 3 && deleted_sum == 1051 && k2 == MPI_KEYVAL_INVALID;
    MPI_Comm_free_keyval(&k1);
    MPI_Comm_free(&c);
    ok_free &= deletes == 4 && deleted_sum == 1062;
    /* MPI-1 names. */
    int k4;
    MPI_Keyval_create(MPI_NULL_COPY_FN, count_delete, &k4, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, k4, (void *)5);
    void *v;
    MPI_Attr_get(MPI_COMM_WORLD, k4, &v, &flag);
    ok_mpi1 = flag && (intptr_t)v == 5;
    MPI_Attr_delete(MPI_COMM_WORLD, k4);
    MPI_Keyval_free(&k4);
    ok_mpi1 &= deletes == 5 && k4 == MPI_KEYVAL_INVALID;
    /* Names. */
    char name[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    ok_name = strcmp(name, "MPI_COMM_WORLD") == 0 && len == 14;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    MPI_Comm_get_name(c, name, &len);
    ok_name &= len == 0 && name[0] == 0;
    MPI_Comm_set_name(c, "halo exchange");
    MPI_Comm_get_name(c, name, &len);
    ok_name &= strcmp(name, "halo exchange") == 0 && len == 13;
    MPI_Comm_free(&c);
    /* Memory for messages. */
    double *buf;
    MPI_Alloc_mem(1024 * sizeof(double), MPI_INFO_NULL, &buf);
    for (int i = 0; i < 1024; i++) buf[i] = i;
    double sum = 0, all;
    for (int i = 0; i < 1024; i++) sum += buf[i];
    MPI_Allreduce(&sum, &all, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    ok_mem = all == 1023 * 1024 / 2;
    MPI_Free_mem(buf);
    /* MPI_APPNUM (one program: 0) and MPI_LASTUSEDCODE, which follows the
     * codes the program adds. */
    int *appnum, *last, flag2, code;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag);
    int ok_predef = flag && *appnum == 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag2);
    ok_predef &= flag2 && *last >= MPI_ERR_LASTCODE;
    MPI_Add_error_class(&code);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag2);
    ok_predef &= flag2 && *last == code;
    /* Deleted at MPI_Finalize, the last set first (MPI-2.2). */
    int k5, k6;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &k5, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &k6, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, k5, (void *)42);
    MPI_Comm_set_attr(MPI_COMM_SELF, k6, (void *)43);
    int mine[9] = {ok_get, ok_replace, ok_dup,  ok_delete, ok_free,
                   ok_mpi1, ok_name,   ok_mem, ok_predef},
        every[9];
    MPI_Allreduce(mine, every, 9, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("attrs: get %d replace %d dup %d delete %d free %d mpi1 %d name %d alloc_mem %d "
               "predefined %d\n",
               every[0], every[1], every[2], every[3], every[4], every[5], every[6], every[7],
               every[8]);
    MPI_Finalize();
    return 0;
}
