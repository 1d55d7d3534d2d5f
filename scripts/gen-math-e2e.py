#!/usr/bin/env python3
"""Writes test/e2e/math_ops_{f32,f16,f64}.mlir: one dispatch per floating-point
math op that a dispatch may contain (execution.md §5.1 step 1 allows the whole
`math` dialect; step 13 says how each is lowered), each applied to the same
four inputs, run JIT and AOT, with FileCheck lines accepting every printed
value within a tolerance of the reference value computed here (Python's math
module in double precision on the inputs rounded as the dispatch rounds them).

Also writes test/e2e/math_ops_{i8,i16,i32,i64}.mlir: one dispatch per integer
`math` op and per `arith` integer op that lowers to more than one instruction
or to a call (ceildiv/floordiv, extended multiplies, ...), on eight pairs of
edge values (0, 1, -1, min, max, a power of two, ...), checked exactly
against references computed here with Python integers.

Usage: scripts/gen-math-e2e.py [out-dir]   (default: test/e2e next to this
script). Re-run after changing the table; the generated files are committed.
"""
import math
import os
import struct
import sys

INPUTS = [-0.75, -0.25, 0.5, 0.9]


class FloatType:
    def __init__(self, name, fmt, bits, min_normal, rel, abs_):
        self.name, self.fmt, self.bits = name, fmt, bits
        self.min_normal, self.rel, self.abs = min_normal, rel, abs_

    def r(self, v):
        """Rounds a double to this type (round to nearest even)."""
        if self.fmt == "d" or math.isnan(v) or math.isinf(v):
            return v
        try:
            return struct.unpack(self.fmt, struct.pack(self.fmt, v))[0]
        except OverflowError:
            return math.copysign(math.inf, v)

    def next_up(self, v):
        if self.fmt == "d":
            return math.nextafter(v, math.inf)
        code = {"e": "H", "f": "I"}[self.fmt]
        bits = struct.unpack(code, struct.pack(self.fmt, v))[0]
        sign = 1 << (self.bits - 1)
        if v == 0:
            bits = 1
        elif bits & sign:
            bits -= 1
        else:
            bits += 1
        return struct.unpack(self.fmt, struct.pack(code, bits))[0]

    @property
    def bytes(self):
        return self.bits // 8


TYPES = {
    # Tolerances: f32 approximations are within a few ulp; f16 ops run in
    # f32 and round once more; f64 goes to libm.
    "f32": FloatType("f32", "f", 32, 2.0**-126, 1e-5, 1e-6),
    "f16": FloatType("f16", "e", 16, 2.0**-14, 2e-3, 1e-5),
    "f64": FloatType("f64", "d", 64, 2.0**-1022, 1e-12, 1e-13),
}


def round_half_away(v):
    return math.copysign(math.floor(abs(v) + 0.5), v)


def cbrt(v):
    return math.copysign(abs(v) ** (1.0 / 3.0), v)


