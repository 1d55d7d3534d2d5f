#!/usr/bin/env python3
"""Scaling benchmark of the whole stream pipeline on flow-level programs from gen-program.py.

Runs `sluice-opt --iree-stream-transformation-pipeline` on `gen-program.py --level flow` programs of every
shape and size when that pipeline runs in this build. While some of its passes are not registered (the
pipeline then refuses to run and names them), it falls back to the *staged* run: the same steps as five
sluice-opt runs chained through files (the tensor, async, cmd and optimization phase pipelines, then the
final cleanup + symbol-dce), summing their CPU times and taking the largest peak RSS. The output says which.

For each shape and size it reports the minimum over --reps of the CPU time (user + system, from wait4:
steady on a loaded machine), the wall time of that run, CPU µs per op, the peak RSS and the CPU ratio to
the previous size; a 10x size step whose CPU ratio exceeds --max-ratio (15) is reported as RATIO EXCEEDED
(and makes the exit status 1 with --check). With --phases it also prints the CPU time of every stage of
the staged run (in full mode it runs the staged chain as well, for these columns only) and the per-stage
CPU ratios of every 10x step.

The sizes of a shape take turns (one run of each per repetition, the minimum CPU kept per size): on a
shared machine the host's speed drifts by tens of percent within minutes, and both sizes of a ratio should
be measured under the same conditions.

Usage:
  run-pipeline-bench.py [--shapes chain,fanout,multidevice,hostsync,params] [--sizes 1000,10000,100000]
                        [--reps 1] [--mode auto|full|staged] [--opt build/bin/sluice-opt] [--phases]
                        [--markdown docs/benchmarks-passes.md --title TEXT] [--check] [--nice 19]
"""
import argparse
import datetime
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = load("gen_program", "gen-program.py")
bench = load("run_pass_bench", "run-pass-bench.py")

FULL = ["--iree-stream-transformation-pipeline"]
# The full pipeline as five sluice-opt runs chained through files: the four phase pipelines and the
# final steps of §16.3 (cleanup, symbol-dce). iree-util-verify-initialization-order, which the full
# pipeline runs first, is omitted (it reads the module once).
STAGES = [
    ("tensor", ["--iree-stream-tensor-transformation-pipeline"]),
    ("async", ["--iree-stream-async-transformation-pipeline"]),
    ("cmd", ["--iree-stream-cmd-transformation-pipeline"]),
    ("optimization", ["--iree-stream-optimization-pipeline"]),
    ("final", ["--iree-stream-cleanup-pipeline", "--symbol-dce"]),
]
SMOKE = "util.func public @f() {\n  util.return\n}\n"


def full_pipeline_runs(opt, workdir):
    """(True, '') when --iree-stream-transformation-pipeline runs in this build, else (False, why)."""
    path = os.path.join(workdir, "smoke.mlir")
    with open(path, "w") as f:
        f.write(SMOKE)
    p = subprocess.run([opt] + FULL + [path, "-o", os.devnull], capture_output=True, text=True)
    if p.returncode == 0:
        return True, ""
    if not p.stderr.strip():
        return False, f"exit {p.returncode}"
    return False, p.stderr.strip().splitlines()[0].split("error: ", 1)[-1]


