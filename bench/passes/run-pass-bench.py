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
import hashlib
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
    """(wall seconds, CPU seconds (user + system), peak RSS in KiB, returncode, stderr) of one run."""
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
                return None, None, rusage.ru_maxrss, -9, "timeout"
            time.sleep(0.002)
        wall = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait again
        errfile.seek(0)
        err = errfile.read().decode(errors="replace")
    return wall, rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss, p.returncode, err


def measure(cmd, timeout, nice):
    """(wall s, CPU s, peak RSS KiB) of one successful run."""
    wall, cpu, kib, rc, err = run_once(cmd, timeout, nice)
    if rc != 0:
        raise SystemExit(f"run-pass-bench: `{' '.join(cmd)}` failed (exit {rc}):\n{err[:3000]}")
    return wall, cpu, kib


def program(args, shape, ops, options):
    """Path of the (prepared) program for shape at ops, generating it if needed; and its op count.
    `SHAPE.KEY` options apply to that shape only."""
    options = {k.split(".", 1)[-1]: v for k, v in options.items() if "." not in k or k.startswith(shape + ".")}
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
    # The prepared program is cached per preparation and sluice-opt build (a 100k-op preparation can take
    # minutes): reused while it is newer than both the program and the sluice-opt binary.
    key = hashlib.sha1(args.prepare.encode()).hexdigest()[:10]
    prepared = f"{base}.prepared-{key}.mlir"
    if (os.path.exists(prepared) and os.path.getmtime(prepared) >= os.path.getmtime(path)
            and os.path.getmtime(prepared) >= os.path.getmtime(args.opt)):
        return prepared, count
    partial = prepared + ".partial"  # renamed when complete: an interrupted run leaves no stale cache
    cmd = [args.opt] + shlex.split(args.prepare) + [path, "-o", partial]
    p = subprocess.run(cmd, stderr=subprocess.PIPE, text=True)
    if p.returncode == 0:
        os.replace(partial, prepared)
    else:
        if os.path.exists(partial):
            os.remove(partial)
        raise SystemExit(f"run-pass-bench: preparing with `{' '.join(cmd)}` failed:\n{p.stderr[:3000]}")
    return prepared, count


def provenance():
    """(short commit of the worktree, 1-minute load average): recorded with every table."""
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    return commit, os.getloadavg()[0]


