/*
 * mpi.h of arts (crate arts-ampi-c): the C ABI of Adaptive MPI on the arts
 * runtime. Programs compiled against it with `arts-mpicc` run as virtual
 * processors under `arts ampi run --vp V --pes P ./prog.so`.
 *
 * Hand-kept. Handles are ints. Every function is exported by the `arts`
 * binary under an `ARTS_` prefix (so that it never clashes with a system
 * MPI library linked into the same process); the macros below map the
 * standard names onto them. A call that is not declared here is not
 * supported: it fails at compile or link time, never silently.
 */
#ifndef ARTS_MPI_H
#define ARTS_MPI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* This is Adaptive MPI: programs may test `#ifdef AMPI` for AMPI_* calls. */
#define AMPI 1
#define ARTS_AMPI 1
#define ARTS_MPI_ABI_VERSION 1

#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* ---- handles ---- */
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Request;
typedef int MPI_Message;
typedef int MPI_Group;
typedef int MPI_Errhandler;
typedef int MPI_Info;
typedef int MPI_Win;
typedef int MPI_File;
typedef long MPI_Aint;
typedef long long MPI_Count;
typedef long long MPI_Offset;

typedef struct MPI_Status {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    int arts_cancelled;
    long long arts_count; /* bytes received */
} MPI_Status;

typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out,
                                        int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval, void *attribute_val,
                                          void *extra_state);
typedef MPI_Comm_copy_attr_function MPI_Copy_function;
typedef MPI_Comm_delete_attr_function MPI_Delete_function;

/* ---- communicators ---- */
#define MPI_COMM_NULL (-1)
#define MPI_COMM_WORLD 0
#define MPI_COMM_SELF 1

/* ---- datatypes ---- */
#define MPI_DATATYPE_NULL (-1)
#define MPI_CHAR 1
#define MPI_SIGNED_CHAR 2
#define MPI_UNSIGNED_CHAR 3
#define MPI_BYTE 4
#define MPI_SHORT 5
#define MPI_UNSIGNED_SHORT 6
#define MPI_INT 7
#define MPI_UNSIGNED 8
#define MPI_LONG 9
#define MPI_UNSIGNED_LONG 10
#define MPI_LONG_LONG 11
#define MPI_LONG_LONG_INT MPI_LONG_LONG
#define MPI_UNSIGNED_LONG_LONG 12
#define MPI_FLOAT 13
#define MPI_DOUBLE 14
#define MPI_INT8_T 15
#define MPI_UINT8_T 16
#define MPI_INT16_T 17
#define MPI_UINT16_T 18
#define MPI_INT32_T 19
#define MPI_UINT32_T 20
#define MPI_INT64_T 21
#define MPI_UINT64_T 22
#define MPI_C_BOOL 23
#define MPI_AINT 24
#define MPI_DOUBLE_INT 25
#define MPI_2INT 26
#define MPI_FLOAT_INT 27
#define MPI_PACKED 28
/* Fortran's datatypes, which MPI names in C too (mpif.h's handles) */
#define MPI_INTEGER 29
#define MPI_REAL 30
#define MPI_DOUBLE_PRECISION 31
#define MPI_LOGICAL 32
#define MPI_CHARACTER 33
#define MPI_COMPLEX 34
#define MPI_DOUBLE_COMPLEX 35
#define MPI_2INTEGER 36
#define MPI_2REAL 37
#define MPI_2DOUBLE_PRECISION 38
#define MPI_INTEGER4 39
#define MPI_INTEGER8 40
#define MPI_REAL4 41
#define MPI_REAL8 42
/* MPI_Type_match_size's classes (Open MPI's values) */
#define MPI_TYPECLASS_INTEGER 1
#define MPI_TYPECLASS_REAL 2
#define MPI_TYPECLASS_COMPLEX 3
/* C's other types */
#define MPI_LONG_DOUBLE 43
#define MPI_LONG_INT 44
#define MPI_SHORT_INT 45
#define MPI_LONG_DOUBLE_INT 46
#define MPI_WCHAR 47
#define MPI_OFFSET 48
#define MPI_COUNT 49
#define MPI_C_LONG_DOUBLE_COMPLEX 50
/* Fortran's sized types */
#define MPI_COMPLEX8 51
#define MPI_COMPLEX16 52
#define MPI_INTEGER1 53
#define MPI_INTEGER2 54
/* C's and C++'s complex numbers and bool (MPI_C_FLOAT_COMPLEX is
   MPI_C_COMPLEX) */
#define MPI_C_COMPLEX 55
#define MPI_C_FLOAT_COMPLEX MPI_C_COMPLEX
#define MPI_C_DOUBLE_COMPLEX 56
#define MPI_CXX_FLOAT_COMPLEX 57
#define MPI_CXX_DOUBLE_COMPLEX 58
#define MPI_CXX_LONG_DOUBLE_COMPLEX 59
#define MPI_CXX_BOOL 60
/* MPI-1's bound markers for MPI_Type_struct (removed in MPI 3.0; use
   MPI_Type_create_resized in new code) */
#define MPI_LB 61
#define MPI_UB 62

/* ---- reduction operations ---- */
#define MPI_OP_NULL (-1)
#define MPI_MAX 1
#define MPI_MIN 2
#define MPI_SUM 3
#define MPI_PROD 4
#define MPI_LAND 5
#define MPI_BAND 6
#define MPI_LOR 7
#define MPI_BOR 8
#define MPI_MAXLOC 9
#define MPI_MINLOC 10
#define MPI_BXOR 13
#define MPI_LXOR 14
#define MPI_REPLACE 11
#define MPI_NO_OP 12

/* ---- constants ---- */
#define MPI_REQUEST_NULL (-1)
#define MPI_MESSAGE_NULL (-1)
#define MPI_MESSAGE_NO_PROC (-2)
#define MPI_GROUP_NULL (-1)
#define MPI_GROUP_EMPTY 0
/* predefined attributes (MPI_Comm_get_attr) */
#define MPI_TAG_UB 1
#define MPI_HOST 2
#define MPI_IO 3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE 5
#define MPI_APPNUM 11
#define MPI_LASTUSEDCODE 12
/* user attributes (MPI_Comm_create_keyval) */
#define MPI_KEYVAL_INVALID (-1)
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)1)
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)
#define MPI_NULL_COPY_FN MPI_COMM_NULL_COPY_FN
#define MPI_DUP_FN MPI_COMM_DUP_FN
#define MPI_NULL_DELETE_FN MPI_COMM_NULL_DELETE_FN
#define MPI_MAX_OBJECT_NAME 64
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_INFO_NULL 0
#define MPI_WIN_NULL (-1)
/* The predefined attributes of MPI_Win_get_attr, and their values. */
#define MPI_WIN_BASE 6
#define MPI_WIN_SIZE 7
#define MPI_WIN_DISP_UNIT 8
#define MPI_WIN_CREATE_FLAVOR 9
#define MPI_WIN_MODEL 10
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2
/* User attributes of windows and datatypes (MPI_Win_create_keyval, MPI_Type_create_keyval) */
#define MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function *)0)
#define MPI_WIN_DUP_FN ((MPI_Win_copy_attr_function *)1)
#define MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function *)0)
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_DUP_FN ((MPI_Type_copy_attr_function *)1)
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)
/* MPI-IO */
#define MPI_FILE_NULL (-1)
#define MPI_MODE_CREATE 1
#define MPI_MODE_RDONLY 2
#define MPI_MODE_WRONLY 4
#define MPI_MODE_RDWR 8
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_EXCL 64
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256
#define MPI_DISPLACEMENT_CURRENT ((MPI_Offset)-54278278)
#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
/* topologies (MPI_Topo_test) and graph edge weights (ignored) */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)
/* lock types of MPI_Win_lock */
#define MPI_LOCK_EXCLUSIVE 1
#define MPI_LOCK_SHARED 2
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
#define MPI_ANY_SOURCE (-2)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-3)
#define MPI_UNDEFINED (-32766)
/* MPI_Comm_split_type: the ranks of one process, or of one PE */
#define MPI_COMM_TYPE_SHARED 1
#define AMPI_COMM_TYPE_PROCESS 2
#define AMPI_COMM_TYPE_PE 3
#define MPI_BSEND_OVERHEAD 128
#define MPI_ROOT (-4)
#define MPI_TAG_UB_VALUE 2147483647
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 512
#define MPI_IN_PLACE ((void *)1)
/* The buffer of a datatype whose displacements are absolute addresses
   (from MPI_Get_address). */
#define MPI_BOTTOM ((void *)0)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)

/* MPI_Comm_compare results */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* thread levels (MPI_THREAD_MULTIPLE is refused: ranks are coroutines) */
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* error handlers */
#define MPI_ERRHANDLER_NULL (-1)
#define MPI_ERRORS_ARE_FATAL 1
#define MPI_ERRORS_RETURN 2

/* error classes (codes are classes) */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_UNSUPPORTED_OPERATION 20
#define MPI_ERR_KEYVAL 21
#define MPI_ERR_INFO 22
#define MPI_ERR_INFO_KEY 23
#define MPI_ERR_INFO_VALUE 24
#define MPI_ERR_INFO_NOKEY 25
#define MPI_ERR_WIN 26
#define MPI_ERR_SIZE 27
#define MPI_ERR_DISP 28
#define MPI_ERR_RMA_SYNC 29
#define MPI_ERR_FILE 30
#define MPI_ERR_NO_SUCH_FILE 31
#define MPI_ERR_FILE_EXISTS 32
#define MPI_ERR_ACCESS 33
#define MPI_ERR_IO 34
#define MPI_ERR_AMODE 35
#define MPI_ERR_UNSUPPORTED_DATAREP 36
#define MPI_ERR_NO_MEM 37
#define MPI_ERR_RMA_RANGE 38
#define MPI_ERR_RMA_ATTACH 39
#define MPI_ERR_RMA_FLAVOR 40
#define MPI_ERR_ASSERT 41
#define MPI_ERR_BAD_FILE 42
#define MPI_ERR_BASE 43
#define MPI_ERR_CONVERSION 44
#define MPI_ERR_DUP_DATAREP 45
#define MPI_ERR_FILE_IN_USE 46
#define MPI_ERR_LOCKTYPE 47
#define MPI_ERR_NAME 48
#define MPI_ERR_NOT_SAME 49
#define MPI_ERR_NO_SPACE 50
#define MPI_ERR_PORT 51
#define MPI_ERR_QUOTA 52
#define MPI_ERR_READ_ONLY 53
#define MPI_ERR_RMA_CONFLICT 54
#define MPI_ERR_RMA_SHARED 55
#define MPI_ERR_SERVICE 56
#define MPI_ERR_SPAWN 57
#define MPI_ERR_PROC_ABORTED 58
#define MPI_ERR_VALUE_TOO_LARGE 59
#define MPI_ERR_SESSION 60
#define MPI_ERR_ERRHANDLER 61
/* MPI_T's error classes (MPI 3.1 §14.3.9): returned by the MPI_T calls,
 * which call no error handler. */
