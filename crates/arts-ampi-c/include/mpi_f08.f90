! mpi_f08: MPI's Fortran 2008 module for arts' Fortran binding.
! Written by scripts/gen-fortran-interfaces.py from mpif.h, mpif-calls.h and mpi.h;
! do not edit (run the script). arts-mpif90 compiles it on first use.
module mpi_f08
use, intrinsic :: iso_c_binding, only: c_int, c_size_t, c_char, c_double, c_ptr, c_loc
implicit none
private :: c_int, c_size_t, c_char, c_double, c_loc, arts_f08_noncontiguous

! handles: one C int each, as the binding's INTEGER handles
type, bind(C) :: MPI_Comm
integer(c_int) :: MPI_VAL
end type MPI_Comm
type, bind(C) :: MPI_Datatype
integer(c_int) :: MPI_VAL
end type MPI_Datatype
type, bind(C) :: MPI_Errhandler
integer(c_int) :: MPI_VAL
end type MPI_Errhandler
type, bind(C) :: MPI_File
integer(c_int) :: MPI_VAL
end type MPI_File
type, bind(C) :: MPI_Group
integer(c_int) :: MPI_VAL
end type MPI_Group
type, bind(C) :: MPI_Info
integer(c_int) :: MPI_VAL
end type MPI_Info
type, bind(C) :: MPI_Message
integer(c_int) :: MPI_VAL
end type MPI_Message
type, bind(C) :: MPI_Op
integer(c_int) :: MPI_VAL
end type MPI_Op
type, bind(C) :: MPI_Request
integer(c_int) :: MPI_VAL
end type MPI_Request
type, bind(C) :: MPI_Win
integer(c_int) :: MPI_VAL
end type MPI_Win
! a status: the binding's INTEGER status(MPI_STATUS_SIZE), word for word
type, bind(C) :: MPI_Status
integer(c_int) :: MPI_SOURCE, MPI_TAG, MPI_ERROR
integer(c_int) :: arts_cancelled, arts_count_lo, arts_count_hi
end type MPI_Status