# (op, MLIR body lines, reference). In the body %x is the element, {T} the
# type, {k:V} an arith.constant V of type {T} named %k; the last line
# defines %r. The reference gets x and the rounding function r of the type.
OPS = [
    ("absf", ["%r = math.absf %x : {T}"], lambda x, r: abs(x)),
    ("acos", ["%r = math.acos %x : {T}"], lambda x, r: math.acos(x)),
    ("acosh", ["{one:1.0}", "%a = math.absf %x : {T}",
               "%y = arith.addf %a, %one : {T}", "%r = math.acosh %y : {T}"],
     lambda x, r: math.acosh(r(abs(x) + 1.0))),
    ("asin", ["%r = math.asin %x : {T}"], lambda x, r: math.asin(x)),
    ("asinh", ["%r = math.asinh %x : {T}"], lambda x, r: math.asinh(x)),
    ("atan", ["%r = math.atan %x : {T}"], lambda x, r: math.atan(x)),
    ("atan2", ["{c:0.3}", "%y = arith.subf %c, %x : {T}",
               "%r = math.atan2 %x, %y : {T}"],
     lambda x, r: math.atan2(x, r(r(0.3) - x))),
    ("atanh", ["%r = math.atanh %x : {T}"], lambda x, r: math.atanh(x)),
    ("cbrt", ["%r = math.cbrt %x : {T}"], lambda x, r: cbrt(x)),
    ("ceil", ["{five:5.0}", "%y = arith.mulf %x, %five : {T}",
              "%r = math.ceil %y : {T}"],
     lambda x, r: math.ceil(r(x * 5.0))),
    ("clampf", ["{lo:-0.5}", "{hi:0.6}",
                "%r = math.clampf %x to [%lo, %hi] : {T}"],
     lambda x, r: min(max(x, -0.5), r(0.6))),
    ("copysign", ["{two:2.0}", "{c:0.3}", "%a = arith.mulf %x, %two : {T}",
                  "%b = arith.subf %c, %x : {T}",
                  "%r = math.copysign %a, %b : {T}"],
     lambda x, r: math.copysign(r(2.0 * x), r(r(0.3) - x))),
    ("cos", ["%r = math.cos %x : {T}"], lambda x, r: math.cos(x)),
    ("cosh", ["%r = math.cosh %x : {T}"], lambda x, r: math.cosh(x)),
    ("erf", ["%r = math.erf %x : {T}"], lambda x, r: math.erf(x)),
    ("erfc", ["%r = math.erfc %x : {T}"], lambda x, r: math.erfc(x)),
    ("exp", ["%r = math.exp %x : {T}"], lambda x, r: math.exp(x)),
    ("exp2", ["%r = math.exp2 %x : {T}"], lambda x, r: 2.0**x),
    ("expm1", ["%r = math.expm1 %x : {T}"], lambda x, r: math.expm1(x)),
    ("floor", ["{five:5.0}", "%y = arith.mulf %x, %five : {T}",
               "%r = math.floor %y : {T}"],
     lambda x, r: math.floor(r(x * 5.0))),
    ("fma", ["{q:0.25}", "%r = math.fma %x, %x, %q : {T}"],
     lambda x, r: x * x + 0.25),
    ("fpowi", ["%n = arith.constant 3 : i32",
               "%r = math.fpowi %x, %n : {T}, i32"],
     lambda x, r: x**3),
    # A variable exponent, trunc(4x) = -3, -1, 2, 3: powf(x, n) in libm.
    ("fpowi_var", ["{four:4.0}", "%y = arith.mulf %x, %four : {T}",
                   "%n = arith.fptosi %y : {T} to i32",
                   "%r = math.fpowi %x, %n : {T}, i32"],
     lambda x, r: x ** math.trunc(r(x * 4.0))),
    ("isfinite", ["{q:0.25}", "%d = arith.addf %x, %q : {T}",
                  "%y = arith.divf %x, %d : {T}",
                  "%b = math.isfinite %y : {T}",
                  "%r = arith.uitofp %b : i1 to {T}"],
     lambda x, r: 0.0 if x == -0.25 else 1.0),
    ("isinf", ["{q:0.25}", "%d = arith.addf %x, %q : {T}",
               "%y = arith.divf %x, %d : {T}", "%b = math.isinf %y : {T}",
               "%r = arith.uitofp %b : i1 to {T}"],
     lambda x, r: 1.0 if x == -0.25 else 0.0),
    ("isnan", ["{q:0.25}", "%d = arith.addf %x, %q : {T}",
               "%y = arith.divf %d, %d : {T}", "%b = math.isnan %y : {T}",
               "%r = arith.uitofp %b : i1 to {T}"],
     lambda x, r: 1.0 if x == -0.25 else 0.0),
    # x * 1.6 * (smallest normal): 1.2 and 1.44 times it are normal, 0.4
    # and 0.8 times it subnormal.
    ("isnormal", ["{s:SCALE}", "%y = arith.mulf %x, %s : {T}",
                  "%b = math.isnormal %y : {T}",
                  "%r = arith.uitofp %b : i1 to {T}"],
     lambda x, r: 1.0 if abs(x) > 0.625 else 0.0),
    ("log", ["%a = math.absf %x : {T}", "%r = math.log %a : {T}"],
     lambda x, r: math.log(abs(x))),
    ("log10", ["%a = math.absf %x : {T}", "%r = math.log10 %a : {T}"],
     lambda x, r: math.log10(abs(x))),
    ("log1p", ["%r = math.log1p %x : {T}"], lambda x, r: math.log1p(x)),
    ("log2", ["%a = math.absf %x : {T}", "%r = math.log2 %a : {T}"],
     lambda x, r: math.log2(abs(x))),
    ("powf", ["{h:0.5}", "%a = math.absf %x : {T}",
              "%b = arith.addf %a, %h : {T}", "%r = math.powf %b, %x : {T}"],
     lambda x, r: r(abs(x) + 0.5) ** x),
    ("round", ["{five:5.0}", "%y = arith.mulf %x, %five : {T}",
               "%r = math.round %y : {T}"],
     lambda x, r: round_half_away(r(x * 5.0))),
    ("roundeven", ["{five:5.0}", "%y = arith.mulf %x, %five : {T}",
                   "%r = math.roundeven %y : {T}"],
     lambda x, r: float(round(r(x * 5.0)))),
    ("rsqrt", ["%a = math.absf %x : {T}", "%r = math.rsqrt %a : {T}"],
     lambda x, r: 1.0 / math.sqrt(abs(x))),
    ("sin", ["%r = math.sin %x : {T}"], lambda x, r: math.sin(x)),
    ("sincos", ["{two:2.0}", "%s, %c = math.sincos %x : {T}",
                "%t = arith.mulf %c, %two : {T}",
                "%r = arith.addf %s, %t : {T}"],
     lambda x, r: r(math.sin(x)) + r(2.0 * r(math.cos(x)))),
    ("sinh", ["%r = math.sinh %x : {T}"], lambda x, r: math.sinh(x)),
    ("sqrt", ["%a = math.absf %x : {T}", "%r = math.sqrt %a : {T}"],
     lambda x, r: math.sqrt(abs(x))),
    ("tan", ["%r = math.tan %x : {T}"], lambda x, r: math.tan(x)),
    ("tanh", ["%r = math.tanh %x : {T}"], lambda x, r: math.tanh(x)),
    ("trunc", ["{five:5.0}", "%y = arith.mulf %x, %five : {T}",
               "%r = math.trunc %y : {T}"],
     lambda x, r: math.trunc(r(x * 5.0))),
]


