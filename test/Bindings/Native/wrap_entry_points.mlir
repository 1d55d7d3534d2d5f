// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points=invocation-model=sync %s | FileCheck %s

// Entry-point wrapping, sync model (execution.md §2.2 step 4,
// external-transients.md §2.2): the wrapper takes and returns buffer views,
// imports with dims from hal.buffer_view.dim, exports with dims from
// tensor.dim; the original becomes the private `_<name>`.

// CHECK-LABEL: util.func public @dynamicEntry(
// CHECK-SAME: %[[A0:.+]]: !hal.buffer_view, %[[A1:.+]]: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view)
// CHECK-SAME: attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @dynamicEntry(%input0: tensor<?x8xf32>, %input1: tensor<?x8xf32>) -> (%output0: tensor<?x8xf32>, %output1: tensor<?x8xf32>)"}} {
// CHECK-NEXT: %[[D0:.+]] = hal.buffer_view.dim<%[[A0]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[T0:.+]] = hal.tensor.import %[[A0]] "input0" : !hal.buffer_view -> tensor<?x8xf32>{%[[D0]]}
// CHECK-NEXT: %[[D1:.+]] = hal.buffer_view.dim<%[[A1]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[T1:.+]] = hal.tensor.import %[[A1]] "input1" : !hal.buffer_view -> tensor<?x8xf32>{%[[D1]]}
// CHECK-NEXT: %[[R:.+]]:2 = util.call @_dynamicEntry(%[[T0]], %[[T1]]) : (tensor<?x8xf32>, tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RD0:.+]] = tensor.dim %[[R]]#0, %[[C0]] : tensor<?x8xf32>
// CHECK-NEXT: %[[V0:.+]] = hal.tensor.export %[[R]]#0 "output0" : tensor<?x8xf32>{%[[RD0]]} -> !hal.buffer_view
// CHECK-NEXT: %[[C0B:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RD1:.+]] = tensor.dim %[[R]]#1, %[[C0B]] : tensor<?x8xf32>
// CHECK-NEXT: %[[V1:.+]] = hal.tensor.export %[[R]]#1 "output1" : tensor<?x8xf32>{%[[RD1]]} -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V0]], %[[V1]] : !hal.buffer_view, !hal.buffer_view
// CHECK-NEXT: }
// CHECK-NEXT: util.func private @_dynamicEntry(%arg0: tensor<?x8xf32>, %arg1: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
util.func public @dynamicEntry(%arg0: tensor<?x8xf32>, %arg1: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  util.return %arg0, %arg1 : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Output storage combined with transient storage: alias, then transients,
// then export (§11.4). Non-tensor arguments and results pass through; the
// storage value is passed to the call unchanged. ABI attributes are stripped
// from the original and kept on the wrapper; the names come from
// iree.abi.name; iree.abi.consume consumes the import.

// CHECK-LABEL: util.func public @outputAndTransients(
// CHECK-SAME: %[[IN:.+]]: !hal.buffer_view {iree.abi.consume, iree.abi.name = "x"}, %[[OUT:.+]]: !hal.buffer {iree.abi.output = 0 : index}, %[[SCRATCH:.+]]: !hal.buffer {iree.abi.transients}, %[[N:.+]]: index) -> (!hal.buffer_view {iree.abi.name = "y"}, index)
// CHECK-SAME: iree.abi.declaration = "sync func @outputAndTransients(%x: tensor<64xf32> {iree.abi.consume}, %input1: !hal.buffer {iree.abi.output = 0 : index}, %input2: !hal.buffer {iree.abi.transients}, %input3: index) -> (%y: tensor<64xf32>, %output1: index)"
// CHECK-NEXT: %[[T:.+]] = hal.tensor.import consume %[[IN]] "x" : !hal.buffer_view -> tensor<64xf32>
// CHECK-NEXT: %[[R:.+]]:2 = util.call @_outputAndTransients(%[[T]], %[[OUT]], %[[SCRATCH]], %[[N]]) : (tensor<64xf32>, !hal.buffer, !hal.buffer, index) -> (tensor<64xf32>, index)
// CHECK-NEXT: %[[A:.+]] = hal.tensor.alias %[[R]]#0 : tensor<64xf32> to %[[OUT]] : !hal.buffer
// CHECK-NEXT: %[[TR:.+]] = hal.tensor.transients %[[A]] : tensor<64xf32> from %[[SCRATCH]] : !hal.buffer
// CHECK-NEXT: %[[V:.+]] = hal.tensor.export %[[TR]] "y" : tensor<64xf32> -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V]], %[[R]]#1 : !hal.buffer_view, index
// CHECK: util.func private @_outputAndTransients(%arg0: tensor<64xf32> {iree.abi.consume, iree.abi.name = "x"}, %arg1: !hal.buffer, %arg2: !hal.buffer, %arg3: index) -> (tensor<64xf32> {iree.abi.name = "y"}, index) {
util.func public @outputAndTransients(
    %in: tensor<64xf32> {iree.abi.name = "x", iree.abi.consume},
    %out: !hal.buffer {iree.abi.output = 0 : index},
    %scratch: !hal.buffer {iree.abi.transients},
    %n: index) -> (tensor<64xf32> {iree.abi.name = "y"}, index) {
  util.return %in, %n : tensor<64xf32>, index
}

// -----

// Every tensor result gets its own transients op, in result order, with
// dims rebuilt by tensor.dim; a buffer-view storage is accepted; the
// function's iree.abi.affinity goes on every ABI op of the wrapper and
// becomes stream.affinity on both functions; a result's own affinity wins.
// An output argument of tensor type is imported (consumed) and aliased onto
// its buffer view.

// CHECK-LABEL: util.func public @multipleResults(
// CHECK-SAME: %[[IN:[^:]+]]: !hal.buffer_view, %[[OUT:[^:]+]]: !hal.buffer_view {iree.abi.output = 1 : index}, %[[ST:[^:]+]]: !hal.buffer_view {iree.abi.transients})
// CHECK-SAME: stream.affinity = #hal.device.promise<@dev>
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim<%[[IN]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[T:.+]] = hal.tensor.import on(#hal.device.promise<@dev>) %[[IN]] "input0" : !hal.buffer_view -> tensor<?xf32>{%[[D]]}
// CHECK-NEXT: %[[O:.+]] = hal.tensor.import on(#hal.device.promise<@dev>) consume %[[OUT]] "input1" : !hal.buffer_view -> tensor<4xf32>
// CHECK-NEXT: %[[R:.+]]:3 = util.call @_multipleResults(%[[T]], %[[O]], %[[ST]])
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RD:.+]] = tensor.dim %[[R]]#0, %[[C0]] : tensor<?xf32>
// CHECK-NEXT: %[[TR0:.+]] = hal.tensor.transients on(#hal.device.promise<@dev>) %[[R]]#0 : tensor<?xf32>{%[[RD]]} from %[[ST]] : !hal.buffer_view
// CHECK-NEXT: %[[A1:.+]] = hal.tensor.alias on(#hal.device.promise<@other>) %[[R]]#1 : tensor<4xf32> to %[[OUT]] : !hal.buffer_view
// CHECK-NEXT: %[[TR1:.+]] = hal.tensor.transients on(#hal.device.promise<@other>) %[[A1]] : tensor<4xf32> from %[[ST]] : !hal.buffer_view
// CHECK-NEXT: %[[C0B:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RD2:.+]] = tensor.dim %[[TR0]], %[[C0B]] : tensor<?xf32>
// CHECK-NEXT: %[[V0:.+]] = hal.tensor.export on(#hal.device.promise<@dev>) %[[TR0]] "output0" : tensor<?xf32>{%[[RD2]]} -> !hal.buffer_view
// CHECK-NEXT: %[[V1:.+]] = hal.tensor.export on(#hal.device.promise<@other>) %[[TR1]] "output1" : tensor<4xf32> -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V0]], %[[V1]], %[[R]]#2 : !hal.buffer_view, !hal.buffer_view, i32
// CHECK: util.func private @_multipleResults(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: !hal.buffer_view) -> (tensor<?xf32>, tensor<4xf32>, i32) attributes {stream.affinity = #hal.device.promise<@dev>}
util.func public @multipleResults(%in: tensor<?xf32>,
    %out: tensor<4xf32> {iree.abi.output = 1 : index},
    %st: !hal.buffer_view {iree.abi.transients})
    -> (tensor<?xf32>, tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@other>}, i32)
    attributes {iree.abi.affinity = #hal.device.promise<@dev>} {
  %c1 = arith.constant 1 : i32
  util.return %in, %out, %c1 : tensor<?xf32>, tensor<4xf32>, i32
}

