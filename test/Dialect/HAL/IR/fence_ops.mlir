// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @fence_ops
util.func public @fence_ops(%a: !hal.fence, %b: !hal.fence) -> (!hal.fence, i32) {
  // CHECK: %fence = hal.fence.join at([%arg0, %arg1]) flags("None") -> !hal.fence
  %0 = hal.fence.join at([%a, %b]) flags("None") -> !hal.fence
  %timeout = arith.constant -1 : i32
  // CHECK: %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
  %1 = hal.fence.await until([%0]) timeout_millis(%timeout) flags("None") : i32
  // CHECK: util.status.check_ok %status, "failed to wait on timepoint"
  util.status.check_ok %1, "failed to wait on timepoint"
  // CHECK: util.status.check_ok %status{{$}}
  util.status.check_ok %1
  // CHECK: hal.fence.signal<%arg0 : !hal.fence>
  hal.fence.signal<%a : !hal.fence>
  util.return %0, %1 : !hal.fence, i32
}