#define MPI_T_ERR_MEMORY 62
#define MPI_T_ERR_NOT_INITIALIZED 63
#define MPI_T_ERR_CANNOT_INIT 64
#define MPI_T_ERR_INVALID_INDEX 65
#define MPI_T_ERR_INVALID_ITEM 66
#define MPI_T_ERR_INVALID_HANDLE 67
#define MPI_T_ERR_OUT_OF_HANDLES 68
#define MPI_T_ERR_OUT_OF_SESSIONS 69
#define MPI_T_ERR_INVALID_SESSION 70
#define MPI_T_ERR_CVAR_SET_NOT_NOW 71
#define MPI_T_ERR_CVAR_SET_NEVER 72
#define MPI_T_ERR_PVAR_NO_STARTSTOP 73
#define MPI_T_ERR_PVAR_NO_WRITE 74
#define MPI_T_ERR_PVAR_NO_ATOMIC 75
#define MPI_T_ERR_INVALID_NAME 76
#define MPI_T_ERR_INVALID 77
#define MPI_ERR_LASTCODE 77

/* MPI_Type_create_subarray orders */
#define MPI_ORDER_C 0
#define MPI_ORDER_FORTRAN 1

/* AMPI_Migrate hints: predefined info objects (ampi_load_balance = sync,
 * async); a program's own info may also set ampi_checkpoint = in_memory or
 * to_file=DIR. */
#define AMPI_INFO_LB_SYNC 1
#define AMPI_INFO_LB_ASYNC 2
#define MPI_INFO_ENV 3

