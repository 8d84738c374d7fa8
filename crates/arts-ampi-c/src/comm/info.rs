//! `MPI_Info`: ordered (key, value) strings the program hands to calls
//! that take hints. arts reads AMPI's hints of `AMPI_Migrate` and no
//! other; the objects behave as MPI says, so programs that build them work
//! unchanged. Handles are `1 + index` (`MPI_INFO_NULL` is 0); the first
//! three are predefined, AMPI's `AMPI_INFO_LB_SYNC` and
//! `AMPI_INFO_LB_ASYNC` and MPI's `MPI_INFO_ENV` (how the rank was
//! started: `command`, `argv`, `maxprocs`, `wdir`, `thread_level`), which
//! cannot be changed or freed. The info calls work before `MPI_Init` and
//! after `MPI_Finalize` too, as MPI 4.0 allows.

use std::ffi::{CStr, c_char, c_int};

use crate::abi::*;
use crate::state::fail::{Fail, out};
use crate::state::object::Object;
use crate::state::{INFO_ENV, PREDEFINED_INFOS, Phase, Vp, entry, entry_in};

type Pairs = Vec<(String, String)>;

/// The value of `key` in info object `info` (`None`: not set).
pub(crate) fn value(vp: &mut Vp, info: c_int, key: &str) -> Result<Option<String>, Fail> {
    let p = pairs(vp, info)?;
    Ok(p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
}

/// The live info object `info`, to be changed or freed (not a predefined one).
fn writable(vp: &mut Vp, info: c_int) -> Result<&mut Pairs, Fail> {
    if (1..=PREDEFINED_INFOS).contains(&info) {
        return Err(Fail::new(
            ERR_INFO,
            format!(
                "{info} is a predefined info object (AMPI_INFO_LB_*, MPI_INFO_ENV): it cannot change"
            ),
        ));
    }
    pairs(vp, info)
}

/// The live info object `info`.
fn pairs(vp: &mut Vp, info: c_int) -> Result<&mut Pairs, Fail> {
    usize::try_from(info - 1)
        .ok()
        .and_then(|i| vp.infos.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or_else(|| Fail::new(ERR_INFO, format!("{info} is not an info object")))
}

/// The value of `key` (a C string) in info object `info`, with `*flag`
/// set to whether it is there.
fn lookup(
    vp: &mut Vp,
    info: c_int,
    key: *const c_char,
    flag: *mut c_int,
) -> Result<Option<&str>, Fail> {
    let key = text(key, "key", MPI_MAX_INFO_KEY)?;
    let flag = out(flag, "flag")?;
    let found = pairs(vp, info)?.iter().find(|(k, _)| *k == key);
    *flag = c_int::from(found.is_some());
    Ok(found.map(|(_, v)| v.as_str()))
}

/// The C string `s`, named `what` in errors, at most `max - 1` bytes.
fn text(s: *const c_char, what: &str, max: c_int) -> Result<String, Fail> {
    if s.is_null() {
        return Err(Fail::new(ERR_ARG, format!("{what} is a null pointer")));
    }
    // SAFETY: the program passes a NUL-terminated string (checked non-null).
    let t = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
    let is_key = what == "key";
    if (is_key && t.is_empty()) || t.len() >= max as usize {
        let kind = if is_key { ERR_INFO_KEY } else { ERR_INFO_VALUE };
        let wrong = if t.is_empty() {
            "is empty"
        } else {
            "is too long"
        };
        return Err(Fail::new(
            kind,
            format!("{what} {wrong} (at most {} bytes)", max - 1),
        ));
    }
    Ok(t)
}

/// Copies `s` and its NUL into the program's buffer of `room` bytes
/// (truncated to fit).
fn write_text(s: &str, buf: *mut c_char, room: usize) -> Result<(), Fail> {
    if buf.is_null() {
        return Err(Fail::new(ERR_ARG, "the buffer is a null pointer"));
    }
    let n = s.len().min(room.saturating_sub(1));
    // SAFETY: the program's buffer holds `room` bytes (`room` > n).
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr().cast(), buf, n);
        *buf.add(n) = 0;
    }
    Ok(())
}

