//! `MPI_T`, the tool information interface (MPI 3.1 §14.3): the variables
//! of `vars.rs`, read through handles a rank allocates (`session.rs` keeps
//! them). Each rank is an MPI process here, so each has its own `MPI_T`
//! state and its own performance variables.
//!
//! As MPI says, these calls return an `MPI_T` error class and call no error
//! handler; they work before `MPI_Init` and after `MPI_Finalize`, between
//! `MPI_T_init_thread` and the `MPI_T_finalize` that matches it (the
//! interface counts its initializations). Outputs a tool does not want may
//! be null pointers (as MPICH allows), but for the one a call is for (a
//! count, a handle, an index). Strings follow §14.3.3: with a zero length
//! or a null buffer the call says the length the string needs, NUL
//! included; otherwise it writes what fits, NUL-terminated, and says how
//! much it wrote.

pub(crate) mod session;
pub(crate) mod vars;

use std::ffi::{CStr, c_char, c_int, c_void};

use crate::abi::*;
use crate::state::{Vp, current, outside_a_rank};
use session::{Counter, PvarHandle, Session, Tool};
use vars::{CATEGORIES, CVARS, ENUMS, PVARS, Pvar};

const NOT_INITIALIZED: c_int = class("MPI_T_ERR_NOT_INITIALIZED");
const INVALID_INDEX: c_int = class("MPI_T_ERR_INVALID_INDEX");
const INVALID_ITEM: c_int = class("MPI_T_ERR_INVALID_ITEM");
const INVALID_HANDLE: c_int = class("MPI_T_ERR_INVALID_HANDLE");
const INVALID_SESSION: c_int = class("MPI_T_ERR_INVALID_SESSION");
const CVAR_SET_NEVER: c_int = class("MPI_T_ERR_CVAR_SET_NEVER");
const PVAR_NO_STARTSTOP: c_int = class("MPI_T_ERR_PVAR_NO_STARTSTOP");
const PVAR_NO_WRITE: c_int = class("MPI_T_ERR_PVAR_NO_WRITE");
const INVALID_NAME: c_int = class("MPI_T_ERR_INVALID_NAME");
const INVALID: c_int = class("MPI_T_ERR_INVALID");

/// `MPI_T_CVAR_HANDLE_NULL`, `MPI_T_PVAR_HANDLE_NULL`, `MPI_T_PVAR_SESSION_NULL`.
const NULL_HANDLE: c_int = -1;
/// `MPI_T_PVAR_ALL_HANDLES`.
const ALL_HANDLES: c_int = -2;
/// `MPI_T_BIND_NO_OBJECT`: every variable's binding.
const BIND_NO_OBJECT: c_int = 0;

/// What a call's body returns: nothing, or the `MPI_T` error class.
type Done = Result<(), c_int>;

/// Runs `MPI_T` call `call` for the running rank; `initialized`: the call
/// needs the interface initialized (all but `MPI_T_init_thread`).
fn tool(call: &'static str, initialized: bool, body: impl FnOnce(&mut Vp) -> Done) -> c_int {
    let p = current();
    if p.is_null() {
        outside_a_rank(call);
        return NOT_INITIALIZED;
    }
    // SAFETY: `p` is the running rank's state (see `crate::state`); no
    // `MPI_T` call suspends the rank, so it stays this thread's.
    let vp = unsafe { &mut *p };
    if initialized && vp.tool.inits == 0 {
        return NOT_INITIALIZED;
    }
    match body(vp) {
        Ok(()) => MPI_SUCCESS,
        Err(class) => class,
    }
}

/// Writes `v` to `p` unless the tool passed a null pointer.
fn put<T>(p: *mut T, v: T) {
    if !p.is_null() {
        // SAFETY: a non-null output points at a `T` (MPI's contract).
        unsafe { p.write(v) }
    }
}

/// Writes `v` to `p`, the output the call is for.
fn give<T>(p: *mut T, v: T) -> Done {
    if p.is_null() {
        return Err(INVALID);
    }
    put(p, v);
    Ok(())
}

