// REQUIRES: sluice-opt
// elide-async-copies -> refine-usage -> elide-async-copies
// (stream-passes-1.md §10.7, stream-passes-2.md §16.5).

// RUN: sluice-opt --split-input-file --iree-stream-elide-async-copies --iree-stream-refine-usage --iree-stream-elide-async-copies %s | FileCheck %s

// An immutable clone of an imported external resource with a single use:
// kept by the first elision (lifetime change), made external -> external by
// usage refinement, gone after the second elision.

// CHECK-LABEL: @immutableExternalClone
util.func public @immutableExternalClone(%view: !hal.buffer_view, %size: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  // CHECK: %[[IMPORT:.+]] = stream.tensor.import %arg0
  %import = stream.tensor.import %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[RESULT:.+]] = stream.async.dispatch @ex::@read(%[[IMPORT]][%c0 to %arg1 for %arg1]) : (!stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1}
  %result = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %external = stream.async.transfer %result : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  // CHECK: stream.tensor.export %[[RESULT]]
  %export = stream.tensor.export %external : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A clone that a tied dispatch mutates is kept (it protects the borrowed
// import).

// CHECK-LABEL: @mutatedExternalClone
util.func public @mutatedExternalClone(%view: !hal.buffer_view, %size: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %import = stream.tensor.import %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@rw(%[[CLONE]]
  %result = stream.async.dispatch @ex::@rw(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone{%size}
  %external = stream.async.transfer %result : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %external : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A clone whose source is mutated elsewhere is kept.

// CHECK-LABEL: @sourceMutatedElsewhere
util.func public @sourceMutatedElsewhere(%view: !hal.buffer_view, %size: index) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %import = stream.tensor.import %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %import : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@read(%[[CLONE]]
  %read = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %mutated = stream.async.dispatch @ex::@rw(%import[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %import{%size}
  %external = stream.async.transfer %read : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export0 = stream.tensor.export %external : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  %export1 = stream.tensor.export %mutated : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export0, %export1 : !hal.buffer_view, !hal.buffer_view
}
