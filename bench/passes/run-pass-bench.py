#!/usr/bin/env python3
"""Scaling benchmark of sluice-opt passes on programs from gen-program.py.

For every shape and size, generates the program (cached in --workdir), optionally prepares it with
`--prepare` flags (untimed; e.g. run the passes that produce the input of the pass under test), then
times, `--reps` times each and alternating:
  * the baseline: `sluice-opt FILE -o /dev/null` (parse + verify + print), and
  * the pass:     `sluice-opt <--flags> FILE -o /dev/null`.
It reports the median wall time of each, the pass time per op, the pass's own share (pass - baseline),
the peak RSS of the pass run (ru_maxrss of the child, from os.wait4), and the ratio of the pass time
between consecutive sizes. When two consecutive sizes differ by 10x, a ratio above --max-ratio (15) is
flagged (and makes the exit status 1 with --check).

Usage:
  run-pass-bench.py --flags '--canonicalize' --level async --shapes chain,cfchain [--sizes 1000,10000,100000]
                    [--reps 3] [--set key=value] [--prepare FLAGS] [--opt build/bin/sluice-opt]
                    [--markdown docs/benchmarks-passes.md --title 'canonicalize, async level'] [--check]
                    [--nice N] [--timeout S]
"""
import argparse
import datetime
import importlib.util
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
_spec = importlib.util.spec_from_file_location("gen_program", os.path.join(HERE, "gen-program.py"))
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def run_once(cmd, timeout, nice):
    """(wall seconds, peak RSS in KiB, returncode, stderr) of one run of `cmd`."""
    def lower_priority():
        if nice:
            os.nice(nice)
    with tempfile.TemporaryFile() as errfile:  # a file, not a pipe: a chatty pass cannot block on it
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errfile, preexec_fn=lower_priority)
        deadline = start + timeout
        while True:
            pid, status, rusage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                p.kill()
                _, status, rusage = os.wait4(p.pid, 0)
                return None, rusage.ru_maxrss, -9, "timeout"
            time.sleep(0.002)
        wall = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait again
        errfile.seek(0)
        err = errfile.read().decode(errors="replace")
    return wall, rusage.ru_maxrss, p.returncode, err


def measure(cmd, reps, timeout, nice):
    times, rss = [], []
    for _ in range(reps):
        wall, kib, rc, err = run_once(cmd, timeout, nice)
        if rc != 0:
            raise SystemExit(f"run-pass-bench: `{' '.join(cmd)}` failed (exit {rc}):\n{err[:3000]}")
        times.append(wall)
        rss.append(kib)
    return statistics.median(times), max(rss)