/// Writes `s` to `buf` as §14.3.3 says, `len` being its room.
fn put_str(s: &str, buf: *mut c_char, len: *mut c_int) -> Done {
    if len.is_null() {
        return Ok(());
    }
    // SAFETY: non-null, it points at the buffer's length (MPI's contract).
    let room = unsafe { *len };
    let room = usize::try_from(room).map_err(|_| INVALID)?;
    if buf.is_null() || room == 0 {
        put(len, s.len() as c_int + 1);
        return Ok(());
    }
    let n = s.len().min(room - 1);
    // SAFETY: the buffer holds `room` > n bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr().cast(), buf, n);
        *buf.add(n) = 0;
    }
    put(len, n as c_int + 1);
    Ok(())
}

/// Entry `i` of `table`, or `missing`.
fn at<T>(table: &[T], i: c_int, missing: c_int) -> Result<&T, c_int> {
    usize::try_from(i)
        .ok()
        .and_then(|i| table.get(i))
        .ok_or(missing)
}

/// The index of the entry named `name` (a C string) among `names`.
fn find<'a>(name: *const c_char, mut names: impl Iterator<Item = &'a str>) -> Result<c_int, c_int> {
    if name.is_null() {
        return Err(INVALID);
    }
    // SAFETY: non-null, a NUL-terminated string (MPI's contract).
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    names
        .position(|n| n.as_bytes() == name)
        .map(|i| i as c_int)
        .ok_or(INVALID_NAME)
}

/// Writes the first `len` of `list` to `indices`.
fn put_indices(list: &[c_int], len: c_int, indices: *mut c_int) -> Done {
    let len = usize::try_from(len).map_err(|_| INVALID)?;
    let n = len.min(list.len());
    if n > 0 && indices.is_null() {
        return Err(INVALID);
    }
    for (k, &i) in list[..n].iter().enumerate() {
        // SAFETY: the array holds `len` ≥ n ints.
        unsafe { indices.add(k).write(i) }
    }
    Ok(())
}

/// Writes a variable's value to `buf` as its datatype (`MPI_UNSIGNED`,
/// `MPI_UNSIGNED_LONG_LONG` or `MPI_INT`) says.
fn put_value(buf: *mut c_void, datatype: c_int, v: u64) -> Done {
    match datatype {
        vars::UNSIGNED => give(buf.cast::<u32>(), v as u32),
        vars::INT => give(buf.cast::<c_int>(), v as c_int),
        _ => give(buf.cast::<u64>(), v),
    }
}

// ---- initialization ----

/// `MPI_T_init_thread`: the thread levels of `MPI_Init_thread`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_init_thread(
    required: c_int,
    provided: *mut c_int,
) -> c_int {
    tool("MPI_T_init_thread", false, |vp| {
        let level = match required {
            MPI_THREAD_SINGLE | MPI_THREAD_FUNNELED => required,
            MPI_THREAD_SERIALIZED | MPI_THREAD_MULTIPLE => MPI_THREAD_FUNNELED,
            _ => return Err(INVALID),
        };
        give(provided, level)?;
        vp.tool.inits += 1;
        Ok(())
    })
}

/// `MPI_T_finalize`: the last one frees the rank's handles and sessions.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_finalize() -> c_int {
    tool("MPI_T_finalize", true, |vp| {
        vp.tool.inits -= 1;
        if vp.tool.inits == 0 {
            vp.tool.clear();
        }
        Ok(())
    })
}

// ---- enumerations ----

/// `MPI_T_enum_get_info`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_enum_get_info(
    enumtype: c_int,
    num: *mut c_int,
    name: *mut c_char,
    name_len: *mut c_int,
) -> c_int {
    tool("MPI_T_enum_get_info", true, |_| {
        let e = at(ENUMS, enumtype, INVALID_HANDLE)?;
        put(num, e.items.len() as c_int);
        put_str(e.name, name, name_len)
    })
}

/// `MPI_T_enum_get_item`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_enum_get_item(
    enumtype: c_int,
    index: c_int,
    value: *mut c_int,
    name: *mut c_char,
    name_len: *mut c_int,
) -> c_int {
    tool("MPI_T_enum_get_item", true, |_| {
        let e = at(ENUMS, enumtype, INVALID_HANDLE)?;
        let &(item, v) = at(e.items, index, INVALID_ITEM)?;
        put(value, v);
        put_str(item, name, name_len)
    })
}

