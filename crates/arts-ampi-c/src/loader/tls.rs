//! A rank's thread-local variables (`__thread`, `thread_local`, OpenMP's
//! `threadprivate`) go with it from PE to PE.
//!
//! Each rank's copy of the program is a module of its own for the C
//! library's thread-local storage, so its variables are the rank's own; but
//! the storage is per thread, and a rank moved to another PE thread would
//! find there its variables as the program initialized them. Under
//! `mpirun` a rank is a process and its thread never changes. So after
//! every suspension of the rank (`arts_ampi::Switch`), [`RankTls`]
//! checks the thread, and on a new one copies the variables from the block
//! of the thread the rank ran on (PE threads live as long as the run, and
//! only the rank's own code touches its module's blocks).
//!
//! Copies in isomalloc slots have no module of their own: a program with
//! thread-local variables is refused there (`super::image`).

use std::ffi::c_void;

/// glibc's `tls_index`: a module and an offset in its block.
#[repr(C)]
struct TlsIndex {
    module: usize,
    offset: usize,
}

unsafe extern "C" {
    /// The address of `offset` in `module`'s block of the calling thread,
    /// allocated (and initialized from the module's image) if need be.
    fn __tls_get_addr(index: *const TlsIndex) -> *mut c_void;
}

thread_local! {
    /// A byte whose address tells the threads apart.
    static MARKER: u8 = const { 0 };
}

/// The calling thread, as an address unique among live threads.
fn this_thread() -> usize {
    MARKER.with(|m| std::ptr::from_ref(m) as usize)
}

/// The thread-local module of one rank's copy of the program, and where
/// its variables are now.
pub(crate) struct RankTls {
    module: usize,
    /// The block's size (the module's `PT_TLS` memory size).
    size: usize,
    /// The thread the rank last ran on, and its block there.
    thread: usize,
    block: *mut u8,
}

impl RankTls {
    /// The module of the loaded object `handle` (`None` when it has no
    /// thread-local variables), its block on the calling thread.
    pub(crate) fn of(handle: *mut c_void) -> Option<RankTls> {
        let mut module: usize = 0;
        // SAFETY: `handle` is a live dlopen handle; the request writes a size_t.
        let ok = unsafe {
            libc::dlinfo(
                handle,
                libc::RTLD_DI_TLS_MODID,
                std::ptr::from_mut(&mut module).cast(),
            )
        };
        if ok != 0 || module == 0 {
            return None;
        }
        let size = tls_size(module)?;
        Some(RankTls {
            module,
            size,
            thread: this_thread(),
            block: block(module),
        })
    }

    /// After a suspension: on another thread, the rank's variables are
    /// copied there from the block of the thread it ran on.
    pub(crate) fn follow(&mut self) {
        let here = this_thread();
        if here == self.thread {
            return;
        }
        let block = block(self.module);
        // SAFETY: both blocks are `size` bytes of this module, the old one
        // in a PE thread that is still alive; no other code uses them now.
        unsafe { std::ptr::copy_nonoverlapping(self.block, block, self.size) };
        self.thread = here;
        self.block = block;
    }
}

/// `module`'s block on the calling thread.
fn block(module: usize) -> *mut u8 {
    let index = TlsIndex { module, offset: 0 };
    // SAFETY: `module` is a loaded object's thread-local module.
    unsafe { __tls_get_addr(&index) }.cast()
}

/// The `PT_TLS` memory size of the loaded object whose module is `module`.
fn tls_size(module: usize) -> Option<usize> {
    struct Found {
        module: usize,
        size: Option<usize>,
    }
    unsafe extern "C" fn visit(
        info: *mut libc::dl_phdr_info,
        _size: usize,
        data: *mut c_void,
    ) -> libc::c_int {
        // SAFETY: the loader passes a valid `info`; `data` is our `Found`.
        let (info, found) = unsafe { (&*info, &mut *data.cast::<Found>()) };
        if info.dlpi_tls_modid != found.module {
            return 0;
        }
        // SAFETY: `dlpi_phdr` holds `dlpi_phnum` program headers.
        let headers = unsafe { std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum.into()) };
        found.size = headers
            .iter()
            .find(|h| h.p_type == libc::PT_TLS)
            .map(|h| h.p_memsz as usize);
        1
    }
    let mut found = Found { module, size: None };
    // SAFETY: `visit` only reads the headers and writes `found`.
    unsafe { libc::dl_iterate_phdr(Some(visit), std::ptr::from_mut(&mut found).cast()) };
    found.size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_told_apart() {
        let here = this_thread();
        let there = std::thread::spawn(this_thread).join().unwrap();
        assert_eq!(here, this_thread());
        assert_ne!(here, there);
    }
}
