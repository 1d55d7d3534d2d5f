#!/usr/bin/env python3
"""Generates MLIR programs of a given size and shape for pass benchmarks and tests.

    gen-program.py --level LEVEL --shape SHAPE --ops N [--seed K] [--set key=value ...] [-o FILE]
    gen-program.py --list

Every output parses and verifies with `sluice-opt`. The program has about N operations (every op counts,
ops inside regions and terminators included; block labels and closing braces do not); the exact count is
written in the first line, `// gen-program: level=... shape=... ops=<count> ...`, which
`run-pass-bench.py` reads.

Design. A *level* is a class that knows how to spell a small set of primitives in one phase of the
compiler (`compute`: a dispatch on some inputs, `step`: one op of a long chain, `transfer` between
devices, `host_sync`: read a scalar back on the host and feed it to the next dispatch, `param`/`params`:
parameter loads and gathers, `payload`: the per-block work of the control-flow shapes). A *shape* is one
function written against those primitives, so every shape exists at every level that implements the
primitives it uses. Adding a shape: write `@shape("name") def name(e, L): ...`. Adding a level: subclass
`Level` and register it with `@level("name")`. Shape knobs come from `--set key=value` (`e.opt(...)`).

Levels:
  flow        util.func with hal.tensor.import/export, flow.dispatch and flow.tensor.* ops, util.global
              (state and #flow.parameter.named parameters): the input of --iree-stream-conversion
              [transients=0|1: 1 annotates the result with hal.tensor.transients on a %storage
              argument, for the external-transients passes]
  async       stream.async.* ops in util.func, no execute regions: the input of the async-phase passes
              (copy-on-write, elide-async-copies, refine-usage, schedule-execution, ...)
  async-exec  the same work inside stream.async.execute regions chained by timepoints, with awaits and
              stream.async.parameter.* ops: the input of schedule-concurrency, the timepoint passes and
              schedule-allocation
  async-alloc async-exec after usage refinement and scheduling: concrete lifetimes and execute regions
              of many ops (local transients of several sizes, in-place updates, constants): the input of
              schedule-allocation, layout-slices and reference counting  [region=8
              body=chain|transformer|unet|mixed constants=0.25 transients=0|1; unet: encoder/decoder
              with skip connections; mixed: sizes 192 B-64 KiB, some values used again later in the
              region; transients=1 passes the result through stream.resource.transients on a %storage
              argument, for the external-transients passes; calls=R (with transients=1) adds one call
              per R ops to private helpers that allocate transients (one nested), on the result's
              timeline]
  cmd         stream.cmd.execute regions with dispatches/copies/fills on function-argument buffers,
              stream.cmd.parameter.* ops, timepoint awaits: the input of the command-phase passes
              [funcs=0|1: 1 gives the executable an inner module with one function per export and
              every dispatch two more operands (a uniform index constant and an i32 argument): the
              input of the dispatch optimizations;
               hal=1: the executable as a hal.executable (input of --iree-hal-conversion);
               targets=1: device globals with the sluice-native target, an affinity on every
               execute and one interface function per export (input of
               --iree-hal-materialize-interfaces)]
  hal         io_parameters.load/gather/scatter on !hal.device/!hal.fence/!hal.buffer function arguments
              (what --iree-hal-conversion makes of stream.cmd.parameter.*): the input of
              --iree-vm-conversion; only the `paramio` shape  [dynamic=4]
  tensor      stream.tensor.* ops over encoded tensors on two devices with layout resolvers, dispatching
              to an executable with encoded bindings; parameters encoded twice in initializers: the
              input of the encoding passes  [encoding=testing|none|packed|i1]
  abi         public util.funcs taking and returning tensors (a dynamic tensor<?xf32>, a tensor<64xf32>
              with iree.abi.name, an i32), each a chain of `per` arith ops on the first tensor ending in a
              util.call of the previous one: the input of --iree-abi-wrap-entry-points (both invocation
              models); only the `chain` shape  [per=8]
  dispatch    one hal.executable with an llvm-cpu variant: every step is one export (count from
              workgroup_count_from_slice) and one dispatch function loading a tensor<?xf32> (a workload
              ordinal), running `body` chained elementwise linalg.generics and storing the result: the
              input of --sluice-cpu-codegen-pipeline; only the `chain` shape  [body=2]

Shapes (knobs in brackets):
  chain        a long dependency chain of mixed ops
  fanout       a source fanned out to `width` consumers joined by one dispatch, repeated  [width=16]
  multidevice  two interleaved chains on #hal.device.affinity<@device_a>/<@device_b> exchanging values
               by transfers every `every` steps; every `shared`-th step both consume one new splat
               (0: never; not at the cmd level)  [every=4 shared=0]
  hostsync     a chain where every `every` steps a scalar is read back on the host  [every=1]
  params       a chain consuming one parameter per step; every `gather`-th group is loaded by one
               gather of `group` parameters  [group=8 gather=2]
  cfchain      a chain of blocks each doing `payload` on the value carried in and ending in
               `cf.cond_br %cond, ^next(%new), ^next(%carried)` (issue 24); `conds=distinct` gives
               every block its own condition  [payload=await|barrier|compute conds=shared|distinct]
  scfif        nests of `scf.if` `depth` deep, each level yielding a value; every if tests its own
               condition, or (conds=shared) consecutive nests reuse the same `depth` ones
               [depth=32 conds=distinct|shared payload=...]
  scffor       `loops` `scf.for` loops whose bodies hold the chain  [loops=1 payload=...]
  switch       `cf.switch` (form=cf) or `scf.index_switch` (form=scf) ops with `width` cases each, one
               after the other (width=0: one switch with as many cases as fit)
               [width=0 form=cf payload=...]
  reductions   `width` (at most what fits in --ops) independent computations on one value, repeated; at
               async-exec all in one execute reading one captured resource (IREE issue 24928), the
               last one updating it in place when inplace=1 (async-exec only)  [width=1024 inplace=0]
  initstores   (async only) util.initializers, `stores` each, storing into globals values derived from
               parameters (`stream.async.constant` of #stream.parameter.named) by `depth` chain steps;
               `share` stores derive from one parameter: the input of
               --iree-stream-split-parameter-encoder  [depth=2 share=1 stores=64]
  paramwave    (cmd) gathers of `group` rows, each awaited by one execute holding one dispatch per row in
               one stream.cmd.concurrent: the input of --sluice-pipeline-parameter-uploads  [group=8]
  paramio      (cmd, hal) a chain of parameter transfers: stream.cmd.parameter.load/gather/scatter/
               read/write on device_a each awaiting the previous one (cmd: the input of
               --iree-hal-conversion), io_parameters.load/gather/scatter each on the previous buffer
               (hal: the input of --iree-vm-conversion); `group` rows per load/gather/scatter  [group=4]
Payloads: `await` (stream.timepoint.await of the carried value; async levels and cmd), `barrier`
(util.optimization_barrier), `compute` (one chain step). The default is `await` on the async levels and
`compute` elsewhere.
"""
import argparse
import random
import sys

LEVELS = {}
SHAPES = {}


def level(name):
    def register(cls):
        cls.name = name
        LEVELS[name] = cls
        return cls
    return register


def shape(name, levels=None):
    """Registers a shape; `levels` restricts it to the levels whose IR it is meant for (default: every
    level that spells the primitives it uses)."""
    def register(fn):
        fn.levels = levels
        SHAPES[name] = fn
        return fn
    return register


def shape_levels(shape_name):
    """The levels a shape exists at: those it names (default: all) that do not restrict their shapes."""
    return [name for name, cls in LEVELS.items()
            if (SHAPES[shape_name].levels is None or name in SHAPES[shape_name].levels)
            and (cls.shapes is None or shape_name in cls.shapes)]


class Unsupported(Exception):
    """A level cannot spell a primitive a shape needs."""


class Val:
    """A program value: one or more SSA names with their types, plus level-private attributes."""

    def __init__(self, names, types, **attrs):
        self.names = list(names)
        self.types = list(types)
        self.attrs = attrs

    def uses(self):
        return ", ".join(self.names)

    def type_list(self):
        return ", ".join(self.types)

    def branch_operands(self):
        """`(%a, %b : T0, T1)` as a successor operand list."""
        return f"({self.uses()} : {self.type_list()})"


class Emitter:
    """Accumulates module-level ops, one function body and trailing module ops, counting ops."""

    def __init__(self, rng, options, target):
        self.rng = rng
        self.options = options
        self.used_options = set()
        self.target = target
        self.head = []       # module-level ops before the function
        self.body = []       # the function
        self.tail = []       # module-level ops after the function (executables)
        self.count = 0
        self.ids = {}
        self.indent = 1
        self.exports = {}    # export name -> number of workload operands (levels fill the executable)

    # --- options -------------------------------------------------------------------------------------
    def opt(self, key, default):
        self.used_options.add(key)
        if key not in self.options:
            return default
        value = self.options[key]
        return type(default)(value) if not isinstance(default, str) else value

    # --- names ---------------------------------------------------------------------------------------
    def fresh(self, prefix="v"):
        n = self.ids.get(prefix, 0)
        self.ids[prefix] = n + 1
        return f"%{prefix}{n}"

    def label(self, prefix="bb"):
        n = self.ids.get("^" + prefix, 0)
        self.ids["^" + prefix] = n + 1
        return f"^{prefix}{n}"

    # --- text ----------------------------------------------------------------------------------------
    def op(self, text):
        """One op (may open a region with a trailing `{`)."""
        self.body.append("  " * self.indent + text)
        self.count += 1

    def raw(self, text, dedent=0):
        """Text that is not an op: closing braces, `} else {`, rows of a custom op."""
        self.body.append("  " * (self.indent - dedent) + text)

    def module_op(self, text, tail=False):
        (self.tail if tail else self.head).append(text)
        self.count += 1

    def block(self, label, val=None):
        """Starts block `label` whose arguments mirror `val`; returns the Val of the arguments."""
        if val is None:
            self.body.append("  " * (self.indent - 1) + f"{label}:")
            return None
        names = [self.fresh("a") for _ in val.names]
        args = ", ".join(f"{n}: {t}" for n, t in zip(names, val.types))
        self.body.append("  " * (self.indent - 1) + f"{label}({args}):")
        return Val(names, val.types, **val.attrs)

    def region(self):
        emitter = self

        class Region:
            def __enter__(self):
                emitter.indent += 1

            def __exit__(self, *exc):
                emitter.indent -= 1
        return Region()

    def remaining(self):
        return self.target - self.count

    def text(self, header):
        return "\n".join([header] + self.head + self.body + self.tail) + "\n"


# =====================================================================================================
# Levels
# =====================================================================================================

