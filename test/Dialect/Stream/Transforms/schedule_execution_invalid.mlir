// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" --verify-diagnostics %s

// Interleaved device0/device1 work with barriers. Each transfer rides with
// its producing dispatch; each barrier's producer is that deferred transfer,
// so the barrier is never placed in a partition (SE7). It stays in the
// parent block between two partitions that capture each other's results
// through the barriers, the partition set verifies, and ordering the block
// finds the cycle.

util.global private @device0 : !hal.device
util.global private @device1 : !hal.device

// expected-error @+1 {{failed to schedule execution partitions without cyclic dependencies}}
util.func public @interleavedBarriers() -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %0 = stream.async.dispatch on(#hal.device.affinity<@device0>) @ex::@a[%c1, %c1, %c1]() : () -> !stream.resource<transient>{%c128}
  %1 = stream.async.transfer %0 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device0>) -> to(#hal.device.affinity<@device1>) !stream.resource<transient>{%c128}
  %2 = stream.async.barrier on(#hal.device.affinity<@device1>) %1 : !stream.resource<transient>{%c128}
  %3 = stream.async.dispatch on(#hal.device.affinity<@device1>) @ex::@b[%c1, %c1, %c1](%2[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  %4 = stream.async.transfer %3 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device1>) -> to(#hal.device.affinity<@device0>) !stream.resource<transient>{%c128}
  %5 = stream.async.barrier on(#hal.device.affinity<@device0>) %4 : !stream.resource<transient>{%c128}
  %6 = stream.async.dispatch on(#hal.device.affinity<@device0>) @ex::@c[%c1, %c1, %c1](%5[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  util.return %6 : !stream.resource<transient>
}

// -----

// A tensor-phase op does not report its result size: the size of a value
// escaping the partition cannot be found without using the value itself,
// which the host await replacing it would turn into a cycle.

util.func public @tensorPhaseEscape(%d: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{unable to determine the size of a result escaping its execution partition: 'stream.tensor.constant' does not report its result size (async-phase ops expected)}}
  %0 = stream.tensor.constant : tensor<?x?xf32>{%d, %c0} in !stream.resource<*> = dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  util.return %0 : !stream.resource<*>
}
