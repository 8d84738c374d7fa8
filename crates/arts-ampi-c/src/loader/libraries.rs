//! The shared libraries a program brings into the process.
//!
//! Each rank gets its own copy of the program, but the libraries the
//! program links (`-lfoo` against `libfoo.so`) are loaded once per process,
//! as any dependency is: the ranks of a process share their globals, where
//! under `mpirun` each rank has its own. [`loaded`] lists the process'
//! objects; the loader compares the lists before and after the first copy
//! is opened, and the run names the new ones that keep state of their own
//! (the language runtimes, C's, C++'s, Fortran's and OpenMP's, are left
//! out: they are the process' by design).

use std::ffi::{CStr, c_int, c_void};

/// The file names of the objects loaded in the process now.
pub(crate) fn loaded() -> Vec<String> {
    unsafe extern "C" fn each(info: *mut libc::dl_phdr_info, _: usize, data: *mut c_void) -> c_int {
        // SAFETY: the C library passes a valid entry, and `data` is the
        // vector below.
        let (info, names) = unsafe { (&*info, &mut *data.cast::<Vec<String>>()) };
        if !info.dlpi_name.is_null() {
            // SAFETY: a NUL-terminated name of the C library's.
            let name = unsafe { CStr::from_ptr(info.dlpi_name) };
            if !name.is_empty() {
                names.push(name.to_string_lossy().into_owned());
            }
        }
        0
    }
    let mut names: Vec<String> = Vec::new();
    // SAFETY: `each` only reads the entries and pushes onto `names`.
    unsafe { libc::dl_iterate_phdr(Some(each), std::ptr::from_mut(&mut names).cast()) };
    names
}

/// The libraries among `after` that were not in `before`, other than the
/// program `copy` itself and the language runtimes.
pub(crate) fn brought(before: &[String], after: &[String], copy: &std::path::Path) -> Vec<String> {
    const RUNTIMES: [&str; 12] = [
        "libc.",
        "libm.",
        "libmvec.",
        "libpthread.",
        "libdl.",
        "librt.",
        "ld-linux",
        "libstdc++.",
        "libgcc_s.",
        "libgfortran.",
        "libquadmath.",
        "libgomp.",
    ];
    after
        .iter()
        .filter(|name| !before.contains(name) && std::path::Path::new(name) != copy)
        .filter(|name| {
            let file = name.rsplit('/').next().unwrap_or(name);
            !RUNTIMES.iter().any(|r| file.starts_with(r))
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_libraries_but_the_runtimes_and_the_copy() {
        let before = vec!["/lib/libc.so.6".to_string()];
        let after: Vec<String> = [
            "/lib/libc.so.6",
            "/tmp/x/rank-0.so",
            "/usr/lib/libstdc++.so.6",
            "/opt/foo/libfoo.so",
            "/usr/lib/x86_64-linux-gnu/libopenblas.so.0",
        ]
        .map(String::from)
        .into();
        assert_eq!(
            brought(&before, &after, std::path::Path::new("/tmp/x/rank-0.so")),
            [
                "/opt/foo/libfoo.so",
                "/usr/lib/x86_64-linux-gnu/libopenblas.so.0"
            ]
        );
        assert!(loaded().iter().any(|n| n.contains("libc.so")));
    }
}
