//! Ping-pong latency between two elements: `cargo run --release -p arts-apps
//! --example pingpong -- [same|cross] [round_trips]`.

use arts_core::Config;
use arts_experiments::microbench::pingpong_ns;

fn main() {
    let mut args = std::env::args().skip(1);
    let same = args.next().as_deref() != Some("cross");
    let n: u32 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let config = Config {
        pes: if same { 1 } else { 2 },
        ..Config::default()
    };
    let ns = pingpong_ns(&config, same, n).expect("ping-pong runs");
    println!(
        "{} one-way: {ns:.1} ns",
        if same { "same-PE" } else { "cross-PE" }
    );
}