/* ---- the standard names map onto the exported ARTS_ names ---- */
#define MPI_Init ARTS_MPI_Init
#define MPI_Init_thread ARTS_MPI_Init_thread
#define MPI_Finalize ARTS_MPI_Finalize
#define MPI_Initialized ARTS_MPI_Initialized
#define MPI_Finalized ARTS_MPI_Finalized
#define MPI_Query_thread ARTS_MPI_Query_thread
#define MPI_Is_thread_main ARTS_MPI_Is_thread_main
#define MPI_Abort ARTS_MPI_Abort
#define MPI_Get_processor_name ARTS_MPI_Get_processor_name
#define MPI_Get_version ARTS_MPI_Get_version
#define MPI_Wtime ARTS_MPI_Wtime
#define MPI_Wtick ARTS_MPI_Wtick
#define MPI_Send ARTS_MPI_Send
#define MPI_Ssend ARTS_MPI_Ssend
#define MPI_Rsend ARTS_MPI_Rsend
#define MPI_Recv ARTS_MPI_Recv
#define MPI_Isend ARTS_MPI_Isend
#define MPI_Issend ARTS_MPI_Issend
#define MPI_Irsend ARTS_MPI_Irsend
#define MPI_Bsend ARTS_MPI_Bsend
#define MPI_Ibsend ARTS_MPI_Ibsend
#define MPI_Buffer_attach ARTS_MPI_Buffer_attach
#define MPI_Buffer_detach ARTS_MPI_Buffer_detach
#define MPI_Irecv ARTS_MPI_Irecv
#define MPI_Sendrecv ARTS_MPI_Sendrecv
#define MPI_Sendrecv_replace ARTS_MPI_Sendrecv_replace
#define MPI_Probe ARTS_MPI_Probe
#define MPI_Iprobe ARTS_MPI_Iprobe
#define MPI_Mprobe ARTS_MPI_Mprobe
#define MPI_Improbe ARTS_MPI_Improbe
#define MPI_Mrecv ARTS_MPI_Mrecv
#define MPI_Imrecv ARTS_MPI_Imrecv
#define MPI_Send_init ARTS_MPI_Send_init
#define MPI_Ssend_init ARTS_MPI_Ssend_init
#define MPI_Rsend_init ARTS_MPI_Rsend_init
#define MPI_Bsend_init ARTS_MPI_Bsend_init
#define MPI_Recv_init ARTS_MPI_Recv_init
#define MPI_Start ARTS_MPI_Start
#define MPI_Startall ARTS_MPI_Startall
#define MPI_Cancel ARTS_MPI_Cancel
#define MPI_Comm_group ARTS_MPI_Comm_group
#define MPI_Group_incl ARTS_MPI_Group_incl
#define MPI_Group_excl ARTS_MPI_Group_excl
#define MPI_Group_union ARTS_MPI_Group_union
#define MPI_Group_intersection ARTS_MPI_Group_intersection
#define MPI_Group_difference ARTS_MPI_Group_difference
#define MPI_Group_size ARTS_MPI_Group_size
#define MPI_Group_rank ARTS_MPI_Group_rank
#define MPI_Group_translate_ranks ARTS_MPI_Group_translate_ranks
#define MPI_Group_compare ARTS_MPI_Group_compare
#define MPI_Group_free ARTS_MPI_Group_free
#define MPI_Comm_create ARTS_MPI_Comm_create
#define MPI_Comm_create_group ARTS_MPI_Comm_create_group
#define MPI_Comm_get_attr ARTS_MPI_Comm_get_attr
#define MPI_Attr_get ARTS_MPI_Attr_get
#define MPI_Comm_create_keyval ARTS_MPI_Comm_create_keyval
#define MPI_Comm_free_keyval ARTS_MPI_Comm_free_keyval
#define MPI_Comm_set_attr ARTS_MPI_Comm_set_attr
#define MPI_Comm_delete_attr ARTS_MPI_Comm_delete_attr
#define MPI_Keyval_create ARTS_MPI_Comm_create_keyval
#define MPI_Keyval_free ARTS_MPI_Comm_free_keyval
#define MPI_Attr_put ARTS_MPI_Comm_set_attr
#define MPI_Attr_delete ARTS_MPI_Comm_delete_attr
#define MPI_Comm_set_name ARTS_MPI_Comm_set_name
#define MPI_Comm_get_name ARTS_MPI_Comm_get_name
#define MPI_Dist_graph_create_adjacent ARTS_MPI_Dist_graph_create_adjacent
#define MPI_Dist_graph_neighbors_count ARTS_MPI_Dist_graph_neighbors_count
#define MPI_Dist_graph_neighbors ARTS_MPI_Dist_graph_neighbors
#define MPI_Topo_test ARTS_MPI_Topo_test
#define MPI_Graph_create ARTS_MPI_Graph_create
#define MPI_Graphdims_get ARTS_MPI_Graphdims_get
#define MPI_Graph_get ARTS_MPI_Graph_get
#define MPI_Graph_neighbors_count ARTS_MPI_Graph_neighbors_count
#define MPI_Graph_neighbors ARTS_MPI_Graph_neighbors
#define MPI_Graph_map ARTS_MPI_Graph_map
#define MPI_Neighbor_allgather ARTS_MPI_Neighbor_allgather
#define MPI_Ineighbor_allgather ARTS_MPI_Ineighbor_allgather
#define MPI_Neighbor_allgatherv ARTS_MPI_Neighbor_allgatherv
#define MPI_Ineighbor_allgatherv ARTS_MPI_Ineighbor_allgatherv
#define MPI_Neighbor_alltoall ARTS_MPI_Neighbor_alltoall
#define MPI_Ineighbor_alltoall ARTS_MPI_Ineighbor_alltoall
#define MPI_Neighbor_alltoallv ARTS_MPI_Neighbor_alltoallv
#define MPI_Ineighbor_alltoallv ARTS_MPI_Ineighbor_alltoallv
#define MPI_File_open ARTS_MPI_File_open
#define MPI_File_close ARTS_MPI_File_close
#define MPI_File_delete ARTS_MPI_File_delete
#define MPI_File_set_view ARTS_MPI_File_set_view
#define MPI_File_read_at ARTS_MPI_File_read_at
#define MPI_File_read ARTS_MPI_File_read
#define MPI_File_write_at ARTS_MPI_File_write_at
#define MPI_File_write ARTS_MPI_File_write
#define MPI_File_read_at_all ARTS_MPI_File_read_at_all
#define MPI_File_read_all ARTS_MPI_File_read_all
#define MPI_File_write_at_all ARTS_MPI_File_write_at_all
#define MPI_File_write_all ARTS_MPI_File_write_all
#define MPI_File_seek ARTS_MPI_File_seek
#define MPI_File_get_position ARTS_MPI_File_get_position
#define MPI_File_get_size ARTS_MPI_File_get_size
#define MPI_File_set_size ARTS_MPI_File_set_size
#define MPI_File_sync ARTS_MPI_File_sync
#define MPI_File_set_errhandler ARTS_MPI_File_set_errhandler
#define MPI_File_read_all_begin ARTS_MPI_File_read_all_begin
#define MPI_File_read_all_end ARTS_MPI_File_read_all_end
#define MPI_File_write_all_begin ARTS_MPI_File_write_all_begin
#define MPI_File_write_all_end ARTS_MPI_File_write_all_end
#define MPI_File_read_ordered_begin ARTS_MPI_File_read_ordered_begin
#define MPI_File_read_ordered_end ARTS_MPI_File_read_ordered_end
#define MPI_File_write_ordered_begin ARTS_MPI_File_write_ordered_begin
#define MPI_File_write_ordered_end ARTS_MPI_File_write_ordered_end
#define MPI_File_read_at_all_begin ARTS_MPI_File_read_at_all_begin
#define MPI_File_read_at_all_end ARTS_MPI_File_read_at_all_end
#define MPI_File_write_at_all_begin ARTS_MPI_File_write_at_all_begin
#define MPI_File_write_at_all_end ARTS_MPI_File_write_at_all_end
#define MPI_File_iread_at ARTS_MPI_File_iread_at
#define MPI_File_iread ARTS_MPI_File_iread
#define MPI_File_iwrite_at ARTS_MPI_File_iwrite_at
#define MPI_File_iwrite ARTS_MPI_File_iwrite
#define MPI_File_iread_at_all ARTS_MPI_File_iread_at_all
#define MPI_File_iread_all ARTS_MPI_File_iread_all
#define MPI_File_iwrite_at_all ARTS_MPI_File_iwrite_at_all
#define MPI_File_iwrite_all ARTS_MPI_File_iwrite_all
#define MPI_File_iread_shared ARTS_MPI_File_iread_shared
#define MPI_File_iwrite_shared ARTS_MPI_File_iwrite_shared
#define MPI_File_read_shared ARTS_MPI_File_read_shared
#define MPI_File_write_shared ARTS_MPI_File_write_shared
#define MPI_File_read_ordered ARTS_MPI_File_read_ordered
#define MPI_File_write_ordered ARTS_MPI_File_write_ordered
#define MPI_File_seek_shared ARTS_MPI_File_seek_shared
#define MPI_File_get_position_shared ARTS_MPI_File_get_position_shared
#define MPI_Win_create ARTS_MPI_Win_create
#define MPI_Win_allocate ARTS_MPI_Win_allocate
#define MPI_Win_allocate_shared ARTS_MPI_Win_allocate_shared
#define MPI_Win_shared_query ARTS_MPI_Win_shared_query
#define MPI_Win_create_dynamic ARTS_MPI_Win_create_dynamic
#define MPI_Win_attach ARTS_MPI_Win_attach
#define MPI_Win_detach ARTS_MPI_Win_detach
#define MPI_Win_free ARTS_MPI_Win_free
#define MPI_Win_fence ARTS_MPI_Win_fence
#define MPI_Win_post ARTS_MPI_Win_post
#define MPI_Win_start ARTS_MPI_Win_start
#define MPI_Win_complete ARTS_MPI_Win_complete
#define MPI_Win_wait ARTS_MPI_Win_wait
#define MPI_Win_test ARTS_MPI_Win_test
#define MPI_Win_set_errhandler ARTS_MPI_Win_set_errhandler
#define MPI_Win_get_errhandler ARTS_MPI_Win_get_errhandler
#define MPI_Win_lock ARTS_MPI_Win_lock
#define MPI_Win_unlock ARTS_MPI_Win_unlock
#define MPI_Win_lock_all ARTS_MPI_Win_lock_all
#define MPI_Win_unlock_all ARTS_MPI_Win_unlock_all
#define MPI_Win_flush ARTS_MPI_Win_flush
#define MPI_Win_flush_local ARTS_MPI_Win_flush_local
#define MPI_Win_flush_all ARTS_MPI_Win_flush_all
#define MPI_Win_flush_local_all ARTS_MPI_Win_flush_local_all
#define MPI_Win_sync ARTS_MPI_Win_sync
#define MPI_Put ARTS_MPI_Put
#define MPI_Get ARTS_MPI_Get
#define MPI_Accumulate ARTS_MPI_Accumulate
#define MPI_Get_accumulate ARTS_MPI_Get_accumulate
#define MPI_Rput ARTS_MPI_Rput
#define MPI_Rget ARTS_MPI_Rget
#define MPI_Raccumulate ARTS_MPI_Raccumulate
#define MPI_Rget_accumulate ARTS_MPI_Rget_accumulate
#define MPI_Fetch_and_op ARTS_MPI_Fetch_and_op
#define MPI_Compare_and_swap ARTS_MPI_Compare_and_swap
#define MPI_Alloc_mem ARTS_MPI_Alloc_mem
#define MPI_Free_mem ARTS_MPI_Free_mem
#define MPI_Comm_create_errhandler ARTS_MPI_Comm_create_errhandler
#define MPI_Errhandler_free ARTS_MPI_Errhandler_free
#define MPI_Comm_call_errhandler ARTS_MPI_Comm_call_errhandler
#define MPI_Grequest_start ARTS_MPI_Grequest_start
#define MPI_Grequest_complete ARTS_MPI_Grequest_complete
#define MPI_Win_call_errhandler ARTS_MPI_Win_call_errhandler
#define MPI_File_call_errhandler ARTS_MPI_File_call_errhandler
#define MPI_Info_create ARTS_MPI_Info_create
#define MPI_Info_dup ARTS_MPI_Info_dup
#define MPI_Info_free ARTS_MPI_Info_free
#define MPI_Info_set ARTS_MPI_Info_set
#define MPI_Info_delete ARTS_MPI_Info_delete
#define MPI_Info_get ARTS_MPI_Info_get
#define MPI_Info_get_valuelen ARTS_MPI_Info_get_valuelen
#define MPI_Info_get_string ARTS_MPI_Info_get_string
#define MPI_Info_create_env ARTS_MPI_Info_create_env
#define MPI_Info_get_nkeys ARTS_MPI_Info_get_nkeys
#define MPI_Info_get_nthkey ARTS_MPI_Info_get_nthkey
#define MPI_Get_library_version ARTS_MPI_Get_library_version
#define MPI_Request_get_status ARTS_MPI_Request_get_status
#define MPI_Type_dup ARTS_MPI_Type_dup
#define MPI_Type_match_size ARTS_MPI_Type_match_size
#define MPI_Type_get_true_extent ARTS_MPI_Type_get_true_extent
#define MPI_Type_create_hindexed_block ARTS_MPI_Type_create_hindexed_block
#define MPI_Pack ARTS_MPI_Pack
#define MPI_Unpack ARTS_MPI_Unpack
#define MPI_Pack_size ARTS_MPI_Pack_size
#define MPI_Pack_external ARTS_MPI_Pack_external
#define MPI_Unpack_external ARTS_MPI_Unpack_external
#define MPI_Pack_external_size ARTS_MPI_Pack_external_size
#define MPI_Test_cancelled ARTS_MPI_Test_cancelled
#define MPI_Wait ARTS_MPI_Wait
#define MPI_Waitall ARTS_MPI_Waitall
#define MPI_Waitany ARTS_MPI_Waitany
#define MPI_Waitsome ARTS_MPI_Waitsome
#define MPI_Test ARTS_MPI_Test
#define MPI_Testany ARTS_MPI_Testany
#define MPI_Testsome ARTS_MPI_Testsome
#define MPI_Testall ARTS_MPI_Testall
#define MPI_Request_free ARTS_MPI_Request_free
#define MPI_Get_count ARTS_MPI_Get_count
#define MPI_Barrier ARTS_MPI_Barrier
#define MPI_Barrier_init ARTS_MPI_Barrier_init
#define MPI_Bcast_init ARTS_MPI_Bcast_init
#define MPI_Reduce_init ARTS_MPI_Reduce_init
#define MPI_Allreduce_init ARTS_MPI_Allreduce_init
#define MPI_Scan_init ARTS_MPI_Scan_init
#define MPI_Exscan_init ARTS_MPI_Exscan_init
#define MPI_Reduce_scatter_init ARTS_MPI_Reduce_scatter_init
#define MPI_Reduce_scatter_block_init ARTS_MPI_Reduce_scatter_block_init
#define MPI_Gather_init ARTS_MPI_Gather_init
#define MPI_Gatherv_init ARTS_MPI_Gatherv_init
#define MPI_Scatter_init ARTS_MPI_Scatter_init
#define MPI_Scatterv_init ARTS_MPI_Scatterv_init
#define MPI_Allgather_init ARTS_MPI_Allgather_init
#define MPI_Allgatherv_init ARTS_MPI_Allgatherv_init
#define MPI_Alltoall_init ARTS_MPI_Alltoall_init
#define MPI_Alltoallv_init ARTS_MPI_Alltoallv_init
#define MPI_Neighbor_allgather_init ARTS_MPI_Neighbor_allgather_init
#define MPI_Neighbor_allgatherv_init ARTS_MPI_Neighbor_allgatherv_init
#define MPI_Neighbor_alltoall_init ARTS_MPI_Neighbor_alltoall_init
#define MPI_Neighbor_alltoallv_init ARTS_MPI_Neighbor_alltoallv_init
#define MPI_Ibarrier ARTS_MPI_Ibarrier
#define MPI_Bcast ARTS_MPI_Bcast
#define MPI_Ibcast ARTS_MPI_Ibcast
#define MPI_Reduce ARTS_MPI_Reduce
#define MPI_Ireduce ARTS_MPI_Ireduce
#define MPI_Allreduce ARTS_MPI_Allreduce
#define MPI_Iallreduce ARTS_MPI_Iallreduce
#define MPI_Gather ARTS_MPI_Gather
#define MPI_Gatherv ARTS_MPI_Gatherv
#define MPI_Scatter ARTS_MPI_Scatter
#define MPI_Scatterv ARTS_MPI_Scatterv
#define MPI_Allgather ARTS_MPI_Allgather
#define MPI_Allgatherv ARTS_MPI_Allgatherv
#define MPI_Alltoall ARTS_MPI_Alltoall
#define MPI_Alltoallv ARTS_MPI_Alltoallv
#define MPI_Alltoallw ARTS_MPI_Alltoallw
#define MPI_Ialltoallw ARTS_MPI_Ialltoallw
#define MPI_Alltoallw_init ARTS_MPI_Alltoallw_init
#define MPI_Neighbor_alltoallw ARTS_MPI_Neighbor_alltoallw
#define MPI_Ineighbor_alltoallw ARTS_MPI_Ineighbor_alltoallw
#define MPI_Neighbor_alltoallw_init ARTS_MPI_Neighbor_alltoallw_init
#define MPI_Igather ARTS_MPI_Igather
#define MPI_Igatherv ARTS_MPI_Igatherv
#define MPI_Iscatter ARTS_MPI_Iscatter
#define MPI_Iscatterv ARTS_MPI_Iscatterv
#define MPI_Iallgather ARTS_MPI_Iallgather
#define MPI_Iallgatherv ARTS_MPI_Iallgatherv
#define MPI_Ialltoall ARTS_MPI_Ialltoall
#define MPI_Ialltoallv ARTS_MPI_Ialltoallv
#define MPI_Scan ARTS_MPI_Scan
#define MPI_Iscan ARTS_MPI_Iscan
#define MPI_Exscan ARTS_MPI_Exscan
#define MPI_Iexscan ARTS_MPI_Iexscan
#define MPI_Reduce_scatter ARTS_MPI_Reduce_scatter
#define MPI_Ireduce_scatter ARTS_MPI_Ireduce_scatter
#define MPI_Reduce_scatter_block ARTS_MPI_Reduce_scatter_block
#define MPI_Ireduce_scatter_block ARTS_MPI_Ireduce_scatter_block
#define MPI_Reduce_local ARTS_MPI_Reduce_local
#define MPI_Op_create ARTS_MPI_Op_create
#define MPI_Op_free ARTS_MPI_Op_free
#define MPI_Type_contiguous ARTS_MPI_Type_contiguous
#define MPI_Type_vector ARTS_MPI_Type_vector
#define MPI_Type_create_hvector ARTS_MPI_Type_create_hvector
#define MPI_Type_indexed ARTS_MPI_Type_indexed
#define MPI_Type_create_struct ARTS_MPI_Type_create_struct
#define MPI_Type_create_hindexed ARTS_MPI_Type_create_hindexed
#define MPI_Type_create_indexed_block ARTS_MPI_Type_create_indexed_block
#define MPI_Type_create_subarray ARTS_MPI_Type_create_subarray
#define MPI_Type_create_resized ARTS_MPI_Type_create_resized
#define MPI_Type_commit ARTS_MPI_Type_commit
#define MPI_Type_free ARTS_MPI_Type_free
#define MPI_Type_size ARTS_MPI_Type_size
#define MPI_Type_get_extent ARTS_MPI_Type_get_extent
#define MPI_Comm_rank ARTS_MPI_Comm_rank
#define MPI_Comm_size ARTS_MPI_Comm_size
#define MPI_Comm_dup ARTS_MPI_Comm_dup
#define MPI_Comm_split ARTS_MPI_Comm_split
#define MPI_Comm_split_type ARTS_MPI_Comm_split_type
#define MPI_Comm_free ARTS_MPI_Comm_free
#define MPI_Comm_compare ARTS_MPI_Comm_compare
#define MPI_Comm_set_errhandler ARTS_MPI_Comm_set_errhandler
#define MPI_Comm_get_errhandler ARTS_MPI_Comm_get_errhandler
#define MPI_Cart_create ARTS_MPI_Cart_create
#define MPI_Cart_coords ARTS_MPI_Cart_coords
#define MPI_Cart_rank ARTS_MPI_Cart_rank
#define MPI_Cart_shift ARTS_MPI_Cart_shift
#define MPI_Cart_get ARTS_MPI_Cart_get
#define MPI_Cartdim_get ARTS_MPI_Cartdim_get
#define MPI_Cart_sub ARTS_MPI_Cart_sub
#define MPI_Dims_create ARTS_MPI_Dims_create
#define MPI_Error_string ARTS_MPI_Error_string
#define MPI_Error_class ARTS_MPI_Error_class
#define AMPI_Migrate ARTS_AMPI_Migrate
#define AMPI_Async_Migrate ARTS_AMPI_Async_Migrate
#define AMPI_Migrateto ARTS_AMPI_Migrateto
#define AMPI_Migrate_to_pe ARTS_AMPI_Migrate_to_pe
#define AMPI_Setmigratable ARTS_AMPI_Setmigratable
#define AMPI_My_pe ARTS_AMPI_My_pe
#define AMPI_Checkpoint ARTS_AMPI_Checkpoint
#define AMPI_MemCheckpoint ARTS_AMPI_MemCheckpoint
#define AMPI_Checkpoint_state ARTS_AMPI_Checkpoint_state
#define AMPI_MemCheckpoint_state ARTS_AMPI_MemCheckpoint_state
#define AMPI_Restored_state ARTS_AMPI_Restored_state
#define AMPI_Load_start_measure ARTS_AMPI_Load_start_measure
#define AMPI_Load_stop_measure ARTS_AMPI_Load_stop_measure
#define AMPI_Load_set_value ARTS_AMPI_Load_set_value
/* AMPI's PUP interface (Charm++'s pup_c.h). */
#define AMPI_Register_pup ARTS_AMPI_Register_pup
#define AMPI_Get_pup_data ARTS_AMPI_Get_pup_data
#define pup_char ARTS_pup_char
#define pup_chars ARTS_pup_chars
#define pup_short ARTS_pup_short
#define pup_shorts ARTS_pup_shorts
#define pup_int ARTS_pup_int
#define pup_ints ARTS_pup_ints
#define pup_long ARTS_pup_long
#define pup_longs ARTS_pup_longs
#define pup_longlong ARTS_pup_longlong
#define pup_longlongs ARTS_pup_longlongs
#define pup_uchar ARTS_pup_uchar
#define pup_uchars ARTS_pup_uchars
#define pup_ushort ARTS_pup_ushort
#define pup_ushorts ARTS_pup_ushorts
#define pup_uint ARTS_pup_uint
#define pup_uints ARTS_pup_uints
#define pup_ulong ARTS_pup_ulong
#define pup_ulongs ARTS_pup_ulongs
#define pup_ulonglong ARTS_pup_ulonglong
#define pup_ulonglongs ARTS_pup_ulonglongs
#define pup_float ARTS_pup_float
#define pup_floats ARTS_pup_floats
#define pup_double ARTS_pup_double
#define pup_doubles ARTS_pup_doubles
#define pup_bool ARTS_pup_bool
#define pup_bools ARTS_pup_bools
#define pup_bytes ARTS_pup_bytes
#define pup_isSizing ARTS_pup_isSizing
#define pup_isPacking ARTS_pup_isPacking
#define pup_isUnpacking ARTS_pup_isUnpacking
#define pup_isDeleting ARTS_pup_isDeleting
#define pup_isUserlevel ARTS_pup_isUserlevel
#define pup_size ARTS_pup_size
#define pup_new_sizer ARTS_pup_new_sizer
#define pup_new_toMem ARTS_pup_new_toMem
#define pup_new_fromMem ARTS_pup_new_fromMem
#define pup_destroy ARTS_pup_destroy
/* AMPI's names for the asynchronous collectives (paper section 2.4.4),
 * from before MPI-3 had them: the same calls. */
