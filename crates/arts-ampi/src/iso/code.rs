//! Code that lives in a slot: a C rank's private copy of its program is
//! copied into its slot's heap, so that it moves with the rank. Its text
//! pages must be executable and its unwind table known to the unwinder (a
//! fatal MPI error unwinds through the program's frames) in whichever
//! process the slot is open. The slot's header keeps a [`Table`] of such
//! code; [`add`] records and activates an entry, [`Table::activate`] does it
//! again after the slot's bytes are restored elsewhere, and
//! [`Table::deactivate`] withdraws the unwind tables before the slot goes.

use std::ops::Range;

use super::region;

/// Most pieces of code one slot may hold.
const MAX: usize = 4;

// libgcc's registry of unwind tables that no loaded object describes (the
// unwinder Rust uses on Linux consults it before the loaded objects).
unsafe extern "C" {
    fn __register_frame(begin: *const u8);
    fn __deregister_frame(begin: *const u8);
}

/// One piece of code: its executable pages and its `.eh_frame`.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Piece {
    /// Page-aligned executable range.
    text: (usize, usize),
    /// Start of its `.eh_frame` section (0: none), ending with a zero
    /// terminator as a linked object's does.
    eh_frame: usize,
}

/// The code a slot holds (part of its header page, so it travels with it).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Table {
    len: usize,
    pieces: [Piece; MAX],
}

impl Table {
    fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.len.min(MAX)]
    }

    /// Makes every piece executable and registers its unwind table: after
    /// the slot's bytes were written back in this process.
    ///
    /// # Safety
    /// The slot holding this table is open here and its pieces' bytes are
    /// in place.
    pub(super) unsafe fn activate(&self) -> Result<(), String> {
        for (i, p) in self.pieces().iter().enumerate() {
            // SAFETY: the caller's contract: each piece lies in the open slot.
            if let Err(e) = unsafe { activate(p) } {
                // SAFETY: the pieces before this one were just activated.
                unsafe { deactivate(&self.pieces()[..i]) };
                return Err(e);
            }
        }
        Ok(())
    }

    /// Withdraws every piece's unwind table: before the slot is released.
    ///
    /// # Safety
    /// The table was activated in this process and the slot is still open.
    pub(super) unsafe fn deactivate(&self) {
        // SAFETY: the caller's contract.
        unsafe { deactivate(self.pieces()) };
    }
}

/// Withdraws the unwind tables of `pieces`.
///
/// # Safety
/// They were activated in this process and are still mapped.
unsafe fn deactivate(pieces: &[Piece]) {
    for p in pieces.iter().filter(|p| p.eh_frame != 0) {
        // SAFETY: the caller's contract.
        unsafe { __deregister_frame(p.eh_frame as *const u8) };
    }
}

/// Makes `p.text` read-only executable and registers `p.eh_frame`.
///
/// # Safety
/// The piece lies in an open slot of this process, its bytes in place.
unsafe fn activate(p: &Piece) -> Result<(), String> {
    let (at, end) = p.text;
    // SAFETY: a page-aligned range of the open slot (checked by `add`).
    let rc = unsafe {
        libc::mprotect(
            at as *mut libc::c_void,
            end - at,
            libc::PROT_READ | libc::PROT_EXEC,
        )
    };
    if rc != 0 {
        return Err(format!(
            "cannot make a rank's program code executable: {}",
            std::io::Error::last_os_error()
        ));
    }
    if p.eh_frame != 0 {
        // SAFETY: the caller's contract: a complete `.eh_frame` in place.
        unsafe { __register_frame(p.eh_frame as *const u8) };
    }
    Ok(())
}

/// Records code at `text` (page-aligned, within `slot`'s heap) with its
/// unwind table at `eh_frame` (0: none) in `table` (the slot's), and
/// activates it.
///
/// # Safety
/// `slot` is open here, `table` is its header's, and the code's bytes are
/// in place; they stay put until the slot is released.
pub(crate) unsafe fn add(
    table: &mut Table,
    slot: usize,
    text: Range<usize>,
    eh_frame: usize,
) -> Result<(), String> {
    let page = region::page();
    let inside = |a: usize| region::slot_of(a) == Some(slot);
    if !text.start.is_multiple_of(page)
        || !text.end.is_multiple_of(page)
        || text.is_empty()
        || !inside(text.start)
        || !inside(text.end - 1)
        || (eh_frame != 0 && !inside(eh_frame))
    {
        return Err(format!(
            "code at {:#x}..{:#x} is not whole pages of slot {slot}",
            text.start, text.end
        ));
    }
    if table.len >= MAX {
        return Err(format!("slot {slot} holds {MAX} pieces of code already"));
    }
    let piece = Piece {
        text: (text.start, text.end),
        eh_frame,
    };
    // SAFETY: the caller's contract.
    unsafe { activate(&piece)? };
    table.pieces[table.len] = piece;
    table.len += 1;
    Ok(())
}
