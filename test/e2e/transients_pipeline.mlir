// REQUIRES: sluice-compile, sluice-run
// The external-transients sample (external-transients.md §8, §11.5-§11.6)
// through the whole compiler: --iree-abi-wrap-entry-points wraps the tensor
// function (the storage argument carries iree.abi.transients), then
// sluice-compile runs phases stream (emplacement, size query, constant
// annotation, §9.1 check), hal, native and llvm. Two 256-byte temporaries
// are live at once, so the storage needs 512 bytes; 1 + 1 = 2, 2 + 2 = 4,
// 4 + 1 = 5.
//
// Workarounds, outside this feature (see docs/external-transients.md): the
// stream pipeline's dispatch assumptions (util.assume.int on fused binding
// offsets) are not accepted by the CPU codegen yet, so bindings are not
// fused (optimize-bindings=false).
//
// RUN: sluice-compile --sluice-stream-options=optimize-bindings=false %s -o %t.so
// RUN: sluice-compile --compile-to=stream --sluice-stream-options=optimize-bindings=false %s | FileCheck %s --check-prefix=STREAM
// STREAM-LABEL: util.func public @in_place_computation(
// STREAM-SAME: iree.abi.transients.alignment = "64", iree.abi.transients.args = "1", iree.abi.transients.size = @in_place_computation_transients_size, iree.abi.transients.size.constant = 512 : index
// STREAM-NOT: stream.resource.alloca{{.*}}<transient>
// STREAM-NOT: stream.resource.dealloca
// STREAM: util.func public @in_place_computation_transients_size(
// STREAM-LABEL: util.func public @no_transients(
// STREAM-SAME: iree.abi.transients.alignment = "64", iree.abi.transients.args = "1", iree.abi.transients.size = @no_transients_transients_size, iree.abi.transients.size.constant = 0 : index
// STREAM-NOT: {{hal.buffer.length|hal.buffer.assert|%arg1}}
// STREAM: util.return

// The size from the reflection (--transients=auto), a user buffer of exactly
// 512 bytes, a bigger one, and the same through the JIT.
// RUN: sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 "--input=&512xi8=0" | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 --transients=4096 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 --worker_threads=2 --inline_threshold_ns=1 --benchmark=10 --benchmark_warmup=2 | FileCheck %s --check-prefix=BENCH --match-full-lines
// BENCH:      result[0]: hal.buffer_view
// BENCH-NEXT: 64xf32=5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
// BENCH-NEXT: BENCHMARK @in_place_computation calls=10 warmup=2
// RUN: sluice-run --module=%s --jit_flags="--sluice-stream-options=optimize-bindings=false --sluice-opt-level=1" --function=in_place_computation --input=64xf32=1 | FileCheck %s --match-full-lines
// CHECK:      EXEC @in_place_computation
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 64xf32=5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5

// Undersized storage: the exact §9.1 message, from the tool's allocation and
// from a user buffer.
// RUN: not sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 --transients=256 2>&1 | FileCheck %s --check-prefix=SMALL --match-full-lines
// RUN: not sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 "--input=&511xi8=0" 2>&1 | FileCheck %s --check-prefix=SMALL511 --match-full-lines
// SMALL: Error: INVALID_ARGUMENT; external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size') buffer byte length 256 less than expected minimum 512; invoking function 'in_place_computation'
// SMALL511: Error: INVALID_ARGUMENT; external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size') buffer byte length 511 less than expected minimum 512; invoking function 'in_place_computation'

// Null storage where 512 bytes are needed: the check fails before anything
// reads the buffer (§9.10), from --transients=none and from a (null) input.
// RUN: not sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 --transients=none 2>&1 | FileCheck %s --check-prefix=NULL --match-full-lines
// RUN: not sluice-run --module=%t.so --function=in_place_computation --input=64xf32=1 "--input=(null)" 2>&1 | FileCheck %s --check-prefix=NULL --match-full-lines
// Size 0: a null storage is never touched (§9.10).
// RUN: sluice-run --module=%t.so --function=no_transients --input=64xf32=1 --transients=none | FileCheck %s --check-prefix=ZERO --match-full-lines
// RUN: sluice-run --module=%t.so --function=no_transients --input=64xf32=1 "--input=(null)" | FileCheck %s --check-prefix=ZERO --match-full-lines
// RUN: sluice-run --module=%t.so --function=no_transients --input=64xf32=1 | FileCheck %s --check-prefix=ZERO --match-full-lines
// ZERO:      EXEC @no_transients
// ZERO-NEXT: result[0]: hal.buffer_view
// ZERO-NEXT: 64xf32=2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
// NULL: Error: INVALID_ARGUMENT; external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size') buffer is null; invoking function 'in_place_computation'

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @transients_pipeline attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  flow.executable private @ex {
    flow.executable.export public @add workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64xf32>>) {
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %e = tensor.empty() : tensor<64xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<64xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [64], strides = [1] : tensor<64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64xf32>>
        return
      }
    }
  }
  // t1 = in + in, t2 = t1 + t1, out = t2 + in: two 256-byte temporaries.
  util.func public @in_place_computation(%input: tensor<64xf32>, %storage: !hal.buffer {iree.abi.transients}) -> tensor<64xf32> {
    %t1 = flow.dispatch @ex::@add(%input, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %t2 = flow.dispatch @ex::@add(%t1, %t1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %out = flow.dispatch @ex::@add(%t2, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    util.return %out : tensor<64xf32>
  }
  // One dispatch, no temporaries: size 0 (reference #23392), so the storage
  // may be null.
  util.func public @no_transients(%input: tensor<64xf32>, %storage: !hal.buffer {iree.abi.transients}) -> tensor<64xf32> {
    %out = flow.dispatch @ex::@add(%input, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    util.return %out : tensor<64xf32>
  }
}