// ---- control variables ----

/// `MPI_T_cvar_get_num`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_get_num(num: *mut c_int) -> c_int {
    tool("MPI_T_cvar_get_num", true, |_| {
        give(num, CVARS.len() as c_int)
    })
}

/// `MPI_T_cvar_get_info`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_get_info(
    cvar_index: c_int,
    name: *mut c_char,
    name_len: *mut c_int,
    verbosity: *mut c_int,
    datatype: *mut c_int,
    enumtype: *mut c_int,
    desc: *mut c_char,
    desc_len: *mut c_int,
    bind: *mut c_int,
    scope: *mut c_int,
) -> c_int {
    tool("MPI_T_cvar_get_info", true, |_| {
        let v = at(CVARS, cvar_index, INVALID_INDEX)?;
        put(verbosity, v.verbosity);
        put(datatype, vars::INT);
        put(enumtype, v.enumtype);
        put(bind, BIND_NO_OBJECT);
        put(scope, vars::SCOPE_CONSTANT);
        put_str(v.name, name, name_len)?;
        put_str(v.desc, desc, desc_len)
    })
}

/// `MPI_T_cvar_get_index`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_get_index(
    name: *const c_char,
    cvar_index: *mut c_int,
) -> c_int {
    tool("MPI_T_cvar_get_index", true, |_| {
        let i = find(name, CVARS.iter().map(|v| v.name))?;
        give(cvar_index, i)
    })
}

/// `MPI_T_cvar_handle_alloc` (every variable is bound to no object: the
/// object handle is not read).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_handle_alloc(
    cvar_index: c_int,
    _obj_handle: *mut c_void,
    handle: *mut c_int,
    count: *mut c_int,
) -> c_int {
    tool("MPI_T_cvar_handle_alloc", true, |vp| {
        at(CVARS, cvar_index, INVALID_INDEX)?;
        give(handle, vp.tool.cvars.len() as c_int)?;
        give(count, 1)?;
        vp.tool.cvars.push(Some(cvar_index));
        Ok(())
    })
}

/// The variable of control-variable handle `h`.
fn cvar_of(tool: &Tool, h: c_int) -> Result<c_int, c_int> {
    usize::try_from(h)
        .ok()
        .and_then(|i| tool.cvars.get(i).copied().flatten())
        .ok_or(INVALID_HANDLE)
}

/// `MPI_T_cvar_handle_free`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_handle_free(handle: *mut c_int) -> c_int {
    tool("MPI_T_cvar_handle_free", true, |vp| {
        if handle.is_null() {
            return Err(INVALID);
        }
        // SAFETY: non-null, the handle to free (MPI's contract).
        let h = unsafe { *handle };
        cvar_of(&vp.tool, h)?;
        vp.tool.cvars[h as usize] = None;
        put(handle, NULL_HANDLE);
        Ok(())
    })
}

/// `MPI_T_cvar_read`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_read(
    handle: c_int,
    buf: *mut c_void,
) -> c_int {
    tool("MPI_T_cvar_read", true, |vp| {
        let i = cvar_of(&vp.tool, handle)?;
        let v = (CVARS[i as usize].read)(vp.mpi());
        put_value(buf, vars::INT, v as u64)
    })
}

/// `MPI_T_cvar_write`: every variable is a fact of the run
/// (`MPI_T_SCOPE_CONSTANT`), which no tool sets.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_cvar_write(
    handle: c_int,
    _buf: *const c_void,
) -> c_int {
    tool("MPI_T_cvar_write", true, |vp| {
        cvar_of(&vp.tool, handle)?;
        Err(CVAR_SET_NEVER)
    })
}

// ---- performance variables ----

/// `MPI_T_pvar_get_num`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_get_num(num: *mut c_int) -> c_int {
    tool("MPI_T_pvar_get_num", true, |_| {
        give(num, PVARS.len() as c_int)
    })
}

