// RUN: sluice-opt --split-input-file --cse %s | FileCheck %s
// REQUIRES: sluice-opt

// fence.create allocates: CSE must not merge two creations.
// CHECK-LABEL: util.func public @fences_not_merged
util.func public @fences_not_merged(%device: !hal.device) -> (!hal.fence, !hal.fence) {
  // CHECK: %[[A:.+]] = hal.fence.create
  // CHECK: %[[B:.+]] = hal.fence.create
  // CHECK: util.return %[[A]], %[[B]]
  %0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  %1 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  util.return %0, %1 : !hal.fence, !hal.fence
}

// -----

// The query ops are pure: CSE merges them.
// CHECK-LABEL: util.func public @queries_merged
util.func public @queries_merged(%view: !hal.buffer_view) -> (index, index) {
  // CHECK-COUNT-1: hal.buffer_view.dim
  // CHECK-NOT: hal.buffer_view.dim
  %0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %1 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  util.return %0, %1 : index, index
}
