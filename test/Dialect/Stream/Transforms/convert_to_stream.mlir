// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --allow-unregistered-dialect --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-conversion)' --allow-unregistered-dialect --verify-diagnostics %s | FileCheck %s

// --iree-stream-conversion on whole programs (stream-passes-1.md §3).

// A full ABI function: import (with its check), dispatch, export; the
// executable's dynamic bindings become subspans.
// CHECK: stream.executable private @executable {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.binding.subspan %arg0[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%arg2}
// CHECK-NEXT: %[[V3:.+]] = stream.binding.subspan %arg1[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg2}
// CHECK-NEXT: %[[V4:.+]] = iree_tensor_ext.dispatch.tensor.load %[[V2]], offsets = [0], sizes = [%arg2], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%arg2} -> tensor<?xf32>
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[V4]], %[[V3]], offsets = [0], sizes = [%arg2], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg2}
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @simple_mul(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
// CHECK-NEXT: %[[V5:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V6:.+]] = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[V7:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V8:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V6]]]) type(%[[V7]]) encoding(%[[V8]])
// CHECK-NEXT: %[[V9:.+]] = stream.tensor.sizeof tensor<?xf32>{%[[V6]]} : index
// CHECK-NEXT: %[[V10:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?xf32>{%[[V6]]} in !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:.+]] = stream.async.cast %[[V10]] : !stream.resource<external>{%[[V9]]} -> !stream.resource<*>{%[[V9]]}
// CHECK-NEXT: %[[V12:.+]] = stream.tensor.sizeof tensor<?xf32>{%[[V6]]} : index
// CHECK-NEXT: %[[V13:.+]] = stream.tensor.dispatch @executable::@dispatch[%[[V5]]](%[[V11]], %[[V6]]) : (tensor<?xf32>{%[[V6]]} in !stream.resource<*>{%[[V9]]}, index) -> tensor<?xf32>{%[[V6]]} in !stream.resource<*>{%[[V12]]}
// CHECK-NEXT: %[[V14:.+]] = stream.async.cast %[[V13]] : !stream.resource<*>{%[[V12]]} -> !stream.resource<external>{%[[V12]]}
// CHECK-NEXT: %[[V15:.+]] = stream.tensor.export %[[V14]] : tensor<?xf32>{%[[V6]]} in !stream.resource<external>{%[[V12]]} -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V15]] : !hal.buffer_view
// CHECK-NEXT: }
flow.executable private @executable {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>, %arg1: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>, %arg2: index) {
      %0 = flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%arg2}
      %1 = flow.dispatch.tie_shape %arg1 : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg2}
      %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [%arg2], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%arg2} -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0], sizes = [%arg2], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg2}
      return
    }
  }
}
util.func public @simple_mul(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
  %c1 = arith.constant 1 : index
  %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
  %1 = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?xf32>{%0}
  %2 = flow.dispatch @executable::@dispatch[%c1](%1, %0) : (tensor<?xf32>{%0}, index) -> tensor<?xf32>{%0}
  %3 = hal.tensor.export %2 : tensor<?xf32>{%0} -> !hal.buffer_view
  util.return %3 : !hal.buffer_view
}

// -----

// An unknown op taking and producing tensors is wrapped: its operand is
// exported from an external resource, its result imported and transferred
// back; users see the (resource, size) pair.
// CHECK-LABEL: util.func public @custom_ops(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.export %[[V1]] : tensor<4x8xf32> in !stream.resource<external>{%arg1} -> tensor<4x8xf32>
// CHECK-NEXT: %[[V3:.+]] = "some.op"(%[[V2]]) : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<8x4xf32> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import consume %[[V3]] : tensor<8x4xf32> -> tensor<8x4xf32> in !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.transfer %[[V5]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: %[[V7:.+]] = builtin.unrealized_conversion_cast %[[V6]], %[[V4]] : !stream.resource<*>, index to tensor<8x4xf32>
// CHECK-NEXT: util.return %[[V6]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @custom_ops(%arg0: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = "some.op"(%arg0) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  util.return %0 : tensor<8x4xf32>
}

// -----

