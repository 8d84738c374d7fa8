#!/usr/bin/env python3
"""Writes the explicit interfaces of arts' Fortran binding from its own
headers (mpif.h: the constants; mpif-calls.h: which calls the binding
exports, gfortran's names such as `mpi_send_`; mpi.h: each call's C
prototype, from which its Fortran shape follows):

- crates/arts-ampi-c/include/mpi_f08.f90, the `mpi_f08` module: handles
  as TYPE(MPI_Comm) and so on, `ierror` optional. Each call is a BIND(C)
  interface to the binding's own symbol: the handle types hold one C int,
  as the binding's INTEGER handles do, and an absent `ierror` arrives as
  a null pointer, which the binding skips. Calls with CHARACTER arguments
  get a module procedure passing the lengths gfortran would; calls taking
  procedures one calling the binding through an implicit interface.
- crates/arts-ampi-c/include/mpi-interfaces.h, the calls of the `mpi`
  module: INTEGER handles, `ierror` required.

Choice buffers are `TYPE(*), DIMENSION(*)` with gfortran's NO_ARG_CHECK,
as Open MPI's modules have them with gfortran (MPI_SUBARRAYS_SUPPORTED is
.FALSE.).

Usage: scripts/gen-fortran-interfaces.py [--check]   (--check: exit 1 if
a file in the tree differs from what this script writes)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INC = ROOT / "crates/arts-ampi-c/include"
OUT = INC / "mpi_f08.f90"
INTERFACES = INC / "mpi-interfaces.h"

HANDLES = ["MPI_Comm", "MPI_Datatype", "MPI_Errhandler", "MPI_File", "MPI_Group",
           "MPI_Info", "MPI_Message", "MPI_Op", "MPI_Request", "MPI_Win"]

# Constants of mpif.h that name handles (every other one stays INTEGER).
TYPED = {
    "MPI_Comm": ["MPI_COMM_NULL", "MPI_COMM_WORLD", "MPI_COMM_SELF"],
    "MPI_Op": ["MPI_OP_NULL", "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND",
               "MPI_BAND", "MPI_LOR", "MPI_BOR", "MPI_MAXLOC", "MPI_MINLOC", "MPI_BXOR",
               "MPI_LXOR", "MPI_REPLACE", "MPI_NO_OP"],
    "MPI_Request": ["MPI_REQUEST_NULL"],
    "MPI_Message": ["MPI_MESSAGE_NULL", "MPI_MESSAGE_NO_PROC"],
    "MPI_Group": ["MPI_GROUP_NULL", "MPI_GROUP_EMPTY"],
    "MPI_Info": ["MPI_INFO_NULL", "MPI_INFO_ENV", "AMPI_INFO_LB_SYNC", "AMPI_INFO_LB_ASYNC"],
    "MPI_Errhandler": ["MPI_ERRHANDLER_NULL", "MPI_ERRORS_ARE_FATAL", "MPI_ERRORS_RETURN"],
    "MPI_Win": ["MPI_WIN_NULL"],
    "MPI_File": ["MPI_FILE_NULL"],
}
# mpif.h's constants that are not datatypes though they sit among them.
NOT_DATATYPES = {"MPI_TYPECLASS_INTEGER", "MPI_TYPECLASS_REAL", "MPI_TYPECLASS_COMPLEX"}
FIRST_DATATYPE, LAST_DATATYPE = "MPI_INTEGER", "MPI_COUNT"
# mpif.h's constant arrays: written by hand in the module.
OWN = {"MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE", "MPI_UNWEIGHTED", "MPI_WEIGHTS_EMPTY"}

# LOGICAL arguments (C int or int*).
LOGICALS = {"flag", "commute", "weighted", "periods", "reorder", "remain_dims", "high"}
# void* arguments that are not choice buffers, by call and name (the rest are).
ADDRESS_INTS = {"attribute_val", "extra_state"}
# Calls whose Fortran shape is not C's: written by hand in mpi_f08
# (`own_interfaces`), EXTERNAL in `use mpi`.
SKIP = {"MPI_INIT", "MPI_INIT_THREAD", "MPI_PCONTROL", "MPI_F_SYNC_REG", "MPI_ALLOC_MEM",
        "MPI_BUFFER_DETACH", "MPI_ATTR_GET", "MPI_ATTR_PUT", "MPI_INFO_CREATE_ENV",
        # AMPI's PUP calls: Fortran programs use `pupmod`
        "AMPI_REGISTER_PUP", "AMPI_GET_PUP_DATA"}
# Calls that keep their choice buffers past their return (non-blocking,
# persistent, one-sided, windows, buffered sends' buffer): in mpi_f08 their
# buffers are assumed-rank, and a non-contiguous array section is refused
# (the compiler would pass a temporary copy, gone before the operation
# ends; MPI_SUBARRAYS_SUPPORTED is .FALSE.).
ASYNC = re.compile(r"MPI_(I(B|S|R)?SEND|IM?RECV|I(ALLGATHERV?|ALLREDUCE|ALLTOALL[VW]?|BCAST"
                   r"|EXSCAN|GATHERV?|REDUCE(_SCATTER(_BLOCK)?)?|SCAN|SCATTERV?|NEIGHBOR_\w+)"
                   r"|\w+_INIT|R?PUT|R?GET|R?ACCUMULATE|R?GET_ACCUMULATE|FETCH_AND_OP"
                   r"|COMPARE_AND_SWAP|WIN_CREATE|WIN_ATTACH|BUFFER_ATTACH)")
# MPI-3.0 removed these: not in mpi_f08.
REMOVED = {"MPI_ADDRESS", "MPI_TYPE_EXTENT", "MPI_TYPE_LB", "MPI_TYPE_UB",
           "MPI_TYPE_HINDEXED", "MPI_TYPE_HVECTOR", "MPI_TYPE_STRUCT",
           "MPI_ERRHANDLER_CREATE", "MPI_ERRHANDLER_GET", "MPI_ERRHANDLER_SET"}
# MPI-1's datatype calls whose Fortran displacements are default INTEGERs
# (C's are MPI_Aint): `use mpi` keeps them without an interface.
MPI1_SHAPES = {"MPI_ADDRESS", "MPI_TYPE_EXTENT", "MPI_TYPE_LB", "MPI_TYPE_UB",
               "MPI_TYPE_HINDEXED", "MPI_TYPE_HVECTOR", "MPI_TYPE_STRUCT"}
MPI1_SHAPES |= {"P" + c for c in MPI1_SHAPES}


def listed_calls():
    """The binding's calls as mpif-calls.h lists them, upper case."""
    return re.findall(r"^\s+EXTERNAL (\w+)$", (INC / "mpif-calls.h").read_text(), re.M)


