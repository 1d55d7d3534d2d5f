// REQUIRES: sluice-compile, sluice-run
// A coarse-fences entry point (execution.md §2.2 step 4, §6.2): the wrapper
// appends (wait, signal) fences, the program's queue operations wait on the
// first and signal the second, and sluice-run passes a null wait fence and a
// new signal fence and waits on it before printing. The results are only
// right if the signal fence really orders the read-back after the dispatches
// (an empty signal fence counts as reached at once, so the tool gives it a
// timepoint of its own; before that fix this program printed zeros).
//
// sluice-compile runs phase input (the wrapper in the coarse-fences model,
// the CPU device) before the other phases.
//
// RUN: sluice-compile --compile-to=input --sluice-invocation-model=coarse-fences %s | FileCheck %s --check-prefix=WRAP
// WRAP: util.func public @chain(%{{.*}}: !hal.buffer_view, %{{.*}}: !hal.fence, %{{.*}}: !hal.fence) -> !hal.buffer_view
// WRAP-SAME: iree.abi.model = "coarse-fences"
// RUN: sluice-compile --sluice-invocation-model=coarse-fences --sluice-stream-options=optimize-bindings=false %s -o %t.so
// RUN: sluice-run --module=%t.so --function=chain --input=8xf32=1 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=chain --input=8xf32=1 --worker_threads=2 --inline_threshold_ns=1 --benchmark=10 --benchmark_warmup=2 | FileCheck %s --check-prefix=BENCH --match-full-lines
// BENCH:      8xf32=5 5 5 5 5 5 5 5
// BENCH-NEXT: BENCHMARK @chain calls=10 warmup=2
// RUN: sluice-run --module=%s --jit_flags="--sluice-invocation-model=coarse-fences --sluice-stream-options=optimize-bindings=false --sluice-opt-level=1" --function=chain --input=8xf32=1 | FileCheck %s --match-full-lines
// The same program in the sync model with the stream pipeline's default
// options: fused bindings carry `util.assume.int` assumptions into the
// dispatch, which the CPU codegen drops (execution.md §5.1 step 1 does not
// list the op; Sluice accepts it).
// RUN: sluice-compile --compile-to=stream %s | FileCheck %s --check-prefix=ASSUME
// ASSUME: util.assume.int
// RUN: sluice-compile %s -o %t.sync.so
// RUN: sluice-run --module=%t.sync.so --function=chain --input=8xf32=1 | FileCheck %s --match-full-lines
// CHECK:      EXEC @chain
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 8xf32=5 5 5 5 5 5 5 5

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @coarse_fences attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  flow.executable private @ex {
    flow.executable.export public @add workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>) {
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
        %e = tensor.empty() : tensor<8xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<8xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
        return
      }
    }
  }
  // t1 = in + in, t2 = t1 + t1, out = t2 + in: 1 -> 2 -> 4 -> 5.
  util.func public @chain(%input: tensor<8xf32>) -> tensor<8xf32> {
    %t1 = flow.dispatch @ex::@add(%input, %input) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %t2 = flow.dispatch @ex::@add(%t1, %t1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %out = flow.dispatch @ex::@add(%t2, %input) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    util.return %out : tensor<8xf32>
  }
}