/// `MPI_T_pvar_get_info`: counters are the variables a handle may start,
/// stop, write and reset; a rank's own, each is read and reset at once.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_get_info(
    pvar_index: c_int,
    name: *mut c_char,
    name_len: *mut c_int,
    verbosity: *mut c_int,
    var_class: *mut c_int,
    datatype: *mut c_int,
    enumtype: *mut c_int,
    desc: *mut c_char,
    desc_len: *mut c_int,
    bind: *mut c_int,
    readonly: *mut c_int,
    continuous: *mut c_int,
    atomic: *mut c_int,
) -> c_int {
    tool("MPI_T_pvar_get_info", true, |_| {
        let v = at(PVARS, pvar_index, INVALID_INDEX)?;
        put(verbosity, v.verbosity);
        put(var_class, v.class);
        put(datatype, v.datatype);
        put(enumtype, vars::ENUM_NULL);
        put(bind, BIND_NO_OBJECT);
        put(readonly, c_int::from(v.continuous()));
        put(continuous, c_int::from(v.continuous()));
        put(atomic, 1);
        put_str(v.name, name, name_len)?;
        put_str(v.desc, desc, desc_len)
    })
}

/// `MPI_T_pvar_get_index`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_get_index(
    name: *const c_char,
    var_class: c_int,
    pvar_index: *mut c_int,
) -> c_int {
    tool("MPI_T_pvar_get_index", true, |_| {
        let i = find(name, PVARS.iter().map(|v| v.name))?;
        if PVARS[i as usize].class != var_class {
            return Err(INVALID_NAME);
        }
        give(pvar_index, i)
    })
}

/// `MPI_T_pvar_session_create`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_session_create(
    session: *mut c_int,
) -> c_int {
    tool("MPI_T_pvar_session_create", true, |vp| {
        give(session, vp.tool.sessions.len() as c_int)?;
        vp.tool.sessions.push(Some(Session::default()));
        Ok(())
    })
}

/// Session `s`.
fn session_of(tool: &mut Tool, s: c_int) -> Result<&mut Session, c_int> {
    usize::try_from(s)
        .ok()
        .and_then(|i| tool.sessions.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or(INVALID_SESSION)
}

/// Handle `h` of session `s`.
fn handle_of(s: &mut Session, h: c_int) -> Result<&mut PvarHandle, c_int> {
    usize::try_from(h)
        .ok()
        .and_then(|i| s.handles.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or(INVALID_HANDLE)
}

/// `MPI_T_pvar_session_free`: its handles go with it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_session_free(session: *mut c_int) -> c_int {
    tool("MPI_T_pvar_session_free", true, |vp| {
        if session.is_null() {
            return Err(INVALID);
        }
        // SAFETY: non-null, the session to free (MPI's contract).
        let s = unsafe { *session };
        session_of(&mut vp.tool, s)?;
        vp.tool.sessions[s as usize] = None;
        put(session, NULL_HANDLE);
        Ok(())
    })
}

/// `MPI_T_pvar_handle_alloc` (the object handle is not read, as in
/// `MPI_T_cvar_handle_alloc`); a counter's handle starts stopped, at 0.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_handle_alloc(
    session: c_int,
    pvar_index: c_int,
    _obj_handle: *mut c_void,
    handle: *mut c_int,
    count: *mut c_int,
) -> c_int {
    tool("MPI_T_pvar_handle_alloc", true, |vp| {
        let s = session_of(&mut vp.tool, session)?;
        at(PVARS, pvar_index, INVALID_INDEX)?;
        give(handle, s.handles.len() as c_int)?;
        give(count, 1)?;
        s.handles.push(Some(PvarHandle {
            pvar: pvar_index,
            counter: Counter::default(),
        }));
        Ok(())
    })
}

/// `MPI_T_pvar_handle_free`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_handle_free(
    session: c_int,
    handle: *mut c_int,
) -> c_int {
    tool("MPI_T_pvar_handle_free", true, |vp| {
        let s = session_of(&mut vp.tool, session)?;
        if handle.is_null() {
            return Err(INVALID);
        }
        // SAFETY: non-null, the handle to free (MPI's contract).
        let h = unsafe { *handle };
        handle_of(s, h)?;
        s.handles[h as usize] = None;
        put(handle, NULL_HANDLE);
        Ok(())
    })
}