def fmt(v):
    """What sluice-run prints for an element (%G)."""
    return "%G" % v


def regex_escape(text):
    return "".join("\\" + c if c in ".+*?()[]{}|^$\\" else c for c in text)


# Ops whose results are exact (no rounding error allowed).
EXACT = {"absf", "ceil", "clampf", "copysign", "floor", "isfinite", "isinf",
         "isnan", "isnormal", "round", "roundeven", "trunc"}


def pattern(t, v, exact):
    """A FileCheck pattern matching every printed value within tolerance."""
    v = t.r(v)
    tol = 0.0 if exact else t.abs + t.rel * abs(v)
    lo, hi = v - tol, v + tol
    texts = {fmt(v)}
    if t.fmt == "d":
        # The 6-significant-digit grid between lo and hi.
        if tol > 0:
            exp = math.floor(math.log10(max(abs(lo), abs(hi)))) - 5
            step = 10.0**exp
            k = math.floor(lo / step)
            while k * step <= hi:
                if lo <= k * step:
                    texts.add(fmt(k * step))
                k += 1
            texts.add(fmt(lo))
            texts.add(fmt(hi))
    else:
        w = t.r(lo)
        if w < lo:
            w = t.next_up(w)
        while w <= hi:
            texts.add(fmt(w))
            w = t.next_up(w)
    texts = sorted(texts)
    if len(texts) == 1:
        return texts[0]
    assert len(texts) <= 64, (v, texts)
    prefix = os.path.commonprefix(texts)
    while any(len(s) == len(prefix) for s in texts):
        prefix = prefix[:-1]
    return prefix + "{{(" + "|".join(
        regex_escape(s[len(prefix):]) for s in texts) + ")}}"