#define AMPI_Ireduce ARTS_MPI_Ireduce
#define AMPI_Iallreduce ARTS_MPI_Iallreduce
#define AMPI_Ialltoall ARTS_MPI_Ialltoall
#define AMPI_Iallgather ARTS_MPI_Iallgather

/* ---- environment ---- */
int MPI_Init(int *argc, char ***argv);
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int MPI_Finalize(void);
int MPI_Initialized(int *flag);
int MPI_Finalized(int *flag);
int MPI_Query_thread(int *provided);
int MPI_Is_thread_main(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
int MPI_Get_processor_name(char *name, int *resultlen);
int MPI_Get_version(int *version, int *subversion);
double MPI_Wtime(void);
double MPI_Wtick(void);

/* ---- point to point ---- */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int MPI_Buffer_attach(void *buffer, int size);
int MPI_Buffer_detach(void *buffer_addr, int *size);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status *status);
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status);
int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                MPI_Status *status);
int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
              MPI_Status *status);
int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
               MPI_Request *request);
int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                  MPI_Comm comm, MPI_Request *request);
int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request);
int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request);
int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request);
int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                  MPI_Request *request);
int MPI_Start(MPI_Request *request);
int MPI_Startall(int count, MPI_Request requests[]);
int MPI_Cancel(MPI_Request *request);
int MPI_Test_cancelled(const MPI_Status *status, int *flag);
int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
             int *position, MPI_Comm comm);
int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
               MPI_Datatype datatype, MPI_Comm comm);
int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
/* "external32" only: big-endian, the standard's sizes (MPI 4.0 13.5.2). */
int MPI_Pack_external(const char datarep[], const void *inbuf, int incount,
                      MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position);
int MPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize,
                        MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype);
int MPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype,
                           MPI_Aint *size);

/* ---- groups and attributes ---- */
int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
int MPI_Group_size(MPI_Group group, int *size);
int MPI_Group_rank(MPI_Group group, int *rank);
int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                              int ranks2[]);
int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
int MPI_Group_free(MPI_Group *group);
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm);
int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag);
int MPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
/* User attributes: the copy function runs at MPI_Comm_dup, the delete
 * function when a value is replaced or deleted and when its communicator is
 * freed (MPI_COMM_SELF's at MPI_Finalize). Callbacks may not call MPI. */
int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                           MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                           void *extra_state);
int MPI_Comm_free_keyval(int *comm_keyval);
int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
int MPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                      void *extra_state);
int MPI_Keyval_free(int *keyval);
int MPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
int MPI_Attr_delete(MPI_Comm comm, int keyval);
/* Names (at most MPI_MAX_OBJECT_NAME - 1 characters are kept). */
int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
/* Memory for messages: from the rank's heap (which moves with it under
 * --isomalloc). */
int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
int MPI_Free_mem(void *base);
/* The program's error handlers: called with the communicator and the code
 * of a failed call, which then returns the code. They may call MPI. */
typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code, ...);
int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                               MPI_Errhandler *errhandler);
int MPI_Errhandler_free(MPI_Errhandler *errhandler);
int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
int MPI_Win_call_errhandler(MPI_Win win, int errorcode);
int MPI_File_call_errhandler(MPI_File fh, int errorcode);
/* Generalized requests: the program completes them (MPI_Grequest_complete);
 * a wait or test then calls query_fn, which fills the status, and
 * free_fn; MPI_Cancel calls cancel_fn. */
typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);
int MPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
                       MPI_Request *request);
int MPI_Grequest_complete(MPI_Request request);
/* A window's handler is called with the window (it starts with its
 * communicator's); window handlers are made the same way. */
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *error_code, ...);
#define MPI_Win_create_errhandler(fn, errhandler) \
    ARTS_MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)(fn), (errhandler))
