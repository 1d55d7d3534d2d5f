// REQUIRES: sluice-compile, sluice-run
// --benchmark with a coarse-fences function (execution.md §6.2): every
// timed call gets a fresh signal fence and is timed until that fence is
// reached; JIT and AOT.
// RUN: sluice-run --module=%s --jit_flags=--compile-from=hal --input=2xf32=1 --benchmark=5 --benchmark_warmup=2 | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: sluice-run --module=%t.so --input=2xf32=1 --benchmark=5 --benchmark_warmup=2 | FileCheck %s --match-full-lines
// CHECK:      EXEC @async
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 2xf32=1 1
// CHECK-NEXT: BENCHMARK @async calls=5 warmup=2
// CHECK-NEXT: latency_us min={{[0-9]+\.[0-9][0-9][0-9]}} p50={{[0-9.]+}} mean={{[0-9.]+}} p90={{[0-9.]+}} max={{[0-9.]+}}

module @benchmark_coarse {
  // Signals `signal` once `wait` is reached (a queue barrier).
  util.func public @async(%v: !hal.buffer_view, %wait: !hal.fence, %signal: !hal.fence) -> !hal.buffer_view attributes {iree.reflection = {iree.abi.model = "coarse-fences"}} {
    %c0 = arith.constant 0 : index
    %aff = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    hal.device.queue.barrier<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) flags("None")
    util.return %v : !hal.buffer_view
  }
}
