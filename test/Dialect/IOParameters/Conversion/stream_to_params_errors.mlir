// REQUIRES: sluice-opt
// StreamToParams on affinities the HAL cannot resolve: the device lookup
// fails and the parameter op stays illegal (execution.md §2.5.1).

// RUN: sluice-opt --split-input-file --iree-hal-conversion --verify-diagnostics %s

util.func public @promiseAffinity(%target: !stream.resource<transient>) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  // expected-error @+2 {{'stream.context.resolve' op failed to resolve affinity: only HAL device affinities are supported}}
  // expected-error @+1 {{failed to legalize operation 'stream.cmd.parameter.read' that was explicitly marked illegal}}
  %t = stream.cmd.parameter.read on(#hal.device.promise<@device>) %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  util.return %t : !stream.timepoint
}
