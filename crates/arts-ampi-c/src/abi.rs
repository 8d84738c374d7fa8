//! The constants of `include/mpi.h`, mirrored (a test checks both agree).

use std::ffi::c_int;

/// `MPI_SUCCESS`.
pub const MPI_SUCCESS: c_int = 0;
/// `MPI_COMM_NULL`.
pub const MPI_COMM_NULL: c_int = -1;
/// `MPI_COMM_WORLD`.
pub const MPI_COMM_WORLD: c_int = 0;
/// `MPI_COMM_SELF`.
pub const MPI_COMM_SELF: c_int = 1;
/// `MPI_DATATYPE_NULL`.
pub const MPI_DATATYPE_NULL: c_int = -1;
/// `MPI_REQUEST_NULL`.
pub const MPI_REQUEST_NULL: c_int = -1;
/// `MPI_GROUP_NULL`.
pub const MPI_GROUP_NULL: c_int = -1;
/// `MPI_GROUP_EMPTY`.
pub const MPI_GROUP_EMPTY: c_int = 0;
/// The predefined attributes of `MPI_Comm_get_attr`.
pub const MPI_TAG_UB: c_int = 1;
/// `MPI_HOST`.
pub const MPI_HOST: c_int = 2;
/// `MPI_IO`.
pub const MPI_IO: c_int = 3;
/// `MPI_WTIME_IS_GLOBAL`.
pub const MPI_WTIME_IS_GLOBAL: c_int = 4;
/// `MPI_UNIVERSE_SIZE`.
pub const MPI_UNIVERSE_SIZE: c_int = 5;
/// `MPI_APPNUM`.
pub const MPI_APPNUM: c_int = 11;
/// `MPI_LASTUSEDCODE`.
pub const MPI_LASTUSEDCODE: c_int = 12;
/// The predefined attributes of `MPI_Win_get_attr`: `MPI_WIN_BASE`.
pub const MPI_WIN_BASE: c_int = 6;
/// `MPI_WIN_SIZE`.
pub const MPI_WIN_SIZE: c_int = 7;
/// `MPI_WIN_DISP_UNIT`.
pub const MPI_WIN_DISP_UNIT: c_int = 8;
/// `MPI_WIN_CREATE_FLAVOR`.
pub const MPI_WIN_CREATE_FLAVOR: c_int = 9;
/// `MPI_WIN_MODEL`.
pub const MPI_WIN_MODEL: c_int = 10;
/// `MPI_WIN_FLAVOR_CREATE`: made by `MPI_Win_create`.
pub const MPI_WIN_FLAVOR_CREATE: c_int = 1;
/// `MPI_WIN_FLAVOR_ALLOCATE`: made by `MPI_Win_allocate`.
pub const MPI_WIN_FLAVOR_ALLOCATE: c_int = 2;
/// `MPI_WIN_FLAVOR_DYNAMIC`: made by `MPI_Win_create_dynamic`.
pub const MPI_WIN_FLAVOR_DYNAMIC: c_int = 3;
/// `MPI_WIN_FLAVOR_SHARED`: made by `MPI_Win_allocate_shared`.
pub const MPI_WIN_FLAVOR_SHARED: c_int = 4;
/// `MPI_WIN_UNIFIED`: one copy of the window's memory.
pub const MPI_WIN_UNIFIED: c_int = 2;
/// `MPI_MESSAGE_NULL`.
pub const MPI_MESSAGE_NULL: c_int = -1;
/// `MPI_MESSAGE_NO_PROC`: what a matched probe of `MPI_PROC_NULL` returns.
pub const MPI_MESSAGE_NO_PROC: c_int = -2;
/// `MPI_ANY_SOURCE`.
pub const MPI_ANY_SOURCE: c_int = -2;
/// `MPI_ANY_TAG`.
pub const MPI_ANY_TAG: c_int = -1;
/// `MPI_PROC_NULL`.
pub const MPI_PROC_NULL: c_int = -3;
/// `MPI_ROOT`: the root of an intercommunicator collective.
pub const MPI_ROOT: c_int = -4;
/// `MPI_UNDEFINED`.
pub const MPI_UNDEFINED: c_int = -32766;
/// `MPI_KEYVAL_INVALID`: what a freed keyval becomes.
pub const MPI_KEYVAL_INVALID: c_int = -1;
/// `MPI_MAX_OBJECT_NAME`: room for a communicator's name with its NUL.
pub const MPI_MAX_OBJECT_NAME: c_int = 64;
/// `MPI_MAX_INFO_KEY`: room for an info key with its NUL.
pub const MPI_MAX_INFO_KEY: c_int = 255;
/// `MPI_MAX_INFO_VAL`: room for an info value with its NUL.
pub const MPI_MAX_INFO_VAL: c_int = 1024;
/// `MPI_INFO_NULL`.
pub const MPI_INFO_NULL: c_int = 0;
/// `MPI_WIN_NULL`.
pub const MPI_WIN_NULL: c_int = -1;
/// `MPI_FILE_NULL`.
pub const MPI_FILE_NULL: c_int = -1;
/// `MPI_MODE_CREATE` (file access modes of `MPI_File_open`).
pub const MPI_MODE_CREATE: c_int = 1;
/// `MPI_MODE_RDONLY`.
pub const MPI_MODE_RDONLY: c_int = 2;
/// `MPI_MODE_WRONLY`.
pub const MPI_MODE_WRONLY: c_int = 4;
/// `MPI_MODE_RDWR`.
pub const MPI_MODE_RDWR: c_int = 8;
/// `MPI_MODE_DELETE_ON_CLOSE`.
pub const MPI_MODE_DELETE_ON_CLOSE: c_int = 16;
/// `MPI_MODE_EXCL`.
pub const MPI_MODE_EXCL: c_int = 64;
/// `MPI_MODE_APPEND`.
pub const MPI_MODE_APPEND: c_int = 128;
/// `MPI_MODE_SEQUENTIAL`: the file is read or written in order only.
pub const MPI_MODE_SEQUENTIAL: c_int = 256;
/// `MPI_MODE_NOSUCCEED`: a fence after which no epoch follows.
pub const MPI_MODE_NOSUCCEED: c_int = 16384;
/// `MPI_DISPLACEMENT_CURRENT`: a view starting at the shared file pointer
/// (`MPI_File_set_view` of a file opened `MPI_MODE_SEQUENTIAL`).
pub const MPI_DISPLACEMENT_CURRENT: i64 = -54278278;
/// `MPI_SEEK_SET`.
pub const MPI_SEEK_SET: c_int = 600;
/// `MPI_SEEK_CUR`.
pub const MPI_SEEK_CUR: c_int = 602;
/// `MPI_SEEK_END`.
pub const MPI_SEEK_END: c_int = 604;
/// `MPI_GRAPH` (`MPI_Topo_test`).
pub const MPI_GRAPH: c_int = 1;
/// `MPI_CART` (`MPI_Topo_test`).
pub const MPI_CART: c_int = 2;
/// `MPI_DIST_GRAPH` (`MPI_Topo_test`).
pub const MPI_DIST_GRAPH: c_int = 3;
/// `MPI_MAX_LIBRARY_VERSION_STRING`.
pub const MPI_MAX_LIBRARY_VERSION_STRING: c_int = 256;
/// `MPI_COMM_TYPE_SHARED`: the ranks of one process (`MPI_Comm_split_type`).
pub const MPI_COMM_TYPE_SHARED: c_int = 1;
/// `AMPI_COMM_TYPE_PROCESS`: the same as `MPI_COMM_TYPE_SHARED`.
pub const AMPI_COMM_TYPE_PROCESS: c_int = 2;
/// `AMPI_COMM_TYPE_PE`: the ranks of one PE.
pub const AMPI_COMM_TYPE_PE: c_int = 3;
/// `MPI_MAX_PROCESSOR_NAME`.
pub const MPI_MAX_PROCESSOR_NAME: c_int = 256;
/// The constructors of `MPI_Type_get_envelope` (`MPI_COMBINER_*`) and the
/// distributions of `MPI_Type_create_darray`.
pub const COMBINERS: &[(&str, c_int)] = &[
    ("MPI_COMBINER_NAMED", MPI_COMBINER_NAMED),
    ("MPI_COMBINER_DUP", MPI_COMBINER_DUP),
    ("MPI_COMBINER_CONTIGUOUS", MPI_COMBINER_CONTIGUOUS),
    ("MPI_COMBINER_VECTOR", MPI_COMBINER_VECTOR),
    ("MPI_COMBINER_HVECTOR", MPI_COMBINER_HVECTOR),
    ("MPI_COMBINER_INDEXED", MPI_COMBINER_INDEXED),
    ("MPI_COMBINER_HINDEXED", MPI_COMBINER_HINDEXED),
    ("MPI_COMBINER_INDEXED_BLOCK", MPI_COMBINER_INDEXED_BLOCK),
    ("MPI_COMBINER_HINDEXED_BLOCK", MPI_COMBINER_HINDEXED_BLOCK),
    ("MPI_COMBINER_STRUCT", MPI_COMBINER_STRUCT),
    ("MPI_COMBINER_SUBARRAY", MPI_COMBINER_SUBARRAY),
    ("MPI_COMBINER_RESIZED", MPI_COMBINER_RESIZED),
    ("MPI_COMBINER_DARRAY", MPI_COMBINER_DARRAY),
    ("MPI_COMBINER_F90_REAL", MPI_COMBINER_F90_REAL),
    ("MPI_COMBINER_F90_COMPLEX", MPI_COMBINER_F90_COMPLEX),
    ("MPI_COMBINER_F90_INTEGER", MPI_COMBINER_F90_INTEGER),
    ("MPI_DISTRIBUTE_BLOCK", MPI_DISTRIBUTE_BLOCK),
    ("MPI_DISTRIBUTE_CYCLIC", MPI_DISTRIBUTE_CYCLIC),
    ("MPI_DISTRIBUTE_NONE", MPI_DISTRIBUTE_NONE),
    ("MPI_DISTRIBUTE_DFLT_DARG", MPI_DISTRIBUTE_DFLT_DARG),
];
/// A predefined datatype.
pub const MPI_COMBINER_NAMED: c_int = 1;
/// `MPI_Type_dup`.
pub const MPI_COMBINER_DUP: c_int = 2;
/// `MPI_Type_contiguous`.
pub const MPI_COMBINER_CONTIGUOUS: c_int = 3;
/// `MPI_Type_vector`.
pub const MPI_COMBINER_VECTOR: c_int = 4;
/// `MPI_Type_create_hvector`.
pub const MPI_COMBINER_HVECTOR: c_int = 5;
/// `MPI_Type_indexed`.
pub const MPI_COMBINER_INDEXED: c_int = 6;
/// `MPI_Type_create_hindexed`.
pub const MPI_COMBINER_HINDEXED: c_int = 7;
/// `MPI_Type_create_indexed_block`.
pub const MPI_COMBINER_INDEXED_BLOCK: c_int = 8;
/// `MPI_Type_create_hindexed_block`.
pub const MPI_COMBINER_HINDEXED_BLOCK: c_int = 9;
/// `MPI_Type_create_struct`.
pub const MPI_COMBINER_STRUCT: c_int = 10;
/// `MPI_Type_create_subarray`.
pub const MPI_COMBINER_SUBARRAY: c_int = 11;
/// `MPI_Type_create_resized`.
pub const MPI_COMBINER_RESIZED: c_int = 16;
/// `MPI_Type_create_darray`.
pub const MPI_COMBINER_DARRAY: c_int = 12;
/// `MPI_Type_create_f90_real`.
pub const MPI_COMBINER_F90_REAL: c_int = 13;
/// `MPI_Type_create_f90_complex`.
pub const MPI_COMBINER_F90_COMPLEX: c_int = 14;
/// `MPI_Type_create_f90_integer`.
pub const MPI_COMBINER_F90_INTEGER: c_int = 15;
/// `MPI_DISTRIBUTE_BLOCK` (a distribution of `MPI_Type_create_darray`).
pub const MPI_DISTRIBUTE_BLOCK: c_int = 121;
/// `MPI_DISTRIBUTE_CYCLIC`.
pub const MPI_DISTRIBUTE_CYCLIC: c_int = 122;
/// `MPI_DISTRIBUTE_NONE`.
pub const MPI_DISTRIBUTE_NONE: c_int = 123;
/// `MPI_DISTRIBUTE_DFLT_DARG`: the default block size.
pub const MPI_DISTRIBUTE_DFLT_DARG: c_int = -49767;
/// `MPI_ERR_LASTCODE`: the last predefined error code.
pub const MPI_ERR_LASTCODE: c_int = 77;
/// `MPI_MAX_ERROR_STRING`.
pub const MPI_MAX_ERROR_STRING: c_int = 512;
/// `MPI_IDENT`.
pub const MPI_IDENT: c_int = 0;
/// `MPI_CONGRUENT`.
pub const MPI_CONGRUENT: c_int = 1;
/// `MPI_SIMILAR`.
pub const MPI_SIMILAR: c_int = 2;
/// `MPI_UNEQUAL`.
pub const MPI_UNEQUAL: c_int = 3;
/// `MPI_THREAD_SINGLE`.
pub const MPI_THREAD_SINGLE: c_int = 0;
/// `MPI_THREAD_FUNNELED`.
pub const MPI_THREAD_FUNNELED: c_int = 1;
/// `MPI_THREAD_SERIALIZED`.
pub const MPI_THREAD_SERIALIZED: c_int = 2;
/// `MPI_THREAD_MULTIPLE`.
pub const MPI_THREAD_MULTIPLE: c_int = 3;
/// `MPI_ERRORS_ARE_FATAL`.
pub const MPI_ERRORS_ARE_FATAL: c_int = 1;
/// `MPI_ERRHANDLER_NULL`.
pub const MPI_ERRHANDLER_NULL: c_int = -1;
/// `MPI_ERRORS_RETURN`.
pub const MPI_ERRORS_RETURN: c_int = 2;
/// `MPI_OP_NULL`.
pub const MPI_OP_NULL: c_int = -1;