def fortran_calls():
    """The binding's calls, without the PMPI_ ones."""
    return [n for n in listed_calls() if not n.startswith("PMPI_")]


def prototypes():
    """C prototypes of mpi.h: NAME (upper) -> (return type, [(type, name, array)])."""
    src = re.sub(r"/\*.*?\*/", "", (INC / "mpi.h").read_text(), flags=re.S)
    out = {}
    for ret, name, args in re.findall(
            r"^(int|double|MPI_Aint)\s+((?:A?MPI)_\w+)\s*\(([^;{]*?)\)\s*;", src, re.M):
        params = []
        for a in args.split(","):
            a = " ".join(a.split())
            if a in ("void", ""):
                continue
            m = re.match(r"(.*?)\s*\b(\w+)\s*(\[.*\])?$", a)
            params.append((m.group(1), m.group(2), m.group(3) is not None))
        out[name.upper()] = (ret, params, name)
    # macros in mpi.h (over the comm's calls), functions in the binding
    for kind in ("Win", "File"):
        fn = (f"MPI_{kind}_errhandler_function *", f"{kind.lower()}_errhandler_fn", False)
        name = f"MPI_{kind}_create_errhandler"
        out[name.upper()] = ("int", [fn, ("MPI_Errhandler *", "errhandler", False)], name)
    return out


