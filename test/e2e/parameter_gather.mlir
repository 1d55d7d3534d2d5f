// REQUIRES: sluice-compile, sluice-run, sluice-params
// A parameter gather (execution.md §9 step 1 acceptance): two keys of an
// .irpa made here gathered into one buffer by stream.cmd.parameter.gather,
// through StreamToParams and the import-table call of phase llvm; JIT and AOT.
// RUN: sluice-params create --quiet --output=%t.irpa --data=w=4xf32=2.5 --data=b=2xf32=-1
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --parameters=model=%t.irpa | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --parameters=model=%t.irpa | FileCheck %s --match-full-lines
// Repeated gathers from one provider with two workers.
// RUN: sluice-run --module=%t.so --parameters=model=%t.irpa --worker_threads=2 --inline_threshold_ns=1 --benchmark=10 --benchmark_warmup=2 | FileCheck %s --check-prefix=BENCH --match-full-lines
// BENCH:      6xf32=2.5 2.5 2.5 2.5 -1 -1
// BENCH-NEXT: BENCHMARK @gather calls=10 warmup=2
// CHECK:      EXEC @gather
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 6xf32=2.5 2.5 2.5 2.5 -1 -1

// Errors of the parameter runtime reach sluice-run unchanged.
// RUN: not sluice-run --module=%t.so 2>&1 | FileCheck %s --check-prefix=NOSCOPE --match-full-lines
// NOSCOPE: Error: NOT_FOUND; no provider registered that handles scopes like 'model'; pass --parameters=model=<file> or register a provider for this scope (registered scopes: none); invoking function 'gather'
// RUN: sluice-params create --quiet --output=%t.other.irpa --data=ww=4xf32=1 --data=b=2xf32=1
// RUN: not sluice-run --module=%t.so --parameters=model=%t.other.irpa 2>&1 | FileCheck %s --check-prefix=NOKEY --match-full-lines
// NOKEY: Error: NOT_FOUND; no parameter found in index with key 'w'; did you mean 'ww'?; invoking function 'gather'

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @parameter_gather attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  util.func public @gather() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %c0_i64 = arith.constant 0 : i64
    %scope = util.buffer.constant : !util.buffer = "model"
    %w = util.buffer.constant : !util.buffer = "w"
    %b = util.buffer.constant : !util.buffer = "b"
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c24} => !stream.timepoint
    %t1 = stream.cmd.parameter.gather on(#hal.device.affinity<@__device_0>) await(%t0) => {
      %scope::%w[%c0_i64] -> %out[%c0 for %c16] : !stream.resource<external>{%c24},
      %scope::%b[%c0_i64] -> %out[%c16 for %c8] : !stream.resource<external>{%c24}
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c24}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<6xf32> in !stream.resource<external>{%c24} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
