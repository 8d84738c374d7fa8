//! Exports the C ABI of arts-ampi-c from the `arts` binary, so that C
//! programs loaded by `arts ampi run ./prog.so` resolve their MPI calls
//! against it: the symbols `crates/arts-ampi-c/exports.list` names, and only
//! those (not the whole binary's, as `-rdynamic` would). The binary
//! references `arts_ampi_c::EXPORTS`, so the linker keeps every one of
//! them. The test binaries load C programs too.

fn main() {
    let list = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../arts-ampi-c/exports.list");
    for kind in ["bins", "tests"] {
        println!(
            "cargo:rustc-link-arg-{kind}=-Wl,--dynamic-list={}",
            list.display()
        );
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", list.display());
}
