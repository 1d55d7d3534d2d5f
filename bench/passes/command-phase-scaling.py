#!/usr/bin/env python3
"""The 10k→100k CPU-time scaling of reuse-allocations and automatic-reference-counting (issue 18), in one table.

For each shape (generator level `async-alloc`, default chain and fanout) and size, the thread CPU time
(`sluice-opt --sluice-pass-cpu-time`, `--mlir-disable-threading --verify-each=0`) of:

  walk   `--sluice-bench-walk`: a read-only visit of the function body's ops (the floor of any pass that
         visits every op), on reference counting's input;
  arc    `--iree-stream-automatic-reference-counting` on the output of schedule-allocation;
  walk/r the same walk on reuse-allocations' input;
  reuse  `--iree-stream-reuse-allocations` on the output of schedule-allocation + reference counting;

each in up to four configurations: the heap in transparent huge pages (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`;
not a default of sluice-opt) or in 4 KiB pages (`hugetlb=0`), and warm (the pass runs right after the parse, as in
a real pipeline) or cold (`--sluice-evict-caches`: caches and TLBs evicted before the pass, at every size,
which separates the pass's own scaling from the cache cliff of a large IR). The runs are interleaved (one
repetition of every configuration, then the next) so that a change of machine load hits all of them alike;
the table shows the median of `--reps` and the 1k→10k and 10k→100k ratios of the medians. The rule of
docs/benchmarks-passes.md is 10k→100k ≤ 15.

Usage:
  command-phase-scaling.py [--opt build/bin/sluice-opt] [--reps 7] [--shapes chain,fanout]
      [--sizes 1000,10000,100000] [--heap thp,4k] [--cache warm,cold] [--passes walk,arc,walk/r,reuse]
"""
import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("run_pass_bench", os.path.join(HERE, "run-pass-bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

CPU_TIMING = re.compile(r"^sluice-pass-cpu-time: ([0-9.]+) (\S.*?)\s*$")
SCHEDULE = "--iree-stream-schedule-allocation"
ARC = "--iree-stream-automatic-reference-counting"
FUNC = "--pass-pipeline=builtin.module(util.func({}))"
# name -> (prepare flags, pass flags, pass name printed by --sluice-pass-cpu-time)
PASSES = {
    "walk": (SCHEDULE, [FUNC.format("sluice-bench-walk")], "BenchWalkPass"),
    "arc": (SCHEDULE, [ARC], "AutomaticReferenceCountingPass"),
    "walk/r": (f"{SCHEDULE} {ARC}", [FUNC.format("sluice-bench-walk")], "BenchWalkPass"),
    "reuse": (f"{SCHEDULE} {ARC}", [FUNC.format("iree-stream-reuse-allocations")], "ReuseAllocationsPass"),
}
HEAPS = {"thp": "glibc.malloc.hugetlb=1", "4k": "glibc.malloc.hugetlb=0"}


def run_once(args, flags, path, pass_name, heap, cache):
    env = dict(os.environ)
    env["GLIBC_TUNABLES"] = HEAPS[heap]
    cmd = ([args.opt, "--sluice-pass-cpu-time", "--mlir-disable-threading", "--verify-each=0"]
           + (["--sluice-evict-caches"] if cache == "cold" else []) + flags + [path, "-o", os.devnull])
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode:
        raise SystemExit(f"command-phase-scaling: `{' '.join(cmd)}` failed:\n{p.stderr[:2000]}")
    total, found = 0.0, False
    for line in p.stderr.splitlines():
        m = CPU_TIMING.match(line)
        if m and m.group(2) == pass_name:
            total += float(m.group(1))
            found = True
    if not found:
        raise SystemExit(f"command-phase-scaling: no CPU time of {pass_name} in:\n{p.stderr[:2000]}")
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default=os.path.join(bench.ROOT, "build", "bin", "sluice-opt"))
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--shapes", default="chain,fanout")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--heap", default="thp,4k", help="comma list of thp,4k")
    ap.add_argument("--cache", default="warm,cold", help="comma list of warm,cold")
    ap.add_argument("--passes", default="walk,arc,walk/r,reuse", help="comma list of " + ",".join(PASSES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workdir", default="/tmp/sluice-pass-bench")
    args = ap.parse_args()
    args.level = "async-alloc"
    sizes = [int(s) for s in args.sizes.split(",")]
    shapes, heaps, caches = args.shapes.split(","), args.heap.split(","), args.cache.split(",")
    passes = args.passes.split(",")

    # Programs: (pass, shape, size) -> (path, op count).
    programs = {}
    workdir = args.workdir
    for name in passes:
        prepare, _, _ = PASSES[name]
        args.prepare = prepare
        # run-pass-bench names a prepared program after the generated one only, so the two inputs (after
        # schedule-allocation, and after reference counting too) live in two directories.
        args.workdir = os.path.join(workdir, "after-arc" if ARC in prepare else "after-schedule")
        for shape in shapes:
            for size in sizes:
                programs[name, shape, size] = bench.program(args, shape, size, {})
    configs = [(name, shape, heap, cache) for shape in shapes for name in passes for heap in heaps
               for cache in caches]
    times = {}
    load_start = os.getloadavg()[0]
    for rep in range(args.reps):
        for name, shape, heap, cache in configs:
            for size in sizes:
                path, _ = programs[name, shape, size]
                _, flags, pass_name = PASSES[name]
                times.setdefault((name, shape, heap, cache, size), []).append(
                    run_once(args, flags, path, pass_name, heap, cache))
        print(f"repetition {rep + 1}/{args.reps} done, load {os.getloadavg()[0]:.1f}", file=sys.stderr,
              flush=True)
    load_end = os.getloadavg()[0]

    commit = subprocess.run(["git", "-C", bench.ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    counts = " / ".join(f"{shape} " + ", ".join(f"{programs[passes[0], shape, s][1]:,}" for s in sizes)
                        for shape in shapes)
    print(f"Thread CPU time of the pass, median of {args.reps} (ms); commit {commit}; "
          f"load {load_start:.1f} at start, {load_end:.1f} at end; ops: {counts}.")
    print()
    head = " | ".join(f"{s // 1000}k (ms)" if s >= 1000 else f"{s} (ms)" for s in sizes)
    ratios = " | ".join(f"{a // 1000}k→{b // 1000}k" for a, b in zip(sizes, sizes[1:]))
    print(f"| pass | shape | heap | caches | {head} | {ratios} |")
    print("|---|---|---|---|" + "---:|" * (len(sizes) * 2 - 1))
    for name, shape, heap, cache in configs:
        med = [statistics.median(times[name, shape, heap, cache, s]) * 1e3 for s in sizes]
        cells = " | ".join(f"{m:.3f}" if m < 1 else f"{m:.2f}" if m < 10 else f"{m:.1f}" for m in med)
        rs = " | ".join(f"{b / a:.1f}" if a > 0 else "—" for a, b in zip(med, med[1:]))
        print(f"| {name} | {shape} | {heap} | {cache} | {cells} | {rs} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