/// Applies `op` to counter handle `h` of `session` (with the variable's
/// value now), or with `MPI_T_PVAR_ALL_HANDLES` to every counter handle of
/// the session: the other handles are passed over there and refused
/// (`refused`) when named.
fn on_counters(
    vp: &mut Vp,
    session: c_int,
    h: c_int,
    refused: c_int,
    op: fn(&mut Counter, u64),
) -> Done {
    let mpi = vp.mpi();
    let s = session_of(&mut vp.tool, session)?;
    let counter = |ph: &PvarHandle| Some(&PVARS[ph.pvar as usize]).filter(|v| !v.continuous());
    if h == ALL_HANDLES {
        for ph in s.handles.iter_mut().flatten() {
            if let Some(v) = counter(ph) {
                op(&mut ph.counter, (v.read)(mpi));
            }
        }
        return Ok(());
    }
    let ph = handle_of(s, h)?;
    let v = counter(ph).ok_or(refused)?;
    op(&mut ph.counter, (v.read)(mpi));
    Ok(())
}

/// `MPI_T_pvar_start`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_start(
    session: c_int,
    handle: c_int,
) -> c_int {
    tool("MPI_T_pvar_start", true, |vp| {
        on_counters(vp, session, handle, PVAR_NO_STARTSTOP, Counter::start)
    })
}

/// `MPI_T_pvar_stop`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_stop(
    session: c_int,
    handle: c_int,
) -> c_int {
    tool("MPI_T_pvar_stop", true, |vp| {
        on_counters(vp, session, handle, PVAR_NO_STARTSTOP, Counter::stop)
    })
}

/// `MPI_T_pvar_reset`: a counter's handle back to 0.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_reset(
    session: c_int,
    handle: c_int,
) -> c_int {
    tool("MPI_T_pvar_reset", true, |vp| {
        on_counters(vp, session, handle, PVAR_NO_WRITE, |c, now| c.set(0, now))
    })
}

/// What handle `h` of `session` reads (one handle: not
/// `MPI_T_PVAR_ALL_HANDLES`): its value, the variable's value now, the
/// variable, and the handle's counter.
fn read(
    vp: &mut Vp,
    session: c_int,
    h: c_int,
) -> Result<(u64, u64, &'static Pvar, &mut Counter), c_int> {
    let mpi = vp.mpi();
    let ph = handle_of(session_of(&mut vp.tool, session)?, h)?;
    let v = &PVARS[ph.pvar as usize];
    let now = (v.read)(mpi);
    let value = if v.continuous() {
        now
    } else {
        ph.counter.value(now)
    };
    Ok((value, now, v, &mut ph.counter))
}

/// `MPI_T_pvar_read`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_read(
    session: c_int,
    handle: c_int,
    buf: *mut c_void,
) -> c_int {
    tool("MPI_T_pvar_read", true, |vp| {
        let (value, _, v, _) = read(vp, session, handle)?;
        put_value(buf, v.datatype, value)
    })
}

/// `MPI_T_pvar_write`: sets a counter's handle.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_write(
    session: c_int,
    handle: c_int,
    buf: *const c_void,
) -> c_int {
    tool("MPI_T_pvar_write", true, |vp| {
        let (_, now, v, counter) = read(vp, session, handle)?;
        if v.continuous() {
            return Err(PVAR_NO_WRITE);
        }
        if buf.is_null() {
            return Err(INVALID);
        }
        // SAFETY: non-null, a value of the counter's `MPI_UNSIGNED_LONG_LONG`.
        let value = unsafe { buf.cast::<u64>().read_unaligned() };
        counter.set(value, now);
        Ok(())
    })
}

/// `MPI_T_pvar_readreset`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_pvar_readreset(
    session: c_int,
    handle: c_int,
    buf: *mut c_void,
) -> c_int {
    tool("MPI_T_pvar_readreset", true, |vp| {
        let (value, now, v, counter) = read(vp, session, handle)?;
        if v.continuous() {
            return Err(PVAR_NO_WRITE);
        }
        put_value(buf, v.datatype, value)?;
        counter.set(0, now);
        Ok(())
    })
}

// ---- categories ----

/// `MPI_T_category_get_num`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_num(num: *mut c_int) -> c_int {
    tool("MPI_T_category_get_num", true, |_| {
        give(num, CATEGORIES.len() as c_int)
    })
}