def constants():
    """mpif.h's INTEGER parameters: [(name, kind, value)] in order."""
    text = (INC / "mpif.h").read_text()
    kinds = {}
    for kind, names in re.findall(r"^\s+INTEGER(\(KIND=\w+\))?\s+([\w, ]+)$", text, re.M):
        for n in names.split(","):
            kinds[n.strip()] = kind
    out = []
    for name, value in re.findall(r"^\s+PARAMETER \((\w+)=(.*)\)$", text, re.M):
        if name in OWN:
            continue
        out.append((name, kinds.get(name, ""), value))
    return out


class Unchecked(Exception):
    """A call `use mpi` keeps without an interface."""


class Arg:
    """One Fortran dummy argument of a call, from its C parameter."""

    def __init__(self, call, ctype, name, array, f08=True):
        self.name = name
        self.procedure = "_function" in ctype or "_fn" in ctype
        self.string = ctype.removeprefix("const ").startswith("char")
        self.choice = False
        const = ctype.startswith("const ")
        base = ctype.removeprefix("const ").rstrip("* ").strip()
        base = {"MPI_F08_status": "MPI_Status"}.get(base, base)
        # `use mpi`: handles are INTEGERs, a status INTEGER(MPI_STATUS_SIZE)
        status = not f08 and base == "MPI_Status"
        if not f08 and (base in HANDLES or status):
            base = "int"
        if not f08 and "MPI_F08_status" in ctype:
            raise Unchecked(call)
        pointer = ctype.endswith("*")
        if self.string:
            kind = "character(len=*)" + (", intent(in)" if const else "")
        elif base == "void" and name in ADDRESS_INTS:
            intent = "out" if call.endswith("_GET_ATTR") else "in"
            # MPI-1's keyvals keep INTEGER attributes
            size = "" if call == "MPI_KEYVAL_CREATE" else "(kind=MPI_ADDRESS_KIND)"
            kind = f"integer{size}, intent({intent})"
        elif base == "void":
            self.choice = True
            kind = "type(*), dimension(*)"
        elif base in CALLBACKS and f08:
            kind = f"procedure({base})"
        elif self.procedure:
            kind = "external"  # MPI-1's callbacks: no interface in mpi_f08
        else:
            kind = {"int": "integer", "MPI_Fint": "integer", "double": "double precision",
                    "MPI_Aint": "integer(kind=MPI_ADDRESS_KIND)",
                    "MPI_Offset": "integer(kind=MPI_OFFSET_KIND)",
                    "MPI_Count": "integer(kind=MPI_COUNT_KIND)",
                    "long long": "integer(kind=8)"}.get(base, f"type({base})")
            if name in LOGICALS:
                kind = "logical"
            # results and arrays the call writes: no intent, so that the
            # ignore constants (MPI_STATUS_IGNORE, MPI_UNWEIGHTED) pass
            if const or not (pointer or array):
                kind += ", intent(in)"
            many = array or name.startswith("array_of") or name.endswith("weights") \
                or name == "f_status"
            if status:
                name += "(MPI_STATUS_SIZE, *)" if many else "(MPI_STATUS_SIZE)"
            elif many:
                name += "(*)"
        # its declaration's lines
        self.decl = [f"{kind} :: {name}"]
        if base == "void" and name not in ADDRESS_INTS:
            self.decl.insert(0, f"!GCC$ ATTRIBUTES NO_ARG_CHECK :: {name}")


def wrap(line):
    """Free-form continuation past 100 columns."""
    out = []
    while len(line) > 100:
        cut = line.rfind(", ", 0, 100) + 1
        out.append(line[:cut] + " &")
        line = "    " + line[cut:].lstrip()
    out.append(line)
    return out


def interface(symbol, args, bind_name, by_address=False):
    """A BIND(C) interface named `bind_name` to `symbol` (ierror optional);
    gfortran passes each CHARACTER's length after the other arguments.
    `by_address`: each choice buffer is passed as its address (a `c_loc`)."""
    strings = [a.name + "_len" for a in args if a.string]
    names = [a.name for a in args] + ["ierror"] + strings
    lines = wrap(f"subroutine {bind_name}({', '.join(names)}) &")
    lines += [f"        bind(C, name='{symbol}')", "import"]
    for a in args:
        if a.string:
            lines.append(f"character(kind=c_char) :: {a.name}(*)")
        elif a.choice and by_address:
            lines.append(f"type(c_ptr), value :: {a.name}")
        else:
            lines += a.decl
    lines.append("integer, optional, intent(out) :: ierror")
    lines += [f"integer(c_size_t), value :: {n}" for n in strings]
    lines.append(f"end subroutine {bind_name}")
    return lines