/// The predefined datatypes, `(name, handle)`.
pub const DATATYPES: &[(&str, c_int)] = &[
    ("MPI_CHAR", 1),
    ("MPI_SIGNED_CHAR", 2),
    ("MPI_UNSIGNED_CHAR", 3),
    ("MPI_BYTE", 4),
    ("MPI_SHORT", 5),
    ("MPI_UNSIGNED_SHORT", 6),
    ("MPI_INT", 7),
    ("MPI_UNSIGNED", 8),
    ("MPI_LONG", 9),
    ("MPI_UNSIGNED_LONG", 10),
    ("MPI_LONG_LONG", 11),
    ("MPI_UNSIGNED_LONG_LONG", 12),
    ("MPI_FLOAT", 13),
    ("MPI_DOUBLE", 14),
    ("MPI_INT8_T", 15),
    ("MPI_UINT8_T", 16),
    ("MPI_INT16_T", 17),
    ("MPI_UINT16_T", 18),
    ("MPI_INT32_T", 19),
    ("MPI_UINT32_T", 20),
    ("MPI_INT64_T", 21),
    ("MPI_UINT64_T", 22),
    ("MPI_C_BOOL", 23),
    ("MPI_AINT", 24),
    ("MPI_DOUBLE_INT", 25),
    ("MPI_2INT", 26),
    ("MPI_FLOAT_INT", 27),
    ("MPI_PACKED", 28),
    ("MPI_LONG_DOUBLE", 43),
    ("MPI_LONG_INT", 44),
    ("MPI_SHORT_INT", 45),
    ("MPI_LONG_DOUBLE_INT", 46),
    ("MPI_WCHAR", 47),
    ("MPI_OFFSET", 48),
    ("MPI_COUNT", 49),
    ("MPI_C_LONG_DOUBLE_COMPLEX", 50),
    ("MPI_C_COMPLEX", 55),
    ("MPI_C_DOUBLE_COMPLEX", 56),
    ("MPI_CXX_FLOAT_COMPLEX", 57),
    ("MPI_CXX_DOUBLE_COMPLEX", 58),
    ("MPI_CXX_LONG_DOUBLE_COMPLEX", 59),
    ("MPI_CXX_BOOL", 60),
    ("MPI_LB", MPI_LB),
    ("MPI_UB", MPI_UB),
];

