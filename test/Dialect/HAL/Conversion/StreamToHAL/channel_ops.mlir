// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @channel_create(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %buffer_cst = util.buffer.constant : !util.buffer = "group"
//       CHECK-NEXT: %0 = arith.index_cast %arg1 : index to i32
//       CHECK-NEXT: %1 = arith.index_cast %arg2 : index to i32
//       CHECK-NEXT: %channel = hal.channel.create device(%device : !hal.device) affinity(%c-1_i64) flags("None") id(%arg0) group(%buffer_cst) rank(%0) count(%1) : !hal.channel
//       CHECK-NEXT: util.return %channel : !hal.channel
//       CHECK-NEXT: }
util.func public @channel_create(%arg0: !util.buffer, %arg1: index, %arg2: index) -> !stream.channel {
  %0 = stream.channel.create on(#hal.device.affinity<@device>) id(%arg0) group("group") rank(%arg1) count(%arg2) : !stream.channel
  util.return %0 : !stream.channel
}

// -----

util.global private @device : !hal.device

// [QUIRK] without a rank the count is -1 too.
//      CHECK-LABEL: util.func public @channel_create_default(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %0 = util.null : !util.buffer
//       CHECK-NEXT: %1 = util.null : !util.buffer
//       CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
//       CHECK-NEXT: %channel = hal.channel.create device(%device : !hal.device) affinity(%c-1_i64) flags("None") id(%0) group(%1) rank(%c-1_i32) count(%c-1_i32) : !hal.channel
//       CHECK-NEXT: util.return %channel : !hal.channel
//       CHECK-NEXT: }
util.func public @channel_create_default(%arg0: index) -> !stream.channel {
  %0 = stream.channel.create on(#hal.device.affinity<@device>) count(%arg0) : !stream.channel
  util.return %0 : !stream.channel
}

// -----

//      CHECK-LABEL: util.func public @channel_split(
//       CHECK-NEXT: %c100 = arith.constant 100 : index
//       CHECK-NEXT: %c101 = arith.constant 101 : index
//       CHECK-NEXT: %0 = arith.index_cast %c100 : index to i32
//       CHECK-NEXT: %1 = arith.index_cast %c101 : index to i32
//       CHECK-NEXT: %channel = hal.channel.split<%arg0 : !hal.channel> color(%0) key(%1) flags("None") : !hal.channel
//       CHECK-NEXT: util.return %channel : !hal.channel
//       CHECK-NEXT: }
util.func public @channel_split(%arg0: !stream.channel) -> !stream.channel {
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  %0 = stream.channel.split %arg0, %c100, %c101 : !stream.channel -> !stream.channel
  util.return %0 : !stream.channel
}

// -----

//      CHECK-LABEL: util.func public @channel_rank_count(
//       CHECK-NEXT: %ccl_rank, %ccl_count = hal.channel.rank_and_count<%arg0 : !hal.channel> : i32, i32
//       CHECK-NEXT: %0 = arith.index_cast %ccl_rank : i32 to index
//       CHECK-NEXT: %ccl_rank_0, %ccl_count_1 = hal.channel.rank_and_count<%arg0 : !hal.channel> : i32, i32
//       CHECK-NEXT: %1 = arith.index_cast %ccl_count_1 : i32 to index
//       CHECK-NEXT: util.return %0, %1 : index, index
//       CHECK-NEXT: }
util.func public @channel_rank_count(%arg0: !stream.channel) -> (index, index) {
  %0 = stream.channel.rank %arg0 : index
  %1 = stream.channel.count %arg0 : index
  util.return %0, %1 : index, index
}
