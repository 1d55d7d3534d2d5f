// REQUIRES: sluice-opt
// ParamsToVM beyond the reference tests (io-parameters.md §11.5, §13 rows
// 1-3, §5.2): dynamic spans stored at element index 3*row+field into an
// 8-aligned clone taken at an i64 offset, narrow index values zero-extended
// with index-bits 32, legacy literal-form ops, zero rows.

// RUN: sluice-opt --split-input-file --iree-vm-conversion %s | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-vm-conversion{index-bits=32})" %s | FileCheck %s --check-prefix=BITS32

// Two rows with dynamic lengths: stores at element 2 (row 0 length) and 5
// (row 1 length), nothing else patched.
// CHECK-LABEL: @loadDynamicLengths
// CHECK-SAME: (%{{.+}}: !vm.ref<!hal.device>, %{{.+}}: i64, %{{.+}}: !vm.ref<!hal.fence>, %{{.+}}: !vm.ref<!hal.fence>, %[[LEN0:[^:]+]]: i64, %[[LEN1:[^:]+]]: i64)
// BITS32-LABEL: @loadDynamicLengths
// BITS32-SAME: (%{{.+}}: !vm.ref<!hal.device>, %{{.+}}: i64, %{{.+}}: !vm.ref<!hal.fence>, %{{.+}}: !vm.ref<!hal.fence>, %[[LEN0:[^:]+]]: i32, %[[LEN1:[^:]+]]: i32)
util.func public @loadDynamicLengths(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %len0: index, %len1: index) -> (!hal.buffer, !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<Transfer> : i32
  // CHECK: %[[RODATA:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 0, 0, 51, 0, 0]> : vector<6xi64>
  // CHECK-DAG: %[[ZERO:.+]] = vm.const.i64.zero
  // CHECK-DAG: %[[SIZE:.+]] = vm.const.i64 48
  // CHECK-DAG: %[[ALIGN:.+]] = vm.const.i32 8
  // CHECK: %[[SPANS:.+]] = vm.buffer.clone %[[RODATA]], %[[ZERO]], %[[SIZE]], %[[ALIGN]] : !vm.buffer -> !vm.buffer
  // CHECK: %[[E2:.+]] = vm.const.i64 2
  // CHECK: vm.buffer.store.i64 %[[LEN0]], %[[SPANS]][%[[E2]]] : i64 -> !vm.buffer
  // CHECK: %[[E5:.+]] = vm.const.i64 5
  // CHECK: vm.buffer.store.i64 %[[LEN1]], %[[SPANS]][%[[E5]]] : i64 -> !vm.buffer
  // CHECK-NOT: vm.buffer.store.i64
  // CHECK: vm.call @io_parameters.load({{.+}}, %[[SPANS]])
  // BITS32: %[[SPANS:.+]] = vm.buffer.clone
  // BITS32: %[[LEN0_64:.+]] = vm.ext.i32.i64.u %[[LEN0]] : i32 -> i64
  // BITS32: vm.buffer.store.i64 %[[LEN0_64]], %[[SPANS]][%{{.+}}] : i64 -> !vm.buffer
  // BITS32: %[[LEN1_64:.+]] = vm.ext.i32.i64.u %[[LEN1]] : i32 -> i64
  // BITS32: vm.buffer.store.i64 %[[LEN1_64]], %[[SPANS]][%{{.+}}] : i64 -> !vm.buffer
  %results:2 = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %key0[%c50_i64] : !hal.buffer{%len0},
    %key1[%c51_i64] : !hal.buffer{%len1}
  }
  util.return %results#0, %results#1 : !hal.buffer, !hal.buffer
}

// -----

// Gather fields are (parameter offset, target offset, target length): a
// dynamic parameter offset in row 0 is element 0, a dynamic target offset
// and length in row 1 are elements 4 and 5. The i64 parameter offset is never
// extended; index values are with 32-bit indices.
// CHECK-LABEL: @gatherDynamicFields
// CHECK-SAME: %[[OFFSET:[^:]+]]: i64, %[[TOFF:[^:]+]]: i64, %[[TLEN:[^:]+]]: i64)
// BITS32-LABEL: @gatherDynamicFields
// BITS32-SAME: %[[OFFSET:[^:]+]]: i64, %[[TOFF:[^:]+]]: i32, %[[TLEN:[^:]+]]: i32)
util.func public @gatherDynamicFields(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer, %offset: i64, %toff: index, %tlen: index) {
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK: %[[RODATA:.+]] = vm.rodata.inline : !vm.buffer = dense<[0, 100, 200, 51, 0, 0]> : vector<6xi64>
  // CHECK: %[[SPANS:.+]] = vm.buffer.clone %[[RODATA]]
  // CHECK: vm.buffer.store.i64 %[[OFFSET]], %[[SPANS]][%[[ZERO:.+]]] : i64 -> !vm.buffer
  // CHECK: %[[E4:.+]] = vm.const.i64 4
  // CHECK: vm.buffer.store.i64 %[[TOFF]], %[[SPANS]][%[[E4]]] : i64 -> !vm.buffer
  // CHECK: %[[E5:.+]] = vm.const.i64 5
  // CHECK: vm.buffer.store.i64 %[[TLEN]], %[[SPANS]][%[[E5]]] : i64 -> !vm.buffer
  // CHECK: vm.call @io_parameters.gather({{.+}}, %[[SPANS]])
  // BITS32: vm.buffer.store.i64 %[[OFFSET]], %[[SPANS:.+]][%{{.+}}] : i64 -> !vm.buffer
  // BITS32: %[[TOFF_64:.+]] = vm.ext.i32.i64.u %[[TOFF]] : i32 -> i64
  // BITS32: vm.buffer.store.i64 %[[TOFF_64]], %[[SPANS]]
  // BITS32: %[[TLEN_64:.+]] = vm.ext.i32.i64.u %[[TLEN]] : i32 -> i64
  // BITS32: vm.buffer.store.i64 %[[TLEN_64]], %[[SPANS]]
  io_parameters.gather<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %key0[%offset] -> %target[%c100 for %c200] : !hal.buffer,
    %key1[%c51_i64] -> %target[%toff for %tlen] : !hal.buffer
  }
  util.return
}

