// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK: util.global private mutable @resource : !hal.buffer
util.global private mutable @resource : !stream.resource<variable>

// CHECK-LABEL: @globalOps
util.func public @globalOps() {
  // CHECK: %[[VALUE:.+]] = util.global.load @resource : !hal.buffer
  %0 = util.global.load @resource : !stream.resource<variable>
  // CHECK: util.global.store %[[VALUE]], @resource : !hal.buffer
  util.global.store %0, @resource : !stream.resource<variable>
  util.return
}