int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler);
int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler);
/* Info objects: kept and read back; arts takes no hints from them. */
int MPI_Info_create(MPI_Info *info);
int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
int MPI_Info_free(MPI_Info *info);
int MPI_Info_set(MPI_Info info, const char *key, const char *value);
int MPI_Info_delete(MPI_Info info, const char *key);
int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag);
int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag);
int MPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag);
int MPI_Info_create_env(int argc, char *argv[], MPI_Info *info);
int MPI_Info_get_nkeys(MPI_Info info, int *nkeys);
int MPI_Info_get_nthkey(MPI_Info info, int n, char *key);
int MPI_Get_library_version(char *version, int *resultlen);
/* Distributed graph topologies (weights and reordering ignored) and the
 * neighbor collectives over them or over Cartesian grids (per dimension,
 * the rank one step down, then one step up; MPI_PROC_NULL neighbors are
 * skipped and their receive parts left as they are). */
int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                   const int *sourceweights, int outdegree,
                                   const int destinations[], const int *destweights,
                                   MPI_Info info, int reorder, MPI_Comm *comm_dist_graph);
int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted);
int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int *sourceweights,
                             int maxoutdegree, int destinations[], int *destweights);
int MPI_Topo_test(MPI_Comm comm, int *status);
/* MPI-1 graphs: every rank gives the whole graph (node r's edges are
 * edges[index[r-1]..index[r]]); no reordering. */
int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
                     int reorder, MPI_Comm *comm_graph);
int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]);
int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]);
int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank);
int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request);
int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Request *request);
int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request);
/* MPI-IO on the machine's files: every rank opens the file and reads and
 * writes at the offsets its view gives (a displacement, an elementary type
 * and a file type tiling the file); the collective forms are the
 * independent ones; "native" representation only. File errors return
 * their code unless MPI_File_set_errhandler says otherwise. */
int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh);
int MPI_File_close(MPI_File *fh);
int MPI_File_delete(const char *filename, MPI_Info info);
int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                      const char *datarep, MPI_Info info);
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                     MPI_Status *status);
int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                      MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                   MPI_Status *status);
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count,
                         MPI_Datatype datatype, MPI_Status *status);
int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                      MPI_Status *status);
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                          MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                       MPI_Status *status);
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence);
int MPI_File_get_position(MPI_File fh, MPI_Offset *offset);
int MPI_File_get_size(MPI_File fh, MPI_Offset *size);
int MPI_File_set_size(MPI_File fh, MPI_Offset size);
int MPI_File_sync(MPI_File fh);
int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler);
/* A file's handler is called with the file; file handlers are made the
 * same way as communicators'. */
typedef void MPI_File_errhandler_function(MPI_File *file, int *error_code, ...);
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;
#define MPI_File_create_errhandler(fn, errhandler) \
    ARTS_MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)(fn), (errhandler))
/* ROMIO's names of the non-blocking I/O requests, which older codes use. */
typedef MPI_Request MPIO_Request;
#define MPIO_Wait MPI_Wait
#define MPIO_Test MPI_Test
/* The shared file pointer (in elementary types of the view, reset by
 * MPI_File_set_view): independent calls take their places in arrival
 * order, the ordered ones (collective) in rank order. */
int MPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                         MPI_Status *status);
int MPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                          MPI_Status *status);
int MPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                          MPI_Status *status);
int MPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                           MPI_Status *status);
int MPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence);
int MPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset);
/* Split collectives: the begin call does the I/O, the end call gives its
 * status; one at a time per file. */
int MPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype);
int MPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype);
int MPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status);
int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count,
                               MPI_Datatype datatype);
int MPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                MPI_Datatype datatype);
int MPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status);
int MPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype);
int MPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count,
                                 MPI_Datatype datatype);
int MPI_File_write_ordered_end(MPI_File fh, const void *buf, MPI_Status *status);
/* Non-blocking reads and writes: done in the call, the request returned
 * complete (its status counts the bytes). */
int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count,
                      MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                       MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count,
                          MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                           MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                   MPI_Request *request);
int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                    MPI_Request *request);
int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                       MPI_Request *request);
int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                        MPI_Request *request);
int MPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                          MPI_Request *request);
int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                           MPI_Request *request);
/* One-sided communication, synchronized by fences (collective over the
 * window's communicator): operations of an epoch are applied at their
 * targets' next fence; when a fence returns, the rank's operations have
 * completed and those on its window have been applied. Or by locks
 * (passive target): an operation on a locked target is applied by the
 * target's runtime when it arrives, whatever the target rank does; when
 * MPI_Win_unlock or a flush returns, the rank's operations there have
 * been applied. Asserts and the info of window creation are ignored. */
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                   MPI_Win *win);
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                     MPI_Win *win);
/* Shared memory: the ranks of the communicator (of one process, e.g. from
 * MPI_Comm_split_type with MPI_COMM_TYPE_SHARED) share one block, each
 * rank's segment after the previous one's; MPI_Win_shared_query gives any
 * rank's segment. With --isomalloc, a rank holding one is not migrated. */
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                            void *baseptr, MPI_Win *win);
int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr);
int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win);
int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size);
int MPI_Win_detach(MPI_Win win, const void *base);
int MPI_Win_free(MPI_Win *win);
int MPI_Win_fence(int assert, MPI_Win win);
int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win);
int MPI_Win_unlock(int rank, MPI_Win win);
int MPI_Win_lock_all(int assert, MPI_Win win);
int MPI_Win_unlock_all(MPI_Win win);
int MPI_Win_flush(int rank, MPI_Win win);
int MPI_Win_flush_local(int rank, MPI_Win win);
int MPI_Win_flush_all(MPI_Win win);
int MPI_Win_flush_local_all(MPI_Win win);
int MPI_Win_sync(MPI_Win win);
/* Request-based operations, under a lock: the request completes when the
 * origin buffer may be used again (a get's: when its data is there). */
int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
             int target_rank, MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request);
int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                    int target_rank, MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                        void *result_addr, int result_count, MPI_Datatype result_datatype,
                        int target_rank, MPI_Aint target_disp, int target_count,
                        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                        MPI_Request *request);
/* Generalized active target: an exposure epoch (post ... wait) at the
 * target, an access epoch (start ... complete) at the origin; operations
 * are applied on arrival, all of them when MPI_Win_wait returns. */
int MPI_Win_post(MPI_Group group, int assert, MPI_Win win);
int MPI_Win_start(MPI_Group group, int assert, MPI_Win win);
int MPI_Win_complete(MPI_Win win);
int MPI_Win_wait(MPI_Win win);
int MPI_Win_test(MPI_Win win, int *flag);
int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
            int target_rank, MPI_Aint target_disp, int target_count,
            MPI_Datatype target_datatype, MPI_Win win);
int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);
int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                   int target_rank, MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
/* The old target data comes back; operations on one window are applied in
 * the order they arrive, each whole (atomic) with respect to the others. */
int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                       void *result_addr, int result_count, MPI_Datatype result_datatype,
                       int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype,
                     int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win);
int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr,
                         MPI_Datatype datatype, int target_rank, MPI_Aint target_disp,
                         MPI_Win win);
/* Completion of a request without completing it (it stays live). */
int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]);
int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status);
int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status);
int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[]);
int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[]);
int MPI_Request_free(MPI_Request *request);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);

/* ---- collectives ---- */
int MPI_Barrier(MPI_Comm comm);
int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
               MPI_Request *request);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm);
int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request *request);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm);
int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                   MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm);
int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm);
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm);
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                  const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm);
int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm);
int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/* Every collective has a non-blocking form, completed by MPI_Wait/MPI_Test. */
int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                MPI_Request *request);
int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request *request);
int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request);
int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request);
int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              MPI_Comm comm, MPI_Request *request);
int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              MPI_Request *request);
/* inoutbuf = inbuf op inoutbuf, on this rank alone. */
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                     MPI_Op op);
int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
int MPI_Op_free(MPI_Op *op);

/* All-to-all with a datatype and a byte displacement per part. */
int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request *request);
int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                       MPI_Info info, MPI_Request *request);
int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                           const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                           void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                           const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                            const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                            void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                MPI_Request *request);
/* Persistent collectives (MPI-4): MPI_Start starts them as their
 * non-blocking forms; their arguments are checked at each start. */
int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                   MPI_Info info, MPI_Request *request);
int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                            MPI_Request *request);
int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                  MPI_Info info, MPI_Request *request);
int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request);
int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request);
int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request);
int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request);
int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request);
int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request);
int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                       MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                       const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request);
int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const int recvcounts[], const int displs[],
                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request);
int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request);
int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[],
                                const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int rdispls[],
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request);

/* ---- datatypes ---- */
int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                    MPI_Datatype *newtype);
int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                            MPI_Datatype *newtype);
int MPI_Type_indexed(int count, const int blocklengths[], const int displacements[],
                     MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                           const MPI_Datatype types[], MPI_Datatype *newtype);
int MPI_Type_create_hindexed(int count, const int blocklengths[],
                             const MPI_Aint displacements[], MPI_Datatype oldtype,
                             MPI_Datatype *newtype);
int MPI_Type_create_indexed_block(int count, int blocklength, const int displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype oldtype,
                             MPI_Datatype *newtype);
int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                            MPI_Datatype *newtype);
int MPI_Type_commit(MPI_Datatype *datatype);
int MPI_Type_free(MPI_Datatype *datatype);
int MPI_Type_size(MPI_Datatype datatype, int *size);
int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
/* The span of the data itself (without the bounds MPI_Type_create_resized sets). */
int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype);

/* ---- communicators ---- */
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
/* MPI_COMM_TYPE_SHARED (or AMPI_COMM_TYPE_PROCESS): the ranks running in this
 * process; AMPI_COMM_TYPE_PE: those on this PE; taken at the call. */
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                        MPI_Comm *newcomm);
int MPI_Comm_free(MPI_Comm *comm);
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);

/* ---- Cartesian topologies ---- */
int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                    int reorder, MPI_Comm *comm_cart);
int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
int MPI_Cartdim_get(MPI_Comm comm, int *ndims);
int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
int MPI_Dims_create(int nnodes, int ndims, int dims[]);

