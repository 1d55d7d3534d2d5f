// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report=- %s -o /dev/null | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report %s -o /dev/null 2>&1 | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report=%t.txt %s | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=FILE < %t.txt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(sluice-stream-memory-report{output-file=- format=text})' %s -o /dev/null | FileCheck %s

// --sluice-stream-memory-report (issue 21 item 3): per public function and
// initializer, transients (peak of the packed allocations, max-live lower
// bound over their slots), external transient storage, constants,
// parameters and external results. The IR is not changed.

// With --split-input-file every split rewrites the file: it holds the last
// split's report.
// FILE: // sluice memory report: 1 function
// FILE: function @overlap

// IR-LABEL: util.func public @two_slots
// IR: stream.resource.alloca uninitialized : !stream.resource<transient>{%c2048}
// IR: stream.cmd.execute

// Two 1 KiB slots of one 2 KiB slab with disjoint lifetimes: the slab is the
// peak, the slots' max-live is 1 KiB.
// CHECK-LABEL: // sluice memory report: 1 function
// CHECK-NEXT: function @two_slots
// CHECK-NEXT:   transients:           peak 2048 B (2.0 KiB), max-live lower bound 1024 B (1.0 KiB)
// CHECK-NEXT:                         1 allocation, 2048 B (2.0 KiB) in total
// CHECK-NEXT:                         slab 0: 2048 B (2.0 KiB), 2 slots, slots max-live 1024 B (1.0 KiB)
// CHECK-NEXT:   constants:            0 B
// CHECK-NEXT:   parameters read:      0 B
// CHECK-NEXT:   parameters written:   0 B
// CHECK-NEXT:   external results:     1024 B (1.0 KiB) (1 result)
// CHECK-NEXT:   schedule:             1 execution region, 1 level, 1 host wait
util.func public @two_slots(%arg0: !stream.resource<external>, %arg1: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4 = arith.constant 4 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%c1024} => !stream.timepoint
  %slab, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c2048} => !stream.timepoint
  %j = stream.timepoint.join max(%t0, %t1) => !stream.timepoint
  %e0 = stream.cmd.execute await(%j) => with(%arg0 as %a: !stream.resource<external>{%arg1}, %slab as %s: !stream.resource<transient>{%c2048}, %out as %o: !stream.resource<external>{%c1024}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %a[%c0 for %c1024] : !stream.resource<external>{%arg1},
      wo %s[%c0 for %c1024] : !stream.resource<transient>{%c2048}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c0 for %c1024] : !stream.resource<transient>{%c2048},
      wo %o[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %o[%c0 for %c1024] : !stream.resource<external>{%c1024},
      wo %s[%c1024 for %c1024] : !stream.resource<transient>{%c2048}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c1024 for %c1024] : !stream.resource<transient>{%c2048},
      wo %o[%c0 for %c1024] : !stream.resource<external>{%c1024}
    }
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e0) => %slab : !stream.resource<transient>{%c2048} => !stream.timepoint
  %j2 = stream.timepoint.join max(%d, %e0) => !stream.timepoint
  %r = stream.timepoint.await %j2 => %out : !stream.resource<external>{%c1024}
  util.return %r : !stream.resource<external>
}

// -----

