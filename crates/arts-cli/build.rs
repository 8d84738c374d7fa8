//! Exports the C ABI of arts-ampi-c (`ARTS_*` functions) from the `arts`
//! binary, so that C programs loaded by `arts ampi run ./prog.so` resolve
//! their MPI calls against it. Only those symbols are exported (not the
//! whole binary's, as `-rdynamic` would), and the binary references
//! `arts_ampi_c::EXPORTS`, so the linker keeps every one of them. The test
//! binaries load C programs too.

fn main() {
    for kind in ["bins", "tests"] {
        println!(
            "cargo:rustc-link-arg-{kind}=-Wl,--export-dynamic-symbol=ARTS_*,--export-dynamic-symbol=__wrap_calloc"
        );
    }
    println!("cargo:rerun-if-changed=build.rs");
}