/* ---- errors ---- */
int MPI_Error_string(int errorcode, char *string, int *resultlen);
int MPI_Error_class(int errorcode, int *errorclass);

/* ---- AMPI extensions ---- */
/* A load-balancing point (collective over MPI_COMM_WORLD): the rank may
 * move to another PE; its stack, heap and globals move with it. With
 * AMPI_INFO_LB_ASYNC it returns at once and the rank moves at a later
 * blocking call; MPI_INFO_NULL or AMPI_INFO_LB_SYNC wait for the step. An
 * info of the program's: ampi_load_balance = sync | async | false (the
 * default), then ampi_checkpoint = in_memory (AMPI_MemCheckpoint) |
 * to_file=DIR (AMPI_Checkpoint(DIR)) | false. */
int AMPI_Migrate(MPI_Info hints);
/* This rank's time stops (stop) or starts again (start) counting into the
 * load the balancer sees; set_value gives the load of the current period,
 * in seconds, instead of the measured one. */
int AMPI_Load_start_measure(void);
int AMPI_Load_stop_measure(void);
int AMPI_Load_set_value(double value);
/* AMPI_Migrate(AMPI_INFO_LB_ASYNC). */
int AMPI_Async_Migrate(void);
/* Moves this rank to PE `destPE` (not collective). */
int AMPI_Migrateto(int destPE);
int AMPI_Migrate_to_pe(int destPE);
/* Allows (1) or forbids (0) the load balancer to move this rank. */
int AMPI_Setmigratable(MPI_Comm comm, int mig);
/* The PE running this rank now. */
int AMPI_My_pe(void);
/* Checkpoint of whole ranks (stack, heap, globals; needs `arts ampi run
 * --isomalloc`): collective over MPI_COMM_WORLD, saves every rank as the
 * run's K-th checkpoint (K = 1, 2, ... by call) into directory dname (the
 * same on every rank), or with NULL or "" into --checkpoint-dir DIR;
 * with neither the call does nothing. `arts ampi run --isomalloc --restart DIR/ckpt-K
 * ./prog.so` (any PEs and processes, the same ranks) continues from the
 * call's return. */
int AMPI_Checkpoint(const char *dname);
/* The same, kept in memory (Charm++'s double checkpoint): every process's
 * share in its hold of --checkpoint-dir, a store local to each node (a
 * tmpfs such as /dev/shm/job), and a copy in its buddy's hold; `--restart
 * DIR` (the store) continues from the call, from the copies where a node's
 * store was lost. */
int AMPI_MemCheckpoint(void);
/* Checkpoints of the ranks' own state (with or without isomalloc):
 * collective over MPI_COMM_WORLD, saves every rank's `bytes` bytes at
 * `state` as the run's checkpoint after `step` (`arts ampi run
 * --checkpoint-dir DIR`; without it the call does nothing). A run started
 * with `--restart DIR` (any number of PEs, the same number of ranks) gets
 * them back with AMPI_Restored_state, which sets *flag to 1 (0 when the
 * run starts afresh). */
int AMPI_Checkpoint_state(long long step, const void *state, long long bytes);
/* The same, kept in memory: published in this process's hold of
 * --checkpoint-dir, a store local to each node (a tmpfs such as
 * /dev/shm/job); a restart (--restart DIR) continues from the store. */
int AMPI_MemCheckpoint_state(long long step, const void *state, long long bytes);
int AMPI_Restored_state(long long *step, void *state, long long capacity, long long *bytes,
                        int *flag);

/* AMPI's PUP interface (Charm++'s pup_c.h; also reachable as <pup_c.h>).
 * A PUP routine `void fn(pup_er p, void *data)` lists the rank's data with
 * pup_int(p, &x), pup_doubles(p, arr, n), ...: the same routine sizes,
 * packs (native byte order) and unpacks it, as pup_isSizing,
 * pup_isPacking and pup_isUnpacking say; it allocates its heap data when
 * unpacking and frees it when pup_isDeleting.
 *
 * AMPI_Register_pup(fn, data, &idx) registers fn for this rank's `data`
 * (passed to fn as is; AMPI programs pass &ptr and assign *(T **)data when
 * unpacking); AMPI_Get_pup_data(idx, &data) gives `data` back. When arts
 * calls the routines:
 *  - Without --isomalloc, AMPI_Checkpoint, AMPI_MemCheckpoint and
 *    AMPI_Migrate with an ampi_checkpoint hint save each rank's registered
 *    data (a sizing pass, then a packing pass, pup_isUserlevel = 1,
 *    pup_isDeleting = 0) as the run's K-th checkpoint. A run restarted from
 *    it (`arts ampi run --restart DIR/ckpt-K`) starts main again; its
 *    AMPI_Register_pup(fn, data, &idx) runs fn's unpacking pass at once
 *    with this run's `data`, so the rank finds its data as saved (a program
 *    registers before it initializes: data still NULL afterwards = a fresh
 *    run). An unpacking pass that reads more (or less) than was packed ends
 *    the rank with one message.
 *  - Migration: without isomalloc a rank's stack cannot leave its process;
 *    it moves only between the PEs of its process, which share its heap,
 *    so arts does not call the routines (the data stays where it is).
 *    With --isomalloc the rank's heap moves and is saved with it; the
 *    routines are not called either.
 * MPI calls from a PUP routine are refused (as in AMPI).
 * C++: <pup.h> views a pup_er as a PUP::er (`p | x`, `void pup(PUP::er &)`
 * methods), <pup_stl.h> adds std::vector, std::string, std::pair.
 * Fortran: pupf.h (fpup_int, fpup_doubles, fpup_isunpacking, ...) and
 * `use pupmod` (pup, apup); see mpif.h. */
typedef void *pup_er;
typedef void (*MPI_PupFn)(pup_er, void *);
typedef MPI_PupFn AMPI_PupFn;
int AMPI_Register_pup(MPI_PupFn fn, void *data, int *idx);
int AMPI_Get_pup_data(int idx, void *data);
int pup_isSizing(const pup_er p);
int pup_isPacking(const pup_er p);
int pup_isUnpacking(const pup_er p);
int pup_isDeleting(const pup_er p);
int pup_isUserlevel(const pup_er p);
void pup_char(pup_er p, char *v);
void pup_chars(pup_er p, char *arr, int nItems);
void pup_short(pup_er p, short *v);
void pup_shorts(pup_er p, short *arr, int nItems);
void pup_int(pup_er p, int *v);
void pup_ints(pup_er p, int *arr, int nItems);
void pup_long(pup_er p, long *v);
void pup_longs(pup_er p, long *arr, int nItems);
void pup_longlong(pup_er p, long long *v);
void pup_longlongs(pup_er p, long long *arr, int nItems);
void pup_uchar(pup_er p, unsigned char *v);
void pup_uchars(pup_er p, unsigned char *arr, int nItems);
void pup_ushort(pup_er p, unsigned short *v);
void pup_ushorts(pup_er p, unsigned short *arr, int nItems);
void pup_uint(pup_er p, unsigned int *v);
void pup_uints(pup_er p, unsigned int *arr, int nItems);
void pup_ulong(pup_er p, unsigned long *v);
void pup_ulongs(pup_er p, unsigned long *arr, int nItems);
void pup_ulonglong(pup_er p, unsigned long long *v);
void pup_ulonglongs(pup_er p, unsigned long long *arr, int nItems);
void pup_float(pup_er p, float *v);
void pup_floats(pup_er p, float *arr, int nItems);
void pup_double(pup_er p, double *v);
void pup_doubles(pup_er p, double *arr, int nItems);
#ifdef __cplusplus
void pup_bool(pup_er p, bool *v);
void pup_bools(pup_er p, bool *arr, int nItems);
#else
void pup_bool(pup_er p, _Bool *v);
void pup_bools(pup_er p, _Bool *arr, int nItems);
#endif
void pup_bytes(pup_er p, void *ptr, int nBytes);
/* Passes of the program's own over its buffers (arts does not know their
 * size): a sizer, then a packer into a buffer of pup_size(sizer) bytes,
 * an unpacker from it; pup_size: bytes moved so far; pup_destroy frees. */
pup_er pup_new_sizer(void);
pup_er pup_new_toMem(void *buf);
pup_er pup_new_fromMem(const void *buf);
int pup_size(const pup_er p);
void pup_destroy(pup_er p);

/* Around the subset: addresses and counts of datatypes, the MPI-1 names
 * of datatype and error handler calls, names and user attributes of
 * windows and datatypes, group ranges, topology mapping (no reordering),
 * the program's own error classes, statuses for layered libraries.
 * Intercommunicators: point to point, dup, idup, split, create, merge
 * and the blocking and non-blocking barrier, bcast, reduce, allreduce,
 * reduce-scatter, gather(v), scatter(v), allgather(v) and alltoall(v,w);
 * the calls MPI defines on intracommunicators refuse them (MPI_ERR_COMM). */