! constants (mpif.h's; those naming handles are typed)
integer, parameter :: ARTS_MPI_ABI_VERSION = 1
integer, parameter :: MPI_VERSION = 3
integer, parameter :: MPI_SUBVERSION = 1
type(MPI_Comm), parameter :: MPI_COMM_NULL = MPI_Comm(-1)
type(MPI_Comm), parameter :: MPI_COMM_WORLD = MPI_Comm(0)
type(MPI_Comm), parameter :: MPI_COMM_SELF = MPI_Comm(1)
type(MPI_Datatype), parameter :: MPI_DATATYPE_NULL = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_BYTE = MPI_Datatype(4)
type(MPI_Datatype), parameter :: MPI_PACKED = MPI_Datatype(28)
type(MPI_Op), parameter :: MPI_OP_NULL = MPI_Op(-1)
type(MPI_Op), parameter :: MPI_MAX = MPI_Op(1)
type(MPI_Op), parameter :: MPI_MIN = MPI_Op(2)
type(MPI_Op), parameter :: MPI_SUM = MPI_Op(3)
type(MPI_Op), parameter :: MPI_PROD = MPI_Op(4)
type(MPI_Op), parameter :: MPI_LAND = MPI_Op(5)
type(MPI_Op), parameter :: MPI_BAND = MPI_Op(6)
type(MPI_Op), parameter :: MPI_LOR = MPI_Op(7)
type(MPI_Op), parameter :: MPI_BOR = MPI_Op(8)
type(MPI_Op), parameter :: MPI_MAXLOC = MPI_Op(9)
type(MPI_Op), parameter :: MPI_MINLOC = MPI_Op(10)
type(MPI_Op), parameter :: MPI_BXOR = MPI_Op(13)
type(MPI_Op), parameter :: MPI_LXOR = MPI_Op(14)
type(MPI_Request), parameter :: MPI_REQUEST_NULL = MPI_Request(-1)
type(MPI_Message), parameter :: MPI_MESSAGE_NULL = MPI_Message(-1)
type(MPI_Message), parameter :: MPI_MESSAGE_NO_PROC = MPI_Message(-2)
type(MPI_Group), parameter :: MPI_GROUP_NULL = MPI_Group(-1)
type(MPI_Group), parameter :: MPI_GROUP_EMPTY = MPI_Group(0)
integer, parameter :: MPI_TAG_UB = 1
integer, parameter :: MPI_HOST = 2
integer, parameter :: MPI_IO = 3
integer, parameter :: MPI_WTIME_IS_GLOBAL = 4
integer, parameter :: MPI_UNIVERSE_SIZE = 5
integer, parameter :: MPI_APPNUM = 11
integer, parameter :: MPI_LASTUSEDCODE = 12
integer, parameter :: MPI_WIN_BASE = 6
integer, parameter :: MPI_WIN_SIZE = 7
integer, parameter :: MPI_WIN_DISP_UNIT = 8
integer, parameter :: MPI_WIN_CREATE_FLAVOR = 9
integer, parameter :: MPI_WIN_MODEL = 10
integer, parameter :: MPI_WIN_FLAVOR_CREATE = 1
integer, parameter :: MPI_WIN_FLAVOR_ALLOCATE = 2
integer, parameter :: MPI_WIN_FLAVOR_DYNAMIC = 3
integer, parameter :: MPI_WIN_FLAVOR_SHARED = 4
integer, parameter :: MPI_WIN_SEPARATE = 1
integer, parameter :: MPI_WIN_UNIFIED = 2
integer, parameter :: MPI_KEYVAL_INVALID = -1
integer, parameter :: MPI_MAX_OBJECT_NAME = 64
integer, parameter :: MPI_MAX_DATAREP_STRING = 128
integer, parameter :: MPI_MAX_INFO_KEY = 255
integer, parameter :: MPI_MAX_INFO_VAL = 1024
integer, parameter :: MPI_MAX_LIBRARY_VERSION_STRING = 256
type(MPI_Info), parameter :: MPI_INFO_NULL = MPI_Info(0)
integer, parameter :: MPI_ANY_SOURCE = -2
integer, parameter :: MPI_ANY_TAG = -1
integer, parameter :: MPI_PROC_NULL = -3
integer, parameter :: MPI_UNDEFINED = -32766
integer, parameter :: MPI_COMM_TYPE_SHARED = 1
integer, parameter :: AMPI_COMM_TYPE_PROCESS = 2
integer, parameter :: AMPI_COMM_TYPE_PE = 3
integer, parameter :: MPI_BSEND_OVERHEAD = 128
integer, parameter :: MPI_ROOT = -4
integer, parameter :: MPI_MAX_PROCESSOR_NAME = 256
integer, parameter :: MPI_MAX_ERROR_STRING = 512
integer, parameter :: MPI_IDENT = 0
integer, parameter :: MPI_CONGRUENT = 1
integer, parameter :: MPI_SIMILAR = 2
integer, parameter :: MPI_UNEQUAL = 3
integer, parameter :: MPI_THREAD_SINGLE = 0
integer, parameter :: MPI_THREAD_FUNNELED = 1
integer, parameter :: MPI_THREAD_SERIALIZED = 2
integer, parameter :: MPI_THREAD_MULTIPLE = 3
type(MPI_Errhandler), parameter :: MPI_ERRHANDLER_NULL = MPI_Errhandler(-1)
type(MPI_Errhandler), parameter :: MPI_ERRORS_ARE_FATAL = MPI_Errhandler(1)
type(MPI_Errhandler), parameter :: MPI_ERRORS_RETURN = MPI_Errhandler(2)
integer, parameter :: MPI_SUCCESS = 0
integer, parameter :: MPI_ERR_BUFFER = 1
integer, parameter :: MPI_ERR_COUNT = 2
integer, parameter :: MPI_ERR_TYPE = 3
integer, parameter :: MPI_ERR_TAG = 4
integer, parameter :: MPI_ERR_COMM = 5
integer, parameter :: MPI_ERR_RANK = 6
integer, parameter :: MPI_ERR_REQUEST = 7
integer, parameter :: MPI_ERR_ROOT = 8
integer, parameter :: MPI_ERR_GROUP = 9
integer, parameter :: MPI_ERR_OP = 10
integer, parameter :: MPI_ERR_TOPOLOGY = 11
integer, parameter :: MPI_ERR_DIMS = 12
integer, parameter :: MPI_ERR_ARG = 13
integer, parameter :: MPI_ERR_UNKNOWN = 14
integer, parameter :: MPI_ERR_TRUNCATE = 15
integer, parameter :: MPI_ERR_OTHER = 16
integer, parameter :: MPI_ERR_INTERN = 17
integer, parameter :: MPI_ERR_IN_STATUS = 18
integer, parameter :: MPI_ERR_PENDING = 19
integer, parameter :: MPI_ERR_UNSUPPORTED_OPERATION = 20
integer, parameter :: MPI_ERR_KEYVAL = 21
integer, parameter :: MPI_ERR_INFO = 22
integer, parameter :: MPI_ERR_INFO_KEY = 23
integer, parameter :: MPI_ERR_INFO_VALUE = 24
integer, parameter :: MPI_ERR_INFO_NOKEY = 25
integer, parameter :: MPI_ERR_LASTCODE = 77
integer, parameter :: MPI_ORDER_C = 0
integer, parameter :: MPI_DISTRIBUTE_BLOCK = 121
integer, parameter :: MPI_DISTRIBUTE_CYCLIC = 122
integer, parameter :: MPI_DISTRIBUTE_NONE = 123
integer, parameter :: MPI_DISTRIBUTE_DFLT_DARG = -49767
integer, parameter :: MPI_COMBINER_NAMED = 1
integer, parameter :: MPI_COMBINER_DUP = 2
integer, parameter :: MPI_COMBINER_CONTIGUOUS = 3
integer, parameter :: MPI_COMBINER_VECTOR = 4
integer, parameter :: MPI_COMBINER_HVECTOR = 5
integer, parameter :: MPI_COMBINER_INDEXED = 6
integer, parameter :: MPI_COMBINER_HINDEXED = 7
integer, parameter :: MPI_COMBINER_INDEXED_BLOCK = 8
integer, parameter :: MPI_COMBINER_HINDEXED_BLOCK = 9
integer, parameter :: MPI_COMBINER_STRUCT = 10
integer, parameter :: MPI_COMBINER_SUBARRAY = 11
integer, parameter :: MPI_COMBINER_DARRAY = 12
integer, parameter :: MPI_COMBINER_F90_REAL = 13
integer, parameter :: MPI_COMBINER_F90_COMPLEX = 14
integer, parameter :: MPI_COMBINER_F90_INTEGER = 15
integer, parameter :: MPI_COMBINER_RESIZED = 16
integer, parameter :: MPI_ORDER_FORTRAN = 1
type(MPI_Info), parameter :: AMPI_INFO_LB_SYNC = MPI_Info(1)
type(MPI_Info), parameter :: AMPI_INFO_LB_ASYNC = MPI_Info(2)
type(MPI_Info), parameter :: MPI_INFO_ENV = MPI_Info(3)
type(MPI_Op), parameter :: MPI_REPLACE = MPI_Op(11)
type(MPI_Win), parameter :: MPI_WIN_NULL = MPI_Win(-1)
integer, parameter :: MPI_LOCK_EXCLUSIVE = 1
integer, parameter :: MPI_LOCK_SHARED = 2
integer, parameter :: MPI_MODE_NOCHECK = 1024
integer, parameter :: MPI_MODE_NOSTORE = 2048
integer, parameter :: MPI_MODE_NOPUT = 4096
integer, parameter :: MPI_MODE_NOPRECEDE = 8192
integer, parameter :: MPI_MODE_NOSUCCEED = 16384
integer, parameter :: MPI_ERR_WIN = 26
integer, parameter :: MPI_ERR_SIZE = 27
integer, parameter :: MPI_ERR_DISP = 28
integer, parameter :: MPI_ERR_RMA_SYNC = 29
integer, parameter :: MPI_GRAPH = 1
integer, parameter :: MPI_CART = 2
integer, parameter :: MPI_DIST_GRAPH = 3
type(MPI_File), parameter :: MPI_FILE_NULL = MPI_File(-1)
integer, parameter :: MPI_MODE_CREATE = 1
integer, parameter :: MPI_MODE_RDONLY = 2
integer, parameter :: MPI_MODE_WRONLY = 4
integer, parameter :: MPI_MODE_RDWR = 8
integer, parameter :: MPI_MODE_DELETE_ON_CLOSE = 16
integer, parameter :: MPI_MODE_UNIQUE_OPEN = 32
integer, parameter :: MPI_MODE_EXCL = 64
integer, parameter :: MPI_MODE_APPEND = 128
integer, parameter :: MPI_MODE_SEQUENTIAL = 256
integer(kind=8), parameter :: MPI_DISPLACEMENT_CURRENT = -54278278
integer, parameter :: MPI_SEEK_SET = 600
integer, parameter :: MPI_SEEK_CUR = 602
integer, parameter :: MPI_SEEK_END = 604
integer, parameter :: MPI_ERR_FILE = 30
integer, parameter :: MPI_ERR_NO_SUCH_FILE = 31
integer, parameter :: MPI_ERR_FILE_EXISTS = 32
integer, parameter :: MPI_ERR_ACCESS = 33
integer, parameter :: MPI_ERR_IO = 34
integer, parameter :: MPI_ERR_AMODE = 35
integer, parameter :: MPI_ERR_UNSUPPORTED_DATAREP = 36
integer, parameter :: MPI_ERR_NO_MEM = 37
integer, parameter :: MPI_ERR_RMA_RANGE = 38
integer, parameter :: MPI_ERR_RMA_ATTACH = 39
integer, parameter :: MPI_ERR_RMA_FLAVOR = 40
integer, parameter :: MPI_ERR_ASSERT = 41
integer, parameter :: MPI_ERR_BAD_FILE = 42
integer, parameter :: MPI_ERR_BASE = 43
integer, parameter :: MPI_ERR_CONVERSION = 44
integer, parameter :: MPI_ERR_DUP_DATAREP = 45
integer, parameter :: MPI_ERR_FILE_IN_USE = 46
integer, parameter :: MPI_ERR_LOCKTYPE = 47
integer, parameter :: MPI_ERR_NAME = 48
integer, parameter :: MPI_ERR_NOT_SAME = 49
integer, parameter :: MPI_ERR_NO_SPACE = 50
integer, parameter :: MPI_ERR_PORT = 51
integer, parameter :: MPI_ERR_QUOTA = 52
integer, parameter :: MPI_ERR_READ_ONLY = 53
integer, parameter :: MPI_ERR_RMA_CONFLICT = 54
integer, parameter :: MPI_ERR_RMA_SHARED = 55
integer, parameter :: MPI_ERR_SERVICE = 56
integer, parameter :: MPI_ERR_SPAWN = 57
integer, parameter :: MPI_ERR_PROC_ABORTED = 58
integer, parameter :: MPI_ERR_VALUE_TOO_LARGE = 59
integer, parameter :: MPI_ERR_SESSION = 60
integer, parameter :: MPI_ERR_ERRHANDLER = 61
type(MPI_Op), parameter :: MPI_NO_OP = MPI_Op(12)
type(MPI_Datatype), parameter :: MPI_INTEGER = MPI_Datatype(29)
type(MPI_Datatype), parameter :: MPI_REAL = MPI_Datatype(30)
type(MPI_Datatype), parameter :: MPI_DOUBLE_PRECISION = MPI_Datatype(31)
type(MPI_Datatype), parameter :: MPI_LOGICAL = MPI_Datatype(32)
type(MPI_Datatype), parameter :: MPI_CHARACTER = MPI_Datatype(33)
type(MPI_Datatype), parameter :: MPI_COMPLEX = MPI_Datatype(34)
type(MPI_Datatype), parameter :: MPI_DOUBLE_COMPLEX = MPI_Datatype(35)
type(MPI_Datatype), parameter :: MPI_2INTEGER = MPI_Datatype(36)
type(MPI_Datatype), parameter :: MPI_2REAL = MPI_Datatype(37)
type(MPI_Datatype), parameter :: MPI_2DOUBLE_PRECISION = MPI_Datatype(38)
type(MPI_Datatype), parameter :: MPI_INTEGER4 = MPI_Datatype(39)
type(MPI_Datatype), parameter :: MPI_INTEGER8 = MPI_Datatype(40)
integer, parameter :: MPI_TYPECLASS_INTEGER = 1
integer, parameter :: MPI_TYPECLASS_REAL = 2
integer, parameter :: MPI_TYPECLASS_COMPLEX = 3
type(MPI_Datatype), parameter :: MPI_REAL4 = MPI_Datatype(41)
type(MPI_Datatype), parameter :: MPI_REAL8 = MPI_Datatype(42)
type(MPI_Datatype), parameter :: MPI_COMPLEX8 = MPI_Datatype(51)
type(MPI_Datatype), parameter :: MPI_COMPLEX16 = MPI_Datatype(52)
type(MPI_Datatype), parameter :: MPI_INTEGER1 = MPI_Datatype(53)
type(MPI_Datatype), parameter :: MPI_INTEGER2 = MPI_Datatype(54)
type(MPI_Datatype), parameter :: MPI_CHAR = MPI_Datatype(1)
type(MPI_Datatype), parameter :: MPI_SIGNED_CHAR = MPI_Datatype(2)
type(MPI_Datatype), parameter :: MPI_UNSIGNED_CHAR = MPI_Datatype(3)
type(MPI_Datatype), parameter :: MPI_SHORT = MPI_Datatype(5)
type(MPI_Datatype), parameter :: MPI_UNSIGNED_SHORT = MPI_Datatype(6)
type(MPI_Datatype), parameter :: MPI_INT = MPI_Datatype(7)
type(MPI_Datatype), parameter :: MPI_UNSIGNED = MPI_Datatype(8)
type(MPI_Datatype), parameter :: MPI_LONG = MPI_Datatype(9)
type(MPI_Datatype), parameter :: MPI_UNSIGNED_LONG = MPI_Datatype(10)
type(MPI_Datatype), parameter :: MPI_LONG_LONG = MPI_Datatype(11)
type(MPI_Datatype), parameter :: MPI_LONG_LONG_INT = MPI_Datatype(11)
type(MPI_Datatype), parameter :: MPI_UNSIGNED_LONG_LONG = MPI_Datatype(12)
type(MPI_Datatype), parameter :: MPI_FLOAT = MPI_Datatype(13)
type(MPI_Datatype), parameter :: MPI_DOUBLE = MPI_Datatype(14)
type(MPI_Datatype), parameter :: MPI_INT8_T = MPI_Datatype(15)
type(MPI_Datatype), parameter :: MPI_UINT8_T = MPI_Datatype(16)
type(MPI_Datatype), parameter :: MPI_INT16_T = MPI_Datatype(17)
type(MPI_Datatype), parameter :: MPI_UINT16_T = MPI_Datatype(18)
type(MPI_Datatype), parameter :: MPI_INT32_T = MPI_Datatype(19)
type(MPI_Datatype), parameter :: MPI_UINT32_T = MPI_Datatype(20)
type(MPI_Datatype), parameter :: MPI_INT64_T = MPI_Datatype(21)
type(MPI_Datatype), parameter :: MPI_UINT64_T = MPI_Datatype(22)
type(MPI_Datatype), parameter :: MPI_C_BOOL = MPI_Datatype(23)
type(MPI_Datatype), parameter :: MPI_DOUBLE_INT = MPI_Datatype(25)
type(MPI_Datatype), parameter :: MPI_2INT = MPI_Datatype(26)
type(MPI_Datatype), parameter :: MPI_FLOAT_INT = MPI_Datatype(27)
type(MPI_Datatype), parameter :: MPI_C_FLOAT_COMPLEX = MPI_Datatype(55)
type(MPI_Datatype), parameter :: MPI_C_COMPLEX = MPI_Datatype(55)
type(MPI_Datatype), parameter :: MPI_C_DOUBLE_COMPLEX = MPI_Datatype(56)
type(MPI_Datatype), parameter :: MPI_CXX_FLOAT_COMPLEX = MPI_Datatype(57)
type(MPI_Datatype), parameter :: MPI_CXX_DOUBLE_COMPLEX = MPI_Datatype(58)
type(MPI_Datatype), parameter :: MPI_CXX_BOOL = MPI_Datatype(60)
type(MPI_Datatype), parameter :: MPI_LB = MPI_Datatype(61)
type(MPI_Datatype), parameter :: MPI_UB = MPI_Datatype(62)
type(MPI_Datatype), parameter :: MPI_LONG_DOUBLE = MPI_Datatype(43)
type(MPI_Datatype), parameter :: MPI_LONG_INT = MPI_Datatype(44)
type(MPI_Datatype), parameter :: MPI_SHORT_INT = MPI_Datatype(45)
type(MPI_Datatype), parameter :: MPI_LONG_DOUBLE_INT = MPI_Datatype(46)
type(MPI_Datatype), parameter :: MPI_WCHAR = MPI_Datatype(47)
type(MPI_Datatype), parameter :: MPI_C_LONG_DOUBLE_COMPLEX = MPI_Datatype(50)
type(MPI_Datatype), parameter :: MPI_CXX_LONG_DOUBLE_COMPLEX = MPI_Datatype(59)
type(MPI_Datatype), parameter :: MPI_REAL2 = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_REAL16 = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_COMPLEX4 = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_COMPLEX32 = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_INTEGER16 = MPI_Datatype(-1)
type(MPI_Datatype), parameter :: MPI_AINT = MPI_Datatype(24)
type(MPI_Datatype), parameter :: MPI_OFFSET = MPI_Datatype(48)
type(MPI_Datatype), parameter :: MPI_COUNT = MPI_Datatype(49)
integer, parameter :: MPI_STATUS_SIZE = 6
integer, parameter :: MPI_SOURCE = 1
integer, parameter :: MPI_TAG = 2
integer, parameter :: MPI_ERROR = 3
integer, parameter :: MPI_ADDRESS_KIND = 8
integer, parameter :: MPI_OFFSET_KIND = 8
integer, parameter :: MPI_COUNT_KIND = 8
integer, parameter :: MPI_INTEGER_KIND = 4
logical, parameter :: MPI_SUBARRAYS_SUPPORTED = .false.
logical, parameter :: MPI_ASYNC_PROTECTS_NONBLOCKING = .false.
! MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE: statuses whose first words no
! status has (the binding ignores them); variables, being INTENT(OUT)
type(MPI_Status), save :: MPI_STATUS_IGNORE = &
    MPI_Status(-1999999, -1999998, 0, 0, 0, 0)
type(MPI_Status), save :: MPI_STATUSES_IGNORE(1) = &
    MPI_Status(-1999999, -1999998, 0, 0, 0, 0)
integer, parameter :: MPI_UNWEIGHTED(1) = (/-1999997/)
integer, parameter :: MPI_WEIGHTS_EMPTY(1) = (/-1999996/)
! MPI_IN_PLACE, MPI_BOTTOM: mpif.h's common blocks (arts finds each
! rank's copy)
integer :: MPI_IN_PLACE, MPI_BOTTOM
common /ARTS_MPI_IN_PLACE/ MPI_IN_PLACE
common /ARTS_MPI_BOTTOM/ MPI_BOTTOM
! the predefined attribute callbacks (subroutines of the binding)
external :: MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, MPI_DUP_FN
external :: MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, MPI_COMM_DUP_FN
external :: MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, MPI_WIN_DUP_FN
external :: MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, MPI_TYPE_DUP_FN

! handles compare by value
interface operator(==)
module procedure arts_eq_comm
module procedure arts_eq_datatype
module procedure arts_eq_errhandler
module procedure arts_eq_file
module procedure arts_eq_group
module procedure arts_eq_info
module procedure arts_eq_message
module procedure arts_eq_op
module procedure arts_eq_request
module procedure arts_eq_win
end interface
interface operator(/=)
module procedure arts_ne_comm
module procedure arts_ne_datatype
module procedure arts_ne_errhandler
module procedure arts_ne_file
module procedure arts_ne_group
module procedure arts_ne_info
module procedure arts_ne_message
module procedure arts_ne_op
module procedure arts_ne_request
module procedure arts_ne_win
end interface

abstract interface
subroutine MPI_User_function(invec, inoutvec, len, datatype)
import
type(c_ptr), value :: invec, inoutvec
integer :: len
type(MPI_Datatype) :: datatype
end subroutine MPI_User_function
subroutine MPI_Comm_errhandler_function(comm, error_code)
import
type(MPI_Comm) :: comm
integer :: error_code
end subroutine MPI_Comm_errhandler_function
subroutine MPI_Win_errhandler_function(win, error_code)
import
type(MPI_Win) :: win
integer :: error_code
end subroutine MPI_Win_errhandler_function
subroutine MPI_File_errhandler_function(file, error_code)
import
type(MPI_File) :: file
integer :: error_code
end subroutine MPI_File_errhandler_function
subroutine MPI_Grequest_query_function(extra_state, status, ierror)
import
integer(kind=MPI_ADDRESS_KIND) :: extra_state
type(MPI_Status) :: status
integer :: ierror
end subroutine MPI_Grequest_query_function
subroutine MPI_Grequest_free_function(extra_state, ierror)
import
integer(kind=MPI_ADDRESS_KIND) :: extra_state
integer :: ierror
end subroutine MPI_Grequest_free_function
subroutine MPI_Grequest_cancel_function(extra_state, complete, ierror)
import
integer(kind=MPI_ADDRESS_KIND) :: extra_state
logical :: complete
integer :: ierror
end subroutine MPI_Grequest_cancel_function
subroutine MPI_Comm_copy_attr_function(oldcomm, comm_keyval, extra_state, attribute_val_in, attribute_val_out, flag, ierror)
import
type(MPI_Comm) :: oldcomm
integer :: comm_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out
logical :: flag
end subroutine MPI_Comm_copy_attr_function
subroutine MPI_Comm_delete_attr_function(comm, comm_keyval, attribute_val, extra_state, ierror)
import
type(MPI_Comm) :: comm
integer :: comm_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: attribute_val, extra_state
end subroutine MPI_Comm_delete_attr_function
subroutine MPI_Win_copy_attr_function(oldwin, win_keyval, extra_state, attribute_val_in, attribute_val_out, flag, ierror)
import
type(MPI_Win) :: oldwin
integer :: win_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out
logical :: flag
end subroutine MPI_Win_copy_attr_function
subroutine MPI_Win_delete_attr_function(win, win_keyval, attribute_val, extra_state, ierror)
import
type(MPI_Win) :: win
integer :: win_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: attribute_val, extra_state
end subroutine MPI_Win_delete_attr_function
subroutine MPI_Type_copy_attr_function(oldtype, type_keyval, extra_state, attribute_val_in, attribute_val_out, flag, ierror)
import
type(MPI_Datatype) :: oldtype
integer :: type_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out
logical :: flag
end subroutine MPI_Type_copy_attr_function
subroutine MPI_Type_delete_attr_function(datatype, type_keyval, attribute_val, extra_state, ierror)
import
type(MPI_Datatype) :: datatype
integer :: type_keyval, ierror
integer(kind=MPI_ADDRESS_KIND) :: attribute_val, extra_state
end subroutine MPI_Type_delete_attr_function
end interface

interface
subroutine AMPI_Async_Migrate(ierror) &
        bind(C, name='ampi_async_migrate_')
import
integer, optional, intent(out) :: ierror
end subroutine AMPI_Async_Migrate
subroutine arts_f77_ampi_checkpoint(dname, ierror, dname_len) &
        bind(C, name='ampi_checkpoint_')
import
character(kind=c_char) :: dname(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: dname_len
end subroutine arts_f77_ampi_checkpoint
subroutine AMPI_Checkpoint_state(step, state, bytes, ierror) &
        bind(C, name='ampi_checkpoint_state_')
import
integer(kind=8), intent(in) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: bytes
integer, optional, intent(out) :: ierror
end subroutine AMPI_Checkpoint_state
subroutine AMPI_Load_set_value(value, ierror) &
        bind(C, name='ampi_load_set_value_')
import
double precision, intent(in) :: value
integer, optional, intent(out) :: ierror
end subroutine AMPI_Load_set_value
subroutine AMPI_Load_start_measure(ierror) &
        bind(C, name='ampi_load_start_measure_')
import
integer, optional, intent(out) :: ierror
end subroutine AMPI_Load_start_measure
subroutine AMPI_Load_stop_measure(ierror) &
        bind(C, name='ampi_load_stop_measure_')
import
integer, optional, intent(out) :: ierror
end subroutine AMPI_Load_stop_measure
subroutine AMPI_MemCheckpoint(ierror) &
        bind(C, name='ampi_memcheckpoint_')
import
integer, optional, intent(out) :: ierror
end subroutine AMPI_MemCheckpoint
subroutine AMPI_MemCheckpoint_state(step, state, bytes, ierror) &
        bind(C, name='ampi_memcheckpoint_state_')
import
integer(kind=8), intent(in) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: bytes
integer, optional, intent(out) :: ierror
end subroutine AMPI_MemCheckpoint_state
subroutine AMPI_Migrate(hints, ierror) &
        bind(C, name='ampi_migrate_')
import
type(MPI_Info), intent(in) :: hints
integer, optional, intent(out) :: ierror
end subroutine AMPI_Migrate
subroutine AMPI_Migrateto(destPE, ierror) &
        bind(C, name='ampi_migrateto_')
import
integer, intent(in) :: destPE
integer, optional, intent(out) :: ierror
end subroutine AMPI_Migrateto
subroutine AMPI_Migrate_to_pe(destPE, ierror) &
        bind(C, name='ampi_migrate_to_pe_')
import
integer, intent(in) :: destPE
integer, optional, intent(out) :: ierror
end subroutine AMPI_Migrate_to_pe
subroutine AMPI_Restored_state(step, state, capacity, bytes, flag, ierror) &
        bind(C, name='ampi_restored_state_')
import
integer(kind=8) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: capacity
integer(kind=8) :: bytes
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine AMPI_Restored_state
subroutine AMPI_Setmigratable(comm, mig, ierror) &
        bind(C, name='ampi_setmigratable_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: mig
integer, optional, intent(out) :: ierror
end subroutine AMPI_Setmigratable
subroutine MPI_Abort(comm, errorcode, ierror) &
        bind(C, name='mpi_abort_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine MPI_Abort
subroutine arts_f77_mpi_accumulate(origin_addr, origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, ierror) &
        bind(C, name='mpi_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_accumulate
subroutine MPI_Add_error_class(errorclass, ierror) &
        bind(C, name='mpi_add_error_class_')
import
integer :: errorclass
integer, optional, intent(out) :: ierror
end subroutine MPI_Add_error_class
subroutine MPI_Add_error_code(errorclass, errorcode, ierror) &
        bind(C, name='mpi_add_error_code_')
import
integer, intent(in) :: errorclass
integer :: errorcode
integer, optional, intent(out) :: ierror
end subroutine MPI_Add_error_code
subroutine arts_f77_mpi_add_error_string(errorcode, string, ierror, string_len) &
        bind(C, name='mpi_add_error_string_')
import
integer, intent(in) :: errorcode
character(kind=c_char) :: string(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: string_len
end subroutine arts_f77_mpi_add_error_string
subroutine MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror) &
        bind(C, name='mpi_allgather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Allgather
subroutine MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, ierror) &
        bind(C, name='mpi_allgatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Allgatherv
subroutine arts_f77_mpi_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_allgatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_allgatherv_init
subroutine arts_f77_mpi_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror) &
        bind(C, name='mpi_allgather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_allgather_init
subroutine MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='mpi_allreduce_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Allreduce
subroutine arts_f77_mpi_allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='mpi_allreduce_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_allreduce_init
subroutine MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror) &
        bind(C, name='mpi_alltoall_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Alltoall
subroutine MPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, ierror) &
        bind(C, name='mpi_alltoallv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Alltoallv
subroutine arts_f77_mpi_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_alltoallv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_alltoallv_init
subroutine MPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, ierror) &
        bind(C, name='mpi_alltoallw_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Alltoallw
subroutine arts_f77_mpi_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror) &
        bind(C, name='mpi_alltoallw_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_alltoallw_init
subroutine arts_f77_mpi_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror) &
        bind(C, name='mpi_alltoall_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_alltoall_init
subroutine MPI_Attr_delete(comm, keyval, ierror) &
        bind(C, name='mpi_attr_delete_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Attr_delete
subroutine MPI_Barrier(comm, ierror) &
        bind(C, name='mpi_barrier_')
import
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Barrier
subroutine MPI_Barrier_init(comm, info, request, ierror) &
        bind(C, name='mpi_barrier_init_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Barrier_init
subroutine MPI_Bcast(buffer, count, datatype, root, comm, ierror) &
        bind(C, name='mpi_bcast_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Bcast
subroutine arts_f77_mpi_bcast_init(buffer, count, datatype, root, comm, info, request, ierror) &
        bind(C, name='mpi_bcast_init_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_bcast_init
subroutine MPI_Bsend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='mpi_bsend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Bsend
subroutine arts_f77_mpi_bsend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_bsend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_bsend_init
subroutine arts_f77_mpi_buffer_attach(buffer, size, ierror) &
        bind(C, name='mpi_buffer_attach_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_buffer_attach
subroutine MPI_Cancel(request, ierror) &
        bind(C, name='mpi_cancel_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Cancel
subroutine MPI_Cartdim_get(comm, ndims, ierror) &
        bind(C, name='mpi_cartdim_get_')
import
type(MPI_Comm), intent(in) :: comm
integer :: ndims
integer, optional, intent(out) :: ierror
end subroutine MPI_Cartdim_get
subroutine MPI_Cart_coords(comm, rank, maxdims, coords, ierror) &
        bind(C, name='mpi_cart_coords_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxdims
integer :: coords(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_coords
subroutine MPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart, ierror) &
        bind(C, name='mpi_cart_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_cart
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_create
subroutine MPI_Cart_get(comm, maxdims, dims, periods, coords, ierror) &
        bind(C, name='mpi_cart_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxdims
integer :: dims(*)
logical :: periods(*)
integer :: coords(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_get
subroutine MPI_Cart_map(comm, ndims, dims, periods, newrank, ierror) &
        bind(C, name='mpi_cart_map_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
integer :: newrank
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_map
subroutine MPI_Cart_rank(comm, coords, rank, ierror) &
        bind(C, name='mpi_cart_rank_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: coords(*)
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_rank
subroutine MPI_Cart_shift(comm, direction, disp, rank_source, rank_dest, ierror) &
        bind(C, name='mpi_cart_shift_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: direction
integer, intent(in) :: disp
integer :: rank_source
integer :: rank_dest
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_shift
subroutine MPI_Cart_sub(comm, remain_dims, newcomm, ierror) &
        bind(C, name='mpi_cart_sub_')
import
type(MPI_Comm), intent(in) :: comm
logical, intent(in) :: remain_dims(*)
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Cart_sub
subroutine MPI_Comm_call_errhandler(comm, errorcode, ierror) &
        bind(C, name='mpi_comm_call_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_call_errhandler
subroutine MPI_Comm_compare(comm1, comm2, result, ierror) &
        bind(C, name='mpi_comm_compare_')
import
type(MPI_Comm), intent(in) :: comm1
type(MPI_Comm), intent(in) :: comm2
integer :: result
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_compare
subroutine MPI_Comm_create(comm, group, newcomm, ierror) &
        bind(C, name='mpi_comm_create_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group), intent(in) :: group
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_create
subroutine MPI_Comm_create_group(comm, group, tag, newcomm, ierror) &
        bind(C, name='mpi_comm_create_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group), intent(in) :: group
integer, intent(in) :: tag
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_create_group
subroutine MPI_Comm_delete_attr(comm, comm_keyval, ierror) &
        bind(C, name='mpi_comm_delete_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_delete_attr
subroutine MPI_Comm_dup(comm, newcomm, ierror) &
        bind(C, name='mpi_comm_dup_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_dup
subroutine MPI_Comm_dup_with_info(comm, info, newcomm, ierror) &
        bind(C, name='mpi_comm_dup_with_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_dup_with_info
subroutine MPI_Comm_free(comm, ierror) &
        bind(C, name='mpi_comm_free_')
import
type(MPI_Comm) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_free
subroutine MPI_Comm_free_keyval(comm_keyval, ierror) &
        bind(C, name='mpi_comm_free_keyval_')
import
integer :: comm_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_free_keyval
subroutine MPI_Comm_get_attr(comm, comm_keyval, attribute_val, flag, ierror) &
        bind(C, name='mpi_comm_get_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_get_attr
subroutine MPI_Comm_get_errhandler(comm, errhandler, ierror) &
        bind(C, name='mpi_comm_get_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_get_errhandler
subroutine MPI_Comm_get_info(comm, info_used, ierror) &
        bind(C, name='mpi_comm_get_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_get_info
subroutine arts_f77_mpi_comm_get_name(comm, comm_name, resultlen, ierror, comm_name_len) &
        bind(C, name='mpi_comm_get_name_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: comm_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: comm_name_len
end subroutine arts_f77_mpi_comm_get_name
subroutine MPI_Comm_get_parent(parent, ierror) &
        bind(C, name='mpi_comm_get_parent_')
import
type(MPI_Comm) :: parent
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_get_parent
subroutine MPI_Comm_group(comm, group, ierror) &
        bind(C, name='mpi_comm_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_group
subroutine MPI_Comm_idup(comm, newcomm, request, ierror) &
        bind(C, name='mpi_comm_idup_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Comm) :: newcomm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_idup
subroutine MPI_Comm_idup_with_info(comm, info, newcomm, request, ierror) &
        bind(C, name='mpi_comm_idup_with_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_idup_with_info
subroutine MPI_Comm_rank(comm, rank, ierror) &
        bind(C, name='mpi_comm_rank_')
import
type(MPI_Comm), intent(in) :: comm
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_rank
subroutine MPI_Comm_remote_group(comm, group, ierror) &
        bind(C, name='mpi_comm_remote_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_remote_group
subroutine MPI_Comm_remote_size(comm, size, ierror) &
        bind(C, name='mpi_comm_remote_size_')
import
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_remote_size
subroutine MPI_Comm_set_attr(comm, comm_keyval, attribute_val, ierror) &
        bind(C, name='mpi_comm_set_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_set_attr
subroutine MPI_Comm_set_errhandler(comm, errhandler, ierror) &
        bind(C, name='mpi_comm_set_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_set_errhandler
subroutine MPI_Comm_set_info(comm, info, ierror) &
        bind(C, name='mpi_comm_set_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_set_info
subroutine arts_f77_mpi_comm_set_name(comm, comm_name, ierror, comm_name_len) &
        bind(C, name='mpi_comm_set_name_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: comm_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: comm_name_len
end subroutine arts_f77_mpi_comm_set_name
subroutine MPI_Comm_size(comm, size, ierror) &
        bind(C, name='mpi_comm_size_')
import
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_size
subroutine MPI_Comm_split(comm, color, key, newcomm, ierror) &
        bind(C, name='mpi_comm_split_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: color
integer, intent(in) :: key
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_split
subroutine MPI_Comm_split_type(comm, split_type, key, info, newcomm, ierror) &
        bind(C, name='mpi_comm_split_type_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: split_type
integer, intent(in) :: key
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_split_type
subroutine MPI_Comm_test_inter(comm, flag, ierror) &
        bind(C, name='mpi_comm_test_inter_')
import
type(MPI_Comm), intent(in) :: comm
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Comm_test_inter
subroutine arts_f77_mpi_compare_and_swap(origin_addr, compare_addr, result_addr, datatype, &
    target_rank, target_disp, win, ierror) &
        bind(C, name='mpi_compare_and_swap_')
import
type(c_ptr), value :: origin_addr
type(c_ptr), value :: compare_addr
type(c_ptr), value :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_compare_and_swap
subroutine MPI_Dims_create(nnodes, ndims, dims, ierror) &
        bind(C, name='mpi_dims_create_')
import
integer, intent(in) :: nnodes
integer, intent(in) :: ndims
integer :: dims(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Dims_create
subroutine MPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, &
    reorder, comm_dist_graph, ierror) &
        bind(C, name='mpi_dist_graph_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: n
integer, intent(in) :: sources(*)
integer, intent(in) :: degrees(*)
integer, intent(in) :: destinations(*)
integer, intent(in) :: weights(*)
type(MPI_Info), intent(in) :: info
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_dist_graph
integer, optional, intent(out) :: ierror
end subroutine MPI_Dist_graph_create
subroutine MPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, &
    destinations, destweights, info, reorder, comm_dist_graph, ierror) &
        bind(C, name='mpi_dist_graph_create_adjacent_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: indegree
integer, intent(in) :: sources(*)
integer, intent(in) :: sourceweights(*)
integer, intent(in) :: outdegree
integer, intent(in) :: destinations(*)
integer, intent(in) :: destweights(*)
type(MPI_Info), intent(in) :: info
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_dist_graph
integer, optional, intent(out) :: ierror
end subroutine MPI_Dist_graph_create_adjacent
subroutine MPI_Dist_graph_neighbors(comm, maxindegree, sources, sourceweights, maxoutdegree, &
    destinations, destweights, ierror) &
        bind(C, name='mpi_dist_graph_neighbors_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxindegree
integer :: sources(*)
integer :: sourceweights(*)
integer, intent(in) :: maxoutdegree
integer :: destinations(*)
integer :: destweights(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Dist_graph_neighbors
subroutine MPI_Dist_graph_neighbors_count(comm, indegree, outdegree, weighted, ierror) &
        bind(C, name='mpi_dist_graph_neighbors_count_')
import
type(MPI_Comm), intent(in) :: comm
integer :: indegree
integer :: outdegree
logical :: weighted
integer, optional, intent(out) :: ierror
end subroutine MPI_Dist_graph_neighbors_count
subroutine MPI_Errhandler_free(errhandler, ierror) &
        bind(C, name='mpi_errhandler_free_')
import
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_Errhandler_free
subroutine MPI_Error_class(errorcode, errorclass, ierror) &
        bind(C, name='mpi_error_class_')
import
integer, intent(in) :: errorcode
integer :: errorclass
integer, optional, intent(out) :: ierror
end subroutine MPI_Error_class
subroutine arts_f77_mpi_error_string(errorcode, string, resultlen, ierror, string_len) &
        bind(C, name='mpi_error_string_')
import
integer, intent(in) :: errorcode
character(kind=c_char) :: string(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: string_len
end subroutine arts_f77_mpi_error_string
subroutine MPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='mpi_exscan_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Exscan
subroutine arts_f77_mpi_exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='mpi_exscan_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_exscan_init
subroutine arts_f77_mpi_fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, &
    op, win, ierror) &
        bind(C, name='mpi_fetch_and_op_')
import
type(c_ptr), value :: origin_addr
type(c_ptr), value :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_fetch_and_op
subroutine MPI_File_call_errhandler(fh, errorcode, ierror) &
        bind(C, name='mpi_file_call_errhandler_')
import
type(MPI_File), intent(in) :: fh
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine MPI_File_call_errhandler
subroutine MPI_File_close(fh, ierror) &
        bind(C, name='mpi_file_close_')
import
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
end subroutine MPI_File_close
subroutine arts_f77_mpi_file_delete(filename, info, ierror, filename_len) &
        bind(C, name='mpi_file_delete_')
import
character(kind=c_char) :: filename(*)
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: filename_len
end subroutine arts_f77_mpi_file_delete
subroutine MPI_File_get_amode(fh, amode, ierror) &
        bind(C, name='mpi_file_get_amode_')
import
type(MPI_File), intent(in) :: fh
integer :: amode
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_amode
subroutine MPI_File_get_atomicity(fh, flag, ierror) &
        bind(C, name='mpi_file_get_atomicity_')
import
type(MPI_File), intent(in) :: fh
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_atomicity
subroutine MPI_File_get_byte_offset(fh, offset, disp, ierror) &
        bind(C, name='mpi_file_get_byte_offset_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer(kind=MPI_OFFSET_KIND) :: disp
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_byte_offset
subroutine MPI_File_get_errhandler(file, errhandler, ierror) &
        bind(C, name='mpi_file_get_errhandler_')
import
type(MPI_File), intent(in) :: file
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_errhandler
subroutine MPI_File_get_group(fh, group, ierror) &
        bind(C, name='mpi_file_get_group_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_group
subroutine MPI_File_get_info(fh, info_used, ierror) &
        bind(C, name='mpi_file_get_info_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_info
subroutine MPI_File_get_position(fh, offset, ierror) &
        bind(C, name='mpi_file_get_position_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_position
subroutine MPI_File_get_position_shared(fh, offset, ierror) &
        bind(C, name='mpi_file_get_position_shared_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_position_shared
subroutine MPI_File_get_size(fh, size, ierror) &
        bind(C, name='mpi_file_get_size_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_size
subroutine MPI_File_get_type_extent(fh, datatype, extent, ierror) &
        bind(C, name='mpi_file_get_type_extent_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine MPI_File_get_type_extent
subroutine arts_f77_mpi_file_get_view(fh, disp, etype, filetype, datarep, ierror, datarep_len) &
        bind(C, name='mpi_file_get_view_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
type(MPI_Datatype) :: etype
type(MPI_Datatype) :: filetype
character(kind=c_char) :: datarep(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_mpi_file_get_view
subroutine MPI_File_iread(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iread_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iread
subroutine MPI_File_iread_all(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iread_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iread_all
subroutine MPI_File_iread_at(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iread_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iread_at
subroutine MPI_File_iread_at_all(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iread_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iread_at_all
subroutine MPI_File_iread_shared(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iread_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iread_shared
subroutine MPI_File_iwrite(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iwrite_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iwrite
subroutine MPI_File_iwrite_all(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iwrite_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iwrite_all
subroutine MPI_File_iwrite_at(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iwrite_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iwrite_at
subroutine MPI_File_iwrite_at_all(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iwrite_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iwrite_at_all
subroutine MPI_File_iwrite_shared(fh, buf, count, datatype, request, ierror) &
        bind(C, name='mpi_file_iwrite_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_File_iwrite_shared
subroutine arts_f77_mpi_file_open(comm, filename, amode, info, fh, ierror, filename_len) &
        bind(C, name='mpi_file_open_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: filename(*)
integer, intent(in) :: amode
type(MPI_Info), intent(in) :: info
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: filename_len
end subroutine arts_f77_mpi_file_open
subroutine MPI_File_preallocate(fh, size, ierror) &
        bind(C, name='mpi_file_preallocate_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_File_preallocate
subroutine MPI_File_read(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read
subroutine MPI_File_read_all(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_all
subroutine MPI_File_read_all_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_read_all_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_all_begin
subroutine MPI_File_read_all_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_read_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_all_end
subroutine MPI_File_read_at(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_at
subroutine MPI_File_read_at_all(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_at_all
subroutine MPI_File_read_at_all_begin(fh, offset, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_read_at_all_begin_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_at_all_begin
subroutine MPI_File_read_at_all_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_read_at_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_at_all_end
subroutine MPI_File_read_ordered(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_ordered_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_ordered
subroutine MPI_File_read_ordered_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_read_ordered_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_ordered_begin
subroutine MPI_File_read_ordered_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_read_ordered_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_ordered_end
subroutine MPI_File_read_shared(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_read_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_read_shared
subroutine MPI_File_seek(fh, offset, whence, ierror) &
        bind(C, name='mpi_file_seek_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, optional, intent(out) :: ierror
end subroutine MPI_File_seek
subroutine MPI_File_seek_shared(fh, offset, whence, ierror) &
        bind(C, name='mpi_file_seek_shared_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, optional, intent(out) :: ierror
end subroutine MPI_File_seek_shared
subroutine MPI_File_set_atomicity(fh, flag, ierror) &
        bind(C, name='mpi_file_set_atomicity_')
import
type(MPI_File), intent(in) :: fh
logical, intent(in) :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_File_set_atomicity
subroutine MPI_File_set_errhandler(file, errhandler, ierror) &
        bind(C, name='mpi_file_set_errhandler_')
import
type(MPI_File), intent(in) :: file
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_File_set_errhandler
subroutine MPI_File_set_info(fh, info, ierror) &
        bind(C, name='mpi_file_set_info_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_File_set_info
subroutine MPI_File_set_size(fh, size, ierror) &
        bind(C, name='mpi_file_set_size_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_File_set_size
subroutine arts_f77_mpi_file_set_view(fh, disp, etype, filetype, datarep, info, ierror, &
    datarep_len) &
        bind(C, name='mpi_file_set_view_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
type(MPI_Datatype), intent(in) :: etype
type(MPI_Datatype), intent(in) :: filetype
character(kind=c_char) :: datarep(*)
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_mpi_file_set_view
subroutine MPI_File_sync(fh, ierror) &
        bind(C, name='mpi_file_sync_')
import
type(MPI_File), intent(in) :: fh
integer, optional, intent(out) :: ierror
end subroutine MPI_File_sync
subroutine MPI_File_write(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write
subroutine MPI_File_write_all(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_all
subroutine MPI_File_write_all_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_write_all_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_all_begin
subroutine MPI_File_write_all_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_write_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_all_end
subroutine MPI_File_write_at(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_at
subroutine MPI_File_write_at_all(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_at_all
subroutine MPI_File_write_at_all_begin(fh, offset, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_write_at_all_begin_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_at_all_begin
subroutine MPI_File_write_at_all_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_write_at_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_at_all_end
subroutine MPI_File_write_ordered(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_ordered_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_ordered
subroutine MPI_File_write_ordered_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='mpi_file_write_ordered_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_ordered_begin
subroutine MPI_File_write_ordered_end(fh, buf, status, ierror) &
        bind(C, name='mpi_file_write_ordered_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_ordered_end
subroutine MPI_File_write_shared(fh, buf, count, datatype, status, ierror) &
        bind(C, name='mpi_file_write_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_File_write_shared
subroutine MPI_Finalize(ierror) &
        bind(C, name='mpi_finalize_')
import
integer, optional, intent(out) :: ierror
end subroutine MPI_Finalize
subroutine MPI_Finalized(flag, ierror) &
        bind(C, name='mpi_finalized_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Finalized
subroutine MPI_Free_mem(base, ierror) &
        bind(C, name='mpi_free_mem_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, optional, intent(out) :: ierror
end subroutine MPI_Free_mem
subroutine MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror) &
        bind(C, name='mpi_gather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Gather
subroutine MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, ierror) &
        bind(C, name='mpi_gatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Gatherv
subroutine arts_f77_mpi_gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, root, comm, info, request, ierror) &
        bind(C, name='mpi_gatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_gatherv_init
subroutine arts_f77_mpi_gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror) &
        bind(C, name='mpi_gather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_gather_init
subroutine arts_f77_mpi_get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror) &
        bind(C, name='mpi_get_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_get
subroutine arts_f77_mpi_get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror) &
        bind(C, name='mpi_get_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(c_ptr), value :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_get_accumulate
subroutine MPI_Get_address(location, address, ierror) &
        bind(C, name='mpi_get_address_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: location
type(*), dimension(*) :: location
integer(kind=MPI_ADDRESS_KIND) :: address
integer, optional, intent(out) :: ierror
end subroutine MPI_Get_address
subroutine MPI_Get_count(status, datatype, count, ierror) &
        bind(C, name='mpi_get_count_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer :: count
integer, optional, intent(out) :: ierror
end subroutine MPI_Get_count
subroutine MPI_Get_elements(status, datatype, count, ierror) &
        bind(C, name='mpi_get_elements_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer :: count
integer, optional, intent(out) :: ierror
end subroutine MPI_Get_elements
subroutine MPI_Get_elements_x(status, datatype, count, ierror) &
        bind(C, name='mpi_get_elements_x_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: count
integer, optional, intent(out) :: ierror
end subroutine MPI_Get_elements_x
subroutine arts_f77_mpi_get_library_version(version, resultlen, ierror, version_len) &
        bind(C, name='mpi_get_library_version_')
import
character(kind=c_char) :: version(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: version_len
end subroutine arts_f77_mpi_get_library_version
subroutine arts_f77_mpi_get_processor_name(name, resultlen, ierror, name_len) &
        bind(C, name='mpi_get_processor_name_')
import
character(kind=c_char) :: name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: name_len
end subroutine arts_f77_mpi_get_processor_name
subroutine MPI_Get_version(version, subversion, ierror) &
        bind(C, name='mpi_get_version_')
import
integer :: version
integer :: subversion
integer, optional, intent(out) :: ierror
end subroutine MPI_Get_version
subroutine MPI_Graphdims_get(comm, nnodes, nedges, ierror) &
        bind(C, name='mpi_graphdims_get_')
import
type(MPI_Comm), intent(in) :: comm
integer :: nnodes
integer :: nedges
integer, optional, intent(out) :: ierror
end subroutine MPI_Graphdims_get
subroutine MPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph, ierror) &
        bind(C, name='mpi_graph_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_graph
integer, optional, intent(out) :: ierror
end subroutine MPI_Graph_create
subroutine MPI_Graph_get(comm, maxindex, maxedges, index, edges, ierror) &
        bind(C, name='mpi_graph_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxindex
integer, intent(in) :: maxedges
integer :: index(*)
integer :: edges(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Graph_get
subroutine MPI_Graph_map(comm, nnodes, index, edges, newrank, ierror) &
        bind(C, name='mpi_graph_map_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
integer :: newrank
integer, optional, intent(out) :: ierror
end subroutine MPI_Graph_map
subroutine MPI_Graph_neighbors(comm, rank, maxneighbors, neighbors, ierror) &
        bind(C, name='mpi_graph_neighbors_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxneighbors
integer :: neighbors(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Graph_neighbors
subroutine MPI_Graph_neighbors_count(comm, rank, nneighbors, ierror) &
        bind(C, name='mpi_graph_neighbors_count_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer :: nneighbors
integer, optional, intent(out) :: ierror
end subroutine MPI_Graph_neighbors_count
subroutine MPI_Grequest_complete(request, ierror) &
        bind(C, name='mpi_grequest_complete_')
import
type(MPI_Request), intent(in) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Grequest_complete
subroutine MPI_Group_compare(group1, group2, result, ierror) &
        bind(C, name='mpi_group_compare_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
integer :: result
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_compare
subroutine MPI_Group_difference(group1, group2, newgroup, ierror) &
        bind(C, name='mpi_group_difference_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_difference
subroutine MPI_Group_excl(group, n, ranks, newgroup, ierror) &
        bind(C, name='mpi_group_excl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_excl
subroutine MPI_Group_free(group, ierror) &
        bind(C, name='mpi_group_free_')
import
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_free
subroutine MPI_Group_incl(group, n, ranks, newgroup, ierror) &
        bind(C, name='mpi_group_incl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_incl
subroutine MPI_Group_intersection(group1, group2, newgroup, ierror) &
        bind(C, name='mpi_group_intersection_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_intersection
subroutine MPI_Group_range_excl(group, n, ranges, newgroup, ierror) &
        bind(C, name='mpi_group_range_excl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_range_excl
subroutine MPI_Group_range_incl(group, n, ranges, newgroup, ierror) &
        bind(C, name='mpi_group_range_incl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_range_incl
subroutine MPI_Group_rank(group, rank, ierror) &
        bind(C, name='mpi_group_rank_')
import
type(MPI_Group), intent(in) :: group
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_rank
subroutine MPI_Group_size(group, size, ierror) &
        bind(C, name='mpi_group_size_')
import
type(MPI_Group), intent(in) :: group
integer :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_size
subroutine MPI_Group_translate_ranks(group1, n, ranks1, group2, ranks2, ierror) &
        bind(C, name='mpi_group_translate_ranks_')
import
type(MPI_Group), intent(in) :: group1
integer, intent(in) :: n
integer, intent(in) :: ranks1(*)
type(MPI_Group), intent(in) :: group2
integer :: ranks2(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_translate_ranks
subroutine MPI_Group_union(group1, group2, newgroup, ierror) &
        bind(C, name='mpi_group_union_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine MPI_Group_union
subroutine arts_f77_mpi_iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror) &
        bind(C, name='mpi_iallgather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iallgather
subroutine arts_f77_mpi_iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror) &
        bind(C, name='mpi_iallgatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iallgatherv
subroutine arts_f77_mpi_iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='mpi_iallreduce_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iallreduce
subroutine arts_f77_mpi_ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror) &
        bind(C, name='mpi_ialltoall_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ialltoall
subroutine arts_f77_mpi_ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror) &
        bind(C, name='mpi_ialltoallv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ialltoallv
subroutine arts_f77_mpi_ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror) &
        bind(C, name='mpi_ialltoallw_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ialltoallw
subroutine MPI_Ibarrier(comm, request, ierror) &
        bind(C, name='mpi_ibarrier_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Ibarrier
subroutine arts_f77_mpi_ibcast(buffer, count, datatype, root, comm, request, ierror) &
        bind(C, name='mpi_ibcast_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ibcast
subroutine arts_f77_mpi_ibsend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_ibsend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ibsend
subroutine arts_f77_mpi_iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='mpi_iexscan_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iexscan
subroutine arts_f77_mpi_igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror) &
        bind(C, name='mpi_igather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_igather
subroutine arts_f77_mpi_igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, root, comm, request, ierror) &
        bind(C, name='mpi_igatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_igatherv
subroutine MPI_Improbe(source, tag, comm, flag, message, status, ierror) &
        bind(C, name='mpi_improbe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
logical :: flag
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Improbe
subroutine arts_f77_mpi_imrecv(buf, count, datatype, message, request, ierror) &
        bind(C, name='mpi_imrecv_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_imrecv
subroutine arts_f77_mpi_ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, request, ierror) &
        bind(C, name='mpi_ineighbor_allgather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ineighbor_allgather
subroutine arts_f77_mpi_ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, &
    displs, recvtype, comm, request, ierror) &
        bind(C, name='mpi_ineighbor_allgatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ineighbor_allgatherv
subroutine arts_f77_mpi_ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, request, ierror) &
        bind(C, name='mpi_ineighbor_alltoall_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ineighbor_alltoall
subroutine arts_f77_mpi_ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, request, ierror) &
        bind(C, name='mpi_ineighbor_alltoallv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ineighbor_alltoallv
subroutine arts_f77_mpi_ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, request, ierror) &
        bind(C, name='mpi_ineighbor_alltoallw_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ineighbor_alltoallw
subroutine MPI_Info_create(info, ierror) &
        bind(C, name='mpi_info_create_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_Info_create
subroutine arts_f77_mpi_info_delete(info, key, ierror, key_len) &
        bind(C, name='mpi_info_delete_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_mpi_info_delete
subroutine MPI_Info_dup(info, newinfo, ierror) &
        bind(C, name='mpi_info_dup_')
import
type(MPI_Info), intent(in) :: info
type(MPI_Info) :: newinfo
integer, optional, intent(out) :: ierror
end subroutine MPI_Info_dup
subroutine MPI_Info_free(info, ierror) &
        bind(C, name='mpi_info_free_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_Info_free
subroutine arts_f77_mpi_info_get(info, key, valuelen, value, flag, ierror, key_len, value_len) &
        bind(C, name='mpi_info_get_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer, intent(in) :: valuelen
character(kind=c_char) :: value(*)
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_mpi_info_get
subroutine MPI_Info_get_nkeys(info, nkeys, ierror) &
        bind(C, name='mpi_info_get_nkeys_')
import
type(MPI_Info), intent(in) :: info
integer :: nkeys
integer, optional, intent(out) :: ierror
end subroutine MPI_Info_get_nkeys
subroutine arts_f77_mpi_info_get_nthkey(info, n, key, ierror, key_len) &
        bind(C, name='mpi_info_get_nthkey_')
import
type(MPI_Info), intent(in) :: info
integer, intent(in) :: n
character(kind=c_char) :: key(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_mpi_info_get_nthkey
subroutine arts_f77_mpi_info_get_string(info, key, buflen, value, flag, ierror, key_len, &
    value_len) &
        bind(C, name='mpi_info_get_string_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer :: buflen
character(kind=c_char) :: value(*)
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_mpi_info_get_string
subroutine arts_f77_mpi_info_get_valuelen(info, key, valuelen, flag, ierror, key_len) &
        bind(C, name='mpi_info_get_valuelen_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer :: valuelen
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_mpi_info_get_valuelen
subroutine arts_f77_mpi_info_set(info, key, value, ierror, key_len, value_len) &
        bind(C, name='mpi_info_set_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
character(kind=c_char) :: value(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_mpi_info_set
subroutine MPI_Initialized(flag, ierror) &
        bind(C, name='mpi_initialized_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Initialized
subroutine MPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, &
    newintercomm, ierror) &
        bind(C, name='mpi_intercomm_create_')
import
type(MPI_Comm), intent(in) :: local_comm
integer, intent(in) :: local_leader
type(MPI_Comm), intent(in) :: peer_comm
integer, intent(in) :: remote_leader
integer, intent(in) :: tag
type(MPI_Comm) :: newintercomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Intercomm_create
subroutine MPI_Intercomm_merge(intercomm, high, newintracomm, ierror) &
        bind(C, name='mpi_intercomm_merge_')
import
type(MPI_Comm), intent(in) :: intercomm
logical, intent(in) :: high
type(MPI_Comm) :: newintracomm
integer, optional, intent(out) :: ierror
end subroutine MPI_Intercomm_merge
subroutine MPI_Iprobe(source, tag, comm, flag, status, ierror) &
        bind(C, name='mpi_iprobe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Iprobe
subroutine arts_f77_mpi_irecv(buf, count, datatype, source, tag, comm, request, ierror) &
        bind(C, name='mpi_irecv_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_irecv
subroutine arts_f77_mpi_ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, &
    ierror) &
        bind(C, name='mpi_ireduce_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ireduce
subroutine arts_f77_mpi_ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, &
    ierror) &
        bind(C, name='mpi_ireduce_scatter_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ireduce_scatter
subroutine arts_f77_mpi_ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &
    request, ierror) &
        bind(C, name='mpi_ireduce_scatter_block_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ireduce_scatter_block
subroutine arts_f77_mpi_irsend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_irsend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_irsend
subroutine arts_f77_mpi_iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='mpi_iscan_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iscan
subroutine arts_f77_mpi_iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror) &
        bind(C, name='mpi_iscatter_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iscatter
subroutine arts_f77_mpi_iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, &
    recvtype, root, comm, request, ierror) &
        bind(C, name='mpi_iscatterv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_iscatterv
subroutine arts_f77_mpi_isend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_isend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_isend
subroutine arts_f77_mpi_issend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_issend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_issend
subroutine MPI_Is_thread_main(flag, ierror) &
        bind(C, name='mpi_is_thread_main_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Is_thread_main
subroutine MPI_Keyval_free(keyval, ierror) &
        bind(C, name='mpi_keyval_free_')
import
integer :: keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Keyval_free
subroutine MPI_Mprobe(source, tag, comm, message, status, ierror) &
        bind(C, name='mpi_mprobe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Mprobe
subroutine MPI_Mrecv(buf, count, datatype, message, status, ierror) &
        bind(C, name='mpi_mrecv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Mrecv
subroutine MPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror) &
        bind(C, name='mpi_neighbor_allgather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Neighbor_allgather
subroutine MPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, ierror) &
        bind(C, name='mpi_neighbor_allgatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Neighbor_allgatherv
subroutine arts_f77_mpi_neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, &
    displs, recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_neighbor_allgatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_neighbor_allgatherv_init
subroutine arts_f77_mpi_neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_neighbor_allgather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_neighbor_allgather_init
subroutine MPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror) &
        bind(C, name='mpi_neighbor_alltoall_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoall
subroutine MPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, ierror) &
        bind(C, name='mpi_neighbor_alltoallv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallv
subroutine arts_f77_mpi_neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_neighbor_alltoallv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_neighbor_alltoallv_init
subroutine MPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, ierror) &
        bind(C, name='mpi_neighbor_alltoallw_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallw
subroutine arts_f77_mpi_neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror) &
        bind(C, name='mpi_neighbor_alltoallw_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_neighbor_alltoallw_init
subroutine arts_f77_mpi_neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='mpi_neighbor_alltoall_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_neighbor_alltoall_init
subroutine MPI_Op_commutative(op, commute, ierror) &
        bind(C, name='mpi_op_commutative_')
import
type(MPI_Op), intent(in) :: op
logical :: commute
integer, optional, intent(out) :: ierror
end subroutine MPI_Op_commutative
subroutine MPI_Op_free(op, ierror) &
        bind(C, name='mpi_op_free_')
import
type(MPI_Op) :: op
integer, optional, intent(out) :: ierror
end subroutine MPI_Op_free
subroutine MPI_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm, ierror) &
        bind(C, name='mpi_pack_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outsize
integer :: position
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Pack
subroutine arts_f77_mpi_pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, &
    ierror, datarep_len) &
        bind(C, name='mpi_pack_external_')
import
character(kind=c_char) :: datarep(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_mpi_pack_external
subroutine arts_f77_mpi_pack_external_size(datarep, incount, datatype, size, ierror, datarep_len) &
        bind(C, name='mpi_pack_external_size_')
import
character(kind=c_char) :: datarep(*)
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_mpi_pack_external_size
subroutine MPI_Pack_size(incount, datatype, comm, size, ierror) &
        bind(C, name='mpi_pack_size_')
import
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Pack_size
subroutine MPI_Probe(source, tag, comm, status, ierror) &
        bind(C, name='mpi_probe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Probe
subroutine arts_f77_mpi_put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror) &
        bind(C, name='mpi_put_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_put
subroutine MPI_Query_thread(provided, ierror) &
        bind(C, name='mpi_query_thread_')
import
integer :: provided
integer, optional, intent(out) :: ierror
end subroutine MPI_Query_thread
subroutine arts_f77_mpi_raccumulate(origin_addr, origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, request, ierror) &
        bind(C, name='mpi_raccumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_raccumulate
subroutine MPI_Recv(buf, count, datatype, source, tag, comm, status, ierror) &
        bind(C, name='mpi_recv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Recv
subroutine arts_f77_mpi_recv_init(buf, count, datatype, source, tag, comm, request, ierror) &
        bind(C, name='mpi_recv_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_recv_init
subroutine MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm, ierror) &
        bind(C, name='mpi_reduce_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Reduce
subroutine arts_f77_mpi_reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, &
    request, ierror) &
        bind(C, name='mpi_reduce_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_reduce_init
subroutine MPI_Reduce_local(inbuf, inoutbuf, count, datatype, op, ierror) &
        bind(C, name='mpi_reduce_local_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inoutbuf
type(*), dimension(*) :: inoutbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, optional, intent(out) :: ierror
end subroutine MPI_Reduce_local
subroutine MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, ierror) &
        bind(C, name='mpi_reduce_scatter_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Reduce_scatter
subroutine MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, ierror) &
        bind(C, name='mpi_reduce_scatter_block_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Reduce_scatter_block
subroutine arts_f77_mpi_reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, &
    info, request, ierror) &
        bind(C, name='mpi_reduce_scatter_block_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_reduce_scatter_block_init
subroutine arts_f77_mpi_reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, &
    request, ierror) &
        bind(C, name='mpi_reduce_scatter_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_reduce_scatter_init
subroutine MPI_Request_free(request, ierror) &
        bind(C, name='mpi_request_free_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Request_free
subroutine MPI_Request_get_status(request, flag, status, ierror) &
        bind(C, name='mpi_request_get_status_')
import
type(MPI_Request), intent(in) :: request
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Request_get_status
subroutine arts_f77_mpi_rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror) &
        bind(C, name='mpi_rget_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_rget
subroutine arts_f77_mpi_rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror) &
        bind(C, name='mpi_rget_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(c_ptr), value :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_rget_accumulate
subroutine arts_f77_mpi_rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror) &
        bind(C, name='mpi_rput_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_rput
subroutine MPI_Rsend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='mpi_rsend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Rsend
subroutine arts_f77_mpi_rsend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_rsend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_rsend_init
subroutine MPI_Scan(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='mpi_scan_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Scan
subroutine arts_f77_mpi_scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='mpi_scan_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_scan_init
subroutine MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror) &
        bind(C, name='mpi_scatter_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Scatter
subroutine MPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, ierror) &
        bind(C, name='mpi_scatterv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Scatterv
subroutine arts_f77_mpi_scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, &
    recvtype, root, comm, info, request, ierror) &
        bind(C, name='mpi_scatterv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_scatterv_init
subroutine arts_f77_mpi_scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror) &
        bind(C, name='mpi_scatter_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_scatter_init
subroutine MPI_Send(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='mpi_send_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Send
subroutine MPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, &
    source, recvtag, comm, status, ierror) &
        bind(C, name='mpi_sendrecv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: source
integer, intent(in) :: recvtag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Sendrecv
subroutine MPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, status, &
    ierror) &
        bind(C, name='mpi_sendrecv_replace_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
integer, intent(in) :: source
integer, intent(in) :: recvtag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Sendrecv_replace
subroutine arts_f77_mpi_send_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_send_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_send_init
subroutine MPI_Ssend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='mpi_ssend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Ssend
subroutine arts_f77_mpi_ssend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='mpi_ssend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_ssend_init
subroutine MPI_Start(request, ierror) &
        bind(C, name='mpi_start_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine MPI_Start
subroutine MPI_Startall(count, requests, ierror) &
        bind(C, name='mpi_startall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Startall
subroutine MPI_Status_f082f(f08_status, f_status, ierror) &
        bind(C, name='mpi_status_f082f_')
import
type(MPI_Status), intent(in) :: f08_status
integer :: f_status(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Status_f082f
subroutine MPI_Status_f2f08(f_status, f08_status, ierror) &
        bind(C, name='mpi_status_f2f08_')
import
integer, intent(in) :: f_status(*)
type(MPI_Status) :: f08_status
integer, optional, intent(out) :: ierror
end subroutine MPI_Status_f2f08
subroutine MPI_Status_set_cancelled(status, flag, ierror) &
        bind(C, name='mpi_status_set_cancelled_')
import
type(MPI_Status) :: status
logical, intent(in) :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Status_set_cancelled
subroutine MPI_Status_set_elements(status, datatype, count, ierror) &
        bind(C, name='mpi_status_set_elements_')
import
type(MPI_Status) :: status
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: count
integer, optional, intent(out) :: ierror
end subroutine MPI_Status_set_elements
subroutine MPI_Status_set_elements_x(status, datatype, count, ierror) &
        bind(C, name='mpi_status_set_elements_x_')
import
type(MPI_Status) :: status
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND), intent(in) :: count
integer, optional, intent(out) :: ierror
end subroutine MPI_Status_set_elements_x
subroutine MPI_Test(request, flag, status, ierror) &
        bind(C, name='mpi_test_')
import
type(MPI_Request) :: request
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Test
subroutine MPI_Testall(count, requests, flag, statuses, ierror) &
        bind(C, name='mpi_testall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
logical :: flag
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Testall
subroutine MPI_Testany(count, requests, index, flag, status, ierror) &
        bind(C, name='mpi_testany_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer :: index
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Testany
subroutine MPI_Testsome(incount, requests, outcount, indices, statuses, ierror) &
        bind(C, name='mpi_testsome_')
import
integer, intent(in) :: incount
type(MPI_Request) :: requests(*)
integer :: outcount
integer :: indices(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Testsome
subroutine MPI_Test_cancelled(status, flag, ierror) &
        bind(C, name='mpi_test_cancelled_')
import
type(MPI_Status), intent(in) :: status
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Test_cancelled
subroutine MPI_Topo_test(comm, status, ierror) &
        bind(C, name='mpi_topo_test_')
import
type(MPI_Comm), intent(in) :: comm
integer :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Topo_test
subroutine MPI_Type_commit(datatype, ierror) &
        bind(C, name='mpi_type_commit_')
import
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_commit
subroutine MPI_Type_contiguous(count, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_contiguous_')
import
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_contiguous
subroutine MPI_Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, &
    array_of_dargs, array_of_psizes, order, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_create_darray_')
import
integer, intent(in) :: size
integer, intent(in) :: rank
integer, intent(in) :: ndims
integer, intent(in) :: array_of_gsizes(*)
integer, intent(in) :: array_of_distribs(*)
integer, intent(in) :: array_of_dargs(*)
integer, intent(in) :: array_of_psizes(*)
integer, intent(in) :: order
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_darray
subroutine MPI_Type_create_f90_complex(p, r, newtype, ierror) &
        bind(C, name='mpi_type_create_f90_complex_')
import
integer, intent(in) :: p
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_f90_complex
subroutine MPI_Type_create_f90_integer(r, newtype, ierror) &
        bind(C, name='mpi_type_create_f90_integer_')
import
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_f90_integer
subroutine MPI_Type_create_f90_real(p, r, newtype, ierror) &
        bind(C, name='mpi_type_create_f90_real_')
import
integer, intent(in) :: p
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_f90_real
subroutine MPI_Type_create_hindexed(count, blocklengths, displacements, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_create_hindexed_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_hindexed
subroutine MPI_Type_create_hindexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror) &
        bind(C, name='mpi_type_create_hindexed_block_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_hindexed_block
subroutine MPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_create_hvector_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: stride
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_hvector
subroutine MPI_Type_create_indexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror) &
        bind(C, name='mpi_type_create_indexed_block_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_indexed_block
subroutine MPI_Type_create_resized(oldtype, lb, extent, newtype, ierror) &
        bind(C, name='mpi_type_create_resized_')
import
type(MPI_Datatype), intent(in) :: oldtype
integer(kind=MPI_ADDRESS_KIND), intent(in) :: lb
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extent
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_resized
subroutine MPI_Type_create_struct(count, blocklengths, displacements, types, newtype, ierror) &
        bind(C, name='mpi_type_create_struct_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: types(*)
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_struct
subroutine MPI_Type_create_subarray(ndims, sizes, subsizes, starts, order, oldtype, newtype, &
    ierror) &
        bind(C, name='mpi_type_create_subarray_')
import
integer, intent(in) :: ndims
integer, intent(in) :: sizes(*)
integer, intent(in) :: subsizes(*)
integer, intent(in) :: starts(*)
integer, intent(in) :: order
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_create_subarray
subroutine MPI_Type_delete_attr(datatype, type_keyval, ierror) &
        bind(C, name='mpi_type_delete_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_delete_attr
subroutine MPI_Type_dup(oldtype, newtype, ierror) &
        bind(C, name='mpi_type_dup_')
import
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_dup
subroutine MPI_Type_free(datatype, ierror) &
        bind(C, name='mpi_type_free_')
import
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_free
subroutine MPI_Type_free_keyval(type_keyval, ierror) &
        bind(C, name='mpi_type_free_keyval_')
import
integer :: type_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_free_keyval
subroutine MPI_Type_get_attr(datatype, type_keyval, attribute_val, flag, ierror) &
        bind(C, name='mpi_type_get_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_attr
subroutine MPI_Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, &
    array_of_integers, array_of_addresses, array_of_datatypes, ierror) &
        bind(C, name='mpi_type_get_contents_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: max_integers
integer, intent(in) :: max_addresses
integer, intent(in) :: max_datatypes
integer :: array_of_integers(*)
integer(kind=MPI_ADDRESS_KIND) :: array_of_addresses(*)
type(MPI_Datatype) :: array_of_datatypes(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_contents
subroutine MPI_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner, &
    ierror) &
        bind(C, name='mpi_type_get_envelope_')
import
type(MPI_Datatype), intent(in) :: datatype
integer :: num_integers
integer :: num_addresses
integer :: num_datatypes
integer :: combiner
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_envelope
subroutine MPI_Type_get_extent(datatype, lb, extent, ierror) &
        bind(C, name='mpi_type_get_extent_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: lb
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_extent
subroutine MPI_Type_get_extent_x(datatype, lb, extent, ierror) &
        bind(C, name='mpi_type_get_extent_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: lb
integer(kind=MPI_COUNT_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_extent_x
subroutine arts_f77_mpi_type_get_name(datatype, type_name, resultlen, ierror, type_name_len) &
        bind(C, name='mpi_type_get_name_')
import
type(MPI_Datatype), intent(in) :: datatype
character(kind=c_char) :: type_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: type_name_len
end subroutine arts_f77_mpi_type_get_name
subroutine MPI_Type_get_true_extent(datatype, true_lb, true_extent, ierror) &
        bind(C, name='mpi_type_get_true_extent_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: true_lb
integer(kind=MPI_ADDRESS_KIND) :: true_extent
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_true_extent
subroutine MPI_Type_get_true_extent_x(datatype, true_lb, true_extent, ierror) &
        bind(C, name='mpi_type_get_true_extent_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: true_lb
integer(kind=MPI_COUNT_KIND) :: true_extent
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_get_true_extent_x
subroutine MPI_Type_indexed(count, blocklengths, displacements, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_indexed_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer, intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_indexed
subroutine MPI_Type_match_size(typeclass, size, datatype, ierror) &
        bind(C, name='mpi_type_match_size_')
import
integer, intent(in) :: typeclass
integer, intent(in) :: size
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_match_size
subroutine MPI_Type_set_attr(datatype, type_keyval, attribute_val, ierror) &
        bind(C, name='mpi_type_set_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_set_attr
subroutine arts_f77_mpi_type_set_name(datatype, type_name, ierror, type_name_len) &
        bind(C, name='mpi_type_set_name_')
import
type(MPI_Datatype), intent(in) :: datatype
character(kind=c_char) :: type_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: type_name_len
end subroutine arts_f77_mpi_type_set_name
subroutine MPI_Type_size(datatype, size, ierror) &
        bind(C, name='mpi_type_size_')
import
type(MPI_Datatype), intent(in) :: datatype
integer :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_size
subroutine MPI_Type_size_x(datatype, size, ierror) &
        bind(C, name='mpi_type_size_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_size_x
subroutine MPI_Type_vector(count, blocklength, stride, oldtype, newtype, ierror) &
        bind(C, name='mpi_type_vector_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: stride
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine MPI_Type_vector
subroutine MPI_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm, ierror) &
        bind(C, name='mpi_unpack_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: insize
integer :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine MPI_Unpack
subroutine arts_f77_mpi_unpack_external(datarep, inbuf, insize, position, outbuf, outcount, &
    datatype, ierror, datarep_len) &
        bind(C, name='mpi_unpack_external_')
import
character(kind=c_char) :: datarep(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_mpi_unpack_external
subroutine MPI_Wait(request, status, ierror) &
        bind(C, name='mpi_wait_')
import
type(MPI_Request) :: request
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Wait
subroutine MPI_Waitall(count, requests, statuses, ierror) &
        bind(C, name='mpi_waitall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Waitall
subroutine MPI_Waitany(count, requests, index, status, ierror) &
        bind(C, name='mpi_waitany_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer :: index
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine MPI_Waitany
subroutine MPI_Waitsome(incount, requests, outcount, indices, statuses, ierror) &
        bind(C, name='mpi_waitsome_')
import
integer, intent(in) :: incount
type(MPI_Request) :: requests(*)
integer :: outcount
integer :: indices(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine MPI_Waitsome
subroutine MPI_Win_allocate(size, disp_unit, info, comm, baseptr, win, ierror) &
        bind(C, name='mpi_win_allocate_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_allocate
subroutine MPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win, ierror) &
        bind(C, name='mpi_win_allocate_shared_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_allocate_shared
subroutine arts_f77_mpi_win_attach(win, base, size, ierror) &
        bind(C, name='mpi_win_attach_')
import
type(MPI_Win), intent(in) :: win
type(c_ptr), value :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_win_attach
subroutine MPI_Win_call_errhandler(win, errorcode, ierror) &
        bind(C, name='mpi_win_call_errhandler_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_call_errhandler
subroutine MPI_Win_complete(win, ierror) &
        bind(C, name='mpi_win_complete_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_complete
subroutine arts_f77_mpi_win_create(base, size, disp_unit, info, comm, win, ierror) &
        bind(C, name='mpi_win_create_')
import
type(c_ptr), value :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_mpi_win_create
subroutine MPI_Win_create_dynamic(info, comm, win, ierror) &
        bind(C, name='mpi_win_create_dynamic_')
import
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_create_dynamic
subroutine MPI_Win_delete_attr(win, win_keyval, ierror) &
        bind(C, name='mpi_win_delete_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_delete_attr
subroutine MPI_Win_detach(win, base, ierror) &
        bind(C, name='mpi_win_detach_')
import
type(MPI_Win), intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_detach
subroutine MPI_Win_fence(assert, win, ierror) &
        bind(C, name='mpi_win_fence_')
import
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_fence
subroutine MPI_Win_flush(rank, win, ierror) &
        bind(C, name='mpi_win_flush_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_flush
subroutine MPI_Win_flush_all(win, ierror) &
        bind(C, name='mpi_win_flush_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_flush_all
subroutine MPI_Win_flush_local(rank, win, ierror) &
        bind(C, name='mpi_win_flush_local_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_flush_local
subroutine MPI_Win_flush_local_all(win, ierror) &
        bind(C, name='mpi_win_flush_local_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_flush_local_all
subroutine MPI_Win_free(win, ierror) &
        bind(C, name='mpi_win_free_')
import
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_free
subroutine MPI_Win_free_keyval(win_keyval, ierror) &
        bind(C, name='mpi_win_free_keyval_')
import
integer :: win_keyval
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_free_keyval
subroutine MPI_Win_get_attr(win, win_keyval, attribute_val, flag, ierror) &
        bind(C, name='mpi_win_get_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_get_attr
subroutine MPI_Win_get_errhandler(win, errhandler, ierror) &
        bind(C, name='mpi_win_get_errhandler_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_get_errhandler
subroutine MPI_Win_get_group(win, group, ierror) &
        bind(C, name='mpi_win_get_group_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_get_group
subroutine MPI_Win_get_info(win, info_used, ierror) &
        bind(C, name='mpi_win_get_info_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_get_info
subroutine arts_f77_mpi_win_get_name(win, win_name, resultlen, ierror, win_name_len) &
        bind(C, name='mpi_win_get_name_')
import
type(MPI_Win), intent(in) :: win
character(kind=c_char) :: win_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: win_name_len
end subroutine arts_f77_mpi_win_get_name
subroutine MPI_Win_lock(lock_type, rank, assert, win, ierror) &
        bind(C, name='mpi_win_lock_')
import
integer, intent(in) :: lock_type
integer, intent(in) :: rank
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_lock
subroutine MPI_Win_lock_all(assert, win, ierror) &
        bind(C, name='mpi_win_lock_all_')
import
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_lock_all
subroutine MPI_Win_post(group, assert, win, ierror) &
        bind(C, name='mpi_win_post_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_post
subroutine MPI_Win_set_attr(win, win_keyval, attribute_val, ierror) &
        bind(C, name='mpi_win_set_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_set_attr
subroutine MPI_Win_set_errhandler(win, errhandler, ierror) &
        bind(C, name='mpi_win_set_errhandler_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_set_errhandler
subroutine MPI_Win_set_info(win, info, ierror) &
        bind(C, name='mpi_win_set_info_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_set_info
subroutine arts_f77_mpi_win_set_name(win, win_name, ierror, win_name_len) &
        bind(C, name='mpi_win_set_name_')
import
type(MPI_Win), intent(in) :: win
character(kind=c_char) :: win_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: win_name_len
end subroutine arts_f77_mpi_win_set_name
subroutine MPI_Win_shared_query(win, rank, size, disp_unit, baseptr, ierror) &
        bind(C, name='mpi_win_shared_query_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: rank
integer(kind=MPI_ADDRESS_KIND) :: size
integer :: disp_unit
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_shared_query
subroutine MPI_Win_start(group, assert, win, ierror) &
        bind(C, name='mpi_win_start_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_start
subroutine MPI_Win_sync(win, ierror) &
        bind(C, name='mpi_win_sync_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_sync
subroutine MPI_Win_test(win, flag, ierror) &
        bind(C, name='mpi_win_test_')
import
type(MPI_Win), intent(in) :: win
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_test
subroutine MPI_Win_unlock(rank, win, ierror) &
        bind(C, name='mpi_win_unlock_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_unlock
subroutine MPI_Win_unlock_all(win, ierror) &
        bind(C, name='mpi_win_unlock_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_unlock_all
subroutine MPI_Win_wait(win, ierror) &
        bind(C, name='mpi_win_wait_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine MPI_Win_wait
subroutine PMPI_Abort(comm, errorcode, ierror) &
        bind(C, name='pmpi_abort_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine PMPI_Abort
subroutine arts_f77_pmpi_accumulate(origin_addr, origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, ierror) &
        bind(C, name='pmpi_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_accumulate
subroutine PMPI_Add_error_class(errorclass, ierror) &
        bind(C, name='pmpi_add_error_class_')
import
integer :: errorclass
integer, optional, intent(out) :: ierror
end subroutine PMPI_Add_error_class
subroutine PMPI_Add_error_code(errorclass, errorcode, ierror) &
        bind(C, name='pmpi_add_error_code_')
import
integer, intent(in) :: errorclass
integer :: errorcode
integer, optional, intent(out) :: ierror
end subroutine PMPI_Add_error_code
subroutine arts_f77_pmpi_add_error_string(errorcode, string, ierror, string_len) &
        bind(C, name='pmpi_add_error_string_')
import
integer, intent(in) :: errorcode
character(kind=c_char) :: string(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: string_len
end subroutine arts_f77_pmpi_add_error_string
subroutine PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror) &
        bind(C, name='pmpi_allgather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Allgather
subroutine PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, ierror) &
        bind(C, name='pmpi_allgatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Allgatherv
subroutine arts_f77_pmpi_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_allgatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_allgatherv_init
subroutine arts_f77_pmpi_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror) &
        bind(C, name='pmpi_allgather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_allgather_init
subroutine PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='pmpi_allreduce_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Allreduce
subroutine arts_f77_pmpi_allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='pmpi_allreduce_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_allreduce_init
subroutine PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror) &
        bind(C, name='pmpi_alltoall_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Alltoall
subroutine PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, ierror) &
        bind(C, name='pmpi_alltoallv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Alltoallv
subroutine arts_f77_pmpi_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_alltoallv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_alltoallv_init
subroutine PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, ierror) &
        bind(C, name='pmpi_alltoallw_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Alltoallw
subroutine arts_f77_pmpi_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror) &
        bind(C, name='pmpi_alltoallw_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_alltoallw_init
subroutine arts_f77_pmpi_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror) &
        bind(C, name='pmpi_alltoall_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_alltoall_init
subroutine PMPI_Attr_delete(comm, keyval, ierror) &
        bind(C, name='pmpi_attr_delete_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Attr_delete
subroutine PMPI_Barrier(comm, ierror) &
        bind(C, name='pmpi_barrier_')
import
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Barrier
subroutine PMPI_Barrier_init(comm, info, request, ierror) &
        bind(C, name='pmpi_barrier_init_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Barrier_init
subroutine PMPI_Bcast(buffer, count, datatype, root, comm, ierror) &
        bind(C, name='pmpi_bcast_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Bcast
subroutine arts_f77_pmpi_bcast_init(buffer, count, datatype, root, comm, info, request, ierror) &
        bind(C, name='pmpi_bcast_init_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_bcast_init
subroutine PMPI_Bsend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='pmpi_bsend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Bsend
subroutine arts_f77_pmpi_bsend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_bsend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_bsend_init
subroutine arts_f77_pmpi_buffer_attach(buffer, size, ierror) &
        bind(C, name='pmpi_buffer_attach_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_buffer_attach
subroutine PMPI_Cancel(request, ierror) &
        bind(C, name='pmpi_cancel_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cancel
subroutine PMPI_Cartdim_get(comm, ndims, ierror) &
        bind(C, name='pmpi_cartdim_get_')
import
type(MPI_Comm), intent(in) :: comm
integer :: ndims
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cartdim_get
subroutine PMPI_Cart_coords(comm, rank, maxdims, coords, ierror) &
        bind(C, name='pmpi_cart_coords_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxdims
integer :: coords(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_coords
subroutine PMPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart, ierror) &
        bind(C, name='pmpi_cart_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_cart
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_create
subroutine PMPI_Cart_get(comm, maxdims, dims, periods, coords, ierror) &
        bind(C, name='pmpi_cart_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxdims
integer :: dims(*)
logical :: periods(*)
integer :: coords(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_get
subroutine PMPI_Cart_map(comm, ndims, dims, periods, newrank, ierror) &
        bind(C, name='pmpi_cart_map_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
integer :: newrank
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_map
subroutine PMPI_Cart_rank(comm, coords, rank, ierror) &
        bind(C, name='pmpi_cart_rank_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: coords(*)
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_rank
subroutine PMPI_Cart_shift(comm, direction, disp, rank_source, rank_dest, ierror) &
        bind(C, name='pmpi_cart_shift_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: direction
integer, intent(in) :: disp
integer :: rank_source
integer :: rank_dest
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_shift
subroutine PMPI_Cart_sub(comm, remain_dims, newcomm, ierror) &
        bind(C, name='pmpi_cart_sub_')
import
type(MPI_Comm), intent(in) :: comm
logical, intent(in) :: remain_dims(*)
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Cart_sub
subroutine PMPI_Comm_call_errhandler(comm, errorcode, ierror) &
        bind(C, name='pmpi_comm_call_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_call_errhandler
subroutine PMPI_Comm_compare(comm1, comm2, result, ierror) &
        bind(C, name='pmpi_comm_compare_')
import
type(MPI_Comm), intent(in) :: comm1
type(MPI_Comm), intent(in) :: comm2
integer :: result
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_compare
subroutine PMPI_Comm_create(comm, group, newcomm, ierror) &
        bind(C, name='pmpi_comm_create_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group), intent(in) :: group
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_create
subroutine PMPI_Comm_create_group(comm, group, tag, newcomm, ierror) &
        bind(C, name='pmpi_comm_create_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group), intent(in) :: group
integer, intent(in) :: tag
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_create_group
subroutine PMPI_Comm_delete_attr(comm, comm_keyval, ierror) &
        bind(C, name='pmpi_comm_delete_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_delete_attr
subroutine PMPI_Comm_dup(comm, newcomm, ierror) &
        bind(C, name='pmpi_comm_dup_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_dup
subroutine PMPI_Comm_dup_with_info(comm, info, newcomm, ierror) &
        bind(C, name='pmpi_comm_dup_with_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_dup_with_info
subroutine PMPI_Comm_free(comm, ierror) &
        bind(C, name='pmpi_comm_free_')
import
type(MPI_Comm) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_free
subroutine PMPI_Comm_free_keyval(comm_keyval, ierror) &
        bind(C, name='pmpi_comm_free_keyval_')
import
integer :: comm_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_free_keyval
subroutine PMPI_Comm_get_attr(comm, comm_keyval, attribute_val, flag, ierror) &
        bind(C, name='pmpi_comm_get_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_get_attr
subroutine PMPI_Comm_get_errhandler(comm, errhandler, ierror) &
        bind(C, name='pmpi_comm_get_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_get_errhandler
subroutine PMPI_Comm_get_info(comm, info_used, ierror) &
        bind(C, name='pmpi_comm_get_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_get_info
subroutine arts_f77_pmpi_comm_get_name(comm, comm_name, resultlen, ierror, comm_name_len) &
        bind(C, name='pmpi_comm_get_name_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: comm_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: comm_name_len
end subroutine arts_f77_pmpi_comm_get_name
subroutine PMPI_Comm_get_parent(parent, ierror) &
        bind(C, name='pmpi_comm_get_parent_')
import
type(MPI_Comm) :: parent
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_get_parent
subroutine PMPI_Comm_group(comm, group, ierror) &
        bind(C, name='pmpi_comm_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_group
subroutine PMPI_Comm_idup(comm, newcomm, request, ierror) &
        bind(C, name='pmpi_comm_idup_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Comm) :: newcomm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_idup
subroutine PMPI_Comm_idup_with_info(comm, info, newcomm, request, ierror) &
        bind(C, name='pmpi_comm_idup_with_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_idup_with_info
subroutine PMPI_Comm_rank(comm, rank, ierror) &
        bind(C, name='pmpi_comm_rank_')
import
type(MPI_Comm), intent(in) :: comm
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_rank
subroutine PMPI_Comm_remote_group(comm, group, ierror) &
        bind(C, name='pmpi_comm_remote_group_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_remote_group
subroutine PMPI_Comm_remote_size(comm, size, ierror) &
        bind(C, name='pmpi_comm_remote_size_')
import
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_remote_size
subroutine PMPI_Comm_set_attr(comm, comm_keyval, attribute_val, ierror) &
        bind(C, name='pmpi_comm_set_attr_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_set_attr
subroutine PMPI_Comm_set_errhandler(comm, errhandler, ierror) &
        bind(C, name='pmpi_comm_set_errhandler_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_set_errhandler
subroutine PMPI_Comm_set_info(comm, info, ierror) &
        bind(C, name='pmpi_comm_set_info_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_set_info
subroutine arts_f77_pmpi_comm_set_name(comm, comm_name, ierror, comm_name_len) &
        bind(C, name='pmpi_comm_set_name_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: comm_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: comm_name_len
end subroutine arts_f77_pmpi_comm_set_name
subroutine PMPI_Comm_size(comm, size, ierror) &
        bind(C, name='pmpi_comm_size_')
import
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_size
subroutine PMPI_Comm_split(comm, color, key, newcomm, ierror) &
        bind(C, name='pmpi_comm_split_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: color
integer, intent(in) :: key
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_split
subroutine PMPI_Comm_split_type(comm, split_type, key, info, newcomm, ierror) &
        bind(C, name='pmpi_comm_split_type_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: split_type
integer, intent(in) :: key
type(MPI_Info), intent(in) :: info
type(MPI_Comm) :: newcomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_split_type
subroutine PMPI_Comm_test_inter(comm, flag, ierror) &
        bind(C, name='pmpi_comm_test_inter_')
import
type(MPI_Comm), intent(in) :: comm
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Comm_test_inter
subroutine arts_f77_pmpi_compare_and_swap(origin_addr, compare_addr, result_addr, datatype, &
    target_rank, target_disp, win, ierror) &
        bind(C, name='pmpi_compare_and_swap_')
import
type(c_ptr), value :: origin_addr
type(c_ptr), value :: compare_addr
type(c_ptr), value :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_compare_and_swap
subroutine PMPI_Dims_create(nnodes, ndims, dims, ierror) &
        bind(C, name='pmpi_dims_create_')
import
integer, intent(in) :: nnodes
integer, intent(in) :: ndims
integer :: dims(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Dims_create
subroutine PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, &
    reorder, comm_dist_graph, ierror) &
        bind(C, name='pmpi_dist_graph_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: n
integer, intent(in) :: sources(*)
integer, intent(in) :: degrees(*)
integer, intent(in) :: destinations(*)
integer, intent(in) :: weights(*)
type(MPI_Info), intent(in) :: info
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_dist_graph
integer, optional, intent(out) :: ierror
end subroutine PMPI_Dist_graph_create
subroutine PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, &
    destinations, destweights, info, reorder, comm_dist_graph, ierror) &
        bind(C, name='pmpi_dist_graph_create_adjacent_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: indegree
integer, intent(in) :: sources(*)
integer, intent(in) :: sourceweights(*)
integer, intent(in) :: outdegree
integer, intent(in) :: destinations(*)
integer, intent(in) :: destweights(*)
type(MPI_Info), intent(in) :: info
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_dist_graph
integer, optional, intent(out) :: ierror
end subroutine PMPI_Dist_graph_create_adjacent
subroutine PMPI_Dist_graph_neighbors(comm, maxindegree, sources, sourceweights, maxoutdegree, &
    destinations, destweights, ierror) &
        bind(C, name='pmpi_dist_graph_neighbors_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxindegree
integer :: sources(*)
integer :: sourceweights(*)
integer, intent(in) :: maxoutdegree
integer :: destinations(*)
integer :: destweights(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Dist_graph_neighbors
subroutine PMPI_Dist_graph_neighbors_count(comm, indegree, outdegree, weighted, ierror) &
        bind(C, name='pmpi_dist_graph_neighbors_count_')
import
type(MPI_Comm), intent(in) :: comm
integer :: indegree
integer :: outdegree
logical :: weighted
integer, optional, intent(out) :: ierror
end subroutine PMPI_Dist_graph_neighbors_count
subroutine PMPI_Errhandler_free(errhandler, ierror) &
        bind(C, name='pmpi_errhandler_free_')
import
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_Errhandler_free
subroutine PMPI_Error_class(errorcode, errorclass, ierror) &
        bind(C, name='pmpi_error_class_')
import
integer, intent(in) :: errorcode
integer :: errorclass
integer, optional, intent(out) :: ierror
end subroutine PMPI_Error_class
subroutine arts_f77_pmpi_error_string(errorcode, string, resultlen, ierror, string_len) &
        bind(C, name='pmpi_error_string_')
import
integer, intent(in) :: errorcode
character(kind=c_char) :: string(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: string_len
end subroutine arts_f77_pmpi_error_string
subroutine PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='pmpi_exscan_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Exscan
subroutine arts_f77_pmpi_exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='pmpi_exscan_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_exscan_init
subroutine arts_f77_pmpi_fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, &
    op, win, ierror) &
        bind(C, name='pmpi_fetch_and_op_')
import
type(c_ptr), value :: origin_addr
type(c_ptr), value :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_fetch_and_op
subroutine PMPI_File_call_errhandler(fh, errorcode, ierror) &
        bind(C, name='pmpi_file_call_errhandler_')
import
type(MPI_File), intent(in) :: fh
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_call_errhandler
subroutine PMPI_File_close(fh, ierror) &
        bind(C, name='pmpi_file_close_')
import
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_close
subroutine arts_f77_pmpi_file_delete(filename, info, ierror, filename_len) &
        bind(C, name='pmpi_file_delete_')
import
character(kind=c_char) :: filename(*)
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: filename_len
end subroutine arts_f77_pmpi_file_delete
subroutine PMPI_File_get_amode(fh, amode, ierror) &
        bind(C, name='pmpi_file_get_amode_')
import
type(MPI_File), intent(in) :: fh
integer :: amode
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_amode
subroutine PMPI_File_get_atomicity(fh, flag, ierror) &
        bind(C, name='pmpi_file_get_atomicity_')
import
type(MPI_File), intent(in) :: fh
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_atomicity
subroutine PMPI_File_get_byte_offset(fh, offset, disp, ierror) &
        bind(C, name='pmpi_file_get_byte_offset_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer(kind=MPI_OFFSET_KIND) :: disp
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_byte_offset
subroutine PMPI_File_get_errhandler(file, errhandler, ierror) &
        bind(C, name='pmpi_file_get_errhandler_')
import
type(MPI_File), intent(in) :: file
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_errhandler
subroutine PMPI_File_get_group(fh, group, ierror) &
        bind(C, name='pmpi_file_get_group_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_group
subroutine PMPI_File_get_info(fh, info_used, ierror) &
        bind(C, name='pmpi_file_get_info_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_info
subroutine PMPI_File_get_position(fh, offset, ierror) &
        bind(C, name='pmpi_file_get_position_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_position
subroutine PMPI_File_get_position_shared(fh, offset, ierror) &
        bind(C, name='pmpi_file_get_position_shared_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_position_shared
subroutine PMPI_File_get_size(fh, size, ierror) &
        bind(C, name='pmpi_file_get_size_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_size
subroutine PMPI_File_get_type_extent(fh, datatype, extent, ierror) &
        bind(C, name='pmpi_file_get_type_extent_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_get_type_extent
subroutine arts_f77_pmpi_file_get_view(fh, disp, etype, filetype, datarep, ierror, datarep_len) &
        bind(C, name='pmpi_file_get_view_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
type(MPI_Datatype) :: etype
type(MPI_Datatype) :: filetype
character(kind=c_char) :: datarep(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_pmpi_file_get_view
subroutine PMPI_File_iread(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iread_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iread
subroutine PMPI_File_iread_all(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iread_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iread_all
subroutine PMPI_File_iread_at(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iread_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iread_at
subroutine PMPI_File_iread_at_all(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iread_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iread_at_all
subroutine PMPI_File_iread_shared(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iread_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iread_shared
subroutine PMPI_File_iwrite(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iwrite_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iwrite
subroutine PMPI_File_iwrite_all(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iwrite_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iwrite_all
subroutine PMPI_File_iwrite_at(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iwrite_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iwrite_at
subroutine PMPI_File_iwrite_at_all(fh, offset, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iwrite_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iwrite_at_all
subroutine PMPI_File_iwrite_shared(fh, buf, count, datatype, request, ierror) &
        bind(C, name='pmpi_file_iwrite_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_iwrite_shared
subroutine arts_f77_pmpi_file_open(comm, filename, amode, info, fh, ierror, filename_len) &
        bind(C, name='pmpi_file_open_')
import
type(MPI_Comm), intent(in) :: comm
character(kind=c_char) :: filename(*)
integer, intent(in) :: amode
type(MPI_Info), intent(in) :: info
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: filename_len
end subroutine arts_f77_pmpi_file_open
subroutine PMPI_File_preallocate(fh, size, ierror) &
        bind(C, name='pmpi_file_preallocate_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_preallocate
subroutine PMPI_File_read(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read
subroutine PMPI_File_read_all(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_all
subroutine PMPI_File_read_all_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_read_all_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_all_begin
subroutine PMPI_File_read_all_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_read_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_all_end
subroutine PMPI_File_read_at(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_at
subroutine PMPI_File_read_at_all(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_at_all
subroutine PMPI_File_read_at_all_begin(fh, offset, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_read_at_all_begin_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_at_all_begin
subroutine PMPI_File_read_at_all_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_read_at_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_at_all_end
subroutine PMPI_File_read_ordered(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_ordered_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_ordered
subroutine PMPI_File_read_ordered_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_read_ordered_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_ordered_begin
subroutine PMPI_File_read_ordered_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_read_ordered_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_ordered_end
subroutine PMPI_File_read_shared(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_read_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_read_shared
subroutine PMPI_File_seek(fh, offset, whence, ierror) &
        bind(C, name='pmpi_file_seek_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_seek
subroutine PMPI_File_seek_shared(fh, offset, whence, ierror) &
        bind(C, name='pmpi_file_seek_shared_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_seek_shared
subroutine PMPI_File_set_atomicity(fh, flag, ierror) &
        bind(C, name='pmpi_file_set_atomicity_')
import
type(MPI_File), intent(in) :: fh
logical, intent(in) :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_set_atomicity
subroutine PMPI_File_set_errhandler(file, errhandler, ierror) &
        bind(C, name='pmpi_file_set_errhandler_')
import
type(MPI_File), intent(in) :: file
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_set_errhandler
subroutine PMPI_File_set_info(fh, info, ierror) &
        bind(C, name='pmpi_file_set_info_')
import
type(MPI_File), intent(in) :: fh
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_set_info
subroutine PMPI_File_set_size(fh, size, ierror) &
        bind(C, name='pmpi_file_set_size_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_set_size
subroutine arts_f77_pmpi_file_set_view(fh, disp, etype, filetype, datarep, info, ierror, &
    datarep_len) &
        bind(C, name='pmpi_file_set_view_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
type(MPI_Datatype), intent(in) :: etype
type(MPI_Datatype), intent(in) :: filetype
character(kind=c_char) :: datarep(*)
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_pmpi_file_set_view
subroutine PMPI_File_sync(fh, ierror) &
        bind(C, name='pmpi_file_sync_')
import
type(MPI_File), intent(in) :: fh
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_sync
subroutine PMPI_File_write(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write
subroutine PMPI_File_write_all(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_all_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_all
subroutine PMPI_File_write_all_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_write_all_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_all_begin
subroutine PMPI_File_write_all_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_write_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_all_end
subroutine PMPI_File_write_at(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_at_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_at
subroutine PMPI_File_write_at_all(fh, offset, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_at_all_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_at_all
subroutine PMPI_File_write_at_all_begin(fh, offset, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_write_at_all_begin_')
import
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_at_all_begin
subroutine PMPI_File_write_at_all_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_write_at_all_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_at_all_end
subroutine PMPI_File_write_ordered(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_ordered_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_ordered
subroutine PMPI_File_write_ordered_begin(fh, buf, count, datatype, ierror) &
        bind(C, name='pmpi_file_write_ordered_begin_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_ordered_begin
subroutine PMPI_File_write_ordered_end(fh, buf, status, ierror) &
        bind(C, name='pmpi_file_write_ordered_end_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_ordered_end
subroutine PMPI_File_write_shared(fh, buf, count, datatype, status, ierror) &
        bind(C, name='pmpi_file_write_shared_')
import
type(MPI_File), intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_File_write_shared
subroutine PMPI_Finalize(ierror) &
        bind(C, name='pmpi_finalize_')
import
integer, optional, intent(out) :: ierror
end subroutine PMPI_Finalize
subroutine PMPI_Finalized(flag, ierror) &
        bind(C, name='pmpi_finalized_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Finalized
subroutine PMPI_Free_mem(base, ierror) &
        bind(C, name='pmpi_free_mem_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, optional, intent(out) :: ierror
end subroutine PMPI_Free_mem
subroutine PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror) &
        bind(C, name='pmpi_gather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Gather
subroutine PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, ierror) &
        bind(C, name='pmpi_gatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Gatherv
subroutine arts_f77_pmpi_gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, root, comm, info, request, ierror) &
        bind(C, name='pmpi_gatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_gatherv_init
subroutine arts_f77_pmpi_gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror) &
        bind(C, name='pmpi_gather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_gather_init
subroutine arts_f77_pmpi_get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror) &
        bind(C, name='pmpi_get_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_get
subroutine arts_f77_pmpi_get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror) &
        bind(C, name='pmpi_get_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(c_ptr), value :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_get_accumulate
subroutine PMPI_Get_address(location, address, ierror) &
        bind(C, name='pmpi_get_address_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: location
type(*), dimension(*) :: location
integer(kind=MPI_ADDRESS_KIND) :: address
integer, optional, intent(out) :: ierror
end subroutine PMPI_Get_address
subroutine PMPI_Get_count(status, datatype, count, ierror) &
        bind(C, name='pmpi_get_count_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer :: count
integer, optional, intent(out) :: ierror
end subroutine PMPI_Get_count
subroutine PMPI_Get_elements(status, datatype, count, ierror) &
        bind(C, name='pmpi_get_elements_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer :: count
integer, optional, intent(out) :: ierror
end subroutine PMPI_Get_elements
subroutine PMPI_Get_elements_x(status, datatype, count, ierror) &
        bind(C, name='pmpi_get_elements_x_')
import
type(MPI_Status), intent(in) :: status
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: count
integer, optional, intent(out) :: ierror
end subroutine PMPI_Get_elements_x
subroutine arts_f77_pmpi_get_library_version(version, resultlen, ierror, version_len) &
        bind(C, name='pmpi_get_library_version_')
import
character(kind=c_char) :: version(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: version_len
end subroutine arts_f77_pmpi_get_library_version
subroutine arts_f77_pmpi_get_processor_name(name, resultlen, ierror, name_len) &
        bind(C, name='pmpi_get_processor_name_')
import
character(kind=c_char) :: name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: name_len
end subroutine arts_f77_pmpi_get_processor_name
subroutine PMPI_Get_version(version, subversion, ierror) &
        bind(C, name='pmpi_get_version_')
import
integer :: version
integer :: subversion
integer, optional, intent(out) :: ierror
end subroutine PMPI_Get_version
subroutine PMPI_Graphdims_get(comm, nnodes, nedges, ierror) &
        bind(C, name='pmpi_graphdims_get_')
import
type(MPI_Comm), intent(in) :: comm
integer :: nnodes
integer :: nedges
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graphdims_get
subroutine PMPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph, ierror) &
        bind(C, name='pmpi_graph_create_')
import
type(MPI_Comm), intent(in) :: comm_old
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
logical, intent(in) :: reorder
type(MPI_Comm) :: comm_graph
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graph_create
subroutine PMPI_Graph_get(comm, maxindex, maxedges, index, edges, ierror) &
        bind(C, name='pmpi_graph_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: maxindex
integer, intent(in) :: maxedges
integer :: index(*)
integer :: edges(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graph_get
subroutine PMPI_Graph_map(comm, nnodes, index, edges, newrank, ierror) &
        bind(C, name='pmpi_graph_map_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
integer :: newrank
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graph_map
subroutine PMPI_Graph_neighbors(comm, rank, maxneighbors, neighbors, ierror) &
        bind(C, name='pmpi_graph_neighbors_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxneighbors
integer :: neighbors(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graph_neighbors
subroutine PMPI_Graph_neighbors_count(comm, rank, nneighbors, ierror) &
        bind(C, name='pmpi_graph_neighbors_count_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: rank
integer :: nneighbors
integer, optional, intent(out) :: ierror
end subroutine PMPI_Graph_neighbors_count
subroutine PMPI_Grequest_complete(request, ierror) &
        bind(C, name='pmpi_grequest_complete_')
import
type(MPI_Request), intent(in) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Grequest_complete
subroutine PMPI_Group_compare(group1, group2, result, ierror) &
        bind(C, name='pmpi_group_compare_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
integer :: result
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_compare
subroutine PMPI_Group_difference(group1, group2, newgroup, ierror) &
        bind(C, name='pmpi_group_difference_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_difference
subroutine PMPI_Group_excl(group, n, ranks, newgroup, ierror) &
        bind(C, name='pmpi_group_excl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_excl
subroutine PMPI_Group_free(group, ierror) &
        bind(C, name='pmpi_group_free_')
import
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_free
subroutine PMPI_Group_incl(group, n, ranks, newgroup, ierror) &
        bind(C, name='pmpi_group_incl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_incl
subroutine PMPI_Group_intersection(group1, group2, newgroup, ierror) &
        bind(C, name='pmpi_group_intersection_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_intersection
subroutine PMPI_Group_range_excl(group, n, ranges, newgroup, ierror) &
        bind(C, name='pmpi_group_range_excl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_range_excl
subroutine PMPI_Group_range_incl(group, n, ranges, newgroup, ierror) &
        bind(C, name='pmpi_group_range_incl_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_range_incl
subroutine PMPI_Group_rank(group, rank, ierror) &
        bind(C, name='pmpi_group_rank_')
import
type(MPI_Group), intent(in) :: group
integer :: rank
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_rank
subroutine PMPI_Group_size(group, size, ierror) &
        bind(C, name='pmpi_group_size_')
import
type(MPI_Group), intent(in) :: group
integer :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_size
subroutine PMPI_Group_translate_ranks(group1, n, ranks1, group2, ranks2, ierror) &
        bind(C, name='pmpi_group_translate_ranks_')
import
type(MPI_Group), intent(in) :: group1
integer, intent(in) :: n
integer, intent(in) :: ranks1(*)
type(MPI_Group), intent(in) :: group2
integer :: ranks2(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_translate_ranks
subroutine PMPI_Group_union(group1, group2, newgroup, ierror) &
        bind(C, name='pmpi_group_union_')
import
type(MPI_Group), intent(in) :: group1
type(MPI_Group), intent(in) :: group2
type(MPI_Group) :: newgroup
integer, optional, intent(out) :: ierror
end subroutine PMPI_Group_union
subroutine arts_f77_pmpi_iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror) &
        bind(C, name='pmpi_iallgather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iallgather
subroutine arts_f77_pmpi_iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror) &
        bind(C, name='pmpi_iallgatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iallgatherv
subroutine arts_f77_pmpi_iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='pmpi_iallreduce_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iallreduce
subroutine arts_f77_pmpi_ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror) &
        bind(C, name='pmpi_ialltoall_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ialltoall
subroutine arts_f77_pmpi_ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror) &
        bind(C, name='pmpi_ialltoallv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ialltoallv
subroutine arts_f77_pmpi_ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror) &
        bind(C, name='pmpi_ialltoallw_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ialltoallw
subroutine PMPI_Ibarrier(comm, request, ierror) &
        bind(C, name='pmpi_ibarrier_')
import
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Ibarrier
subroutine arts_f77_pmpi_ibcast(buffer, count, datatype, root, comm, request, ierror) &
        bind(C, name='pmpi_ibcast_')
import
type(c_ptr), value :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ibcast
subroutine arts_f77_pmpi_ibsend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_ibsend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ibsend
subroutine arts_f77_pmpi_iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='pmpi_iexscan_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iexscan
subroutine arts_f77_pmpi_igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror) &
        bind(C, name='pmpi_igather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_igather
subroutine arts_f77_pmpi_igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, root, comm, request, ierror) &
        bind(C, name='pmpi_igatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_igatherv
subroutine PMPI_Improbe(source, tag, comm, flag, message, status, ierror) &
        bind(C, name='pmpi_improbe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
logical :: flag
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Improbe
subroutine arts_f77_pmpi_imrecv(buf, count, datatype, message, request, ierror) &
        bind(C, name='pmpi_imrecv_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_imrecv
subroutine arts_f77_pmpi_ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, request, ierror) &
        bind(C, name='pmpi_ineighbor_allgather_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ineighbor_allgather
subroutine arts_f77_pmpi_ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, &
    displs, recvtype, comm, request, ierror) &
        bind(C, name='pmpi_ineighbor_allgatherv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ineighbor_allgatherv
subroutine arts_f77_pmpi_ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, request, ierror) &
        bind(C, name='pmpi_ineighbor_alltoall_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ineighbor_alltoall
subroutine arts_f77_pmpi_ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, request, ierror) &
        bind(C, name='pmpi_ineighbor_alltoallv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ineighbor_alltoallv
subroutine arts_f77_pmpi_ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, request, ierror) &
        bind(C, name='pmpi_ineighbor_alltoallw_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ineighbor_alltoallw
subroutine PMPI_Info_create(info, ierror) &
        bind(C, name='pmpi_info_create_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_Info_create
subroutine arts_f77_pmpi_info_delete(info, key, ierror, key_len) &
        bind(C, name='pmpi_info_delete_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_pmpi_info_delete
subroutine PMPI_Info_dup(info, newinfo, ierror) &
        bind(C, name='pmpi_info_dup_')
import
type(MPI_Info), intent(in) :: info
type(MPI_Info) :: newinfo
integer, optional, intent(out) :: ierror
end subroutine PMPI_Info_dup
subroutine PMPI_Info_free(info, ierror) &
        bind(C, name='pmpi_info_free_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_Info_free
subroutine arts_f77_pmpi_info_get(info, key, valuelen, value, flag, ierror, key_len, value_len) &
        bind(C, name='pmpi_info_get_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer, intent(in) :: valuelen
character(kind=c_char) :: value(*)
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_pmpi_info_get
subroutine PMPI_Info_get_nkeys(info, nkeys, ierror) &
        bind(C, name='pmpi_info_get_nkeys_')
import
type(MPI_Info), intent(in) :: info
integer :: nkeys
integer, optional, intent(out) :: ierror
end subroutine PMPI_Info_get_nkeys
subroutine arts_f77_pmpi_info_get_nthkey(info, n, key, ierror, key_len) &
        bind(C, name='pmpi_info_get_nthkey_')
import
type(MPI_Info), intent(in) :: info
integer, intent(in) :: n
character(kind=c_char) :: key(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_pmpi_info_get_nthkey
subroutine arts_f77_pmpi_info_get_string(info, key, buflen, value, flag, ierror, key_len, &
    value_len) &
        bind(C, name='pmpi_info_get_string_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer :: buflen
character(kind=c_char) :: value(*)
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_pmpi_info_get_string
subroutine arts_f77_pmpi_info_get_valuelen(info, key, valuelen, flag, ierror, key_len) &
        bind(C, name='pmpi_info_get_valuelen_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
integer :: valuelen
logical :: flag
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
end subroutine arts_f77_pmpi_info_get_valuelen
subroutine arts_f77_pmpi_info_set(info, key, value, ierror, key_len, value_len) &
        bind(C, name='pmpi_info_set_')
import
type(MPI_Info), intent(in) :: info
character(kind=c_char) :: key(*)
character(kind=c_char) :: value(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: key_len
integer(c_size_t), value :: value_len
end subroutine arts_f77_pmpi_info_set
subroutine PMPI_Initialized(flag, ierror) &
        bind(C, name='pmpi_initialized_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Initialized
subroutine PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, &
    newintercomm, ierror) &
        bind(C, name='pmpi_intercomm_create_')
import
type(MPI_Comm), intent(in) :: local_comm
integer, intent(in) :: local_leader
type(MPI_Comm), intent(in) :: peer_comm
integer, intent(in) :: remote_leader
integer, intent(in) :: tag
type(MPI_Comm) :: newintercomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Intercomm_create
subroutine PMPI_Intercomm_merge(intercomm, high, newintracomm, ierror) &
        bind(C, name='pmpi_intercomm_merge_')
import
type(MPI_Comm), intent(in) :: intercomm
logical, intent(in) :: high
type(MPI_Comm) :: newintracomm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Intercomm_merge
subroutine PMPI_Iprobe(source, tag, comm, flag, status, ierror) &
        bind(C, name='pmpi_iprobe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Iprobe
subroutine arts_f77_pmpi_irecv(buf, count, datatype, source, tag, comm, request, ierror) &
        bind(C, name='pmpi_irecv_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_irecv
subroutine arts_f77_pmpi_ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, &
    ierror) &
        bind(C, name='pmpi_ireduce_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ireduce
subroutine arts_f77_pmpi_ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, &
    ierror) &
        bind(C, name='pmpi_ireduce_scatter_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ireduce_scatter
subroutine arts_f77_pmpi_ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &
    request, ierror) &
        bind(C, name='pmpi_ireduce_scatter_block_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ireduce_scatter_block
subroutine arts_f77_pmpi_irsend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_irsend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_irsend
subroutine arts_f77_pmpi_iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror) &
        bind(C, name='pmpi_iscan_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iscan
subroutine arts_f77_pmpi_iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror) &
        bind(C, name='pmpi_iscatter_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iscatter
subroutine arts_f77_pmpi_iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, &
    recvtype, root, comm, request, ierror) &
        bind(C, name='pmpi_iscatterv_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_iscatterv
subroutine arts_f77_pmpi_isend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_isend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_isend
subroutine arts_f77_pmpi_issend(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_issend_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_issend
subroutine PMPI_Is_thread_main(flag, ierror) &
        bind(C, name='pmpi_is_thread_main_')
import
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Is_thread_main
subroutine PMPI_Keyval_free(keyval, ierror) &
        bind(C, name='pmpi_keyval_free_')
import
integer :: keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Keyval_free
subroutine PMPI_Mprobe(source, tag, comm, message, status, ierror) &
        bind(C, name='pmpi_mprobe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Mprobe
subroutine PMPI_Mrecv(buf, count, datatype, message, status, ierror) &
        bind(C, name='pmpi_mrecv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Mrecv
subroutine PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, ierror) &
        bind(C, name='pmpi_neighbor_allgather_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgather
subroutine PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, ierror) &
        bind(C, name='pmpi_neighbor_allgatherv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgatherv
subroutine arts_f77_pmpi_neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, &
    recvcounts, displs, recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_neighbor_allgatherv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_neighbor_allgatherv_init
subroutine arts_f77_pmpi_neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_neighbor_allgather_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_neighbor_allgather_init
subroutine PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror) &
        bind(C, name='pmpi_neighbor_alltoall_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoall
subroutine PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, ierror) &
        bind(C, name='pmpi_neighbor_alltoallv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallv
subroutine arts_f77_pmpi_neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_neighbor_alltoallv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_neighbor_alltoallv_init
subroutine PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, ierror) &
        bind(C, name='pmpi_neighbor_alltoallw_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallw
subroutine arts_f77_pmpi_neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror) &
        bind(C, name='pmpi_neighbor_alltoallw_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_neighbor_alltoallw_init
subroutine arts_f77_pmpi_neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, &
    recvtype, comm, info, request, ierror) &
        bind(C, name='pmpi_neighbor_alltoall_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_neighbor_alltoall_init
subroutine PMPI_Op_commutative(op, commute, ierror) &
        bind(C, name='pmpi_op_commutative_')
import
type(MPI_Op), intent(in) :: op
logical :: commute
integer, optional, intent(out) :: ierror
end subroutine PMPI_Op_commutative
subroutine PMPI_Op_free(op, ierror) &
        bind(C, name='pmpi_op_free_')
import
type(MPI_Op) :: op
integer, optional, intent(out) :: ierror
end subroutine PMPI_Op_free
subroutine PMPI_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm, ierror) &
        bind(C, name='pmpi_pack_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outsize
integer :: position
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Pack
subroutine arts_f77_pmpi_pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, &
    position, ierror, datarep_len) &
        bind(C, name='pmpi_pack_external_')
import
character(kind=c_char) :: datarep(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_pmpi_pack_external
subroutine arts_f77_pmpi_pack_external_size(datarep, incount, datatype, size, ierror, datarep_len) &
        bind(C, name='pmpi_pack_external_size_')
import
character(kind=c_char) :: datarep(*)
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_pmpi_pack_external_size
subroutine PMPI_Pack_size(incount, datatype, comm, size, ierror) &
        bind(C, name='pmpi_pack_size_')
import
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Comm), intent(in) :: comm
integer :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Pack_size
subroutine PMPI_Probe(source, tag, comm, status, ierror) &
        bind(C, name='pmpi_probe_')
import
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Probe
subroutine arts_f77_pmpi_put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror) &
        bind(C, name='pmpi_put_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_put
subroutine PMPI_Query_thread(provided, ierror) &
        bind(C, name='pmpi_query_thread_')
import
integer :: provided
integer, optional, intent(out) :: ierror
end subroutine PMPI_Query_thread
subroutine arts_f77_pmpi_raccumulate(origin_addr, origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, request, ierror) &
        bind(C, name='pmpi_raccumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_raccumulate
subroutine PMPI_Recv(buf, count, datatype, source, tag, comm, status, ierror) &
        bind(C, name='pmpi_recv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Recv
subroutine arts_f77_pmpi_recv_init(buf, count, datatype, source, tag, comm, request, ierror) &
        bind(C, name='pmpi_recv_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_recv_init
subroutine PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm, ierror) &
        bind(C, name='pmpi_reduce_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Reduce
subroutine arts_f77_pmpi_reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, &
    request, ierror) &
        bind(C, name='pmpi_reduce_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_reduce_init
subroutine PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op, ierror) &
        bind(C, name='pmpi_reduce_local_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inoutbuf
type(*), dimension(*) :: inoutbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, optional, intent(out) :: ierror
end subroutine PMPI_Reduce_local
subroutine PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, ierror) &
        bind(C, name='pmpi_reduce_scatter_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter
subroutine PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, ierror) &
        bind(C, name='pmpi_reduce_scatter_block_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter_block
subroutine arts_f77_pmpi_reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, &
    info, request, ierror) &
        bind(C, name='pmpi_reduce_scatter_block_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_reduce_scatter_block_init
subroutine arts_f77_pmpi_reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, &
    info, request, ierror) &
        bind(C, name='pmpi_reduce_scatter_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_reduce_scatter_init
subroutine PMPI_Request_free(request, ierror) &
        bind(C, name='pmpi_request_free_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Request_free
subroutine PMPI_Request_get_status(request, flag, status, ierror) &
        bind(C, name='pmpi_request_get_status_')
import
type(MPI_Request), intent(in) :: request
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Request_get_status
subroutine arts_f77_pmpi_rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror) &
        bind(C, name='pmpi_rget_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_rget
subroutine arts_f77_pmpi_rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror) &
        bind(C, name='pmpi_rget_accumulate_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(c_ptr), value :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_rget_accumulate
subroutine arts_f77_pmpi_rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror) &
        bind(C, name='pmpi_rput_')
import
type(c_ptr), value :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_rput
subroutine PMPI_Rsend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='pmpi_rsend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Rsend
subroutine arts_f77_pmpi_rsend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_rsend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_rsend_init
subroutine PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm, ierror) &
        bind(C, name='pmpi_scan_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Scan
subroutine arts_f77_pmpi_scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, &
    ierror) &
        bind(C, name='pmpi_scan_init_')
import
type(c_ptr), value :: sendbuf
type(c_ptr), value :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_scan_init
subroutine PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror) &
        bind(C, name='pmpi_scatter_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Scatter
subroutine PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, ierror) &
        bind(C, name='pmpi_scatterv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Scatterv
subroutine arts_f77_pmpi_scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, &
    recvtype, root, comm, info, request, ierror) &
        bind(C, name='pmpi_scatterv_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_scatterv_init
subroutine arts_f77_pmpi_scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror) &
        bind(C, name='pmpi_scatter_init_')
import
type(c_ptr), value :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(c_ptr), value :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_scatter_init
subroutine PMPI_Send(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='pmpi_send_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Send
subroutine PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, &
    source, recvtag, comm, status, ierror) &
        bind(C, name='pmpi_sendrecv_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: source
integer, intent(in) :: recvtag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Sendrecv
subroutine PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, &
    status, ierror) &
        bind(C, name='pmpi_sendrecv_replace_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
integer, intent(in) :: source
integer, intent(in) :: recvtag
type(MPI_Comm), intent(in) :: comm
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Sendrecv_replace
subroutine arts_f77_pmpi_send_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_send_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_send_init
subroutine PMPI_Ssend(buf, count, datatype, dest, tag, comm, ierror) &
        bind(C, name='pmpi_ssend_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Ssend
subroutine arts_f77_pmpi_ssend_init(buf, count, datatype, dest, tag, comm, request, ierror) &
        bind(C, name='pmpi_ssend_init_')
import
type(c_ptr), value :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_ssend_init
subroutine PMPI_Start(request, ierror) &
        bind(C, name='pmpi_start_')
import
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
end subroutine PMPI_Start
subroutine PMPI_Startall(count, requests, ierror) &
        bind(C, name='pmpi_startall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Startall
subroutine PMPI_Status_f082f(f08_status, f_status, ierror) &
        bind(C, name='pmpi_status_f082f_')
import
type(MPI_Status), intent(in) :: f08_status
integer :: f_status(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Status_f082f
subroutine PMPI_Status_f2f08(f_status, f08_status, ierror) &
        bind(C, name='pmpi_status_f2f08_')
import
integer, intent(in) :: f_status(*)
type(MPI_Status) :: f08_status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Status_f2f08
subroutine PMPI_Status_set_cancelled(status, flag, ierror) &
        bind(C, name='pmpi_status_set_cancelled_')
import
type(MPI_Status) :: status
logical, intent(in) :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Status_set_cancelled
subroutine PMPI_Status_set_elements(status, datatype, count, ierror) &
        bind(C, name='pmpi_status_set_elements_')
import
type(MPI_Status) :: status
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: count
integer, optional, intent(out) :: ierror
end subroutine PMPI_Status_set_elements
subroutine PMPI_Status_set_elements_x(status, datatype, count, ierror) &
        bind(C, name='pmpi_status_set_elements_x_')
import
type(MPI_Status) :: status
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND), intent(in) :: count
integer, optional, intent(out) :: ierror
end subroutine PMPI_Status_set_elements_x
subroutine PMPI_Test(request, flag, status, ierror) &
        bind(C, name='pmpi_test_')
import
type(MPI_Request) :: request
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Test
subroutine PMPI_Testall(count, requests, flag, statuses, ierror) &
        bind(C, name='pmpi_testall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
logical :: flag
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Testall
subroutine PMPI_Testany(count, requests, index, flag, status, ierror) &
        bind(C, name='pmpi_testany_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer :: index
logical :: flag
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Testany
subroutine PMPI_Testsome(incount, requests, outcount, indices, statuses, ierror) &
        bind(C, name='pmpi_testsome_')
import
integer, intent(in) :: incount
type(MPI_Request) :: requests(*)
integer :: outcount
integer :: indices(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Testsome
subroutine PMPI_Test_cancelled(status, flag, ierror) &
        bind(C, name='pmpi_test_cancelled_')
import
type(MPI_Status), intent(in) :: status
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Test_cancelled
subroutine PMPI_Topo_test(comm, status, ierror) &
        bind(C, name='pmpi_topo_test_')
import
type(MPI_Comm), intent(in) :: comm
integer :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Topo_test
subroutine PMPI_Type_commit(datatype, ierror) &
        bind(C, name='pmpi_type_commit_')
import
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_commit
subroutine PMPI_Type_contiguous(count, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_contiguous_')
import
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_contiguous
subroutine PMPI_Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, &
    array_of_dargs, array_of_psizes, order, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_create_darray_')
import
integer, intent(in) :: size
integer, intent(in) :: rank
integer, intent(in) :: ndims
integer, intent(in) :: array_of_gsizes(*)
integer, intent(in) :: array_of_distribs(*)
integer, intent(in) :: array_of_dargs(*)
integer, intent(in) :: array_of_psizes(*)
integer, intent(in) :: order
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_darray
subroutine PMPI_Type_create_f90_complex(p, r, newtype, ierror) &
        bind(C, name='pmpi_type_create_f90_complex_')
import
integer, intent(in) :: p
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_complex
subroutine PMPI_Type_create_f90_integer(r, newtype, ierror) &
        bind(C, name='pmpi_type_create_f90_integer_')
import
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_integer
subroutine PMPI_Type_create_f90_real(p, r, newtype, ierror) &
        bind(C, name='pmpi_type_create_f90_real_')
import
integer, intent(in) :: p
integer, intent(in) :: r
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_real
subroutine PMPI_Type_create_hindexed(count, blocklengths, displacements, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_create_hindexed_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_hindexed
subroutine PMPI_Type_create_hindexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror) &
        bind(C, name='pmpi_type_create_hindexed_block_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_hindexed_block
subroutine PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_create_hvector_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: stride
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_hvector
subroutine PMPI_Type_create_indexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror) &
        bind(C, name='pmpi_type_create_indexed_block_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_indexed_block
subroutine PMPI_Type_create_resized(oldtype, lb, extent, newtype, ierror) &
        bind(C, name='pmpi_type_create_resized_')
import
type(MPI_Datatype), intent(in) :: oldtype
integer(kind=MPI_ADDRESS_KIND), intent(in) :: lb
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extent
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_resized
subroutine PMPI_Type_create_struct(count, blocklengths, displacements, types, newtype, ierror) &
        bind(C, name='pmpi_type_create_struct_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: types(*)
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_struct
subroutine PMPI_Type_create_subarray(ndims, sizes, subsizes, starts, order, oldtype, newtype, &
    ierror) &
        bind(C, name='pmpi_type_create_subarray_')
import
integer, intent(in) :: ndims
integer, intent(in) :: sizes(*)
integer, intent(in) :: subsizes(*)
integer, intent(in) :: starts(*)
integer, intent(in) :: order
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_create_subarray
subroutine PMPI_Type_delete_attr(datatype, type_keyval, ierror) &
        bind(C, name='pmpi_type_delete_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_delete_attr
subroutine PMPI_Type_dup(oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_dup_')
import
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_dup
subroutine PMPI_Type_free(datatype, ierror) &
        bind(C, name='pmpi_type_free_')
import
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_free
subroutine PMPI_Type_free_keyval(type_keyval, ierror) &
        bind(C, name='pmpi_type_free_keyval_')
import
integer :: type_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_free_keyval
subroutine PMPI_Type_get_attr(datatype, type_keyval, attribute_val, flag, ierror) &
        bind(C, name='pmpi_type_get_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_attr
subroutine PMPI_Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, &
    array_of_integers, array_of_addresses, array_of_datatypes, ierror) &
        bind(C, name='pmpi_type_get_contents_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: max_integers
integer, intent(in) :: max_addresses
integer, intent(in) :: max_datatypes
integer :: array_of_integers(*)
integer(kind=MPI_ADDRESS_KIND) :: array_of_addresses(*)
type(MPI_Datatype) :: array_of_datatypes(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_contents
subroutine PMPI_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner, &
    ierror) &
        bind(C, name='pmpi_type_get_envelope_')
import
type(MPI_Datatype), intent(in) :: datatype
integer :: num_integers
integer :: num_addresses
integer :: num_datatypes
integer :: combiner
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_envelope
subroutine PMPI_Type_get_extent(datatype, lb, extent, ierror) &
        bind(C, name='pmpi_type_get_extent_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: lb
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_extent
subroutine PMPI_Type_get_extent_x(datatype, lb, extent, ierror) &
        bind(C, name='pmpi_type_get_extent_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: lb
integer(kind=MPI_COUNT_KIND) :: extent
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_extent_x
subroutine arts_f77_pmpi_type_get_name(datatype, type_name, resultlen, ierror, type_name_len) &
        bind(C, name='pmpi_type_get_name_')
import
type(MPI_Datatype), intent(in) :: datatype
character(kind=c_char) :: type_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: type_name_len
end subroutine arts_f77_pmpi_type_get_name
subroutine PMPI_Type_get_true_extent(datatype, true_lb, true_extent, ierror) &
        bind(C, name='pmpi_type_get_true_extent_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: true_lb
integer(kind=MPI_ADDRESS_KIND) :: true_extent
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_true_extent
subroutine PMPI_Type_get_true_extent_x(datatype, true_lb, true_extent, ierror) &
        bind(C, name='pmpi_type_get_true_extent_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: true_lb
integer(kind=MPI_COUNT_KIND) :: true_extent
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_get_true_extent_x
subroutine PMPI_Type_indexed(count, blocklengths, displacements, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_indexed_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer, intent(in) :: displacements(*)
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_indexed
subroutine PMPI_Type_match_size(typeclass, size, datatype, ierror) &
        bind(C, name='pmpi_type_match_size_')
import
integer, intent(in) :: typeclass
integer, intent(in) :: size
type(MPI_Datatype) :: datatype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_match_size
subroutine PMPI_Type_set_attr(datatype, type_keyval, attribute_val, ierror) &
        bind(C, name='pmpi_type_set_attr_')
import
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_set_attr
subroutine arts_f77_pmpi_type_set_name(datatype, type_name, ierror, type_name_len) &
        bind(C, name='pmpi_type_set_name_')
import
type(MPI_Datatype), intent(in) :: datatype
character(kind=c_char) :: type_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: type_name_len
end subroutine arts_f77_pmpi_type_set_name
subroutine PMPI_Type_size(datatype, size, ierror) &
        bind(C, name='pmpi_type_size_')
import
type(MPI_Datatype), intent(in) :: datatype
integer :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_size
subroutine PMPI_Type_size_x(datatype, size, ierror) &
        bind(C, name='pmpi_type_size_x_')
import
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_size_x
subroutine PMPI_Type_vector(count, blocklength, stride, oldtype, newtype, ierror) &
        bind(C, name='pmpi_type_vector_')
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: stride
type(MPI_Datatype), intent(in) :: oldtype
type(MPI_Datatype) :: newtype
integer, optional, intent(out) :: ierror
end subroutine PMPI_Type_vector
subroutine PMPI_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm, ierror) &
        bind(C, name='pmpi_unpack_')
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: insize
integer :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Comm), intent(in) :: comm
integer, optional, intent(out) :: ierror
end subroutine PMPI_Unpack
subroutine arts_f77_pmpi_unpack_external(datarep, inbuf, insize, position, outbuf, outcount, &
    datatype, ierror, datarep_len) &
        bind(C, name='pmpi_unpack_external_')
import
character(kind=c_char) :: datarep(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: datarep_len
end subroutine arts_f77_pmpi_unpack_external
subroutine PMPI_Wait(request, status, ierror) &
        bind(C, name='pmpi_wait_')
import
type(MPI_Request) :: request
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Wait
subroutine PMPI_Waitall(count, requests, statuses, ierror) &
        bind(C, name='pmpi_waitall_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Waitall
subroutine PMPI_Waitany(count, requests, index, status, ierror) &
        bind(C, name='pmpi_waitany_')
import
integer, intent(in) :: count
type(MPI_Request) :: requests(*)
integer :: index
type(MPI_Status) :: status
integer, optional, intent(out) :: ierror
end subroutine PMPI_Waitany
subroutine PMPI_Waitsome(incount, requests, outcount, indices, statuses, ierror) &
        bind(C, name='pmpi_waitsome_')
import
integer, intent(in) :: incount
type(MPI_Request) :: requests(*)
integer :: outcount
integer :: indices(*)
type(MPI_Status) :: statuses(*)
integer, optional, intent(out) :: ierror
end subroutine PMPI_Waitsome
subroutine PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win, ierror) &
        bind(C, name='pmpi_win_allocate_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_allocate
subroutine PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win, ierror) &
        bind(C, name='pmpi_win_allocate_shared_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_allocate_shared
subroutine arts_f77_pmpi_win_attach(win, base, size, ierror) &
        bind(C, name='pmpi_win_attach_')
import
type(MPI_Win), intent(in) :: win
type(c_ptr), value :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_win_attach
subroutine PMPI_Win_call_errhandler(win, errorcode, ierror) &
        bind(C, name='pmpi_win_call_errhandler_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: errorcode
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_call_errhandler
subroutine PMPI_Win_complete(win, ierror) &
        bind(C, name='pmpi_win_complete_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_complete
subroutine arts_f77_pmpi_win_create(base, size, disp_unit, info, comm, win, ierror) &
        bind(C, name='pmpi_win_create_')
import
type(c_ptr), value :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine arts_f77_pmpi_win_create
subroutine PMPI_Win_create_dynamic(info, comm, win, ierror) &
        bind(C, name='pmpi_win_create_dynamic_')
import
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_create_dynamic
subroutine PMPI_Win_delete_attr(win, win_keyval, ierror) &
        bind(C, name='pmpi_win_delete_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_delete_attr
subroutine PMPI_Win_detach(win, base, ierror) &
        bind(C, name='pmpi_win_detach_')
import
type(MPI_Win), intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_detach
subroutine PMPI_Win_fence(assert, win, ierror) &
        bind(C, name='pmpi_win_fence_')
import
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_fence
subroutine PMPI_Win_flush(rank, win, ierror) &
        bind(C, name='pmpi_win_flush_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_flush
subroutine PMPI_Win_flush_all(win, ierror) &
        bind(C, name='pmpi_win_flush_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_flush_all
subroutine PMPI_Win_flush_local(rank, win, ierror) &
        bind(C, name='pmpi_win_flush_local_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_flush_local
subroutine PMPI_Win_flush_local_all(win, ierror) &
        bind(C, name='pmpi_win_flush_local_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_flush_local_all
subroutine PMPI_Win_free(win, ierror) &
        bind(C, name='pmpi_win_free_')
import
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_free
subroutine PMPI_Win_free_keyval(win_keyval, ierror) &
        bind(C, name='pmpi_win_free_keyval_')
import
integer :: win_keyval
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_free_keyval
subroutine PMPI_Win_get_attr(win, win_keyval, attribute_val, flag, ierror) &
        bind(C, name='pmpi_win_get_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_get_attr
subroutine PMPI_Win_get_errhandler(win, errhandler, ierror) &
        bind(C, name='pmpi_win_get_errhandler_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_get_errhandler
subroutine PMPI_Win_get_group(win, group, ierror) &
        bind(C, name='pmpi_win_get_group_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Group) :: group
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_get_group
subroutine PMPI_Win_get_info(win, info_used, ierror) &
        bind(C, name='pmpi_win_get_info_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Info) :: info_used
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_get_info
subroutine arts_f77_pmpi_win_get_name(win, win_name, resultlen, ierror, win_name_len) &
        bind(C, name='pmpi_win_get_name_')
import
type(MPI_Win), intent(in) :: win
character(kind=c_char) :: win_name(*)
integer :: resultlen
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: win_name_len
end subroutine arts_f77_pmpi_win_get_name
subroutine PMPI_Win_lock(lock_type, rank, assert, win, ierror) &
        bind(C, name='pmpi_win_lock_')
import
integer, intent(in) :: lock_type
integer, intent(in) :: rank
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_lock
subroutine PMPI_Win_lock_all(assert, win, ierror) &
        bind(C, name='pmpi_win_lock_all_')
import
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_lock_all
subroutine PMPI_Win_post(group, assert, win, ierror) &
        bind(C, name='pmpi_win_post_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_post
subroutine PMPI_Win_set_attr(win, win_keyval, attribute_val, ierror) &
        bind(C, name='pmpi_win_set_attr_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_set_attr
subroutine PMPI_Win_set_errhandler(win, errhandler, ierror) &
        bind(C, name='pmpi_win_set_errhandler_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Errhandler), intent(in) :: errhandler
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_set_errhandler
subroutine PMPI_Win_set_info(win, info, ierror) &
        bind(C, name='pmpi_win_set_info_')
import
type(MPI_Win), intent(in) :: win
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_set_info
subroutine arts_f77_pmpi_win_set_name(win, win_name, ierror, win_name_len) &
        bind(C, name='pmpi_win_set_name_')
import
type(MPI_Win), intent(in) :: win
character(kind=c_char) :: win_name(*)
integer, optional, intent(out) :: ierror
integer(c_size_t), value :: win_name_len
end subroutine arts_f77_pmpi_win_set_name
subroutine PMPI_Win_shared_query(win, rank, size, disp_unit, baseptr, ierror) &
        bind(C, name='pmpi_win_shared_query_')
import
type(MPI_Win), intent(in) :: win
integer, intent(in) :: rank
integer(kind=MPI_ADDRESS_KIND) :: size
integer :: disp_unit
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_shared_query
subroutine PMPI_Win_start(group, assert, win, ierror) &
        bind(C, name='pmpi_win_start_')
import
type(MPI_Group), intent(in) :: group
integer, intent(in) :: assert
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_start
subroutine PMPI_Win_sync(win, ierror) &
        bind(C, name='pmpi_win_sync_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_sync
subroutine PMPI_Win_test(win, flag, ierror) &
        bind(C, name='pmpi_win_test_')
import
type(MPI_Win), intent(in) :: win
logical :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_test
subroutine PMPI_Win_unlock(rank, win, ierror) &
        bind(C, name='pmpi_win_unlock_')
import
integer, intent(in) :: rank
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_unlock
subroutine PMPI_Win_unlock_all(win, ierror) &
        bind(C, name='pmpi_win_unlock_all_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_unlock_all
subroutine PMPI_Win_wait(win, ierror) &
        bind(C, name='pmpi_win_wait_')
import
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
end subroutine PMPI_Win_wait
subroutine MPI_Init(ierror) bind(C, name='mpi_init_')
integer, optional, intent(out) :: ierror
end subroutine MPI_Init
subroutine MPI_Info_create_env(info, ierror) &
        bind(C, name='mpi_info_create_env_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine MPI_Info_create_env
subroutine MPI_Init_thread(required, provided, ierror) &
        bind(C, name='mpi_init_thread_')
integer, intent(in) :: required
integer, intent(out) :: provided
integer, optional, intent(out) :: ierror
end subroutine MPI_Init_thread
function MPI_Wtime() bind(C, name='mpi_wtime_')
import
real(c_double) :: MPI_Wtime
end function MPI_Wtime
function MPI_Wtick() bind(C, name='mpi_wtick_')
import
real(c_double) :: MPI_Wtick
end function MPI_Wtick
function MPI_Aint_add(base, disp) bind(C, name='mpi_aint_add_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: base, disp
integer(kind=MPI_ADDRESS_KIND) :: MPI_Aint_add
end function MPI_Aint_add
function MPI_Aint_diff(addr1, addr2) bind(C, name='mpi_aint_diff_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: addr1, addr2
integer(kind=MPI_ADDRESS_KIND) :: MPI_Aint_diff
end function MPI_Aint_diff
subroutine MPI_Alloc_mem(size, info, baseptr, ierror) &
        bind(C, name='mpi_alloc_mem_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
type(MPI_Info), intent(in) :: info
type(c_ptr), intent(out) :: baseptr
integer, optional, intent(out) :: ierror
end subroutine MPI_Alloc_mem
subroutine MPI_Buffer_detach(buffer_addr, size, ierror) &
        bind(C, name='mpi_buffer_detach_')
import
type(c_ptr), intent(out) :: buffer_addr
integer, intent(out) :: size
integer, optional, intent(out) :: ierror
end subroutine MPI_Buffer_detach
subroutine MPI_Pcontrol(level) bind(C, name='mpi_pcontrol_')
integer, intent(in) :: level
end subroutine MPI_Pcontrol
subroutine MPI_Attr_get(comm, keyval, attribute_val, flag, ierror) &
        bind(C, name='mpi_attr_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval
integer, intent(out) :: attribute_val
logical, intent(out) :: flag
integer, optional, intent(out) :: ierror
end subroutine MPI_Attr_get
subroutine MPI_Attr_put(comm, keyval, attribute_val, ierror) &
        bind(C, name='mpi_attr_put_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval, attribute_val
integer, optional, intent(out) :: ierror
end subroutine MPI_Attr_put
subroutine PMPI_Init(ierror) bind(C, name='pmpi_init_')
integer, optional, intent(out) :: ierror
end subroutine PMPI_Init
subroutine PMPI_Info_create_env(info, ierror) &
        bind(C, name='pmpi_info_create_env_')
import
type(MPI_Info) :: info
integer, optional, intent(out) :: ierror
end subroutine PMPI_Info_create_env
subroutine PMPI_Init_thread(required, provided, ierror) &
        bind(C, name='pmpi_init_thread_')
integer, intent(in) :: required
integer, intent(out) :: provided
integer, optional, intent(out) :: ierror
end subroutine PMPI_Init_thread
function PMPI_Wtime() bind(C, name='pmpi_wtime_')
import
real(c_double) :: PMPI_Wtime
end function PMPI_Wtime
function PMPI_Wtick() bind(C, name='pmpi_wtick_')
import
real(c_double) :: PMPI_Wtick
end function PMPI_Wtick
function PMPI_Aint_add(base, disp) bind(C, name='pmpi_aint_add_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: base, disp
integer(kind=MPI_ADDRESS_KIND) :: PMPI_Aint_add
end function PMPI_Aint_add
function PMPI_Aint_diff(addr1, addr2) bind(C, name='pmpi_aint_diff_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: addr1, addr2
integer(kind=MPI_ADDRESS_KIND) :: PMPI_Aint_diff
end function PMPI_Aint_diff
subroutine PMPI_Alloc_mem(size, info, baseptr, ierror) &
        bind(C, name='pmpi_alloc_mem_')
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
type(MPI_Info), intent(in) :: info
type(c_ptr), intent(out) :: baseptr
integer, optional, intent(out) :: ierror
end subroutine PMPI_Alloc_mem
subroutine PMPI_Buffer_detach(buffer_addr, size, ierror) &
        bind(C, name='pmpi_buffer_detach_')
import
type(c_ptr), intent(out) :: buffer_addr
integer, intent(out) :: size
integer, optional, intent(out) :: ierror
end subroutine PMPI_Buffer_detach
subroutine PMPI_Pcontrol(level) bind(C, name='pmpi_pcontrol_')
integer, intent(in) :: level
end subroutine PMPI_Pcontrol
subroutine PMPI_Attr_get(comm, keyval, attribute_val, flag, ierror) &
        bind(C, name='pmpi_attr_get_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval
integer, intent(out) :: attribute_val
logical, intent(out) :: flag
integer, optional, intent(out) :: ierror
end subroutine PMPI_Attr_get
subroutine PMPI_Attr_put(comm, keyval, attribute_val, ierror) &
        bind(C, name='pmpi_attr_put_')
import
type(MPI_Comm), intent(in) :: comm
integer, intent(in) :: keyval, attribute_val
integer, optional, intent(out) :: ierror
end subroutine PMPI_Attr_put
subroutine arts_f08_noncontiguous(name, name_len, ierror) &
        bind(C, name='arts_f08_noncontiguous')
import
character(kind=c_char) :: name(*)
integer(c_size_t), value :: name_len
integer, optional, intent(out) :: ierror
end subroutine arts_f08_noncontiguous
subroutine MPI_F_sync_reg(buf) bind(C, name='mpi_f_sync_reg_')
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
end subroutine MPI_F_sync_reg
end interface

contains

subroutine AMPI_Checkpoint(dname, ierror)
character(len=*), intent(in) :: dname
integer, optional, intent(out) :: ierror
call arts_f77_ampi_checkpoint(dname, ierror, len(dname, kind=c_size_t))
end subroutine AMPI_Checkpoint
subroutine MPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Accumulate', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_accumulate(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, ierror)
end subroutine MPI_Accumulate
subroutine MPI_Add_error_string(errorcode, string, ierror)
integer, intent(in) :: errorcode
character(len=*), intent(in) :: string
integer, optional, intent(out) :: ierror
call arts_f77_mpi_add_error_string(errorcode, string, ierror, len(string, kind=c_size_t))
end subroutine MPI_Add_error_string
subroutine MPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Allgatherv_init', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Allgatherv_init', 19_c_size_t, ierror)
return
end if
call arts_f77_mpi_allgatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, comm, info, request, ierror)
end subroutine MPI_Allgatherv_init
subroutine MPI_Allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Allgather_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Allgather_init', 18_c_size_t, ierror)
return
end if
call arts_f77_mpi_allgather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, info, request, ierror)
end subroutine MPI_Allgather_init
subroutine MPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Allreduce_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Allreduce_init', 18_c_size_t, ierror)
return
end if
call arts_f77_mpi_allreduce_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine MPI_Allreduce_init
subroutine MPI_Alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Alltoallv_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Alltoallv_init', 18_c_size_t, ierror)
return
end if
call arts_f77_mpi_alltoallv_init(c_loc(sendbuf), sendcounts, sdispls, sendtype, c_loc(recvbuf), &
    recvcounts, rdispls, recvtype, comm, info, request, ierror)
end subroutine MPI_Alltoallv_init
subroutine MPI_Alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Alltoallw_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Alltoallw_init', 18_c_size_t, ierror)
return
end if
call arts_f77_mpi_alltoallw_init(c_loc(sendbuf), sendcounts, sdispls, sendtypes, c_loc(recvbuf), &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
end subroutine MPI_Alltoallw_init
subroutine MPI_Alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Alltoall_init', 17_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Alltoall_init', 17_c_size_t, ierror)
return
end if
call arts_f77_mpi_alltoall_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, info, request, ierror)
end subroutine MPI_Alltoall_init
subroutine MPI_Bcast_init(buffer, count, datatype, root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('MPI_Bcast_init', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_bcast_init(c_loc(buffer), count, datatype, root, comm, info, request, ierror)
end subroutine MPI_Bcast_init
subroutine MPI_Bsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Bsend_init', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_bsend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Bsend_init
subroutine MPI_Buffer_attach(buffer, size, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: size
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('MPI_Buffer_attach', 17_c_size_t, ierror)
return
end if
call arts_f77_mpi_buffer_attach(c_loc(buffer), size, ierror)
end subroutine MPI_Buffer_attach
subroutine MPI_Comm_create_errhandler(comm_errhandler_fn, errhandler, ierror)
procedure(MPI_Comm_errhandler_function) :: comm_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_comm_create_errhandler
call arts_f08_mpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Comm_create_errhandler
subroutine MPI_Comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state, &
    ierror)
procedure(MPI_Comm_copy_attr_function) :: comm_copy_attr_fn
procedure(MPI_Comm_delete_attr_function) :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_comm_create_keyval
call arts_f08_mpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Comm_create_keyval
subroutine MPI_Comm_get_name(comm, comm_name, resultlen, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*) :: comm_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_comm_get_name(comm, comm_name, resultlen, ierror, len(comm_name, kind=c_size_t))
end subroutine MPI_Comm_get_name
subroutine MPI_Comm_set_name(comm, comm_name, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*), intent(in) :: comm_name
integer, optional, intent(out) :: ierror
call arts_f77_mpi_comm_set_name(comm, comm_name, ierror, len(comm_name, kind=c_size_t))
end subroutine MPI_Comm_set_name
subroutine MPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, &
    target_disp, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
type(*), dimension(..), target, asynchronous :: compare_addr
type(*), dimension(..), target, asynchronous :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Compare_and_swap', 20_c_size_t, ierror)
return
end if
if (.not. is_contiguous(compare_addr)) then
call arts_f08_noncontiguous('MPI_Compare_and_swap', 20_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('MPI_Compare_and_swap', 20_c_size_t, ierror)
return
end if
call arts_f77_mpi_compare_and_swap(c_loc(origin_addr), c_loc(compare_addr), c_loc(result_addr), &
    datatype, target_rank, target_disp, win, ierror)
end subroutine MPI_Compare_and_swap
subroutine MPI_Error_string(errorcode, string, resultlen, ierror)
integer, intent(in) :: errorcode
character(len=*) :: string
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_error_string(errorcode, string, resultlen, ierror, len(string, kind=c_size_t))
end subroutine MPI_Error_string
subroutine MPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Exscan_init', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Exscan_init', 15_c_size_t, ierror)
return
end if
call arts_f77_mpi_exscan_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine MPI_Exscan_init
subroutine MPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win, &
    ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
type(*), dimension(..), target, asynchronous :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Fetch_and_op', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('MPI_Fetch_and_op', 16_c_size_t, ierror)
return
end if
call arts_f77_mpi_fetch_and_op(c_loc(origin_addr), c_loc(result_addr), datatype, target_rank, &
    target_disp, op, win, ierror)
end subroutine MPI_Fetch_and_op
subroutine MPI_File_create_errhandler(file_errhandler_fn, errhandler, ierror)
procedure(MPI_File_errhandler_function) :: file_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_file_create_errhandler
call arts_f08_mpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_File_create_errhandler
subroutine MPI_File_delete(filename, info, ierror)
character(len=*), intent(in) :: filename
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
call arts_f77_mpi_file_delete(filename, info, ierror, len(filename, kind=c_size_t))
end subroutine MPI_File_delete
subroutine MPI_File_get_view(fh, disp, etype, filetype, datarep, ierror)
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
type(MPI_Datatype) :: etype
type(MPI_Datatype) :: filetype
character(len=*) :: datarep
integer, optional, intent(out) :: ierror
call arts_f77_mpi_file_get_view(fh, disp, etype, filetype, datarep, ierror, len(datarep, &
    kind=c_size_t))
end subroutine MPI_File_get_view
subroutine MPI_File_open(comm, filename, amode, info, fh, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*), intent(in) :: filename
integer, intent(in) :: amode
type(MPI_Info), intent(in) :: info
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
call arts_f77_mpi_file_open(comm, filename, amode, info, fh, ierror, len(filename, kind=c_size_t))
end subroutine MPI_File_open
subroutine MPI_File_set_view(fh, disp, etype, filetype, datarep, info, ierror)
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
type(MPI_Datatype), intent(in) :: etype
type(MPI_Datatype), intent(in) :: filetype
character(len=*), intent(in) :: datarep
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
call arts_f77_mpi_file_set_view(fh, disp, etype, filetype, datarep, info, ierror, len(datarep, &
    kind=c_size_t))
end subroutine MPI_File_set_view
subroutine MPI_Gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Gatherv_init', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Gatherv_init', 16_c_size_t, ierror)
return
end if
call arts_f77_mpi_gatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, root, comm, info, request, ierror)
end subroutine MPI_Gatherv_init
subroutine MPI_Gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Gather_init', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Gather_init', 15_c_size_t, ierror)
return
end if
call arts_f77_mpi_gather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, info, request, ierror)
end subroutine MPI_Gather_init
subroutine MPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Get', 7_c_size_t, ierror)
return
end if
call arts_f77_mpi_get(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
end subroutine MPI_Get
subroutine MPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(*), dimension(..), target, asynchronous :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Get_accumulate', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('MPI_Get_accumulate', 18_c_size_t, ierror)
return
end if
call arts_f77_mpi_get_accumulate(c_loc(origin_addr), origin_count, origin_datatype, &
    c_loc(result_addr), result_count, result_datatype, target_rank, target_disp, target_count, &
    target_datatype, op, win, ierror)
end subroutine MPI_Get_accumulate
subroutine MPI_Get_library_version(version, resultlen, ierror)
character(len=*) :: version
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_get_library_version(version, resultlen, ierror, len(version, kind=c_size_t))
end subroutine MPI_Get_library_version
subroutine MPI_Get_processor_name(name, resultlen, ierror)
character(len=*) :: name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_get_processor_name(name, resultlen, ierror, len(name, kind=c_size_t))
end subroutine MPI_Get_processor_name
subroutine MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierror)
procedure(MPI_Grequest_query_function) :: query_fn
procedure(MPI_Grequest_free_function) :: free_fn
procedure(MPI_Grequest_cancel_function) :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_grequest_start
call arts_f08_mpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Grequest_start
subroutine MPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iallgather', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iallgather', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_iallgather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, request, ierror)
end subroutine MPI_Iallgather
subroutine MPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iallgatherv', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iallgatherv', 15_c_size_t, ierror)
return
end if
call arts_f77_mpi_iallgatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, comm, request, ierror)
end subroutine MPI_Iallgatherv
subroutine MPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iallreduce', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iallreduce', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_iallreduce(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, &
    ierror)
end subroutine MPI_Iallreduce
subroutine MPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, &
    ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoall', 13_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoall', 13_c_size_t, ierror)
return
end if
call arts_f77_mpi_ialltoall(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, request, ierror)
end subroutine MPI_Ialltoall
subroutine MPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoallv', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoallv', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_ialltoallv(c_loc(sendbuf), sendcounts, sdispls, sendtype, c_loc(recvbuf), &
    recvcounts, rdispls, recvtype, comm, request, ierror)
end subroutine MPI_Ialltoallv
subroutine MPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoallw', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ialltoallw', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_ialltoallw(c_loc(sendbuf), sendcounts, sdispls, sendtypes, c_loc(recvbuf), &
    recvcounts, rdispls, recvtypes, comm, request, ierror)
end subroutine MPI_Ialltoallw
subroutine MPI_Ibcast(buffer, count, datatype, root, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('MPI_Ibcast', 10_c_size_t, ierror)
return
end if
call arts_f77_mpi_ibcast(c_loc(buffer), count, datatype, root, comm, request, ierror)
end subroutine MPI_Ibcast
subroutine MPI_Ibsend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Ibsend', 10_c_size_t, ierror)
return
end if
call arts_f77_mpi_ibsend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Ibsend
subroutine MPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iexscan', 11_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iexscan', 11_c_size_t, ierror)
return
end if
call arts_f77_mpi_iexscan(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, &
    ierror)
end subroutine MPI_Iexscan
subroutine MPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Igather', 11_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Igather', 11_c_size_t, ierror)
return
end if
call arts_f77_mpi_igather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, recvtype, &
    root, comm, request, ierror)
end subroutine MPI_Igather
subroutine MPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Igatherv', 12_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Igatherv', 12_c_size_t, ierror)
return
end if
call arts_f77_mpi_igatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, displs, &
    recvtype, root, comm, request, ierror)
end subroutine MPI_Igatherv
subroutine MPI_Imrecv(buf, count, datatype, message, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Imrecv', 10_c_size_t, ierror)
return
end if
call arts_f77_mpi_imrecv(c_loc(buf), count, datatype, message, request, ierror)
end subroutine MPI_Imrecv
subroutine MPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_allgather', 23_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_allgather', 23_c_size_t, ierror)
return
end if
call arts_f77_mpi_ineighbor_allgather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, request, ierror)
end subroutine MPI_Ineighbor_allgather
subroutine MPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_allgatherv', 24_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_allgatherv', 24_c_size_t, ierror)
return
end if
call arts_f77_mpi_ineighbor_allgatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcounts, displs, recvtype, comm, request, ierror)
end subroutine MPI_Ineighbor_allgatherv
subroutine MPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoall', 22_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoall', 22_c_size_t, ierror)
return
end if
call arts_f77_mpi_ineighbor_alltoall(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, request, ierror)
end subroutine MPI_Ineighbor_alltoall
subroutine MPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoallv', 23_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoallv', 23_c_size_t, ierror)
return
end if
call arts_f77_mpi_ineighbor_alltoallv(c_loc(sendbuf), sendcounts, sdispls, sendtype, &
    c_loc(recvbuf), recvcounts, rdispls, recvtype, comm, request, ierror)
end subroutine MPI_Ineighbor_alltoallv
subroutine MPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoallw', 23_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ineighbor_alltoallw', 23_c_size_t, ierror)
return
end if
call arts_f77_mpi_ineighbor_alltoallw(c_loc(sendbuf), sendcounts, sdispls, sendtypes, &
    c_loc(recvbuf), recvcounts, rdispls, recvtypes, comm, request, ierror)
end subroutine MPI_Ineighbor_alltoallw
subroutine MPI_Info_delete(info, key, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_delete(info, key, ierror, len(key, kind=c_size_t))
end subroutine MPI_Info_delete
subroutine MPI_Info_get(info, key, valuelen, value, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(in) :: valuelen
character(len=*) :: value
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_get(info, key, valuelen, value, flag, ierror, len(key, kind=c_size_t), &
    len(value, kind=c_size_t))
end subroutine MPI_Info_get
subroutine MPI_Info_get_nthkey(info, n, key, ierror)
type(MPI_Info), intent(in) :: info
integer, intent(in) :: n
character(len=*) :: key
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_get_nthkey(info, n, key, ierror, len(key, kind=c_size_t))
end subroutine MPI_Info_get_nthkey
subroutine MPI_Info_get_string(info, key, buflen, value, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer :: buflen
character(len=*) :: value
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_get_string(info, key, buflen, value, flag, ierror, len(key, kind=c_size_t), &
    len(value, kind=c_size_t))
end subroutine MPI_Info_get_string
subroutine MPI_Info_get_valuelen(info, key, valuelen, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer :: valuelen
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_get_valuelen(info, key, valuelen, flag, ierror, len(key, kind=c_size_t))
end subroutine MPI_Info_get_valuelen
subroutine MPI_Info_set(info, key, value, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
character(len=*), intent(in) :: value
integer, optional, intent(out) :: ierror
call arts_f77_mpi_info_set(info, key, value, ierror, len(key, kind=c_size_t), len(value, &
    kind=c_size_t))
end subroutine MPI_Info_set
subroutine MPI_Irecv(buf, count, datatype, source, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Irecv', 9_c_size_t, ierror)
return
end if
call arts_f77_mpi_irecv(c_loc(buf), count, datatype, source, tag, comm, request, ierror)
end subroutine MPI_Irecv
subroutine MPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce', 11_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce', 11_c_size_t, ierror)
return
end if
call arts_f77_mpi_ireduce(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, root, comm, request, &
    ierror)
end subroutine MPI_Ireduce
subroutine MPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce_scatter', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce_scatter', 19_c_size_t, ierror)
return
end if
call arts_f77_mpi_ireduce_scatter(c_loc(sendbuf), c_loc(recvbuf), recvcounts, datatype, op, comm, &
    request, ierror)
end subroutine MPI_Ireduce_scatter
subroutine MPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request, &
    ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce_scatter_block', 25_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Ireduce_scatter_block', 25_c_size_t, ierror)
return
end if
call arts_f77_mpi_ireduce_scatter_block(c_loc(sendbuf), c_loc(recvbuf), recvcount, datatype, op, &
    comm, request, ierror)
end subroutine MPI_Ireduce_scatter_block
subroutine MPI_Irsend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Irsend', 10_c_size_t, ierror)
return
end if
call arts_f77_mpi_irsend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Irsend
subroutine MPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iscan', 9_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iscan', 9_c_size_t, ierror)
return
end if
call arts_f77_mpi_iscan(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, ierror)
end subroutine MPI_Iscan
subroutine MPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iscatter', 12_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iscatter', 12_c_size_t, ierror)
return
end if
call arts_f77_mpi_iscatter(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, request, ierror)
end subroutine MPI_Iscatter
subroutine MPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Iscatterv', 13_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Iscatterv', 13_c_size_t, ierror)
return
end if
call arts_f77_mpi_iscatterv(c_loc(sendbuf), sendcounts, displs, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, root, comm, request, ierror)
end subroutine MPI_Iscatterv
subroutine MPI_Isend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Isend', 9_c_size_t, ierror)
return
end if
call arts_f77_mpi_isend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Isend
subroutine MPI_Issend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Issend', 10_c_size_t, ierror)
return
end if
call arts_f77_mpi_issend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Issend
subroutine MPI_Keyval_create(copy_fn, delete_fn, keyval, extra_state, ierror)
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_keyval_create
call arts_f08_mpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Keyval_create
subroutine MPI_Neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_allgatherv_init', 28_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_allgatherv_init', 28_c_size_t, ierror)
return
end if
call arts_f77_mpi_neighbor_allgatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcounts, displs, recvtype, comm, info, request, ierror)
end subroutine MPI_Neighbor_allgatherv_init
subroutine MPI_Neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_allgather_init', 27_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_allgather_init', 27_c_size_t, ierror)
return
end if
call arts_f77_mpi_neighbor_allgather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, info, request, ierror)
end subroutine MPI_Neighbor_allgather_init
subroutine MPI_Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoallv_init', 27_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoallv_init', 27_c_size_t, ierror)
return
end if
call arts_f77_mpi_neighbor_alltoallv_init(c_loc(sendbuf), sendcounts, sdispls, sendtype, &
    c_loc(recvbuf), recvcounts, rdispls, recvtype, comm, info, request, ierror)
end subroutine MPI_Neighbor_alltoallv_init
subroutine MPI_Neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoallw_init', 27_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoallw_init', 27_c_size_t, ierror)
return
end if
call arts_f77_mpi_neighbor_alltoallw_init(c_loc(sendbuf), sendcounts, sdispls, sendtypes, &
    c_loc(recvbuf), recvcounts, rdispls, recvtypes, comm, info, request, ierror)
end subroutine MPI_Neighbor_alltoallw_init
subroutine MPI_Neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoall_init', 26_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Neighbor_alltoall_init', 26_c_size_t, ierror)
return
end if
call arts_f77_mpi_neighbor_alltoall_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, info, request, ierror)
end subroutine MPI_Neighbor_alltoall_init
subroutine MPI_Op_create(user_fn, commute, op, ierror)
procedure(MPI_User_function) :: user_fn
logical, intent(in) :: commute
type(MPI_Op) :: op
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_op_create
call arts_f08_mpi_op_create(user_fn, commute, op, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Op_create
subroutine MPI_Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror)
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, optional, intent(out) :: ierror
call arts_f77_mpi_pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, &
    ierror, len(datarep, kind=c_size_t))
end subroutine MPI_Pack_external
subroutine MPI_Pack_external_size(datarep, incount, datatype, size, ierror)
character(len=*), intent(in) :: datarep
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, optional, intent(out) :: ierror
call arts_f77_mpi_pack_external_size(datarep, incount, datatype, size, ierror, len(datarep, &
    kind=c_size_t))
end subroutine MPI_Pack_external_size
subroutine MPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Put', 7_c_size_t, ierror)
return
end if
call arts_f77_mpi_put(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
end subroutine MPI_Put
subroutine MPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Raccumulate', 15_c_size_t, ierror)
return
end if
call arts_f77_mpi_raccumulate(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, request, ierror)
end subroutine MPI_Raccumulate
subroutine MPI_Recv_init(buf, count, datatype, source, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Recv_init', 13_c_size_t, ierror)
return
end if
call arts_f77_mpi_recv_init(c_loc(buf), count, datatype, source, tag, comm, request, ierror)
end subroutine MPI_Recv_init
subroutine MPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_init', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_init', 15_c_size_t, ierror)
return
end if
call arts_f77_mpi_reduce_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, root, comm, &
    info, request, ierror)
end subroutine MPI_Reduce_init
subroutine MPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_scatter_block_init', 29_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_scatter_block_init', 29_c_size_t, ierror)
return
end if
call arts_f77_mpi_reduce_scatter_block_init(c_loc(sendbuf), c_loc(recvbuf), recvcount, datatype, &
    op, comm, info, request, ierror)
end subroutine MPI_Reduce_scatter_block_init
subroutine MPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request, &
    ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_scatter_init', 23_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Reduce_scatter_init', 23_c_size_t, ierror)
return
end if
call arts_f77_mpi_reduce_scatter_init(c_loc(sendbuf), c_loc(recvbuf), recvcounts, datatype, op, &
    comm, info, request, ierror)
end subroutine MPI_Reduce_scatter_init
subroutine MPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Rget', 8_c_size_t, ierror)
return
end if
call arts_f77_mpi_rget(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
end subroutine MPI_Rget
subroutine MPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(*), dimension(..), target, asynchronous :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Rget_accumulate', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('MPI_Rget_accumulate', 19_c_size_t, ierror)
return
end if
call arts_f77_mpi_rget_accumulate(c_loc(origin_addr), origin_count, origin_datatype, &
    c_loc(result_addr), result_count, result_datatype, target_rank, target_disp, target_count, &
    target_datatype, op, win, request, ierror)
end subroutine MPI_Rget_accumulate
subroutine MPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('MPI_Rput', 8_c_size_t, ierror)
return
end if
call arts_f77_mpi_rput(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
end subroutine MPI_Rput
subroutine MPI_Rsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Rsend_init', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_rsend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Rsend_init
subroutine MPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Scan_init', 13_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Scan_init', 13_c_size_t, ierror)
return
end if
call arts_f77_mpi_scan_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine MPI_Scan_init
subroutine MPI_Scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Scatterv_init', 17_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Scatterv_init', 17_c_size_t, ierror)
return
end if
call arts_f77_mpi_scatterv_init(c_loc(sendbuf), sendcounts, displs, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, root, comm, info, request, ierror)
end subroutine MPI_Scatterv_init
subroutine MPI_Scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('MPI_Scatter_init', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('MPI_Scatter_init', 16_c_size_t, ierror)
return
end if
call arts_f77_mpi_scatter_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, info, request, ierror)
end subroutine MPI_Scatter_init
subroutine MPI_Send_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Send_init', 13_c_size_t, ierror)
return
end if
call arts_f77_mpi_send_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Send_init
subroutine MPI_Ssend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('MPI_Ssend_init', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_ssend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine MPI_Ssend_init
subroutine MPI_Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state, &
    ierror)
procedure(MPI_Type_copy_attr_function) :: type_copy_attr_fn
procedure(MPI_Type_delete_attr_function) :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_type_create_keyval
call arts_f08_mpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Type_create_keyval
subroutine MPI_Type_get_name(datatype, type_name, resultlen, ierror)
type(MPI_Datatype), intent(in) :: datatype
character(len=*) :: type_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_type_get_name(datatype, type_name, resultlen, ierror, len(type_name, &
    kind=c_size_t))
end subroutine MPI_Type_get_name
subroutine MPI_Type_set_name(datatype, type_name, ierror)
type(MPI_Datatype), intent(in) :: datatype
character(len=*), intent(in) :: type_name
integer, optional, intent(out) :: ierror
call arts_f77_mpi_type_set_name(datatype, type_name, ierror, len(type_name, kind=c_size_t))
end subroutine MPI_Type_set_name
subroutine MPI_Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, ierror)
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
call arts_f77_mpi_unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, &
    ierror, len(datarep, kind=c_size_t))
end subroutine MPI_Unpack_external
subroutine MPI_Win_attach(win, base, size, ierror)
type(MPI_Win), intent(in) :: win
type(*), dimension(..), target, asynchronous :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(base)) then
call arts_f08_noncontiguous('MPI_Win_attach', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_win_attach(win, c_loc(base), size, ierror)
end subroutine MPI_Win_attach
subroutine MPI_Win_create(base, size, disp_unit, info, comm, win, ierror)
type(*), dimension(..), target, asynchronous :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(base)) then
call arts_f08_noncontiguous('MPI_Win_create', 14_c_size_t, ierror)
return
end if
call arts_f77_mpi_win_create(c_loc(base), size, disp_unit, info, comm, win, ierror)
end subroutine MPI_Win_create
subroutine MPI_Win_create_errhandler(win_errhandler_fn, errhandler, ierror)
procedure(MPI_Win_errhandler_function) :: win_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_win_create_errhandler
call arts_f08_mpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Win_create_errhandler
subroutine MPI_Win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierror)
procedure(MPI_Win_copy_attr_function) :: win_copy_attr_fn
procedure(MPI_Win_delete_attr_function) :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_mpi_win_create_keyval
call arts_f08_mpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierr)
if (present(ierror)) ierror = ierr
end subroutine MPI_Win_create_keyval
subroutine MPI_Win_get_name(win, win_name, resultlen, ierror)
type(MPI_Win), intent(in) :: win
character(len=*) :: win_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_mpi_win_get_name(win, win_name, resultlen, ierror, len(win_name, kind=c_size_t))
end subroutine MPI_Win_get_name
subroutine MPI_Win_set_name(win, win_name, ierror)
type(MPI_Win), intent(in) :: win
character(len=*), intent(in) :: win_name
integer, optional, intent(out) :: ierror
call arts_f77_mpi_win_set_name(win, win_name, ierror, len(win_name, kind=c_size_t))
end subroutine MPI_Win_set_name
subroutine PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Accumulate', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_accumulate(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, ierror)
end subroutine PMPI_Accumulate
subroutine PMPI_Add_error_string(errorcode, string, ierror)
integer, intent(in) :: errorcode
character(len=*), intent(in) :: string
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_add_error_string(errorcode, string, ierror, len(string, kind=c_size_t))
end subroutine PMPI_Add_error_string
subroutine PMPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Allgatherv_init', 20_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Allgatherv_init', 20_c_size_t, ierror)
return
end if
call arts_f77_pmpi_allgatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, comm, info, request, ierror)
end subroutine PMPI_Allgatherv_init
subroutine PMPI_Allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Allgather_init', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Allgather_init', 19_c_size_t, ierror)
return
end if
call arts_f77_pmpi_allgather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, info, request, ierror)
end subroutine PMPI_Allgather_init
subroutine PMPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Allreduce_init', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Allreduce_init', 19_c_size_t, ierror)
return
end if
call arts_f77_pmpi_allreduce_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine PMPI_Allreduce_init
subroutine PMPI_Alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoallv_init', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoallv_init', 19_c_size_t, ierror)
return
end if
call arts_f77_pmpi_alltoallv_init(c_loc(sendbuf), sendcounts, sdispls, sendtype, c_loc(recvbuf), &
    recvcounts, rdispls, recvtype, comm, info, request, ierror)
end subroutine PMPI_Alltoallv_init
subroutine PMPI_Alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoallw_init', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoallw_init', 19_c_size_t, ierror)
return
end if
call arts_f77_pmpi_alltoallw_init(c_loc(sendbuf), sendcounts, sdispls, sendtypes, c_loc(recvbuf), &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
end subroutine PMPI_Alltoallw_init
subroutine PMPI_Alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoall_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Alltoall_init', 18_c_size_t, ierror)
return
end if
call arts_f77_pmpi_alltoall_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, info, request, ierror)
end subroutine PMPI_Alltoall_init
subroutine PMPI_Bcast_init(buffer, count, datatype, root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('PMPI_Bcast_init', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_bcast_init(c_loc(buffer), count, datatype, root, comm, info, request, ierror)
end subroutine PMPI_Bcast_init
subroutine PMPI_Bsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Bsend_init', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_bsend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Bsend_init
subroutine PMPI_Buffer_attach(buffer, size, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: size
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('PMPI_Buffer_attach', 18_c_size_t, ierror)
return
end if
call arts_f77_pmpi_buffer_attach(c_loc(buffer), size, ierror)
end subroutine PMPI_Buffer_attach
subroutine PMPI_Comm_create_errhandler(comm_errhandler_fn, errhandler, ierror)
procedure(MPI_Comm_errhandler_function) :: comm_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_comm_create_errhandler
call arts_f08_pmpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Comm_create_errhandler
subroutine PMPI_Comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierror)
procedure(MPI_Comm_copy_attr_function) :: comm_copy_attr_fn
procedure(MPI_Comm_delete_attr_function) :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_comm_create_keyval
call arts_f08_pmpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Comm_create_keyval
subroutine PMPI_Comm_get_name(comm, comm_name, resultlen, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*) :: comm_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_comm_get_name(comm, comm_name, resultlen, ierror, len(comm_name, kind=c_size_t))
end subroutine PMPI_Comm_get_name
subroutine PMPI_Comm_set_name(comm, comm_name, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*), intent(in) :: comm_name
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_comm_set_name(comm, comm_name, ierror, len(comm_name, kind=c_size_t))
end subroutine PMPI_Comm_set_name
subroutine PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, &
    target_disp, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
type(*), dimension(..), target, asynchronous :: compare_addr
type(*), dimension(..), target, asynchronous :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Compare_and_swap', 21_c_size_t, ierror)
return
end if
if (.not. is_contiguous(compare_addr)) then
call arts_f08_noncontiguous('PMPI_Compare_and_swap', 21_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('PMPI_Compare_and_swap', 21_c_size_t, ierror)
return
end if
call arts_f77_pmpi_compare_and_swap(c_loc(origin_addr), c_loc(compare_addr), c_loc(result_addr), &
    datatype, target_rank, target_disp, win, ierror)
end subroutine PMPI_Compare_and_swap
subroutine PMPI_Error_string(errorcode, string, resultlen, ierror)
integer, intent(in) :: errorcode
character(len=*) :: string
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_error_string(errorcode, string, resultlen, ierror, len(string, kind=c_size_t))
end subroutine PMPI_Error_string
subroutine PMPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Exscan_init', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Exscan_init', 16_c_size_t, ierror)
return
end if
call arts_f77_pmpi_exscan_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine PMPI_Exscan_init
subroutine PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win, &
    ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
type(*), dimension(..), target, asynchronous :: result_addr
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Fetch_and_op', 17_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('PMPI_Fetch_and_op', 17_c_size_t, ierror)
return
end if
call arts_f77_pmpi_fetch_and_op(c_loc(origin_addr), c_loc(result_addr), datatype, target_rank, &
    target_disp, op, win, ierror)
end subroutine PMPI_Fetch_and_op
subroutine PMPI_File_create_errhandler(file_errhandler_fn, errhandler, ierror)
procedure(MPI_File_errhandler_function) :: file_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_file_create_errhandler
call arts_f08_pmpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_File_create_errhandler
subroutine PMPI_File_delete(filename, info, ierror)
character(len=*), intent(in) :: filename
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_file_delete(filename, info, ierror, len(filename, kind=c_size_t))
end subroutine PMPI_File_delete
subroutine PMPI_File_get_view(fh, disp, etype, filetype, datarep, ierror)
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
type(MPI_Datatype) :: etype
type(MPI_Datatype) :: filetype
character(len=*) :: datarep
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_file_get_view(fh, disp, etype, filetype, datarep, ierror, len(datarep, &
    kind=c_size_t))
end subroutine PMPI_File_get_view
subroutine PMPI_File_open(comm, filename, amode, info, fh, ierror)
type(MPI_Comm), intent(in) :: comm
character(len=*), intent(in) :: filename
integer, intent(in) :: amode
type(MPI_Info), intent(in) :: info
type(MPI_File) :: fh
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_file_open(comm, filename, amode, info, fh, ierror, len(filename, kind=c_size_t))
end subroutine PMPI_File_open
subroutine PMPI_File_set_view(fh, disp, etype, filetype, datarep, info, ierror)
type(MPI_File), intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
type(MPI_Datatype), intent(in) :: etype
type(MPI_Datatype), intent(in) :: filetype
character(len=*), intent(in) :: datarep
type(MPI_Info), intent(in) :: info
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_file_set_view(fh, disp, etype, filetype, datarep, info, ierror, len(datarep, &
    kind=c_size_t))
end subroutine PMPI_File_set_view
subroutine PMPI_Gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Gatherv_init', 17_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Gatherv_init', 17_c_size_t, ierror)
return
end if
call arts_f77_pmpi_gatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, root, comm, info, request, ierror)
end subroutine PMPI_Gatherv_init
subroutine PMPI_Gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Gather_init', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Gather_init', 16_c_size_t, ierror)
return
end if
call arts_f77_pmpi_gather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, info, request, ierror)
end subroutine PMPI_Gather_init
subroutine PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Get', 8_c_size_t, ierror)
return
end if
call arts_f77_pmpi_get(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
end subroutine PMPI_Get
subroutine PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(*), dimension(..), target, asynchronous :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Get_accumulate', 19_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('PMPI_Get_accumulate', 19_c_size_t, ierror)
return
end if
call arts_f77_pmpi_get_accumulate(c_loc(origin_addr), origin_count, origin_datatype, &
    c_loc(result_addr), result_count, result_datatype, target_rank, target_disp, target_count, &
    target_datatype, op, win, ierror)
end subroutine PMPI_Get_accumulate
subroutine PMPI_Get_library_version(version, resultlen, ierror)
character(len=*) :: version
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_get_library_version(version, resultlen, ierror, len(version, kind=c_size_t))
end subroutine PMPI_Get_library_version
subroutine PMPI_Get_processor_name(name, resultlen, ierror)
character(len=*) :: name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_get_processor_name(name, resultlen, ierror, len(name, kind=c_size_t))
end subroutine PMPI_Get_processor_name
subroutine PMPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierror)
procedure(MPI_Grequest_query_function) :: query_fn
procedure(MPI_Grequest_free_function) :: free_fn
procedure(MPI_Grequest_cancel_function) :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_grequest_start
call arts_f08_pmpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Grequest_start
subroutine PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iallgather', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iallgather', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iallgather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, request, ierror)
end subroutine PMPI_Iallgather
subroutine PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iallgatherv', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iallgatherv', 16_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iallgatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, comm, request, ierror)
end subroutine PMPI_Iallgatherv
subroutine PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iallreduce', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iallreduce', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iallreduce(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, &
    ierror)
end subroutine PMPI_Iallreduce
subroutine PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoall', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoall', 14_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ialltoall(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, comm, request, ierror)
end subroutine PMPI_Ialltoall
subroutine PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoallv', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoallv', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ialltoallv(c_loc(sendbuf), sendcounts, sdispls, sendtype, c_loc(recvbuf), &
    recvcounts, rdispls, recvtype, comm, request, ierror)
end subroutine PMPI_Ialltoallv
subroutine PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoallw', 15_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ialltoallw', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ialltoallw(c_loc(sendbuf), sendcounts, sdispls, sendtypes, c_loc(recvbuf), &
    recvcounts, rdispls, recvtypes, comm, request, ierror)
end subroutine PMPI_Ialltoallw
subroutine PMPI_Ibcast(buffer, count, datatype, root, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buffer
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buffer)) then
call arts_f08_noncontiguous('PMPI_Ibcast', 11_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ibcast(c_loc(buffer), count, datatype, root, comm, request, ierror)
end subroutine PMPI_Ibcast
subroutine PMPI_Ibsend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Ibsend', 11_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ibsend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Ibsend
subroutine PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iexscan', 12_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iexscan', 12_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iexscan(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, &
    ierror)
end subroutine PMPI_Iexscan
subroutine PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Igather', 12_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Igather', 12_c_size_t, ierror)
return
end if
call arts_f77_pmpi_igather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, request, ierror)
end subroutine PMPI_Igather
subroutine PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Igatherv', 13_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Igatherv', 13_c_size_t, ierror)
return
end if
call arts_f77_pmpi_igatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcounts, &
    displs, recvtype, root, comm, request, ierror)
end subroutine PMPI_Igatherv
subroutine PMPI_Imrecv(buf, count, datatype, message, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Message) :: message
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Imrecv', 11_c_size_t, ierror)
return
end if
call arts_f77_pmpi_imrecv(c_loc(buf), count, datatype, message, request, ierror)
end subroutine PMPI_Imrecv
subroutine PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_allgather', 24_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_allgather', 24_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ineighbor_allgather(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, request, ierror)
end subroutine PMPI_Ineighbor_allgather
subroutine PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_allgatherv', 25_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_allgatherv', 25_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ineighbor_allgatherv(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcounts, displs, recvtype, comm, request, ierror)
end subroutine PMPI_Ineighbor_allgatherv
subroutine PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoall', 23_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoall', 23_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ineighbor_alltoall(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, request, ierror)
end subroutine PMPI_Ineighbor_alltoall
subroutine PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoallv', 24_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoallv', 24_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ineighbor_alltoallv(c_loc(sendbuf), sendcounts, sdispls, sendtype, &
    c_loc(recvbuf), recvcounts, rdispls, recvtype, comm, request, ierror)
end subroutine PMPI_Ineighbor_alltoallv
subroutine PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoallw', 24_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ineighbor_alltoallw', 24_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ineighbor_alltoallw(c_loc(sendbuf), sendcounts, sdispls, sendtypes, &
    c_loc(recvbuf), recvcounts, rdispls, recvtypes, comm, request, ierror)
end subroutine PMPI_Ineighbor_alltoallw
subroutine PMPI_Info_delete(info, key, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_delete(info, key, ierror, len(key, kind=c_size_t))
end subroutine PMPI_Info_delete
subroutine PMPI_Info_get(info, key, valuelen, value, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(in) :: valuelen
character(len=*) :: value
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_get(info, key, valuelen, value, flag, ierror, len(key, kind=c_size_t), &
    len(value, kind=c_size_t))
end subroutine PMPI_Info_get
subroutine PMPI_Info_get_nthkey(info, n, key, ierror)
type(MPI_Info), intent(in) :: info
integer, intent(in) :: n
character(len=*) :: key
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_get_nthkey(info, n, key, ierror, len(key, kind=c_size_t))
end subroutine PMPI_Info_get_nthkey
subroutine PMPI_Info_get_string(info, key, buflen, value, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer :: buflen
character(len=*) :: value
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_get_string(info, key, buflen, value, flag, ierror, len(key, kind=c_size_t), &
    len(value, kind=c_size_t))
end subroutine PMPI_Info_get_string
subroutine PMPI_Info_get_valuelen(info, key, valuelen, flag, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
integer :: valuelen
logical :: flag
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_get_valuelen(info, key, valuelen, flag, ierror, len(key, kind=c_size_t))
end subroutine PMPI_Info_get_valuelen
subroutine PMPI_Info_set(info, key, value, ierror)
type(MPI_Info), intent(in) :: info
character(len=*), intent(in) :: key
character(len=*), intent(in) :: value
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_info_set(info, key, value, ierror, len(key, kind=c_size_t), len(value, &
    kind=c_size_t))
end subroutine PMPI_Info_set
subroutine PMPI_Irecv(buf, count, datatype, source, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Irecv', 10_c_size_t, ierror)
return
end if
call arts_f77_pmpi_irecv(c_loc(buf), count, datatype, source, tag, comm, request, ierror)
end subroutine PMPI_Irecv
subroutine PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce', 12_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce', 12_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ireduce(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, root, comm, &
    request, ierror)
end subroutine PMPI_Ireduce
subroutine PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce_scatter', 20_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce_scatter', 20_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ireduce_scatter(c_loc(sendbuf), c_loc(recvbuf), recvcounts, datatype, op, comm, &
    request, ierror)
end subroutine PMPI_Ireduce_scatter
subroutine PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request, &
    ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce_scatter_block', 26_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Ireduce_scatter_block', 26_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ireduce_scatter_block(c_loc(sendbuf), c_loc(recvbuf), recvcount, datatype, op, &
    comm, request, ierror)
end subroutine PMPI_Ireduce_scatter_block
subroutine PMPI_Irsend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Irsend', 11_c_size_t, ierror)
return
end if
call arts_f77_pmpi_irsend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Irsend
subroutine PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iscan', 10_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iscan', 10_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iscan(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, request, ierror)
end subroutine PMPI_Iscan
subroutine PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iscatter', 13_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iscatter', 13_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iscatter(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, request, ierror)
end subroutine PMPI_Iscatter
subroutine PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Iscatterv', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Iscatterv', 14_c_size_t, ierror)
return
end if
call arts_f77_pmpi_iscatterv(c_loc(sendbuf), sendcounts, displs, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, root, comm, request, ierror)
end subroutine PMPI_Iscatterv
subroutine PMPI_Isend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Isend', 10_c_size_t, ierror)
return
end if
call arts_f77_pmpi_isend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Isend
subroutine PMPI_Issend(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Issend', 11_c_size_t, ierror)
return
end if
call arts_f77_pmpi_issend(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Issend
subroutine PMPI_Keyval_create(copy_fn, delete_fn, keyval, extra_state, ierror)
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_keyval_create
call arts_f08_pmpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Keyval_create
subroutine PMPI_Neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_allgatherv_init', 29_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_allgatherv_init', 29_c_size_t, ierror)
return
end if
call arts_f77_pmpi_neighbor_allgatherv_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcounts, displs, recvtype, comm, info, request, ierror)
end subroutine PMPI_Neighbor_allgatherv_init
subroutine PMPI_Neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_allgather_init', 28_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_allgather_init', 28_c_size_t, ierror)
return
end if
call arts_f77_pmpi_neighbor_allgather_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, info, request, ierror)
end subroutine PMPI_Neighbor_allgather_init
subroutine PMPI_Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoallv_init', 28_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoallv_init', 28_c_size_t, ierror)
return
end if
call arts_f77_pmpi_neighbor_alltoallv_init(c_loc(sendbuf), sendcounts, sdispls, sendtype, &
    c_loc(recvbuf), recvcounts, rdispls, recvtype, comm, info, request, ierror)
end subroutine PMPI_Neighbor_alltoallv_init
subroutine PMPI_Neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
type(MPI_Datatype), intent(in) :: sendtypes(*)
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
type(MPI_Datatype), intent(in) :: recvtypes(*)
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoallw_init', 28_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoallw_init', 28_c_size_t, ierror)
return
end if
call arts_f77_pmpi_neighbor_alltoallw_init(c_loc(sendbuf), sendcounts, sdispls, sendtypes, &
    c_loc(recvbuf), recvcounts, rdispls, recvtypes, comm, info, request, ierror)
end subroutine PMPI_Neighbor_alltoallw_init
subroutine PMPI_Neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoall_init', 27_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Neighbor_alltoall_init', 27_c_size_t, ierror)
return
end if
call arts_f77_pmpi_neighbor_alltoall_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, comm, info, request, ierror)
end subroutine PMPI_Neighbor_alltoall_init
subroutine PMPI_Op_create(user_fn, commute, op, ierror)
procedure(MPI_User_function) :: user_fn
logical, intent(in) :: commute
type(MPI_Op) :: op
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_op_create
call arts_f08_pmpi_op_create(user_fn, commute, op, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Op_create
subroutine PMPI_Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror)
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, &
    ierror, len(datarep, kind=c_size_t))
end subroutine PMPI_Pack_external
subroutine PMPI_Pack_external_size(datarep, incount, datatype, size, ierror)
character(len=*), intent(in) :: datarep
integer, intent(in) :: incount
type(MPI_Datatype), intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_pack_external_size(datarep, incount, datatype, size, ierror, len(datarep, &
    kind=c_size_t))
end subroutine PMPI_Pack_external_size
subroutine PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Put', 8_c_size_t, ierror)
return
end if
call arts_f77_pmpi_put(c_loc(origin_addr), origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
end subroutine PMPI_Put
subroutine PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Raccumulate', 16_c_size_t, ierror)
return
end if
call arts_f77_pmpi_raccumulate(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, op, win, request, ierror)
end subroutine PMPI_Raccumulate
subroutine PMPI_Recv_init(buf, count, datatype, source, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Recv_init', 14_c_size_t, ierror)
return
end if
call arts_f77_pmpi_recv_init(c_loc(buf), count, datatype, source, tag, comm, request, ierror)
end subroutine PMPI_Recv_init
subroutine PMPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request, &
    ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_init', 16_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_init', 16_c_size_t, ierror)
return
end if
call arts_f77_pmpi_reduce_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, root, comm, &
    info, request, ierror)
end subroutine PMPI_Reduce_init
subroutine PMPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_scatter_block_init', 30_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_scatter_block_init', 30_c_size_t, ierror)
return
end if
call arts_f77_pmpi_reduce_scatter_block_init(c_loc(sendbuf), c_loc(recvbuf), recvcount, datatype, &
    op, comm, info, request, ierror)
end subroutine PMPI_Reduce_scatter_block_init
subroutine PMPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, &
    request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcounts(*)
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_scatter_init', 24_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Reduce_scatter_init', 24_c_size_t, ierror)
return
end if
call arts_f77_pmpi_reduce_scatter_init(c_loc(sendbuf), c_loc(recvbuf), recvcounts, datatype, op, &
    comm, info, request, ierror)
end subroutine PMPI_Reduce_scatter_init
subroutine PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Rget', 9_c_size_t, ierror)
return
end if
call arts_f77_pmpi_rget(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, win, request, ierror)
end subroutine PMPI_Rget
subroutine PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
type(*), dimension(..), target, asynchronous :: result_addr
integer, intent(in) :: result_count
type(MPI_Datatype), intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Op), intent(in) :: op
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Rget_accumulate', 20_c_size_t, ierror)
return
end if
if (.not. is_contiguous(result_addr)) then
call arts_f08_noncontiguous('PMPI_Rget_accumulate', 20_c_size_t, ierror)
return
end if
call arts_f77_pmpi_rget_accumulate(c_loc(origin_addr), origin_count, origin_datatype, &
    c_loc(result_addr), result_count, result_datatype, target_rank, target_disp, target_count, &
    target_datatype, op, win, request, ierror)
end subroutine PMPI_Rget_accumulate
subroutine PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
type(*), dimension(..), target, asynchronous :: origin_addr
integer, intent(in) :: origin_count
type(MPI_Datatype), intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
type(MPI_Datatype), intent(in) :: target_datatype
type(MPI_Win), intent(in) :: win
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(origin_addr)) then
call arts_f08_noncontiguous('PMPI_Rput', 9_c_size_t, ierror)
return
end if
call arts_f77_pmpi_rput(c_loc(origin_addr), origin_count, origin_datatype, target_rank, &
    target_disp, target_count, target_datatype, win, request, ierror)
end subroutine PMPI_Rput
subroutine PMPI_Rsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Rsend_init', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_rsend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Rsend_init
subroutine PMPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
type(MPI_Op), intent(in) :: op
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Scan_init', 14_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Scan_init', 14_c_size_t, ierror)
return
end if
call arts_f77_pmpi_scan_init(c_loc(sendbuf), c_loc(recvbuf), count, datatype, op, comm, info, &
    request, ierror)
end subroutine PMPI_Scan_init
subroutine PMPI_Scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Scatterv_init', 18_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Scatterv_init', 18_c_size_t, ierror)
return
end if
call arts_f77_pmpi_scatterv_init(c_loc(sendbuf), sendcounts, displs, sendtype, c_loc(recvbuf), &
    recvcount, recvtype, root, comm, info, request, ierror)
end subroutine PMPI_Scatterv_init
subroutine PMPI_Scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, info, request, ierror)
type(*), dimension(..), target, asynchronous :: sendbuf
integer, intent(in) :: sendcount
type(MPI_Datatype), intent(in) :: sendtype
type(*), dimension(..), target, asynchronous :: recvbuf
integer, intent(in) :: recvcount
type(MPI_Datatype), intent(in) :: recvtype
integer, intent(in) :: root
type(MPI_Comm), intent(in) :: comm
type(MPI_Info), intent(in) :: info
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(sendbuf)) then
call arts_f08_noncontiguous('PMPI_Scatter_init', 17_c_size_t, ierror)
return
end if
if (.not. is_contiguous(recvbuf)) then
call arts_f08_noncontiguous('PMPI_Scatter_init', 17_c_size_t, ierror)
return
end if
call arts_f77_pmpi_scatter_init(c_loc(sendbuf), sendcount, sendtype, c_loc(recvbuf), recvcount, &
    recvtype, root, comm, info, request, ierror)
end subroutine PMPI_Scatter_init
subroutine PMPI_Send_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Send_init', 14_c_size_t, ierror)
return
end if
call arts_f77_pmpi_send_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Send_init
subroutine PMPI_Ssend_init(buf, count, datatype, dest, tag, comm, request, ierror)
type(*), dimension(..), target, asynchronous :: buf
integer, intent(in) :: count
type(MPI_Datatype), intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
type(MPI_Comm), intent(in) :: comm
type(MPI_Request) :: request
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(buf)) then
call arts_f08_noncontiguous('PMPI_Ssend_init', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_ssend_init(c_loc(buf), count, datatype, dest, tag, comm, request, ierror)
end subroutine PMPI_Ssend_init
subroutine PMPI_Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierror)
procedure(MPI_Type_copy_attr_function) :: type_copy_attr_fn
procedure(MPI_Type_delete_attr_function) :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_type_create_keyval
call arts_f08_pmpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Type_create_keyval
subroutine PMPI_Type_get_name(datatype, type_name, resultlen, ierror)
type(MPI_Datatype), intent(in) :: datatype
character(len=*) :: type_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_type_get_name(datatype, type_name, resultlen, ierror, len(type_name, &
    kind=c_size_t))
end subroutine PMPI_Type_get_name
subroutine PMPI_Type_set_name(datatype, type_name, ierror)
type(MPI_Datatype), intent(in) :: datatype
character(len=*), intent(in) :: type_name
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_type_set_name(datatype, type_name, ierror, len(type_name, kind=c_size_t))
end subroutine PMPI_Type_set_name
subroutine PMPI_Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, &
    ierror)
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
type(MPI_Datatype), intent(in) :: datatype
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, &
    ierror, len(datarep, kind=c_size_t))
end subroutine PMPI_Unpack_external
subroutine PMPI_Win_attach(win, base, size, ierror)
type(MPI_Win), intent(in) :: win
type(*), dimension(..), target, asynchronous :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(base)) then
call arts_f08_noncontiguous('PMPI_Win_attach', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_win_attach(win, c_loc(base), size, ierror)
end subroutine PMPI_Win_attach
subroutine PMPI_Win_create(base, size, disp_unit, info, comm, win, ierror)
type(*), dimension(..), target, asynchronous :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
type(MPI_Info), intent(in) :: info
type(MPI_Comm), intent(in) :: comm
type(MPI_Win) :: win
integer, optional, intent(out) :: ierror
if (.not. is_contiguous(base)) then
call arts_f08_noncontiguous('PMPI_Win_create', 15_c_size_t, ierror)
return
end if
call arts_f77_pmpi_win_create(c_loc(base), size, disp_unit, info, comm, win, ierror)
end subroutine PMPI_Win_create
subroutine PMPI_Win_create_errhandler(win_errhandler_fn, errhandler, ierror)
procedure(MPI_Win_errhandler_function) :: win_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_win_create_errhandler
call arts_f08_pmpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Win_create_errhandler
subroutine PMPI_Win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierror)
procedure(MPI_Win_copy_attr_function) :: win_copy_attr_fn
procedure(MPI_Win_delete_attr_function) :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, optional, intent(out) :: ierror
integer :: ierr
external :: arts_f08_pmpi_win_create_keyval
call arts_f08_pmpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierr)
if (present(ierror)) ierror = ierr
end subroutine PMPI_Win_create_keyval
subroutine PMPI_Win_get_name(win, win_name, resultlen, ierror)
type(MPI_Win), intent(in) :: win
character(len=*) :: win_name
integer :: resultlen
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_win_get_name(win, win_name, resultlen, ierror, len(win_name, kind=c_size_t))
end subroutine PMPI_Win_get_name
subroutine PMPI_Win_set_name(win, win_name, ierror)
type(MPI_Win), intent(in) :: win
character(len=*), intent(in) :: win_name
integer, optional, intent(out) :: ierror
call arts_f77_pmpi_win_set_name(win, win_name, ierror, len(win_name, kind=c_size_t))
end subroutine PMPI_Win_set_name
elemental logical function arts_eq_comm(a, b)
type(MPI_Comm), intent(in) :: a, b
arts_eq_comm = a%MPI_VAL == b%MPI_VAL
end function arts_eq_comm
elemental logical function arts_ne_comm(a, b)
type(MPI_Comm), intent(in) :: a, b
arts_ne_comm = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_comm
elemental logical function arts_eq_datatype(a, b)
type(MPI_Datatype), intent(in) :: a, b
arts_eq_datatype = a%MPI_VAL == b%MPI_VAL
end function arts_eq_datatype
elemental logical function arts_ne_datatype(a, b)
type(MPI_Datatype), intent(in) :: a, b
arts_ne_datatype = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_datatype
elemental logical function arts_eq_errhandler(a, b)
type(MPI_Errhandler), intent(in) :: a, b
arts_eq_errhandler = a%MPI_VAL == b%MPI_VAL
end function arts_eq_errhandler
elemental logical function arts_ne_errhandler(a, b)
type(MPI_Errhandler), intent(in) :: a, b
arts_ne_errhandler = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_errhandler
elemental logical function arts_eq_file(a, b)
type(MPI_File), intent(in) :: a, b
arts_eq_file = a%MPI_VAL == b%MPI_VAL
end function arts_eq_file
elemental logical function arts_ne_file(a, b)
type(MPI_File), intent(in) :: a, b
arts_ne_file = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_file
elemental logical function arts_eq_group(a, b)
type(MPI_Group), intent(in) :: a, b
arts_eq_group = a%MPI_VAL == b%MPI_VAL
end function arts_eq_group
elemental logical function arts_ne_group(a, b)
type(MPI_Group), intent(in) :: a, b
arts_ne_group = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_group
elemental logical function arts_eq_info(a, b)
type(MPI_Info), intent(in) :: a, b
arts_eq_info = a%MPI_VAL == b%MPI_VAL
end function arts_eq_info
elemental logical function arts_ne_info(a, b)
type(MPI_Info), intent(in) :: a, b
arts_ne_info = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_info
elemental logical function arts_eq_message(a, b)
type(MPI_Message), intent(in) :: a, b
arts_eq_message = a%MPI_VAL == b%MPI_VAL
end function arts_eq_message
elemental logical function arts_ne_message(a, b)
type(MPI_Message), intent(in) :: a, b
arts_ne_message = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_message
elemental logical function arts_eq_op(a, b)
type(MPI_Op), intent(in) :: a, b
arts_eq_op = a%MPI_VAL == b%MPI_VAL
end function arts_eq_op
elemental logical function arts_ne_op(a, b)
type(MPI_Op), intent(in) :: a, b
arts_ne_op = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_op
elemental logical function arts_eq_request(a, b)
type(MPI_Request), intent(in) :: a, b
arts_eq_request = a%MPI_VAL == b%MPI_VAL
end function arts_eq_request
elemental logical function arts_ne_request(a, b)
type(MPI_Request), intent(in) :: a, b
arts_ne_request = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_request
elemental logical function arts_eq_win(a, b)
type(MPI_Win), intent(in) :: a, b
arts_eq_win = a%MPI_VAL == b%MPI_VAL
end function arts_eq_win
elemental logical function arts_ne_win(a, b)
type(MPI_Win), intent(in) :: a, b
arts_ne_win = a%MPI_VAL /= b%MPI_VAL
end function arts_ne_win
! MPI_Sizeof(x, size, ierror): the bytes of an element of x, of any
! type, a scalar or an array of any rank.
subroutine MPI_Sizeof(x, size, ierror)
class(*), intent(in) :: x(..)
integer, intent(out) :: size
integer, optional, intent(out) :: ierror
size = storage_size(x) / 8
if (present(ierror)) ierror = MPI_SUCCESS
end subroutine MPI_Sizeof
end module mpi_f08

! the calls behind the module's procedures that take procedures
subroutine arts_f08_mpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: comm_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: mpi_comm_create_errhandler
call mpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_mpi_comm_create_errhandler
subroutine arts_f08_mpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: comm_copy_attr_fn
external :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: mpi_comm_create_keyval
call mpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state, ierr)
end subroutine arts_f08_mpi_comm_create_keyval
subroutine arts_f08_mpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: file_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: mpi_file_create_errhandler
call mpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_mpi_file_create_errhandler
subroutine arts_f08_mpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: query_fn
external :: free_fn
external :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
type(MPI_Request) :: request
integer :: ierr
external :: mpi_grequest_start
call mpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
end subroutine arts_f08_mpi_grequest_start
subroutine arts_f08_mpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer :: ierr
external :: mpi_keyval_create
call mpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
end subroutine arts_f08_mpi_keyval_create
subroutine arts_f08_mpi_op_create(user_fn, commute, op, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: user_fn
logical, intent(in) :: commute
type(MPI_Op) :: op
integer :: ierr
external :: mpi_op_create
call mpi_op_create(user_fn, commute, op, ierr)
end subroutine arts_f08_mpi_op_create
subroutine arts_f08_mpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: type_copy_attr_fn
external :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: mpi_type_create_keyval
call mpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state, ierr)
end subroutine arts_f08_mpi_type_create_keyval
subroutine arts_f08_mpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: win_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: mpi_win_create_errhandler
call mpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_mpi_win_create_errhandler
subroutine arts_f08_mpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: win_copy_attr_fn
external :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: mpi_win_create_keyval
call mpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, ierr)
end subroutine arts_f08_mpi_win_create_keyval
subroutine arts_f08_pmpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: comm_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: pmpi_comm_create_errhandler
call pmpi_comm_create_errhandler(comm_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_pmpi_comm_create_errhandler
subroutine arts_f08_pmpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: comm_copy_attr_fn
external :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: pmpi_comm_create_keyval
call pmpi_comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state, ierr)
end subroutine arts_f08_pmpi_comm_create_keyval
subroutine arts_f08_pmpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: file_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: pmpi_file_create_errhandler
call pmpi_file_create_errhandler(file_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_pmpi_file_create_errhandler
subroutine arts_f08_pmpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: query_fn
external :: free_fn
external :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
type(MPI_Request) :: request
integer :: ierr
external :: pmpi_grequest_start
call pmpi_grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierr)
end subroutine arts_f08_pmpi_grequest_start
subroutine arts_f08_pmpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer :: ierr
external :: pmpi_keyval_create
call pmpi_keyval_create(copy_fn, delete_fn, keyval, extra_state, ierr)
end subroutine arts_f08_pmpi_keyval_create
subroutine arts_f08_pmpi_op_create(user_fn, commute, op, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: user_fn
logical, intent(in) :: commute
type(MPI_Op) :: op
integer :: ierr
external :: pmpi_op_create
call pmpi_op_create(user_fn, commute, op, ierr)
end subroutine arts_f08_pmpi_op_create
subroutine arts_f08_pmpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: type_copy_attr_fn
external :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: pmpi_type_create_keyval
call pmpi_type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state, ierr)
end subroutine arts_f08_pmpi_type_create_keyval
subroutine arts_f08_pmpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: win_errhandler_fn
type(MPI_Errhandler) :: errhandler
integer :: ierr
external :: pmpi_win_create_errhandler
call pmpi_win_create_errhandler(win_errhandler_fn, errhandler, ierr)
end subroutine arts_f08_pmpi_win_create_errhandler
subroutine arts_f08_pmpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, &
    extra_state, ierr)
use mpi_f08, only: MPI_Comm, MPI_Datatype, MPI_Errhandler, MPI_File, MPI_Group, MPI_Info, &
    MPI_Message, MPI_Op, MPI_Request, MPI_Win, MPI_ADDRESS_KIND
implicit none
external :: win_copy_attr_fn
external :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: ierr
external :: pmpi_win_create_keyval
call pmpi_win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, ierr)
end subroutine arts_f08_pmpi_win_create_keyval
