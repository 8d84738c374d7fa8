//! Panics on PE threads: the runtime catches them inside entry methods
//! and reports each as one error naming the element.

/// Keeps the default panic message off for panics on PE threads: the
/// runtime catches them inside entry methods and reports each as one
/// error naming the element, which the default hook would repeat (set
/// `RUST_BACKTRACE` to see it anyway). Panics elsewhere print as usual.
pub fn quiet_pe_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let on_pe = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(PE_THREAD_PREFIX));
        if !on_pe || std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            default(info);
        }
    }));
}

/// The name of every PE thread starts with this (`runtime.rs` names them).
pub(crate) const PE_THREAD_PREFIX: &str = "arts-pe-";
