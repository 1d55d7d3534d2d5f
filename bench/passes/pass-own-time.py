#!/usr/bin/env python3
"""The pass's own time (from `--mlir-timing`) on generated programs at several sizes.

`run-pass-bench.py` times whole `sluice-opt` runs; on a loaded shared machine the parse and print around a
pass dominate and swing by several times between runs. This script asks MLIR for the time spent in the
pass itself (the `--mlir-timing` lines whose name matches `--pass`, summed over nests; `--verify-each=0`
so the verifier after the pass is not counted), takes the minimum (or with `--stat median` the median) of
`--reps` runs and prints the ratio between consecutive sizes. With `--clock cpu` the pass's time is the CPU
time of the thread running it (`sluice-opt --sluice-pass-cpu-time`) instead of the wall time: on a loaded
machine a pass that runs for less than a scheduler time slice at 10k ops is rarely preempted while the same
pass at 100k ops waits for the CPU several times, which biases wall-time ratios upwards. With `--instructions` it instead counts the instructions executed inside `<pass>::runOnOperation` under
valgrind (callgrind, collection toggled on that function only): slow (~50x), but deterministic and
independent of the load, the figure to check a 10x ratio against. `--cache-sim` adds valgrind's simulation
of the caches (last level sized like the host's): the pass's last-level misses and an estimate of its
cycles (instructions + 10 per first-level miss + `--latency` per last-level miss, default 200), the
deterministic stand-in for a time ratio that the memory hierarchy bends (at 100k ops the IR no longer fits
in the last-level cache) and the host's noise blurs. Programs are generated and prepared
exactly as `run-pass-bench.py` does.

With `--no-difference` (or several passes) the sizes take turns, one run of each per repetition, so that
host drift weighs on every size of a ratio alike.

Usage:
  pass-own-time.py --flags '--iree-stream-schedule-allocation' --pass ScheduleAllocationPass \\
      --level async-alloc --shapes chain,fanout [--prepare FLAGS] [--sizes 1000,10000,100000] [--reps 3]
      [--markdown FILE --title TEXT]
"""
import argparse
import datetime
import importlib.util
import os
import re
import shlex
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("run_pass_bench", os.path.join(HERE, "run-pass-bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

TIMING = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(\S.*?)\s*$")
CPU_TIMING = re.compile(r"^sluice-pass-cpu-time: ([0-9.]+) (\S.*?)\s*$")


def cpu_time(args, cmd):
    """User + system CPU seconds of one run of `cmd` (waiting for a CPU does not count)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         preexec_fn=(lambda: os.nice(args.nice)) if args.nice else None)
    _, status, rusage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"pass-own-time: `{' '.join(cmd)}` failed")
    return rusage.ru_utime + rusage.ru_stime


def last_level_cache_bytes():
    """The host's last-level cache size (sysfs), for valgrind's cache simulation; 32 MiB if unknown."""
    best = 0
    base = "/sys/devices/system/cpu/cpu0/cache"
    for entry in (os.listdir(base) if os.path.isdir(base) else []):
        try:
            with open(os.path.join(base, entry, "size")) as f:
                text = f.read().strip()
        except OSError:
            continue
        m = re.match(r"(\d+)([KMG]?)", text)
        if m:
            best = max(best, int(m.group(1)) * {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2)])
    return best or 32 << 20


def instructions(args, flags, path, pass_name):
    """Instructions executed inside `<pass_name>::runOnOperation` (valgrind callgrind), deterministic. With
    --cache-sim, a dict of callgrind's events instead (Ir, ..., DLmr, DLmw: simulated misses of a cache of the
    host's last-level size)."""
    out = os.path.join(args.workdir, "callgrind.out")
    sim = (["--cache-sim=yes", f"--LL={last_level_cache_bytes()},16,64"] if args.cache_sim else [])
    cmd = (["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no"] + sim
           + [f"--toggle-collect=*{pass_name}::runOnOperation*", args.opt, "--mlir-disable-threading",
              "--verify-each=0"] + flags + [path, "-o", os.devnull])
    p = subprocess.run(cmd, capture_output=True, text=True,
                       preexec_fn=(lambda: os.nice(args.nice)) if args.nice else None)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode or not m:
        raise SystemExit(f"pass-own-time: `{' '.join(cmd)}` failed:\n{p.stderr[-2000:]}")
    events = None
    if args.cache_sim:
        with open(out) as f:
            text = f.read()
        names = re.search(r"^events: (.*)$", text, re.M).group(1).split()
        values = [int(v) for v in re.search(r"^summary: (.*)$", text, re.M).group(1).split()]
        events = dict(zip(names, values))
    os.remove(out)
    return events if args.cache_sim else int(m.group(1))


def estimated_cycles(events, latency):
    """Instructions + 10 per first-level miss + `latency` per last-level miss (callgrind's estimate with the
    memory latency as a parameter)."""
    l1 = events["I1mr"] + events["D1mr"] + events["D1mw"]
    ll = events["ILmr"] + events["DLmr"] + events["DLmw"]
    return events["Ir"] + 10 * l1 + latency * ll


def own_times(args, flags, path, pass_names, opt=None):
    """{pass name: own time} of one run (every pass in `pass_names` must print a timing line) of `opt`
    (default `--opt`)."""
    timing = "--sluice-pass-cpu-time" if args.clock == "cpu" else "--mlir-timing"
    pattern = CPU_TIMING if args.clock == "cpu" else TIMING
    cmd = ([opt or args.opt, timing, "--mlir-disable-threading", "--verify-each=0"] + flags
           + [path, "-o", os.devnull])
    p = subprocess.run(cmd, capture_output=True, text=True,
                       preexec_fn=(lambda: os.nice(args.nice)) if args.nice else None)
    if p.returncode:
        raise SystemExit(f"pass-own-time: `{' '.join(cmd)}` failed:\n{p.stderr[:2000]}")
    totals = {}
    for line in p.stderr.splitlines():
        m = pattern.match(line)
        if m and m.group(2) in pass_names:
            totals[m.group(2)] = totals.get(m.group(2), 0.0) + float(m.group(1))
    for name in pass_names:
        if name not in totals:
            raise SystemExit(f"pass-own-time: no timing line named '{name}' in:\n{p.stderr[:2000]}")
    return totals


def compare_table(args, flags, options, combine):
    """--compare: the ratio between the last two sizes of the pass's own time for `--opt` and every binary
    of `--compare`, `--readings` readings each. Within a reading the binaries take turns and, for each
    binary, the sizes take turns once per repetition: the host's speed drifts within minutes on a shared
    machine, and two binaries should be compared under the same drift. Prints every reading and, per
    binary, the median ratio and the median times."""
    binaries = [args.opt] + args.compare.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    if len(sizes) < 2:
        raise SystemExit("pass-own-time: --compare needs two sizes or more")
    small, large = sizes[-2], sizes[-1]
    for shape in args.shapes.split(","):
        programs = {size: bench.program(args, shape, size, options)[0] for size in (small, large)}
        ratios = {b: [] for b in binaries}
        times = {b: {small: [], large: []} for b in binaries}
        for reading in range(1, args.readings + 1):
            for b in binaries:
                runs = {small: [], large: []}
                for _ in range(args.reps):
                    for size in (small, large):
                        runs[size].append(own_times(args, flags, programs[size], [args.pass_name],
                                                    opt=b)[args.pass_name])
                t = {size: combine(runs[size]) for size in (small, large)}
                for size in (small, large):
                    times[b][size].append(t[size])
                ratio = t[large] / t[small] if t[small] > 0 else float("nan")
                ratios[b].append(ratio)
                print(f"{shape:<10} reading {reading:>2}  {b}: {small} {t[small] * 1e3:8.2f} ms  "
                      f"{large} {t[large] * 1e3:8.2f} ms  ratio {ratio:5.1f}", flush=True)
        for b in binaries:
            print(f"{shape:<10} {b}: median ratio {statistics.median(ratios[b]):.1f} "
                  f"(readings {', '.join(f'{r:.1f}' for r in ratios[b])}); median {small} "
                  f"{statistics.median(times[b][small]) * 1e3:.2f} ms, {large} "
                  f"{statistics.median(times[b][large]) * 1e3:.2f} ms", flush=True)
    return 0


def own_time_table(args, flags, passes, options, combine):
    """The own times of every pass in `passes`, all from the same --reps runs per program, with the ratio
    to the previous size per pass; no whole-run difference. One markdown table, a row per pass and size."""
    rows = []
    sizes = [int(s) for s in args.sizes.split(",")]
    for shape in args.shapes.split(","):
        prev = {}
        programs = {size: bench.program(args, shape, size, options) for size in sizes}
        # The sizes take turns, one run of each per repetition: the host's speed drifts within minutes on
        # a shared machine, and a ratio should compare sizes measured under the same conditions.
        runs = {size: [] for size in sizes}
        for _ in range(args.reps):
            for size in sizes:
                runs[size].append(own_times(args, flags, programs[size][0], passes))
        for size in sizes:
            path, count = programs[size]
            for name in passes:
                t = combine([r[name] for r in runs[size]])
                # No ratio against a figure under 1 ms (the clock's resolution and the scheduler's noise).
                ratio = t / prev[name] if prev.get(name, 0) >= 1e-3 else None
                prev[name] = t
                rows.append((name, shape, count, t, ratio))
                print(f"{name:<36} {shape:<10} {count:>8} {t:>9.4f} s {t / count * 1e6:>7.2f} us/op "
                      f"{f'{ratio:.1f}' if ratio else '-':>6}", flush=True)
    if args.markdown:
        commit = subprocess.run(["git", "-C", bench.ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        knobs = "".join(f" --set {k}={v}" for k, v in sorted(options.items()))
        lines = ["", f"#### {args.title or args.pass_name}", "",
                 f"Own {args.clock} time of each pass ("
                 + ("`--sluice-pass-cpu-time`: thread CPU time" if args.clock == "cpu" else "`--mlir-timing`: wall time")
                 + f", `--verify-each=0`, `--mlir-disable-threading`) in `sluice-opt {args.flags}` on "
                 f"`gen-program.py --level {args.level}{knobs}`"
                 + (f" prepared with `{args.prepare}`" if args.prepare else "")
                 + f"; {'minimum' if args.stat == 'min' else 'median'} of {args.reps}; {datetime.date.today()}, "
                 f"commit {commit}, load {os.getloadavg()[0]:.1f}.", "",
                 f"| pass | shape | ops | own {args.clock} time (s) | µs/op | ratio to previous size |",
                 "|---|---|---:|---:|---:|---:|"]
        for name, shape, count, t, ratio in sorted(rows, key=lambda r: (passes.index(r[0]), r[1])):
            lines.append(f"| {name} | {shape} | {count:,} | {t:.4f} | {t / count * 1e6:.2f} | "
                         f"{f'{ratio:.1f}' if ratio else '—'} |")
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default=os.path.join(bench.ROOT, "build", "bin", "sluice-opt"))
    ap.add_argument("--flags", required=True)
    ap.add_argument("--pass", dest="pass_name", required=True,
                    help="the pass name as --mlir-timing prints it; a comma-separated list measures every "
                         "listed pass of the --flags pipeline from the same runs (not with --instructions)")
    ap.add_argument("--no-difference", action="store_true",
                    help="skip the whole-run CPU difference (its extra 2 x --reps runs per program); for "
                         "passes measured inside a pipeline, where that difference is the whole pipeline's")
    ap.add_argument("--prepare", default="")
    ap.add_argument("--level", default="async")
    ap.add_argument("--shapes", default="chain")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--stat", choices=("min", "median"), default="min",
                    help="how the --reps figures of one program are combined")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="the pass's wall time (--mlir-timing) or its thread's CPU time (--sluice-pass-cpu-time)")
    ap.add_argument("--nice", type=int, default=0)
    ap.add_argument("--workdir", default="/tmp/sluice-pass-bench")
    ap.add_argument("--instructions", action="store_true",
                    help="count the pass's instructions with valgrind instead of timing it")
    ap.add_argument("--cache-sim", action="store_true",
                    help="with --instructions: also simulate the caches (last level sized like the host's) and "
                         "report the misses and an estimate of the cycles")
    ap.add_argument("--latency", type=int, default=200,
                    help="cycles per last-level miss in the --cache-sim estimate (default 200)")
    ap.add_argument("--compare", metavar="OPT[,OPT...]",
                    help="other sluice-opt binaries to compare with --opt (see compare_table)")
    ap.add_argument("--readings", type=int, default=6,
                    help="readings per binary with --compare (default 6)")
    ap.add_argument("--markdown")
    ap.add_argument("--title")
    args = ap.parse_args()
    if args.cache_sim:
        args.instructions = True
    options = dict(item.split("=", 1) for item in args.set)
    combine = min if args.stat == "min" else statistics.median
    flags = shlex.split(args.flags)
    passes = args.pass_name.split(",")
    if len(passes) > 1 and args.instructions:
        raise SystemExit("pass-own-time: --instructions counts one pass at a time")
    if args.compare:
        if len(passes) > 1 or args.instructions:
            raise SystemExit("pass-own-time: --compare times one pass")
        return compare_table(args, flags, options, combine)
    if len(passes) > 1 or args.no_difference:
        return own_time_table(args, flags, passes, options, combine)
    rows = []
    for shape in args.shapes.split(","):
        prev = None
        for size in (int(s) for s in args.sizes.split(",")):
            path, count = bench.program(args, shape, size, options)
            if args.instructions:
                result = instructions(args, flags, path, args.pass_name)
                if args.cache_sim:
                    misses = result["ILmr"] + result["DLmr"] + result["DLmw"]
                    cycles = estimated_cycles(result, args.latency)
                    n = result["Ir"]
                    extra = (f"  LL misses {misses:>10,}  est. cycles {cycles:>14,} "
                             f"{f'{cycles / prev[1]:.1f}' if prev else '-':>6}")
                    ratio = n / prev[0] if prev else None
                    cycle_ratio = cycles / prev[1] if prev else None
                    prev = (n, cycles)
                    rows.append((shape, count, n, ratio, misses, cycles, cycle_ratio))
                else:
                    n = result
                    extra = ""
                    ratio = n / prev if prev else None
                    prev = n
                    rows.append((shape, count, n, ratio, None, None, None))
                print(f"{shape:<12} {count:>8} {n:>14,} instructions {n / count:>9.0f} /op "
                      f"{f'{ratio:.1f}' if ratio else '-':>6}{extra}", flush=True)
                continue
            t = combine([own_times(args, flags, path, passes)[args.pass_name] for _ in range(args.reps)])
            # CPU time of the whole run with the pass minus that of parse + print alone.
            run = [args.opt, "--mlir-disable-threading", "--verify-each=0"] + flags + [path, "-o", os.devnull]
            base = [args.opt, "--mlir-disable-threading", path, "-o", os.devnull]
            cpu = combine([cpu_time(args, run) for _ in range(args.reps)])
            cpu_base = combine([cpu_time(args, base) for _ in range(args.reps)])
            # No ratio against a previous figure below the timers' resolution (an untimeably fast pass, or
            # a CPU difference within the noise of two runs).
            ratio = t / prev[0] if prev and prev[0] > 0 else None
            cpu_ratio = (cpu - cpu_base) / prev[1] if prev and prev[1] >= 0.01 else None
            prev = (t, cpu - cpu_base)
            rows.append((shape, count, t, ratio, cpu, cpu_base, cpu_ratio))
            print(f"{shape:<12} {count:>8} {t:>9.4f} s {t / count * 1e6:>7.2f} us/op "
                  f"{f'{ratio:.1f}' if ratio else '-':>6}  cpu {cpu:.3f} - base {cpu_base:.3f} = "
                  f"{cpu - cpu_base:.3f} s {f'{cpu_ratio:.1f}' if cpu_ratio else '-':>6}", flush=True)
    if args.markdown:
        commit = subprocess.run(["git", "-C", bench.ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        knobs = "".join(f" --set {k}={v}" for k, v in sorted(options.items()))
    if args.markdown and args.instructions:
        lines = ["", f"#### {args.title or args.pass_name}", "",
                 f"Instructions executed in `{args.pass_name}::runOnOperation` (valgrind callgrind) for "
                 f"`sluice-opt {args.flags}` on `gen-program.py --level {args.level}{knobs}`"
                 + (f" prepared with `{args.prepare}`" if args.prepare else "")
                 + f"; {datetime.date.today()}, commit {commit}. Deterministic, independent of the load."
                 + (f" With the caches simulated (last level {last_level_cache_bytes() >> 20} MiB, like the "
                    f"host's): last-level misses and cycles estimated as instructions + 10 per first-level miss "
                    f"+ {args.latency} per last-level miss." if args.cache_sim else ""), "",
                 "| shape | ops | instructions | per op | ratio to previous size |"
                 + (" LL misses | est. cycles | ratio |" if args.cache_sim else ""),
                 "|---|---:|---:|---:|---:|" + ("---:|---:|---:|" if args.cache_sim else "")]
        for shape, count, n, ratio, misses, cycles, cycle_ratio in rows:
            lines.append(f"| {shape} | {count:,} | {n:,} | {n / count:,.0f} | "
                         f"{f'{ratio:.1f}' if ratio else '—'} |"
                         + (f" {misses:,} | {cycles:,} | {f'{cycle_ratio:.1f}' if cycle_ratio else '—'} |"
                            if args.cache_sim else ""))
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    elif args.markdown:
        lines = ["", f"#### {args.title or args.pass_name}", "",
                 f"`{args.pass_name}` in `sluice-opt {args.flags}` "
                 + ("(`--sluice-pass-cpu-time`: thread CPU time" if args.clock == "cpu" else "(`--mlir-timing`: wall time")
                 + ", `--verify-each=0`) on "
                 f"`gen-program.py --level {args.level}{knobs}`"
                 + (f" prepared with `{args.prepare}`" if args.prepare else "")
                 + f"; {'minimum' if args.stat == 'min' else 'median'} of {args.reps}; {datetime.date.today()}, commit {commit}, "
                 f"load {os.getloadavg()[0]:.1f}.", "",
                 f"| shape | ops | pass's own {args.clock} time (s) | µs/op | ratio | CPU with pass (s) | "
                 "CPU parse + print (s) | CPU difference (s) | ratio |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for shape, count, t, ratio, cpu, cpu_base, cpu_ratio in rows:
            lines.append(f"| {shape} | {count:,} | {t:.4f} | {t / count * 1e6:.2f} | "
                         f"{f'{ratio:.1f}' if ratio else '—'} | {cpu:.3f} | {cpu_base:.3f} | "
                         f"{cpu - cpu_base:.3f} | {f'{cpu_ratio:.1f}' if cpu_ratio else '—'} |")
        with open(args.markdown, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
