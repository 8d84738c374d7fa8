#!/usr/bin/env python3
"""Fails when a crate of the workspace depends on a crate of a higher layer.

The layers, bottom up (ARCHITECTURE.md draws them):
  0 util         arts-util: depends on no arts crate
  1 runtime      the runtimes and their libraries; may depend on each other
  2 apps         arts-apps: the applications on the runtimes
  3 experiments  arts-experiments: the papers' studies and the benchmarks
  4 cli          arts-cli: the binary
Every dependency kind counts (normal, build and dev): an example or a test
of a runtime crate may not pull an app in either.

  check-layers.py              reads `cargo metadata` of this workspace
  check-layers.py --self-test  also checks that an edge added back fails
"""
import json
import subprocess
import sys

LAYERS = {
    "arts-util": 0,
    "arts-apps": 2,
    "arts-experiments": 3,
    "arts-cli": 4,
}
RUNTIME = 1
NAMES = ["util", "runtime", "apps", "experiments", "cli"]


def layer(name):
    return LAYERS.get(name, RUNTIME)


def violations(metadata):
    """(crate, dependency, why) for every edge that runs up or sideways."""
    members = {p["name"] for p in metadata["packages"]}
    bad = []
    for p in metadata["packages"]:
        mine = layer(p["name"])
        for d in p["dependencies"]:
            dep = d["name"]
            if dep not in members or dep == p["name"]:
                continue
            theirs = layer(dep)
            if theirs > mine or (theirs == mine and mine != RUNTIME):
                kind = d.get("kind") or "normal"
                bad.append((p["name"], dep, f"{NAMES[mine]} -> {NAMES[theirs]}, {kind}"))
    return bad


def report(bad):
    for crate, dep, why in bad:
        print(f"error: {crate} depends on {dep} ({why}); a crate may depend only on lower layers "
              f"(util < runtime < apps < experiments < cli; runtimes on each other)", file=sys.stderr)


def main():
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"],
        check=True, capture_output=True, text=True,
    ).stdout
    metadata = json.loads(out)
    bad = violations(metadata)
    report(bad)
    if "--self-test" in sys.argv:
        for crate, dep in [("arts-ampi", "arts-apps"), ("arts-core", "arts-experiments"),
                           ("arts-util", "arts-core"), ("arts-apps", "arts-cli")]:
            tampered = json.loads(out)
            pkg = next(p for p in tampered["packages"] if p["name"] == crate)
            pkg["dependencies"].append({"name": dep, "kind": None})
            if not any(b[:2] == (crate, dep) for b in violations(tampered)):
                print(f"error: the layer check missed an added edge {crate} -> {dep}", file=sys.stderr)
                return 1
    if bad:
        return 1
    print(f"layers: {len(metadata['packages'])} crates, no dependency runs up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
