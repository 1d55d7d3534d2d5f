// REQUIRES: sluice-compile, sluice-run
// Hand-written stream.cmd IR (execution.md §8.4 cmd_phase): two concurrent
// dispatches and a fill in one wave, then a dependent dispatch (a barrier
// between waves), then a copy; JIT and AOT.
//   out[0:4]  = a + b          (wave 1)
//   out[4:8]  = a + a          (wave 1)
//   out[8:12] = fill 1.0       (wave 1)
//   out[8:12] = out[0:4] + out[4:8]   (wave 2)
//   out[0:4]  = copy of out[8:12]     (wave 3)
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --input=4xf32=1,2,3,4 --input=4xf32=10 | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --input=4xf32=1,2,3,4 --input=4xf32=10 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --input=4xf32=1,2,3,4 --input=4xf32=10 --worker_threads=2 --inline_threshold_ns=1 | FileCheck %s --match-full-lines
// Repeated calls of one prepared call with waves fanned out to two workers
// (scripts/sanitizers.sh e2e runs this under TSan).
// RUN: sluice-run --module=%t.so --input=4xf32=1,2,3,4 --input=4xf32=10 --worker_threads=2 --inline_threshold_ns=1 --benchmark=20 --benchmark_warmup=3 | FileCheck %s --check-prefix=BENCH --match-full-lines
// BENCH:      result[0]: hal.buffer_view
// BENCH-NEXT: 12xf32=13 16 19 22 2 4 6 8 13 16 19 22
// BENCH-NEXT: BENCHMARK @waves calls=20 warmup=3
// CHECK:      EXEC @waves
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 12xf32=13 16 19 22 2 4 6 8 13 16 19 22

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @cmd_phase attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  stream.executable private @ex {
    stream.executable.export public @add workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %a = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %b = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %o = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @waves(%va: !hal.buffer_view, %vb: !hal.buffer_view) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %one = arith.constant 1065353216 : i32
    %a = stream.tensor.import on(#hal.device.affinity<@__device_0>) %va : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %b = stream.tensor.import on(#hal.device.affinity<@__device_0>) %vb : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c48} => !stream.timepoint
    %t1 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%t0) => with(%a as %ra: !stream.resource<external>{%c16}, %b as %rb: !stream.resource<external>{%c16}, %out as %ro: !stream.resource<external>{%c48}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@add {
          ro %ra[%c0 for %c16] : !stream.resource<external>{%c16},
          ro %rb[%c0 for %c16] : !stream.resource<external>{%c16},
          wo %ro[%c0 for %c16] : !stream.resource<external>{%c48}
        }
        stream.cmd.dispatch @ex::@add {
          ro %ra[%c0 for %c16] : !stream.resource<external>{%c16},
          ro %ra[%c0 for %c16] : !stream.resource<external>{%c16},
          wo %ro[%c16 for %c16] : !stream.resource<external>{%c48}
        }
        stream.cmd.fill %one, %ro[%c32 for %c16] : i32 -> !stream.resource<external>{%c48}
      }
      stream.cmd.dispatch @ex::@add {
        ro %ro[%c0 for %c16] : !stream.resource<external>{%c48},
        ro %ro[%c16 for %c16] : !stream.resource<external>{%c48},
        wo %ro[%c32 for %c16] : !stream.resource<external>{%c48}
      }
      stream.cmd.copy %ro[%c32], %ro[%c0], %c16 : !stream.resource<external>{%c48} -> !stream.resource<external>{%c48}
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c48}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<12xf32> in !stream.resource<external>{%c48} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
