// REQUIRES: sluice-opt, sluice-compile, sluice-run
// External transients in the coarse-fences model with a wait fence that is
// signalled only after the call was issued (external-transients.md §2.5.4,
// §9.8). sluice-run --wait_fence_delay_ms=<n> passes a pending wait fence,
// fills the storage it allocates with 0xA5 bytes, issues the call, and has
// another thread signal the wait fence n ms after the call started; just
// before signalling, that thread records whether the signal fence was
// already reached and how many storage bytes had already been written
// (both must be none: the work waits on the fence). After the signal fence
// is reached the tool prints how many storage bytes the call wrote: the
// two 256-byte temporaries (floats 2 and 4, no 0xA5 byte) fill the 512
// bytes, so the work really ran in the storage, and the result is right
// (1 -> 2 -> 4 -> 5). The program is the sample of transients_wait.mlir;
// @waited names the wait fence in sluice.abi.transients_wait, @plain does
// not. The test runs under scripts/sanitizers.sh e2e tsan (a second thread
// signals the fence while the device's workers wait on it).
//
// RUN: sluice-opt --iree-abi-wrap-entry-points=invocation-model=coarse-fences --inline --symbol-dce %s -o %t.mlir
// RUN: sluice-compile --compile-from=input %t.mlir -o %t.so
// RUN: sluice-run --module=%t.so --function=waited --input=64xf32=1 --wait_fence_delay_ms=300 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=plain --input=64xf32=1 --wait_fence_delay_ms=300 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.mlir --jit_flags="--compile-from=input --sluice-opt-level=1" --function=waited --input=64xf32=1 --wait_fence_delay_ms=300 | FileCheck %s --match-full-lines
// CHECK:      EXEC @{{waited|plain}}
// CHECK-NEXT: wait fence: signalled by another thread 300 ms after the call started
// CHECK-NEXT: call returned before the wait fence was signalled: yes
// CHECK-NEXT: signal fence when the wait fence was signalled: pending
// CHECK-NEXT: storage bytes written before the wait fence was signalled: 0
// CHECK-NEXT: storage bytes written by the call: 512 of 512
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 64xf32=5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5

// A storage sub-span at offset 64 of a larger allocation: the tool fills
// and counts the sub-span the call receives.
// RUN: sluice-run --module=%t.so --function=waited --input=64xf32=1 --wait_fence_delay_ms=100 --transients_offset=64 | FileCheck %s --check-prefix=OFFSET --match-full-lines
// OFFSET: storage bytes written before the wait fence was signalled: 0
// OFFSET-NEXT: storage bytes written by the call: 512 of 512

// The flag errors are in test/Tools/sluice-run/errors.test.

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @transients_wait_later attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
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
  util.func public @waited(%input: tensor<64xf32>, %storage: !hal.buffer {iree.abi.transients, sluice.abi.transients_wait = 2 : index}) -> tensor<64xf32> {
    %t1 = flow.dispatch @ex::@add(%input, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %t2 = flow.dispatch @ex::@add(%t1, %t1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %out = flow.dispatch @ex::@add(%t2, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    util.return %out : tensor<64xf32>
  }
  // The same without sluice.abi.transients_wait: the wrapper's wait fence
  // still orders all the work (the input is imported behind it, §2.5.4).
  util.func public @plain(%input: tensor<64xf32>, %storage: !hal.buffer {iree.abi.transients}) -> tensor<64xf32> {
    %t1 = flow.dispatch @ex::@add(%input, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %t2 = flow.dispatch @ex::@add(%t1, %t1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %out = flow.dispatch @ex::@add(%t2, %input) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    util.return %out : tensor<64xf32>
  }
}