def string_wrapper(fname, bind_name, args):
    """A module procedure `fname` passing its strings' lengths to `bind_name`."""
    names = [a.name for a in args] + ["ierror"]
    lines = wrap(f"subroutine {fname}({', '.join(names)})")
    for a in args:
        lines += a.decl
    lines.append("integer, optional, intent(out) :: ierror")
    actual = names + [f"len({a.name}, kind=c_size_t)" for a in args if a.string]
    lines += wrap(f"call {bind_name}({', '.join(actual)})")
    lines.append(f"end subroutine {fname}")
    return lines


def async_wrapper(fname, bind_name, args):
    """A module procedure `fname` whose choice buffers are assumed-rank:
    one that is not contiguous is refused, the others' addresses go to
    `bind_name`."""
    names = [a.name for a in args] + ["ierror"]
    lines = wrap(f"subroutine {fname}({', '.join(names)})")
    for a in args:
        if a.choice:
            lines.append(f"type(*), dimension(..), target, asynchronous :: {a.name}")
        else:
            lines += a.decl
    lines.append("integer, optional, intent(out) :: ierror")
    for a in args:
        if a.choice:
            lines += [f"if (.not. is_contiguous({a.name})) then",
                      f"call arts_f08_noncontiguous('{fname}', {len(fname)}_c_size_t, ierror)",
                      "return", "end if"]
    actual = [f"c_loc({a.name})" if a.choice else a.name for a in args] + ["ierror"]
    lines += wrap(f"call {bind_name}({', '.join(actual)})")
    lines.append(f"end subroutine {fname}")
    return lines


def callback_wrapper(fname, helper, args):
    """A module procedure `fname` for a call taking procedures, which a
    BIND(C) interface cannot pass on: it calls `helper`, an external
    subroutine after the module that calls the binding through an implicit
    interface."""
    names = [a.name for a in args]
    lines = wrap(f"subroutine {fname}({', '.join(names + ['ierror'])})")
    for a in args:
        lines += a.decl
    lines += ["integer, optional, intent(out) :: ierror", "integer :: ierr",
              f"external :: {helper}"]
    lines += wrap(f"call {helper}({', '.join(names + ['ierr'])})")
    lines += ["if (present(ierror)) ierror = ierr", f"end subroutine {fname}"]
    return lines


def callback_helper(helper, call, args):
    """The external subroutine behind [`callback_wrapper`]: outside the
    module, the binding's name is the binding's."""
    names = [a.name for a in args] + ["ierr"]
    lines = wrap(f"subroutine {helper}({', '.join(names)})")
    lines += wrap(f"use mpi_f08, only: {', '.join(HANDLES)}, MPI_ADDRESS_KIND")
    lines.append("implicit none")
    for a in args:
        lines += [f"external :: {a.name}"] if a.procedure else a.decl
    lines += ["integer :: ierr", f"external :: {call.lower()}"]
    lines += wrap(f"call {call.lower()}({', '.join(names)})")
    lines.append(f"end subroutine {helper}")
    return lines


def binding_arity():
    """The argument count (without `ierr` and string lengths) of each
    Fortran call the binding defines in Rust, where the source names its
    arguments: `mpi_x_ => C(a: k, ...)` tables and `fn mpi_x_(...)`."""
    out = {}
    for path in (INC.parent / "src").rglob("*.rs"):
        src = path.read_text()
        for name, args in re.findall(r"\b(a?mpi_\w+_) => \w+\(([^;]*?)\);", src, re.S):
            out[name] = len([a for a in args.split(",") if a.strip()])
        for name, args in re.findall(r"fn (a?mpi_\w+_)\(([^)]*)\)", src, re.S):
            names = [a.split(":")[0].strip() for a in args.split(",") if a.strip()]
            out[name] = len([n for n in names if "ierr" not in n and not n.endswith("_len")])
    return out


