// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-annotate-dispatch-assumptions %s | FileCheck %s

// stream-passes-2.md §12.3: one row entry per site (three sites across two
// functions); float and uninformative operands are excluded.

stream.executable private @ex {
  stream.executable.export public @dispatch
  builtin.module {
    // CHECK: util.func public @dispatch(%[[A0:[^:]+]]: index, %[[A1:[^:]+]]: index, %[[A2:[^:]+]]: i1, %[[F:[^:]+]]: f32, %[[U:[^:]+]]: index, %{{[^:]+}}: !stream.binding)
    util.func public @dispatch(%arg0: index, %arg1: index, %arg2: i1, %arg3: f32, %arg4: index, %rbinding: !stream.binding) {
      // CHECK-NEXT: %[[ASSUME:[^:]+]]:3 = util.assume.int
      // CHECK-NEXT:   %[[A0]][<umin = 0, umax = 0>, <>, <umin = 5, umax = 5, udiv = 5>],
      // CHECK-NEXT:   %[[A1]][<umin = 20, umax = 20, udiv = 20>, <umin = 40, umax = 40, udiv = 40>, <umin = 20, umax = 20, udiv = 20>],
      // CHECK-NEXT:   %[[A2]][<umin = 1, umax = 1>, <umin = 0, umax = 0>, <umin = 1, umax = 1>]
      // CHECK-NEXT: : index, index, i1
      // CHECK-NEXT: util.optimization_barrier %[[ASSUME]]#0, %[[ASSUME]]#1, %[[ASSUME]]#2, %[[F]], %[[U]]
      util.optimization_barrier %arg0, %arg1, %arg2, %arg3, %arg4 : index, index, i1, f32, index
      util.return
    }
  }
}
util.func public @siteA(%unknown: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %true = arith.constant true
  %false = arith.constant false
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    stream.cmd.dispatch @ex::@dispatch(%c0, %c20, %true, %f, %unknown : index, index, i1, f32, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
    stream.cmd.dispatch @ex::@dispatch(%unknown, %c40, %false, %f, %unknown : index, index, i1, f32, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}
util.func public @siteB(%unknown: index, %f: f32) {
  %c5 = arith.constant 5 : index
  %c20 = arith.constant 20 : index
  %true = arith.constant true
  %rsz = arith.constant 9999 : index
  %rbuf = stream.resource.alloc uninitialized : !stream.resource<transient>{%rsz}
  %0 = stream.cmd.execute with(%rbuf as %rb: !stream.resource<transient>{%rsz}) {
    stream.cmd.dispatch @ex::@dispatch(%c5, %c20, %true, %f, %unknown : index, index, i1, f32, index) {
      rw %rb[%rsz for %rsz] : !stream.resource<transient>{%rsz}
    }
  } => !stream.timepoint
  util.return
}