def run_chain(opt, steps, path, workdir, timeout, nice):
    """Runs the steps one after the other, each on the previous output. Returns (wall s, CPU s,
    peak RSS KiB, [CPU s per step])."""
    wall = cpu = 0.0
    rss = 0
    per_step = []
    current = path
    for i, (name, flags) in enumerate(steps):
        out = os.devnull if i == len(steps) - 1 else os.path.join(workdir, f"stage-{name}.mlir")
        w, c, k = bench.measure([opt] + flags + [current, "-o", out], timeout, nice)
        wall, cpu, rss = wall + w, cpu + c, max(rss, k)
        per_step.append(c)
        current = out
    return wall, cpu, rss, per_step


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default=os.path.join(ROOT, "build", "bin", "sluice-opt"))
    ap.add_argument("--shapes", default="chain,fanout,multidevice,hostsync,params")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=1, help="runs per point; the minimum CPU time is kept")
    ap.add_argument("--mode", choices=["auto", "full", "staged"], default="auto",
                    help="auto: the full pipeline when it runs in this build, else the staged run")
    ap.add_argument("--phases", action="store_true", help="print the CPU time of every stage of the staged run (in full mode: runs it as well)")
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--nice", type=int, default=0)
    ap.add_argument("--max-ratio", type=float, default=15.0)
    ap.add_argument("--check", action="store_true", help="exit 1 when a 10x size step exceeds --max-ratio")
    ap.add_argument("--workdir", default=f"/tmp/sluice-pipeline-bench-{os.path.basename(ROOT)}")
    ap.add_argument("--markdown", help="append the table to this markdown file")
    ap.add_argument("--title", help="heading line for the appended table")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)

    full, why = full_pipeline_runs(args.opt, args.workdir)
    if args.mode == "full" and not full:
        raise SystemExit(f"run-pipeline-bench: --iree-stream-transformation-pipeline does not run: {why}")
    staged = args.mode == "staged" or not full
    if staged:
        steps = STAGES
        mode = ("staged: tensor | async | cmd | optimization phase | final cleanup + symbol-dce"
                + (f" (the full pipeline does not run in this build: {why})" if not full else ""))
    else:
        steps = [("full", FULL)]
        mode = "full: --iree-stream-transformation-pipeline"
    if args.phases and not staged:
        mode += "; stage columns: the staged run (tensor | async | cmd | optimization | final cleanup + symbol-dce)"
    print(f"mode: {mode}", flush=True)

    rows, violations, phase_ratios = [], [], []
    header = f"{'shape':<12} {'ops':>8} {'CPU s':>8} {'wall s':>8} {'us/op':>7} {'MiB':>6} {'CPU ratio':>9}"
    if args.phases:
        header += "  " + " ".join(f"{name:>12}" for name, _ in STAGES)
    print(header, flush=True)
    sizes = [int(size) for size in args.sizes.split(",")]
    for shape in args.shapes.split(","):
        paths, counts = {}, {}
        for size in sizes:
            text, counts[size] = gen.generate("flow", shape, size, args.seed, {})
            paths[size] = os.path.join(args.workdir, f"flow-{shape}-{size}-s{args.seed}.mlir")
            with open(paths[size], "w") as f:
                f.write(text)
        # The sizes take turns (one run of each per repetition, the minimum CPU kept per size), so that
        # the host's state -- on a shared machine its speed drifts by tens of percent within minutes --
        # weighs on every size of a ratio alike.
        best, best_staged = {}, {}
        for _ in range(args.reps):
            for size in sizes:
                result = run_chain(args.opt, steps, paths[size], args.workdir, args.timeout, args.nice)
                if size not in best or result[1] < best[size][1]:
                    best[size] = result
                if args.phases and not staged:
                    result = run_chain(args.opt, STAGES, paths[size], args.workdir, args.timeout, args.nice)
                    if size not in best_staged or result[1] < best_staged[size][1]:
                        best_staged[size] = result
        prev = None
        for size in sizes:
            count = counts[size]
            wall, cpu, rss, per_step = best[size]
            if args.phases and not staged:
                per_step = best_staged[size][3]
            ratio = None
            if prev is not None:
                ratio = cpu / max(prev[1], 1e-6)
                if size == prev[0] * 10 and ratio > args.max_ratio:
                    violations.append(f"{shape}: {prev[0]}->{size} CPU ratio {ratio:.1f} > {args.max_ratio}")
            if args.phases and prev is not None and size == prev[0] * 10:
                phase_ratios.append(f"{shape} {prev[0]}->{size}: " + ", ".join(
                    f"{name} {c / max(p, 1e-6):.1f}" for (name, _), c, p in zip(STAGES, per_step, prev[2])))
            prev = (size, cpu, per_step)
            row = dict(shape=shape, ops=count, cpu=cpu, wall=wall, per_op=cpu / count * 1e6, rss=rss / 1024,
                       ratio=ratio, steps=per_step)
            rows.append(row)
            line = (f"{shape:<12} {count:>8} {bench.fmt_s(cpu):>8} {bench.fmt_s(wall):>8} {row['per_op']:>7.1f} "
                    f"{row['rss']:>6.0f} {(f'{ratio:.1f}' if ratio is not None else '-'):>9}")
            if args.phases:
                line += "  " + " ".join(f"{bench.fmt_s(c):>12}" for c in per_step)
            print(line, flush=True)
    for line in phase_ratios:
        print(f"stage CPU ratios, {line}", flush=True)
    bench.report_violations(violations)

    if args.markdown:
        commit, load_avg = bench.provenance()
        stage_cols = args.phases
        lines = ["", f"#### {args.title or 'stream pipeline'}", "",
                 f"Mode {mode}. `gen-program.py --level flow`; minimum CPU of {args.reps} (sizes interleaved); {datetime.date.today()}, "
                 f"commit {commit}, load {load_avg:.1f} (2-core shared machine: compare CPU times).", "",
                 "| shape | ops | CPU (s) | wall (s) | CPU µs/op | peak RSS (MiB) | CPU ratio |"
                 + ("".join(f" {name} CPU (s) |" for name, _ in STAGES) if stage_cols else ""),
                 "|---|---:|---:|---:|---:|---:|---:|" + ("---:|" * len(STAGES) if stage_cols else "")]
        for r in rows:
            line = (f"| {r['shape']} | {r['ops']:,} | {bench.fmt_s(r['cpu'])} | {bench.fmt_s(r['wall'])} | "
                    f"{r['per_op']:.1f} | {r['rss']:.0f} | "
                    + (f"{r['ratio']:.1f}" if r["ratio"] is not None else "—") + " |")
            if stage_cols:
                line += "".join(f" {bench.fmt_s(c)} |" for c in r["steps"])
            lines.append(line)
        if phase_ratios:
            lines += ["", "Stage CPU ratios: " + "; ".join(phase_ratios) + "."]
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if violations and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
