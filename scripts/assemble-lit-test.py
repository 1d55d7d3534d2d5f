#!/usr/bin/env python3
"""Assembles a lit test from an input file and the tool's output on it.

usage: assemble-lit-test.py INPUT OUTPUT RUN-LINE > test.mlir

INPUT and OUTPUT are `// -----` separated; split i of OUTPUT is the result of
split i of INPUT. Each split of the test is the input's leading comment
block, the CHECK lines generated from the output by gen-checks.py, then the
input code. Review the result before committing it.
"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def splits(text):
    return [s.strip("\n") for s in text.split("// -----")]


def main():
    inp, outp, run = sys.argv[1], sys.argv[2], sys.argv[3]
    ins = splits(open(inp).read())
    outs = splits(open(outp).read())
    if len(ins) != len(outs):
        sys.exit("split count mismatch: %d vs %d" % (len(ins), len(outs)))
    parts = []
    for i, o in zip(ins, outs):
        checks = subprocess.run([sys.executable, os.path.join(here, "gen-checks.py")],
                                input=o, capture_output=True, text=True, check=True).stdout.strip("\n")
        lines = i.split("\n")
        head = []
        while lines and (lines[0].startswith("//") or not lines[0].strip()):
            head.append(lines.pop(0))
        while head and not head[-1].strip():
            head.pop()
        chunk = "\n".join(head + ([""] if head else []) + [checks, ""] + lines)
        parts.append(chunk)
    print("// REQUIRES: sluice-opt\n" + run + "\n\n" + "\n\n// -----\n\n".join(parts))


if __name__ == "__main__":
    main()
