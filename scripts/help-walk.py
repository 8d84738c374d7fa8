#!/usr/bin/env python3
"""Walk `arts --help` recursively; write every page to OUTDIR/<path>.txt.

Compare two builds: help-walk.py OLD_ARTS old/; help-walk.py NEW_ARTS new/; diff -r old new
"""
import os, re, subprocess, sys
binary, outdir = sys.argv[1], sys.argv[2]
os.makedirs(outdir, exist_ok=True)
def walk(path):
    r = subprocess.run([binary, *path, "--help"], capture_output=True, text=True)
    text = r.stdout + r.stderr
    name = "_".join(["arts", *path])
    open(os.path.join(outdir, name + ".txt"), "w").write(text)
    subs, on = [], False
    for line in text.splitlines():
        if line.startswith("Commands:"):
            on = True; continue
        if on:
            if not line.strip() or not line.startswith("  "):
                if line.strip() and not line.startswith(" "): on = False
                continue
            m = re.match(r"^  (\S+)", line)
            if m and m.group(1) != "help": subs.append(m.group(1))
    for s in subs: walk([*path, s])
walk([])
print(len(os.listdir(outdir)), "pages")
