// REQUIRES: sluice-opt
// --iree-stream-elide-async-copies with stream.tensor.import: `consume`
// imports are owned (moved) values; other imports are borrowed storage
// (stream-passes-1.md §10.7).

// RUN: sluice-opt --split-input-file --iree-stream-elide-async-copies %s | FileCheck %s

// A consumed import mutated in place: the clone is elided.

// CHECK-LABEL: @consumeInPlace
util.func public @consumeInPlace(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[IMPORT:.+]] = stream.tensor.import consume
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[IMPORT]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}

// -----

// A consumed import passed to a callee that mutates it: the callee's clone
// is elided (the argument is moved).

// CHECK-LABEL: @consumeCallee
util.func private @consumeCallee(%arg: !stream.resource<external>, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %arg0
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}
// CHECK-LABEL: @consumeThroughCall
util.func public @consumeThroughCall(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = util.call @consumeCallee(%import, %size) : (!stream.resource<external>, index) -> !stream.resource<external>
  util.return %r : !stream.resource<external>
}

// -----

// A consumed import forked to two mutating users: the last one needs no
// clone, the first keeps its clone.

// CHECK-LABEL: @consumeFork
util.func public @consumeFork(%buffer: !hal.buffer_view, %size: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[IMPORT:.+]] = stream.tensor.import consume
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[IMPORT]]
  %clone0 = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[CLONE]]
  %fill0 = stream.async.fill %c1_i32, %clone0[%c0 to %c4 for %c4] : i32 -> %clone0 as !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone1 = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[IMPORT]]
  %fill1 = stream.async.fill %c1_i32, %clone1[%c0 to %c4 for %c4] : i32 -> %clone1 as !stream.resource<external>{%size}
  util.return %fill0, %fill1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// A consumed import through a same-lifetime transfer: the transfer and the
// clone both go.

// CHECK-LABEL: @consumeThroughTransfer
util.func public @consumeThroughTransfer(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[IMPORT:.+]] = stream.tensor.import consume
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.transfer
  %transfer = stream.async.transfer %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %transfer : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[IMPORT]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}

// -----

// A consumed import mutated in one branch of an scf.if.

// CHECK-LABEL: @consumeScfIf
util.func public @consumeScfIf(%cond: i1, %buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.if %cond -> !stream.resource<external> {
    %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
    scf.yield %fill : !stream.resource<external>
  } else {
    scf.yield %import : !stream.resource<external>
  }
  util.return %r : !stream.resource<external>
}

// -----

// A consumed import reused as the output of a dispatch.

// CHECK-LABEL: @consumeAsOutput
util.func public @consumeAsOutput(%input: !stream.resource<external>, %buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[OUT:.+]] = stream.tensor.import consume
  %out = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %out : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.dispatch @ex::@dispatch(%arg0[%c0 to %arg2 for %arg2], %[[OUT]][%c0 to %arg2 for %arg2]) : (!stream.resource<external>{%arg2}, !stream.resource<external>{%arg2}) -> %[[OUT]]{%arg2}
  %d = stream.async.dispatch @ex::@dispatch(%input[%c0 to %size for %size], %clone[%c0 to %size for %size]) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<external>
}

// -----

// A non-consuming import is borrowed: a mutated clone with a single use is
// still kept.

// CHECK-LABEL: @borrowedSingleUse
util.func public @borrowedSingleUse(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %import = stream.tensor.import %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[CLONE]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}

// -----

// Borrowed storage passed to a callee as its last use: still cloned there.

// CHECK-LABEL: @borrowedCallee
util.func private @borrowedCallee(%arg: !stream.resource<external>, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}
// CHECK-LABEL: @borrowedLastUseAcrossCall
util.func public @borrowedLastUseAcrossCall(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %import = stream.tensor.import %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = util.call @borrowedCallee(%import, %size) : (!stream.resource<external>, index) -> !stream.resource<external>
  util.return %r : !stream.resource<external>
}

// -----

// Borrowed storage through a same-lifetime transfer is still borrowed.

// CHECK-LABEL: @borrowedThroughTransfer
util.func public @borrowedThroughTransfer(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %import = stream.tensor.import %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %transfer = stream.async.transfer %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %transfer : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[CLONE]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}

// -----

// A read-only clone of borrowed storage is elided.

// CHECK-LABEL: @borrowedReadOnly
util.func public @borrowedReadOnly(%buffer: !hal.buffer_view, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[IMPORT:.+]] = stream.tensor.import
  %import = stream.tensor.import %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.async.dispatch @ex::@read(%[[IMPORT]]
  %d = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size}
  util.return %d : !stream.resource<external>
}

// -----

// An update into an imported (consumed) buffer stays: the base of the import
// is a !hal.buffer_view argument, which has no move semantics.

// CHECK-LABEL: @updateIntoImport
util.func public @updateIntoImport(%buffer: !hal.buffer_view, %update: !stream.resource<external>, %size: index, %usize: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %import = stream.tensor.import consume %buffer : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK: stream.async.update
  %u = stream.async.update %update, %import[%c0 to %c16] : !stream.resource<external>{%usize} -> %import as !stream.resource<external>{%size}
  %fill = stream.async.fill %c1_i32, %u[%c0 to %c16 for %c16] : i32 -> %u as !stream.resource<external>{%size}
  util.return %fill : !stream.resource<external>
}
