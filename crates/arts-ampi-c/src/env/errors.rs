//! `MPI_Error_string` and `MPI_Error_class`, and the program's own error
//! handlers (`MPI_Comm_create_errhandler`). Codes are classes; the string
//! of a class adds the last message this rank got of that class (which
//! names the call and the rank).

use std::ffi::{c_char, c_int};

use crate::abi::*;
use crate::state::errhandler::{ErrFn, FIRST_ERRHANDLER, call_errhandler, file_key, win_key};
use crate::state::fail::{Fail, comm_of, out};
use crate::state::{Phase, Vp, entry, entry_in, file_of, win_of};

/// `MPI_Comm_create_errhandler`: a handler that calls `function` with the
/// communicator and the error code; the failed call then returns the code.
/// The handler may call MPI.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_create_errhandler(
    function: Option<ErrFn>,
    errhandler: *mut c_int,
) -> c_int {
    entry("MPI_Comm_create_errhandler", MPI_COMM_WORLD, |vp| {
        let errhandler = out(errhandler, "errhandler")?;
        let f = function.ok_or_else(|| Fail::new(ERR_ARG, "the function is a null pointer"))?;
        vp.user_errhandlers.push(Some(f));
        *errhandler = FIRST_ERRHANDLER + vp.user_errhandlers.len() as c_int - 1;
        Ok(())
    })
}

/// `MPI_Errhandler_free`: communicators using the handler keep it;
/// `*errhandler` becomes `MPI_ERRHANDLER_NULL`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Errhandler_free(errhandler: *mut c_int) -> c_int {
    entry("MPI_Errhandler_free", MPI_COMM_WORLD, |vp| {
        let errhandler = out(errhandler, "errhandler")?;
        let h = *errhandler;
        if !vp.is_errhandler(h) {
            return Err(Fail::new(ERR_ARG, format!("{h} is not an error handler")));
        }
        *errhandler = MPI_ERRHANDLER_NULL;
        Ok(())
    })
}

/// `MPI_Comm_call_errhandler`: applies `comm`'s handler to `errorcode` as
/// a failed call would (and returns `MPI_SUCCESS` if it returns).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_call_errhandler(
    comm: c_int,
    errorcode: c_int,
) -> c_int {
    raise("MPI_Comm_call_errhandler", comm, errorcode, |_| {
        comm_of(comm).map(drop)
    })
}

/// `MPI_Win_call_errhandler`: `MPI_Comm_call_errhandler` for window `win`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Win_call_errhandler(
    win: c_int,
    errorcode: c_int,
) -> c_int {
    raise("MPI_Win_call_errhandler", win_key(win), errorcode, |vp| {
        win_of(vp, win).map(drop)
    })
}

/// `MPI_File_call_errhandler`: `MPI_Comm_call_errhandler` for file `fh`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_File_call_errhandler(
    fh: c_int,
    errorcode: c_int,
) -> c_int {
    raise("MPI_File_call_errhandler", file_key(fh), errorcode, |vp| {
        file_of(vp, fh).map(drop)
    })
}

/// Applies the handler of error handler key `key` (a communicator's, a
/// window's or a file's, whose handle `valid` checks) to `errorcode`.
fn raise(
    call: &'static str,
    key: c_int,
    errorcode: c_int,
    valid: impl FnOnce(&mut Vp) -> Result<(), Fail>,
) -> c_int {
    let mut handler = None;
    let rc = entry(call, key, |vp| {
        valid(vp)?;
        if !ERROR_CLASSES.iter().any(|c| c.1 == errorcode) && user_code(vp, errorcode).is_none() {
            return Err(Fail::new(
                ERR_ARG,
                format!("{errorcode} is not an error code"),
            ));
        }
        match vp.errhandler(key) {
            MPI_ERRORS_RETURN => Ok(()),
            MPI_ERRORS_ARE_FATAL => Err(Fail::new(errorcode, "raised by the program")),
            h => {
                handler = vp.user_errhandler(h);
                Ok(())
            }
        }
    });
    if let Some(h) = handler {
        call_errhandler(h, key, errorcode);
    }
    rc
}

