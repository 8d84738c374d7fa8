#!/usr/bin/env python3
"""Prints the markdown tables of docs/validation-bgl.md and
docs/benchmarks/torus.md from the JSON files that
scripts/torus-validation.sh wrote (default directory: bench-out/torus)."""
import json
import sys
from pathlib import Path

d = Path(sys.argv[1] if len(sys.argv) > 1 else "bench-out/torus")


def load(name):
    p = d / f"{name}.json"
    return json.loads(p.read_text()) if p.exists() else None


def ms(s):
    return f"{s * 1e3:.2f}"


def pct(f):
    return f"{f * 100:.1f}%"


print("### Ideal mapping, one cell per node (sequential engine)\n")
print("| nodes | packets | flush (ms) | utilization | escapes | events | wall (s) | events/s | peak RSS |")
print("|---|---|---|---|---|---|---|---|---|")
for dims in ["16x16x16", "32x16x16", "32x32x16", "32x32x32", "64x32x32"]:
    j = load(f"ideal-{dims}")
    if j:
        print(f"| {j['nodes']:,} ({dims}) | {j['packets']:,} | {ms(j['flush_time_s'])} | "
              f"{pct(j['bandwidth_utilization'])} | {pct(j['escape_fraction'])} | {j['events']:,} | "
              f"{j['wall_s']:.1f} | {j['events_per_s'] / 1e6:.2f} M | {j['peak_rss_bytes'] / 2**20:.0f} MiB |")

print("\n### Engines (same figures, same checksum)\n")
print("| run | sync | PEs | events | wall (s) | events/s | efficiency | checksum |")
print("|---|---|---|---|---|---|---|---|")
for name in ["ideal-16x16x16", "ideal-16x16x16-opt2", "ideal-16x16x16-cons2", "random-8x8x8", "random-8x8x8-opt2"]:
    j = load(name)
    if j:
        print(f"| {name} | {j['sync']} | {j['pes']} | {j['events']:,} | {j['wall_s']:.2f} | "
              f"{j['events_per_s'] / 1e6:.2f} M | {j['efficiency']:.3f} | `{j['checksum']}` |")

print("\n### Best (ideal) vs random mapping\n")
paper = {"4x4x4": ("13", "58%"), "8x8x8": ("25", "54%")}
print("| nodes | mapping | flush (ms) | paper (ms) | utilization | paper | escapes | avg transit (us) | avg hops |")
print("|---|---|---|---|---|---|---|---|---|")
for dims in ["4x4x4", "8x8x8"]:
    for kind in ["ideal-small", "random"]:
        j = load(f"{kind}-{dims}")
        if j:
            pf, pu = paper[dims] if kind == "random" else ("3", "81-82%")
            print(f"| {j['nodes']} | {j['mapping']} | {ms(j['flush_time_s'])} | {pf} | "
                  f"{pct(j['bandwidth_utilization'])} | {pu} | {pct(j['escape_fraction'])} | "
                  f"{j['avg_transit_s'] * 1e6:.1f} | {j['avg_hops']:.2f} |")

print("\n### Throttling, 512 nodes, random mapping (paper Table 1 beside)\n")
table1 = {0: (24.9, "10.2%", 85.6, "54.1%"), 3: (24.4, "9.7%", 81.4, "55.1%"),
          6: (25.0, "8.9%", 74.3, "53.8%"), 9: (24.2, "3.6%", 33.5, "55.8%"),
          10: (21.5, "0.5%", 10.9, "62.8%"), 11: (23.6, "0%", 7.4, "57.1%")}
print("| delay (us) | flush (ms) | escapes | avg transit (us) | utilization | paper flush | paper escapes | paper transit | paper util. |")
print("|---|---|---|---|---|---|---|---|---|")
for us in range(12):
    j = load(f"throttle-{us}")
    if j:
        p = table1.get(us)
        ps = f"{p[0]} | {p[1]} | {p[2]} | {p[3]}" if p else "| | |"
        print(f"| {us} | {ms(j['flush_time_s'])} | {pct(j['escape_fraction'])} | "
              f"{j['avg_transit_s'] * 1e6:.1f} | {pct(j['bandwidth_utilization'])} | {ps} |")

print("\n### Fixed total problem, 3.2e7 atoms\n")
print("| nodes | atoms/node | compute (s) | comm. ideal (ms) | comm. random (ms) | random/ideal |")
print("|---|---|---|---|---|---|")
for dims in ["2x2x2", "4x2x2", "4x4x2", "4x4x4", "8x4x4", "8x8x4", "8x8x8"]:
    r, i = load(f"fixed-random-{dims}"), load(f"fixed-ideal-{dims}")
    if r and i:
        atoms = 32_000_000 // r["nodes"]
        print(f"| {r['nodes']} | {atoms:,} | {r['compute_time_s']:.3f} | {ms(i['flush_time_s'])} | "
              f"{ms(r['flush_time_s'])} | {r['flush_time_s'] / i['flush_time_s']:.2f} |")

print("\n### Aggregated mode (16-packet trains) vs per-packet\n")
print("| nodes | mapping | per-packet wall (s) | aggregated wall (s) | speed-up | flush ratio | utilization ratio |")
print("|---|---|---|---|---|---|---|")
for name in ["random-4x4x4", "random-8x8x8", "agg-ideal-16x16x16", "agg-random-16x16x16"]:
    j = load(name)
    if j and j.get("aggregate_comparison"):
        a = j["aggregate_comparison"]
        print(f"| {j['nodes']} | {j['mapping']} | {j['wall_s']:.2f} | {a['wall_s']:.2f} | {a['speedup']:.1f}x | "
              f"{a['flush_time_ratio']:.4f} | {a['utilization_ratio']:.4f} |")

print("\n### Virtual-channel buffer size, 512 nodes, random mapping\n")
print("| VC buffer (packets) | flush (ms) | escapes (packets) | escapes (hops) | avg transit (us) | utilization |")
print("|---|---|---|---|---|---|")
for v, name in [(4, "random-8x8x8"), (8, "vc-8"), (16, "vc-16"), (32, "vc-32")]:
    j = load(name)
    if j:
        print(f"| {v} | {ms(j['flush_time_s'])} | {pct(j['escape_fraction'])} | {pct(j['escape_hop_fraction'])} | "
              f"{j['avg_transit_s'] * 1e6:.1f} | {pct(j['bandwidth_utilization'])} |")