def constant(t, name, value):
    if value == "SCALE":
        value = repr(1.6 * t.min_normal)
    return "%{} = arith.constant {} : {}".format(name, value, t.name)


def body_lines(t, body):
    out = []
    for line in body:
        if line.startswith("{") and ":" in line and "%" not in line:
            name, value = line[1:-1].split(":", 1)
            out.append(constant(t, name, value))
        else:
            out.append(line.replace("{T}", t.name))
    return out


def program(name, elem, count, inputs, comments, checks, dispatches):
    """The test file: comments, RUN lines (JIT, then AOT) running @math_<name>
    on `inputs` (one flag value per input tensor), CHECK lines, and a module
    with one executable per (executable, function, body) in `dispatches`.
    Each body reads the inputs' elements as %x (and %y) and defines %r."""
    n = len(dispatches)
    nin = len(inputs)
    tensor = "tensor<{}x{}>".format(count, elem)
    res = "!stream.resource<external>{%cb}"
    aff = "#hal.device.affinity<@__device_0>"
    flags = " ".join("--input={}x{}={}".format(count, elem, v) for v in inputs)
    args = ["%x", "%y"][:nin]
    L = ["// REQUIRES: sluice-compile, sluice-run",
         "// Generated by scripts/gen-math-e2e.py: do not edit."]
    L += ["// " + c for c in comments]
    L.append("// RUN: sluice-run --module=%s --jit_flags=\"--compile-from="
             "stream --sluice-opt-level=1\" {} | FileCheck %s "
             "--match-full-lines".format(flags))
    L.append("// RUN: sluice-compile --compile-from=stream %s -o %t.so")
    L.append("// RUN: sluice-run --module=%t.so {} | FileCheck %s "
             "--match-full-lines".format(flags))
    L.append("// CHECK: EXEC @math_{}".format(name))
    for k, (label, line) in enumerate(checks):
        L.append("// " + label)
        L.append("// CHECK-NEXT: result[{}]: hal.buffer_view".format(k))
        L.append("// CHECK-NEXT: {}x{}={}".format(count, elem, line))
    L.append("")
    L.append('#executable_target = #hal.executable.target<"llvm-cpu", '
             '"sluice-native">')
    L.append('#device_target = #hal.device.target<"local", '
             '[#executable_target]> : !hal.device')
    L.append("module @math_{} attributes {{stream.affinity.default = {}}} {{"
             .format(name, aff))
    L.append("  util.global private @__device_0 = #device_target")
    dt = "!iree_tensor_ext.dispatch.tensor<{}:" + tensor + ">"
    bindings = ", ".join("%arg{}: !stream.binding".format(i)
                         for i in range(nin + 1))
    maps = ", ".join(["affine_map<(d0) -> (d0)>"] * (nin + 1))
    ins = ", ".join("%t{}".format(i) for i in range(nin))
    for ex, func, body in dispatches:
        L.append("  stream.executable private @{} {{".format(ex))
        L.append("    stream.executable.export public @{} workgroups() -> "
                 "(index, index, index) {{".format(func))
        L.append("      %x, %y, %z = iree_tensor_ext.dispatch."
                 "workgroup_count_from_slice()")
        L.append("      stream.return %x, %y, %z : index, index, index")
        L.append("    }")
        L.append("    builtin.module {")
        L.append("      func.func @{}({}) {{".format(func, bindings))
        L.append("        %c0 = arith.constant 0 : index")
        for i in range(nin):
            L.append("        %in{0} = stream.binding.subspan %arg{0}[%c0] : "
                     "!stream.binding -> {1}".format(i, dt.format("readonly")))
        L.append("        %out = stream.binding.subspan %arg{}[%c0] : "
                 "!stream.binding -> {}".format(nin, dt.format("writeonly")))
        for i in range(nin):
            L.append("        %t{0} = iree_tensor_ext.dispatch.tensor.load "
                     "%in{0}, offsets = [0], sizes = [{1}], strides = [1] : "
                     "{2} -> {3}".format(i, count, dt.format("readonly"),
                                         tensor))
        L.append("        %e = tensor.empty() : " + tensor)
        L.append("        %v = linalg.generic {{indexing_maps = [{}], "
                 "iterator_types = [\"parallel\"]}} ins({} : {}) outs(%e : {})"
                 " {{".format(maps, ins, ", ".join([tensor] * nin), tensor))
        L.append("        ^bb0({}):".format(", ".join(
            "{}: {}".format(a, elem) for a in args + ["%o"])))
        for line in body:
            L.append("          " + line)
        L.append("          linalg.yield %r : " + elem)
        L.append("        } -> " + tensor)
        L.append("        iree_tensor_ext.dispatch.tensor.store %v, %out, "
                 "offsets = [0], sizes = [{}], strides = [1] : {} -> {}"
                 .format(count, tensor, dt.format("writeonly")))
        L.append("        return")
        L.append("      }")
        L.append("    }")
        L.append("  }")
    views = ", ".join(["!hal.buffer_view"] * n)
    L.append("  util.func public @math_{}({}) -> ({}) {{".format(
        name, ", ".join("%v{}: !hal.buffer_view".format(a[1:]) for a in args),
        views))
    L.append("    %c0 = arith.constant 0 : index")
    L.append("    %cb = arith.constant {} : index".format(
        count * elem_bytes(elem)))
    for a in args:
        L.append("    {0} = stream.tensor.import on({1}) %v{2} : "
                 "!hal.buffer_view -> {3} in {4}".format(a, aff, a[1:], tensor,
                                                          res))
    for k in range(n):
        L.append("    %o{0}, %a{0} = stream.resource.alloca uninitialized "
                 "on({1}) : {2} => !stream.timepoint".format(k, aff, res))
    L.append("    %ready = stream.timepoint.join max({}) => !stream.timepoint"
             .format(", ".join("%a{}".format(k) for k in range(n))))
    withs = ", ".join(["{0} as %r{1}: {2}".format(a, a[1:], res) for a in args]
                      + ["%o{0} as %r{0}: {1}".format(k, res)
                         for k in range(n)])
    L.append("    %done = stream.cmd.execute on({}) await(%ready) => with({}) "
             "{{".format(aff, withs))
    L.append("      stream.cmd.concurrent {")
    for k, (ex, func, _) in enumerate(dispatches):
        L.append("        stream.cmd.dispatch @{}::@{} {{".format(ex, func))
        for a in args:
            L.append("          ro %r{}[%c0 for %cb] : {},".format(a[1:], res))
        L.append("          wo %r{}[%c0 for %cb] : {}".format(k, res))
        L.append("        }")
    L.append("      }")
    L.append("    } => !stream.timepoint")
    L.append("    %r:{} = stream.timepoint.await %done => {} : {}".format(
        n, ", ".join("%o{}".format(k) for k in range(n)),
        ", ".join([res] * n)))
    for k in range(n):
        L.append("    %v{0} = stream.tensor.export on({1}) %r#{0} : {2} in "
                 "{3} -> !hal.buffer_view".format(k, aff, tensor, res))
    L.append("    util.return {} : {}".format(
        ", ".join("%v{}".format(k) for k in range(n)), views))
    L.append("  }")
    L.append("}")
    return "\n".join(L) + "\n"