#define MPI_Get_address ARTS_MPI_Get_address
#define MPI_Address ARTS_MPI_Get_address
#define MPI_Aint_add ARTS_MPI_Aint_add
#define MPI_Aint_diff ARTS_MPI_Aint_diff
#define MPI_Get_elements ARTS_MPI_Get_elements
#define MPI_Get_elements_x ARTS_MPI_Get_elements_x
#define MPI_Type_size_x ARTS_MPI_Type_size_x
#define MPI_Type_get_extent_x ARTS_MPI_Type_get_extent_x
#define MPI_Type_get_true_extent_x ARTS_MPI_Type_get_true_extent_x
#define MPI_Type_extent ARTS_MPI_Type_extent
#define MPI_Type_lb ARTS_MPI_Type_lb
#define MPI_Type_ub ARTS_MPI_Type_ub
#define MPI_Type_hvector ARTS_MPI_Type_create_hvector
#define MPI_Type_hindexed ARTS_MPI_Type_create_hindexed
#define MPI_Type_struct ARTS_MPI_Type_create_struct
#define MPI_Errhandler_create ARTS_MPI_Comm_create_errhandler
#define MPI_Errhandler_set ARTS_MPI_Comm_set_errhandler
#define MPI_Errhandler_get ARTS_MPI_Comm_get_errhandler
#define MPI_Type_set_name ARTS_MPI_Type_set_name
#define MPI_Type_get_name ARTS_MPI_Type_get_name
#define MPI_Win_set_name ARTS_MPI_Win_set_name
#define MPI_Win_get_name ARTS_MPI_Win_get_name
#define MPI_Win_create_keyval ARTS_MPI_Win_create_keyval
#define MPI_Win_free_keyval ARTS_MPI_Win_free_keyval
#define MPI_Win_set_attr ARTS_MPI_Win_set_attr
#define MPI_Win_get_attr ARTS_MPI_Win_get_attr
#define MPI_Win_delete_attr ARTS_MPI_Win_delete_attr
#define MPI_Win_get_group ARTS_MPI_Win_get_group
#define MPI_Type_create_keyval ARTS_MPI_Type_create_keyval
#define MPI_Type_free_keyval ARTS_MPI_Type_free_keyval
#define MPI_Type_set_attr ARTS_MPI_Type_set_attr
#define MPI_Type_get_attr ARTS_MPI_Type_get_attr
#define MPI_Type_delete_attr ARTS_MPI_Type_delete_attr
#define MPI_Op_commutative ARTS_MPI_Op_commutative
#define MPI_Group_range_incl ARTS_MPI_Group_range_incl
#define MPI_Group_range_excl ARTS_MPI_Group_range_excl
#define MPI_Comm_test_inter ARTS_MPI_Comm_test_inter
#define MPI_Comm_get_parent ARTS_MPI_Comm_get_parent
#define MPI_File_get_errhandler ARTS_MPI_File_get_errhandler
#define MPI_Type_create_f90_real ARTS_MPI_Type_create_f90_real
#define MPI_Type_create_f90_complex ARTS_MPI_Type_create_f90_complex
#define MPI_Type_create_f90_integer ARTS_MPI_Type_create_f90_integer
#define MPI_Comm_remote_size ARTS_MPI_Comm_remote_size
#define MPI_Comm_remote_group ARTS_MPI_Comm_remote_group
#define MPI_Intercomm_create ARTS_MPI_Intercomm_create
#define MPI_Intercomm_merge ARTS_MPI_Intercomm_merge
#define MPI_Cart_map ARTS_MPI_Cart_map
#define MPI_Add_error_class ARTS_MPI_Add_error_class
#define MPI_Add_error_code ARTS_MPI_Add_error_code
#define MPI_Add_error_string ARTS_MPI_Add_error_string
#define MPI_Status_set_elements ARTS_MPI_Status_set_elements
#define MPI_Status_set_elements_x ARTS_MPI_Status_set_elements_x
#define MPI_Status_set_cancelled ARTS_MPI_Status_set_cancelled
typedef MPI_Comm_errhandler_function MPI_Handler_function;
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval, void *extra_state,
                                       void *attribute_val_in, void *attribute_val_out,
                                       int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval, void *attribute_val,
                                         void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out,
                                        int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype, int type_keyval,
                                          void *attribute_val, void *extra_state);
int MPI_Get_address(const void *location, MPI_Aint *address);
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
int MPI_Address(const void *location, MPI_Aint *address);
int MPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype);
int MPI_Type_hindexed(int count, const int blocklengths[], const MPI_Aint displacements[],
                      MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                    const MPI_Datatype types[], MPI_Datatype *newtype);
int MPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler);
int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
int MPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
int MPI_Win_set_name(MPI_Win win, const char *win_name);
int MPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen);
int MPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                          MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
                          void *extra_state);
int MPI_Win_free_keyval(int *win_keyval);
int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val);
int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag);
int MPI_Win_delete_attr(MPI_Win win, int win_keyval);
int MPI_Win_get_group(MPI_Win win, MPI_Group *group);
int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                           MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                           void *extra_state);
int MPI_Type_free_keyval(int *type_keyval);
int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
int MPI_Op_commutative(MPI_Op op, int *commute);
int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
int MPI_Comm_test_inter(MPI_Comm comm, int *flag);
int MPI_Comm_remote_size(MPI_Comm comm, int *size);
int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                         int remote_leader, int tag, MPI_Comm *newintercomm);
int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
/* arts spawns no processes: every rank's parent is MPI_COMM_NULL. */
int MPI_Comm_get_parent(MPI_Comm *parent);
int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler);
/* Fortran's selected_real_kind(p, r) / selected_int_kind(r): a type of
 * that size, one handle per arguments (not to be freed; its envelope is
 * MPI_COMBINER_F90_*); reals up to 18 digits (x87 long double), no
 * 128-bit real. */
int MPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype);
int MPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype);
int MPI_Type_create_f90_integer(int r, MPI_Datatype *newtype);
/* Profiling control: nothing to control in arts (as under Open MPI). */
static inline int MPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}
int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank);
int MPI_Add_error_class(int *errorclass);
int MPI_Add_error_code(int errorclass, int *errorcode);
int MPI_Add_error_string(int errorcode, const char *string);
int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
int MPI_Status_set_cancelled(MPI_Status *status, int flag);

/* Hints (checked, not used: the get calls return an empty info object),
 * general distributed graphs, and what an open file says of itself. */
#define MPI_MAX_DATAREP_STRING 128
#define MPI_Comm_set_info ARTS_MPI_Comm_set_info
#define MPI_Comm_get_info ARTS_MPI_Comm_get_info
#define MPI_Comm_dup_with_info ARTS_MPI_Comm_dup_with_info
#define MPI_Comm_idup ARTS_MPI_Comm_idup
#define MPI_Comm_idup_with_info ARTS_MPI_Comm_idup_with_info
#define MPI_Win_set_info ARTS_MPI_Win_set_info
#define MPI_Win_get_info ARTS_MPI_Win_get_info
#define MPI_File_set_info ARTS_MPI_File_set_info
#define MPI_File_get_info ARTS_MPI_File_get_info
#define MPI_Dist_graph_create ARTS_MPI_Dist_graph_create
#define MPI_File_get_view ARTS_MPI_File_get_view
#define MPI_File_get_amode ARTS_MPI_File_get_amode
#define MPI_File_get_group ARTS_MPI_File_get_group
#define MPI_File_get_byte_offset ARTS_MPI_File_get_byte_offset
#define MPI_File_get_type_extent ARTS_MPI_File_get_type_extent
#define MPI_File_set_atomicity ARTS_MPI_File_set_atomicity
#define MPI_File_get_atomicity ARTS_MPI_File_get_atomicity
#define MPI_File_preallocate ARTS_MPI_File_preallocate
int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
                            MPI_Request *request);
int MPI_Win_set_info(MPI_Win win, MPI_Info info);
int MPI_Win_get_info(MPI_Win win, MPI_Info *info_used);
int MPI_File_set_info(MPI_File fh, MPI_Info info);
int MPI_File_get_info(MPI_File fh, MPI_Info *info_used);
int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                          const int destinations[], const int *weights, MPI_Info info,
                          int reorder, MPI_Comm *comm_dist_graph);
int MPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                      char *datarep);
int MPI_File_get_amode(MPI_File fh, int *amode);
int MPI_File_get_group(MPI_File fh, MPI_Group *group);
int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp);
int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent);
int MPI_File_set_atomicity(MPI_File fh, int flag);
int MPI_File_get_atomicity(MPI_File fh, int *flag);
int MPI_File_preallocate(MPI_File fh, MPI_Offset size);

/* How a datatype was made: MPI_Type_get_envelope and MPI_Type_get_contents. */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR 5
#define MPI_COMBINER_INDEXED 6
#define MPI_COMBINER_HINDEXED 7
#define MPI_COMBINER_INDEXED_BLOCK 8
#define MPI_COMBINER_HINDEXED_BLOCK 9
#define MPI_COMBINER_STRUCT 10
#define MPI_COMBINER_SUBARRAY 11
#define MPI_COMBINER_RESIZED 16
#define MPI_COMBINER_DARRAY 12
#define MPI_COMBINER_F90_REAL 13
#define MPI_COMBINER_F90_COMPLEX 14
#define MPI_COMBINER_F90_INTEGER 15
/* Distributed arrays (MPI_Type_create_darray). */
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)
#define MPI_Type_create_darray ARTS_MPI_Type_create_darray
int MPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                           const int array_of_distribs[], const int array_of_dargs[],
                           const int array_of_psizes[], int order, MPI_Datatype oldtype,
                           MPI_Datatype *newtype);
#define MPI_Type_get_envelope ARTS_MPI_Type_get_envelope
#define MPI_Type_get_contents ARTS_MPI_Type_get_contents
int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses,
                          int *num_datatypes, int *combiner);
int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                          int max_datatypes, int array_of_integers[],
                          MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[]);

/* Fortran's handles in C: a Fortran INTEGER handle is the C handle itself
 * (mpif.h's values are mpi.h's), so the conversions are casts; a Fortran
 * status is MPI_STATUS_SIZE integers holding the C MPI_Status. */
typedef int MPI_Fint;
#define MPI_Comm_f2c(comm) ((MPI_Comm)(comm))
#define MPI_Comm_c2f(comm) ((MPI_Fint)(comm))
#define MPI_Type_f2c(datatype) ((MPI_Datatype)(datatype))
#define MPI_Type_c2f(datatype) ((MPI_Fint)(datatype))
#define MPI_Group_f2c(group) ((MPI_Group)(group))
#define MPI_Group_c2f(group) ((MPI_Fint)(group))
#define MPI_Request_f2c(request) ((MPI_Request)(request))
#define MPI_Request_c2f(request) ((MPI_Fint)(request))
#define MPI_Op_f2c(op) ((MPI_Op)(op))
#define MPI_Op_c2f(op) ((MPI_Fint)(op))
#define MPI_Info_f2c(info) ((MPI_Info)(info))
#define MPI_Info_c2f(info) ((MPI_Fint)(info))
#define MPI_Win_f2c(win) ((MPI_Win)(win))
#define MPI_Win_c2f(win) ((MPI_Fint)(win))
#define MPI_File_f2c(file) ((MPI_File)(file))
#define MPI_File_c2f(file) ((MPI_Fint)(file))
#define MPI_Errhandler_f2c(errhandler) ((MPI_Errhandler)(errhandler))
#define MPI_Errhandler_c2f(errhandler) ((MPI_Fint)(errhandler))
#define MPI_Message_f2c(message) ((MPI_Message)(message))
#define MPI_Message_c2f(message) ((MPI_Fint)(message))
#define MPI_Status_f2c ARTS_MPI_Status_f2c
#define MPI_Status_c2f ARTS_MPI_Status_c2f
int MPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status);
int MPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status);
/* mpi_f08's TYPE(MPI_Status) in C: the same words as MPI_Status (and as
 * a Fortran status, whose MPI_SOURCE, MPI_TAG and MPI_ERROR are at these
 * indices). */