// Two allocas in sequence (the second after the first is freed) and one
// live across both: the peak counts the live ones only.
// CHECK-LABEL: // sluice memory report: 1 function
// CHECK-NEXT: function @sequence
// CHECK-NEXT:   transients:           peak 1536 B (1.5 KiB), max-live lower bound 1536 B (1.5 KiB)
// CHECK-NEXT:                         3 allocations, 2560 B (2.5 KiB) in total
// CHECK-NEXT:                         slab 0: 512 B, 2 slots, slots max-live 512 B
// CHECK-NEXT:                         slab 1: 1024 B (1.0 KiB), 1 slot, slots max-live 1024 B (1.0 KiB)
// CHECK-NEXT:                         slab 2: 1024 B (1.0 KiB), 1 slot, slots max-live 1024 B (1.0 KiB)
// CHECK:        schedule:             3 execution regions, 3 levels, 0 host waits
util.func public @sequence() {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %keep, %tk = stream.resource.alloca uninitialized : !stream.resource<transient>{%c512} => !stream.timepoint
  %a, %ta = stream.resource.alloca uninitialized await(%tk) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e0 = stream.cmd.execute await(%ta) => with(%a as %x: !stream.resource<transient>{%c1024}, %keep as %k: !stream.resource<transient>{%c512}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      wo %x[%c0 for %c1024] : !stream.resource<transient>{%c1024},
      wo %k[%c0 for %c512] : !stream.resource<transient>{%c512}
    }
  } => !stream.timepoint
  %da = stream.resource.dealloca await(%e0) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %b, %tb = stream.resource.alloca uninitialized await(%da) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e1 = stream.cmd.execute await(%tb) => with(%b as %y: !stream.resource<transient>{%c1024}, %keep as %k: !stream.resource<transient>{%c512}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %k[%c0 for %c512] : !stream.resource<transient>{%c512},
      wo %y[%c0 for %c1024] : !stream.resource<transient>{%c1024}
    }
  } => !stream.timepoint
  %db = stream.resource.dealloca await(%e1) => %b : !stream.resource<transient>{%c1024} => !stream.timepoint
  %e2 = stream.cmd.execute await(%db) => with(%keep as %k: !stream.resource<transient>{%c512}) {
    stream.cmd.fill %c0_i32, %k[%c0 for %c512] : i32 -> !stream.resource<transient>{%c512}
  } => !stream.timepoint
  %dk = stream.resource.dealloca await(%e2) => %keep : !stream.resource<transient>{%c512} => !stream.timepoint
  util.return
}

// -----

// Dynamic sizes print as formulas over the arguments.
// CHECK-LABEL: function @dynamic
// CHECK-NEXT:   transients:           peak dynamic, max-live lower bound dynamic
// CHECK-NEXT:                         1 allocation, align(dim(arg0, 0) * 4, 64) in total
// CHECK-NEXT:                         slab 0: align(dim(arg0, 0) * 4, 64), 0 slots, slots unknown (dynamic lengths)
// CHECK:        external results:     dim(arg0, 0) * 4 (1 result)
util.func public @dynamic(%view: !hal.buffer_view) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %c64 = arith.constant 64 : index
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %bytes = arith.muli %n, %c4 : index
  %size = util.align %bytes, %c64 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%bytes} => !stream.timepoint
  %slab, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %j = stream.timepoint.join max(%t0, %t1) => !stream.timepoint
  %e0 = stream.cmd.execute await(%j) => with(%slab as %s: !stream.resource<transient>{%size}, %out as %o: !stream.resource<external>{%bytes}) {
    stream.cmd.fill %c0_i32, %s[%c0 for %bytes] : i32 -> !stream.resource<transient>{%size}
    stream.cmd.copy %s[%c0], %o[%c0], %bytes : !stream.resource<transient>{%size} -> !stream.resource<external>{%bytes}
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e0) => %slab : !stream.resource<transient>{%size} => !stream.timepoint
  %r = stream.timepoint.await %d => %out : !stream.resource<external>{%bytes}
  util.return %r : !stream.resource<external>
}

// -----

