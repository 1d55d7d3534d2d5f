// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// StandardToStream structural ops (stream-passes-1.md §3.5): each tensor is
// carried as a (resource, size) pair through branches, selects and scf
// regions.

// CHECK-LABEL: util.func public @functionExpansion(%arg0: !stream.resource<*>, %arg1: index, %arg2: i1, %arg3: !stream.resource<*>, %arg4: index, %arg5: index) -> (!stream.resource<*>, index, i1, !stream.resource<*>, index) {
// CHECK-NEXT: cf.br ^bb1(%arg0, %arg1, %arg2, %arg3, %arg4 : !stream.resource<*>, index, i1, !stream.resource<*>, index)
// CHECK-NEXT: ^bb1(%[[V1:[^:]+]]: !stream.resource<*>, %[[V2:[^:]+]]: index, %[[V3:[^:]+]]: i1, %[[V4:[^:]+]]: !stream.resource<*>, %[[V5:[^:]+]]: index):
// CHECK-NEXT: util.return %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V5]] : !stream.resource<*>, index, i1, !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @functionExpansion(%arg0: tensor<4x?xf32>, %arg1: i1, %arg2: tensor<i32>, %dim: index) -> (tensor<4x?xf32>, i1, tensor<i32>) {
  cf.br ^bb1(%arg0, %arg1, %arg2 : tensor<4x?xf32>, i1, tensor<i32>)
^bb1(%bb1_arg0: tensor<4x?xf32>, %bb1_arg1: i1, %bb1_arg2: tensor<i32>):
  util.return %bb1_arg0, %bb1_arg1, %bb1_arg2 : tensor<4x?xf32>, i1, tensor<i32>
}

// -----

// CHECK-LABEL: util.func public @brExpansion(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: cf.br ^bb1(%arg0, %arg1 : !stream.resource<*>, index)
// CHECK-NEXT: ^bb1(%[[V1:[^:]+]]: !stream.resource<*>, %[[V2:[^:]+]]: index):
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @brExpansion(%arg0: tensor<1xf32>) -> tensor<1xf32> {
  cf.br ^bb1(%arg0 : tensor<1xf32>)
^bb1(%arg1: tensor<1xf32>):
  util.return %arg1 : tensor<1xf32>
}

// -----

// CHECK-LABEL: util.func public @condBrExpansion(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, %arg2, %arg3, %arg4 : !stream.resource<*>, index, !stream.resource<*>, index), ^bb1(%arg1, %arg2, %arg3, %arg4 : !stream.resource<*>, index, !stream.resource<*>, index)
// CHECK-NEXT: ^bb1(%[[V1:[^:]+]]: !stream.resource<*>, %[[V2:[^:]+]]: index, %[[V3:[^:]+]]: !stream.resource<*>, %[[V4:[^:]+]]: index):
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @condBrExpansion(%cond: i1, %arg0: tensor<1xf32>, %arg1: tensor<2xi8>) -> tensor<1xf32> {
  cf.cond_br %cond, ^bb1(%arg0, %arg1 : tensor<1xf32>, tensor<2xi8>), ^bb1(%arg0, %arg1 : tensor<1xf32>, tensor<2xi8>)
^bb1(%arg2: tensor<1xf32>, %arg3: tensor<2xi8>):
  util.return %arg2 : tensor<1xf32>
}

// -----

// CHECK-LABEL: util.func public @switchExpansion(%arg0: i32, %arg1: !stream.resource<*>, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1, %arg2 : !stream.resource<*>, index),
// CHECK-NEXT: 0: ^bb1(%arg3, %arg4 : !stream.resource<*>, index)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[V1:[^:]+]]: !stream.resource<*>, %[[V2:[^:]+]]: index):
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @switchExpansion(%flag: i32, %arg0: tensor<1xf32>, %arg1: tensor<1xf32>) -> tensor<1xf32> {
  cf.switch %flag : i32, [
    default: ^bb1(%arg0 : tensor<1xf32>),
    0: ^bb1(%arg1 : tensor<1xf32>)
  ]
^bb1(%arg2: tensor<1xf32>):
  util.return %arg2 : tensor<1xf32>
}

// -----

