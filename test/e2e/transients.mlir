// REQUIRES: sluice-compile, sluice-run
// The transients sample of execution.md §9 step 1, hand-written at the cmd
// phase: the caller supplies transient storage (external-transients.md §8)
// and the function checks its size by hand (hal.buffer.assert, the message
// of external-transients.md §9.1) until the transients pass exists. The
// storage holds an intermediate fill of 5.0 that is copied to the result.
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so "--input=&512xi8=0" | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --transients=4096 | FileCheck %s --match-full-lines
// CHECK:      EXEC @in_place_computation
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 64xf32=5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
// RUN: not sluice-run --module=%t.so --transients=256 2>&1 | FileCheck %s --check-prefix=SMALL --match-full-lines
// SMALL: Error: INVALID_ARGUMENT; external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size') buffer byte length 256 less than expected minimum 512; invoking function 'in_place_computation'

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @transients attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  util.func public @in_place_computation(%storage: !hal.buffer) -> !hal.buffer_view attributes {
    iree.reflection = {iree.abi.transients.args = "0", iree.abi.transients.size.constant = "512"}
  } {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %five = arith.constant 1084227584 : i32
    %device = util.global.load @__device_0 : !hal.device
    %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
    hal.buffer.assert<%storage : !hal.buffer> message("external transient storage for 'in_place_computation' (size query 'in_place_computation_transients_size')") allocator(%allocator : !hal.allocator) minimum_length(%c512) type(DeviceVisible) usage("Transfer|DispatchStorage")
    %scratch = stream.tensor.import on(#hal.device.affinity<@__device_0>) %storage : !hal.buffer -> tensor<128xf32> in !stream.resource<external>{%c512}
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c256} => !stream.timepoint
    %t1 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%t0) => with(%scratch as %rs: !stream.resource<external>{%c512}, %out as %ro: !stream.resource<external>{%c256}) {
      stream.cmd.fill %five, %rs[%c256 for %c256] : i32 -> !stream.resource<external>{%c512}
      stream.cmd.copy %rs[%c256], %ro[%c0], %c256 : !stream.resource<external>{%c512} -> !stream.resource<external>{%c256}
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c256}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<64xf32> in !stream.resource<external>{%c256} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
