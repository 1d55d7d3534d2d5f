#!/usr/bin/env python3
"""Checks gen-program.py: every level x shape (and the knob variants below) at a small size

  * parses and verifies with `sluice-opt --verify-each` and survives `PASS_FLAGS` (default:
    `--canonicalize --cse`),
  * has the op count its header claims (counted again on sluice-opt's generic print, which shows every
    op on its own line; implicit terminators the generator does not spell are allowed for), within
    `--tolerance` of the requested size,
  * is deterministic for a seed,
  * and, with --fuzz-modes scripts/fuzz-ir.py, does not crash the flags of any fuzz mode (so every pass
    that has a fuzz mode is checked on every level and shape, control flow included).

Usage: check-gen-program.py [--opt sluice-opt] [--ops 300] [--flags '--canonicalize --cse']
Prints one line per program and exits non-zero on the first class of failure it finds (after checking
all programs).
"""
import argparse
import importlib.util
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_program", os.path.join(HERE, "gen-program.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

# Knob variants checked beyond each shape's defaults.
VARIANTS = {
    "cfchain": [{"payload": "barrier"}, {"payload": "compute"}, {"conds": "distinct"}],
    "scfif": [{"payload": "barrier"}, {"depth": "3"}, {"conds": "shared"}],
    "scffor": [{"loops": "3"}, {"payload": "barrier"}],
    "switch": [{"form": "scf"}, {"width": "5"}, {"form": "scf", "width": "5"}],
    "fanout": [{"width": "3"}],
    "params": [{"gather": "0"}, {"group": "3", "gather": "1"}],
    "hostsync": [{"every": "3"}],
    "multidevice": [{"every": "1"}, {"shared": "2"}],
    "reductions": [{"inplace": "1"}, {"width": "5"}],
    "inplace": [{"every": "1"}],
    "initstores": [{"share": "4"}, {"depth": "0", "stores": "5"}],
    "paramio": [{"group": "1"}],
}
# Knob variants of one level, checked for every shape of it.
LEVEL_VARIANTS = {
    "tensor": [{"encoding": "none"}, {"encoding": "packed"}, {"encoding": "i1"}],
    "cmd": [{"funcs": "1"}, {"hal": "1"}, {"targets": "1"}, {"hal": "1", "targets": "1"}],
    "hal": [{"dynamic": "0"}, {"dynamic": "1"}],
    "async-alloc": [{"body": "transformer"}, {"body": "unet"}, {"body": "mixed"}, {"body": "mixed", "region": "40"},
                    {"region": "3", "constants": "1"}],
}
# Size tolerance overrides: an async-alloc fanout iteration is `width` multi-op regions, so small
# programs stop a whole iteration short; a multidevice iteration with transformer bodies is up to four
# ~17-op regions while the shape budgets 6 ops, so small programs overshoot by an iteration.
TOLERANCE = {("async-alloc", "fanout"): 0.5, ("async-alloc", "multidevice"): 0.35}

GENERIC_OP = re.compile(r'^\s*(?:%[^=]+=\s*)?"[A-Za-z_][\w.$]*"')
SPLIT = "\n// -----\n"


def crashed(stderr):
    return any(marker in stderr for marker in ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                                                 "Assertion", "UNREACHABLE", "AddressSanitizer", "killed by signal"))


