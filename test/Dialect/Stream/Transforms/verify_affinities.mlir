// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-affinities)' --verify-diagnostics %s | FileCheck %s

// stream-passes-1.md §5.2: every op that requires an affinity has one on
// itself or an ancestor; the first op without one is reported.

// CHECK-LABEL: @affinityOnOp
util.func public @affinityOnOp(%arg0: index) {
  // CHECK: stream.async.alloca on(#hal.device.promise<@dev_a>)
  %0 = stream.async.alloca on(#hal.device.promise<@dev_a>) : !stream.resource<transient>{%arg0}
  util.return
}

// -----

// CHECK-LABEL: @affinityOnAncestorOp
util.func public @affinityOnAncestorOp(%arg0: index) attributes {
  stream.affinity = #hal.device.promise<@dev_a>
} {
  // CHECK: stream.async.alloca
  %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
  util.return
}

// -----

// A default affinity on the module also counts.
// CHECK-LABEL: @affinityDefault
module attributes {stream.affinity.default = #hal.device.promise<@dev_a>} {
  util.func public @affinityDefault(%arg0: index) {
    %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
    util.return
  }
}

// -----

util.func public @missingAffinity(%arg0: index) {
  // expected-error @+1 {{'stream.async.alloca' op does not have an affinity assigned; ensure that the op or some ancestor of it has a valid execution affinity assigned}}
  %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
  // Only the first error is reported.
  %1 = stream.async.alloca : !stream.resource<transient>{%arg0}
  util.return
}

// -----

// Nested modules are entered.
module @outer {
  builtin.module @inner {
    util.func public @nestedMissing(%arg0: index) {
      // expected-error @+1 {{does not have an affinity assigned}}
      %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
      util.return
    }
  }
}

// -----

// Ops that do not require an affinity (constants, exports) are not checked;
// executables are not entered.
// CHECK-LABEL: @noAffinityRequired
util.func public @noAffinityRequired(%arg0: tensor<4xi32>) -> !hal.buffer_view {
  %c1 = arith.constant 1 : index
  %0 = hal.tensor.export %arg0 : tensor<4xi32> -> !hal.buffer_view
  util.return %0 : !hal.buffer_view
}
stream.executable private @ex {
  stream.executable.export public @entry
  builtin.module {
    func.func @entry() {
      return
    }
  }
}
