// REQUIRES: sluice-compile, sluice-run, sluice-params, sluice-opt
// execution.md §2.4 step 2 (§8 `parameter_overlap.mlir`): a gather of four
// 16-byte parameters and the one execute consuming it (four copies, one
// wave). --sluice-pipeline-parameter-uploads with chunk-bytes=32 splits them
// into two gathers and two executes; the split program prints the same
// values as the unsplit one. (--compile-from=stream starts after phase
// stream, so the pass runs through sluice-opt here; with the default 32 MiB
// chunks this program is one chunk and sluice-compile leaves it unchanged.)
// RUN: sluice-params create --quiet --output=%t.irpa --data=w0=4xf32=1 --data=w1=4xf32=2 --data=w2=4xf32=3 --data=w3=4xf32=4
// RUN: sluice-opt --sluice-pipeline-parameter-uploads=chunk-bytes=32 %s -o %t.split.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.mlir
// RUN: sluice-opt --sluice-pipeline-parameter-uploads %s | FileCheck %s --check-prefix=UNSPLIT
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --parameters=model=%t.irpa | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=stream %t.split.mlir -o %t.split.so
// RUN: sluice-run --module=%t.split.so --parameters=model=%t.irpa | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.split.so --parameters=model=%t.irpa --worker_threads=2 --inline_threshold_ns=1 | FileCheck %s --match-full-lines
// CHECK:      EXEC @overlap
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 16xf32=4 4 4 4 3 3 3 3 2 2 2 2 1 1 1 1
//
// SPLIT:      %[[G0:.+]] = stream.cmd.parameter.gather
// SPLIT-NEXT: -> %{{.+}}[%c0 for %c16]
// SPLIT-NEXT: -> %{{.+}}[%c16 for %c16]
// SPLIT-NEXT: } => !stream.timepoint
// SPLIT-NEXT: %[[G1:.+]] = stream.cmd.parameter.gather
// SPLIT-NEXT: -> %{{.+}}[%c32 for %c16]
// SPLIT-NEXT: -> %{{.+}}[%c48 for %c16]
// SPLIT-NEXT: } => !stream.timepoint
// SPLIT-NEXT: %[[E0:.+]] = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%[[G0]])
// SPLIT-COUNT-2: stream.cmd.copy
// SPLIT: %[[E1:.+]] = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%[[G1]])
// SPLIT-COUNT-2: stream.cmd.copy
// SPLIT: %[[J:.+]] = stream.timepoint.join max(%[[E0]], %[[E1]])
// SPLIT-NEXT: stream.timepoint.await %[[J]]
// UNSPLIT-COUNT-1: stream.cmd.parameter.gather
// UNSPLIT-NOT: stream.cmd.parameter.gather

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @parameter_overlap attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  util.func public @overlap() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c0_i64 = arith.constant 0 : i64
    %scope = util.buffer.constant : !util.buffer = "model"
    %w0 = util.buffer.constant : !util.buffer = "w0"
    %w1 = util.buffer.constant : !util.buffer = "w1"
    %w2 = util.buffer.constant : !util.buffer = "w2"
    %w3 = util.buffer.constant : !util.buffer = "w3"
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c64} => !stream.timepoint
    %params, %t1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%t0) => !stream.resource<external>{%c64} => !stream.timepoint
    %gathered = stream.cmd.parameter.gather on(#hal.device.affinity<@__device_0>) await(%t1) => {
      %scope::%w0[%c0_i64] -> %params[%c0 for %c16] : !stream.resource<external>{%c64},
      %scope::%w1[%c0_i64] -> %params[%c16 for %c16] : !stream.resource<external>{%c64},
      %scope::%w2[%c0_i64] -> %params[%c32 for %c16] : !stream.resource<external>{%c64},
      %scope::%w3[%c0_i64] -> %params[%c48 for %c16] : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %done = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%gathered) => with(%params as %p: !stream.resource<external>{%c64}, %out as %o: !stream.resource<external>{%c64}) {
      stream.cmd.concurrent {
        stream.cmd.copy %p[%c0], %o[%c48], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
        stream.cmd.copy %p[%c16], %o[%c32], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
        stream.cmd.copy %p[%c32], %o[%c16], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
        stream.cmd.copy %p[%c48], %o[%c0], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
      }
    } => !stream.timepoint
    %ready = stream.timepoint.await %done => %out : !stream.resource<external>{%c64}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<16xf32> in !stream.resource<external>{%c64} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