def elem_bytes(elem):
    return int(elem[1:]) // 8


def generate(t):
    xs = [t.r(v) for v in INPUTS]
    comments = [
        "One dispatch per {} math op (execution.md §5.1), each on the inputs"
        .format(t.name),
        "{} (some ops shift or scale them into their domain), JIT and AOT;"
        .format(", ".join(repr(v) for v in INPUTS)),
        "every element is checked against a reference value within "
        "{:g} + {:g}*|v|.".format(t.abs, t.rel)]
    checks = [("math.{}".format(name),
               " ".join(pattern(t, ref(x, t.r), name in EXACT) for x in xs))
              for name, _, ref in OPS]
    # Dispatch functions are named d_<op>, though a function named like a
    # libm function (@powf) works too (test/e2e/libm_names.mlir).
    dispatches = [("ex_" + name, "d_" + name, body_lines(t, body))
                  for name, body, _ in OPS]
    return program(t.name, t.name, len(INPUTS),
                   [",".join(repr(v) for v in INPUTS)], comments, checks,
                   dispatches)


# ---------------------------------------------------------------------------
# Integer ops.

INT_BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}


def int_inputs(bits):
    """x and y: edge values paired so that no division is by zero and no
    signed division is min / -1 (undefined behaviour)."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    xs = [0, 1, -1, lo, hi, 1 << (bits - 2), 7, -100]
    ys = [3, -3, 2, 7, -2, 5, -1, 4]
    return xs, ys


def wrap(v, bits):
    """v modulo 2^bits as a signed integer."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def unsigned(v, bits):
    return v & ((1 << bits) - 1)


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def ceil_div(a, b):
    return -((-a) // b)


def ctlz(x, bits):
    u = unsigned(x, bits)
    return bits - u.bit_length()


def cttz(x, bits):
    u = unsigned(x, bits)
    return bits if u == 0 else (u & -u).bit_length() - 1


def ipow(x, e, bits):
    """math.ipowi as --sluice-cpu-lower-math lowers it: a negative exponent
    gives 1 for base 1, (-1)^e for base -1, and 0 otherwise (base 0
    included)."""
    if e < 0:
        return 1 if x == 1 else ((-1) ** (e & 1) if x == -1 else 0)
    return pow(unsigned(x, bits), e, 1 << bits)


# (op, MLIR body lines, reference(x, y, bits)). In the body %x and %y are
# the elements, {T} the type, %m the shift mask (bits - 1) and %seven 7,
# both of type {T}; the last line defines %r.
INT_OPS = [
    ("absi", ["%r = math.absi %x : {T}"], lambda x, y, b: abs(x)),
    ("ctlz", ["%r = math.ctlz %x : {T}"], lambda x, y, b: ctlz(x, b)),
    ("cttz", ["%r = math.cttz %x : {T}"], lambda x, y, b: cttz(x, b)),
    ("ctpop", ["%r = math.ctpop %x : {T}"],
     lambda x, y, b: bin(unsigned(x, b)).count("1")),
    # Exponent y & 7 (0..7): math.ipowi with a negative exponent divides.
    ("ipowi", ["%p = arith.andi %y, %seven : {T}",
               "%r = math.ipowi %x, %p : {T}"],
     lambda x, y, b: ipow(x, y & 7, b)),
    # Exponent x * y (wrapped): negative ones, 0 and large ones.
    ("ipowi_any", ["%p = arith.muli %x, %y : {T}",
                   "%r = math.ipowi %x, %p : {T}"],
     lambda x, y, b: ipow(x, wrap(x * y, b), b)),
    ("ceildivsi", ["%r = arith.ceildivsi %x, %y : {T}"],
     lambda x, y, b: ceil_div(x, y)),
    ("ceildivui", ["%r = arith.ceildivui %x, %y : {T}"],
     lambda x, y, b: ceil_div(unsigned(x, b), unsigned(y, b))),
    ("floordivsi", ["%r = arith.floordivsi %x, %y : {T}"],
     lambda x, y, b: x // y),
    ("divsi", ["%r = arith.divsi %x, %y : {T}"],
     lambda x, y, b: trunc_div(x, y)),
    ("divui", ["%r = arith.divui %x, %y : {T}"],
     lambda x, y, b: unsigned(x, b) // unsigned(y, b)),
    ("remsi", ["%r = arith.remsi %x, %y : {T}"],
     lambda x, y, b: x - trunc_div(x, y) * y),
    ("remui", ["%r = arith.remui %x, %y : {T}"],
     lambda x, y, b: unsigned(x, b) % unsigned(y, b)),
    ("maxsi", ["%r = arith.maxsi %x, %y : {T}"], lambda x, y, b: max(x, y)),
    ("maxui", ["%r = arith.maxui %x, %y : {T}"],
     lambda x, y, b: max(unsigned(x, b), unsigned(y, b))),
    ("minsi", ["%r = arith.minsi %x, %y : {T}"], lambda x, y, b: min(x, y)),
    ("minui", ["%r = arith.minui %x, %y : {T}"],
     lambda x, y, b: min(unsigned(x, b), unsigned(y, b))),
    # The high halves of the double-width products.
    ("mulsi_extended", ["%l, %r = arith.mulsi_extended %x, %y : {T}"],
     lambda x, y, b: (x * y) >> b),
    ("mului_extended", ["%l, %r = arith.mului_extended %x, %y : {T}"],
     lambda x, y, b: (unsigned(x, b) * unsigned(y, b)) >> b),
    ("shli", ["%s = arith.andi %y, %m : {T}", "%r = arith.shli %x, %s : {T}"],
     lambda x, y, b: x << (y & (b - 1))),
    ("shrsi", ["%s = arith.andi %y, %m : {T}",
               "%r = arith.shrsi %x, %s : {T}"],
     lambda x, y, b: x >> (y & (b - 1))),
    ("shrui", ["%s = arith.andi %y, %m : {T}",
               "%r = arith.shrui %x, %s : {T}"],
     lambda x, y, b: unsigned(x, b) >> (y & (b - 1))),
]


def generate_int(name):
    bits = INT_BITS[name]
    xs, ys = int_inputs(bits)
    comments = [
        "One dispatch per {} integer math/arith op (execution.md §5.1), "
        "each on x = {}".format(name, ", ".join(str(v) for v in xs)),
        "and y = {}, JIT and AOT; every element is checked exactly.".format(
            ", ".join(str(v) for v in ys))]
    checks = [(op, " ".join(str(wrap(ref(x, y, bits), bits))
                            for x, y in zip(xs, ys)))
              for op, _, ref in INT_OPS]
    dispatches = []
    for op, body, _ in INT_OPS:
        lines = []
        if any("%m" in line for line in body):
            lines.append("%m = arith.constant {} : {}".format(bits - 1, name))
        if any("%seven" in line for line in body):
            lines.append("%seven = arith.constant 7 : {}".format(name))
        lines += [line.replace("{T}", name) for line in body]
        # The dispatch functions have the ops' names (like @ctlz): user
        # names never clash with the runtime's (test/e2e/libm_names.mlir).
        dispatches.append(("ex_" + op, op, lines))
    return program(name, name, len(xs),
                   [",".join(str(v) for v in vs) for vs in (xs, ys)],
                   comments, checks, dispatches)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "test", "e2e")
    for name, t in TYPES.items():
        path = os.path.join(out_dir, "math_ops_{}.mlir".format(name))
        with open(path, "w") as f:
            f.write(generate(t))
    for name in INT_BITS:
        path = os.path.join(out_dir, "math_ops_{}.mlir".format(name))
        with open(path, "w") as f:
            f.write(generate_int(name))


if __name__ == "__main__":
    main()