// Control flow with a scalar readback through a staging transfer, constants,
// an optimization barrier and a wrapped unknown op.
// CHECK-LABEL: util.func public @while_test() {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[V2:.+]] = arith.constant 3 : i32
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.constant : tensor<i32> in !stream.resource<constant> = dense<1> : tensor<i32>
// CHECK-NEXT: %[[V4:.+]] = stream.resource.size %[[V3]] : !stream.resource<constant>
// CHECK-NEXT: %[[V5:.+]] = stream.async.transfer %[[V3]] : !stream.resource<constant>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = util.optimization_barrier %[[V5]] : !stream.resource<*>
// CHECK-NEXT: cf.br ^bb1(%[[V6]], %[[V4]] : !stream.resource<*>, index)
// CHECK-NEXT: ^bb1(%[[V7:[^:]+]]: !stream.resource<*>, %[[V8:[^:]+]]: index):
// CHECK-NEXT: %[[V9:.+]] = stream.async.transfer %[[V7]] : !stream.resource<*>{%[[V8]]} -> !stream.resource<staging>{%[[V8]]}
// CHECK-NEXT: %[[V10:.+]] = stream.tensor.load %[[V9]] : tensor<i32> in !stream.resource<staging>{%[[V8]]} -> i32
// CHECK-NEXT: %[[V11:.+]] = arith.cmpi slt, %[[V10]], %[[V2]] : i32
// CHECK-NEXT: cf.cond_br %[[V11]], ^bb2(%[[V7]], %[[V8]] : !stream.resource<*>, index), ^bb3(%[[V7]], %[[V8]] : !stream.resource<*>, index)
// CHECK-NEXT: ^bb2(%[[V12:[^:]+]]: !stream.resource<*>, %[[V13:[^:]+]]: index):
// CHECK-NEXT: %[[V14:.+]] = stream.async.transfer %[[V12]] : !stream.resource<*>{%[[V13]]} -> !stream.resource<staging>{%[[V13]]}
// CHECK-NEXT: %[[V15:.+]] = stream.tensor.load %[[V14]] : tensor<i32> in !stream.resource<staging>{%[[V13]]} -> i32
// CHECK-NEXT: %[[V16:.+]] = arith.addi %[[V15]], %[[V1]] : i32
// CHECK-NEXT: %[[V17:.+]] = stream.tensor.sizeof tensor<i32> : index
// CHECK-NEXT: %[[V18:.+]] = stream.tensor.splat %[[V16]] : i32 -> tensor<i32> in !stream.resource<*>{%[[V17]]}
// CHECK-NEXT: cf.br ^bb1(%[[V18]], %[[V17]] : !stream.resource<*>, index)
// CHECK-NEXT: ^bb3(%[[V19:[^:]+]]: !stream.resource<*>, %[[V20:[^:]+]]: index):
// CHECK-NEXT: %[[V21:.+]] = stream.async.transfer %[[V19]] : !stream.resource<*>{%[[V20]]} -> !stream.resource<external>{%[[V20]]}
// CHECK-NEXT: %[[V22:.+]] = stream.tensor.export %[[V21]] : tensor<i32> in !stream.resource<external>{%[[V20]]} -> tensor<i32>
// CHECK-NEXT: %[[V23:.+]] = stream.async.transfer %[[V5]] : !stream.resource<*>{%[[V4]]} -> !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V24:.+]] = stream.tensor.export %[[V23]] : tensor<i32> in !stream.resource<external>{%[[V4]]} -> tensor<i32>
// CHECK-NEXT: "check.expect_eq"(%[[V22]], %[[V24]]) : (tensor<i32>, tensor<i32>) -> ()
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.func public @while_test() {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %cst = arith.constant dense<1> : tensor<i32>
  %init = util.optimization_barrier %cst : tensor<i32>
  cf.br ^bb1(%init : tensor<i32>)
^bb1(%0: tensor<i32>):
  %1 = flow.tensor.load %0 : tensor<i32>
  %2 = arith.cmpi slt, %1, %c3 : i32
  cf.cond_br %2, ^bb2(%0 : tensor<i32>), ^bb3(%0 : tensor<i32>)
^bb2(%3: tensor<i32>):
  %4 = flow.tensor.load %3 : tensor<i32>
  %5 = arith.addi %4, %c1 : i32
  %6 = flow.tensor.splat %5 : tensor<i32>
  cf.br ^bb1(%6 : tensor<i32>)
^bb3(%7: tensor<i32>):
  "check.expect_eq"(%7, %cst) : (tensor<i32>, tensor<i32>) -> ()
  util.return
}

// -----

