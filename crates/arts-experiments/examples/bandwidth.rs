//! In-process bandwidth between two PEs: `cargo run --release -p arts-experiments --example bandwidth -- [serialize]`.
use arts_core::Config;
fn main() {
    let ser = std::env::args().nth(1).is_some();
    let cfg = Config {
        pes: 2,
        serialize_local: ser,
        ..Config::default()
    };
    for _ in 0..3 {
        let bw =
            arts_experiments::microbench::bandwidth_bytes_per_s(&cfg, 1 << 20, 100, true).unwrap();
        println!("1 MiB one-way {:.2} GB/s (serialize {ser})", bw / 1e9);
    }
}