def report_violations(violations):
    for v in violations:
        print("RATIO EXCEEDED:", v, flush=True)


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
    ap.add_argument("--set", action="append", default=[], metavar="[SHAPE.]KEY=VALUE",
                    help="a generator knob (SHAPE.KEY: for that shape only)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--nice", type=int, default=0, help="niceness of the timed runs")
    ap.add_argument("--max-ratio", type=float, default=15.0)
    ap.add_argument("--ratio-metric", choices=["cpu", "wall"], default="cpu",
                    help="time checked against --max-ratio (CPU time is robust to the load of a shared machine)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a 10x size step exceeds --max-ratio")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--workdir", default=f"/tmp/sluice-pass-bench-{os.path.basename(ROOT)}",
                    help="where generated programs are cached (default: per worktree, so that engineers "
                         "running different generator versions do not overwrite each other's files)")
    ap.add_argument("--markdown", help="append the table to this markdown file")
    ap.add_argument("--title", help="heading line for the appended table")
    args = ap.parse_args()

    options = dict(item.split("=", 1) for item in args.set)
    sizes = [int(s) for s in args.sizes.split(",")]
    flags = shlex.split(args.flags)
    rows = []
    violations = []
    header = (f"{'shape':<12} {'ops':>8} {'pass s':>8} {'CPU s':>8} {'us/op':>7} {'own CPU s':>9} {'MiB':>6} "
              f"{'base s':>7} {'base CPU':>8} {'base MiB':>8} {'ratio':>6} {'CPU ratio':>9}")
    print(header, flush=True)
    for shape_name in args.shapes.split(","):
        prev = None
        for size in sizes:
            path, count = program(args, shape_name, size, options)
            # Alternate baseline and pass runs so that load changes hit both alike.
            runs = {"pass": [], "base": []}
            for _ in range(args.reps):
                if not args.no_baseline:
                    runs["base"].append(measure([args.opt, path, "-o", os.devnull], args.timeout, args.nice))
                runs["pass"].append(measure([args.opt] + flags + [path, "-o", os.devnull], args.timeout, args.nice))

            def summary(samples):
                if not samples:
                    return None, None, None
                return (statistics.median(w for w, _, _ in samples), statistics.median(c for _, c, _ in samples),
                        max(k for _, _, k in samples) / 1024)
            t, cpu, rss = summary(runs["pass"])
            b, bcpu, brss = summary(runs["base"])
            ratio = cpu_ratio = None
            if prev is not None:
                ratio, cpu_ratio = t / prev[1], cpu / max(prev[2], 1e-6)
                checked = cpu_ratio if args.ratio_metric == "cpu" else ratio
                if size == prev[0] * 10 and checked > args.max_ratio:
                    violations.append(f"{shape_name}: {prev[0]}->{size} {args.ratio_metric} ratio {checked:.1f} > "
                                      f"{args.max_ratio}")
            prev = (size, t, cpu)
            row = dict(shape=shape_name, ops=count, t=t, cpu=cpu, per_op=cpu / count * 1e6,
                       own=(cpu - bcpu) if bcpu is not None else None, rss=rss, b=b, bcpu=bcpu, brss=brss,
                       ratio=ratio, cpu_ratio=cpu_ratio)
            rows.append(row)

            def opt(x, f, width):
                return f"{f(x) if x is not None else '-':>{width}}"
            print(f"{shape_name:<12} {count:>8} {fmt_s(t):>8} {fmt_s(cpu):>8} {row['per_op']:>7.1f} "
                  f"{opt(row['own'], fmt_s, 9)} {rss:>6.0f} {opt(b, fmt_s, 7)} {opt(bcpu, fmt_s, 8)} "
                  f"{opt(brss, lambda x: f'{x:.0f}', 8)} {opt(ratio, lambda x: f'{x:.1f}', 6)} "
                  f"{opt(cpu_ratio, lambda x: f'{x:.1f}', 9)}", flush=True)
    report_violations(violations)

    if args.markdown:
        commit, load = provenance()
        knobs = "".join(f" --set {k}={v}" for k, v in sorted(options.items()))
        lines = ["", f"#### {args.title or args.flags}", "",
                 f"`sluice-opt {args.flags}` on `gen-program.py --level {args.level}{knobs}`"
                 + (f" prepared with `{args.prepare}`" if args.prepare else "")
                 + f"; median of {args.reps}; {datetime.date.today()}, commit {commit}, load {load:.1f} "
                 "(2-core shared machine: compare CPU times).", "",
                 "| shape | ops | pass wall (s) | pass CPU (s) | CPU µs/op | pass − baseline CPU (s) | peak RSS (MiB) | "
                 "baseline wall (s) | baseline CPU (s) | baseline RSS (MiB) | wall ratio | CPU ratio |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

        def cell(x, f):
            return f(x) if x is not None else "—"
        for r in rows:
            lines.append(" | ".join([
                f"| {r['shape']}", f"{r['ops']:,}", fmt_s(r["t"]), fmt_s(r["cpu"]), f"{r['per_op']:.1f}",
                cell(r["own"], fmt_s), f"{r['rss']:.0f}", cell(r["b"], fmt_s), cell(r["bcpu"], fmt_s),
                cell(r["brss"], lambda x: f"{x:.0f}"), cell(r["ratio"], lambda x: f"{x:.1f}"),
                cell(r["cpu_ratio"], lambda x: f"{x:.1f}")]) + " |")
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if violations and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