/// MPI-1's `MPI_LB`: a marker of no size whose displacement in
/// `MPI_Type_struct` sets the lower bound (removed in MPI 3.0; Open MPI
/// keeps it in Fortran).
pub const MPI_LB: c_int = 61;
/// MPI-1's `MPI_UB`: the marker of the upper bound.
pub const MPI_UB: c_int = 62;

/// The Fortran datatypes of `mpif.h`, `(name, handle, bytes)`.
pub const FORTRAN_DATATYPES: &[(&str, c_int, usize)] = &[
    ("MPI_INTEGER", 29, 4),
    ("MPI_REAL", 30, 4),
    ("MPI_DOUBLE_PRECISION", 31, 8),
    ("MPI_LOGICAL", 32, 4),
    ("MPI_CHARACTER", 33, 1),
    ("MPI_COMPLEX", 34, 8),
    ("MPI_DOUBLE_COMPLEX", 35, 16),
    ("MPI_2INTEGER", 36, 8),
    ("MPI_2REAL", 37, 8),
    ("MPI_2DOUBLE_PRECISION", 38, 16),
    ("MPI_INTEGER4", 39, 4),
    ("MPI_INTEGER8", 40, 8),
    ("MPI_REAL4", 41, 4),
    ("MPI_REAL8", 42, 8),
    ("MPI_COMPLEX8", 51, 8),
    ("MPI_COMPLEX16", 52, 16),
    ("MPI_INTEGER1", 53, 1),
    ("MPI_INTEGER2", 54, 2),
];

