// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-pack-dispatch-operands %s | FileCheck %s

// stream-passes-2.md §12.4 / §19: the type classes not in
// pack_dispatch_operands.mlir (i16, i31, i32, i48, f64, f32) through one site:
// each host value becomes i32 operands and the device recombines it to the
// original type. [QUIRK PD1] fixed: i31 is extended like every width < 32.

stream.executable private @ex {
  stream.executable.export public @device
  builtin.module {
    // CHECK: util.func public @device(%[[A:[^:]+]]: i32, %[[B:[^:]+]]: i32, %[[C:[^:]+]]: i32, %[[DLO:[^:]+]]: i32, %[[DHI:[^:]+]]: i32, %[[ELO:[^:]+]]: i32, %[[EHI:[^:]+]]: i32, %[[F:[^:]+]]: i32, %{{[^:]+}}: !stream.binding)
    util.func public @device(%a: i16, %b: i31, %c: i32, %d: i48, %e: f64, %f: f32, %binding: !stream.binding) {
      // CHECK-NEXT: %[[A16:.+]] = arith.trunci %[[A]] : i32 to i16
      // CHECK-NEXT: %[[B31:.+]] = arith.trunci %[[B]] : i32 to i31
      // CHECK-NEXT: %[[DLO64:.+]] = arith.extui %[[DLO]] : i32 to i64
      // CHECK-NEXT: %[[DHI64:.+]] = arith.extui %[[DHI]] : i32 to i64
      // CHECK-NEXT: %[[C32:.+]] = arith.constant 32 : i64
      // CHECK-NEXT: %[[DSHL:.+]] = arith.shli %[[DHI64]], %[[C32]] : i64
      // CHECK-NEXT: %[[D64:.+]] = arith.ori %[[DLO64]], %[[DSHL]] : i64
      // CHECK-NEXT: %[[D48:.+]] = arith.trunci %[[D64]] : i64 to i48
      // CHECK-NEXT: %[[ELO64:.+]] = arith.extui %[[ELO]] : i32 to i64
      // CHECK-NEXT: %[[EHI64:.+]] = arith.extui %[[EHI]] : i32 to i64
      // CHECK-NEXT: %[[C32B:.+]] = arith.constant 32 : i64
      // CHECK-NEXT: %[[ESHL:.+]] = arith.shli %[[EHI64]], %[[C32B]] : i64
      // CHECK-NEXT: %[[E64:.+]] = arith.ori %[[ELO64]], %[[ESHL]] : i64
      // CHECK-NEXT: %[[EF64:.+]] = arith.bitcast %[[E64]] : i64 to f64
      // CHECK-NEXT: %[[FF32:.+]] = arith.bitcast %[[F]] : i32 to f32
      // CHECK-NEXT: util.optimization_barrier %[[A16]], %[[B31]], %[[C]], %[[D48]], %[[EF64]], %[[FF32]] : i16, i31, i32, i48, f64, f32
      util.optimization_barrier %a, %b, %c, %d, %e, %f : i16, i31, i32, i48, f64, f32
      util.return
    }
  }
}
// CHECK-LABEL: util.func public @host(
util.func public @host(%a: i16, %b: i31, %c: i32, %d: i48, %e: f64, %f: f32) {
  %c128 = arith.constant 128 : index
  %0 = stream.resource.alloc uninitialized : !stream.resource<transient>{%c128}
  // CHECK: %[[A:.+]] = arith.extui %arg0 : i16 to i32
  // CHECK-NEXT: %[[B:.+]] = arith.extui %arg1 : i31 to i32
  // CHECK-NEXT: %[[D64:.+]] = arith.extui %arg3 : i48 to i64
  // CHECK-NEXT: %[[DLO:.+]] = arith.trunci %arg3 : i48 to i32
  // CHECK-NEXT: %[[C32:.+]] = arith.constant 32 : i64
  // CHECK-NEXT: %[[DSHR:.+]] = arith.shrui %[[D64]], %[[C32]] : i64
  // CHECK-NEXT: %[[DHI:.+]] = arith.trunci %[[DSHR]] : i64 to i32
  // CHECK-NEXT: %[[E64:.+]] = arith.bitcast %arg4 : f64 to i64
  // CHECK-NEXT: %[[ELO:.+]] = arith.trunci %[[E64]] : i64 to i32
  // CHECK-NEXT: %[[C32B:.+]] = arith.constant 32 : i64
  // CHECK-NEXT: %[[ESHR:.+]] = arith.shrui %[[E64]], %[[C32B]] : i64
  // CHECK-NEXT: %[[EHI:.+]] = arith.trunci %[[ESHR]] : i64 to i32
  // CHECK-NEXT: %[[F:.+]] = arith.bitcast %arg5 : f32 to i32
  // CHECK-NEXT: stream.cmd.execute
  %1 = stream.cmd.execute with(%0 as %r: !stream.resource<transient>{%c128}) {
    // CHECK-NEXT: stream.cmd.dispatch @ex::@device(%[[A]], %[[B]], %arg2, %[[DLO]], %[[DHI]], %[[ELO]], %[[EHI]], %[[F]] : i32, i32, i32, i32, i32, i32, i32, i32)
    stream.cmd.dispatch @ex::@device(%a, %b, %c, %d, %e, %f : i16, i31, i32, i48, f64, f32) {
      rw %r[%c128 for %c128] : !stream.resource<transient>{%c128}
    }
  } => !stream.timepoint
  util.return
}