def bindable(calls, protos):
    """The calls with a C prototype whose arguments Fortran can declare:
    [(prefix, call, C name, params)], the profiling names' too. A call
    whose binding takes other arguments than C's is an error (it needs a
    hand-written interface: SKIP)."""
    arity = binding_arity()
    for call in calls:
        if call in protos and call not in SKIP:
            known = arity.get(call.lower() + "_")
            if known is not None and known != len(protos[call][1]):
                sys.exit(f"{call}: the binding takes {known} arguments, C's {len(protos[call][1])}"
                         ": give it a hand-written interface (SKIP)")
    out = []
    for prefix in ("", "P"):
        for call in calls:
            if (prefix and not call.startswith("MPI_")) or call in SKIP or call not in protos:
                continue
            ret, params, c_name = protos[call]
            if ret == "int" and not any("***" in t or t == "MPI_PupFn" for t, _, _ in params):
                out.append((prefix, call, c_name, params))
    return out


def f08_module(calls, protos):
    """The text of include/mpi_f08.f90."""
    consts = constants()
    names = [c[0] for c in consts]
    first, last = names.index(FIRST_DATATYPE), names.index(LAST_DATATYPE)
    datatypes = {"MPI_DATATYPE_NULL", "MPI_BYTE", "MPI_PACKED"} | {
        n for n in names[first:last + 1] if n not in NOT_DATATYPES}
    typed = {n: t for t, ns in TYPED.items() for n in ns} | {n: "MPI_Datatype" for n in datatypes}
    head = [
        "! mpi_f08: MPI's Fortran 2008 module for arts' Fortran binding.",
        "! Written by scripts/gen-fortran-interfaces.py from mpif.h, mpif-calls.h and mpi.h;",
        "! do not edit (run the script). arts-mpif90 compiles it on first use.",
        "module mpi_f08",
        "use, intrinsic :: iso_c_binding, only: c_int, c_size_t, c_char, c_double, c_ptr, c_loc",
        "implicit none",
        "private :: c_int, c_size_t, c_char, c_double, c_loc, arts_f08_noncontiguous",
        "",
        "! handles: one C int each, as the binding's INTEGER handles",
    ]
    for h in HANDLES:
        head += [f"type, bind(C) :: {h}", "integer(c_int) :: MPI_VAL", f"end type {h}"]
    head += [
        "! a status: the binding's INTEGER status(MPI_STATUS_SIZE), word for word",
        "type, bind(C) :: MPI_Status",
        "integer(c_int) :: MPI_SOURCE, MPI_TAG, MPI_ERROR",
        "integer(c_int) :: arts_cancelled, arts_count_lo, arts_count_hi",
        "end type MPI_Status",
        "",
        "! constants (mpif.h's; those naming handles are typed)",
    ]
    for name, kind, value in consts:
        if name in typed:
            head.append(f"type({typed[name]}), parameter :: {name} = {typed[name]}({value})")
        else:
            k = f"integer{kind.lower()}" if kind else "integer"
            head.append(f"{k}, parameter :: {name} = {value}")
    head += [
        "logical, parameter :: MPI_SUBARRAYS_SUPPORTED = .false.",
        "logical, parameter :: MPI_ASYNC_PROTECTS_NONBLOCKING = .false.",
        "! MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE: statuses whose first words no",
        "! status has (the binding ignores them); variables, being INTENT(OUT)",
        "type(MPI_Status), save :: MPI_STATUS_IGNORE = &",
        "    MPI_Status(-1999999, -1999998, 0, 0, 0, 0)",
        "type(MPI_Status), save :: MPI_STATUSES_IGNORE(1) = &",
        "    MPI_Status(-1999999, -1999998, 0, 0, 0, 0)",
        "integer, parameter :: MPI_UNWEIGHTED(1) = (/-1999997/)",
        "integer, parameter :: MPI_WEIGHTS_EMPTY(1) = (/-1999996/)",
        "! MPI_IN_PLACE, MPI_BOTTOM: mpif.h's common blocks (arts finds each",
        "! rank's copy)",
        "integer :: MPI_IN_PLACE, MPI_BOTTOM",
        "common /ARTS_MPI_IN_PLACE/ MPI_IN_PLACE",
        "common /ARTS_MPI_BOTTOM/ MPI_BOTTOM",
        "! the predefined attribute callbacks (subroutines of the binding)",
        "external :: MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, MPI_DUP_FN",
        "external :: MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, MPI_COMM_DUP_FN",
        "external :: MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, MPI_WIN_DUP_FN",
        "external :: MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, MPI_TYPE_DUP_FN",
        "",
        "! handles compare by value",
        "interface operator(==)",
    ]
    head += [f"module procedure arts_eq_{h[4:].lower()}" for h in HANDLES]
    head += ["end interface", "interface operator(/=)"]
    head += [f"module procedure arts_ne_{h[4:].lower()}" for h in HANDLES]
    head += ["end interface", ""]
    head += abstract_interfaces()

    interfaces, wrappers, helpers = [], [], []
    for prefix, call, c_name, params in bindable(calls, protos):
        if call in REMOVED:
            continue
        fname = prefix + c_name
        symbol = (prefix + call).lower() + "_"
        args = [Arg(call, t, n, a) for t, n, a in params]
        if any(a.procedure for a in args):
            helper = f"arts_f08_{(prefix + call).lower()}"
            wrappers += callback_wrapper(fname, helper, args)
            helpers += callback_helper(helper, prefix + call, args)
        elif any(a.string for a in args):
            bind = f"arts_f77_{(prefix + call).lower()}"
            interfaces += interface(symbol, args, bind)
            wrappers += string_wrapper(fname, bind, args)
        elif ASYNC.fullmatch(call) and any(a.choice for a in args):
            bind = f"arts_f77_{(prefix + call).lower()}"
            interfaces += interface(symbol, args, bind, by_address=True)
            wrappers += async_wrapper(fname, bind, args)
        else:
            interfaces += interface(symbol, args, fname)
    body = ["interface"] + interfaces + own_interfaces() + ["end interface", "", "contains", ""]
    body += wrappers
    for h in HANDLES:
        short = h[4:].lower()
        for op, sym in (("eq", "=="), ("ne", "/=")):
            body += [
                f"elemental logical function arts_{op}_{short}(a, b)",
                f"type({h}), intent(in) :: a, b",
                f"arts_{op}_{short} = a%MPI_VAL {sym} b%MPI_VAL",
                f"end function arts_{op}_{short}",
            ]
    body += own_procedures()
    body.append("end module mpi_f08")
    body += ["", "! the calls behind the module's procedures that take procedures"]
    body += helpers
    return "\n".join(head + body) + "\n"


