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
