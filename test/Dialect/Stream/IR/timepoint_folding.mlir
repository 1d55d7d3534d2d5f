// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @join_folds
util.func public @join_folds(%a: !stream.timepoint, %b: !stream.timepoint, %c: !stream.timepoint, %d: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[IMM:.+]] = stream.timepoint.immediate
  %0 = stream.timepoint.join max(%imm, %imm) => !stream.timepoint
  // One operand after eliding immediates: folds to it.
  %1 = stream.timepoint.join max(%imm, %a) => !stream.timepoint
  // CHECK: %[[J:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  %2 = stream.timepoint.join max(%a, %b, %a, %imm, %b) => !stream.timepoint
  // CHECK: %[[K:.+]] = stream.timepoint.join max(%arg2, %arg0, %arg1, %arg3) => !stream.timepoint
  %3 = stream.timepoint.join max(%c, %2, %d) => !stream.timepoint
  // CHECK: util.return %[[IMM]], %arg0, %[[J]], %[[K]]
  util.return %0, %1, %2, %3 : !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @export_of_import
util.func public @export_of_import(%sem: !hal.semaphore, %v: index) -> (!hal.semaphore, index, !hal.semaphore, i32) {
  %t = stream.timepoint.import %sem, %v : (!hal.semaphore, index) => !stream.timepoint
  %0:2 = stream.timepoint.export %t => (!hal.semaphore, index)
  // CHECK: %[[E:.+]]:2 = stream.timepoint.export %{{.+}} => (!hal.semaphore, i32)
  %1:2 = stream.timepoint.export %t => (!hal.semaphore, i32)
  // CHECK: util.return %arg0, %arg1, %[[E]]#0, %[[E]]#1
  util.return %0#0, %0#1, %1#0, %1#1 : !hal.semaphore, index, !hal.semaphore, i32
}

// -----

// CHECK-LABEL: util.func public @await_folds
util.func public @await_folds(%r: !stream.resource<*>, %n: index, %t: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0 = stream.timepoint.await %imm => %r : !stream.resource<*>{%n}
  // CHECK: %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<*>{%arg1}
  // CHECK-NOT: stream.timepoint.await
  %1:3 = stream.timepoint.await %t => %r, %r, %r : !stream.resource<*>{%n}, !stream.resource<*>{%n}, !stream.resource<*>{%n}
  // CHECK: util.return %arg0, %[[W]], %[[W]]
  util.return %0, %1#0, %1#2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @subview_across_await
util.func public @subview_across_await(%r: !stream.resource<*>, %n: index, %t: !stream.timepoint) -> !stream.resource<*> {
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // CHECK: %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<*>{%arg1}
  // CHECK: %[[V:.+]] = stream.resource.subview %[[W]][%c128] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%c256}
  // CHECK: util.return %[[V]]
  %v = stream.resource.subview %r[%c128] : !stream.resource<*>{%n} -> !stream.resource<*>{%c256}
  %w = stream.timepoint.await %t => %v : !stream.resource<*>{%c256}
  util.return %w : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @barrier_folds
util.func public @barrier_folds(%n: index, %src: !stream.resource<external>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
  // CHECK-DAG: %[[ALLOC:.+]] = stream.resource.alloc
  // CHECK-DAG: %[[IMM:.+]] = stream.timepoint.immediate
  %a = stream.resource.alloc : !stream.resource<variable>{%n}
  %r0, %t0 = stream.timepoint.barrier %a : !stream.resource<variable>{%n} => !stream.timepoint
  %w = stream.timepoint.await %t => %src : !stream.resource<external>{%n}
  %r1, %t1 = stream.timepoint.barrier %w : !stream.resource<external>{%n} => !stream.timepoint
  // CHECK: util.return %[[ALLOC]], %[[IMM]], %arg1, %arg2
  util.return %r0, %t0, %r1, %t1 : !stream.resource<variable>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @chain_external
util.func public @chain_external(%in: !hal.fence, %dev: !hal.device) -> !hal.fence {
  // CHECK-NOT: stream.timepoint.chain_external
  // CHECK: util.return %arg0
  %tp = stream.timepoint.import %in : (!hal.fence) => !stream.timepoint
  %f = hal.fence.create device(%dev : !hal.device) flags("None") : !hal.fence
  stream.timepoint.chain_external %tp => (%f : !hal.fence)
  util.return %f : !hal.fence
}

// -----

// CHECK-LABEL: util.func public @channel_folds
util.func public @channel_folds(%r: index, %c: index) -> (index, index, index) {
  // CHECK: %[[CH:.+]] = stream.channel.create count(%arg1) : !stream.channel
  %ch = stream.channel.create rank(%r) : !stream.channel
  %ch2 = stream.channel.create count(%c) : !stream.channel
  %unused = stream.channel.create : !stream.channel
  %0 = stream.channel.rank %ch : index
  %1 = stream.channel.count %ch2 : index
  // CHECK: %[[RANK:.+]] = stream.channel.rank %[[CH]] : index
  %2 = stream.channel.rank %ch2 : index
  // CHECK: util.return %arg0, %arg1, %[[RANK]]
  util.return %0, %1, %2 : index, index, index
}

// -----

// A barrier on an imported resource is immediately resolved.
// CHECK-LABEL: util.func public @barrier_of_import
util.func public @barrier_of_import(%b: !util.buffer, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK: %[[IMM:.+]] = stream.timepoint.immediate
  // CHECK: %[[I:.+]] = stream.tensor.import
  // CHECK: util.return %[[I]], %[[IMM]]
  %i = stream.tensor.import %b : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  %r, %t = stream.timepoint.barrier %i : !stream.resource<external>{%n} => !stream.timepoint
  util.return %r, %t : !stream.resource<external>, !stream.timepoint
}