// -----

// A function without tensor results gets no transients annotation (§2.2);
// iree.abi.transients with a non-unit value is ignored [REF]; existing
// reflection entries and declarations are kept; private, external and
// already wrapped functions are not touched; internal callers of a wrapped
// function call the private implementation.

// CHECK-LABEL: util.func public @noTensorResults(
// CHECK-SAME: %[[A:.+]]: !hal.buffer_view, %[[S:.+]]: !hal.buffer {iree.abi.transients}, %[[S2:.+]]: !hal.buffer {iree.abi.transients = 1 : i32}) -> index
// CHECK-SAME: iree.reflection = {iree.abi.declaration = "my declaration", other = "kept"}
// CHECK-NOT: hal.tensor.transients
// CHECK: util.return
// CHECK: util.func private @_noTensorResults(
// CHECK-NOT: iree.reflection
// CHECK-SAME: {
util.func public @noTensorResults(%a: tensor<4xf32>, %s: !hal.buffer {iree.abi.transients}, %s2: !hal.buffer {iree.abi.transients = 1 : i32}) -> index attributes {
    iree.reflection = {other = "kept", iree.abi.declaration = "my declaration"}} {
  %c0 = arith.constant 0 : index
  util.return %c0 : index
}
// CHECK-LABEL: util.func private @helper(%arg0: tensor<4xf32>) -> tensor<4xf32>
util.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}
// CHECK-LABEL: util.func private @external(%arg0: tensor<4xf32>) -> tensor<4xf32>{{$}}
util.func private @external(%a: tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: util.func public @stub(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub}
util.func public @stub(%a: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
  util.return %a : !hal.buffer_view
}
// CHECK-LABEL: util.func public @caller(
// CHECK: util.func private @_caller(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[R:.+]] = util.call @_callee(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
util.func public @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %r : tensor<4xf32>
}
// CHECK-LABEL: util.func public @callee(
util.func public @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// Multi-block and nested-region bodies are moved as they are; a function
// whose iree.abi.model says coarse-fences gets fences under the sync option.

