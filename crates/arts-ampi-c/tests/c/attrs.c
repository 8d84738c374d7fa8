/* User attributes on communicators: keyvals with copy and delete callbacks
 * (MPI_Comm_create_keyval, MPI_Comm_set_attr, MPI_Comm_get_attr,
 * MPI_Comm_delete_attr, MPI_Comm_free_keyval), what MPI_Comm_dup copies
 * (MPI_COMM_DUP_FN, MPI_COMM_NULL_COPY_FN, a copy function of the program)
 * and when delete callbacks run (value replaced, attribute deleted,
 * communicator freed, MPI_COMM_SELF's at MPI_Finalize); the MPI-1 names;
 * communicator names; MPI_Alloc_mem. Prints the same lines under Open MPI.
 *
 *   attrs [fail|reenter]   fail: a delete callback returns an error;
 *                          reenter: a copy callback calls MPI (refused in arts) */
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

static int reentered = MPI_SUCCESS;

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

static intptr_t get(MPI_Comm comm, int key, int *flag) {
    void *v = NULL;
    MPI_Comm_get_attr(comm, key, &v, flag);
    return *flag ? (intptr_t)v : -1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "fail") == 0) {
        int k;
        MPI_Comm c;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &k, NULL);
        MPI_Comm_set_attr(c, k, (void *)1);
        fail_deletes = 1;
        int rc = MPI_Comm_delete_attr(c, k);
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        if (rank == 0) printf("delete: %s\n", msg);
        MPI_Finalize();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "reenter") == 0) {
        int k;
        MPI_Comm d;
        MPI_Comm_create_keyval(copy_calling_mpi, MPI_COMM_NULL_DELETE_FN, &k, NULL);
        MPI_Comm_set_attr(MPI_COMM_WORLD, k, (void *)3);
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        if (rank == 0) printf("reenter: MPI_Comm_rank in a copy callback returned %s\n",
                              reentered == MPI_SUCCESS ? "MPI_SUCCESS" : "an error");
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
    /* Deleted at MPI_Finalize. */
    int k5;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &k5, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, k5, (void *)42);
    int mine[8] = {ok_get, ok_replace, ok_dup, ok_delete, ok_free, ok_mpi1, ok_name, ok_mem}, every[8];
    MPI_Allreduce(mine, every, 8, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("attrs: get %d replace %d dup %d delete %d free %d mpi1 %d name %d alloc_mem %d\n",
               every[0], every[1], every[2], every[3], every[4], every[5], every[6], every[7]);
    MPI_Finalize();
    return 0;
}