// External transient storage: the size query's formula, printed from a
// hand-written query (shared subexpressions are bound once), and the
// storage's slots; a constant size is taken from the reflection. Query
// functions are not reported themselves.
// CHECK-LABEL: // sluice memory report: 2 functions
// CHECK-NEXT: function @external
// CHECK-NEXT:   transients:           peak 0 B, max-live lower bound 0 B
// CHECK-NEXT:                         0 allocations, 0 B in total
// CHECK-NEXT:                         slab 0 (external): arg2, 2 slots, slots max-live 512 B
// CHECK-NEXT:   external transients:  (t0 + max(t0, 1024)) * 4 where t0 = align(dim(arg0, 0) * dim(arg0, 1) * 4, 64) (size query @external_transients_size)
// CHECK-NEXT:                         accessed storage: 1 buffer, slots max-live lower bound 512 B
// CHECK:      function @constant_storage
// CHECK:        external transients:  512 B (size query @constant_storage_transients_size)
// CHECK-NOT:  function @
util.func public @external(%view: !hal.buffer_view, %storage: !stream.resource<transient>, %storage_size: index) -> !stream.resource<external> attributes {iree.reflection = {iree.abi.transients.size = @external_transients_size}} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4 = arith.constant 4 : index
  %out, %t0 = stream.resource.alloca uninitialized : !stream.resource<external>{%c256} => !stream.timepoint
  %e0 = stream.cmd.execute await(%t0) => with(%storage as %s: !stream.resource<transient>{%storage_size}, %out as %o: !stream.resource<external>{%c256}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      wo %s[%c0 for %c256] : !stream.resource<transient>{%storage_size}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c0 for %c256] : !stream.resource<transient>{%storage_size},
      wo %s[%c256 for %c256] : !stream.resource<transient>{%storage_size}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c256 for %c256] : !stream.resource<transient>{%storage_size},
      wo %o[%c0 for %c256] : !stream.resource<external>{%c256}
    }
  } => !stream.timepoint
  %r = stream.timepoint.await %e0 => %out : !stream.resource<external>{%c256}
  util.return %r : !stream.resource<external>
}
util.func public @external_transients_size(%view: !hal.buffer_view, %storage: !stream.resource<transient>, %storage_size: index) -> index {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %m = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
  %nm = arith.muli %n, %m : index
  %bytes = arith.muli %nm, %c4 : index
  %a = util.align %bytes, %c64 : index
  %b = arith.maxui %a, %c1024 : index
  %sum = arith.addi %a, %b : index
  %twice = arith.muli %sum, %c4 : index
  util.return %twice : index
}
util.func public @constant_storage(%view: !hal.buffer_view) -> !hal.buffer_view attributes {iree.reflection = {iree.abi.transients.size = @constant_storage_transients_size, iree.abi.transients.size.constant = 512 : index}} {
  util.return %view : !hal.buffer_view
}
util.func public @constant_storage_transients_size(%view: !hal.buffer_view) -> index {
  %c512 = arith.constant 512 : index
  util.return %c512 : index
}

// -----

// The remaining query forms: subtraction and division keep their operand
// order, casts and assumptions are transparent, unknown ops print as calls,
// selects and comparisons, and a too-large computation is summarized.
// CHECK-LABEL: function @forms
// CHECK-NEXT:   transients:           peak 0 B, max-live lower bound 0 B
// CHECK-NEXT:                         0 allocations, 0 B in total
// CHECK-NEXT:   external transients:  select((arg1 < 16), arg1 - (arg1 - 2), arg1 / (arg1 / 3)), ceildiv(arg1, 8) + min(arg1, 7) % 3, arg1 * util.sizeof(i64) (size query @forms_transients_size)
util.func public @forms(%view: !hal.buffer_view, %n: index) -> !hal.buffer_view attributes {iree.reflection = {iree.abi.transients.size = @forms_transients_size}} {
  util.return %view : !hal.buffer_view
}
util.func public @forms_transients_size(%view: !hal.buffer_view, %n: index) -> (index, index, index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = arith.subi %n, %c2 : index
  %b = arith.subi %n, %a : index
  %c = arith.divui %n, %c3 : index
  %d = arith.divui %n, %c : index
  %cmp = arith.cmpi ult, %n, %c16 : index
  %s = arith.select %cmp, %b, %d : index
  %e = arith.ceildivui %n, %c8 : index
  %f = arith.minui %n, %c7 : index
  %g = arith.remui %f, %c3 : index
  %h = arith.addi %e, %g : index
  %i = arith.index_cast %n : index to i64
  %j = arith.index_cast %i : i64 to index
  %k = util.assume.int %j<umin = 1, umax = 100> : index
  %sz = util.sizeof i64
  %m = arith.muli %k, %sz : index
  util.return %s, %h, %m : index, index, index
}

// -----

