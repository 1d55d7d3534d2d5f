// RUN: sluice-opt --split-input-file --sluice-io-materialize-parameter-literals %s | FileCheck %s
// REQUIRES: sluice-opt

// Literal references become util.buffer.constant operands placed right before
// the op, one constant per distinct string per op (scope and keys share them).

// CHECK-LABEL: util.func public @load
util.func public @load(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %length: index, %mem: i32, %use: i32) -> (!hal.buffer, !hal.buffer, !hal.buffer) {
  //  CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "model"
  //  CHECK-DAG: %[[W0:.+]] = util.buffer.constant : !util.buffer = "w0"
  //  CHECK-DAG: %[[W1:.+]] = util.buffer.constant : !util.buffer = "w1"
  //  CHECK-NOT: util.buffer.constant
  //      CHECK: %{{.+}}:3 = io_parameters.load<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) type(%arg6) usage(%arg7) {
  // CHECK-NEXT:   %[[SCOPE]]::%[[W0]][%arg4] : !hal.buffer{%arg5},
  // CHECK-NEXT:   %[[SCOPE]]::%[[W1]][%arg4] : !hal.buffer{%arg5},
  // CHECK-NEXT:   %[[SCOPE]]::%[[W0]][%arg4] : !hal.buffer{%arg5}
  // CHECK-NEXT: } attributes {test.kept}
  %r:3 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    "model"::"w0"[%offset] : !hal.buffer{%length},
    "model"::"w1"[%offset] : !hal.buffer{%length},
    "model"::"w0"[%offset] : !hal.buffer{%length}
  } attributes {test.kept}
  util.return %r#0, %r#1, %r#2 : !hal.buffer, !hal.buffer, !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @gather_scatter
util.func public @gather_scatter(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %buffer: !hal.buffer, %boff: index, %length: index) {
  //      CHECK: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "a\22b"
  // CHECK-NEXT: io_parameters.gather<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT:   %[[KEY]][%arg4] -> %arg5[%arg6 for %arg7] : !hal.buffer
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    "a\"b"[%offset] -> %buffer[%boff for %length] : !hal.buffer
  }
  //      CHECK: %[[OUT:.+]] = util.buffer.constant : !util.buffer = "out"
  // CHECK-NEXT: %[[K:.+]] = util.buffer.constant : !util.buffer = "k"
  // CHECK-NEXT: io_parameters.scatter<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT:   %arg5[%arg6 for %arg7] : !hal.buffer -> %[[OUT]]::%[[K]][%arg4]
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %buffer[%boff for %length] : !hal.buffer -> "out"::"k"[%offset]
  }
  util.return
}

// -----

// Ops already in SSA form are left alone.

// CHECK-LABEL: util.func public @already_ssa
util.func public @already_ssa(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) -> !hal.buffer {
  // CHECK-NOT: util.buffer.constant
  // CHECK: io_parameters.load
  // CHECK-NEXT: %arg4[%arg5] : !hal.buffer{%arg6}
  %r = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %key[%offset] : !hal.buffer{%length}
  }
  util.return %r : !hal.buffer
}