def program(args, shape, ops, options):
    """Path of the (prepared) program for shape at ops, generating it if needed; and its op count."""
    os.makedirs(args.workdir, exist_ok=True)
    tag = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    base = os.path.join(args.workdir, f"{args.level}-{shape}{tag}-{ops}-s{args.seed}")
    path = base + ".mlir"
    text, count = gen.generate(args.level, shape, ops, args.seed, dict(options))
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)
    if not args.prepare:
        return path, count
    prepared = base + ".prepared.mlir"
    cmd = [args.opt] + shlex.split(args.prepare) + [path, "-o", prepared]
    p = subprocess.run(cmd, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise SystemExit(f"run-pass-bench: preparing with `{' '.join(cmd)}` failed:\n{p.stderr[:3000]}")
    return prepared, count


def fmt_s(t):
    return f"{t:.3f}" if t < 10 else f"{t:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default=os.path.join(ROOT, "build", "bin", "sluice-opt"))
    ap.add_argument("--flags", required=True, help="the sluice-opt flags of the pass (or pipeline) under test")
    ap.add_argument("--prepare", default="", help="untimed sluice-opt flags applied to the generated program first")
    ap.add_argument("--level", default="async")
    ap.add_argument("--shapes", default="chain")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a generator knob")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--nice", type=int, default=0, help="niceness of the timed runs")
    ap.add_argument("--max-ratio", type=float, default=15.0)
    ap.add_argument("--check", action="store_true", help="exit 1 when a 10x size step exceeds --max-ratio")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--workdir", default="/tmp/sluice-pass-bench")
    ap.add_argument("--markdown", help="append the table to this markdown file")
    ap.add_argument("--title", help="heading line for the appended table")
    args = ap.parse_args()

    options = dict(item.split("=", 1) for item in args.set)
    sizes = [int(s) for s in args.sizes.split(",")]
    flags = shlex.split(args.flags)
    rows = []
    violations = []
    print(f"{'shape':<12} {'ops':>8} {'pass s':>9} {'us/op':>7} {'pass-base s':>11} {'RSS MiB':>8} "
          f"{'base s':>8} {'base MiB':>8} {'ratio':>6}", flush=True)
    for shape_name in args.shapes.split(","):
        prev = None
        for size in sizes:
            path, count = program(args, shape_name, size, options)
            # Alternate baseline and pass runs so that load changes hit both alike.
            pt, prss, bt, brss = [], 0, [], 0
            for _ in range(args.reps):
                if not args.no_baseline:
                    t, k = measure([args.opt, path, "-o", os.devnull], 1, args.timeout, args.nice)
                    bt.append(t)
                    brss = max(brss, k)
                t, k = measure([args.opt] + flags + [path, "-o", os.devnull], 1, args.timeout, args.nice)
                pt.append(t)
                prss = max(prss, k)
            t = statistics.median(pt)
            b = statistics.median(bt) if bt else None
            ratio = None
            if prev is not None:
                ratio = t / prev[1]
                if size == prev[0] * 10 and ratio > args.max_ratio:
                    violations.append(f"{shape_name}: {prev[0]}->{size} ratio {ratio:.1f} > {args.max_ratio}")
            prev = (size, t)
            row = dict(shape=shape_name, ops=count, t=t, per_op=t / count * 1e6, own=(t - b) if b is not None else None,
                       rss=prss / 1024, b=b, brss=brss / 1024 if b is not None else None, ratio=ratio)
            rows.append(row)
            print(f"{shape_name:<12} {count:>8} {fmt_s(t):>9} {row['per_op']:>7.1f} "
                  f"{fmt_s(row['own']) if b is not None else '-':>11} {row['rss']:>8.0f} "
                  f"{fmt_s(b) if b is not None else '-':>8} {row['brss'] or 0:>8.0f} "
                  f"{f'{ratio:.1f}' if ratio else '-':>6}", flush=True)
    for v in violations:
        print("RATIO EXCEEDED:", v, flush=True)

    if args.markdown:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        load = os.getloadavg()[0]
        knobs = "".join(f" --set {k}={v}" for k, v in sorted(options.items()))
        lines = ["", f"#### {args.title or args.flags}", "",
                 f"`sluice-opt {args.flags}` on `gen-program.py --level {args.level}{knobs}`"
                 + (f" prepared with `{args.prepare}`" if args.prepare else "")
                 + f"; median of {args.reps}; {datetime.date.today()}, commit {commit}, load {load:.1f} "
                 "(2-core shared machine).", "",
                 "| shape | ops | pass (s) | µs/op | pass − baseline (s) | peak RSS (MiB) | baseline (s) | "
                 "baseline RSS (MiB) | ratio to previous size |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        def cell(x, f):
            return f(x) if x is not None else "—"
        for r in rows:
            lines.append(" | ".join([
                f"| {r['shape']}", f"{r['ops']:,}", fmt_s(r["t"]), f"{r['per_op']:.1f}", cell(r["own"], fmt_s),
                f"{r['rss']:.0f}", cell(r["b"], fmt_s), cell(r["brss"], lambda x: f"{x:.0f}"),
                cell(r["ratio"], lambda x: f"{x:.1f}")]) + " |")
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if violations and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
