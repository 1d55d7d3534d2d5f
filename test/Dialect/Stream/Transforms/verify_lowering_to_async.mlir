// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-verify-lowering-to-async %s --verify-diagnostics | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-lowering-to-async)' %s --verify-diagnostics | FileCheck %s

// Streamable ops inside execution regions (at any depth) and metadata ops
// outside of them pass; lifetimes are known.

// CHECK-LABEL: util.func public @scheduled
util.func public @scheduled(%arg0: index, %arg1: i32) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  // stream.async.alloca is a metadata op.
  // CHECK: stream.async.alloca
  %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
  // CHECK: stream.async.execute
  %1, %tp = stream.async.execute with(%0 as %a: !stream.resource<transient>{%arg0}) -> %0{%arg0} {
    %f = stream.async.fill %arg1, %a[%c0 to %arg0 for %arg0] : i32 -> %a as !stream.resource<transient>{%arg0}
    %c = stream.async.concurrent with(%f as %b: !stream.resource<transient>{%arg0}) -> %f{%arg0} {
      %g = stream.async.fill %arg1, %b[%c0 to %arg0 for %arg0] : i32 -> %b as !stream.resource<transient>{%arg0}
      stream.yield %g : !stream.resource<transient>{%arg0}
    }
    stream.yield %c : !stream.resource<transient>{%arg0}
  } => !stream.timepoint
  %2 = stream.timepoint.await %tp => %1 : !stream.resource<transient>{%arg0}
  util.return %2 : !stream.resource<transient>
}

// -----

// A streamable op outside of an execution region gets the specific error and
// the generic one.

util.func public @unscheduled(%arg0: index, %arg1: i32) -> !stream.resource<transient> {
  // expected-error @+2 {{'stream.async.splat' op : streamable op expected to be in an execution region}}
  // expected-error @+1 {{'stream.async.splat' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
  %0 = stream.async.splat %arg1 : i32 -> !stream.resource<transient>{%arg0}
  util.return %0 : !stream.resource<transient>
}

// -----

// Resources of unknown lifetime are reported per operand and result; block
// argument types are not checked (the function itself is fine).

util.func public @unknown_lifetime(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<transient> {
  // expected-error @+2 {{'util.optimization_barrier' op operand 0 type '!stream.resource<*>' illegal for this phase of lowering in the stream dialect}}
  // expected-error @+1 {{'util.optimization_barrier' op result 0 type '!stream.resource<*>' illegal for this phase of lowering in the stream dialect}}
  %0 = util.optimization_barrier %arg0 : !stream.resource<*>
  // An illegal op gets no extra type errors.
  // expected-error @+2 {{'stream.async.transfer' op : streamable op expected to be in an execution region}}
  // expected-error @+1 {{'stream.async.transfer' op illegal for this phase of lowering in the stream dialect}}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
  util.return %1 : !stream.resource<transient>
}