/// Stores `pairs` as a new info object in `*info`.
fn add(vp: &mut Vp, info: &mut c_int, p: Pairs) {
    vp.infos.push(Some(p));
    *info = vp.infos.len() as c_int;
}

/// `MPI_Info_create`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_create(info: *mut c_int) -> c_int {
    entry_in("MPI_Info_create", MPI_COMM_WORLD, Phase::ANY, |vp| {
        add(vp, out(info, "info")?, Vec::new());
        Ok(())
    })
}

/// `MPI_Info_dup`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_dup(
    info: c_int,
    newinfo: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_dup", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let copy = pairs(vp, info)?.clone();
        add(vp, out(newinfo, "newinfo")?, copy);
        Ok(())
    })
}

/// `MPI_Info_free`: `*info` becomes `MPI_INFO_NULL`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_free(info: *mut c_int) -> c_int {
    entry_in("MPI_Info_free", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let info = out(info, "info")?;
        writable(vp, *info)?;
        vp.infos[*info as usize - 1] = None;
        *info = MPI_INFO_NULL;
        Ok(())
    })
}

/// `MPI_Info_set`: adds `key` or replaces its value.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_set(
    info: c_int,
    key: *const c_char,
    value: *const c_char,
) -> c_int {
    entry_in("MPI_Info_set", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let key = text(key, "key", MPI_MAX_INFO_KEY)?;
        let value = text(value, "value", MPI_MAX_INFO_VAL)?;
        let p = writable(vp, info)?;
        match p.iter_mut().find(|(k, _)| *k == key) {
            Some(kv) => kv.1 = value,
            None => p.push((key, value)),
        }
        Ok(())
    })
}

/// `MPI_Info_delete`: removing a key that is not there is `MPI_ERR_INFO_NOKEY`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_delete(
    info: c_int,
    key: *const c_char,
) -> c_int {
    entry_in("MPI_Info_delete", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let key = text(key, "key", MPI_MAX_INFO_KEY)?;
        let p = writable(vp, info)?;
        let Some(i) = p.iter().position(|(k, _)| *k == key) else {
            return Err(Fail::new(ERR_INFO_NOKEY, format!("no key {key:?}")));
        };
        p.remove(i);
        Ok(())
    })
}

/// `MPI_Info_get`: `*flag` says whether `key` is there; its value is
/// copied into `value` (at most `valuelen` bytes and a NUL).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_get(
    info: c_int,
    key: *const c_char,
    valuelen: c_int,
    value: *mut c_char,
    flag: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_get", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let room = usize::try_from(valuelen)
            .map_err(|_| Fail::new(ERR_ARG, format!("valuelen {valuelen} is negative")))?;
        match lookup(vp, info, key, flag)? {
            Some(v) => write_text(v, value, room + 1),
            None => Ok(()),
        }
    })
}

/// `MPI_Info_get_string` (MPI 4.0): `key`'s value, truncated to
/// `*buflen - 1` bytes and a NUL (untouched if `*buflen` is 0), and in
/// `*buflen` the bytes the whole value needs with its NUL; both unchanged
/// where `key` is not set.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_get_string(
    info: c_int,
    key: *const c_char,
    buflen: *mut c_int,
    value: *mut c_char,
    flag: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_get_string", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let buflen = out(buflen, "buflen")?;
        let room = usize::try_from(*buflen)
            .map_err(|_| Fail::new(ERR_ARG, format!("buflen {} is negative", *buflen)))?;
        if let Some(v) = lookup(vp, info, key, flag)? {
            if room > 0 {
                write_text(v, value, room)?;
            }
            *buflen = v.len() as c_int + 1;
        }
        Ok(())
    })
}