/// The predefined reduction operations, `(name, handle)`.
pub const OPS: &[(&str, c_int)] = &[
    ("MPI_MAX", 1),
    ("MPI_MIN", 2),
    ("MPI_SUM", 3),
    ("MPI_PROD", 4),
    ("MPI_LAND", 5),
    ("MPI_BAND", 6),
    ("MPI_LOR", 7),
    ("MPI_BOR", 8),
    ("MPI_MAXLOC", 9),
    ("MPI_MINLOC", 10),
    ("MPI_BXOR", 13),
    ("MPI_LXOR", 14),
];

/// The error classes, `(name, class, description)`; codes are classes.
pub const ERROR_CLASSES: &[(&str, c_int, &str)] = &[
    ("MPI_SUCCESS", 0, "no error"),
    ("MPI_ERR_BUFFER", 1, "invalid buffer pointer"),
    ("MPI_ERR_COUNT", 2, "invalid count argument"),
    ("MPI_ERR_TYPE", 3, "invalid datatype"),
    ("MPI_ERR_TAG", 4, "invalid tag"),
    ("MPI_ERR_COMM", 5, "invalid communicator"),
    ("MPI_ERR_RANK", 6, "invalid rank"),
    ("MPI_ERR_REQUEST", 7, "invalid request"),
    ("MPI_ERR_ROOT", 8, "invalid root"),
    ("MPI_ERR_GROUP", 9, "invalid group"),
    ("MPI_ERR_OP", 10, "invalid reduce operation"),
    ("MPI_ERR_TOPOLOGY", 11, "invalid topology"),
    ("MPI_ERR_DIMS", 12, "invalid dimension argument"),
    ("MPI_ERR_ARG", 13, "invalid argument"),
    ("MPI_ERR_UNKNOWN", 14, "unknown error"),
    ("MPI_ERR_TRUNCATE", 15, "message truncated"),
    ("MPI_ERR_OTHER", 16, "other error"),
    ("MPI_ERR_INTERN", 17, "internal error"),
    ("MPI_ERR_IN_STATUS", 18, "error code in status"),
    ("MPI_ERR_PENDING", 19, "pending request"),
    (
        "MPI_ERR_UNSUPPORTED_OPERATION",
        20,
        "operation not supported by arts AMPI",
    ),
    ("MPI_ERR_KEYVAL", 21, "invalid keyval"),
    ("MPI_ERR_INFO", 22, "invalid info object"),
    ("MPI_ERR_INFO_KEY", 23, "invalid info key"),
    ("MPI_ERR_INFO_VALUE", 24, "invalid info value"),
    ("MPI_ERR_INFO_NOKEY", 25, "no such info key"),
    ("MPI_ERR_WIN", 26, "invalid window"),
    ("MPI_ERR_SIZE", 27, "invalid size"),
    ("MPI_ERR_DISP", 28, "invalid displacement unit"),
    (
        "MPI_ERR_RMA_SYNC",
        29,
        "one-sided operations not synchronized",
    ),
    ("MPI_ERR_FILE", 30, "invalid file handle"),
    ("MPI_ERR_NO_SUCH_FILE", 31, "no such file"),
    ("MPI_ERR_FILE_EXISTS", 32, "file exists"),
    ("MPI_ERR_ACCESS", 33, "permission denied"),
    ("MPI_ERR_IO", 34, "input/output error"),
    ("MPI_ERR_AMODE", 35, "invalid file access mode"),
    (
        "MPI_ERR_UNSUPPORTED_DATAREP",
        36,
        "unsupported data representation",
    ),
    ("MPI_ERR_NO_MEM", 37, "out of memory (MPI_Alloc_mem)"),
    (
        "MPI_ERR_RMA_RANGE",
        38,
        "target memory is not part of the window",
    ),
    ("MPI_ERR_RMA_ATTACH", 39, "memory cannot be attached"),
    ("MPI_ERR_RMA_FLAVOR", 40, "wrong type of window"),
    ("MPI_ERR_ASSERT", 41, "invalid assertion"),
    ("MPI_ERR_BAD_FILE", 42, "invalid file name"),
    ("MPI_ERR_BASE", 43, "invalid base address"),
    ("MPI_ERR_CONVERSION", 44, "data conversion failed"),
    (
        "MPI_ERR_DUP_DATAREP",
        45,
        "data representation already defined",
    ),
    ("MPI_ERR_FILE_IN_USE", 46, "file in use"),
    ("MPI_ERR_LOCKTYPE", 47, "invalid lock type"),
    ("MPI_ERR_NAME", 48, "invalid service name"),
    (
        "MPI_ERR_NOT_SAME",
        49,
        "arguments differ across the ranks of a collective",
    ),
    ("MPI_ERR_NO_SPACE", 50, "no space left on the device"),
    ("MPI_ERR_PORT", 51, "invalid port name"),
    ("MPI_ERR_QUOTA", 52, "quota exceeded"),
    ("MPI_ERR_READ_ONLY", 53, "read-only file or file system"),
    (
        "MPI_ERR_RMA_CONFLICT",
        54,
        "conflicting accesses to a window",
    ),
    ("MPI_ERR_RMA_SHARED", 55, "memory cannot be shared"),
    ("MPI_ERR_SERVICE", 56, "invalid service"),
    ("MPI_ERR_SPAWN", 57, "cannot spawn processes"),
    ("MPI_ERR_PROC_ABORTED", 58, "a process aborted"),
    (
        "MPI_ERR_VALUE_TOO_LARGE",
        59,
        "value too large for its output argument",
    ),
    ("MPI_ERR_SESSION", 60, "invalid session"),
    ("MPI_ERR_ERRHANDLER", 61, "invalid error handler"),
    ("MPI_T_ERR_MEMORY", 62, "MPI_T: out of memory"),
    (
        "MPI_T_ERR_NOT_INITIALIZED",
        63,
        "MPI_T: the interface is not initialized",
    ),
    (
        "MPI_T_ERR_CANNOT_INIT",
        64,
        "MPI_T: the interface cannot be initialized",
    ),
    (
        "MPI_T_ERR_INVALID_INDEX",
        65,
        "MPI_T: invalid variable or category index",
    ),
    (
        "MPI_T_ERR_INVALID_ITEM",
        66,
        "MPI_T: invalid item of an enumeration",
    ),
    ("MPI_T_ERR_INVALID_HANDLE", 67, "MPI_T: invalid handle"),
    ("MPI_T_ERR_OUT_OF_HANDLES", 68, "MPI_T: no more handles"),
    ("MPI_T_ERR_OUT_OF_SESSIONS", 69, "MPI_T: no more sessions"),
    ("MPI_T_ERR_INVALID_SESSION", 70, "MPI_T: invalid session"),
    (
        "MPI_T_ERR_CVAR_SET_NOT_NOW",
        71,
        "MPI_T: the control variable cannot be set now",
    ),
    (
        "MPI_T_ERR_CVAR_SET_NEVER",
        72,
        "MPI_T: the control variable can never be set",
    ),
    (
        "MPI_T_ERR_PVAR_NO_STARTSTOP",
        73,
        "MPI_T: the performance variable cannot be started or stopped",
    ),
    (
        "MPI_T_ERR_PVAR_NO_WRITE",
        74,
        "MPI_T: the performance variable cannot be written or reset",
    ),
    (
        "MPI_T_ERR_PVAR_NO_ATOMIC",
        75,
        "MPI_T: the performance variable cannot be read and reset atomically",
    ),
    (
        "MPI_T_ERR_INVALID_NAME",
        76,
        "MPI_T: no variable or category has this name",
    ),
    ("MPI_T_ERR_INVALID", 77, "MPI_T: invalid argument"),
];