// A select of tensors: no unrealized casts remain.
// CHECK-LABEL: util.func public @unrealizedCastCleanup(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.select %arg0, %arg1, %arg3 : !stream.resource<*>
// CHECK-NEXT: %[[V2:.+]] = arith.select %arg0, %arg2, %arg4 : index
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @unrealizedCastCleanup(%cond: i1, %lhs: tensor<1024xf32>, %rhs: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = arith.select %cond, %lhs, %rhs : tensor<1024xf32>
  util.return %0 : tensor<1024xf32>
}

// -----

// A private callee's argument is analysed through its callers: the clone on
// the caller's device needs no transfer.
// CHECK: util.global private @device : !hal.device
// CHECK-LABEL: util.func private @callee(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.clone on(#hal.device.affinity<@device>) %arg0 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32> in !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V1]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @caller(%arg0: f32) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device>) tensor<4xf32> : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.splat on(#hal.device.affinity<@device>) %arg0 : f32 -> tensor<4xf32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]]:2 = util.call @callee(%[[V3]], %[[V2]]) : (!stream.resource<*>, index) -> (!stream.resource<*>, index)
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @device : !hal.device
util.func private @callee(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = flow.tensor.clone %arg0 : tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
util.func public @caller(%value: f32) -> tensor<4xf32> {
  %0 = flow.tensor.splat %value : tensor<4xf32> attributes {stream.affinity = #hal.device.affinity<@device>}
  %1 = util.call @callee(%0) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %1 : tensor<4xf32>
}

// -----

// stream.affinity is removed from the ops directly in the module only.
// CHECK: util.global private @device : !hal.device
// CHECK-LABEL: util.func public @affinityRemoved() -> index {
// CHECK-NEXT: %[[V1:.+]] = arith.constant {stream.affinity = #hal.device.affinity<@device>} 0 : index
// CHECK-NEXT: util.return %[[V1]] : index
// CHECK-NEXT: }
util.global private @device : !hal.device
util.func public @affinityRemoved() -> index attributes {stream.affinity = #hal.device.affinity<@device>} {
  %c0 = arith.constant {stream.affinity = #hal.device.affinity<@device>} 0 : index
  util.return %c0 : index
}

// -----

// Region shapes: declarations, unreachable blocks (erased first: the
// conversion driver does not visit them), reachable self-loops and nested
// regions all convert; func.func is not converted (its tensor signature
// stays) and tensors crossing into it are wrapped.
// CHECK-LABEL: util.func private @declaration(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index)
// CHECK-LABEL: func.func private @func_callee(tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: util.func public @shapes(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]]:2 = scf.if %arg0 -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg1 : tensor<4xf32> in !stream.resource<*>{%arg2} -> tensor<4xf32> in !stream.resource<*>{%arg2}
// CHECK-NEXT: scf.yield %[[V2]], %arg2 : !stream.resource<*>, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V3:.+]]:2 = util.call @declaration(%arg1, %arg2) : (!stream.resource<*>, index) -> (!stream.resource<*>, index)
// CHECK-NEXT: scf.yield %[[V3]]#0, %[[V3]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%[[V1]]#0, %[[V1]]#1 : !stream.resource<*>, index), ^bb2(%[[V1]]#0, %[[V1]]#1 : !stream.resource<*>, index)
// CHECK-NEXT: ^bb1(%[[V4:[^:]+]]: !stream.resource<*>, %[[V5:[^:]+]]: index):
// CHECK-NEXT: %[[V6:.+]] = stream.async.transfer %[[V4]] : !stream.resource<*>{%[[V5]]} -> !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:.+]] = stream.tensor.export %[[V6]] : tensor<4xf32> in !stream.resource<external>{%[[V5]]} -> tensor<4xf32>
// CHECK-NEXT: %[[V8:.+]] = func.call @func_callee(%[[V7]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V9:.+]] = stream.tensor.sizeof tensor<4xf32> : index
// CHECK-NEXT: %[[V10:.+]] = stream.tensor.import consume %[[V8]] : tensor<4xf32> -> tensor<4xf32> in !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:.+]] = stream.async.transfer %[[V10]] : !stream.resource<external>{%[[V9]]} -> !stream.resource<*>{%[[V9]]}
// CHECK-NEXT: %[[V12:.+]] = builtin.unrealized_conversion_cast %[[V11]], %[[V9]] : !stream.resource<*>, index to tensor<4xf32>
// CHECK-NEXT: util.return %[[V11]], %[[V9]] : !stream.resource<*>, index
// CHECK-NEXT: ^bb2(%[[V13:[^:]+]]: !stream.resource<*>, %[[V14:[^:]+]]: index):
// CHECK-NEXT: cf.br ^bb2(%[[V13]], %[[V14]] : !stream.resource<*>, index)
// CHECK-NEXT: }
util.func private @declaration(%arg0: tensor<4xf32>) -> tensor<4xf32>
func.func private @func_callee(%arg0: tensor<4xf32>) -> tensor<4xf32>
util.func public @shapes(%cond: i1, %arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = scf.if %cond -> tensor<4xf32> {
    %1 = flow.tensor.clone %arg0 : tensor<4xf32>
    scf.yield %1 : tensor<4xf32>
  } else {
    %2 = util.call @declaration(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %2 : tensor<4xf32>
  }
  cf.cond_br %cond, ^bb1(%0 : tensor<4xf32>), ^bb2(%0 : tensor<4xf32>)
^bb1(%3: tensor<4xf32>):
  %4 = func.call @func_callee(%3) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %4 : tensor<4xf32>
^bb2(%5: tensor<4xf32>):
  cf.br ^bb2(%5 : tensor<4xf32>)
^bb3(%6: tensor<4xf32>):
  %7 = flow.tensor.clone %6 : tensor<4xf32>
  util.return %7 : tensor<4xf32>
}

// -----

// Initializers and loop bodies are converted like functions.
// CHECK: util.global private mutable @counter : !stream.resource<variable>
// CHECK-NEXT: util.global private mutable @counter__size : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<i32> : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.splat %[[V1]] : i32 -> tensor<i32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.async.transfer %[[V3]] : !stream.resource<*>{%[[V2]]} -> !stream.resource<variable>{%[[V2]]}
// CHECK-NEXT: util.global.store %[[V4]], @counter : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V2]], @counter__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @loop(%arg0: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V5:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V6:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V7:.+]] = util.global.load @counter : !stream.resource<variable>
// CHECK-NEXT: %[[V8:.+]] = util.global.load @counter__size : index
// CHECK-NEXT: %[[V9:.+]] = stream.async.transfer %[[V7]] : !stream.resource<variable>{%[[V8]]} -> !stream.resource<*>{%[[V8]]}
// CHECK-NEXT: %[[V10:.+]]:2 = scf.for %arg1 = %[[V5]] to %arg0 step %[[V6]] iter_args(%arg2 = %[[V9]], %arg3 = %[[V8]]) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V11:.+]] = stream.async.transfer %arg2 : !stream.resource<*>{%arg3} -> !stream.resource<staging>{%arg3}
// CHECK-NEXT: %[[V12:.+]] = stream.tensor.load %[[V11]] : tensor<i32> in !stream.resource<staging>{%arg3} -> i32
// CHECK-NEXT: %[[V13:.+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[V14:.+]] = arith.addi %[[V12]], %[[V13]] : i32
// CHECK-NEXT: %[[V15:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V16:.+]] = stream.tensor.fill %[[V14]], %arg2 : i32 -> tensor<i32> in %arg2 as !stream.resource<*>{%arg3}
// CHECK-NEXT: scf.yield %[[V16]], %arg3 : !stream.resource<*>, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[V17:.+]] = stream.async.transfer %[[V10]]#0 : !stream.resource<*>{%[[V10]]#1} -> !stream.resource<variable>{%[[V10]]#1}
// CHECK-NEXT: util.global.store %[[V17]], @counter : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V10]]#1, @counter__size : index
// CHECK-NEXT: util.return %[[V10]]#0, %[[V10]]#1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private mutable @counter : tensor<i32>
util.initializer {
  %c0 = arith.constant 0 : i32
  %0 = flow.tensor.splat %c0 : tensor<i32>
  util.global.store %0, @counter : tensor<i32>
  util.return
}
util.func public @loop(%n: index) -> tensor<i32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = util.global.load @counter : tensor<i32>
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %init) -> tensor<i32> {
    %v = flow.tensor.load %t : tensor<i32>
    %c1_i32 = arith.constant 1 : i32
    %next = arith.addi %v, %c1_i32 : i32
    %u = flow.tensor.store %next, %t : tensor<i32>
    scf.yield %u : tensor<i32>
  }
  util.global.store %0, @counter : tensor<i32>
  util.return %0 : tensor<i32>
}

// -----

// An unknown op producing a dynamically shaped tensor without shape
// information cannot be wrapped.
util.func public @failed_dynamic_import(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{failed to legalize operation 'some.op' that was explicitly marked illegal}}
  %0 = "some.op"(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
  util.return %0 : tensor<?xf32>
}
