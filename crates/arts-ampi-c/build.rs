//! The crate's own test binaries load C programs that call back into the
//! functions `exports.list` names: export those symbols from them (as
//! `arts-cli`'s build script does for the `arts` binary).

fn main() {
    let list = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports.list");
    println!(
        "cargo:rustc-link-arg-tests=-Wl,--dynamic-list={}",
        list.display()
    );
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", list.display());
}
