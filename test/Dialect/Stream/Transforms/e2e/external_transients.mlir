// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-transformation-pipeline %s | FileCheck %s
// RUN: sluice-opt --iree-stream-transformation-pipeline="transients-reference-compat=true" %s | FileCheck %s --check-prefix=COMPAT
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// external-transients.md §4, §8: the whole stream pipeline on a program with
// hal.tensor.transients (the shape of the reference sample: three dispatches,
// two 256-byte temporaries live at once, so 512 bytes of storage).

// PIPELINE: iree-stream-schedule-allocation,
// PIPELINE-NEXT: iree-stream-emplace-transients{reference-compat=false size-check=true unplaced=warn},
// PIPELINE-NEXT: iree-stream-materialize-transient-size-queries{reference-compat=false},
// PIPELINE: iree-stream-automatic-reference-counting,
// PIPELINE-NEXT: iree-stream-annotate-constant-transient-size{reference-compat=false},
// PIPELINE-NEXT: iree-stream-verify-lowering-to-cmd

// CHECK-LABEL: util.func public @in_place_computation(
// CHECK-SAME: %[[STORAGE:[a-z0-9]+]]: !hal.buffer)
// CHECK-SAME: iree.reflection = {iree.abi.transients.alignment = "64", iree.abi.transients.args = "1", iree.abi.transients.size = @in_place_computation_transients_size, iree.abi.transients.size.constant = 512 : index}
// CHECK-NOT: stream.resource.alloca uninitialized : !stream.resource<transient>
// The check comes before anything reads the storage (§9.10: a null storage
// fails the check instead of being dereferenced).
// CHECK: hal.buffer.assert<%[[STORAGE]] : !hal.buffer> message("external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size')") allocator({{.+}}) minimum_length(%c512)
// CHECK-NEXT: %[[LENGTH:.+]] = hal.buffer.length<%[[STORAGE]] : !hal.buffer> : index
// CHECK-NEXT: %[[IMPORT:.+]] = stream.tensor.import %[[STORAGE]] : !hal.buffer -> tensor<?xi8>{%[[LENGTH]]}
// CHECK: stream.cmd.execute
// CHECK-SAME: %[[IMPORT]] as %[[SCRATCH:[a-z0-9]+]]: !stream.resource<transient>
// CHECK: wo %[[SCRATCH]][%c0 for %c256]
// CHECK: wo %[[SCRATCH]][%c256 for %c256]
// CHECK-NOT: stream.resource.dealloca
// CHECK-LABEL: util.func public @in_place_computation_transients_size(
// CHECK-SAME: -> index attributes {iree.reflection = {iree.abi.model = "sync"}}
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: util.return %[[C512]] : index

// Annotated but nothing to place: the query returns 0 (reference #23392).
// CHECK-LABEL: util.func public @no_transients(
// CHECK-SAME: iree.abi.transients.size.constant = 0 : index
// CHECK-NOT: hal.buffer.assert
// CHECK-LABEL: util.func public @no_transients_transients_size(
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: util.return %[[C0]] : index

// A dynamic size: no constant key, the query reads the dimension, and the
// runtime check is guarded by `required != 0`.
// CHECK-LABEL: util.func public @dynamic(
// CHECK-SAME: iree.reflection = {iree.abi.transients.alignment = "64", iree.abi.transients.args = "1", iree.abi.transients.size = @dynamic_transients_size}}
// CHECK: %[[REQUIRED:.+]] = util.align
// CHECK: %[[NZ:.+]] = arith.cmpi ne, %[[REQUIRED]], %c0 : index
// CHECK-NEXT: cf.cond_br %[[NZ]]
// CHECK: hal.buffer.assert<%{{.+}} : !hal.buffer> message("external transient storage for 'dynamic' (size query 'dynamic_transients_size')") {{.+}} minimum_length(%[[REQUIRED]])
// CHECK-LABEL: util.func public @dynamic_transients_size(
// CHECK-SAME: %[[VIEW:[a-z0-9]+]]: !hal.buffer_view, %{{.+}}: !hal.buffer) -> index
// CHECK: hal.buffer_view.dim<%[[VIEW]] : !hal.buffer_view>[0] : index
// CHECK: %[[ALIGNED:.+]] = util.align
// CHECK-NEXT: util.return %[[ALIGNED]] : index

// With transients-reference-compat=true: the reference keys only, no check.
// COMPAT-LABEL: util.func public @in_place_computation(
// COMPAT-SAME: iree.reflection = {iree.abi.transients.size = @in_place_computation_transients_size, iree.abi.transients.size.constant = 512 : index}
// COMPAT-NOT: hal.buffer.assert<%arg1
// COMPAT-LABEL: util.func public @in_place_computation_transients_size(
// COMPAT-SAME: -> index {
// COMPAT-LABEL: util.func public @dynamic(
// COMPAT-SAME: iree.reflection = {iree.abi.transients.size = @dynamic_transients_size}}
// COMPAT-NOT: hal.buffer.assert<%arg1

flow.executable private @ex {
  flow.executable.export public @add workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
}

util.func public @in_place_computation(%input: !hal.buffer_view, %storage: !hal.buffer) -> !hal.buffer_view {
  %c64 = arith.constant 64 : index
  %in = hal.tensor.import %input "input" : !hal.buffer_view -> tensor<64xf32>
  %t1 = flow.dispatch @ex::@add[%c64](%in) : (tensor<64xf32>) -> tensor<64xf32>
  %t2 = flow.dispatch @ex::@add[%c64](%t1) : (tensor<64xf32>) -> tensor<64xf32>
  %out = flow.dispatch @ex::@add[%c64](%t2, %in) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %t = hal.tensor.transients %out : tensor<64xf32> from %storage : !hal.buffer
  %view = hal.tensor.export %t "output" : tensor<64xf32> -> !hal.buffer_view
  util.return %view : !hal.buffer_view
}

util.func public @no_transients(%input: !hal.buffer_view, %storage: !hal.buffer) -> !hal.buffer_view {
  %c64 = arith.constant 64 : index
  %in = hal.tensor.import %input "input" : !hal.buffer_view -> tensor<64xf32>
  %out = flow.dispatch @ex::@add[%c64](%in) : (tensor<64xf32>) -> tensor<64xf32>
  %t = hal.tensor.transients %out : tensor<64xf32> from %storage : !hal.buffer
  %view = hal.tensor.export %t "output" : tensor<64xf32> -> !hal.buffer_view
  util.return %view : !hal.buffer_view
}

util.func public @dynamic(%input: !hal.buffer_view, %storage: !hal.buffer) -> !hal.buffer_view {
  %n = hal.buffer_view.dim<%input : !hal.buffer_view>[0] : index
  %in = hal.tensor.import %input "input" : !hal.buffer_view -> tensor<?xf32>{%n}
  %t1 = flow.dispatch @ex::@add[%n](%in) : (tensor<?xf32>{%n}) -> tensor<?xf32>{%n}
  %out = flow.dispatch @ex::@add[%n](%t1) : (tensor<?xf32>{%n}) -> tensor<?xf32>{%n}
  %t = hal.tensor.transients %out : tensor<?xf32>{%n} from %storage : !hal.buffer
  %view = hal.tensor.export %t "output" : tensor<?xf32>{%n} -> !hal.buffer_view
  util.return %view : !hal.buffer_view
}