// Constants and parameters (inline and parameter-backed constants, a
// parameter load in an initializer), external results, and control-flow
// shapes with nothing else to report: an empty function, several blocks, an
// unreachable self-loop, external storage of dynamic length; private
// functions are not reported.
// CHECK-LABEL: // sluice memory report: 4 functions
// CHECK-NEXT: function initializer #0
// CHECK:        parameters read:      4096 B (4.0 KiB) (1 parameter)
// CHECK:        schedule:             0 execution regions, 0 levels, 1 host wait
// CHECK-NEXT: function @consts
// CHECK:        constants:            64 B (1 constant)
// CHECK-NEXT:   parameters read:      128 B (1 parameter)
// CHECK-NEXT:   parameters written:   0 B
// CHECK-NEXT:   external results:     192 B (2 results)
// CHECK-NEXT:   schedule:             0 execution regions, 0 levels, 1 host wait
// CHECK-NEXT: function @empty
// CHECK-NEXT:   transients:           peak 0 B, max-live lower bound 0 B
// CHECK:      function @blocks
// CHECK-NEXT:   transients:           peak 0 B, max-live lower bound 0 B
// CHECK-NEXT:                         0 allocations, 0 B in total
// CHECK-NEXT:                         slab 0 (external): arg2, 0 slots, slots unknown (dynamic lengths)
// CHECK-NEXT:   external transients:  accessed storage: 1 buffer, slots max-live lower bound dynamic
// CHECK:        schedule:             1 execution region, 1 level, 1 host wait
// CHECK-NOT:  private_not_reported
util.global private @weights : !stream.resource<constant>
util.initializer {
  %c0_i64 = arith.constant 0 : i64
  %c4096 = arith.constant 4096 : index
  %scope = util.buffer.constant : !util.buffer = "model"
  %key = util.buffer.constant : !util.buffer = "w"
  %r, %t = stream.cmd.parameter.load {
    %scope::%key[%c0_i64] : !stream.resource<constant>{%c4096}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %r : !stream.resource<constant>{%c4096}
  util.global.store %w, @weights : !stream.resource<constant>
  util.return
}
util.func public @consts() -> (!stream.resource<constant>, !stream.resource<constant>) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %results:2, %tp = stream.resource.constants :
    !stream.resource<constant>{%c64} = dense<1> : tensor<16xi32>,
    !stream.resource<constant>{%c128} = #stream.parameter.named<"model"::"b"> : tensor<32xf32>
    => !stream.timepoint
  %r:2 = stream.timepoint.await %tp => %results#0, %results#1 : !stream.resource<constant>{%c64}, !stream.resource<constant>{%c128}
  util.return %r#0, %r#1 : !stream.resource<constant>, !stream.resource<constant>
}
// Control-flow shapes: nothing to report must not crash.
util.func public @empty() {
  util.return
}
util.func public @blocks(%c: i1, %arg0: !stream.resource<transient>, %n: index) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %e = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%n}) {
    stream.cmd.dispatch @ex::@f[%c4] {
      rw %a[%c0 for %n] : !stream.resource<transient>{%n}
    }
  } => !stream.timepoint
  %ignored = stream.timepoint.await %e => %arg0 : !stream.resource<transient>{%n}
  cf.br ^bb2
^bb2:
  util.return
^bb3:
  cf.br ^bb3
}
util.func private @private_not_reported() {
  util.return
}

// -----

// Accesses of overlapping byte ranges while both are live are one slot (a
// value and a subrange of it); ranges sharing bytes at disjoint times are
// distinct values packed over each other.
// CHECK-LABEL: function @overlap
// CHECK-NEXT:   transients:           peak 1024 B (1.0 KiB), max-live lower bound 1024 B (1.0 KiB)
// CHECK-NEXT:                         1 allocation, 1024 B (1.0 KiB) in total
// CHECK-NEXT:                         slab 0: 1024 B (1.0 KiB), 2 slots, slots max-live 1024 B (1.0 KiB)
util.func public @overlap() {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c4 = arith.constant 4 : index
  %slab, %t = stream.resource.alloca uninitialized : !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%t) => with(%slab as %s: !stream.resource<transient>{%c1024}) {
    // Slot 1: [0, 1024) written, then [256, 768) read from it.
    stream.cmd.dispatch @ex::@f[%c4] {
      wo %s[%c0 for %c1024] : !stream.resource<transient>{%c1024}
    }
    stream.cmd.dispatch @ex::@f[%c4] {
      ro %s[%c256 for %c512] : !stream.resource<transient>{%c1024}
    }
    // Slot 2: [0, 512) reused afterwards.
    stream.cmd.dispatch @ex::@f[%c4] {
      wo %s[%c0 for %c512] : !stream.resource<transient>{%c1024}
    }
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %slab : !stream.resource<transient>{%c1024} => !stream.timepoint
  util.return
}
