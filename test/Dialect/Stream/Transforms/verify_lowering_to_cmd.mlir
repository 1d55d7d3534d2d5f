// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-verify-lowering-to-cmd %s --verify-diagnostics | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-lowering-to-cmd)' %s --verify-diagnostics | FileCheck %s

// Command-phase programs pass.

// CHECK-LABEL: util.func public @cmd
util.func public @cmd(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  // CHECK: stream.cmd.execute
  %t = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    stream.cmd.fill %arg2, %a[%c0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Async-phase ops and resources of unknown lifetime must be gone.

util.func public @async_left(%arg0: index, %arg1: i32) -> !stream.resource<transient> {
  // expected-error @+1 {{'stream.async.splat' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
  %0 = stream.async.splat %arg1 : i32 -> !stream.resource<transient>{%arg0}
  // expected-error @+1 {{'stream.resource.alloca' op result 0 type '!stream.resource<*>' illegal for this phase of lowering in the stream dialect}}
  %1, %tp = stream.resource.alloca uninitialized : !stream.resource<*>{%arg0} => !stream.timepoint
  util.return %0 : !stream.resource<transient>
}
