// REQUIRES: sluice-compile, sluice-run
// User symbols named like libm functions (execution.md §2.8, §2.9): a
// dispatch function @powf that uses math.powf (lower-math must not call the
// dispatch function itself), a host function @powf (the dispatch code's libm
// declaration must not clash with it), and host functions @expf and @powf
// next to host code whose llvm.intr.pow/exp LLVM turns into calls to powf
// and expf (which must reach libm, not the user's functions, even when
// nothing is inlined: --sluice-opt-level=0). JIT and AOT.
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --function=powf --input=4xf32=1,2,3,4 --input=4xf32=2 | FileCheck %s --check-prefix=DISPATCH --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=0" --function=host --input=f32=2 --input=f32=10 | FileCheck %s --check-prefix=HOST --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=0" --function=expf --input=f32=2 --input=f32=10 | FileCheck %s --check-prefix=USER --match-full-lines
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --function=powf --input=4xf32=1,2,3,4 --input=4xf32=2 | FileCheck %s --check-prefix=DISPATCH --match-full-lines
// RUN: sluice-compile --compile-from=stream --sluice-opt-level=0 %s -o %t0.so
// RUN: sluice-run --module=%t0.so --function=powf --input=4xf32=1,2,3,4 --input=4xf32=2 | FileCheck %s --check-prefix=DISPATCH --match-full-lines
// RUN: sluice-run --module=%t0.so --function=host --input=f32=2 --input=f32=10 | FileCheck %s --check-prefix=HOST --match-full-lines
// RUN: sluice-run --module=%t0.so --function=expf --input=f32=2 --input=f32=10 | FileCheck %s --check-prefix=USER --match-full-lines
// The .so defines no symbol under a user's name (only sluice_module_query
// is global; host and dispatch functions are local and prefixed).
// RUN: llvm-nm --defined-only %t0.so | FileCheck %s --check-prefix=SYMS
// RUN: llvm-nm --defined-only %t0.so | not grep -E " (powf|expf|host)$"
// DISPATCH:      EXEC @powf
// DISPATCH-NEXT: result[0]: hal.buffer_view
// DISPATCH-NEXT: 4xf32=1 4 9 16
// 2^10 + e^0 (the user's @powf and @expf would give 12 + 2).
// HOST:      EXEC @host
// HOST-NEXT: result[0]: f32=1025
// USER:      EXEC @expf
// USER-NEXT: result[0]: f32=12
// SYMS-DAG: {{ t sluice_host__powf$}}
// SYMS-DAG: {{ t sluice_host__expf$}}
// SYMS-DAG: {{ t sluice_dispatch__ex__powf$}}
// SYMS-DAG: {{ T sluice_module_query$}}

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @libm_names attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  stream.executable private @ex {
    stream.executable.export public @powf workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @powf(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %a = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %b = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %o = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = math.powf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @powf(%va: !hal.buffer_view, %vb: !hal.buffer_view) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = stream.tensor.import on(#hal.device.affinity<@__device_0>) %va : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %b = stream.tensor.import on(#hal.device.affinity<@__device_0>) %vb : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %t1 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%t0) => with(%a as %ra: !stream.resource<external>{%c16}, %b as %rb: !stream.resource<external>{%c16}, %out as %ro: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@powf {
        ro %ra[%c0 for %c16] : !stream.resource<external>{%c16},
        ro %rb[%c0 for %c16] : !stream.resource<external>{%c16},
        wo %ro[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c16}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
  util.func public @expf(%a: f32, %b: f32) -> f32 {
    %r = arith.addf %a, %b : f32
    util.return %r : f32
  }
  // powf(a, b) + expf(a - a): calls LLVM emits, to libm.
  util.func public @host(%a: f32, %b: f32) -> f32 {
    %p = math.powf %a, %b : f32
    %z = arith.subf %a, %a : f32
    %e = math.exp %z : f32
    %r = arith.addf %p, %e : f32
    util.return %r : f32
  }
}