/// An error class by name (for the code).
pub const fn class(name: &str) -> c_int {
    let mut i = 0;
    while i < ERROR_CLASSES.len() {
        if const_eq(ERROR_CLASSES[i].0, name) {
            return ERROR_CLASSES[i].1;
        }
        i += 1;
    }
    panic!("unknown error class")
}

/// A predefined datatype's handle by name (for the code).
pub const fn datatype(name: &str) -> c_int {
    let mut i = 0;
    while i < DATATYPES.len() {
        if const_eq(DATATYPES[i].0, name) {
            return DATATYPES[i].1;
        }
        i += 1;
    }
    panic!("unknown datatype")
}

/// The name of error class `c` (`MPI_ERR_UNKNOWN` for one MPI does not
/// define).
pub fn class_name(c: c_int) -> &'static str {
    ERROR_CLASSES
        .iter()
        .find(|e| e.1 == c)
        .map_or("MPI_ERR_UNKNOWN", |e| e.0)
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `MPI_ERR_BUFFER`.
pub const ERR_BUFFER: c_int = class("MPI_ERR_BUFFER");
/// `MPI_ERR_COUNT`.
pub const ERR_COUNT: c_int = class("MPI_ERR_COUNT");
/// `MPI_ERR_TYPE`.
pub const ERR_TYPE: c_int = class("MPI_ERR_TYPE");
/// `MPI_ERR_TAG`.
pub const ERR_TAG: c_int = class("MPI_ERR_TAG");
/// `MPI_ERR_COMM`.
pub const ERR_COMM: c_int = class("MPI_ERR_COMM");
/// `MPI_ERR_RANK`.
pub const ERR_RANK: c_int = class("MPI_ERR_RANK");
/// `MPI_ERR_REQUEST`.
pub const ERR_REQUEST: c_int = class("MPI_ERR_REQUEST");
/// `MPI_ERR_ROOT`.
pub const ERR_ROOT: c_int = class("MPI_ERR_ROOT");
/// `MPI_ERR_GROUP`.
pub const ERR_GROUP: c_int = class("MPI_ERR_GROUP");
/// `MPI_ERR_OP`.
pub const ERR_OP: c_int = class("MPI_ERR_OP");
/// `MPI_ERR_TOPOLOGY`.
pub const ERR_TOPOLOGY: c_int = class("MPI_ERR_TOPOLOGY");
/// `MPI_ERR_DIMS`.
pub const ERR_DIMS: c_int = class("MPI_ERR_DIMS");
/// `MPI_ERR_ARG`.
pub const ERR_ARG: c_int = class("MPI_ERR_ARG");
/// `MPI_ERR_TRUNCATE`.
pub const ERR_TRUNCATE: c_int = class("MPI_ERR_TRUNCATE");
/// `MPI_ERR_IN_STATUS`.
pub const ERR_IN_STATUS: c_int = class("MPI_ERR_IN_STATUS");
/// `MPI_ERR_OTHER`.
pub const ERR_OTHER: c_int = class("MPI_ERR_OTHER");
/// `MPI_ERR_INTERN`.
pub const ERR_INTERN: c_int = class("MPI_ERR_INTERN");
/// `MPI_ERR_UNSUPPORTED_OPERATION`.
pub const ERR_UNSUPPORTED: c_int = class("MPI_ERR_UNSUPPORTED_OPERATION");
/// `MPI_ERR_KEYVAL`.
pub const ERR_KEYVAL: c_int = class("MPI_ERR_KEYVAL");
/// `MPI_ERR_INFO`.
pub const ERR_INFO: c_int = class("MPI_ERR_INFO");
/// `MPI_ERR_INFO_KEY`.
pub const ERR_INFO_KEY: c_int = class("MPI_ERR_INFO_KEY");
/// `MPI_ERR_INFO_VALUE`.
pub const ERR_INFO_VALUE: c_int = class("MPI_ERR_INFO_VALUE");
/// `MPI_ERR_INFO_NOKEY`.
pub const ERR_INFO_NOKEY: c_int = class("MPI_ERR_INFO_NOKEY");
/// `MPI_ERR_WIN`.
pub const ERR_WIN: c_int = class("MPI_ERR_WIN");
/// `MPI_ERR_SIZE`.
pub const ERR_SIZE: c_int = class("MPI_ERR_SIZE");
/// `MPI_ERR_DISP`.
pub const ERR_DISP: c_int = class("MPI_ERR_DISP");
/// `MPI_ERR_RMA_SYNC`.
pub const ERR_RMA_SYNC: c_int = class("MPI_ERR_RMA_SYNC");
/// `MPI_ERR_FILE`.
pub const ERR_FILE: c_int = class("MPI_ERR_FILE");
/// `MPI_ERR_NO_SUCH_FILE`.
pub const ERR_NO_SUCH_FILE: c_int = class("MPI_ERR_NO_SUCH_FILE");
/// `MPI_ERR_FILE_EXISTS`.
pub const ERR_FILE_EXISTS: c_int = class("MPI_ERR_FILE_EXISTS");
/// `MPI_ERR_ACCESS`.
pub const ERR_ACCESS: c_int = class("MPI_ERR_ACCESS");
/// `MPI_ERR_IO`.
pub const ERR_IO: c_int = class("MPI_ERR_IO");
/// `MPI_ERR_AMODE`.
pub const ERR_AMODE: c_int = class("MPI_ERR_AMODE");
/// `MPI_ERR_UNSUPPORTED_DATAREP`.
pub const ERR_UNSUPPORTED_DATAREP: c_int = class("MPI_ERR_UNSUPPORTED_DATAREP");
/// `MPI_ERR_NO_MEM`.
pub const ERR_NO_MEM: c_int = class("MPI_ERR_NO_MEM");
/// `MPI_ERR_RMA_RANGE`.
pub const ERR_RMA_RANGE: c_int = class("MPI_ERR_RMA_RANGE");
/// `MPI_ERR_RMA_ATTACH`.
pub const ERR_RMA_ATTACH: c_int = class("MPI_ERR_RMA_ATTACH");
/// `MPI_ERR_RMA_FLAVOR`.
pub const ERR_RMA_FLAVOR: c_int = class("MPI_ERR_RMA_FLAVOR");
/// `MPI_ERR_BAD_FILE`.
pub const ERR_BAD_FILE: c_int = class("MPI_ERR_BAD_FILE");
/// `MPI_ERR_FILE_IN_USE`.
pub const ERR_FILE_IN_USE: c_int = class("MPI_ERR_FILE_IN_USE");
/// `MPI_ERR_LOCKTYPE`.
pub const ERR_LOCKTYPE: c_int = class("MPI_ERR_LOCKTYPE");
/// `MPI_ERR_NO_SPACE`.
pub const ERR_NO_SPACE: c_int = class("MPI_ERR_NO_SPACE");
/// `MPI_ERR_QUOTA`.
pub const ERR_QUOTA: c_int = class("MPI_ERR_QUOTA");
/// `MPI_ERR_READ_ONLY`.
pub const ERR_READ_ONLY: c_int = class("MPI_ERR_READ_ONLY");

/// `MPI_Status` as laid out in `mpi.h`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct MpiStatus {
    /// `MPI_SOURCE`.
    pub source: c_int,
    /// `MPI_TAG`.
    pub tag: c_int,
    /// `MPI_ERROR`.
    pub error: c_int,
    /// Whether the request was cancelled (never).
    pub cancelled: c_int,
    /// Bytes received.
    pub count: i64,
}
