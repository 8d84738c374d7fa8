//! The send and receive buffers of every call: contiguous data is sent
//! and received in place, derived datatypes are packed into (and unpacked
//! from) contiguous bytes.

use std::borrow::Cow;
use std::ffi::c_void;

use crate::abi::*;
use crate::state::fail::Fail;
use crate::types::layout::TypeInfo;

/// The bytes of `count` elements of `t` at `buf` (packed if not contiguous).
pub(crate) fn send_bytes<'a>(
    buf: *const c_void,
    count: usize,
    t: &TypeInfo,
) -> Result<Cow<'a, [u8]>, Fail> {
    if count == 0 || t.size == 0 {
        return Ok(Cow::Borrowed(&[]));
    }
    null_ok(buf, t)?;
    let len = byte_len(count, t)?;
    if t.is_contiguous() {
        // SAFETY: the program passes `count` elements of `t` at `buf`.
        Ok(Cow::Borrowed(unsafe {
            std::slice::from_raw_parts(buf.cast(), len)
        }))
    } else {
        // SAFETY: as above.
        Ok(Cow::Owned(unsafe { t.pack(buf.cast(), count) }))
    }
}

/// Refuses a null `buf` unless `t`'s data lies at absolute addresses
/// (the buffer is then `MPI_BOTTOM`).
pub(crate) fn null_ok(buf: *const c_void, t: &TypeInfo) -> Result<(), Fail> {
    if buf.is_null() && !t.at_absolute_addresses() {
        return Err(Fail::new(
            ERR_BUFFER,
            "the buffer is a null pointer (MPI_BOTTOM needs a datatype of absolute addresses)",
        ));
    }
    Ok(())
}

/// Bytes of `count` elements of `t` (refused when it overflows).
pub(crate) fn byte_len(count: usize, t: &TypeInfo) -> Result<usize, Fail> {
    count
        .checked_mul(t.size)
        .filter(|&n| n <= isize::MAX as usize)
        .ok_or_else(|| {
            Fail::new(
                ERR_COUNT,
                format!("{count} elements of {} bytes do not fit in memory", t.size),
            )
        })
}

/// Where a receive writes: the user's buffer itself when the type is
/// contiguous, else a packed buffer unpacked into it at the end.
pub(crate) struct RecvBuf {
    tmp: Vec<u8>,
    ptr: *mut u8,
    len: usize,
    unpack: Option<(TypeInfo, *mut u8)>,
}

impl RecvBuf {
    /// The target of `count` elements of `t` at `buf`.
    pub(crate) fn new(buf: *mut c_void, count: usize, t: &TypeInfo) -> Result<RecvBuf, Fail> {
        let len = byte_len(count, t)?;
        if len > 0 {
            null_ok(buf, t)?;
        }
        if len == 0 || t.is_contiguous() {
            return Ok(RecvBuf {
                tmp: Vec::new(),
                ptr: buf.cast(),
                len,
                unpack: None,
            });
        }
        let mut tmp = vec![0u8; len];
        Ok(RecvBuf {
            ptr: tmp.as_mut_ptr(),
            tmp,
            len,
            unpack: Some((t.clone(), buf.cast())),
        })
    }

    /// A packed buffer of `len` bytes (for collectives that place parts themselves).
    pub(crate) fn scratch(len: usize) -> RecvBuf {
        let mut tmp = vec![0u8; len];
        RecvBuf {
            ptr: tmp.as_mut_ptr(),
            tmp,
            len,
            unpack: None,
        }
    }

    /// The bytes to receive into. They stay valid while `self` lives (a
    /// `Vec`'s heap block does not move when the `Vec` does).
    pub(crate) fn slice(&mut self) -> &'static mut [u8] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: `ptr` is the user's buffer of `len` bytes (valid until the
        // receive completes, as MPI requires) or our own `tmp`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// Bytes to receive.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether the receive writes straight into the user's buffer.
    pub(crate) fn direct(&self) -> bool {
        self.unpack.is_none() && self.tmp.is_empty()
    }

    /// The packed bytes (scratch buffers).
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.tmp
    }

    /// Unpacks the first `bytes` received bytes into the user's buffer.
    pub(crate) fn finish(self, bytes: usize) {
        if let Some((t, dest)) = &self.unpack {
            // SAFETY: the user's buffer holds `count` elements of `t`, and
            // `bytes` is at most their packed size.
            unsafe { t.unpack(&self.tmp[..bytes.min(self.len)], *dest) };
        }
    }
}