def mpi_interfaces(calls, protos):
    """The text of include/mpi-interfaces.h: the `mpi` module's explicit
    interface of every call whose Fortran shape is C's (INTEGER handles,
    `ierror` required); the others stay EXTERNAL, as in mpif.h."""
    checked = {}
    for prefix, call, c_name, params in bindable(calls, protos):
        if prefix + call in MPI1_SHAPES:
            continue
        try:
            args = [Arg(call, t, n, a, f08=False) for t, n, a in params]
        except Unchecked:
            continue
        names = [a.name for a in args] + ["ierror"]
        lines = wrap(f"subroutine {prefix + c_name}({', '.join(names)})") + ["import"]
        for a in args:
            lines += a.decl
        lines += ["integer, intent(out) :: ierror", f"end subroutine {prefix + c_name}"]
        checked[prefix + call] = lines
    out = [
        "! mpi-interfaces.h: the `mpi` module's calls (arts-mpif90 makes the module of",
        "! mpif.h and this file). Written by scripts/gen-fortran-interfaces.py from mpif-calls.h",
        "! and mpi.h; do not edit (run the script). Explicit interfaces, as MPI asks",
        "! of the module, check each call's arguments at compile time (choice",
        "! buffers take any type and rank: gfortran's NO_ARG_CHECK); the calls",
        "! without one (MPI-1's datatype calls with INTEGER displacements, ...)",
        "! are EXTERNAL, with implicit interfaces, as in mpif.h.",
        "interface",
    ]
    for lines in checked.values():
        out += lines
    out.append("end interface")
    out += [f"EXTERNAL {c}" for c in listed_calls() if c not in checked]
    return "\n".join(out) + "\n"


