// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --verify-diagnostics %s | FileCheck %s

// UtilToStream functions and calls (stream-passes-1.md §3.6): each tensor
// argument and result expands to (resource, size); ties and attributes are
// remapped.

// CHECK-LABEL: util.func private @callee(%arg0: !stream.resource<*> {some.arg}, %arg1: index, %arg2: i1, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index, i1, !stream.resource<*>, index) attributes {some.attr} {
// CHECK-NEXT: util.return %arg0, %arg1, %arg2, %arg3, %arg4 : !stream.resource<*>, index, i1, !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @caller(%arg0: !stream.resource<*>, %arg1: index, %arg2: i1, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index, i1, !stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]]:5 = util.call @callee(%arg0, %arg1, %arg2, %arg3, %arg4) {some.call} : (!stream.resource<*>, index, i1, !stream.resource<*>, index) -> (!stream.resource<*>, index, i1, !stream.resource<*>, index)
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1, %[[V1]]#2, %[[V1]]#3, %[[V1]]#4 : !stream.resource<*>, index, i1, !stream.resource<*>, index
// CHECK-NEXT: }
util.func private @callee(%arg0: tensor<4x?xf32> {some.arg}, %arg1: i1, %arg2: tensor<i32>) -> (tensor<4x?xf32>, i1, tensor<i32>) attributes {some.attr} {
  util.return %arg0, %arg1, %arg2 : tensor<4x?xf32>, i1, tensor<i32>
}
util.func public @caller(%arg0: tensor<4x?xf32>, %arg1: i1, %arg2: tensor<i32>) -> (tensor<4x?xf32>, i1, tensor<i32>) {
  %0:3 = util.call @callee(%arg0, %arg1, %arg2) {some.call} : (tensor<4x?xf32>, i1, tensor<i32>) -> (tensor<4x?xf32>, i1, tensor<i32>)
  util.return %0#0, %0#1, %0#2 : tensor<4x?xf32>, i1, tensor<i32>
}

// -----

// Tied results keep their tie, renumbered over the expanded operands.
// CHECK-LABEL: util.func private @tied(%arg0: i32, %arg1: !stream.resource<*>, %arg2: index) -> (%arg1, index)
// CHECK-LABEL: util.func public @callTied(%arg0: i32, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]]:2 = util.call @tied(%arg0, %arg1, %arg2) : (i32, !stream.resource<*>, index) -> (%arg1, index)
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func private @tied(%arg0: i32, %arg1: tensor<4xf32>) -> %arg1
util.func public @callTied(%arg0: i32, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = util.call @tied(%arg0, %arg1) : (i32, tensor<4xf32>) -> %arg1
  util.return %0 : tensor<4xf32>
}

// -----

// A list of tensors has no single-type conversion: the function cannot be
// converted.
// expected-error @+1 {{failed to legalize operation 'util.func' that was explicitly marked illegal}}
util.func public @unconvertibleList(%arg0: !util.list<tensor<*xf32>>) {
  util.return
}
