// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-sync-initializers %s | FileCheck %s

// Awaits in initializers become synchronous.

util.global private @global : !stream.resource<constant>

// CHECK-LABEL: util.initializer
util.initializer {
  %c128 = arith.constant 128 : index
  // CHECK: %[[ALLOCA:.+]], %[[ALLOCA_TP:.+]] = stream.resource.alloca
  %alloca, %alloca_tp = stream.resource.alloca uninitialized : !stream.resource<constant>{%c128} => !stream.timepoint
  // CHECK: %[[BARRIER:.+]], %[[BARRIER_TP:.+]] = stream.timepoint.barrier %[[ALLOCA]]
  %barrier, %barrier_tp = stream.timepoint.barrier %alloca : !stream.resource<constant>{%c128} => !stream.timepoint
  // CHECK: %[[READY:.+]] = stream.timepoint.await sync %[[BARRIER_TP]] => %[[BARRIER]] : !stream.resource<constant>{%c128}
  %ready = stream.timepoint.await %barrier_tp => %barrier : !stream.resource<constant>{%c128}
  // CHECK: util.global.store %[[READY]], @global
  util.global.store %ready, @global : !stream.resource<constant>
  util.return
}

// -----

// Awaits nested in regions of an initializer are marked too; functions
// (including those called from initializers) keep asynchronous awaits.

util.global private @global : !stream.resource<constant>

// CHECK-LABEL: util.func private @callee
// CHECK: stream.timepoint.await %
util.func private @callee(%tp: !stream.timepoint, %r: !stream.resource<constant>) -> !stream.resource<constant> {
  %c128 = arith.constant 128 : index
  %ready = stream.timepoint.await %tp => %r : !stream.resource<constant>{%c128}
  util.return %ready : !stream.resource<constant>
}

// CHECK-LABEL: util.initializer
util.initializer {
  %c128 = arith.constant 128 : index
  %cond = arith.constant true
  %alloca, %alloca_tp = stream.resource.alloca uninitialized : !stream.resource<constant>{%c128} => !stream.timepoint
  // CHECK: scf.if
  scf.if %cond {
    // CHECK: stream.timepoint.await sync
    %ready = stream.timepoint.await %alloca_tp => %alloca : !stream.resource<constant>{%c128}
    util.global.store %ready, @global : !stream.resource<constant>
  }
  // CHECK: util.call @callee
  %0 = util.call @callee(%alloca_tp, %alloca) : (!stream.timepoint, !stream.resource<constant>) -> !stream.resource<constant>
  util.return
}

// -----

// An empty module is left alone.

// CHECK: module
// CHECK-NOT: util
module {
}
