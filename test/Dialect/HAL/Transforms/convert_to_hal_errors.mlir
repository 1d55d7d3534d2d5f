// REQUIRES: sluice-opt
// --iree-hal-conversion failures (execution.md §2.5.1): an op left illegal is
// MLIR's partial-conversion error and the only diagnostic.

// RUN: sluice-opt --split-input-file --iree-hal-conversion --allow-unregistered-dialect --verify-diagnostics %s

util.func public @unregisteredOpOnConvertedValue(%timepoint: !stream.timepoint) {
  %c255_i32 = arith.constant 255 : i32
  // expected-error @+1 {{failed to legalize operation 'some.op' that was explicitly marked illegal}}
  "some.op"(%timepoint, %c255_i32) : (!stream.timepoint, i32) -> ()
  util.return
}

// -----

util.func public @unregisteredOpKeepsTypes(%value: i32) -> i32 {
  // Unregistered ops whose types do not change are legal.
  %0 = "some.op"(%value) : (i32) -> i32
  util.return %0 : i32
}

// -----

util.func public @streamOpWithoutPattern(%size: index) -> !stream.resource<transient> {
  // expected-error @+1 {{failed to legalize operation 'stream.async.alloca' that was explicitly marked illegal}}
  %0 = stream.async.alloca : !stream.resource<transient>{%size}
  util.return %0 : !stream.resource<transient>
}

// -----

util.global private @device : !hal.device

// The reference shape: a valid execute region, then an unregistered op on its
// timepoint. The op left illegal is the only diagnostic; nothing is reported
// for the execute.
util.func public @unregisteredOpAfterExecute(%arg0: !stream.resource<transient>, %arg1: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@device>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  // expected-error @+1 {{failed to legalize operation 'some.op' that was explicitly marked illegal}}
  "some.op"(%0, %c255_i32) : (!stream.timepoint, i32) -> ()
  util.return
}

// -----

util.global private @device : !hal.device

// A pattern's own error is followed by MLIR's failure for the op left illegal.
util.func public @tryMapTransient(%arg0: !util.buffer) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  // expected-error @+2 {{'stream.resource.try_map' op unsupported resource lifetime: transient}}
  // expected-error @+1 {{failed to legalize operation 'stream.resource.try_map' that was explicitly marked illegal}}
  %ok, %0 = stream.resource.try_map on(#hal.device.affinity<@device>) %arg0[%c0] : !util.buffer -> i1, !stream.resource<transient>{%c128}
  util.return %0 : !stream.resource<transient>
}


// -----

// Timepoint import/export pass through exactly one !hal.fence; any other
// form stays illegal.
util.func public @timepointImportTwoFences(%a: !hal.fence, %b: !hal.fence) -> !stream.timepoint {
  // expected-error @+1 {{failed to legalize operation 'stream.timepoint.import' that was explicitly marked illegal}}
  %0 = stream.timepoint.import %a, %b : (!hal.fence, !hal.fence) => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.func public @timepointExportToInteger(%t: !stream.timepoint) -> i64 {
  // expected-error @+1 {{failed to legalize operation 'stream.timepoint.export' that was explicitly marked illegal}}
  %0 = stream.timepoint.export %t => (i64)
  util.return %0 : i64
}