/// `MPI_Error_string` (allowed at any time).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Error_string(
    code: c_int,
    string: *mut c_char,
    resultlen: *mut c_int,
) -> c_int {
    entry_in("MPI_Error_string", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let len = out(resultlen, "resultlen")?;
        if string.is_null() {
            return Err(Fail::new(ERR_ARG, "string is a null pointer"));
        }
        let text = match user_code(vp, code) {
            Some((_, text)) => text.clone(),
            None => {
                let (name, _, what) = ERROR_CLASSES
                    .iter()
                    .find(|c| c.1 == code)
                    .ok_or_else(|| Fail::new(ERR_ARG, format!("{code} is not an error code")))?;
                let mut text = format!("{name}: {what}");
                if let Some(last) = vp.last_error.get(&code) {
                    text += &format!(" ({last})");
                }
                text
            }
        };
        let max = MPI_MAX_ERROR_STRING as usize - 1;
        let mut bytes = text.into_bytes();
        bytes.truncate(max);
        // SAFETY: MPI's rule: `string` has room for MPI_MAX_ERROR_STRING bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr().cast(), string, bytes.len());
            *string.add(bytes.len()) = 0;
        }
        *len = bytes.len() as c_int;
        Ok(())
    })
}

/// `MPI_Error_class`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Error_class(
    code: c_int,
    class: *mut c_int,
) -> c_int {
    entry_in("MPI_Error_class", MPI_COMM_WORLD, Phase::ANY, |vp| {
        let class = out(class, "errorclass")?;
        *class = match user_code(vp, code) {
            Some(&(c, _)) => c,
            None if ERROR_CLASSES.iter().any(|c| c.1 == code) => code,
            None => return Err(Fail::new(ERR_ARG, format!("{code} is not an error code"))),
        };
        Ok(())
    })
}

/// The first code `MPI_Add_error_class` and `MPI_Add_error_code` give.
const FIRST_USER_CODE: c_int = MPI_ERR_LASTCODE + 1;

/// The class and string of the program's error code `code`, if it is one.
fn user_code(vp: &Vp, code: c_int) -> Option<&(c_int, String)> {
    usize::try_from(code - FIRST_USER_CODE)
        .ok()
        .and_then(|i| vp.user_codes.get(i))
}

/// The largest error code: `MPI_ERR_LASTCODE`, or the last one the rank
/// added (`MPI_LASTUSEDCODE`).
pub(crate) fn last_used_code(vp: &Vp) -> c_int {
    FIRST_USER_CODE + vp.user_codes.len() as c_int - 1
}

/// Adds an error code of class `class` (`None`: a new class, its own).
fn add_code(vp: &mut Vp, class: Option<c_int>) -> c_int {
    let code = FIRST_USER_CODE + vp.user_codes.len() as c_int;
    vp.user_codes.push((class.unwrap_or(code), String::new()));
    code
}

/// `MPI_Add_error_class`: a new error class (with the empty string).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Add_error_class(errorclass: *mut c_int) -> c_int {
    entry("MPI_Add_error_class", MPI_COMM_WORLD, |vp| {
        let errorclass = out(errorclass, "errorclass")?;
        *errorclass = add_code(vp, None);
        Ok(())
    })
}

/// `MPI_Add_error_code`: a new error code of class `errorclass` (a
/// predefined class or one of `MPI_Add_error_class`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Add_error_code(
    errorclass: c_int,
    errorcode: *mut c_int,
) -> c_int {
    entry("MPI_Add_error_code", MPI_COMM_WORLD, |vp| {
        let errorcode = out(errorcode, "errorcode")?;
        let predefined = ERROR_CLASSES.iter().any(|c| c.1 == errorclass);
        let added = user_code(vp, errorclass).is_some_and(|&(c, _)| c == errorclass);
        if !(predefined || added) {
            return Err(Fail::new(
                ERR_ARG,
                format!("{errorclass} is not an error class"),
            ));
        }
        *errorcode = add_code(vp, Some(errorclass));
        Ok(())
    })
}

/// `MPI_Add_error_string`: what `MPI_Error_string` says of the program's
/// error code (or class) `errorcode`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Add_error_string(
    errorcode: c_int,
    string: *const c_char,
) -> c_int {
    entry("MPI_Add_error_string", MPI_COMM_WORLD, |vp| {
        if string.is_null() {
            return Err(Fail::new(ERR_ARG, "string is a null pointer"));
        }
        // SAFETY: the program passes a NUL-terminated string (checked non-null).
        let text = unsafe { std::ffi::CStr::from_ptr(string) }.to_string_lossy();
        let max = MPI_MAX_ERROR_STRING as usize - 1;
        let text: String = text.chars().take(max).collect();
        let i = usize::try_from(errorcode - FIRST_USER_CODE)
            .ok()
            .filter(|&i| i < vp.user_codes.len())
            .ok_or_else(|| {
                Fail::new(
                    ERR_ARG,
                    format!(
                        "{errorcode} is not a code of MPI_Add_error_code or MPI_Add_error_class"
                    ),
                )
            })?;
        vp.user_codes[i].1 = text;
        Ok(())
    })
}
