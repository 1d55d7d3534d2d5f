#!/usr/bin/env python3
"""Mechanical conformance audit of Sluice against the spec (docs: scripts/spec-conformance-allowlist.txt).

Extracts from every spec file (--spec-dir, default /work/shared/spec or $SLUICE_SPEC_DIR):
  (a) every quoted diagnostic / runtime message: «…» strings, and backticked strings in sentences that
      announce a message ("error", "reports", "emits", "fails with", "message", …);
  (b) every pass flag `--iree-*` / `--sluice-*` and every option named in option tables / "Options:" lines;
  (c) every registered pipeline name (`iree-…-pipeline`).
and checks that
  * each message occurs in the sources (lib/, runtime/, tools/, include/): the literal fragments between
    placeholders (`<name>`, `{0}`, `N`, `…`) must occur, in order, in the concatenated string literals of
    one source file;
  * each message is covered by a lit expectation (`expected-error`/`-warning`/`-remark`/`-note`, or a
    `CHECK` line) under test/;
  * each flag is registered (`sluice-opt --help`, `sluice-compile --help`, … or a Passes.td), each option
    is listed under its pass in `sluice-opt --help` (or as a tool flag), each pipeline is registered.
Misses listed in the allowlist (one per line: `KIND | KEY | reason`) are reported as allowed. The exit
code is 1 if a miss is not allowlisted, or if an allowlist entry no longer matches anything (stale).

Usage: check-spec-conformance.py --bin-dir build/bin [--spec-dir DIR] [--allowlist FILE] [--verbose]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ["lib", "runtime", "tools", "include"]
SOURCE_EXTS = {".cpp", ".h", ".c", ".td", ".inc", ".py"}
TEST_EXTS = {".mlir", ".test", ".txt", ".sh", ".py"}

# Words that announce a message in a sentence of the backtick-style spec files.
ANNOUNCE = re.compile(
    r"(\berror\b|\berrors\b|\breports?\b|\bemits?\b|\bfails? with\b|\bmessage\b|\bdiagnostic\b|"
    r"\bwarning\b|\bremark\b|\bprints?\b.*\bstderr\b|expected-error|rejects? with)",
    re.I,
)


def norm_ws(s):
    # Units are already joined from stripped lines; spaces inside a line are significant (MLIR's
    # generated "unknown  type" has two).
    return s.strip()


# ----------------------------------------------------------------------------------------------------
# Spec extraction


def split_units(text):
    """Splits a markdown file into logical units (paragraph / list item / table row), whitespace-joined,
    as (line, text, indentation). Fenced code blocks are dropped."""
    units = []
    cur = []
    cur_line = 0
    cur_indent = 0
    in_code = False
    for no, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith("```"):
            in_code = not in_code
            if cur:
                units.append((cur_line, " ".join(cur), cur_indent))
                cur = []
            continue
        if in_code:
            continue
        s = line.strip()
        new_unit = (
            not s
            or s.startswith("|")
            or re.match(r"^([*-]|\d+\.|[a-z]\)|#+)\s", s)
            or s.startswith("---")
        )
        if new_unit and cur:
            units.append((cur_line, " ".join(cur), cur_indent))
            cur = []
        if s:
            if not cur:
                cur_line = no
                cur_indent = len(line) - len(line.lstrip())
            cur.append(s)
            if s.startswith("|"):
                units.append((cur_line, " ".join(cur), cur_indent))
                cur = []
    if cur:
        units.append((cur_line, " ".join(cur), cur_indent))
    return units


def backtick_spans(unit):
    """Yields (start, text) of inline code spans, handling ``double`` fences."""
    i = 0
    while i < len(unit):
        if unit[i] == "`":
            j = i
            while j < len(unit) and unit[j] == "`":
                j += 1
            fence = unit[i:j]
            end = unit.find(fence, j)
            if end < 0:
                return
            yield i, unit[j:end].strip()
            i = end + len(fence)
        else:
            i += 1


# A top-level item whose sub-items are messages (`* **Verifier**, in order:` + `- if …: `msg``).
CONTEXT = re.compile(r"\bverifiers?\b|\bdiagnostics\b|\berrors\b|\bgives\b", re.I)

CODEY = re.compile(r"^(--|%|!|#|@|\^|\$|[a-z_]+\.[a-z_.]+(\s|$|<|\()|[A-Za-z_]+\(|[A-Z][A-Za-z]+::)")


def looks_like_message(s):
    if len(s) < 12 or " " not in s:
        return False
    if CODEY.match(s):
        return False
    words = re.findall(r"[A-Za-z]{2,}", s)
    if len(words) < 3:
        return False
    # Mostly prose: at least half of the tokens are plain lower-case words.
    toks = s.split()
    prose = sum(1 for t in toks if re.fullmatch(r"[a-z][a-z'-]*[,;:]?", t))
    if prose * 2 < len(toks):
        return False
    if re.search(r"\s(=|::=|->)\s", s) or s.endswith(("{", "(")):
        return False
    return True


def extract_messages(spec_dir):
    msgs = {}  # text -> [(file, line)]
    for f in sorted(Path(spec_dir).glob("*.md")):
        text = f.read_text()
        context = False  # the enclosing top-level item announces messages (`* **Verifier:**`)
        for line, unit, indent in split_units(text):
            for m in re.finditer(r"«([^»]*)»", unit):
                t = norm_ws(m.group(1))
                if t:
                    msgs.setdefault(t, []).append((f.name, line))
            if "«" in text:
                continue  # guillemet-style file: backticks are code, not messages
            announces = bool(ANNOUNCE.search(unit) or CONTEXT.search(unit))
            if indent == 0:
                context = bool(CONTEXT.search(unit))
            elif context:
                announces = True
            if not announces:
                continue
            for _, span in backtick_spans(unit):
                if looks_like_message(span):
                    msgs.setdefault(norm_ws(span), []).append((f.name, line))
    return msgs


FLAG_RE = re.compile(r"--((?:iree|sluice)-[a-z0-9][a-z0-9-]*[a-z0-9])")
PIPELINE_RE = re.compile(r"(?<![-\w…])((?:iree|sluice)-[a-z0-9-]*-pipeline)\b")


def extract_flags(spec_dir):
    flags, pipelines = {}, {}
    for f in sorted(Path(spec_dir).glob("*.md")):
        in_flag_table = False
        for no, line in enumerate(f.read_text().split("\n"), 1):
            # Tool flag tables (`| flag | default | meaning |`, sluice-compile / sluice-run /
            # sluice-params): every `--name` of the first column, underscores included.
            if re.match(r"^\|\s*flag\s*\|", line):
                in_flag_table = True
                continue
            if in_flag_table and not line.startswith("|"):
                in_flag_table = False
            if in_flag_table and not re.match(r"^\|[-| ]+\|$", line):
                cell = line.split("|")[1]
                for m in re.finditer(r"`--([a-z][a-z0-9_-]*[a-z0-9])", cell):
                    if not m.group(1).startswith(("iree-", "sluice-", "mlir-")):
                        flags.setdefault(m.group(1), []).append((f.name, no))
            # Runtime flags (parameter-runtime.md §12.1) named in prose.
            for m in re.finditer(r"`--(parameter_[a-z0-9_]+)", line):
                flags.setdefault(m.group(1), []).append((f.name, no))
            for m in FLAG_RE.finditer(line):
                name = m.group(1)
                if re.match(r"-?(…|\*|\.\.\.)", line[m.end() : m.end() + 4]):
                    continue  # a family written with an ellipsis or a glob (`--iree-stream-…`)
                flags.setdefault(name, []).append((f.name, no))
            for m in PIPELINE_RE.finditer(line):
                pipelines.setdefault(m.group(1), []).append((f.name, no))
    return flags, pipelines


def extract_options(spec_dir):
    """Returns {(pass-flag or None, option): [(file, line)]} for option tables and `Options:` lines."""
    opts = {}
    for f in sorted(Path(spec_dir).glob("*.md")):
        lines = f.read_text().split("\n")
        cur_pass = None
        in_table = False
        for no, line in enumerate(lines, 1):
            s = line.strip()
            if s.startswith("#"):
                cur_pass = None
            m = (
                re.search(r"\*\*Flag:?\*\*:?\s*`--([a-z0-9-]+)`", s)
                or re.match(r"^#+ .*`(?:--)?((?:iree|sluice)-[a-z0-9-]+)`", s)
                # "accepted by every registered stream pipeline, e.g. `iree-stream-…-pipeline{…}`"
                or re.search(r"`((?:iree|sluice)-[a-z0-9-]+)\{", s)
            )
            if m:
                cur_pass = m.group(1)
            if re.match(r"^\|\s*option\s*\|", s):
                in_table = True
                continue
            if in_table:
                if not s.startswith("|"):
                    in_table = False
                elif not re.match(r"^\|[-| ]+\|$", s):
                    cell = s.split("|")[1]
                    for om in re.finditer(r"`(--)?([a-zA-Z][a-zA-Z0-9_-]*)(=[^`]*)?`", cell):
                        if om.group(1):
                            continue  # a flag, checked with the flags
                        opts.setdefault((cur_pass, om.group(2)), []).append((f.name, no))
                continue
            m = re.search(r"\bOptions\b\**:?\**\s*(\(all \[REF\]\))?:?\s*(.*)", s)
            if m and not re.match(r"(none|\*\*none)", m.group(2)):
                rest = m.group(2)
                for om in re.finditer(r"`([a-z][a-zA-Z0-9_-]*)`(\s*(=|\(|\||,|$))", rest):
                    before = rest[: om.start()].rstrip()
                    if before.endswith(("=", "|")):
                        continue  # a value of the previous option (`fmt` = `a` | `b`)
                    opts.setdefault((cur_pass, om.group(1)), []).append((f.name, no))
    return opts


# ----------------------------------------------------------------------------------------------------
# Sources, tests and registries

STRLIT = re.compile(r'(?:u8|L|u|U)?"((?:[^"\\\n]|\\.)*)"')


def source_corpus():
    """Per source file: its string literals, adjacent literals joined, separated by \\x00."""
    corpus = {}
    for d in SOURCE_DIRS:
        for p in (ROOT / d).rglob("*"):
            if p.suffix not in SOURCE_EXTS or not p.is_file():
                continue
            text = p.read_text(errors="replace")
            if p.suffix == ".td":
                # ODS: code blocks hold C++; summaries/descriptions are not messages but harmless.
                pass
            parts = []
            last_end = -1
            for m in STRLIT.finditer(text):
                lit = m.group(1)
                lit = (
                    lit.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\").replace("\\'", "'")
                )
                between = text[last_end : m.start()] if last_end >= 0 else "x"
                if last_end >= 0 and re.fullmatch(r"\s*", between):
                    parts[-1] += lit
                else:
                    parts.append(lit)
                last_end = m.end()
            corpus[str(p.relative_to(ROOT))] = "\x00".join(parts)
    return corpus


def test_expectations():
    lines = []
    for p in (ROOT / "test").rglob("*"):
        if p.suffix not in TEST_EXTS or not p.is_file():
            continue
        if (ROOT / "test" / "Spec") in p.parents:
            continue  # this audit's own test quotes misses; it is not a test of them
        for no, line in enumerate(p.read_text(errors="replace").split("\n"), 1):
            if re.search(
                r"expected-(error|warning|remark|note)|CHECK|grep|assert|"
                r"(//|#|;)\s*[A-Z][A-Z0-9_]*(-[A-Z0-9_]+)*:",  # any FileCheck prefix
                line,
            ):
                lines.append((f"{p.relative_to(ROOT)}:{no}", line))
    return lines


def unit_expectations():
    """GoogleTest sources: runtime statuses are checked there (HasSubstr, EXPECT_EQ on messages). Adjacent
    string literals are joined so that a message split over lines is one expectation."""
    lines = []
    for p in (ROOT / "unittests").rglob("*.cpp"):
        text = p.read_text(errors="replace")
        for m in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
            lit = "".join(re.findall(r'"((?:[^"\\\n]|\\.)*)"', m.group(0)))
            lit = lit.replace('\\"', '"').replace("\\n", "\n")
            if len(lit) >= 8:
                no = text.count("\n", 0, m.start()) + 1
                lines.append((f"{p.relative_to(ROOT)}:{no}", lit))
    return lines


PLACEHOLDER = re.compile(
    r"(<<NULL ATTRIBUTE>>)|<[^<>\s]*(?:\s[^<>]*)?>|\{\d+\}|\.\.\.|…|\b[NMKR]\b|\bX\b|\bA, B\b|\bnnn\b"
    r"|%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:ll|l|z|h|hh)?[diuxXscpfg]"  # printf conversions
    r"|(?<=')[^' ]+(?=')"  # a single-quoted name in an example ('@f', 'model', 'some.op')
    r"|%[a-z]\w*|@\w+"  # SSA / symbol names in examples
    r"|\[a, b\)|(?<=>)\[[^\]]*\]"  # `[a, b)` ranges, `<x>[ optional]` parts
    r"|\b\d+\b"  # numbers in examples
)
# `'<op>' op ` / `'stream.x' op ` prefixes are added by emitOpError.
OP_PREFIX = re.compile(r"^'[^']*' op\s*")


def fragments(msg):
    """Literal fragments of a spec message between its placeholders."""
    msg = OP_PREFIX.sub("", msg)
    out = []
    pos = 0
    for m in PLACEHOLDER.finditer(msg):
        if m.group(1):
            continue
        inner = m.group(0)
        # `<` … `>` with a type-like body (e.g. tensor<4xf32>) is literal text, not a placeholder.
        if inner.startswith("<") and re.search(r"[a-z]+<", msg[max(0, m.start() - 12) : m.start() + 1]):
            continue
        out.append(msg[pos : m.start()])
        pos = m.end()
    out.append(msg[pos:])
    frs = []
    for f in out:
        f = f.strip(" `'\"")
        if len(f) >= 3:
            frs.append(f)
    return frs


def occurs_in_order(text, frs, window=2000):
    start = 0
    first = None
    for f in frs:
        i = text.find(f, start)
        if i < 0:
            return False
        if first is None:
            first = i
        elif i - first > window:
            # retry from the next occurrence of the first fragment
            return occurs_in_order(text[first + 1 :], frs, window)
        start = i + len(f)
    return True


def in_sources(msg, corpus):
    frs = fragments(msg)
    if not frs:
        return None
    for path, text in corpus.items():
        if occurs_in_order(text, frs):
            return path
    return None


def covered(msg, tests):
    """A lit expectation line that contains the message's fragments in order. An expectation may
    stop early (tests match substrings): a matched prefix of >= 25 characters counts."""
    frs = fragments(msg)
    if not frs:
        return None
    total = sum(len(f) for f in frs)
    for where, line in tests:
        # An expectation may also start inside the message (`{{.*}}mixes files ...`).
        for first in range(len(frs)):
            if frs[first] not in line:
                continue
            start, matched, complete = 0, 0, True
            for f in frs[first:]:
                i = line.find(f, start)
                if i < 0:
                    complete = False
                    break
                matched += len(f)
                start = i + len(f)
            if matched == total:
                return where
            # A truncated expectation must stop where the match stops: no further words outside
            # `{{regex}}` (else it checks a different message with the same prefix).
            rest = re.sub(r"\{\{.*?\}\}", "", line[start:])
            if matched >= 25 and (complete or not re.search(r"[a-z]{3,}", rest)):
                return where
        # A truncated expectation: a literal piece (>= 25 characters) of the expected text that is
        # part of one fragment (`{{elided attributes cannot be serialized}}`).
        m = re.search(r"expected-\w+(?:\s*@\S+)?\s*\{\{(.*)\}\}|[A-Z][A-Z0-9_-]*:\s?(.*)", line)
        body = (m.group(1) or m.group(2) or "") if m else line
        for piece in re.split(r"\{\{.*?\}\}|\[\[.*?\]\]|\}\}|\{\{", body):
            piece = piece.strip()
            if len(piece) >= 25 and any(piece in f for f in frs):
                return where
    return None


def help_text(bin_dir):
    texts = {}
    for tool in ["sluice-opt", "sluice-compile", "sluice-run", "sluice-params"]:
        exe = Path(bin_dir) / tool if bin_dir else None
        if exe is None or not exe.exists():
            found = shutil.which(tool)
            if bin_dir or not found:
                continue
            exe = Path(found)
        try:
            r = subprocess.run(
                [str(exe), "--help-hidden"], capture_output=True, text=True, timeout=120
            )
            out = r.stdout + r.stderr
            if len(out) < 200:
                r = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=120)
                out = r.stdout + r.stderr
            if tool == "sluice-params":  # flags are listed per command
                for command in ["create", "dump", "convert", "verify"]:
                    r = subprocess.run(
                        [str(exe), command, "--help"], capture_output=True, text=True, timeout=120
                    )
                    out += r.stdout + r.stderr
            texts[tool] = out
        except (subprocess.SubprocessError, OSError):
            pass
    return texts


def parse_pass_options(help_out):
    """sluice-opt --help: `--pass` lines at one indentation, their options indented further."""
    passes = {}
    cur, cur_ind = None, None
    for line in help_out.split("\n"):
        m = re.match(r"^(\s*)--([A-Za-z0-9_.-]+)", line)
        if not m:
            continue
        ind = len(m.group(1))
        if cur is not None and ind > cur_ind:
            passes[cur].add(m.group(2))
            continue
        cur, cur_ind = m.group(2), ind
        passes.setdefault(cur, set())
    return passes


def registered_in_td():
    names = set()
    for p in (ROOT / "include").rglob("*.td"):
        for m in re.finditer(r'\bdef\s+\w+\s*:\s*(?:Interface)?Pass\s*<\s*"([^"]+)"', p.read_text()):
            names.add(m.group(1))
    return names


# ----------------------------------------------------------------------------------------------------
# Snapshot: the extracted items, committed so that CI machines without the spec run the same checks.


def snapshot_lines(msgs, flags, options, pipelines):
    def locs(where):
        return ",".join(f"{f}:{l}" for f, l in where)

    out = []
    for k, w in sorted(msgs.items()):
        out.append(f"message\t{k}\t{locs(w)}\n")
    for k, w in sorted(flags.items()):
        out.append(f"flag\t{k}\t{locs(w)}\n")
    for (p, o), w in sorted(options.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        out.append(f"option\t{p or '-'}:{o}\t{locs(w)}\n")
    for k, w in sorted(pipelines.items()):
        out.append(f"pipeline\t{k}\t{locs(w)}\n")
    return out


def read_snapshot(path):
    msgs, flags, options, pipelines = {}, {}, {}, {}
    for line in Path(path).read_text().split("\n"):
        if not line:
            continue
        kind, key, locs = line.split("\t")
        where = [(l.rsplit(":", 1)[0], int(l.rsplit(":", 1)[1])) for l in locs.split(",")]
        if kind == "message":
            msgs[key] = where
        elif kind == "flag":
            flags[key] = where
        elif kind == "option":
            p, o = key.split(":", 1)
            options[(None if p == "-" else p, o)] = where
        elif kind == "pipeline":
            pipelines[key] = where
    return msgs, flags, options, pipelines


def load_allowlist(path):
    entries = {}
    if not path or not Path(path).exists():
        return entries
    for no, line in enumerate(Path(path).read_text().split("\n"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" | ")]
        if len(parts) < 3 or not parts[2]:
            sys.exit(f"{path}:{no}: expected `KIND | KEY | reason`")
        entries[(parts[0], parts[1])] = [parts[2], False]
    return entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec-dir", default=os.environ.get("SLUICE_SPEC_DIR", "/work/shared/spec"))
    ap.add_argument(
        "--bin-dir",
        default=None,
        help="directory of sluice-opt, sluice-compile, ...; default: the tools on PATH",
    )
    ap.add_argument(
        "--allowlist", default=str(ROOT / "scripts" / "spec-conformance-allowlist.txt")
    )
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument(
        "--snapshot",
        help="extracted items (test/Spec/spec-items.txt): used when the spec directory is absent, "
        "checked for staleness when it is present",
    )
    ap.add_argument("--write-snapshot", help="write the extracted items to this file and exit")
    ap.add_argument("--list", choices=["messages", "flags", "options", "pipelines"])
    args = ap.parse_args()

    have_spec = Path(args.spec_dir).is_dir()
    if have_spec:
        msgs = extract_messages(args.spec_dir)
        flags, pipelines = extract_flags(args.spec_dir)
        options = extract_options(args.spec_dir)
        items = snapshot_lines(msgs, flags, options, pipelines)
        if args.write_snapshot:
            Path(args.write_snapshot).write_text("".join(items))
            print(f"wrote {len(items)} items to {args.write_snapshot}")
            return 0
        def keys(lines):
            return [l.split("\t")[:2] for l in lines if l.strip()]

        # Locations are informative only: a spec edit that moves lines does not make it stale.
        if args.snapshot and keys(Path(args.snapshot).read_text().split("\n")) != keys(items):
            print(
                f"STALE snapshot {args.snapshot}: the spec changed; regenerate it with\n"
                f"  scripts/check-spec-conformance.py --write-snapshot {args.snapshot}\n"
                f"and review the new misses",
                file=sys.stderr,
            )
            return 1
    elif args.snapshot:
        msgs, flags, options, pipelines = read_snapshot(args.snapshot)
    else:
        print(f"spec directory '{args.spec_dir}' not found (and no --snapshot)", file=sys.stderr)
        return 2
    if args.list:
        data = {"messages": msgs, "flags": flags, "pipelines": pipelines,
                "options": {f"{p}:{o}": w for (p, o), w in options.items()}}[args.list]
        for k, w in sorted(data.items()):
            print(f"{k}\t{w[0][0]}:{w[0][1]}")
        return 0

    corpus = source_corpus()
    tests = test_expectations()
    units = unit_expectations()
    unit_only = []
    helps = help_text(args.bin_dir)
    if "sluice-opt" not in helps:
        print(f"sluice-opt not found in '{args.bin_dir or 'PATH'}'", file=sys.stderr)
        return 2
    opt_passes = parse_pass_options(helps["sluice-opt"])
    all_help = "\n".join(helps.values())
    help_flags = set(re.findall(r"--([A-Za-z0-9_.-]+)", all_help))
    td_passes = registered_in_td()
    allow = load_allowlist(args.allowlist)

    misses = []  # (kind, key, where, detail)

    def miss(kind, key, where, detail=""):
        misses.append((kind, key, where, detail))

    for msg, where in sorted(msgs.items()):
        if covered(msg, tests):
            continue  # a lit test checks the emitted text: the strongest evidence
        if covered(msg, units):
            unit_only.append(msg)  # runtime statuses: GoogleTest checks them
            continue
        src = in_sources(msg, corpus)
        if not src:
            miss("message-source", msg, where)
        else:
            miss("message-test", msg, where, f"(source: {src})")

    for flag, where in sorted(flags.items()):
        if flag not in help_flags and flag not in td_passes:
            miss("flag", flag, where)

    for (pss, opt), where in sorted(options.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        if pss and pss in opt_passes:
            if opt not in opt_passes[pss]:
                miss("option", f"{pss}:{opt}", where)
        elif opt not in help_flags and not any(opt in o for o in opt_passes.values()):
            miss("option", f"{pss or '-'}:{opt}", where)

    for pl, where in sorted(pipelines.items()):
        if pl not in help_flags:
            miss("pipeline", pl, where)

    new = []
    for kind, key, where, detail in misses:
        e = allow.get((kind, key))
        if e:
            e[1] = True
            if args.verbose:
                print(f"allowed  {kind}: {key}  [{e[0]}]")
        else:
            new.append((kind, key, where, detail))
    stale = [(k, v[0]) for k, v in allow.items() if not v[1]]

    for kind, key, where, detail in new:
        locs = ", ".join(f"{f}:{l}" for f, l in where[:3])
        print(f"MISS {kind} | {key} | {locs} {detail}".rstrip())
    for (kind, key), reason in stale:
        print(f"STALE allowlist entry (no longer a miss): {kind} | {key}")
    print(
        f"spec-conformance: {len(msgs)} messages, {len(flags)} flags, {len(options)} options, "
        f"{len(pipelines)} pipelines; {len(unit_only)} messages checked by unit tests only; {len(misses)} misses, {len(misses) - len(new)} allowlisted, "
        f"{len(new)} new, {len(stale)} stale allowlist entries"
    )
    return 1 if new or stale else 0


if __name__ == "__main__":
    sys.exit(main())