/// `MPI_T_category_get_info`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_info(
    cat_index: c_int,
    name: *mut c_char,
    name_len: *mut c_int,
    desc: *mut c_char,
    desc_len: *mut c_int,
    num_cvars: *mut c_int,
    num_pvars: *mut c_int,
    num_categories: *mut c_int,
) -> c_int {
    tool("MPI_T_category_get_info", true, |_| {
        let c = at(CATEGORIES, cat_index, INVALID_INDEX)?;
        put(num_cvars, c.cvars.len() as c_int);
        put(num_pvars, c.pvars.len() as c_int);
        put(num_categories, c.categories.len() as c_int);
        put_str(c.name, name, name_len)?;
        put_str(c.desc, desc, desc_len)
    })
}

/// `MPI_T_category_get_index`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_index(
    name: *const c_char,
    cat_index: *mut c_int,
) -> c_int {
    tool("MPI_T_category_get_index", true, |_| {
        let i = find(name, CATEGORIES.iter().map(|c| c.name))?;
        give(cat_index, i)
    })
}

/// `MPI_T_category_get_cvars`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_cvars(
    cat_index: c_int,
    len: c_int,
    indices: *mut c_int,
) -> c_int {
    tool("MPI_T_category_get_cvars", true, |_| {
        put_indices(
            at(CATEGORIES, cat_index, INVALID_INDEX)?.cvars,
            len,
            indices,
        )
    })
}

/// `MPI_T_category_get_pvars`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_pvars(
    cat_index: c_int,
    len: c_int,
    indices: *mut c_int,
) -> c_int {
    tool("MPI_T_category_get_pvars", true, |_| {
        put_indices(
            at(CATEGORIES, cat_index, INVALID_INDEX)?.pvars,
            len,
            indices,
        )
    })
}

/// `MPI_T_category_get_categories`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_get_categories(
    cat_index: c_int,
    len: c_int,
    indices: *mut c_int,
) -> c_int {
    tool("MPI_T_category_get_categories", true, |_| {
        put_indices(
            at(CATEGORIES, cat_index, INVALID_INDEX)?.categories,
            len,
            indices,
        )
    })
}

/// `MPI_T_category_changed`: the categories never change (stamp 0).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_T_category_changed(stamp: *mut c_int) -> c_int {
    tool("MPI_T_category_changed", true, |_| give(stamp, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_follow_the_length_rules_of_mpi_t() {
        let mut buf = [b'x' as c_char; 8];
        let mut len = 0;
        put_str("abcdef", buf.as_mut_ptr(), &mut len).unwrap();
        assert_eq!(
            (len, buf[0]),
            (7, b'x' as c_char),
            "zero room: the length only"
        );
        len = 5;
        put_str("abcdef", std::ptr::null_mut(), &mut len).unwrap();
        assert_eq!(len, 7, "no buffer: the length only");
        len = 4;
        put_str("abcdef", buf.as_mut_ptr(), &mut len).unwrap();
        assert_eq!(len, 4, "truncated: what was written, NUL included");
        // SAFETY: NUL-terminated by the call.
        assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_bytes(), b"abc");
        len = 8;
        put_str("abcdef", buf.as_mut_ptr(), &mut len).unwrap();
        assert_eq!(len, 7);
        put_str("abcdef", buf.as_mut_ptr(), std::ptr::null_mut()).unwrap();
        len = -1;
        assert_eq!(put_str("abcdef", buf.as_mut_ptr(), &mut len), Err(INVALID));
    }

    #[test]
    fn index_lists_are_cut_to_the_room_given() {
        let mut out = [9; 3];
        put_indices(&[4, 5], 3, out.as_mut_ptr()).unwrap();
        assert_eq!(out, [4, 5, 9]);
        put_indices(&[6, 7], 1, out.as_mut_ptr()).unwrap();
        assert_eq!(out, [6, 5, 9]);
        assert_eq!(put_indices(&[1], 1, std::ptr::null_mut()), Err(INVALID));
        assert_eq!(put_indices(&[1], -1, out.as_mut_ptr()), Err(INVALID));
        put_indices(&[1], 0, std::ptr::null_mut()).unwrap();
    }
}
