// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @file_constant(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c1088 = arith.constant 1088 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
//       CHECK-NEXT: %memory_file = hal.ex.file.from_memory device(%device : !hal.device) affinity(%c-1_i64) access(Read) buffer(%arg0 : !util.buffer)[%c0 for %c1088] flags(%c0_i32) : !hal.file
//       CHECK-NEXT: util.return %memory_file : !hal.file
//       CHECK-NEXT: }
util.func public @file_constant(%arg0: !util.buffer) -> !stream.file {
  %c0 = arith.constant 0 : index
  %c1088 = arith.constant 1088 : index
  %0 = stream.file.constant on(#hal.device.affinity<@device>) %arg0[%c0 for %c1088] : !util.buffer{%c1088} -> !stream.file
  util.return %0 : !stream.file
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @file_read(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %c1088 = arith.constant 1088 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.read<%device : !hal.device> affinity(%c-1_i64) wait(%arg0) signal(%fence) source(%arg1 : !hal.file)[%c0_i64] target(%arg2 : !hal.buffer)[%c0] length(%c1088) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @file_read(%arg0: !stream.timepoint, %arg1: !stream.file, %arg2: !stream.resource<variable>, %arg3: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %c1088 = arith.constant 1088 : index
  %0 = stream.file.read on(#hal.device.affinity<@device>) await(%arg0) => %arg1[%c0_i64], %arg2[%c0], %c1088 : !stream.file -> !stream.resource<variable>{%arg3} => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @file_write(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %c1088 = arith.constant 1088 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.write<%device : !hal.device> affinity(%c-1_i64) wait(%arg0) signal(%fence) source(%arg2 : !hal.buffer)[%c0] target(%arg1 : !hal.file)[%c0_i64] length(%c1088) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @file_write(%arg0: !stream.timepoint, %arg1: !stream.file, %arg2: !stream.resource<variable>, %arg3: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %c1088 = arith.constant 1088 : index
  %0 = stream.file.write on(#hal.device.affinity<@device>) await(%arg0) => %arg2[%c0], %arg1[%c0_i64], %c1088 : !stream.resource<variable>{%arg3} -> !stream.file => !stream.timepoint
  util.return %0 : !stream.timepoint
}
