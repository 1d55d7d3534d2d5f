// REQUIRES: sluice-opt
// RUN: sluice-opt --pass-pipeline='builtin.module(iree-stream-tensor-transformation-pipeline)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: sluice-opt --iree-stream-annotate-input-affinities --pass-pipeline='builtin.module(iree-stream-tensor-transformation-pipeline)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFFINITIES
// RUN: sluice-opt --iree-stream-tensor-transformation-pipeline %s | FileCheck %s

// stream-passes-2.md §16.3 step 1: the tensor phase in order (cleanup
// pipelines elided), the optional annotate-affinities step, and a flow
// program taken to stream.tensor ops.

// PIPELINE: builtin.module(
// PIPELINE-NEXT: iree-stream-verify-input,
// PIPELINE: iree-util-ipo,
// PIPELINE-NEXT: iree-stream-clone-to-consumers,
// PIPELINE-NEXT: iree-stream-conversion,
// PIPELINE-NEXT: iree-stream-verify-lowering-to-tensors,
// PIPELINE-NEXT: inline{
// PIPELINE: iree-util-ipo,
// PIPELINE-NEXT: iree-util-combine-initializers,
// PIPELINE-NEXT: iree-util-fixed-point-iterator{max-iterations=10 pipeline=builtin.module(
// PIPELINE-NOT: iree-stream-verify-affinities
// PIPELINE-NOT: iree-stream-unify-encoding-for-globals

// AFFINITIES: iree-stream-clone-to-consumers,
// AFFINITIES-NEXT: iree-stream-annotate-affinities,
// AFFINITIES-NEXT: iree-stream-conversion,

// CHECK-NOT: flow.
// CHECK-LABEL: util.func public @main(
// CHECK: %[[IMPORT:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<64xf32> in !stream.resource<external>
// CHECK: %[[CAST:.+]] = stream.async.cast %[[IMPORT]]
// CHECK: %[[D0:.+]] = stream.tensor.dispatch @ex::@d1[%c64](%[[CAST]])
// CHECK-NEXT: %[[D1:.+]] = stream.tensor.dispatch @ex::@d1[%c64](%[[D0]])
// CHECK: stream.tensor.export %{{.+}} : tensor<64xf32> in !stream.resource<external>{%{{.+}}} -> !hal.buffer_view
// CHECK: util.global.store %{{.+}}, @state : !stream.resource<variable>
// CHECK: stream.executable private @ex
// CHECK-NEXT: stream.executable.export public @d1 workgroups(
util.global private mutable @state : tensor<64xf32>
util.func public @main(%view0: !hal.buffer_view, %flag: i32) -> !hal.buffer_view {
  %c64 = arith.constant 64 : index
  %v0 = hal.tensor.import %view0 "input0" : !hal.buffer_view -> tensor<64xf32>
  %v1 = flow.dispatch @ex::@d1[%c64](%v0) : (tensor<64xf32>) -> tensor<64xf32>
  %v2 = flow.dispatch @ex::@d1[%c64](%v1) : (tensor<64xf32>) -> tensor<64xf32>
  %v3 = flow.tensor.reshape %v2 : tensor<64xf32> -> tensor<8x8xf32>
  %v4 = flow.tensor.reshape %v3 : tensor<8x8xf32> -> tensor<64xf32>
  util.global.store %v4, @state : tensor<64xf32>
  %out = hal.tensor.export %v4 "output" : tensor<64xf32> -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}
util.func public @read() -> tensor<64xf32> {
  %s = util.global.load @state : tensor<64xf32>
  util.return %s : tensor<64xf32>
}
flow.executable private @ex {
  flow.executable.export public @d1 workgroups(%n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
}