// A select of tensors selects the resources and the sizes; no transfers.
// CHECK-LABEL: util.func public @selectExpansion(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.select %arg0, %arg1, %arg3 : !stream.resource<*>
// CHECK-NEXT: %[[V2:.+]] = arith.select %arg0, %arg2, %arg4 : index
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @selectExpansion(%cond: i1, %arg0: tensor<1xf32>, %arg1: tensor<1xf32>) -> tensor<1xf32> {
  %0 = arith.select %cond, %arg0, %arg1 : tensor<1xf32>
  util.return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: util.func public @scfIfExpansion(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]]:2 = scf.if %arg0 -> (!stream.resource<*>, index) {
// CHECK-NEXT: scf.yield %arg1, %arg2 : !stream.resource<*>, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3, %arg4 : !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @scfIfExpansion(%cond: i1, %arg0: tensor<1xf32>, %arg1: tensor<1xf32>) -> tensor<1xf32> {
  %0 = scf.if %cond -> tensor<1xf32> {
    scf.yield %arg0 : tensor<1xf32>
  } else {
    scf.yield %arg1 : tensor<1xf32>
  }
  util.return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: util.func public @scfWhileExpansion(%arg0: i32, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[V2:.+]] = arith.constant 10 : i32
// CHECK-NEXT: %[[V3:.+]]:3 = scf.while (%arg3 = %arg0, %arg4 = %arg1, %arg5 = %arg2) : (i32, !stream.resource<*>, index) -> (i32, !stream.resource<*>, index) {
// CHECK-NEXT: %[[V4:.+]] = arith.cmpi slt, %arg3, %[[V2]] : i32
// CHECK-NEXT: scf.condition(%[[V4]]) %arg3, %arg4, %arg5 : i32, !stream.resource<*>, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[V5:[^:]+]]: i32, %[[V6:[^:]+]]: !stream.resource<*>, %[[V7:[^:]+]]: index):
// CHECK-NEXT: %[[V8:.+]] = arith.addi %[[V5]], %[[V1]] : i32
// CHECK-NEXT: scf.yield %[[V8]], %[[V6]], %[[V7]] : i32, !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V3]]#1, %[[V3]]#2 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @scfWhileExpansion(%arg0: i32, %arg1: tensor<1xf32>) -> tensor<1xf32> {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %0:2 = scf.while (%i = %arg0, %t = %arg1) : (i32, tensor<1xf32>) -> (i32, tensor<1xf32>) {
    %cond = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%cond) %i, %t : i32, tensor<1xf32>
  } do {
  ^bb0(%j: i32, %u: tensor<1xf32>):
    %next = arith.addi %j, %c1 : i32
    scf.yield %next, %u : i32, tensor<1xf32>
  }
  util.return %0#1 : tensor<1xf32>
}

// -----

// The after region's arguments follow the values forwarded by
// scf.condition, not the inits (a reference bug Sluice fixes).
// CHECK-LABEL: util.func public @scfWhileDifferentAfterTypes(%arg0: i32, %arg1: !stream.resource<*>, %arg2: index) -> i32 {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 10 : i32
// CHECK-NEXT: %[[V2:.+]] = scf.while (%arg3 = %arg0, %arg4 = %arg1, %arg5 = %arg2) : (i32, !stream.resource<*>, index) -> i32 {
// CHECK-NEXT: %[[V3:.+]] = arith.cmpi slt, %arg3, %[[V1]] : i32
// CHECK-NEXT: scf.condition(%[[V3]]) %arg3 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[V4:[^:]+]]: i32):
// CHECK-NEXT: scf.yield %[[V4]], %arg1, %arg2 : i32, !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V2]] : i32
// CHECK-NEXT: }
util.func public @scfWhileDifferentAfterTypes(%arg0: i32, %arg1: tensor<1xf32>) -> i32 {
  %c10 = arith.constant 10 : i32
  %0 = scf.while (%i = %arg0, %t = %arg1) : (i32, tensor<1xf32>) -> i32 {
    %cond = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j, %arg1 : i32, tensor<1xf32>
  }
  util.return %0 : i32
}

// -----

// CHECK-LABEL: util.func public @scfForExpansion(%arg0: index, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:.+]]:2 = scf.for %arg3 = %[[V1]] to %arg0 step %[[V2]] iter_args(%arg4 = %arg1, %arg5 = %arg2) -> (!stream.resource<*>, index) {
// CHECK-NEXT: scf.yield %arg4, %arg5 : !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V3]]#0, %[[V3]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @scfForExpansion(%arg0: index, %arg1: tensor<1xf32>) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %arg0 step %c1 iter_args(%t = %arg1) -> tensor<1xf32> {
    scf.yield %t : tensor<1xf32>
  }
  util.return %0 : tensor<1xf32>
}