/// `MPI_Info_create_env` (MPI 4.0): a new info object holding how the
/// rank was started, as `MPI_INFO_ENV` does, the same before `MPI_Init`
/// and after it (so without the `thread_level` that `MPI_Init` adds
/// there). arts starts every rank with the job's own arguments, so `argc`
/// and `argv` add nothing.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_create_env(
    _argc: c_int,
    _argv: *const *const c_char,
    info: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_create_env", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let mut env = pairs(vp, INFO_ENV)?.clone();
        env.retain(|(k, _)| k != "thread_level");
        add(vp, out(info, "info")?, env);
        Ok(())
    })
}

/// `MPI_Info_get_valuelen`: the length of `key`'s value (without its NUL).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_get_valuelen(
    info: c_int,
    key: *const c_char,
    valuelen: *mut c_int,
    flag: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_get_valuelen", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let len = out(valuelen, "valuelen")?;
        if let Some(v) = lookup(vp, info, key, flag)? {
            *len = v.len() as c_int;
        }
        Ok(())
    })
}

/// `MPI_Info_get_nkeys`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_get_nkeys(
    info: c_int,
    nkeys: *mut c_int,
) -> c_int {
    entry_in("MPI_Info_get_nkeys", MPI_COMM_WORLD, Phase::ANY, |vp| {
        *out(nkeys, "nkeys")? = pairs(vp, info)?.len() as c_int;
        Ok(())
    })
}

/// `MPI_Info_get_nthkey`: keys in the order they were first set; `key`
/// has room for `MPI_MAX_INFO_KEY` bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Info_get_nthkey(
    info: c_int,
    n: c_int,
    key: *mut c_char,
) -> c_int {
    entry_in("MPI_Info_get_nthkey", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let p = pairs(vp, info)?;
        let (k, _) = usize::try_from(n)
            .ok()
            .and_then(|i| p.get(i))
            .ok_or_else(|| Fail::new(ERR_ARG, format!("key {n} of {} does not exist", p.len())))?;
        write_text(k, key, MPI_MAX_INFO_KEY as usize)
    })
}

/// Checks that `info` is an info object or `MPI_INFO_NULL`.
pub(crate) fn check(vp: &mut Vp, info: c_int) -> Result<(), Fail> {
    if info != MPI_INFO_NULL {
        pairs(vp, info)?;
    }
    Ok(())
}

/// The hints in use, as `MPI_*_get_info` returns them: a new info object
/// in `*info_used`, empty (arts reads no hint).
fn hints_used(vp: &mut Vp, info_used: *mut c_int) -> Result<(), Fail> {
    add(vp, out(info_used, "info_used")?, Vec::new());
    Ok(())
}

/// Defines the `set_info` and `get_info` calls of one kind of object.
macro_rules! info_calls {
    ($kind:literal, $of:path, $set:ident, $get:ident) => {
        #[doc = concat!("`MPI_", $kind, "_set_info`: the hints are checked and not used.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $set(handle: c_int, info: c_int) -> c_int {
            entry(
                concat!("MPI_", $kind, "_set_info"),
                $of(handle).handler_key(),
                |vp| {
                    $of(handle).checked(vp)?;
                    check(vp, info)
                },
            )
        }

        #[doc = concat!("`MPI_", $kind, "_get_info`: a new, empty info object (no hint is used).")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $get(handle: c_int, info_used: *mut c_int) -> c_int {
            entry(
                concat!("MPI_", $kind, "_get_info"),
                $of(handle).handler_key(),
                |vp| {
                    $of(handle).checked(vp)?;
                    hints_used(vp, info_used)
                },
            )
        }
    };
}

info_calls!(
    "Comm",
    Object::Comm,
    ARTS_MPI_Comm_set_info,
    ARTS_MPI_Comm_get_info
);
info_calls!(
    "Win",
    Object::Win,
    ARTS_MPI_Win_set_info,
    ARTS_MPI_Win_get_info
);
info_calls!(
    "File",
    Object::File,
    ARTS_MPI_File_set_info,
    ARTS_MPI_File_get_info
);