def main():
    calls = fortran_calls()
    protos = prototypes()
    outputs = {OUT: f08_module(calls, protos), INTERFACES: mpi_interfaces(calls, protos)}
    for path, text in outputs.items():
        if "--check" not in sys.argv:
            path.write_text(text)
        elif path.read_text() != text:
            print(f"{path.relative_to(ROOT)} is out of date: run scripts/gen-fortran-interfaces.py",
                  file=sys.stderr)
            sys.exit(1)


# The callbacks' abstract interfaces (MPI 4.0 §19.3.5): name -> (arguments,
# declarations).
CALLBACKS = {
    "MPI_User_function": ("invec, inoutvec, len, datatype", [
        "type(c_ptr), value :: invec, inoutvec", "integer :: len",
        "type(MPI_Datatype) :: datatype"]),
    "MPI_Comm_errhandler_function": ("comm, error_code", [
        "type(MPI_Comm) :: comm", "integer :: error_code"]),
    "MPI_Win_errhandler_function": ("win, error_code", [
        "type(MPI_Win) :: win", "integer :: error_code"]),
    "MPI_File_errhandler_function": ("file, error_code", [
        "type(MPI_File) :: file", "integer :: error_code"]),
    "MPI_Grequest_query_function": ("extra_state, status, ierror", [
        "integer(kind=MPI_ADDRESS_KIND) :: extra_state", "type(MPI_Status) :: status",
        "integer :: ierror"]),
    "MPI_Grequest_free_function": ("extra_state, ierror", [
        "integer(kind=MPI_ADDRESS_KIND) :: extra_state", "integer :: ierror"]),
    "MPI_Grequest_cancel_function": ("extra_state, complete, ierror", [
        "integer(kind=MPI_ADDRESS_KIND) :: extra_state", "logical :: complete",
        "integer :: ierror"]),
}
for _kind, _handle in (("Comm", "MPI_Comm"), ("Win", "MPI_Win"), ("Type", "MPI_Datatype")):
    _old = {"Comm": "oldcomm", "Win": "oldwin", "Type": "oldtype"}[_kind]
    _obj = {"Comm": "comm", "Win": "win", "Type": "datatype"}[_kind]
    _key = f"{_kind.lower()}_keyval"
    CALLBACKS[f"MPI_{_kind}_copy_attr_function"] = (
        f"{_old}, {_key}, extra_state, attribute_val_in, attribute_val_out, flag, ierror", [
            f"type({_handle}) :: {_old}", f"integer :: {_key}, ierror",
            "integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, "
            "attribute_val_out", "logical :: flag"])
    CALLBACKS[f"MPI_{_kind}_delete_attr_function"] = (
        f"{_obj}, {_key}, attribute_val, extra_state, ierror", [
            f"type({_handle}) :: {_obj}", f"integer :: {_key}, ierror",
            "integer(kind=MPI_ADDRESS_KIND) :: attribute_val, extra_state"])


def abstract_interfaces():
    """The callbacks' interfaces, which programs name in PROCEDURE(...)."""
    out = ["abstract interface"]
    for name, (args, decls) in CALLBACKS.items():
        out += [f"subroutine {name}({args})", "import"] + decls + [f"end subroutine {name}"]
    return out + ["end interface", ""]