class Level:
    """Spells the primitives shapes use. Methods a level cannot support raise Unsupported."""
    default_payload = "compute"
    # Ops end_func emits (so shapes can stop early enough to land near the requested count).
    epilogue_ops = 2
    # About how many ops one parameter costs with its consumer (the `params` shape's budget).
    param_ops = 4
    # The shapes this level exists for (None: every shape whose primitives it spells).
    shapes = None

    def __init__(self, e):
        self.e = e

    def begin_func(self):
        """Emits the function header, constants and inputs; returns the list of input Vals (>= 2)."""
        raise NotImplementedError

    def end_func(self, results):
        raise NotImplementedError

    def finish(self):
        """Module-level ops emitted after the function (executables with the exports used)."""

    def compute(self, inputs, device=None, scalars=()):
        raise Unsupported("compute")

    def step(self, v):
        """One op (or a few) of a long chain; defaults to a one-input dispatch."""
        return self.compute([v])

    def transfer(self, v, src, dst):
        raise Unsupported("transfer")

    def host_sync(self, v):
        raise Unsupported("host_sync")

    def splat(self):
        """A cheap producer of a fresh value with no value operand (a splat)."""
        raise Unsupported("splat")

    def param(self, i):
        raise Unsupported("param")

    def key(self, i):
        """The parameter key `param<i>` as a !util.buffer constant."""
        k = self.e.fresh("key")
        self.e.op(f'{k} = util.buffer.constant : !util.buffer = "param{i}"')
        return k

    def reductions(self, v, width, inplace):
        """`width` independent reads of `v` (in one region where the level has regions) and, with
        `inplace`, an in-place update of it; returns the last result."""
        if inplace:
            raise Unsupported("inplace=1")
        e = self.e
        start = e.count
        last = self.compute([v])
        per = e.count - start
        for _ in range(width - 1):
            if e.count + per + self.epilogue_ops > e.target:
                break  # fewer reads on small programs
            last = self.compute([v])
        return last

    def params(self, first, count):
        """Loads `count` parameters at once (a gather where the level has one)."""
        return [self.param(first + k) for k in range(count)]

    def mutate(self, v):
        """A dispatch updating `v` in place (its result tied to `v`)."""
        raise Unsupported("mutate")

    def emplace(self, v):
        """A dispatch reading `v` whose whole result is copied into a range of a
        new allocation (the concat pattern emplace-allocations folds)."""
        raise Unsupported("emplace")

    def begin_init(self):
        """Opens a util.initializer (with the level's constants)."""
        raise Unsupported("initializers")

    def end_init(self):
        raise Unsupported("initializers")

    def init_param(self, i):
        """A parameter-backed constant value inside an initializer."""
        raise Unsupported("init_param")

    def store(self, v, name):
        """Declares global `name` and stores `v` into it."""
        raise Unsupported("store")

    def param_io(self, kind, first, count, after):
        raise Unsupported("param_io")

    def payload(self, v, kind):
        if kind == "compute":
            return self.step(v)
        if kind == "barrier":
            names = [self.e.fresh("b") for _ in v.names]
            self.e.op(f"{', '.join(names)} = util.optimization_barrier {v.uses()} : {v.type_list()}")
            return Val(names, v.types, **v.attrs)
        raise Unsupported(f"payload={kind}")

    def cond(self):
        return "%cond"

    def flag(self):
        return "%flag"


DEVICES = {"a": "#hal.device.affinity<@device_a>", "b": "#hal.device.affinity<@device_b>"}


def device_globals(e):
    e.module_op("util.global private @device_a : !hal.device")
    e.module_op("util.global private @device_b : !hal.device")


@level("flow")
class FlowLevel(Level):
    T = "tensor<64xf32>"

    def transients(self):
        """Knob `transients=1`: the result is annotated with hal.tensor.transients on a `%storage`
        argument (the input of the external-transients passes after the stream pipeline)."""
        return int(self.e.opt("transients", 0)) != 0

    def begin_func(self):
        e = self.e
        device_globals(e)
        e.module_op(f"util.global private mutable @state : {self.T}")
        storage = ", %storage: !hal.buffer" if self.transients() else ""
        e.body.append("util.func public @main(%view0: !hal.buffer_view, %view1: !hal.buffer_view, "
                      f"%cond: i1, %flag: i32{storage}) -> !hal.buffer_view {{")
        e.count += 1
        for name, value in [("%c0", "0 : index"), ("%c32", "32 : index"), ("%c64", "64 : index")]:
            e.op(f"{name} = arith.constant {value}")
        a, b = e.fresh(), e.fresh()
        e.op(f'{a} = hal.tensor.import %view0 "input0" : !hal.buffer_view -> {self.T}')
        e.op(f'{b} = hal.tensor.import on({DEVICES["a"]}) %view1 "input1" : !hal.buffer_view -> {self.T}')
        s = e.fresh()
        e.op(f"{s} = util.global.load @state : {self.T}")
        return [Val([a], [self.T]), Val([b], [self.T]), Val([s], [self.T])]

    def end_func(self, results):
        e = self.e
        v = results[0]
        for other in results[1:]:
            v = self.compute([v, other])
        e.op(f"util.global.store {v.names[0]}, @state : {self.T}")
        result = v.names[0]
        if self.transients():
            result = e.fresh("tr")
            e.op(f"{result} = hal.tensor.transients {v.names[0]} : {self.T} from %storage : !hal.buffer")
        out = e.fresh("out")
        e.op(f'{out} = hal.tensor.export {result} "output" : {self.T} -> !hal.buffer_view')
        e.op(f"util.return {out} : !hal.buffer_view")
        e.body.append("}")

    def finish(self):
        e = self.e
        lines = ["flow.executable private @ex {"]
        for name in sorted(e.exports):
            lines += [f"  flow.executable.export public @{name} workgroups(%n: index) -> (index, index, index) {{",
                      "    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)",
                      "    flow.return %x, %y, %z : index, index, index",
                      "  }"]
        lines.append("}")
        e.tail.append("\n".join(lines))
        e.count += 2 + 3 * len(e.exports)  # the executable, its end op, 3 per export

    def compute(self, inputs, device=None, scalars=()):
        e = self.e
        name = f"d{len(inputs)}" + (f"s{len(scalars)}" if scalars else "")
        e.exports[name] = 1
        r = e.fresh()
        operands = [v.names[0] for v in inputs] + [s for s, _ in scalars]
        types = [self.T] * len(inputs) + [t for _, t in scalars]
        attrs = f" {{stream.affinity = {DEVICES[device]}}}" if device else ""
        e.op(f"{r} = flow.dispatch @ex::@{name}[%c64]({', '.join(operands)}){attrs} : "
             f"({', '.join(types)}) -> {self.T}")
        return Val([r], [self.T])

    def step(self, v):
        e = self.e
        x = v.names[0]
        k = e.rng.random()
        if k < 0.7:
            return self.compute([v])
        r = e.fresh()
        if k < 0.8:
            m = e.fresh()
            e.op(f"{m} = flow.tensor.reshape {x} : {self.T} -> tensor<8x8xf32>")
            e.op(f"{r} = flow.tensor.reshape {m} : tensor<8x8xf32> -> {self.T}")
        elif k < 0.9:
            s = e.fresh()
            e.op(f"{s} = flow.tensor.slice {x}[%c0 for %c32] : {self.T} -> tensor<32xf32>")
            e.op(f"{r} = flow.tensor.update {s}, {x}[%c32] : tensor<32xf32> -> {x} as {self.T}")
        else:
            e.op(f"{r} = flow.tensor.clone {x} : {self.T}")
        return Val([r], [self.T])

    def transfer(self, v, src, dst):
        r = self.e.fresh()
        self.e.op(f"{r} = flow.tensor.transfer {v.names[0]} : {self.T} to {DEVICES[dst]}")
        return Val([r], [self.T])

    def splat(self):
        e = self.e
        k, r = e.fresh("k"), e.fresh()
        e.op(f"{k} = arith.constant {len(e.body)}.0 : f32")
        e.op(f"{r} = flow.tensor.splat {k} : {self.T}")
        return Val([r], [self.T])

    def host_sync(self, v):
        e = self.e
        s = e.fresh("s")
        e.op(f"{s} = flow.tensor.load {v.names[0]}[%c0] : {self.T}")
        return self.compute([v], scalars=[(s, "f32")])

    def param(self, i):
        e = self.e
        e.module_op(f'util.global private @param{i} = #flow.parameter.named<"model"::"param{i}"> : {self.T}')
        r = e.fresh("p")
        e.op(f"{r} = util.global.load @param{i} : {self.T}")
        return Val([r], [self.T])


