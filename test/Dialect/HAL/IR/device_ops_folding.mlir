// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// Unused fences are erased (the op declares MemAlloc, so only the
// canonicalizer removes it).
// CHECK-LABEL: util.func public @unused_fence
util.func public @unused_fence(%device: !hal.device) -> !hal.fence {
  // CHECK-NEXT: %[[F:.+]] = hal.fence.create device(%arg0 : !hal.device) flags("None") : !hal.fence
  // CHECK-NEXT: util.return %[[F]]
  %0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  %1 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  util.return %1 : !hal.fence
}

// -----

// resolve_memory_properties has no folder: a later HAL pass resolves it.
// CHECK-LABEL: util.func public @memory_properties_survive
util.func public @memory_properties_survive() -> (i32, i32) {
  // CHECK: hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  %mt, %bu = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  util.return %mt, %bu : i32, i32
}

// -----

// An unused fence is not trivially dead: without its pattern canonicalization
// keeps it.
// RUN: sluice-opt --split-input-file --canonicalize="disable-patterns=EraseUnusedFence" %s | FileCheck %s --check-prefix=NOPATTERN
// NOPATTERN-LABEL: util.func public @unused_fence_not_trivially_dead
// NOPATTERN: hal.fence.create
// NOPATTERN-NEXT: util.return
util.func public @unused_fence_not_trivially_dead(%device: !hal.device) {
  %0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  util.return
}
