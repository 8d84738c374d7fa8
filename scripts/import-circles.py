#!/usr/bin/env python3
"""Circles in a crate's import graph, file by file (issue 50's figure).

Usage: scripts/import-circles.py [--self-test] CRATE_SRC [...]

Reads every `crate::`/`super::` path in the crate's `.rs` files (tests
modules and `tests/` left out), resolves each to the file that defines
the module it names (`a/b.rs` or `a/b/mod.rs`; `lib.rs`, the re-export
hub, is left out), and prints each circle (a strongly connected set of
files) with the folders it spans. Exit 1 when a circle spans more than one
folder, else 0. `--self-test` first checks, on a small crate written to
a temporary folder, that a circle across two folders fails and one inside
a folder passes.
"""
import os
import re
import sys

PATH = re.compile(r"\b(crate|super)((?:::\w+)+)")
GROUP = re.compile(r"\buse\s+(crate|super)((?:::\w+)*)::\{([^;]*?)\};", re.S)


def module_of(src, rel):
    """The module path (list) of file `rel` under `src`."""
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return parts


def file_of(src, mod):
    """The file defining the longest existing prefix of module path `mod`."""
    best = None
    for i in range(1, len(mod) + 1):
        base = os.path.join(src, *mod[:i])
        for cand in (base + ".rs", os.path.join(base, "mod.rs")):
            if os.path.isfile(cand):
                best = os.path.relpath(cand, src)
                break
        else:
            break
    return best


def strip_tests(text):
    """The code before a `#[cfg(test)] mod tests` block, comments left out
    (doc comments name paths that are links, not imports)."""
    m = re.search(r"#\[cfg\(test\)\]\s*mod\s+tests", text)
    text = text[: m.start()] if m else text
    return re.sub(r"//[^\n]*", "", text)


def edges(src):
    graph = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)
            if rel == "lib.rs" or rel.startswith("bin/"):
                continue
            text = strip_tests(open(os.path.join(src, rel)).read())
            here = module_of(src, rel)
            paths = []
            for kind, prefix, body in GROUP.findall(text):
                for item in re.split(r",", re.sub(r"\{[^}]*\}", "", body)):
                    item = item.strip().split(" as ")[0]
                    if item and item != "self":
                        paths.append((kind, prefix + "::" + item))
            text = GROUP.sub("", text)
            paths += PATH.findall(text)
            out = graph.setdefault(rel, set())
            for kind, path in paths:
                names = [p for p in path.split("::") if p]
                if kind == "crate":
                    mod = names
                else:
                    # `super` is the parent of this file's module (`a/b.rs`
                    # and `a/b/mod.rs` are both module `a::b`: `super` = `a`).
                    base = here[:-1]
                    while names and names[0] == "super":
                        base, names = base[:-1], names[1:]
                    mod = base + names
                target = file_of(src, mod)
                if target and target != rel and target != "lib.rs":
                    out.add(target)
    return graph


def circles(graph):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return comps


def spans_folders(src):
    """Whether some circle in crate `src` spans more than one folder."""
    return any(
        len({os.path.dirname(f) or "." for f in comp}) > 1 for comp in circles(edges(src))
    )


def self_test():
    """A circle across two folders is found; one inside a folder is not
    counted against the crate."""
    import tempfile

    with tempfile.TemporaryDirectory() as src:
        os.makedirs(os.path.join(src, "net"))
        files = {
            "lib.rs": "mod a; mod b; mod net;",
            "a.rs": "use crate::b::B;",
            "b.rs": "use super::a::A;",
            "net/mod.rs": "pub mod wire;",
            "net/wire.rs": "use crate::a::A;\nuse super::frame::F;",
            "net/frame.rs": "use super::wire::W;",
        }
        for name, text in files.items():
            with open(os.path.join(src, name), "w") as f:
                f.write(text)
        assert ["net/frame.rs", "net/wire.rs"] in circles(edges(src)), "`super::` of a file missed"
        assert not spans_folders(src), "a circle inside one folder was counted"
        with open(os.path.join(src, "a.rs"), "a") as f:
            f.write("\nuse crate::net::wire::W;")
        assert spans_folders(src), "a circle across two folders was not found"
    print("import-circles self-test: ok")


def main():
    args = sys.argv[1:]
    if args[:1] == ["--self-test"]:
        self_test()
        args = args[1:]
    bad = False
    for src in args:
        for comp in circles(edges(src)):
            folders = sorted({os.path.dirname(f) or "." for f in comp})
            print(f"{src}: {len(comp)} files in folders {', '.join(folders)}: {' '.join(comp)}")
            bad |= len(folders) > 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