typedef MPI_Status MPI_F08_status;
#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2
#define MPI_Status_c2f08 ARTS_MPI_Status_c2f08
#define MPI_Status_f082c ARTS_MPI_Status_f082c
#define MPI_Status_f2f08 ARTS_MPI_Status_f2f08
#define MPI_Status_f082f ARTS_MPI_Status_f082f
int MPI_Status_c2f08(const MPI_Status *c_status, MPI_F08_status *f08_status);
int MPI_Status_f082c(const MPI_F08_status *f08_status, MPI_Status *c_status);
int MPI_Status_f2f08(const MPI_Fint *f_status, MPI_F08_status *f08_status);
int MPI_Status_f082f(const MPI_F08_status *f08_status, MPI_Fint *f_status);

/* MPI_T, the tool information interface (MPI 3.1 §14.3): control and
 * performance variables a tool reads through handles, in categories. Each
 * rank is an MPI process of its own here: its MPI_T state (initializations,
 * handles, sessions) and its performance variables are its own. C only,
 * as MPI has it. docs/ampi-c.md lists the variables. */
typedef int MPI_T_enum;
typedef int MPI_T_cvar_handle;
typedef int MPI_T_pvar_handle;
typedef int MPI_T_pvar_session;
#define MPI_T_ENUM_NULL (-1)
#define MPI_T_CVAR_HANDLE_NULL (-1)
#define MPI_T_PVAR_HANDLE_NULL (-1)
#define MPI_T_PVAR_ALL_HANDLES (-2)
#define MPI_T_PVAR_SESSION_NULL (-1)
#define MPI_T_VERBOSITY_USER_BASIC 0
#define MPI_T_VERBOSITY_USER_DETAIL 1
#define MPI_T_VERBOSITY_USER_ALL 2
#define MPI_T_VERBOSITY_TUNER_BASIC 3
#define MPI_T_VERBOSITY_TUNER_DETAIL 4
#define MPI_T_VERBOSITY_TUNER_ALL 5
#define MPI_T_VERBOSITY_MPIDEV_BASIC 6
#define MPI_T_VERBOSITY_MPIDEV_DETAIL 7
#define MPI_T_VERBOSITY_MPIDEV_ALL 8
#define MPI_T_BIND_NO_OBJECT 0
#define MPI_T_BIND_MPI_COMM 1
#define MPI_T_BIND_MPI_DATATYPE 2
#define MPI_T_BIND_MPI_ERRHANDLER 3
#define MPI_T_BIND_MPI_FILE 4
#define MPI_T_BIND_MPI_GROUP 5
#define MPI_T_BIND_MPI_OP 6
#define MPI_T_BIND_MPI_REQUEST 7
#define MPI_T_BIND_MPI_WIN 8
#define MPI_T_BIND_MPI_MESSAGE 9
#define MPI_T_BIND_MPI_INFO 10
#define MPI_T_BIND_MPI_SESSION 11
#define MPI_T_SCOPE_CONSTANT 0
#define MPI_T_SCOPE_READONLY 1
#define MPI_T_SCOPE_LOCAL 2
#define MPI_T_SCOPE_GROUP 3
#define MPI_T_SCOPE_GROUP_EQ 4
#define MPI_T_SCOPE_ALL 5
#define MPI_T_SCOPE_ALL_EQ 6
#define MPI_T_PVAR_CLASS_STATE 0
#define MPI_T_PVAR_CLASS_LEVEL 1
#define MPI_T_PVAR_CLASS_SIZE 2
#define MPI_T_PVAR_CLASS_PERCENTAGE 3
#define MPI_T_PVAR_CLASS_HIGHWATERMARK 4
#define MPI_T_PVAR_CLASS_LOWWATERMARK 5
#define MPI_T_PVAR_CLASS_COUNTER 6
#define MPI_T_PVAR_CLASS_AGGREGATE 7
#define MPI_T_PVAR_CLASS_TIMER 8
#define MPI_T_PVAR_CLASS_GENERIC 9
#define MPI_T_init_thread ARTS_MPI_T_init_thread
#define MPI_T_finalize ARTS_MPI_T_finalize
#define MPI_T_enum_get_info ARTS_MPI_T_enum_get_info
#define MPI_T_enum_get_item ARTS_MPI_T_enum_get_item
#define MPI_T_cvar_get_num ARTS_MPI_T_cvar_get_num
#define MPI_T_cvar_get_info ARTS_MPI_T_cvar_get_info
#define MPI_T_cvar_get_index ARTS_MPI_T_cvar_get_index
#define MPI_T_cvar_handle_alloc ARTS_MPI_T_cvar_handle_alloc
#define MPI_T_cvar_handle_free ARTS_MPI_T_cvar_handle_free
#define MPI_T_cvar_read ARTS_MPI_T_cvar_read
#define MPI_T_cvar_write ARTS_MPI_T_cvar_write
#define MPI_T_pvar_get_num ARTS_MPI_T_pvar_get_num
#define MPI_T_pvar_get_info ARTS_MPI_T_pvar_get_info
#define MPI_T_pvar_get_index ARTS_MPI_T_pvar_get_index
#define MPI_T_pvar_session_create ARTS_MPI_T_pvar_session_create
#define MPI_T_pvar_session_free ARTS_MPI_T_pvar_session_free
#define MPI_T_pvar_handle_alloc ARTS_MPI_T_pvar_handle_alloc
#define MPI_T_pvar_handle_free ARTS_MPI_T_pvar_handle_free
#define MPI_T_pvar_start ARTS_MPI_T_pvar_start
#define MPI_T_pvar_stop ARTS_MPI_T_pvar_stop
#define MPI_T_pvar_read ARTS_MPI_T_pvar_read
#define MPI_T_pvar_write ARTS_MPI_T_pvar_write
#define MPI_T_pvar_reset ARTS_MPI_T_pvar_reset
#define MPI_T_pvar_readreset ARTS_MPI_T_pvar_readreset
#define MPI_T_category_get_num ARTS_MPI_T_category_get_num
#define MPI_T_category_get_info ARTS_MPI_T_category_get_info
#define MPI_T_category_get_index ARTS_MPI_T_category_get_index
#define MPI_T_category_get_cvars ARTS_MPI_T_category_get_cvars
#define MPI_T_category_get_pvars ARTS_MPI_T_category_get_pvars
#define MPI_T_category_get_categories ARTS_MPI_T_category_get_categories
#define MPI_T_category_changed ARTS_MPI_T_category_changed
int MPI_T_init_thread(int required, int *provided);
int MPI_T_finalize(void);
int MPI_T_enum_get_info(MPI_T_enum enumtype, int *num, char *name, int *name_len);
int MPI_T_enum_get_item(MPI_T_enum enumtype, int index, int *value, char *name, int *name_len);
int MPI_T_cvar_get_num(int *num_cvar);
int MPI_T_cvar_get_info(int cvar_index, char *name, int *name_len, int *verbosity, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len, int *bind, int *scope);
int MPI_T_cvar_get_index(const char *name, int *cvar_index);
int MPI_T_cvar_handle_alloc(int cvar_index, void *obj_handle, MPI_T_cvar_handle *handle, int *count);
int MPI_T_cvar_handle_free(MPI_T_cvar_handle *handle);
int MPI_T_cvar_read(MPI_T_cvar_handle handle, void *buf);
int MPI_T_cvar_write(MPI_T_cvar_handle handle, const void *buf);
int MPI_T_pvar_get_num(int *num_pvar);
int MPI_T_pvar_get_info(int pvar_index, char *name, int *name_len, int *verbosity, int *var_class, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len, int *bind, int *readonly, int *continuous, int *atomic);
int MPI_T_pvar_get_index(const char *name, int var_class, int *pvar_index);
int MPI_T_pvar_session_create(MPI_T_pvar_session *session);
int MPI_T_pvar_session_free(MPI_T_pvar_session *session);
int MPI_T_pvar_handle_alloc(MPI_T_pvar_session session, int pvar_index, void *obj_handle, MPI_T_pvar_handle *handle, int *count);
int MPI_T_pvar_handle_free(MPI_T_pvar_session session, MPI_T_pvar_handle *handle);
int MPI_T_pvar_start(MPI_T_pvar_session session, MPI_T_pvar_handle handle);
int MPI_T_pvar_stop(MPI_T_pvar_session session, MPI_T_pvar_handle handle);
int MPI_T_pvar_read(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf);
int MPI_T_pvar_write(MPI_T_pvar_session session, MPI_T_pvar_handle handle, const void *buf);
int MPI_T_pvar_reset(MPI_T_pvar_session session, MPI_T_pvar_handle handle);
int MPI_T_pvar_readreset(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf);
int MPI_T_category_get_num(int *num_cat);
int MPI_T_category_get_info(int cat_index, char *name, int *name_len, char *desc, int *desc_len, int *num_cvars, int *num_pvars, int *num_categories);
int MPI_T_category_get_index(const char *name, int *cat_index);
int MPI_T_category_get_cvars(int cat_index, int len, int indices[]);
int MPI_T_category_get_pvars(int cat_index, int len, int indices[]);
int MPI_T_category_get_categories(int cat_index, int len, int indices[]);
int MPI_T_category_changed(int *stamp);

/* The marker `arts ampi run` looks for: this object was built against this
 * header (weak, so every translation unit may define it). */
int arts_mpi_abi_version(void);
__attribute__((weak)) int arts_mpi_abi_version(void) { return ARTS_MPI_ABI_VERSION; }

/* Every call's PMPI_ name, for profiling tools. */
#include "pmpi.h"

#ifdef __cplusplus
}
#endif

#endif /* ARTS_MPI_H */
