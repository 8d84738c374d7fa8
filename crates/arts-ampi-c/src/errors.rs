//! `MPI_Error_string` and `MPI_Error_class`. Codes are classes; the string
//! of a class adds the last message this rank got of that class (which
//! names the call and the rank).

use std::ffi::{c_char, c_int};

use crate::abi::*;
use crate::state::{Fail, Phase, entry_in, out};

/// `MPI_Error_string` (allowed at any time).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Error_string(
    code: c_int,
    string: *mut c_char,
    resultlen: *mut c_int,
) -> c_int {
    let all = &[Phase::Before, Phase::Running, Phase::After];
    entry_in("MPI_Error_string", MPI_COMM_WORLD, all, |vp| {
        let len = out(resultlen, "resultlen")?;
        if string.is_null() {
            return Err(Fail::new(ERR_ARG, "string is a null pointer"));
        }
        let (name, _, what) = ERROR_CLASSES
            .iter()
            .find(|c| c.1 == code)
            .ok_or_else(|| Fail::new(ERR_ARG, format!("{code} is not an error code")))?;
        let mut text = format!("{name}: {what}");
        if let Some(last) = vp.last_error.get(&code) {
            text += &format!(" ({last})");
        }
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
pub unsafe extern "C-unwind" fn ARTS_MPI_Error_class(code: c_int, class: *mut c_int) -> c_int {
    let all = &[Phase::Before, Phase::Running, Phase::After];
    entry_in("MPI_Error_class", MPI_COMM_WORLD, all, |_| {
        let class = out(class, "errorclass")?;
        if !ERROR_CLASSES.iter().any(|c| c.1 == code) {
            return Err(Fail::new(ERR_ARG, format!("{code} is not an error code")));
        }
        *class = code;
        Ok(())
    })
}
