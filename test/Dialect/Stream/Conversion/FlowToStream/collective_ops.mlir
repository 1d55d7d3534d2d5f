// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// FlowToStream, channels and collectives (stream-passes-1.md §3.4).

// The default channel keeps only its group.
// CHECK-LABEL: util.func public @channel_default() -> !stream.channel {
// CHECK-NEXT: %[[V1:.+]] = stream.channel.create group("group") : !stream.channel
// CHECK-NEXT: util.return %[[V1]] : !stream.channel
// CHECK-NEXT: }
util.func public @channel_default() -> !flow.channel {
  %channel = flow.channel.default "group" : !flow.channel
  util.return %channel : !flow.channel
}

// -----

// CHECK-LABEL: util.func public @channel_split(%arg0: !stream.channel) -> !stream.channel {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 100 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 101 : index
// CHECK-NEXT: %[[V3:.+]] = stream.channel.split %arg0, %[[V1]], %[[V2]] : !stream.channel -> !stream.channel
// CHECK-NEXT: util.return %[[V3]] : !stream.channel
// CHECK-NEXT: }
util.func public @channel_split(%channel: !flow.channel) -> !flow.channel {
  %color = arith.constant 100 : index
  %key = arith.constant 101 : index
  %split = flow.channel.split %channel, %color, %key : !flow.channel -> !flow.channel
  util.return %split : !flow.channel
}

// -----

// CHECK-LABEL: util.func public @channel_rank(%arg0: !stream.channel) -> index {
// CHECK-NEXT: %[[V1:.+]] = stream.channel.rank %arg0 : index
// CHECK-NEXT: util.return %[[V1]] : index
// CHECK-NEXT: }
util.func public @channel_rank(%channel: !flow.channel) -> index {
  %rank = flow.channel.rank %channel : index
  util.return %rank : index
}

// -----

// CHECK-LABEL: util.func public @channel_count(%arg0: !stream.channel) -> index {
// CHECK-NEXT: %[[V1:.+]] = stream.channel.count %arg0 : index
// CHECK-NEXT: util.return %[[V1]] : index
// CHECK-NEXT: }
util.func public @channel_count(%channel: !flow.channel) -> index {
  %count = flow.channel.count %channel : index
  util.return %count : index
}

// -----

// The element count is the static number of elements of the result; the
// target and then the source are converted; the result is the target.
// CHECK-LABEL: util.func public @all_reduce_sum(%arg0: !stream.channel, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<2304xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<2304xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 2304 : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.collective<all_reduce with sum : f32>[%[[V4]]] channel(%arg0) %arg1[%[[V3]] to %arg2 for %arg2], %[[V2]][%[[V3]] to %[[V1]] for %[[V1]]] : !stream.resource<*>{%arg2} -> %[[V2]] as !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V5]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @all_reduce_sum(%channel: !flow.channel, %arg0: tensor<2304xf32>) -> tensor<2304xf32> {
  %0 = flow.tensor.empty : tensor<2304xf32>
  %1 = flow.collective.all_reduce sum, f32, %0, %arg0, %channel : (tensor<2304xf32>, tensor<2304xf32>, !flow.channel) -> %0 as tensor<2304xf32>
  util.return %1 : tensor<2304xf32>
}

// -----

// CHECK-LABEL: util.func public @all_gather(%arg0: !stream.channel, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<1024xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<1024xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.collective<all_gather : f32>[%[[V4]]] channel(%arg0) %arg1[%[[V3]] to %arg2 for %arg2], %[[V2]][%[[V3]] to %[[V1]] for %[[V1]]] : !stream.resource<*>{%arg2} -> %[[V2]] as !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V5]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @all_gather(%channel: !flow.channel, %arg0: tensor<512xf32>) -> tensor<1024xf32> {
  %0 = flow.tensor.empty : tensor<1024xf32>
  %1 = flow.collective.all_gather f32, %0, %arg0, %channel : (tensor<1024xf32>, tensor<512xf32>, !flow.channel) -> %0 as tensor<1024xf32>
  util.return %1 : tensor<1024xf32>
}

// -----

// CHECK-LABEL: util.func public @all_to_all(%arg0: !stream.channel, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<1024xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<1024xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.collective<all_to_all : f32>[%[[V4]]] channel(%arg0) %arg1[%[[V3]] to %arg2 for %arg2], %[[V2]][%[[V3]] to %[[V1]] for %[[V1]]] : !stream.resource<*>{%arg2} -> %[[V2]] as !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V5]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @all_to_all(%channel: !flow.channel, %arg0: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = flow.tensor.empty : tensor<1024xf32>
  %1 = flow.collective.all_to_all f32, %0, %arg0, %channel : (tensor<1024xf32>, tensor<1024xf32>, !flow.channel) -> %0 as tensor<1024xf32>
  util.return %1 : tensor<1024xf32>
}

// -----

// CHECK-LABEL: util.func public @reduce_scatter(%arg0: !stream.channel, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<2x4xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<2x4xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.collective<reduce_scatter with sum : f32>[%[[V4]]] channel(%arg0) %arg1[%[[V3]] to %arg2 for %arg2], %[[V2]][%[[V3]] to %[[V1]] for %[[V1]]] : !stream.resource<*>{%arg2} -> %[[V2]] as !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V5]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @reduce_scatter(%channel: !flow.channel, %arg0: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %0 = flow.tensor.empty : tensor<2x4xf32>
  %1 = flow.collective.reduce_scatter sum, f32, %0, %arg0, %channel : (tensor<2x4xf32>, tensor<4x4xf32>, !flow.channel) -> %0 as tensor<2x4xf32>
  util.return %1 : tensor<2x4xf32>
}

// -----

// send_recv packs (recv << 16) | (send & 0xFFFF) into an i32 parameter.
// CHECK-LABEL: util.func public @send_recv(%arg0: !stream.channel, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<1024xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<1024xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[V5:.+]] = arith.index_cast %arg3 : index to i32
// CHECK-NEXT: %[[V6:.+]] = arith.constant 65535 : i32
// CHECK-NEXT: %[[V7:.+]] = arith.andi %[[V5]], %[[V6]] : i32
// CHECK-NEXT: %[[V8:.+]] = arith.index_cast %arg4 : index to i32
// CHECK-NEXT: %[[V9:.+]] = arith.constant 16 : i32
// CHECK-NEXT: %[[V10:.+]] = arith.shli %[[V8]], %[[V9]] : i32
// CHECK-NEXT: %[[V11:.+]] = arith.ori %[[V10]], %[[V7]] : i32
// CHECK-NEXT: %[[V12:.+]] = stream.async.collective<send_recv : f32>[%[[V4]]] channel(%arg0) source_target_pair(%[[V11]]) %arg1[%[[V3]] to %arg2 for %arg2], %[[V2]][%[[V3]] to %[[V1]] for %[[V1]]] : !stream.resource<*>{%arg2} -> %[[V2]] as !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V12]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @send_recv(%channel: !flow.channel, %arg0: tensor<1024xf32>, %send: index, %recv: index) -> tensor<1024xf32> {
  %0 = flow.tensor.empty : tensor<1024xf32>
  %1 = flow.collective.send_recv f32, %0, %arg0, %channel, %send, %recv : (tensor<1024xf32>, tensor<1024xf32>, !flow.channel, index, index) -> %0 as tensor<1024xf32>
  util.return %1 : tensor<1024xf32>
}
