// REQUIRES: sluice-compile, sluice-run, sluice-params
// Dynamic parameter keys and scopes (execution.md §3.4 E, io-parameters.md
// §11.4.2): the keys and the scope of a gather are chosen at run time, so
// phase llvm builds the key table and data on the stack (stacksave /
// stackrestore around the call); JIT and AOT.
// RUN: sluice-params create --quiet --output=%t.irpa --data=w=4xf32=2.5 --data=b=2xf32=-1
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --parameters=model=%t.irpa --input=0 | FileCheck %s --check-prefix=FIRST --match-full-lines
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --parameters=model=%t.irpa --input=0 | FileCheck %s --check-prefix=FIRST --match-full-lines
// RUN: sluice-run --module=%t.so --parameters=model=%t.irpa --input=1 | FileCheck %s --check-prefix=SECOND --match-full-lines
// FIRST:      EXEC @gather
// FIRST-NEXT: result[0]: hal.buffer_view
// FIRST-NEXT: 4xf32=2.5 2.5 -1 -1
// SECOND: 4xf32=-1 -1 2.5 2.5

// The dynamic scope reaches the runtime: scope 'other' has no provider.
// RUN: not sluice-run --module=%t.so --parameters=model=%t.irpa --input=2 2>&1 | FileCheck %s --check-prefix=SCOPE --match-full-lines
// SCOPE: Error: NOT_FOUND; no provider registered that handles scopes like 'other'; pass --parameters=other=<file> or register a provider for this scope (registered scopes: 'model'); invoking function 'gather'

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @parameter_dynamic_keys attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  // which = 0: (w, b); 1: (b, w); 2: scope 'other'.
  util.func public @gather(%which: i32) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i64 = arith.constant 0 : i64
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %model = util.buffer.constant : !util.buffer = "model"
    %other = util.buffer.constant : !util.buffer = "other"
    %w = util.buffer.constant : !util.buffer = "w"
    %b = util.buffer.constant : !util.buffer = "b"
    %first = arith.cmpi eq, %which, %c0_i32 : i32
    %bad = arith.cmpi eq, %which, %c2_i32 : i32
    %first_or_bad = arith.ori %first, %bad : i1
    %scope = arith.select %bad, %other, %model : !util.buffer
    %k0 = arith.select %first_or_bad, %w, %b : !util.buffer
    %k1 = arith.select %first_or_bad, %b, %w : !util.buffer
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %t1 = stream.cmd.parameter.gather on(#hal.device.affinity<@__device_0>) await(%t0) => {
      %scope::%k0[%c0_i64] -> %out[%c0 for %c8] : !stream.resource<external>{%c16},
      %scope::%k1[%c0_i64] -> %out[%c8 for %c8] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c16}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