// CHECK-LABEL: util.func public @controlFlow(
// CHECK-SAME: %[[A:.+]]: !hal.buffer_view, %[[C:.+]]: i1, %[[W:.+]]: !hal.fence, %[[SIG:.+]]: !hal.fence) -> !hal.buffer_view
// CHECK-SAME: iree.abi.model = "coarse-fences"
// CHECK: hal.tensor.import wait(%[[W]]) => %[[A]]
// CHECK: hal.tensor.barrier join(
// CHECK-SAME: => %[[SIG]] : !hal.fence
// CHECK: util.func private @_controlFlow(%arg0: tensor<4xf32>, %arg1: i1) -> tensor<4xf32> {
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// CHECK: scf.if
util.func public @controlFlow(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> attributes {iree.abi.model = "coarse-fences"} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  util.return %r : tensor<4xf32>
^bb2:
  util.return %a : tensor<4xf32>
}

// -----

// Several storages with distinct affinities (§9.3): each tensor result is
// annotated with the storage of its affinity; a result without a matching
// storage gets none.

// CHECK-LABEL: util.func public @twoStorages(
// CHECK: %[[R:.+]]:3 = util.call @_twoStorages(
// CHECK-NEXT: hal.tensor.transients on(#hal.device.promise<@a>) %[[R]]#0 : tensor<4xf32> from %arg1 : !hal.buffer
// CHECK-NEXT: hal.tensor.transients on(#hal.device.promise<@b>) %[[R]]#1 : tensor<4xf32> from %arg2 : !hal.buffer
// CHECK-NOT: hal.tensor.transients
// CHECK: util.return
util.func public @twoStorages(%x: tensor<4xf32>,
    %sa: !hal.buffer {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@a>},
    %sb: !hal.buffer {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@b>})
    -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@a>},
        tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@b>},
        tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@c>}) {
  util.return %x, %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// iree.abi.encoding gives the ABI-facing type of an import or export
// (`T as U`); it is stripped from the original.
// CHECK-LABEL: util.func public @encoded(
// CHECK: hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4xi32> as tensor<4xf32>
// CHECK: hal.tensor.export %{{.+}} "output0" : tensor<4xi32> as tensor<4xf32> -> !hal.buffer_view
// CHECK: util.func private @_encoded(%arg0: tensor<4xf32>) -> tensor<4xf32> {
util.func public @encoded(%a: tensor<4xf32> {iree.abi.encoding = tensor<4xi32>}) -> (tensor<4xf32> {iree.abi.encoding = tensor<4xi32>}) {
  util.return %a : tensor<4xf32>
}

// -----

// Renaming the wrapped @mul to @_mul touches only references whose root is
// @mul: the export @ex::@mul of the same name stays (a call of @mul from
// another function follows the implementation).
// CHECK-LABEL: util.func public @mul(
// CHECK: util.call @_mul(
// CHECK-LABEL: util.func private @_mul(
// CHECK: flow.dispatch @ex::@mul(
// CHECK-LABEL: util.func public @caller(
// CHECK: util.call @_mul(
flow.executable private @ex {
  flow.executable.export public @mul workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @mul(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = flow.dispatch @ex::@mul(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %r : tensor<4xf32>
}
util.func public @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.call @mul(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %r : tensor<4xf32>
}
