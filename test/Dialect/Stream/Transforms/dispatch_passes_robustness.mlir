// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-fuse-dispatch-bindings %s | FileCheck %s --check-prefixes=COMMON,FUSE
// RUN: sluice-opt --iree-stream-annotate-dispatch-arguments %s | FileCheck %s --check-prefixes=COMMON,ARGS
// RUN: sluice-opt --iree-stream-annotate-dispatch-assumptions %s | FileCheck %s --check-prefixes=COMMON,ASSUME
// RUN: sluice-opt --iree-stream-pack-dispatch-operands %s | FileCheck %s --check-prefixes=COMMON,PACK
// RUN: sluice-opt --iree-stream-fold-uniform-operands %s | FileCheck %s --check-prefixes=COMMON,FOLD
// RUN: sluice-opt --iree-stream-specialize-dispatches %s | FileCheck %s --check-prefixes=COMMON,SPEC
// RUN: sluice-opt --iree-stream-dump-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// Every dispatch pass on awkward shapes (the output must verify): a
// declaration export, a multi-block export function with an unreachable
// block, a dispatch naming two exports, multi-block host code with an
// unreachable block, and the same export dispatched from two executes.

stream.executable private @decl {
  stream.executable.export public @dispatch
  builtin.module {
    // COMMON: util.func private @dispatch(%arg0: index, %arg1: !stream.binding){{$}}
    util.func private @dispatch(%arg0: index, %arg1: !stream.binding)
  }
}
stream.executable private @multi {
  stream.executable.export public @dispatch
  builtin.module {
    // FUSE: util.func public @dispatch(%{{[^:]+}}: !stream.binding, %{{[^:]+}}: !stream.binding, %{{[^:]+}}: index, %{{[^:]+}}: index, %{{[^:]+}}: index, %{{[^:]+}}: i64)
    // ARGS: util.func public @dispatch(%arg0: index, %arg1: i64, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding)
    // ASSUME: util.func public @dispatch(
    // ASSUME-NEXT: util.assume.int
    // ASSUME-NEXT: %arg0[<umin = 4, umax = 4, udiv = 4>, <>],
    // ASSUME-NEXT: %arg1[<umin = 7, umax = 7, udiv = 7>, <>]
    // PACK: util.func public @dispatch(%{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: !stream.binding, %{{[^:]+}}: !stream.binding)
    // FOLD: util.func public @dispatch(%{{[^:]+}}: index, %{{[^:]+}}: i64, %{{[^:]+}}: !stream.binding, %{{[^:]+}}: !stream.binding)
    // SPEC: util.func public @dispatch(%{{[^:]+}}: index, %{{[^:]+}}: i64, %{{[^:]+}}: !stream.binding, %{{[^:]+}}: !stream.binding)
    // COMMON: ^bb1(
    // COMMON: ^bb2:
    // COMMON-NEXT: cf.br ^bb2
    util.func public @dispatch(%arg0: index, %arg1: i64, %arg2: !stream.binding, %arg3: !stream.binding) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      cf.br ^bb1(%arg0 : index)
    ^bb1(%i: index):
      %s = stream.binding.subspan %arg2[%c0] : !stream.binding -> !util.buffer{%c4}
      %t = stream.binding.subspan %arg3[%c0] : !stream.binding -> !util.buffer{%c4}
      util.optimization_barrier %i, %arg1, %s, %t : index, i64, !util.buffer, !util.buffer
      util.return
    ^bb2:
      cf.br ^bb2
    }
  }
}
stream.executable private @two {
  stream.executable.export public @a
  stream.executable.export public @b
  builtin.module {
    // FUSE: util.func public @a(%{{[^:]+}}: index, %{{[^:]+}}: !stream.binding)
    // FOLD: util.func public @a(%{{[^:]+}}: index, %{{[^:]+}}: !stream.binding)
    // SPEC: util.func public @a(%{{[^:]+}}: index, %{{[^:]+}}: !stream.binding)
    util.func public @a(%arg0: index, %arg1: !stream.binding) {
      util.return
    }
    util.func public @b(%arg0: index, %arg1: !stream.binding) {
      util.return
    }
  }
}
// COMMON-LABEL: util.func public @sites(
util.func public @sites(%n: index, %w: i64, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c7_i64 = arith.constant 7 : i64
  %r = stream.resource.alloc uninitialized : !stream.resource<transient>{%c64}
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%c64}) {
    // PACK: stream.cmd.dispatch @decl::@dispatch(%c4 : index)
    stream.cmd.dispatch @decl::@dispatch(%c4 : index) {
      rw %a[%c0 for %c4] : !stream.resource<transient>{%c64}
    }
    stream.cmd.dispatch @multi::@dispatch(%c4, %c7_i64 : index, i64) {
      ro %a[%c0 for %c4] : !stream.resource<transient>{%c64},
      rw %a[%c4 for %c4] : !stream.resource<transient>{%c64}
    }
    // FOLD: stream.cmd.dispatch {@two::@a, @two::@b}(%c4 : index)
    // SPEC: stream.cmd.dispatch {@two::@a, @two::@b}(%c4 : index)
    stream.cmd.dispatch {@two::@a, @two::@b}(%c4 : index) {
      rw %a[%c0 for %c4] : !stream.resource<transient>{%c64}
    }
  } => !stream.timepoint
  cf.br ^bb2
^bb2:
  %1 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%c64}) {
    stream.cmd.dispatch @multi::@dispatch(%n, %w : index, i64) {
      ro %a[%c0 for %c4] : !stream.resource<transient>{%c64},
      rw %a[%n for %c4] : !stream.resource<transient>{%c64}
    }
  } => !stream.timepoint
  util.return
^bb3:
  util.return
}

// STATS: // Submissions: 2, using cumulative 0 B (0.00 MiB)
// STATS: //  Dispatches: 4
// STATS: // Executables: 3, 25% reuse
