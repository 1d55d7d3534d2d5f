// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// The legacy string-literal form (IR written before dynamic keys) parses,
// stores the strings in the *_literal properties and prints back in kind.

// CHECK-LABEL: util.func public @literal_load
util.func public @literal_load(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %length: index, %mem: i32, %use: i32) -> (!hal.buffer, !hal.buffer) {
  //      CHECK: io_parameters.load<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) type(%arg6) usage(%arg7) {
  // CHECK-NEXT:   "scope"::"w0"[%arg4] : !hal.buffer{%arg5},
  // CHECK-NEXT:   "scope"::"w1"[%arg4] : !hal.buffer{%arg5}
  // CHECK-NEXT: }
  // GENERIC: "io_parameters.load"
  // GENERIC-SAME: operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 2, 1, 1, 2>
  // GENERIC-SAME: source_key_literals = ["w0", "w1"]
  // GENERIC-SAME: source_scope_literal = "scope"
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    "scope"::"w0"[%offset] : !hal.buffer{%length},
    "scope"::"w1"[%offset] : !hal.buffer{%length}
  }
  util.return %r#0, %r#1 : !hal.buffer, !hal.buffer
}

// -----

// Keys that need escaping print as valid, re-parseable string literals.

// CHECK-LABEL: util.func public @literal_gather_escaped
util.func public @literal_gather_escaped(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  //      CHECK: io_parameters.gather<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT:   "a\22quote"[%arg4] -> %arg5[%arg6 for %arg7] : !hal.buffer,
  // CHECK-NEXT:   "back\\slash"[%arg4] -> %arg5[%arg6 for %arg7] : !hal.buffer,
  // CHECK-NEXT:   "new\0Aline"[%arg4] -> %arg5[%arg6 for %arg7] : !hal.buffer
  // CHECK-NEXT: }
  // GENERIC: source_key_literals = ["a\22quote", "back\\slash", "new\0Aline"]
  // GENERIC-NOT: source_scope_literal
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    "a\"quote"[%offset] -> %target[%toff for %length] : !hal.buffer,
    "back\\slash"[%offset] -> %target[%toff for %length] : !hal.buffer,
    "new\0Aline"[%offset] -> %target[%toff for %length] : !hal.buffer
  }
  util.return
}

// -----

// CHECK-LABEL: util.func public @literal_scatter
util.func public @literal_scatter(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %source: !hal.buffer, %soff: index, %length: index, %offset: i64) {
  //      CHECK: io_parameters.scatter<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT:   %arg4[%arg5 for %arg6] : !hal.buffer -> "out"::"k0"[%arg7],
  // CHECK-NEXT:   %arg4[%arg5 for %arg6] : !hal.buffer -> "out"::"k1"[%arg7]
  // CHECK-NEXT: }
  // GENERIC: target_key_literals = ["k0", "k1"]
  // GENERIC-SAME: target_scope_literal = "out"
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %source[%soff for %length] : !hal.buffer -> "out"::"k0"[%offset],
    %source[%soff for %length] : !hal.buffer -> "out"::"k1"[%offset]
  }
  util.return
}
