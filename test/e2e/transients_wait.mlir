// REQUIRES: sluice-compile, sluice-run
// external-transients.md §9.8 end to end: `sluice.abi.transients_wait = 2`
// on the storage names the wrapper's wait fence (coarse-fences model: the
// wrapper's arguments are (input, storage, wait, signal)), so every
// execution region that uses the storage also waits on that fence. The
// program is the sample of transients_pipeline.mlir (two 256-byte
// temporaries, 512 bytes of storage, 1 -> 2 -> 4 -> 5); sluice-run passes a
// null wait fence and a real signal fence, and waits on the signal fence
// before printing, so the results are right only if the work ordered
// behind the storage wait really runs and signals.
//
// Phase input wraps the entry point (--sluice-invocation-model=coarse-fences).
//
// RUN: sluice-compile --compile-to=input --sluice-invocation-model=coarse-fences %s | FileCheck %s --check-prefix=WRAP
// WRAP: util.func public @waited(%{{.+}}: !hal.buffer_view, %{{.+}}: !hal.buffer {iree.abi.transients, sluice.abi.transients_wait = 2 : index}, %{{.+}}: !hal.fence, %{{.+}}: !hal.fence) -> !hal.buffer_view
// RUN: sluice-compile --sluice-invocation-model=coarse-fences --compile-to=stream %s | FileCheck %s --check-prefix=STREAM
// STREAM-LABEL: util.func public @waited(
// STREAM-SAME: %[[WAIT:[a-z0-9]+]]: !hal.fence, %{{[a-z0-9]+}}: !hal.fence)
// STREAM-SAME: iree.abi.transients.size.constant = 512 : index
// The storage wait and the wrapper's input wait are the same fence here, so
// they fold into one import that the work on the storage waits for.
// STREAM: %[[WAIT_TP:.+]] = stream.timepoint.import on({{.+}}) %[[WAIT]] : (!hal.fence) => !stream.timepoint
// STREAM: stream.resource.alloca {{.+}} await(%[[WAIT_TP]]) => !stream.resource<external>
// STREAM-NOT: stream.resource.alloca{{.*}}<transient>
// STREAM: stream.cmd.execute
// STREAM-NOT: stream.resource.alloca{{.*}}<transient>
// RUN: sluice-compile --sluice-invocation-model=coarse-fences %s -o %t.so
// RUN: sluice-run --module=%t.so --function=waited --input=64xf32=1 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --function=waited --input=64xf32=1 "--input=&512xi8=0" | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--sluice-invocation-model=coarse-fences --sluice-opt-level=1" --function=waited --input=64xf32=1 | FileCheck %s --match-full-lines
// CHECK:      EXEC @waited
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 64xf32=5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
// Undersized storage still fails the §9.1 check in this model.
// RUN: not sluice-run --module=%t.so --function=waited --input=64xf32=1 --transients=256 2>&1 | FileCheck %s --check-prefix=SMALL --match-full-lines
// SMALL: Error: INVALID_ARGUMENT; external transient storage for 'waited' (size query 'waited_transients_size') buffer byte length 256 less than expected minimum 512; invoking function 'waited'

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @transients_wait attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
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
}
