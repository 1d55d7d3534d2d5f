// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @timepoints
util.func public @timepoints(%fence: !hal.fence, %t0: !stream.timepoint, %t1: !stream.timepoint, %r: !stream.resource<external>, %n: index, %s: !stream.resource<staging>, %sn: index) -> (!stream.timepoint, !stream.resource<external>, !stream.resource<staging>) {
  // CHECK: stream.timepoint.immediate => !stream.timepoint
  %now = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[TP:.+]] = stream.timepoint.import on(#hal.device.affinity<@dev>) %arg0 : (!hal.fence) => !stream.timepoint
  %tp = stream.timepoint.import on(#hal.device.affinity<@dev>) %fence : (!hal.fence) => !stream.timepoint
  // CHECK: stream.timepoint.export %[[TP]] => (!hal.semaphore, i64)
  %sem, %val = stream.timepoint.export %tp => (!hal.semaphore, i64)
  // CHECK: stream.timepoint.chain_external %[[TP]] => (%arg0 : !hal.fence)
  stream.timepoint.chain_external %tp => (%fence : !hal.fence)
  // CHECK: stream.timepoint.join max(%arg1, %arg2, %[[TP]]) => !stream.timepoint
  %all = stream.timepoint.join max(%t0, %t1, %tp) => !stream.timepoint
  // CHECK: stream.timepoint.barrier on(#hal.device.affinity<@dev>) %arg3 : !stream.resource<external>{%arg4} => !stream.timepoint
  %rb, %rt = stream.timepoint.barrier on(#hal.device.affinity<@dev>) %r : !stream.resource<external>{%n} => !stream.timepoint
  // CHECK: stream.timepoint.await sync %[[TP]] => %arg5, %arg3 : !stream.resource<staging>{%arg6}, !stream.resource<external>{%arg4}
  %a:2 = stream.timepoint.await sync %tp => %s, %r : !stream.resource<staging>{%sn}, !stream.resource<external>{%n}
  // CHECK: stream.timepoint.await %arg1 => %arg3 : !stream.resource<external>{%arg4}
  %b = stream.timepoint.await %t0 => %r : !stream.resource<external>{%n}
  util.return %all, %b, %a#0 : !stream.timepoint, !stream.resource<external>, !stream.resource<staging>
}

// -----

// The immediate timepoint attribute prints with its type.
// CHECK: util.global private @imm = #stream.timepoint<immediate> : !stream.timepoint
util.global private @imm = #stream.timepoint<immediate> : !stream.timepoint
// CHECK: util.global private @coll {test.c = #stream.collective<all_reduce with sum : f32>, test.d = #stream.collective<all_gather : si8>} : i32
util.global private @coll {test.c = #stream.collective<all_reduce with sum : f32>, test.d = #stream.collective<all_gather : si8>} : i32
// CHECK: util.global private @p0 = #stream.parameter.named<"key"> : tensor<10xf32>
util.global private @p0 = #stream.parameter.named<"key"> : tensor<10xf32>
// CHECK: util.global private @p1 = #stream.parameter.named<"scope"::"key", {some.config = "hello"}> : tensor<10xf32>
util.global private @p1 = #stream.parameter.named<"scope" : : "key", {some.config = "hello"}> : tensor<10xf32>
// -----

// CHECK-LABEL: util.func public @channels
util.func public @channels(%ch: !stream.channel, %id: !util.buffer, %r: index, %c: index) -> (index, index) {
  // CHECK: %channel = stream.channel.create on(#hal.device.affinity<@dev>) id(%arg1) group("tp") rank(%arg2) count(%arg3) : !stream.channel
  %0 = stream.channel.create on(#hal.device.affinity<@dev>) id(%id) group("tp") rank(%r) count(%c) : !stream.channel
  // CHECK: stream.channel.create : !stream.channel
  %1 = stream.channel.create : !stream.channel
  // CHECK: %channel_1 = stream.channel.split %arg0, %arg2, %arg3 : !stream.channel -> !stream.channel
  %2 = stream.channel.split %ch, %r, %c : !stream.channel -> !stream.channel
  // CHECK: %ccl_rank = stream.channel.rank %arg0 : index
  %3 = stream.channel.rank %ch : index
  // CHECK: %ccl_count = stream.channel.count %arg0 : index
  %4 = stream.channel.count %ch : index
  util.return %3, %4 : index, index
}

// -----

// CHECK-LABEL: util.func public @context
util.func public @context() -> (!hal.device, i64) {
  // CHECK: stream.context.resolve on(#hal.device.affinity<@gpu, [0, 1]>) : !hal.device, i64
  %dev, %queues = stream.context.resolve on(#hal.device.affinity<@gpu, [0, 1]>) : !hal.device, i64
  util.return %dev, %queues : !hal.device, i64
}

// -----

// CHECK-LABEL: util.func public @timeline_aware
util.func public @timeline_aware(%in: !stream.resource<external>, %f0: !stream.test.fence, %f1: !stream.test.fence, %f2: !stream.test.fence) -> !stream.resource<external> {
  // CHECK: stream.test.timeline_aware(%arg0) waits(%arg1, %arg2) signals(%arg3) : (!stream.resource<external>) -> !stream.resource<external>
  %out = stream.test.timeline_aware(%in) waits(%f0, %f1) signals(%f2) : (!stream.resource<external>) -> !stream.resource<external>
  util.return %out : !stream.resource<external>
}