// -----

// Scatter fields are (parameter = target offset, buffer = source offset,
// length = source length): a dynamic source offset in row 1 is element 4.
// CHECK-LABEL: @scatterDynamicSourceOffset
// CHECK: %[[RODATA:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 100, 200, 51, 0, 201]> : vector<6xi64>
// CHECK: %[[SPANS:.+]] = vm.buffer.clone %[[RODATA]]
// CHECK: %[[E4:.+]] = vm.const.i64 4
// CHECK: vm.buffer.store.i64 %arg5, %[[SPANS]][%[[E4]]] : i64 -> !vm.buffer
// CHECK-NOT: vm.buffer.store.i64
// CHECK: vm.call @io_parameters.scatter(
util.func public @scatterDynamicSourceOffset(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %source: !hal.buffer, %soff: index) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c201 = arith.constant 201 : index
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  io_parameters.scatter<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %source[%c100 for %c200] : !hal.buffer -> %key0[%c50_i64],
    %source[%soff for %c201] : !hal.buffer -> %key1[%c51_i64]
  }
  util.return
}

// -----

// Legacy string-literal rows lower like constant keys: the scope literal is a
// rodata, the keys a rodata table (escaped strings stay escaped).
// CHECK-LABEL: @literalLoad
// CHECK-DAG: %[[SCOPE:.+]] = vm.rodata.inline : !vm.buffer = "scope"
// CHECK-DAG: %[[TABLE:.+]], %[[DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["w0", "w\221\\"]
// CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[8, 0, 16, 24, 0, 32]> : vector<6xi64>
// CHECK: vm.call @io_parameters.load(%arg0, %arg1, %arg2, %arg3, %[[SCOPE]], %arg1, %{{.+}}, %{{.+}}, %[[TABLE]], %[[DATA]], %[[SPANS]])
util.func public @literalLoad(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence) -> (!hal.buffer, !hal.buffer) {
  %c8_i64 = arith.constant 8 : i64
  %c24_i64 = arith.constant 24 : i64
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %memory_type = hal.memory_type<DeviceVisible> : i32
  %buffer_usage = hal.buffer_usage<Transfer> : i32
  %results:2 = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    "scope"::"w0"[%c8_i64] : !hal.buffer{%c16},
    "scope"::"w\"1\\"[%c24_i64] : !hal.buffer{%c32}
  }
  util.return %results#0, %results#1 : !hal.buffer, !hal.buffer
}

// -----

// CHECK-LABEL: @literalGatherNoScope
// CHECK-DAG: %[[NULL:.+]] = vm.const.ref.zero : !vm.buffer
// CHECK-DAG: %[[TABLE:.+]], %[[DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key"]
// CHECK: vm.call @io_parameters.gather(%arg0, %arg1, %arg2, %arg3, %[[NULL]], %arg4, %[[TABLE]], %[[DATA]], %{{.+}})
util.func public @literalGatherNoScope(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  io_parameters.gather<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    "key"[%c0_i64] -> %target[%c0 for %c4] : !hal.buffer
  }
  util.return
}

// -----

// CHECK-LABEL: @literalScatter
// CHECK-DAG: %[[SCOPE:.+]] = vm.rodata.inline : !vm.buffer = "out"
// CHECK-DAG: %[[TABLE:.+]], %[[DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["a", "b"]
// CHECK: vm.call @io_parameters.scatter(%arg0, %arg1, %arg2, %arg3, %arg4, %[[SCOPE]], %[[TABLE]], %[[DATA]], %{{.+}})
util.func public @literalScatter(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %source: !hal.buffer) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  io_parameters.scatter<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %source[%c0 for %c4] : !hal.buffer -> "out"::"a"[%c0_i64],
    %source[%c4 for %c4] : !hal.buffer -> "out"::"b"[%c0_i64]
  }
  util.return
}

// -----

// Zero rows: empty key table and spans, still a call (it waits and signals).
// CHECK-LABEL: @zeroRows
// CHECK-DAG: %[[TABLE:.+]], %[[DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = []
// CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<> : tensor<0xi64>
// CHECK: %[[LIST:.+]] = vm.call @io_parameters.load({{.+}}, %[[TABLE]], %[[DATA]], %[[SPANS]])
// CHECK-NOT: vm.list.get.ref
// CHECK: vm.return
util.func public @zeroRows(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence) {
  %memory_type = hal.memory_type<DeviceVisible> : i32
  %buffer_usage = hal.buffer_usage<Transfer> : i32
  io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
  }
  util.return
}
