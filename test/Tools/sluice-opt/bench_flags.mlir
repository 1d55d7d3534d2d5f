// The benchmark flags of sluice-opt (bench/passes/command-phase-scaling.py):
// --sluice-bench-walk visits the ops of the function body, not the nested
// ones, counts the allocas among them and leaves the IR as it is;
// --sluice-pass-cpu-time prints each pass's thread CPU time, also with
// --sluice-evict-caches (caches evicted before the pass).
// RUN: sluice-opt --mlir-disable-threading --pass-pipeline='builtin.module(util.func(sluice-bench-walk))' %s 2>&1 | FileCheck %s
// RUN: sluice-opt --mlir-disable-threading --sluice-pass-cpu-time --pass-pipeline='builtin.module(util.func(sluice-bench-walk))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: sluice-opt --mlir-disable-threading --sluice-pass-cpu-time --sluice-evict-caches --pass-pipeline='builtin.module(util.func(sluice-bench-walk))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: sluice-opt --mlir-disable-threading --sluice-pass-cpu-time --sluice-evict-caches --pass-pipeline='builtin.module(util.func(sluice-bench-walk))' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// REQUIRES: sluice-opt

// CHECK: sluice-bench-walk: 5 ops, 2 allocas, {{[0-9]+}} on another 4 KiB page than the op before, {{[0-9]+}} at a lower address
// CHECK-NOT: sluice-bench-walk:

// TIME-DAG: sluice-pass-cpu-time: {{[0-9]+\.[0-9]+}} BenchWalkPass
// TIME-DAG: sluice-pass-cpu-time: {{[0-9]+\.[0-9]+}} {{.*}}OpToOpPassAdaptor

// IR-LABEL: util.func public @walk
// IR: stream.resource.alloca
// IR: stream.resource.alloca
// IR: scf.if
// IR: stream.resource.alloca
// IR: util.return
util.func public @walk(%size: index, %cond: i1, %t: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>) {
  %a, %ta = stream.resource.alloca uninitialized await(%t) => !stream.resource<transient>{%size} => !stream.timepoint
  %b, %tb = stream.resource.alloca uninitialized await(%t) => !stream.resource<transient>{%size} => !stream.timepoint
  scf.if %cond {
    // Nested: not visited.
    %c, %tc = stream.resource.alloca uninitialized await(%t) => !stream.resource<transient>{%size} => !stream.timepoint
  }
  %d = arith.addi %size, %size : index
  util.return %a, %b : !stream.resource<transient>, !stream.resource<transient>
}
