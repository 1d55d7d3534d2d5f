// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// REQUIRES: sluice-opt

// The printed form is normative: one row per line, rows indented two spaces
// deeper than the op, `}` back at the op's indentation.

// CHECK-LABEL: util.func public @parameter_load
// CHECK-SAME: (%[[DEVICE:.+]]: !hal.device, %[[AFFINITY:.+]]: i64, %[[WAIT:.+]]: !hal.fence, %[[SIGNAL:.+]]: !hal.fence, %[[SCOPE:.+]]: !util.buffer, %[[KEY0:.+]]: !util.buffer, %[[KEY1:.+]]: !util.buffer)
util.func public @parameter_load(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer) -> (!hal.buffer, !hal.buffer) {
  // CHECK-DAG: %[[OFFSET0:.+]] = arith.constant 50 : i64
  %offset0 = arith.constant 50 : i64
  // CHECK-DAG: %[[OFFSET1:.+]] = arith.constant 51 : i64
  %offset1 = arith.constant 51 : i64
  // CHECK-DAG: %[[LENGTH0:.+]] = arith.constant 100 : index
  %length0 = arith.constant 100 : index
  // CHECK-DAG: %[[LENGTH1:.+]] = arith.constant 101 : index
  %length1 = arith.constant 101 : index
  // CHECK-DAG: %[[MEMORY_TYPE:.+]] = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // CHECK-DAG: %[[USAGE:.+]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  //      CHECK: %[[RESULTS:.+]]:2 = io_parameters.load<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) type(%[[MEMORY_TYPE]]) usage(%[[USAGE]]) {
  // CHECK-NEXT: {{^      }}%[[SCOPE]]::%[[KEY0]][%[[OFFSET0]]] : !hal.buffer{%[[LENGTH0]]},
  // CHECK-NEXT: {{^      }}%[[SCOPE]]::%[[KEY1]][%[[OFFSET1]]] : !hal.buffer{%[[LENGTH1]]}
  // CHECK-NEXT: {{^    }}}
  %results:2 = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %scope::%key0[%offset0] : !hal.buffer{%length0},
    %scope::%key1[%offset1] : !hal.buffer{%length1}
  }
  // CHECK: util.return %[[RESULTS]]#0, %[[RESULTS]]#1 : !hal.buffer, !hal.buffer
  util.return %results#0, %results#1 : !hal.buffer, !hal.buffer
}

// -----

// A load without a scope.

// CHECK-LABEL: util.func public @parameter_load_no_scope
util.func public @parameter_load_no_scope(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index) -> !hal.buffer {
  %memory_type = hal.memory_type<HostVisible> : i32
  %buffer_usage = hal.buffer_usage<TransferSource> : i32
  //      CHECK: io_parameters.load<%{{.+}} : !hal.device> affinity(%{{.+}}) wait(%{{.+}}) signal(%{{.+}}) type(%{{.+}}) usage(%{{.+}}) {
  // CHECK-NEXT: {{^      }}%arg4[%arg5] : !hal.buffer{%arg6}
  // CHECK-NEXT: {{^    }}}
  %result = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %key[%offset] : !hal.buffer{%length}
  }
  util.return %result : !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @parameter_gather
util.func public @parameter_gather(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %key2: !util.buffer, %target: !hal.buffer) {
  %offset0 = arith.constant 50 : i64
  %offset1 = arith.constant 51 : i64
  %offset2 = arith.constant 52 : i64
  %target_offset0 = arith.constant 100 : index
  %target_offset1 = arith.constant 101 : index
  %target_offset2 = arith.constant 102 : index
  %length0 = arith.constant 200 : index
  %length1 = arith.constant 201 : index
  %length2 = arith.constant 202 : index
  //      CHECK: io_parameters.gather<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT: {{^      }}%arg4::%arg5[%c50_i64] -> %arg8[%c100 for %c200] : !hal.buffer,
  // CHECK-NEXT: {{^      }}%arg4::%arg6[%c51_i64] -> %arg8[%c101 for %c201] : !hal.buffer,
  // CHECK-NEXT: {{^      }}%arg4::%arg7[%c52_i64] -> %arg8[%c102 for %c202] : !hal.buffer
  // CHECK-NEXT: {{^    }}}
  io_parameters.gather<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %scope::%key0[%offset0] -> %target[%target_offset0 for %length0] : !hal.buffer,
    %scope::%key1[%offset1] -> %target[%target_offset1 for %length1] : !hal.buffer,
    %scope::%key2[%offset2] -> %target[%target_offset2 for %length2] : !hal.buffer
  }
  util.return
}

// -----

// CHECK-LABEL: util.func public @parameter_scatter
util.func public @parameter_scatter(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %source: !hal.buffer) {
  %source_offset0 = arith.constant 100 : index
  %source_offset1 = arith.constant 101 : index
  %length0 = arith.constant 200 : index
  %length1 = arith.constant 201 : index
  %offset0 = arith.constant 50 : i64
  %offset1 = arith.constant 51 : i64
  //      CHECK: io_parameters.scatter<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT: {{^      }}%arg7[%c100 for %c200] : !hal.buffer -> %arg4::%arg5[%c50_i64],
  // CHECK-NEXT: {{^      }}%arg7[%c101 for %c201] : !hal.buffer -> %arg4::%arg6[%c51_i64]
  // CHECK-NEXT: {{^    }}} attributes {test.note = "kept"}
  io_parameters.scatter<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %source[%source_offset0 for %length0] : !hal.buffer -> %scope::%key0[%offset0],
    %source[%source_offset1 for %length1] : !hal.buffer -> %scope::%key1[%offset1]
  } attributes {test.note = "kept"}
  util.return
}

// -----

// `::` is two colon tokens: whitespace between and around them is accepted,
// and the printer always writes `%scope::%key`.

// CHECK-LABEL: util.func public @scope_separator_whitespace
util.func public @scope_separator_whitespace(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) -> (!hal.buffer, !hal.buffer, !hal.buffer) {
  //      CHECK: io_parameters.load
  // CHECK-NEXT: %arg4::%arg5[%arg6] : !hal.buffer{%arg7},
  // CHECK-NEXT: %arg4::%arg5[%arg6] : !hal.buffer{%arg7},
  // CHECK-NEXT: %arg4::%arg5[%arg6] : !hal.buffer{%arg7}
  %r:3 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %scope : : %key[%offset] : !hal.buffer{%length},
    %scope: :%key[%offset] : !hal.buffer{%length},
    %scope::%key[%offset] : !hal.buffer{%length}
  }
  util.return %r#0, %r#1, %r#2 : !hal.buffer, !hal.buffer, !hal.buffer
}

// -----

// Rows may be spread or packed on lines at will; the printer normalizes.

// CHECK-LABEL: util.func public @packed_rows
util.func public @packed_rows(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %target: !hal.buffer, %toff: index) {
  //      CHECK: io_parameters.gather<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) {
  // CHECK-NEXT: {{^      }}%arg4[%arg5] -> %arg7[%arg8 for %arg6] : !hal.buffer,
  // CHECK-NEXT: {{^      }}%arg4[%arg5] -> %arg7[%arg8 for %arg6] : !hal.buffer
  // CHECK-NEXT: {{^    }}}
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) { %key[%offset] -> %target[%toff for %length] : !hal.buffer, %key[%offset] -> %target[%toff for %length] : !hal.buffer }
  util.return
}