@level("async")
class AsyncLevel(Level):
    R = "!stream.resource<*>"
    default_payload = "await"
    epilogue_ops = 2

    def sized(self, t="!stream.resource<*>", size="%c256"):
        return f"{t}{{{size}}}"

    def begin_func(self):
        e = self.e
        device_globals(e)
        e.body.append("util.func public @main(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>, "
                      "%tp: !stream.timepoint, %cond: i1, %flag: i32) -> !stream.resource<external> {")
        e.count += 1
        self.constants()
        e.op('%scope = util.buffer.constant : !util.buffer = "model"')
        ins = []
        for arg in ("%arg0", "%arg1"):
            r = e.fresh()
            e.op(f"{r} = stream.async.transfer {arg} : {self.sized('!stream.resource<external>')} -> "
                 f"{self.sized()}")
            ins.append(self.wrap(r, "%tp"))
        return ins

    def constants(self):
        for name, value in [("%c0", "0 : index"), ("%c64", "64 : index"), ("%c128", "128 : index"),
                            ("%c256", "256 : index"), ("%c0_i64", "0 : i64"), ("%pattern", "0 : i32")]:
            self.e.op(f"{name} = arith.constant {value}")

    # --- initializers (the input of split-parameter-encoder) -----------------------------------------
    def begin_init(self):
        self.e.body.append("util.initializer {")
        self.e.count += 1
        self.constants()

    def end_init(self):
        self.e.op("util.return")
        self.e.body.append("}")

    def init_param(self, i):
        p = self.e.fresh("p")
        self.e.op(f"{p} = stream.async.constant : {self.sized('!stream.resource<constant>')} = "
                  f'#stream.parameter.named<"model"::"param{i}"> : vector<256xi8>')
        return Val([p], ["!stream.resource<constant>"])

    def store(self, v, name):
        e = self.e
        C = "!stream.resource<constant>"
        e.module_op(f"util.global private @{name} : {C}")
        x = v.names[0]
        if v.types[0] != C:
            x = e.fresh()
            e.op(f"{x} = stream.async.transfer {v.names[0]} : {self.sized(v.types[0])} -> {self.sized(C)}")
        e.op(f"util.global.store {x}, @{name} : {C}")

    def wrap(self, resource, timepoint, rtype=None):
        return Val([resource], [rtype or self.R])

    def end_func(self, results):
        e = self.e
        v = results[0]
        for other in results[1:]:
            v = self.compute([v, other])
        v = self.ready(v)
        out = e.fresh("out")
        e.op(f"{out} = stream.async.transfer {v.names[0]} : {self.sized(v.types[0])} -> "
             f"{self.sized('!stream.resource<external>')}")
        e.op(f"util.return {out} : !stream.resource<external>")
        e.body.append("}")

    def ready(self, v):
        """The resource of `v` usable on the host timeline (awaited where the level has timepoints)."""
        return v

    @staticmethod
    def export_lines(e):
        """The stream.executable.export ops of every dispatched name (3 ops each)."""
        lines = []
        for name in sorted(e.exports):
            lines += [f"  stream.executable.export public @{name} workgroups(%n: index) -> (index, index, index) {{",
                      "    %c1 = arith.constant 1 : index",
                      "    stream.return %n, %c1, %c1 : index, index, index",
                      "  }"]
        return lines

    def finish(self):
        e = self.e
        if not e.exports:
            return  # nothing dispatched (an empty executable is illegal for --iree-hal-conversion)
        lines = ["stream.executable private @ex {"] + AsyncLevel.export_lines(e) + ["}"]
        e.tail.append("\n".join(lines))
        e.count += 2 + 3 * len(e.exports)  # the executable, its end op, 3 per export

    def dispatch(self, operands, device, scalars):
        """The text of a stream.async.dispatch over (name, type) resource operands; returns (result, text)."""
        e = self.e
        name = f"d{len(operands)}" + (f"s{len(scalars)}" if scalars else "")
        e.exports[name] = 1
        r = e.fresh()
        on = f"on({DEVICES[device]}) " if device else ""
        args = [f"{n}[%c0 to %c256 for %c256]" for n, _ in operands] + [s for s, _ in scalars]
        types = [self.sized(t) for _, t in operands] + [t for _, t in scalars]
        return r, (f"{r} = stream.async.dispatch {on}@ex::@{name}[%c64]({', '.join(args)}) : "
                   f"({', '.join(types)}) -> {self.sized()}")

    def compute(self, inputs, device=None, scalars=()):
        r, text = self.dispatch([(v.names[0], v.types[0]) for v in inputs], device, scalars)
        self.e.op(text)
        return Val([r], [self.R])

    def step(self, v):
        e = self.e
        x = v.names[0]
        k = e.rng.random()
        if k < 0.6 or v.types[0] != self.R:
            return self.compute([v])
        r = e.fresh()
        if k < 0.7:
            e.op(f"{r} = stream.async.clone {x} : {self.sized()} -> {self.sized()}")
        elif k < 0.8:
            s = e.fresh()
            e.op(f"{s} = stream.async.slice {x}[%c0 to %c128] : {self.sized()} -> {self.sized(size='%c128')}")
            e.op(f"{r} = stream.async.update {s}, {x}[%c128 to %c256] : {self.sized(size='%c128')} -> "
                 f"{x} as {self.sized()}")
        elif k < 0.9:
            e.op(f"{r} = stream.async.fill %pattern, {x}[%c0 to %c128 for %c128] : i32 -> {x} as {self.sized()}")
        else:
            s = e.fresh()
            e.op(f"{s} = stream.async.splat %pattern : i32 -> {self.sized()}")
            e.op(f"{r} = stream.async.copy {x}[%c0 to %c128], {s}[%c128 to %c256], %c128 : "
                 f"{self.sized()} -> {s} as {self.sized()}")
        return Val([r], [self.R])

    def mutate(self, v):
        e = self.e
        r, text = self.dispatch([(v.names[0], v.types[0])], None, ())
        e.op(text[:text.rindex("->")] + f"-> {v.names[0]}{{%c256}}")
        return Val([r], [v.types[0]])

    def emplace(self, v):
        e = self.e
        e.exports["d1"] = 1
        d = e.fresh()
        e.op(f"{d} = stream.async.dispatch @ex::@d1[%c64]({v.names[0]}[%c0 to %c256 for %c256]) : "
             f"({self.sized(v.types[0])}) -> {self.sized(size='%c128')}")
        t = e.fresh()
        e.op(f"{t} = stream.async.alloca : {self.sized()}")
        r = e.fresh()
        e.op(f"{r} = stream.async.update {d}, {t}[%c0 to %c128] : {self.sized(size='%c128')} -> "
             f"{t} as {self.sized()}")
        return Val([r], [self.R])

    def splat(self):
        r = self.e.fresh()
        self.e.op(f"{r} = stream.async.splat %pattern : i32 -> {self.sized()}")
        return Val([r], [self.R])

    def transfer(self, v, src, dst):
        r = self.e.fresh()
        self.e.op(f"{r} = stream.async.transfer {v.names[0]} : {self.sized(v.types[0])} from({DEVICES[src]}) -> "
                  f"to({DEVICES[dst]}) {self.sized()}")
        return Val([r], [self.R])

    def host_sync(self, v):
        e = self.e
        st = e.fresh("stg")
        e.op(f"{st} = stream.async.transfer {v.names[0]} : {self.sized(v.types[0])} -> "
             f"{self.sized('!stream.resource<staging>')}")
        s = e.fresh("s")
        e.op(f"{s} = stream.async.load {st}[%c0] : {self.sized('!stream.resource<staging>')} -> f32")
        return self.compute([v], scalars=[(s, "f32")])

    def param(self, i):
        e = self.e
        k = self.key(i)
        p, t = e.fresh("p"), e.fresh("t")
        e.op(f"{p}, {t} = stream.async.parameter.load %scope::{k}[%c0_i64] : "
             f"{self.sized('!stream.resource<constant>')} => !stream.timepoint")
        return self.loaded(p, t, "!stream.resource<constant>")

    def loaded(self, resource, timepoint, rtype):
        """The Val of a resource produced with a timepoint outside an execute region."""
        e = self.e
        a = e.fresh()
        e.op(f"{a} = stream.timepoint.await {timepoint} => {resource} : {self.sized(rtype)}")
        r = e.fresh()
        e.op(f"{r} = stream.async.transfer {a} : {self.sized(rtype)} -> {self.sized()}")
        return Val([r], [self.R])

    def params(self, first, count):
        e = self.e
        keys = [self.key(first + k) for k in range(count)]
        total = e.fresh("size")
        e.op(f"{total} = arith.constant {256 * count} : index")
        offsets = []
        for k in range(count + 1):
            o = e.fresh("off")
            e.op(f"{o} = arith.constant {256 * k} : index")
            offsets.append(o)
        buf = e.fresh("buf")
        e.op(f"{buf} = stream.async.alloca : !stream.resource<transient>{{{total}}}")
        g, t = e.fresh("g"), e.fresh("t")
        e.op(f"{g}, {t} = stream.async.parameter.gather {{")
        rows = [f"%scope::{keys[k]}[%c0_i64] -> {buf}[{offsets[k]} to {offsets[k + 1]} for %c256] : "
                f"!stream.resource<transient>{{{total}}}" for k in range(count)]
        for k, row in enumerate(rows):
            e.raw("  " + row + ("," if k + 1 < count else ""))
        e.raw("} : !stream.resource<transient> => !stream.timepoint")
        a = e.fresh()
        e.op(f"{a} = stream.timepoint.await {t} => {g} : !stream.resource<transient>{{{total}}}")
        out = []
        for k in range(count):
            s = e.fresh()
            e.op(f"{s} = stream.async.slice {a}[{offsets[k]} to {offsets[k + 1]}] : "
                 f"!stream.resource<transient>{{{total}}} -> !stream.resource<transient>{{%c256}}")
            r = e.fresh()
            e.op(f"{r} = stream.async.transfer {s} : !stream.resource<transient>{{%c256}} -> {self.sized()}")
            out.append(Val([r], [self.R]))
        return out

    def payload(self, v, kind):
        if kind == "await":
            e = self.e
            a = e.fresh("w")
            e.op(f"{a} = stream.timepoint.await %tp => {v.names[0]} : {self.sized(v.types[0])}")
            return Val([a] + v.names[1:], v.types, **v.attrs)
        return super().payload(v, kind)


@level("async-exec")
class AsyncExecLevel(AsyncLevel):
    """Values are (resource, timepoint) pairs; work runs in stream.async.execute regions."""
    TP = "!stream.timepoint"
    epilogue_ops = 3

    def mutate(self, v):
        raise Unsupported("mutate")

    def emplace(self, v):
        raise Unsupported("emplace")

    def wrap(self, resource, timepoint, rtype=None):
        return Val([resource, timepoint], [rtype or self.R, self.TP])

    def ready(self, v):
        a = self.e.fresh()
        self.e.op(f"{a} = stream.timepoint.await {v.names[1]} => {v.names[0]} : {self.sized(v.types[0])}")
        return Val([a], [v.types[0]])

    def join(self, inputs):
        tps = list(dict.fromkeys(v.names[1] for v in inputs))
        if len(tps) == 1:
            return tps[0]
        j = self.e.fresh("j")
        self.e.op(f"{j} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint")
        return j

    def splat(self):
        e = self.e
        r, t, x = e.fresh(), e.fresh("t"), e.fresh()
        e.op(f"{r}, {t} = stream.async.execute with() -> {self.sized()} {{")
        with e.region():
            e.op(f"{x} = stream.async.splat %pattern : i32 -> {self.sized()}")
            e.op(f"stream.yield {x} : {self.sized()}")
        e.raw("} => !stream.timepoint")
        return self.wrap(r, t)

    def execute(self, inputs, device, body, result_type=None):
        """Emits a stream.async.execute capturing the resources of `inputs`; `body(captured)` emits the
        region's ops and returns the yielded resource name. Returns the (resource, timepoint) Val."""
        e = self.e
        result_type = result_type or self.R
        j = self.join(inputs)
        captures = {}
        for v in inputs:
            captures.setdefault(v.names[0], (e.fresh("x"), v.types[0]))
        with_list = ", ".join(f"{n} as {x}: {self.sized(t)}" for n, (x, t) in captures.items())
        r, t = e.fresh(), e.fresh("t")
        on = f"on({DEVICES[device]}) " if device else ""
        e.op(f"{r}, {t} = stream.async.execute {on}await({j}) => with({with_list}) -> "
             f"{self.sized(result_type)} {{")
        with e.region():
            y = body({n: x for n, (x, _) in captures.items()})
            e.op(f"stream.yield {y} : {self.sized(result_type)}")
        e.raw("} => !stream.timepoint")
        return Val([r, t], [result_type, self.TP])

    def compute(self, inputs, device=None, scalars=()):
        def body(cap):
            r, text = self.dispatch([(cap[v.names[0]], v.types[0]) for v in inputs], None, scalars)
            self.e.op(text)
            return r
        return self.execute(inputs, device, body)

    def reductions(self, v, width, inplace):
        e = self.e
        # One region must fit in the requested size: fewer reads on small programs.
        width = max(1, min(width, e.target - e.count - self.epilogue_ops - 6))

        def body(cap):
            x = cap[v.names[0]]
            last = None
            for _ in range(width):
                last, text = self.dispatch([(x, v.types[0])], None, ())
                e.op(text)
            if inplace:
                e.exports["tied"] = 1
                last = e.fresh()
                e.op(f"{last} = stream.async.dispatch @ex::@tied[%c64]({x}[%c0 to %c256 for %c256]) : "
                     f"({self.sized(v.types[0])}) -> {x}{{%c256}}")
            return last
        return self.execute([v], None, body, result_type=v.types[0])

    def step(self, v):
        e = self.e
        if e.rng.random() < 0.7 or v.types[0] != self.R:
            return self.compute([v])

        def body(cap):
            x = cap[v.names[0]]
            r = e.fresh()
            e.op(f"{r} = stream.async.fill %pattern, {x}[%c0 to %c128 for %c128] : i32 -> {x} as {self.sized()}")
            return r
        return self.execute([v], None, body)

    def transfer(self, v, src, dst):
        def body(cap):
            r = self.e.fresh()
            self.e.op(f"{r} = stream.async.transfer {cap[v.names[0]]} : {self.sized(v.types[0])} "
                      f"from({DEVICES[src]}) -> to({DEVICES[dst]}) {self.sized()}")
            return r
        return self.execute([v], src, body)

    def host_sync(self, v):
        e = self.e
        stg = "!stream.resource<staging>"

        def body(cap):
            r = e.fresh("stg")
            e.op(f"{r} = stream.async.transfer {cap[v.names[0]]} : {self.sized(v.types[0])} -> {self.sized(stg)}")
            return r
        st = self.execute([v], None, body, result_type=stg)
        a = e.fresh()
        e.op(f"{a} = stream.timepoint.await {st.names[1]} => {st.names[0]} : {self.sized(stg)}")
        s = e.fresh("s")
        e.op(f"{s} = stream.async.load {a}[%c0] : {self.sized(stg)} -> f32")
        return self.compute([v], scalars=[(s, "f32")])

    def loaded(self, resource, timepoint, rtype):
        return Val([resource, timepoint], [rtype, self.TP])

    def params(self, first, count):
        return [self.param(first + k) for k in range(count)]

    def payload(self, v, kind):
        if kind == "await":
            e = self.e
            a = e.fresh("w")
            e.op(f"{a} = stream.timepoint.await {v.names[1]} => {v.names[0]} : {self.sized(v.types[0])}")
            return Val([a, v.names[1]], v.types)
        return Level.payload(self, v, kind)