def own_interfaces():
    """Interfaces whose Fortran shape is not C's."""
    out = []
    for p in ("", "P"):
        low = p.lower()
        out += [
            f"subroutine {p}MPI_Init(ierror) bind(C, name='{low}mpi_init_')",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Init",
            f"subroutine {p}MPI_Info_create_env(info, ierror) &",
            f"        bind(C, name='{low}mpi_info_create_env_')",
            "import",
            "type(MPI_Info) :: info",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Info_create_env",
            f"subroutine {p}MPI_Init_thread(required, provided, ierror) &",
            f"        bind(C, name='{low}mpi_init_thread_')",
            "integer, intent(in) :: required",
            "integer, intent(out) :: provided",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Init_thread",
            f"function {p}MPI_Wtime() bind(C, name='{low}mpi_wtime_')",
            "import",
            f"real(c_double) :: {p}MPI_Wtime",
            f"end function {p}MPI_Wtime",
            f"function {p}MPI_Wtick() bind(C, name='{low}mpi_wtick_')",
            "import",
            f"real(c_double) :: {p}MPI_Wtick",
            f"end function {p}MPI_Wtick",
            f"function {p}MPI_Aint_add(base, disp) bind(C, name='{low}mpi_aint_add_')",
            "import",
            "integer(kind=MPI_ADDRESS_KIND), intent(in) :: base, disp",
            f"integer(kind=MPI_ADDRESS_KIND) :: {p}MPI_Aint_add",
            f"end function {p}MPI_Aint_add",
            f"function {p}MPI_Aint_diff(addr1, addr2) bind(C, name='{low}mpi_aint_diff_')",
            "import",
            "integer(kind=MPI_ADDRESS_KIND), intent(in) :: addr1, addr2",
            f"integer(kind=MPI_ADDRESS_KIND) :: {p}MPI_Aint_diff",
            f"end function {p}MPI_Aint_diff",
            f"subroutine {p}MPI_Alloc_mem(size, info, baseptr, ierror) &",
            f"        bind(C, name='{low}mpi_alloc_mem_')",
            "import",
            "integer(kind=MPI_ADDRESS_KIND), intent(in) :: size",
            "type(MPI_Info), intent(in) :: info",
            "type(c_ptr), intent(out) :: baseptr",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Alloc_mem",
            f"subroutine {p}MPI_Buffer_detach(buffer_addr, size, ierror) &",
            f"        bind(C, name='{low}mpi_buffer_detach_')",
            "import",
            "type(c_ptr), intent(out) :: buffer_addr",
            "integer, intent(out) :: size",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Buffer_detach",
            f"subroutine {p}MPI_Pcontrol(level) bind(C, name='{low}mpi_pcontrol_')",
            "integer, intent(in) :: level",
            f"end subroutine {p}MPI_Pcontrol",
            f"subroutine {p}MPI_Attr_get(comm, keyval, attribute_val, flag, ierror) &",
            f"        bind(C, name='{low}mpi_attr_get_')",
            "import",
            "type(MPI_Comm), intent(in) :: comm",
            "integer, intent(in) :: keyval",
            "integer, intent(out) :: attribute_val",
            "logical, intent(out) :: flag",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Attr_get",
            f"subroutine {p}MPI_Attr_put(comm, keyval, attribute_val, ierror) &",
            f"        bind(C, name='{low}mpi_attr_put_')",
            "import",
            "type(MPI_Comm), intent(in) :: comm",
            "integer, intent(in) :: keyval, attribute_val",
            "integer, optional, intent(out) :: ierror",
            f"end subroutine {p}MPI_Attr_put",
        ]
    out += [
        "subroutine arts_f08_noncontiguous(name, name_len, ierror) &",
        "        bind(C, name='arts_f08_noncontiguous')",
        "import",
        "character(kind=c_char) :: name(*)",
        "integer(c_size_t), value :: name_len",
        "integer, optional, intent(out) :: ierror",
        "end subroutine arts_f08_noncontiguous",
        "subroutine MPI_F_sync_reg(buf) bind(C, name='mpi_f_sync_reg_')",
        "!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf",
        "type(*), dimension(*) :: buf",
        "end subroutine MPI_F_sync_reg",
    ]
    return out


def own_procedures():
    return [
        "! MPI_Sizeof(x, size, ierror): the bytes of an element of x, of any",
        "! type, a scalar or an array of any rank.",
        "subroutine MPI_Sizeof(x, size, ierror)",
        "class(*), intent(in) :: x(..)",
        "integer, intent(out) :: size",
        "integer, optional, intent(out) :: ierror",
        "size = storage_size(x) / 8",
        "if (present(ierror)) ierror = MPI_SUCCESS",
        "end subroutine MPI_Sizeof",
    ]


if __name__ == "__main__":
    main()