def run_opt(opt, flags, texts):
    """Runs sluice-opt once over all texts (one split each); returns (ok, stdout splits, stderr)."""
    p = subprocess.run([opt, "--split-input-file"] + flags + ["-"], input=SPLIT.join(texts),
                       capture_output=True, text=True)
    err = p.stderr + (f"\nkilled by signal {-p.returncode}" if p.returncode < 0 else "")
    return p.returncode == 0, re.split(r"^// -----$", p.stdout, flags=re.M), err


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default="sluice-opt")
    ap.add_argument("--ops", type=int, default=300)
    ap.add_argument("--flags", default="--canonicalize --cse")
    ap.add_argument("--tolerance", type=float, default=0.15)
    ap.add_argument("--fuzz-modes", metavar="FUZZ_IR_PY",
                    help="also run the flags of every mode of this scripts/fuzz-ir.py on every program and fail "
                         "on crashes (diagnostics are fine)")
    args = ap.parse_args()
    failures = []
    programs = []
    for level_name in gen.LEVELS:
        for shape_name in gen.SHAPES:
            if level_name not in gen.shape_levels(shape_name):
                continue
            level_variants = LEVEL_VARIANTS.get(level_name, [])
            for options in [{}] + VARIANTS.get(shape_name, []) + level_variants:
                what = f"{level_name} {shape_name} {options or ''}".strip()
                try:
                    text, count = gen.generate(level_name, shape_name, args.ops, 7, dict(options))
                except SystemExit as err:
                    # A shape or knob variant that needs primitives a level lacks (e.g. `inplace`
                    # outside `async`, encodings outside `tensor`).
                    if "does not support" in str(err):
                        continue
                    if options in level_variants and "has no option(s)" in str(err):
                        continue  # a level knob of a payload this shape does not emit (cfchain awaits)
                    raise
                again, _ = gen.generate(level_name, shape_name, args.ops, 7, dict(options))
                if text != again:
                    failures.append(f"{what}: not deterministic for a seed")
                tolerance = TOLERANCE.get((level_name, shape_name), args.tolerance)
                if "width" not in options and abs(count - args.ops) > tolerance * args.ops:
                    failures.append(f"{what}: {count} ops for {args.ops} requested")
                header = re.match(r"// gen-program: .* ops=(\d+) ", text)
                if not header or int(header.group(1)) != count:
                    failures.append(f"{what}: header does not state the op count {count}")
                programs.append((what, text, count))

    # One sluice-opt run per check over all programs; a failing run is repeated program by program to
    # name the culprits.
    texts = [t for _, t, _ in programs]
    ok, outs, err = run_opt(args.opt, ["--mlir-print-op-generic"], texts)
    if ok and len(outs) == len(programs):
        for (what, _, count), out in zip(programs, outs):
            # The enclosing builtin.module is printed but not emitted by the generator. Implicit
            # terminators would be printed but not spelled: the print may show more ops, never fewer.
            printed = sum(1 for line in out.splitlines() if GENERIC_OP.match(line)) - 1
            if not count <= printed <= count * (1 + args.tolerance):
                failures.append(f"{what}: header says {count} ops, sluice-opt prints {printed}")
    elif ok:
        failures.append(f"generic print has {len(outs)} splits for {len(programs)} programs")
    else:
        for what, text, _ in programs:
            ok1, _, err1 = run_opt(args.opt, [], [text])
            if not ok1:
                failures.append(f"{what}: does not parse/verify:\n{err1[:2000]}")
    flags = ["--verify-each"] + shlex.split(args.flags)
    ok, _, err = run_opt(args.opt, flags + ["-o", os.devnull], texts)
    if not ok:
        for what, text, _ in programs:
            ok1, _, err1 = run_opt(args.opt, flags + ["-o", os.devnull], [text])
            if not ok1:
                failures.append(f"{what}: `sluice-opt {' '.join(flags)}` failed:\n{err1[:2000]}")
    if args.fuzz_modes:
        # Every pass with a fuzz mode must survive every shape: diagnostics are fine, crashes are not.
        fspec = importlib.util.spec_from_file_location("fuzz_ir", args.fuzz_modes)
        fuzz = importlib.util.module_from_spec(fspec)
        fspec.loader.exec_module(fuzz)
        for mode, (mode_flags, _) in fuzz.MODES.items():
            ok, _, err = run_opt(args.opt, list(mode_flags) + ["-o", os.devnull], texts)
            if ok or not crashed(err):
                continue
            for what, text, _ in programs:
                ok1, _, err1 = run_opt(args.opt, list(mode_flags) + ["-o", os.devnull], [text])
                if not ok1 and crashed(err1):
                    failures.append(f"{what}: fuzz mode '{mode}' (`sluice-opt {' '.join(mode_flags)}`) "
                                    f"crashes:\n{err1[:2000]}")
        print(f"{len(fuzz.MODES)} fuzz modes run on every program")
    for what, _, count in programs:
        bad = any(f.startswith(what + ":") for f in failures)
        print(f"{'FAIL' if bad else 'ok'} {what}: {count} ops")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    print(f"{len(programs)} programs checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