@level("async-alloc")
class AsyncAllocLevel(AsyncExecLevel):
    """async-exec after usage refinement and scheduling: concrete lifetimes (transient values, external
    arguments/results, constant parameters) and execute regions holding many ops, so schedule-allocation
    has local transients of several sizes to pack, in-place (tied) updates and constants to extract."""
    R = "!stream.resource<transient>"
    SIZES = ("%c256", "%c1024", "%c4096", "%c16384")

    def sized(self, t=None, size="%c256"):
        return f"{t or self.R}{{{size}}}"

    # Extra sizes of body=mixed, declared only for it (other programs stay unchanged).
    MIXED_SIZES = ("%c192", "%c768", "%c3072", "%c12288", "%c49152", "%c65536")

    def transients(self):
        """Knob `transients=1`: the result is passed through stream.resource.transients on a
        `%storage` argument (the input of --iree-stream-emplace-transients after schedule-allocation)."""
        return int(self.e.opt("transients", 0)) != 0

    def begin_func(self):
        ins = super().begin_func()
        if self.transients():
            e = self.e
            i = max(k for k, line in enumerate(e.body) if line.startswith("util.func public @main("))
            e.body[i] = e.body[i].replace(
                "%flag: i32)", "%flag: i32, %storage: !stream.resource<transient>, %storage_size: index)")
        sizes = self.SIZES[1:]
        if self.e.opt("body", "chain") == "mixed":
            sizes += self.MIXED_SIZES
        for size in sizes:
            self.e.op(f"{size} = arith.constant {size[2:]} : index")
        return ins

    def calls(self):
        """Knob `calls=R` (with transients=1; 0: none): one call per R requested ops to small private
        helpers that allocate transients themselves (cmd level, untouched by schedule-allocation; one
        helper calls another), chained on the result's timeline before stream.resource.transients: the
        input of the interprocedural emplacement (external-transients.md §9.2)."""
        return int(self.e.opt("calls", 0))

    HELPERS = [
        "util.func private @tx_leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {",
        "  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint",
        "  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {",
        "  } => !stream.timepoint",
        "  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint",
        "  util.return %d : !stream.timepoint",
        "}",
        "util.func private @tx_pair(%size: index, %await: !stream.timepoint) -> !stream.timepoint {",
        "  %c64 = arith.constant 64 : index",
        "  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint",
        "  %t = util.call @tx_leaf(%size, %a_tp) : (index, !stream.timepoint) -> !stream.timepoint",
        "  %d = stream.resource.dealloca await(%t) => %a : !stream.resource<transient>{%c64} => !stream.timepoint",
        "  util.return %d : !stream.timepoint",
        "}",
    ]

    def emit_calls(self, timepoint):
        """The calls of knob `calls` chained after `timepoint`; returns the last timepoint."""
        e = self.e
        every = self.calls()
        if not every:
            return timepoint
        for line in self.HELPERS:
            e.head.append(line)
        e.count += 12  # the helpers: 6 ops each (with terminators and the execute's yield)
        for k in range(max(1, e.target // every)):
            t = e.fresh("t")
            callee = "@tx_pair" if k % 2 else "@tx_leaf"
            size = self.SIZES[1 + k % 3]
            e.op(f"{t} = util.call {callee}({size}, {timepoint}) : (index, !stream.timepoint) -> !stream.timepoint")
            timepoint = t
        return timepoint

    def ready(self, v):
        if self.transients():
            e = self.e
            v = Val([v.names[0], self.emit_calls(v.names[1])], v.types)
            r, t = e.fresh(), e.fresh("t")
            e.op(f"{r}, {t} = stream.resource.transients await({v.names[1]}) => {v.names[0]} : "
                 f"{self.sized(v.types[0])} from %storage : !stream.resource<transient>{{%storage_size}} "
                 f"=> !stream.timepoint")
            v = Val([r, t], v.types)
        return super().ready(v)

    def dispatch_sized(self, operands, size, tied=None):
        """stream.async.dispatch over (name, type, size) operands producing a `size` result (or updating
        operand `tied` in place); returns the result name."""
        e = self.e
        name = f"d{len(operands)}"
        e.exports[name] = 1
        r = e.fresh()
        args = [f"{n}[%c0 to {z} for {z}]" for n, _, z in operands]
        types = [self.sized(t, z) for n, t, z in operands]
        if tied is None:
            result = self.sized(size=size)
        else:
            n, t, z = operands[tied]
            result = f"{n}{{{z}}}"
        e.op(f"{r} = stream.async.dispatch @ex::@{name}[%c64]({', '.join(args)}) : ({', '.join(types)}) -> {result}")
        return r

    def constant(self):
        e = self.e
        c = e.fresh("cst")
        e.op(f"{c} = stream.async.constant : !stream.resource<constant>{{%c64}} = "
             f"dense<{e.rng.randrange(1 << 20)}> : tensor<16xi32>")
        return (c, "!stream.resource<constant>", "%c64")

    def chain_body(self, operands, region):
        """`region` ops: dispatches into fresh transients of random sizes, in-place fills and updates."""
        e = self.e
        rng = e.rng
        size = rng.choice(self.SIZES)
        x = (self.dispatch_sized(operands, size), self.R, size)
        # Regions shrink near the end so the program lands near the requested size.
        ops = min(region, max(2, (e.remaining() - 12) // 3))
        for _ in range(max(0, ops - 2)):
            k = rng.random()
            if k < 0.55:
                size = rng.choice(self.SIZES)
                x = (self.dispatch_sized([x], size), self.R, size)
            elif k < 0.75:
                r = e.fresh()
                e.op(f"{r} = stream.async.fill %pattern, {x[0]}[%c0 to %c128 for %c128] : i32 -> "
                     f"{x[0]} as {self.sized(size=x[2])}")
                x = (r, self.R, x[2])
            elif k < 0.9:
                x = (self.dispatch_sized([x], x[2], tied=0), self.R, x[2])
            else:
                s = e.fresh()
                e.op(f"{s} = stream.async.splat %pattern : i32 -> {self.sized(size=x[2])}")
                x = (self.dispatch_sized([x, (s, self.R, x[2])], x[2]), self.R, x[2])
        return x

    def transformer_body(self, operands):
        """One transformer-like block: projections, attention scores, MLP, residuals."""
        S, BIG = "%c4096", "%c16384"
        x = (self.dispatch_sized(operands, S), self.R, S)
        q, k, v = [(self.dispatch_sized([x], S), self.R, S) for _ in range(3)]
        scores = (self.dispatch_sized([q, k], BIG), self.R, BIG)
        probs = (self.dispatch_sized([scores], BIG), self.R, BIG)
        attn = (self.dispatch_sized([probs, v], S), self.R, S)
        out = (self.dispatch_sized([attn], S), self.R, S)
        x1 = (self.dispatch_sized([out, x], S), self.R, S)
        up = (self.dispatch_sized([x1], BIG), self.R, BIG)
        act = (self.dispatch_sized([up], BIG), self.R, BIG)
        down = (self.dispatch_sized([act], S), self.R, S)
        return (self.dispatch_sized([down, x1], S), self.R, S)

    def unet_body(self, operands):
        """One U-Net-like block: three encoder levels whose outputs stay live as skip connections until
        the decoder level of the same size consumes them."""
        sizes = ("%c16384", "%c4096", "%c1024")
        if self.e.remaining() < 40:
            sizes = sizes[:2]  # near the end: a shallower block keeps the program near the requested size
        x = (self.dispatch_sized(operands, sizes[0]), self.R, sizes[0])
        skips = []
        for level, size in enumerate(sizes):
            if level:
                x = (self.dispatch_sized([x], size), self.R, size)  # downsample
            x = (self.dispatch_sized([x], size), self.R, size)
            skips.append(x)
        x = (self.dispatch_sized([x], "%c256"), self.R, "%c256")  # bottleneck
        for size, skip in zip(reversed(sizes), reversed(skips)):
            x = (self.dispatch_sized([x], size), self.R, size)  # upsample
            x = (self.dispatch_sized([x, skip], size), self.R, size)
        return (self.dispatch_sized([x], "%c4096"), self.R, "%c4096")

    def mixed_body(self, operands, region):
        """`region` dispatches of sizes from 192 B to 64 KiB; a third of them also read an earlier value
        of the region, which keeps it live longer."""
        e = self.e
        rng = e.rng
        palette = self.SIZES + self.MIXED_SIZES
        size = rng.choice(palette)
        x = (self.dispatch_sized(operands, size), self.R, size)
        produced = [x]
        ops = min(region, max(2, (e.remaining() - 12) // 3))
        for _ in range(max(0, ops - 2)):
            size = rng.choice(palette)
            inputs = [x]
            if len(produced) > 1 and rng.random() < 0.33:
                inputs.append(rng.choice(produced[:-1]))
            x = (self.dispatch_sized(inputs, size), self.R, size)
            produced.append(x)
        return x

    def compute(self, inputs, device=None, scalars=()):
        e = self.e
        body_kind = e.opt("body", "chain")
        region = e.opt("region", 8)
        constants = float(e.opt("constants", "0.25"))
        if body_kind not in ("chain", "transformer", "unet", "mixed"):
            raise SystemExit(f"gen-program: unknown body '{body_kind}' (chain, transformer, unet, mixed)")

        def body(cap):
            operands = [(cap[v.names[0]], v.types[0], "%c256") for v in inputs]
            if e.rng.random() < constants:
                operands.append(self.constant())
            if scalars:
                name = f"d{len(operands)}s{len(scalars)}"
                e.exports[name] = 1
                r = e.fresh()
                args = [f"{n}[%c0 to {z} for {z}]" for n, _, z in operands] + [s for s, _ in scalars]
                types = [self.sized(t, z) for n, t, z in operands] + [t for _, t in scalars]
                e.op(f"{r} = stream.async.dispatch @ex::@{name}[%c64]({', '.join(args)}) : "
                     f"({', '.join(types)}) -> {self.sized()}")
                operands = [(r, self.R, "%c256")]
            if body_kind == "transformer":
                x = self.transformer_body(operands)
            elif body_kind == "unet":
                x = self.unet_body(operands)
            elif body_kind == "mixed":
                x = self.mixed_body(operands, region)
            else:
                x = self.chain_body(operands, region)
            return self.dispatch_sized([x], "%c256")
        return self.execute(inputs, device, body)


@level("cmd")
class CmdLevel(Level):
    """Values are timepoints of writes into slots of function-argument buffers."""
    SLOTS = 16
    BUF = "!stream.resource<external>"
    epilogue_ops = 2

    def begin_func(self):
        e = self.e
        if self.targets():
            # targets=1: devices with the sluice-native executable target and an affinity on every
            # execute (the input of --iree-hal-materialize-interfaces).
            for dev in ("a", "b"):
                e.module_op(f"util.global private @device_{dev} = #hal.device.target<\"local\", "
                            "[#hal.executable.target<\"llvm-cpu\", \"sluice-native\">]> : !hal.device")
        else:
            device_globals(e)
        e.body.append(f"util.func public @main(%buf_a: {self.BUF}, %buf_b: {self.BUF}, "
                      "%stg: !stream.resource<staging>, %tp: !stream.timepoint, %cond: i1, %flag: i32) "
                      "-> !stream.timepoint {")
        e.count += 1
        for name, value in [("%c0", "0 : index"), ("%c64", "64 : index"), ("%c256", "256 : index"),
                            ("%size", f"{256 * self.SLOTS} : index"), ("%c0_i64", "0 : i64"),
                            ("%pattern", "0 : i32")]:
            e.op(f"{name} = arith.constant {value}")
        for k in range(self.SLOTS):
            e.op(f"%o{k} = arith.constant {256 * k} : index")
        e.op('%scope = util.buffer.constant : !util.buffer = "model"')
        self.next_slot = 2
        return [Val(["%tp"], ["!stream.timepoint"], buf="%buf_a", slot=0, type=self.BUF, size="%size"),
                Val(["%tp"], ["!stream.timepoint"], buf="%buf_a", slot=1, type=self.BUF, size="%size")]

    def end_func(self, results):
        e = self.e
        tps = list(dict.fromkeys(v.names[0] for v in results))
        t = tps[0]
        if len(tps) > 1:
            t = e.fresh("j")
            e.op(f"{t} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint")
        e.op(f"util.return {t} : !stream.timepoint")
        e.body.append("}")

    def finish(self):
        e = self.e
        funcs = e.opt("funcs", 0)
        hal, targets = self.hal(), self.targets()
        if not e.exports:
            return  # nothing dispatched (as AsyncLevel.finish)
        if hal:
            return self.finish_hal_executable()
        if targets:
            return self.finish_interface_functions()
        if not funcs:
            AsyncLevel.finish(self)
            return
        lines = ["stream.executable private @ex {"] + AsyncLevel.export_lines(e) + ["  builtin.module {"]
        for name in sorted(e.exports):
            bindings, scalar_types = e.exports[name]
            args = [f"%b{k}: !stream.binding" for k in range(bindings)]
            args += [f"%s{k}: {t}" for k, t in enumerate(scalar_types)] + ["%u0: index", "%u1: i32"]
            lines += [f"    util.func public @{name}({', '.join(args)}) {{",
                      "      %c0 = arith.constant 0 : index",
                      "      %c256 = arith.constant 256 : index"]
            lines += [f"      %v{k} = stream.binding.subspan %b{k}[%c0] : !stream.binding -> !util.buffer{{%c256}}"
                      for k in range(bindings)]
            lines += ["      util.return", "    }"]
            e.count += 4 + bindings  # func, two constants, subspans, return
        lines += ["  }", "}"]
        e.tail.append("\n".join(lines))
        e.count += 3 + 3 * len(e.exports)  # executable, module and their ends, 3 per export

    def hal(self):
        return self.e.opt("hal", 0)

    def targets(self):
        return self.e.opt("targets", 0)

    def entry_point(self, name):
        return f"@ex::@sluice_native::@{name}" if self.hal() else f"@ex::@{name}"

    def finish_hal_executable(self):
        """hal=1: the executable as --iree-hal-materialize-interfaces leaves it (the input of
        --iree-hal-conversion): one variant, exports with layouts and count regions."""
        e = self.e
        lines = ["hal.executable private @ex {",
                 '  hal.executable.variant public @sluice_native target(#hal.executable.target<"llvm-cpu", '
                 '"sluice-native">) {']
        for ordinal, name in enumerate(sorted(e.exports)):
            bindings, scalar_types = e.exports[name]
            layout = ", ".join(["#hal.pipeline.binding<storage_buffer>"] * bindings)
            lines += [f"    hal.executable.export public @{name} ordinal({ordinal}) layout(#hal.pipeline.layout<"
                      f"constants = {len(scalar_types)}, bindings = [{layout}]>) count(%device: !hal.device, "
                      "%n: index) -> (index, index, index) {",
                      "      %c1 = arith.constant 1 : index",
                      "      hal.return %n, %c1, %c1 : index, index, index",
                      "    }"]
        lines += ["  }", "}"]
        e.tail.append("\n".join(lines))
        e.count += 4 + 3 * len(e.exports)  # executable, variant, their end ops, 3 per export

    def finish_interface_functions(self):
        """targets=1: the stream.executable with one function per export (binding arguments, then the
        scalars: the interface functions --iree-hal-materialize-interfaces accepts)."""
        e = self.e
        lines = ["stream.executable private @ex {"] + AsyncLevel.export_lines(e) + ["  builtin.module {"]
        for name in sorted(e.exports):
            bindings, scalar_types = e.exports[name]
            args = [f"%b{k}: !stream.binding" for k in range(bindings)]
            args += [f"%s{k}: {t}" for k, t in enumerate(scalar_types)]
            lines += [f"    func.func @{name}({', '.join(args)}) {{", "      return", "    }"]
        lines += ["  }", "}"]
        e.tail.append("\n".join(lines))
        # the executable, its end op, 3 per export, the module, and per function the function and its return
        e.count += 3 + 5 * len(e.exports)

    def slot(self):
        s = self.next_slot
        self.next_slot = (self.next_slot + 1) % self.SLOTS
        return s

    def offset(self, v):
        return f"%o{v.attrs['slot']}" if v.attrs.get("slot") is not None else "%c0"

    def execute(self, inputs, device, body, out_buf="%buf_a"):
        """A stream.cmd.execute awaiting the inputs' timepoints and capturing their buffers and `out_buf`;
        `body(cap)` emits the commands given buffer name -> captured name."""
        e = self.e
        tps = list(dict.fromkeys(v.names[0] for v in inputs))
        j = tps[0] if tps else None
        if len(tps) > 1:
            j = e.fresh("j")
            e.op(f"{j} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint")
        bufs = {}
        for v in inputs:
            bufs.setdefault(v.attrs["buf"], (e.fresh("x"), v.attrs["type"], v.attrs["size"]))
        bufs.setdefault(out_buf, (e.fresh("x"), self.BUF, "%size"))
        with_list = ", ".join(f"{b} as {x}: {t}{{{s}}}" for b, (x, t, s) in bufs.items())
        t = e.fresh("t")
        if self.targets():
            device = device or "a"
        on = f"on({DEVICES[device]}) " if device else ""
        wait = f"await({j}) => " if j else ""
        e.op(f"{t} = stream.cmd.execute {on}{wait}with({with_list}) {{")
        with e.region():
            body({b: (x, ty, s) for b, (x, ty, s) in bufs.items()})
            e.op("stream.yield")
        e.raw("} => !stream.timepoint")
        slot = self.slot()
        return Val([t], ["!stream.timepoint"], buf=out_buf, slot=slot, type=self.BUF, size="%size"), slot

    def compute(self, inputs, device=None, scalars=()):
        e = self.e
        name = f"d{len(inputs)}" + (f"s{len(scalars)}" if scalars else "")
        e.exports[name] = (len(inputs) + 1, [t for _, t in scalars])
        out_slot = self.next_slot
        if e.opt("funcs", 0):
            scalars = list(scalars) + [("%c64", "index"), ("%flag", "i32")]

        def body(cap):
            operands = ""
            if scalars:
                operands = f"({', '.join(s for s, _ in scalars)} : {', '.join(t for _, t in scalars)})"
            e.op(f"stream.cmd.dispatch {self.entry_point(name)}[%c64]{operands} {{")
            rows = []
            for v in inputs:
                x, t, s = cap[v.attrs["buf"]]
                rows.append(f"ro {x}[{self.offset(v)} for %c256] : {t}{{{s}}}")
            x, t, s = cap["%buf_a"]
            rows.append(f"wo {x}[%o{out_slot} for %c256] : {t}{{{s}}}")
            for k, row in enumerate(rows):
                e.raw("  " + row + ("," if k + 1 < len(rows) else ""))
            e.raw("}")
        return self.execute(inputs, device, body)[0]

    def step(self, v):
        e = self.e
        k = e.rng.random()
        if k < 0.7:
            return self.compute([v])
        out_slot = self.next_slot

        def body(cap):
            x, t, s = cap[v.attrs["buf"]]
            o, ot, os_ = cap["%buf_a"]
            if k < 0.85:
                e.op(f"stream.cmd.copy {x}[{self.offset(v)}], {o}[%o{out_slot}], %c256 : {t}{{{s}}} -> {ot}{{{os_}}}")
            else:
                e.op(f"stream.cmd.fill %pattern, {o}[%o{out_slot} for %c256] : i32 -> {ot}{{{os_}}}")
        return self.execute([v], None, body)[0]

    def transfer(self, v, src, dst):
        e = self.e
        out_buf = "%buf_b" if dst == "b" else "%buf_a"
        out_slot = self.next_slot

        def body(cap):
            x, t, s = cap[v.attrs["buf"]]
            o, ot, os_ = cap[out_buf]
            e.op(f"stream.cmd.copy {x}[{self.offset(v)}], {o}[%o{out_slot}], %c256 : {t}{{{s}}} -> {ot}{{{os_}}}")
        return self.execute([v], dst, body, out_buf=out_buf)[0]

    def host_sync(self, v):
        e = self.e
        t = e.fresh("t")
        e.op(f"{t} = stream.cmd.execute await({v.names[0]}) => with({v.attrs['buf']} as %src: "
             f"{v.attrs['type']}{{{v.attrs['size']}}}, %stg as %dst: !stream.resource<staging>{{%size}}) {{")
        with e.region():
            e.op(f"stream.cmd.copy %src[{self.offset(v)}], %dst[%c0], %c256 : {v.attrs['type']}{{{v.attrs['size']}}} "
                 "-> !stream.resource<staging>{%size}")
            e.op("stream.yield")
        e.raw("} => !stream.timepoint")
        a = e.fresh("stg")
        e.op(f"{a} = stream.timepoint.await {t} => %stg : !stream.resource<staging>{{%size}}")
        s = e.fresh("s")
        # targets=1 reads an i32: interface functions take i32 scalars only.
        scalar = "i32" if self.targets() else "f32"
        e.op(f"{s} = stream.resource.load {a}[%c0] : !stream.resource<staging>{{%size}} -> {scalar}")
        return self.compute([v], scalars=[(s, scalar)])

    def param(self, i):
        e = self.e
        k = self.key(i)
        p, t = e.fresh("p"), e.fresh("t")
        e.op(f"{p}, {t} = stream.cmd.parameter.load {{")
        e.raw(f"  %scope::{k}[%c0_i64] : !stream.resource<constant>{{%c256}}")
        e.raw("} => !stream.timepoint")
        return Val([t], ["!stream.timepoint"], buf=p, slot=None, type="!stream.resource<constant>", size="%c256")

    def gather(self, keys, slots, await_tp=None):
        """One stream.cmd.parameter.gather of 256-byte rows `keys` into %buf_b at offsets %o<slot>; its
        timepoint."""
        e = self.e
        t = e.fresh("t")
        wait = f" await({await_tp}) =>" if await_tp else ""
        e.op(f"{t} = stream.cmd.parameter.gather{wait} {{")
        for k, (key, slot) in enumerate(zip(keys, slots)):
            e.raw(f"  %scope::{key}[%c0_i64] -> %buf_b[%o{slot} for %c256] : {self.BUF}{{%size}}" +
                  ("," if k + 1 < len(keys) else ""))
        e.raw("} => !stream.timepoint")
        return t

    def params(self, first, count):
        e = self.e
        keys = [self.key(first + k) for k in range(count)]
        slots = [self.slot() for _ in range(count)]
        t = self.gather(keys, slots)
        return [Val([t], ["!stream.timepoint"], buf="%buf_b", slot=s, type=self.BUF, size="%size") for s in slots]

    def param_io(self, kind, first, count, after):
        """One parameter transfer on device a awaiting the timepoint of `after`: `load` (`count` rows),
        `gather`/`scatter` (`count` rows between the parameters and slots of %buf_b), `read`/`write` (one
        row). Returns the Val of its timepoint."""
        e = self.e
        rows = count if kind in ("load", "gather", "scatter") else 1
        keys = [self.key(first + k) for k in range(rows)]
        slots = [self.slot() for _ in range(rows)]
        t = e.fresh("t")
        head = f"stream.cmd.parameter.{kind} on({DEVICES['a']}) await({after.names[0]}) =>"
        buf = f"{self.BUF}{{%size}}"

        def src(k):
            return f"%scope::{keys[k]}[%c0_i64]"

        def dst(k):
            return f"%buf_b[%o{slots[k]} for %c256]"
        if kind == "read":
            e.op(f"{t} = {head} {src(0)} -> {dst(0)} : {buf} => !stream.timepoint")
        elif kind == "write":
            e.op(f"{t} = {head} {dst(0)} : {buf} -> {src(0)} => !stream.timepoint")
        else:
            if kind == "load":
                p = e.fresh("p")
                lhs = f"{p}:{rows}, {t}" if rows > 1 else f"{p}, {t}"
                text = [f"{src(k)} : !stream.resource<constant>{{%c256}}" for k in range(rows)]
            elif kind == "gather":
                lhs = t
                text = [f"{src(k)} -> {dst(k)} : {buf}" for k in range(rows)]
            else:
                lhs = t
                text = [f"{dst(k)} : {buf} -> {src(k)}" for k in range(rows)]
            e.op(f"{lhs} = {head} {{")
            for k, row in enumerate(text):
                e.raw("  " + row + ("," if k + 1 < rows else ""))
            e.raw("} => !stream.timepoint")
        return Val([t], ["!stream.timepoint"], buf="%buf_b", slot=slots[-1], type=self.BUF, size="%size")

    def payload(self, v, kind):
        if kind == "await":
            e = self.e
            a = e.fresh("w")
            e.op(f"{a} = stream.timepoint.await {v.names[0]} => {v.attrs['buf']} : "
                 f"{v.attrs['type']}{{{v.attrs['size']}}}")
            # The awaited resource is consumed by a host read so the await is not dead.
            s = e.fresh("s")
            e.op(f"{s} = stream.resource.size {a} : {v.attrs['type']}")
            return v
        return super().payload(v, kind)


@level("hal")
class HalLevel(Level):
    """io_parameters.load/gather/scatter on !hal.device/!hal.fence/!hal.buffer function arguments, what
    --iree-hal-conversion makes of stream.cmd.parameter.* ops: the input of --iree-vm-conversion (whose
    subset has no globals, fence creation or other HAL ops, so devices and fences are arguments). Values
    are !hal.buffers: loads produce them, gathers and scatters target/read the previous one. Every
    `dynamic`-th transfer takes its first row's parameter offset and length from arguments (dynamic
    spans; 0: never)."""
    epilogue_ops = 1
    shapes = ("paramio",)

    def begin_func(self):
        e = self.e
        if e.opt("abi", 0):
            # abi=1: a signature the Sluice module ABI can export (the input of phase llvm after the
            # native passes): the device, affinity and fences are made in the body.
            e.body.append("util.func public @main(%buffer: !hal.buffer, %off: i64, %len: index) -> !hal.buffer {")
            e.count += 1
            e.op("%c0_device = arith.constant 0 : index")
            e.op("%device = hal.devices.get %c0_device : !hal.device")
            e.op("%queue_affinity = arith.constant -1 : i64")
            e.op("%wait = util.null : !hal.fence")
            e.op("%signal = util.null : !hal.fence")
        else:
            e.body.append("util.func public @main(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, "
                          "%signal: !hal.fence, %buffer: !hal.buffer, %off: i64, %len: index) -> !hal.buffer {")
            e.count += 1
        for name, value in [("%c0", "0 : index"), ("%c256", "256 : index"), ("%c0_i64", "0 : i64")]:
            e.op(f"{name} = arith.constant {value}")
        e.op('%scope = util.buffer.constant : !util.buffer = "model"')
        e.op('%memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32')
        e.op('%buffer_usage = hal.buffer_usage<"Transfer|DispatchStorage"> : i32')
        self.transfers = 0
        return [Val(["%buffer"], ["!hal.buffer"]), Val(["%buffer"], ["!hal.buffer"])]

    def end_func(self, results):
        self.e.op(f"util.return {results[0].names[0]} : !hal.buffer")
        self.e.body.append("}")

    def param_io(self, kind, first, count, after):
        e = self.e
        rows = count if kind in ("load", "gather", "scatter") else 1
        kind = {"read": "gather", "write": "scatter"}.get(kind, kind)
        keys = [self.key(first + k) for k in range(rows)]
        every = e.opt("dynamic", 4)
        dynamic = every and self.transfers % every == 0
        self.transfers += 1

        def offset(k):
            return "%off" if dynamic and k == 0 else "%c0_i64"

        def length(k):
            return "%len" if dynamic and k == 0 else "%c256"

        def src(k):
            return f"%scope::{keys[k]}[{offset(k)}]"

        def dst(k, buf):
            return f"{buf}[%c0 for {length(k)}]"
        head = (f"<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal)")
        buf = after.names[0]
        out = buf
        if kind == "load":
            p = e.fresh("p")
            lhs = f"{p}:{rows}" if rows > 1 else p
            out = f"{p}#0" if rows > 1 else p
            e.op(f"{lhs} = io_parameters.load{head} type(%memory_type) usage(%buffer_usage) {{")
            text = [f"{src(k)} : !hal.buffer{{{length(k)}}}" for k in range(rows)]
        elif kind == "gather":
            e.op(f"io_parameters.gather{head} {{")
            text = [f"{src(k)} -> {dst(k, buf)} : !hal.buffer" for k in range(rows)]
        else:
            e.op(f"io_parameters.scatter{head} {{")
            text = [f"{dst(k, buf)} : !hal.buffer -> {src(k)}" for k in range(rows)]
        for k, row in enumerate(text):
            e.raw("  " + row + ("," if k + 1 < rows else ""))
        e.raw("}")
        return Val([out], ["!hal.buffer"])


ENCODINGS = {
    # knob: (T: the chain's tensor type, T0: its un-encoded type, E: the fill element type)
    "testing": ("tensor<64xf32, #iree_encoding.testing<>>", "tensor<64xf32>", "f32"),
    "none": ("tensor<64xf32>", "tensor<64xf32>", "f32"),
    "packed": ("tensor<64xi1, #iree_encoding.packed_storage>", "tensor<64xi1>", "i1"),
    "i1": ("tensor<64xi1>", "tensor<64xi1>", "i1"),
}
# The two serialized encodings parameters are encoded with in initializers (unify-encoding-for-globals).
PARAM_ENCODINGS = ("tensor<64xf32, #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>>",
                   "tensor<64xf32, #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>>")


@level("tensor")
class TensorLevel(Level):
    """stream.tensor.* ops over encoded tensors on two devices whose executable targets carry layout
    resolvers (specialization_resolver<1> / <2>), dispatching to an executable whose bindings are encoded
    dispatch tensors; parameters are globals encoded twice in initializers. Encoded values flow into
    dispatches, fills and encodes only; clones, slices, updates and host loads work on the un-encoded type
    (ops other than sizeof/empty/splat/fill/encode/dispatch need serialized encodings). Knob
    `encoding=testing|none|packed|i1` picks the chain's tensor type."""
    R = "!stream.resource<*>"
    RC = "!stream.resource<constant>"
    epilogue_ops = 2
    param_ops = 10

    def begin_func(self):
        e = self.e
        kind = e.opt("encoding", "testing")
        if kind not in ENCODINGS:
            raise SystemExit(f"gen-program: unknown encoding '{kind}' ({', '.join(ENCODINGS)})")
        self.T, self.T0, self.E = ENCODINGS[kind]
        for dev, seed in (("a", 1), ("b", 2)):
            e.module_op(f"util.global private @device_{dev} = #hal.device.target<\"local\", [#hal.executable.target<"
                        f"\"vmvx\", \"vmvx-bytecode-fb\", {{iree.encoding.resolver = "
                        f"#iree_encoding.specialization_resolver<{seed}>}}>]> : !hal.device")
        e.body.append("util.func public @main(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>, "
                      "%cond: i1, %flag: i32, %fill: " + self.E + ") -> !stream.resource<external> {")
        e.count += 1
        for name, value in [("%c0", "0 : index"), ("%c1", "1 : index"), ("%c32", "32 : index"),
                            ("%c64", "64 : index")]:
            e.op(f"{name} = arith.constant {value}")
        # Sizes per device: of the chain's type, its un-encoded type, half of it, a parameter.
        self.sizes = {}
        for dev in ("a", "b"):
            on = f"on({DEVICES[dev]}) "
            for key, t in (("T", self.T), ("T0", self.T0), ("H", self.T0.replace("64x", "32x")),
                           ("P", PARAM_ENCODINGS[0])):
                name = f"%size_{key}{dev}"
                e.op(f"{name} = stream.tensor.sizeof {on}{t} : index")
                self.sizes[key, dev] = name
        ins = []
        for arg, dev in (("%arg0", "a"), ("%arg1", "a")):
            r = e.fresh()
            size = self.sizes["T", dev]
            e.op(f"{r} = stream.async.transfer {arg} : !stream.resource<external>{{{size}}} -> "
                 f"to({DEVICES[dev]}) {self.R}{{{size}}}")
            ins.append(Val([r], [self.R], dev=dev, t=self.T))
        return ins

    def dev(self, v, device=None):
        return device or v.attrs.get("dev", "a")

    def size(self, v):
        return self.sizes["P" if v.types[0] == self.RC else ("T" if v.attrs["t"] == self.T else "T0"),
                          v.attrs["dev"]]

    def end_func(self, results):
        e = self.e
        v = results[0]
        for other in results[1:]:
            v = self.compute([v, other])
        out = e.fresh("out")
        e.op(f"{out} = stream.async.transfer {v.names[0]} : {v.types[0]}{{{self.size(v)}}} -> "
             f"!stream.resource<external>{{{self.size(v)}}}")
        e.op(f"util.return {out} : !stream.resource<external>")
        e.body.append("}")

    def finish(self):
        e = self.e
        if hasattr(self, "init"):
            e.tail.append("\n".join(self.init + ["  util.return", "}"]))
        lines = ["stream.executable private @ex {"]
        count = 2
        for name in sorted(e.exports):
            operands, scalars, params = e.exports[name]
            args = [f"%b{k}: !stream.binding" for k in range(operands)] + \
                [f"%s{k}: f32" for k in range(scalars)] + ["%out: !stream.binding"]
            lines.append(f"  stream.executable.export public @{name}")
            lines.append("  builtin.module {")
            lines.append(f"    func.func @{name}({', '.join(args)}) {{")
            lines.append("      %c0 = arith.constant 0 : index")
            for k in range(operands):
                t = params.get(k, self.T)
                lines.append(f"      %in{k} = stream.binding.subspan %b{k}[%c0] : !stream.binding -> "
                             f"!iree_tensor_ext.dispatch.tensor<readonly:{t}>")
            lines.append("      %o = stream.binding.subspan %out[%c0] : !stream.binding -> "
                         f"!iree_tensor_ext.dispatch.tensor<writeonly:{self.T}>")
            if 0 not in params:
                lines.append(f"      %v = iree_tensor_ext.dispatch.tensor.load %in0, offsets = [0], sizes = [64], "
                             f"strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:{self.T}> -> {self.T}")
                lines.append(f"      iree_tensor_ext.dispatch.tensor.store %v, %o, offsets = [0], sizes = [64], "
                             f"strides = [1] : {self.T} -> !iree_tensor_ext.dispatch.tensor<writeonly:{self.T}>")
                count += 2
            lines.append("      return")
            lines += ["    }", "  }"]
            count += 5 + operands + 1  # export, module, func, constant, return; subspans
        lines.append("}")
        e.tail.append("\n".join(lines))
        e.count += count

    def compute(self, inputs, device=None, scalars=()):
        e = self.e
        dev = self.dev(inputs[0], device)
        params = {k: v.attrs["t"] for k, v in enumerate(inputs) if v.types[0] == self.RC}
        name = f"d{len(inputs)}" + (f"s{len(scalars)}" if scalars else "") + \
            "".join(f"p{k}_{PARAM_ENCODINGS.index(t)}" for k, t in params.items())
        e.exports[name] = (len(inputs), len(scalars), params)
        r = e.fresh()
        operands = [v.names[0] for v in inputs] + [s for s, _ in scalars]
        types = [f"{v.attrs['t']} in {v.types[0]}{{{self.size(v)}}}" for v in inputs] + [t for _, t in scalars]
        e.op(f"{r} = stream.tensor.dispatch on({DEVICES[dev]}) @ex::@{name}({', '.join(operands)}) : "
             f"({', '.join(types)}) -> {self.T} in {self.R}{{{self.sizes['T', dev]}}}")
        return Val([r], [self.R], dev=dev, t=self.T)

    def encode(self, v, to):
        e = self.e
        dev = v.attrs["dev"]
        key = "T" if to == self.T else "T0"
        r = e.fresh()
        e.op(f"{r} = stream.tensor.encode on({DEVICES[dev]}) {v.names[0]} : {v.attrs['t']} in "
             f"{v.types[0]}{{{self.size(v)}}} -> {to} in {self.R}{{{self.sizes[key, dev]}}}")
        return Val([r], [self.R], dev=dev, t=to)

    def step(self, v):
        e = self.e
        k = e.rng.random()
        if k < 0.6 or v.types[0] != self.R:
            return self.compute([v])
        dev, on = v.attrs["dev"], f"on({DEVICES[v.attrs['dev']]})"
        if k < 0.75:
            r = e.fresh()
            e.op(f"{r} = stream.tensor.fill {on} %fill, {v.names[0]}[%c0 for %c1] : {self.E} -> {v.attrs['t']} "
                 f"in {v.names[0]} as {self.R}{{{self.size(v)}}}")
            return Val([r], [self.R], **v.attrs)
        x = self.encode(v, self.T0)
        size = self.size(x)
        r = e.fresh()
        if k < 0.9:
            e.op(f"{r} = stream.tensor.clone {on} {x.names[0]} : {self.T0} in {self.R}{{{size}}} -> "
                 f"{self.T0} in {self.R}{{{size}}}")
        else:
            s, half = e.fresh(), self.T0.replace("64x", "32x")
            e.op(f"{s} = stream.tensor.slice {on} {x.names[0]}[%c0 for %c32] : {self.T0} in {self.R}{{{size}}} -> "
                 f"{half} in {self.R}{{{self.sizes['H', dev]}}}")
            e.op(f"{r} = stream.tensor.update {on} {s}, {x.names[0]}[%c32] : {half} in "
                 f"{self.R}{{{self.sizes['H', dev]}}} -> {self.T0} in {x.names[0]} as {self.R}{{{size}}}")
        return self.encode(Val([r], [self.R], dev=dev, t=self.T0), self.T)

    def transfer(self, v, src, dst):
        r = self.e.fresh()
        self.e.op(f"{r} = stream.async.transfer {v.names[0]} : {v.types[0]}{{{self.size(v)}}} from({DEVICES[src]}) "
                  f"-> to({DEVICES[dst]}) {self.R}{{{self.sizes['T', dst]}}}")
        return Val([r], [self.R], dev=dst, t=self.T)

    def host_sync(self, v):
        e = self.e
        x = self.encode(v, self.T0)
        st = e.fresh("stg")
        size = self.size(x)
        e.op(f"{st} = stream.async.transfer {x.names[0]} : {self.R}{{{size}}} -> !stream.resource<staging>{{{size}}}")
        s = e.fresh("s")
        e.op(f"{s} = stream.tensor.load {st}[%c0] : {self.T0} in !stream.resource<staging>{{{size}}} -> {self.E}")
        return self.compute([v], scalars=[(s, self.E)])

    def param(self, i):
        """A parameter global encoded with both PARAM_ENCODINGS into two globals in one shared
        initializer (emitted by finish)."""
        e = self.e
        e.module_op(f'util.global private @param{i} = #stream.parameter.named<"model"::"param{i}"> : {self.RC}')
        if not hasattr(self, "init"):
            self.init = ["util.initializer {",
                         f"  %ps = stream.tensor.sizeof on({DEVICES['a']}) tensor<64xf32> : index"] + \
                [f"  %s{k} = stream.tensor.sizeof on({DEVICES['a']}) {t} : index"
                 for k, t in enumerate(PARAM_ENCODINGS)]
            e.count += 3 + len(PARAM_ENCODINGS)  # initializer, return, sizeofs
        self.init.append(f"  %p{i} = util.global.load @param{i} : {self.RC}")
        e.count += 1
        for k, t in enumerate(PARAM_ENCODINGS):
            e.module_op(f"util.global private @param{i}_{k} : {self.RC}")
            self.init += [f"  %e{i}_{k} = stream.tensor.encode on({DEVICES['a']}) %p{i} : tensor<64xf32> in "
                          f"{self.RC}{{%ps}} -> {t} in {self.RC}{{%s{k}}}",
                          f"  util.global.store %e{i}_{k}, @param{i}_{k} : {self.RC}"]
            e.count += 2
        r = e.fresh("p")
        e.op(f"{r} = util.global.load @param{i}_{i % 2} : {self.RC}")
        return Val([r], [self.RC], dev="a", t=PARAM_ENCODINGS[i % 2])


# =====================================================================================================
# Shapes
# =====================================================================================================

def room(e, L, per_iteration):
    """Whether another iteration of about `per_iteration` ops still fits under the target."""
    return e.count + per_iteration + L.epilogue_ops <= e.target


@level("dispatch")
class DispatchLevel(Level):
    """Dispatch bodies for the CPU codegen (execution.md §5.1); see the module docstring."""
    epilogue_ops = 1
    shapes = ("chain",)
    LAYOUT = ("#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, "
              "#hal.pipeline.binding<storage_buffer>]>")
    T = "!iree_tensor_ext.dispatch.tensor<{}:tensor<?xf32>>{{%n}}"

    def begin_func(self):
        e = self.e
        e.head.append(f"#layout = {self.LAYOUT}")
        e.head.append("hal.executable private @ex {")
        e.head.append('  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {')
        e.count += 2
        e.body.append("    builtin.module {")
        e.count += 1
        self.exports = 0
        return [Val(["%x"], ["tensor<?xf32>"]), Val(["%y"], ["tensor<?xf32>"])]

    def end_func(self, results):
        self.e.body.append("    }")

    def finish(self):
        self.e.tail.append("  }")
        self.e.tail.append("}")

    def step(self, v):
        e = self.e
        k = self.exports
        self.exports += 1
        e.head.append(f"    hal.executable.export public @d{k} ordinal({k}) layout(#layout) "
                      "count(%device: !hal.device, %w: index) -> (index, index, index) {")
        e.head.append("      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w)")
        e.head.append("      hal.return %x, %y, %z : index, index, index")
        e.head.append("    }")
        e.count += 3
        indent = e.indent
        e.indent = 3
        e.op(f"func.func @d{k}() {{")
        e.indent = 4
        ro, wo = self.T.format("readonly"), self.T.format("writeonly")
        e.op("%c0 = arith.constant 0 : index")
        e.op("%n0 = hal.interface.constant.load layout(#layout) ordinal(0) : index")
        e.op("%n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index")
        e.op(f"%a = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) : {ro}")
        e.op(f"%o = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) : {wo}")
        e.op(f"%t0 = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : "
             f"{ro} -> tensor<?xf32>")
        e.op("%e = tensor.empty(%n) : tensor<?xf32>")
        body = max(1, e.opt("body", 2))
        for i in range(body):
            e.op(f"%t{i + 1} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, "
                 "affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]} "
                 f"ins(%t{i} : tensor<?xf32>) outs(%e : tensor<?xf32>) {{")
            e.raw("^bb0(%in: f32, %out: f32):")
            e.indent += 1
            e.op("%m = arith.mulf %in, %in : f32")
            e.op("%s = arith.addf %m, %in : f32")
            e.op("linalg.yield %s : f32")
            e.indent -= 1
            e.raw("} -> tensor<?xf32>")
        e.op(f"iree_tensor_ext.dispatch.tensor.store %t{body}, %o, offsets = [0], sizes = [%n], strides = [1] : "
             f"tensor<?xf32> -> {wo}")
        e.op("return")
        e.indent = 3
        e.raw("}")
        e.indent = indent
        return v


@level("abi")
class AbiLevel(Level):
    """Public entry points for --iree-abi-wrap-entry-points; see the module docstring."""
    epilogue_ops = 2
    shapes = ("chain",)
    SIG = ("(%x: tensor<?xf32>, %y: tensor<64xf32> {iree.abi.name = \"y\"}, %s: i32) -> "
           "(tensor<?xf32>, tensor<64xf32>)")

    def begin_func(self):
        self.funcs = 0
        self.open_func()
        return [Val(["%x"], ["tensor<?xf32>"]), Val(["%y"], ["tensor<64xf32>"])]

    def open_func(self):
        e = self.e
        e.indent = 0
        e.op(f"util.func public @e{self.funcs}{self.SIG} {{")
        e.indent = 1
        self.in_func = 0
        self.last = "%x"

    def close_func(self):
        e = self.e
        k = self.funcs
        x = self.last
        if k:  # a call of the previous entry point (the rename must update it)
            e.op(f"%r:2 = util.call @e{k - 1}({x}, %y, %s) : (tensor<?xf32>, tensor<64xf32>, i32) -> "
                 "(tensor<?xf32>, tensor<64xf32>)")
            x = "%r#0"
        e.op(f"util.return {x}, %y : tensor<?xf32>, tensor<64xf32>")
        e.indent = 0
        e.raw("}")
        self.funcs += 1

    def end_func(self, results):
        self.close_func()

    def step(self, v):
        e = self.e
        if self.in_func >= max(1, e.opt("per", 8)):
            self.close_func()
            self.open_func()
        r = e.fresh("t")
        op = "arith.addf" if self.in_func % 2 == 0 else "arith.mulf"
        e.op(f"{r} = {op} {self.last}, {self.last} : tensor<?xf32>")
        self.last = r
        self.in_func += 1
        return v


@shape("chain")
def chain(e, L):
    v, *rest = L.begin_func()
    while room(e, L, 2):
        v = L.step(v)
    L.end_func([v])


@shape("fanout")
def fanout(e, L):
    width = e.opt("width", 16)
    v, *rest = L.begin_func()
    while True:
        start = e.count
        branches = [L.step(v) for _ in range(width)]
        v = L.compute(branches)
        if not room(e, L, e.count - start):
            break
    L.end_func([v])


@shape("reductions")
def reductions(e, L):
    width = e.opt("width", 1024)
    inplace = e.opt("inplace", 0)
    v, *rest = L.begin_func()
    while True:
        start = e.count
        v = L.reductions(v, width, inplace)
        if not room(e, L, e.count - start):
            break
    L.end_func([v])


@shape("multidevice")
def multidevice(e, L):
    every = e.opt("every", 4)
    shared = e.opt("shared", 0)
    a, b, *rest = L.begin_func()
    i = 0
    while room(e, L, 6):
        if shared and i % shared == 0:
            # A splat consumed on both devices (what clone-to-consumers duplicates).
            s = L.splat()
            a = L.compute([a, s], device="a")
            b = L.compute([b, s], device="b")
        else:
            a = L.compute([a], device="a")
            b = L.compute([b], device="b")
        i += 1
        if i % every == 0:
            xa = L.transfer(a, "a", "b")
            xb = L.transfer(b, "b", "a")
            b = L.compute([b, xa], device="b")
            a = L.compute([a, xb], device="a")
    L.end_func([a, b])


@shape("hostsync")
def hostsync(e, L):
    every = e.opt("every", 1)
    v, *rest = L.begin_func()
    i = 0
    while room(e, L, 6):
        v = L.step(v)
        i += 1
        if i % every == 0:
            v = L.host_sync(v)
    L.end_func([v])


@shape("params")
def params(e, L):
    group = e.opt("group", 8)
    gather = e.opt("gather", 2)
    v, *rest = L.begin_func()
    n = 0
    g = 0
    while room(e, L, L.param_ops * group):
        ps = L.params(n, group) if gather and g % gather == 0 else [L.param(n + k) for k in range(group)]
        n += group
        g += 1
        for p in ps:
            v = L.compute([v, p])
    L.end_func([v])


@shape("initstores", levels=("async",))
def initstores(e, L):
    """Initializers storing values derived from parameters into globals (split-parameter-encoder)."""
    depth = e.opt("depth", 2)
    share = e.opt("share", 1)
    stores = e.opt("stores", 64)
    per_store = 2 * depth + 4
    n = 0
    while room(e, L, 16 + per_store):
        L.begin_init()
        for k in range(stores):
            if not room(e, L, per_store):
                break
            if k % share == 0:
                base = L.init_param(n)
                for _ in range(depth):
                    base = L.step(base)
            L.store(L.step(base) if share > 1 else base, f"g{n}")
            n += 1
        L.end_init()


@shape("paramwave", levels=("cmd",))
def paramwave(e, L):
    """Gathers of `group` rows, each awaited by exactly one execute whose body is one wave (one
    stream.cmd.concurrent with one dispatch per row): the input of --sluice-pipeline-parameter-uploads."""
    group = max(1, min(e.opt("group", 8), L.SLOTS))
    v, *rest = L.begin_func()
    e.exports["d1"] = (2, [])
    # funcs=1: every dispatch takes the two extra operands of CmdLevel.compute.
    uniforms = "(%c64, %flag : index, i32)" if e.opt("funcs", 0) else ""
    buf = f"{L.BUF}{{%size}}"
    prev = v.names[0]
    n = 0
    while room(e, L, 2 * group + 6):
        keys = [L.key(n + k) for k in range(group)]
        n += group
        t = L.gather(keys, range(group), await_tp=prev)
        x, y, r = e.fresh("x"), e.fresh("x"), e.fresh("t")
        on = f"on({DEVICES['a']}) " if L.targets() else ""
        e.op(f"{r} = stream.cmd.execute {on}await({t}) => with(%buf_b as {x}: {buf}, %buf_a as {y}: {buf}) {{")
        with e.region():
            e.op("stream.cmd.concurrent {")
            with e.region():
                for k in range(group):
                    e.op(f"stream.cmd.dispatch {L.entry_point('d1')}[%c64]{uniforms} {{")
                    e.raw(f"  ro {x}[%o{k} for %c256] : {buf},")
                    e.raw(f"  wo {y}[%o{k} for %c256] : {buf}")
                    e.raw("}")
                e.op("stream.yield")
            e.raw("}")
            e.op("stream.yield")
        e.raw("} => !stream.timepoint")
        prev = r
    L.end_func([Val([prev], ["!stream.timepoint"])])


@shape("paramio", levels=("cmd", "hal"))
def paramio(e, L):
    """A chain of parameter transfers, each awaiting the previous one (--iree-hal-conversion's
    StreamToParams patterns, then --iree-vm-conversion's ParamsToVM patterns)."""
    group = e.opt("group", 4)
    kinds = ("load", "gather", "scatter", "read", "write")
    v, *rest = L.begin_func()
    n = 0
    i = 0
    while room(e, L, group + 1):
        v = L.param_io(kinds[i % len(kinds)], n, group, v)
        n += group
        i += 1
    L.end_func([v])


def results_of(e, v):
    """(`%r` or `%r:2`, the Val of the results) for an op yielding values shaped like `v`."""
    r = e.fresh("r")
    if len(v.names) == 1:
        return r, Val([r], v.types, **v.attrs)
    return f"{r}:{len(v.names)}", Val([f"{r}#{k}" for k in range(len(v.names))], v.types, **v.attrs)


def payload_kind(e, L):
    return e.opt("payload", L.default_payload)


@shape("cfchain")
def cfchain(e, L):
    kind = payload_kind(e, L)
    distinct = e.opt("conds", "shared") == "distinct"
    v, *rest = L.begin_func()
    label = e.label()
    e.op(f"cf.br {label}{v.branch_operands()}")
    while True:
        x = e.block(label, v)
        y = L.payload(x, kind)
        label = e.label()
        cond = L.cond()
        if distinct:
            cst, cond = e.fresh("ck"), e.fresh("cnd")
            e.op(f"{cst} = arith.constant {e.count} : i32")
            e.op(f"{cond} = arith.cmpi sge, {L.flag()}, {cst} : i32")
        e.op(f"cf.cond_br {cond}, {label}{y.branch_operands()}, {label}{x.branch_operands()}")
        v = x
        if not room(e, L, 4 if distinct else 2):
            break
    x = e.block(label, v)
    L.end_func([x])


@shape("scfif")
def scfif(e, L):
    depth = e.opt("depth", 32)
    shared = e.opt("conds", "distinct") == "shared"
    kind = payload_kind(e, L)
    v, *rest = L.begin_func()
    shared_conds = []

    def condition(d):
        """`conds=distinct` (default): every scf.if tests its own condition; `conds=shared`: the nests
        reuse `depth` conditions, so consecutive nests test the same ones (upstream merges such ifs)."""
        if shared and d < len(shared_conds):
            return shared_conds[d]
        c, cst = e.fresh("cnd"), e.fresh("ck")
        e.op(f"{cst} = arith.constant {e.count} : i32")
        e.op(f"{c} = arith.cmpi sge, {L.flag()}, {cst} : i32")
        if shared:
            shared_conds.append(c)
        return c

    if shared:
        for d in range(depth):
            condition(d)

    def nest(d, x, deepest):
        cond = condition(d)
        lhs, res = results_of(e, x)
        e.op(f"{lhs} = scf.if {cond} -> ({x.type_list()}) {{")
        with e.region():
            inner = nest(d + 1, x, deepest) if d + 1 < deepest else L.payload(x, kind)
            e.op(f"scf.yield {inner.uses()} : {inner.type_list()}")
        e.raw("} else {")
        with e.region():
            w = L.payload(x, kind)
            e.op(f"scf.yield {w.uses()} : {w.type_list()}")
        e.raw("}")
        return res

    per_level = 5.0 if shared else 7.0
    while True:
        # The last nest is cut shallower so the program lands near the requested size.
        d = min(depth, int((e.remaining() - L.epilogue_ops) / per_level))
        if d < 1:
            break
        start = e.count
        v = nest(0, v, d)
        per_level = (e.count - start) / d
    L.end_func([v])


@shape("scffor")
def scffor(e, L):
    loops = e.opt("loops", 1)
    kind = payload_kind(e, L)
    v, *rest = L.begin_func()
    per_loop = max(1, (e.remaining() - L.epilogue_ops) // loops)
    for _ in range(loops):
        lhs, res = results_of(e, v)
        iters = [e.fresh("it") for _ in v.names]
        inits = ", ".join(f"{i} = {n}" for i, n in zip(iters, v.names))
        stop = e.count + per_loop
        e.op(f"{lhs} = scf.for {e.fresh('iv')} = %c0 to %c64 step %c64 iter_args({inits}) -> "
             f"({v.type_list()}) {{")
        with e.region():
            x = Val(iters, v.types, **v.attrs)
            while e.count + 3 <= stop:
                x = L.payload(x, kind)
            e.op(f"scf.yield {x.uses()} : {x.type_list()}")
        e.raw("}")
        v = res
    L.end_func([v])


@shape("inplace")
def inplace(e, L):
    """In-place work: each step reads the carried value, then a dispatch
    updates it in place (a copy-on-write candidate whose clone elision can
    remove); every `every` steps the value goes through an emplaceable
    dispatch + update into a new allocation."""
    every = e.opt("every", 4)
    v, *rest = L.begin_func()
    i = 0
    while room(e, L, 6):
        read = L.compute([v])
        v = L.mutate(v)
        i += 1
        v = L.emplace(v) if i % every == 0 else L.compute([v, read])
    L.end_func([v])


@shape("switch")
def switch(e, L):
    """Switches of `width` cases (0: one switch with as many cases as fit), one after the other, each
    case doing `payload` on the value, until the size is reached."""
    form = e.opt("form", "cf")
    kind = payload_kind(e, L)
    width = e.opt("width", 0)
    if form not in ("cf", "scf"):
        raise SystemExit(f"gen-program: unknown switch form '{form}' (cf, scf)")
    v, *rest = L.begin_func()
    per_case = 4 if form == "cf" else 3

    def more(cases):
        return (cases <= width or not width) and room(e, L, per_case)

    idx = None
    while True:
        at, indent = len(e.body), e.indent
        if form == "scf":
            if idx is None:
                idx = e.fresh("idx")
                e.op(f"{idx} = arith.index_cast {L.flag()} : i32 to index")
                at = len(e.body)
            lhs, res = results_of(e, v)
            cases = 0
            while True:
                last = not more(cases + 1)
                e.raw("default {" if last else f"case {cases} {{")
                with e.region():
                    w = L.payload(v, kind)
                    e.op(f"scf.yield {w.uses()} : {w.type_list()}")
                e.raw("}")
                if last:
                    break
                cases += 1
            # The op is emitted once its case list is known.
            e.body.insert(at, "  " * indent + f"{lhs} = scf.index_switch {idx} -> {v.type_list()}")
            e.count += 1
            v = res
        else:
            exit_label = e.label("exit")
            labels = []
            while True:
                labels.append(e.label("case"))
                x = e.block(labels[-1], v)
                w = L.payload(x, kind)
                e.op(f"cf.br {exit_label}{w.branch_operands()}")
                if not more(len(labels)):
                    break
            default, labels = labels[-1], labels[:-1]
            cases = ",\n".join(["  " * (indent + 1) + f"default: {default}{v.branch_operands()}"] +
                               ["  " * (indent + 1) + f"{k}: {labels[k]}{v.branch_operands()}"
                                for k in range(len(labels))])
            e.body.insert(at, "  " * indent + f"cf.switch {L.flag()} : i32, [\n{cases}\n" + "  " * indent + "]")
            e.count += 1
            v = e.block(exit_label, v)
        if not room(e, L, per_case * 2 + 2):
            break
    L.end_func([v])


# =====================================================================================================

def generate(level_name, shape_name, ops, seed, options):
    if level_name not in LEVELS:
        raise SystemExit(f"gen-program: unknown level '{level_name}' (one of {', '.join(LEVELS)})")
    if shape_name not in SHAPES:
        raise SystemExit(f"gen-program: unknown shape '{shape_name}' (one of {', '.join(SHAPES)})")
    if level_name not in shape_levels(shape_name):
        raise SystemExit(f"gen-program: shape '{shape_name}' does not exist at level '{level_name}' (it exists "
                         f"at: {', '.join(shape_levels(shape_name))})")
    e = Emitter(random.Random(seed), options, ops)
    L = LEVELS[level_name](e)
    try:
        SHAPES[shape_name](e, L)
    except Unsupported as err:
        raise SystemExit(f"gen-program: level '{level_name}' does not support {err} (needed by shape "
                         f"'{shape_name}')")
    L.finish()
    unknown = set(options) - e.used_options
    if unknown:
        raise SystemExit(f"gen-program: shape '{shape_name}' at level '{level_name}' has no option(s) "
                         f"{', '.join(sorted(unknown))}")
    opts = "".join(f" {k}={v}" for k, v in sorted(options.items()))
    header = f"// gen-program: level={level_name} shape={shape_name} ops={e.count} requested={ops} seed={seed}{opts}"
    return e.text(header), e.count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="async")
    ap.add_argument("--shape", default="chain")
    ap.add_argument("--ops", type=int, default=1000, help="approximate number of ops to emit")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a shape knob")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--list", action="store_true", help="print the levels and shapes and exit")
    args = ap.parse_args(argv)
    if args.list:
        print("levels:", " ".join(LEVELS))
        print("shapes:", " ".join(n if not SHAPES[n].levels else f"{n}({'/'.join(SHAPES[n].levels)})"
                                   for n in SHAPES))
        return 0
    options = {}
    for item in args.set:
        if "=" not in item:
            raise SystemExit(f"gen-program: --set expects KEY=VALUE, got '{item}'")
        k, v = item.split("=", 1)
        options[k] = v
    text, _ = generate(args.level, args.shape, args.ops, args.seed, options)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
