#!/usr/bin/env python3
"""Turns sluice-opt output into FileCheck lines for a lit test.

Reads printed IR on stdin (one or more `// -----` separated modules) and
writes CHECK lines to stdout: one CHECK-LABEL per function-like op, then every
line of its body. SSA values become FileCheck variables named after the
printed name (defined at their first occurrence), constants (`%c<N>...`,
`%cst...`, `%true`, `%false`) stay literal and their definitions are skipped,
so the checks do not depend on constant order. The output is a starting
point: review it against the spec before committing.
"""
import re
import sys

SSA = re.compile(r"%([A-Za-z_][A-Za-z0-9_$.]*|[0-9]+)")
CONST_NAME = re.compile(r"^(c[0-9].*|c_?[0-9]*_?i[0-9]+|cst.*|true|false|c[0-9]+_i[0-9]+)$")
FUNC = re.compile(r"^(util\.func|func\.func|util\.initializer|stream\.async\.func)\b")


def var_name(name):
    if name.isdigit():
        return "V" + name
    return re.sub(r"[^A-Za-z0-9_]", "_", name).upper()


def definition_spans(line):
    """Start offsets of SSA tokens that this line defines."""
    starts = set()
    head = re.match(r"^((?:%[A-Za-z0-9_]+(?::[0-9]+)?(?:, )?)+) = ", line)
    if head:
        for m in SSA.finditer(head.group(1)):
            starts.add(m.start())
    for pattern in (r"as (%[A-Za-z0-9_]+):", r"(%[A-Za-z0-9_]+) = ",
                    r"[(,] ?(%[A-Za-z0-9_]+): "):
        for m in re.finditer(pattern, line):
            starts.add(m.start(1))
    return starts


def convert(line, defined, used_names):
    out = []
    pos = 0
    defs = definition_spans(line)
    for m in SSA.finditer(line):
        out.append(line[pos:m.start()])
        name = m.group(1)
        if CONST_NAME.match(name):
            out.append("%" + name)
        elif m.start() not in defs and name in defined:
            out.append("%[[" + defined[name] + "]]")
        else:
            v = var_name(name)
            n = used_names.get(v, 0)
            used_names[v] = n + 1
            if n:
                v = "%s_%d" % (v, n)
            defined[name] = v
            out.append("%[[" + v + ":[a-zA-Z0-9_]+]]")
        pos = m.end()
    out.append(line[pos:])
    return "".join(out)


def main():
    lines = sys.stdin.read().splitlines()
    defined = {}
    used_names = {}
    prev_emitted = False
    depth = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if line.startswith("// -----"):
            print("\n// -----\n")
            prev_emitted = False
            continue
        if line == "module {" or (line == "}" and raw.startswith("}")):
            continue
        if FUNC.match(line):
            defined = {}
            used_names = {}
            label = re.search(r"@[A-Za-z0-9_$.]+", line)
            print("// CHECK-LABEL: " + (label.group(0) if label else line.split()[0]))
            print("// CHECK-SAME: " + convert(line[line.find("("):], defined, used_names)) if "(" in line else None
            prev_emitted = True
            continue
        m = re.match(r"^%([A-Za-z0-9_]+) = arith\.constant", line)
        if m and CONST_NAME.match(m.group(1)):
            prev_emitted = False
            continue
        directive = "CHECK-NEXT" if prev_emitted else "CHECK"
        print("// " + directive + ": " + convert(line, defined, used_names))
        prev_emitted = True


if __name__ == "__main__":
    main()
