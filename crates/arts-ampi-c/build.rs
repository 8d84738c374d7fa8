//! The crate's own test binaries load C programs that call back into the
//! `ARTS_*` functions: export those symbols from them (as `arts-cli`'s
//! build script does for the `arts` binary).

fn main() {
    println!(
        "cargo:rustc-link-arg-tests=-Wl,--export-dynamic-symbol=ARTS_*,--export-dynamic-symbol=__wrap_calloc"
    );
    println!("cargo:rerun-if-changed=build.rs");
}
