// REQUIRES: sluice-opt
// ParamsToVM inside --iree-vm-conversion (io-parameters.md §11): the seven
// reference cases of §11.6.

// RUN: sluice-opt --iree-vm-target-index-bits=64 --split-input-file --iree-vm-conversion --mlir-print-local-scope %s | FileCheck %s

// CHECK-LABEL: vm.module public @module
// CHECK: vm.import private @io_parameters.load(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_queue_affinity : i64, %target_memory_type : i32, %target_buffer_usage : i32, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer) -> !vm.list<!vm.ref<!hal.buffer>>
// CHECK: vm.import private @io_parameters.gather(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_buffer : !vm.ref<!hal.buffer>, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer)
// CHECK: vm.import private @io_parameters.scatter(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_buffer : !vm.ref<!hal.buffer>, %target_scope : !vm.buffer, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer)

// CHECK-LABEL: @parameterLoad
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>)
util.func public @parameterLoad(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence) -> (!hal.buffer, !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  // CHECK-DAG: %[[SCOPE:.+]] = vm.rodata.inline : !vm.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK-DAG: %[[MEMORY_TYPE:.+]] = vm.const.i32 48
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // CHECK-DAG: %[[BUFFER_USAGE:.+]] = vm.const.i32 527363
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // CHECK-DAG: %[[KEY_TABLE:.+]], %[[KEY_DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key0", "key1"]
  // CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 0, 100, 51, 0, 101]> : vector<6xi64>
  // CHECK: %[[BUFFERS:.+]] = vm.call @io_parameters.load(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %[[SCOPE]], %[[QUEUE_AFFINITY]], %[[MEMORY_TYPE]], %[[BUFFER_USAGE]], %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]]) : (!vm.ref<!hal.device>, i64, !vm.ref<!hal.fence>, !vm.ref<!hal.fence>, !vm.buffer, i64, i32, i32, !vm.buffer, !vm.buffer, !vm.buffer) -> !vm.list<!vm.ref<!hal.buffer>>
  %results:2 = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %scope::%key0[%c50_i64] : !hal.buffer{%c100},
    %scope::%key1[%c51_i64] : !hal.buffer{%c101}
  }
  // CHECK: %[[C0:.+]] = vm.const.i32 0
  // CHECK: %[[BUFFER0:.+]] = vm.list.get.ref %[[BUFFERS]], %[[C0]] : (!vm.list<!vm.ref<!hal.buffer>>, i32) -> !vm.ref<!hal.buffer>
  // CHECK: %[[C1:.+]] = vm.const.i32 1
  // CHECK: %[[BUFFER1:.+]] = vm.list.get.ref %[[BUFFERS]], %[[C1]] : (!vm.list<!vm.ref<!hal.buffer>>, i32) -> !vm.ref<!hal.buffer>
  // CHECK: vm.return %[[BUFFER0]], %[[BUFFER1]]
  util.return %results#0, %results#1 : !hal.buffer, !hal.buffer
}

// -----

// CHECK-LABEL: @parameterLoadNoScope
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>)
util.func public @parameterLoadNoScope(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence) -> !hal.buffer {
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // CHECK-DAG: %[[SCOPE:.+]] = vm.const.ref.zero : !vm.buffer
  // CHECK-DAG: %[[KEY_TABLE:.+]], %[[KEY_DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key"]
  // CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 0, 100]> : vector<3xi64>
  // CHECK: %[[BUFFERS:.+]] = vm.call @io_parameters.load(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %[[SCOPE]], %[[QUEUE_AFFINITY]], %{{.+}}, %{{.+}}, %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]])
  %result = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %key[%c50_i64] : !hal.buffer{%c100}
  }
  // CHECK: %[[C0:.+]] = vm.const.i32 0
  // CHECK: %[[BUFFER:.+]] = vm.list.get.ref %[[BUFFERS]], %[[C0]]
  // CHECK: vm.return %[[BUFFER]]
  util.return %result : !hal.buffer
}

// -----

// CHECK-LABEL: @parameterGather
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>, %[[TARGET_BUFFER:.+]]: !vm.ref<!hal.buffer>)
util.func public @parameterGather(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target_buffer: !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c52_i64 = arith.constant 52 : i64
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  %c102 = arith.constant 102 : index
  %c200 = arith.constant 200 : index
  %c201 = arith.constant 201 : index
  %c202 = arith.constant 202 : index
  // CHECK-DAG: %[[SCOPE:.+]] = vm.rodata.inline : !vm.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  %key2 = util.buffer.constant : !util.buffer = "key2"
  // CHECK-DAG: %[[KEY_TABLE:.+]], %[[KEY_DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key0", "key1", "key2"]
  // CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 100, 200, 51, 101, 201, 52, 102, 202]> : vector<9xi64>
  // CHECK: vm.call @io_parameters.gather(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %[[SCOPE]], %[[TARGET_BUFFER]], %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]]) : (!vm.ref<!hal.device>, i64, !vm.ref<!hal.fence>, !vm.ref<!hal.fence>, !vm.buffer, !vm.ref<!hal.buffer>, !vm.buffer, !vm.buffer, !vm.buffer) -> ()
  io_parameters.gather<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %scope::%key0[%c50_i64] -> %target_buffer[%c100 for %c200] : !hal.buffer,
    %scope::%key1[%c51_i64] -> %target_buffer[%c101 for %c201] : !hal.buffer,
    %scope::%key2[%c52_i64] -> %target_buffer[%c102 for %c202] : !hal.buffer
  }
  util.return
}

// -----

// CHECK-LABEL: @parameterScatter
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>, %[[SOURCE_BUFFER:.+]]: !vm.ref<!hal.buffer>)
util.func public @parameterScatter(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %source_buffer: !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c52_i64 = arith.constant 52 : i64
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  %c102 = arith.constant 102 : index
  %c200 = arith.constant 200 : index
  %c201 = arith.constant 201 : index
  %c202 = arith.constant 202 : index
  // CHECK-DAG: %[[SCOPE:.+]] = vm.rodata.inline : !vm.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  %key2 = util.buffer.constant : !util.buffer = "key2"
  // CHECK-DAG: %[[KEY_TABLE:.+]], %[[KEY_DATA:.+]] = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key0", "key1", "key2"]
  // CHECK-DAG: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 100, 200, 51, 101, 201, 52, 102, 202]> : vector<9xi64>
  // CHECK: vm.call @io_parameters.scatter(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %[[SOURCE_BUFFER]], %[[SCOPE]], %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]]) : (!vm.ref<!hal.device>, i64, !vm.ref<!hal.fence>, !vm.ref<!hal.fence>, !vm.ref<!hal.buffer>, !vm.buffer, !vm.buffer, !vm.buffer, !vm.buffer) -> ()
  io_parameters.scatter<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %source_buffer[%c100 for %c200] : !hal.buffer -> %scope::%key0[%c50_i64],
    %source_buffer[%c101 for %c201] : !hal.buffer -> %scope::%key1[%c51_i64],
    %source_buffer[%c102 for %c202] : !hal.buffer -> %scope::%key2[%c52_i64]
  }
  util.return
}

// -----

// A key only known at run time: the key data and table are built.
// CHECK-LABEL: @parameterLoadDynamicKey
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>, %[[KEY:.+]]: !vm.buffer)
util.func public @parameterLoadDynamicKey(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer) -> !hal.buffer {
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // CHECK: %[[KEY_LENGTH:.+]] = vm.buffer.length %[[KEY]] : !vm.buffer -> i64
  // CHECK: %[[ALIGNMENT:.+]] = vm.const.i32 4
  // CHECK: %[[KEY_DATA:.+]] = vm.buffer.alloc %[[KEY_LENGTH]], %[[ALIGNMENT]] : !vm.buffer
  // CHECK: %[[TABLE_SIZE:.+]] = vm.const.i64 8
  // CHECK: %[[KEY_TABLE:.+]] = vm.buffer.alloc %[[TABLE_SIZE]], %[[ALIGNMENT]] : !vm.buffer
  // CHECK: vm.buffer.copy %[[KEY]], %{{.+}}, %[[KEY_DATA]], %{{.+}}, %[[KEY_LENGTH]] : !vm.buffer -> !vm.buffer
  // CHECK: vm.buffer.store.i32 %{{.+}}, %[[KEY_TABLE]][%{{.+}}] : i32 -> !vm.buffer
  // CHECK: %[[KEY_LENGTH_I32:.+]] = vm.trunc.i64.i32 %[[KEY_LENGTH]] : i64 -> i32
  // CHECK: vm.buffer.store.i32 %[[KEY_LENGTH_I32]], %[[KEY_TABLE]][%{{.+}}] : i32 -> !vm.buffer
  // CHECK-NOT: vm.buffer.store.i32
  // CHECK: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 0, 100]> : vector<3xi64>
  // CHECK: vm.call @io_parameters.load(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %{{.+}}, %[[QUEUE_AFFINITY]], %{{.+}}, %{{.+}}, %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]])
  %result = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %key[%c50_i64] : !hal.buffer{%c100}
  }
  util.return %result : !hal.buffer
}

// -----

// CHECK-LABEL: @parameterGatherDynamicKeys
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>, %[[KEY0:[^:]+]]: !vm.buffer, %[[KEY1:[^:]+]]: !vm.buffer, %[[TARGET_BUFFER:.+]]: !vm.ref<!hal.buffer>)
util.func public @parameterGatherDynamicKeys(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %key0: !util.buffer, %key1: !util.buffer, %target_buffer: !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  %c200 = arith.constant 200 : index
  %c201 = arith.constant 201 : index
  // CHECK: %[[KEY0_LENGTH:.+]] = vm.buffer.length %[[KEY0]] : !vm.buffer -> i64
  // CHECK: %[[KEY1_LENGTH:.+]] = vm.buffer.length %[[KEY1]] : !vm.buffer -> i64
  // CHECK: %[[TOTAL:.+]] = vm.add.i64 %[[KEY0_LENGTH]], %[[KEY1_LENGTH]] : i64
  // CHECK: %[[KEY_DATA:.+]] = vm.buffer.alloc %[[TOTAL]], %{{.+}} : !vm.buffer
  // CHECK: %[[TABLE_SIZE:.+]] = vm.const.i64 16
  // CHECK: %[[KEY_TABLE:.+]] = vm.buffer.alloc %[[TABLE_SIZE]], %{{.+}} : !vm.buffer
  // CHECK: vm.buffer.copy %[[KEY0]], %{{.+}}, %[[KEY_DATA]], %{{.+}}, %[[KEY0_LENGTH]]
  // CHECK: vm.buffer.store.i32 %{{.+}}, %[[KEY_TABLE]]
  // CHECK: vm.buffer.store.i32 %{{.+}}, %[[KEY_TABLE]]
  // CHECK: vm.buffer.copy %[[KEY1]], %{{.+}}, %[[KEY_DATA]], %[[KEY0_LENGTH]], %[[KEY1_LENGTH]]
  // CHECK: vm.buffer.store.i32 %{{.+}}, %[[KEY_TABLE]]
  // CHECK: vm.buffer.store.i32 %{{.+}}, %[[KEY_TABLE]]
  // CHECK: %[[SPANS:.+]] = vm.rodata.inline : !vm.buffer = dense<[50, 100, 200, 51, 101, 201]> : vector<6xi64>
  // CHECK: vm.call @io_parameters.gather(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %{{.+}}, %[[TARGET_BUFFER]], %[[KEY_TABLE]], %[[KEY_DATA]], %[[SPANS]])
  io_parameters.gather<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) {
    %key0[%c50_i64] -> %target_buffer[%c100 for %c200] : !hal.buffer,
    %key1[%c51_i64] -> %target_buffer[%c101 for %c201] : !hal.buffer
  }
  util.return
}

// -----

// One constant and one dynamic key: the dynamic path for both; the constant
// key's rodata is measured too.
// CHECK-LABEL: @parameterLoadMixedKeys
// CHECK-SAME: (%[[DEVICE:.+]]: !vm.ref<!hal.device>, %[[QUEUE_AFFINITY:.+]]: i64, %[[WAIT:.+]]: !vm.ref<!hal.fence>, %[[SIGNAL:.+]]: !vm.ref<!hal.fence>, %[[DYNAMIC_KEY:.+]]: !vm.buffer)
util.func public @parameterLoadMixedKeys(%device: !hal.device, %queue_affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %dynamic_key: !util.buffer) -> (!hal.buffer, !hal.buffer) {
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  // CHECK: %[[CONSTANT_KEY:.+]] = vm.rodata.inline : !vm.buffer = "constant_key"
  %constant_key = util.buffer.constant : !util.buffer = "constant_key"
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // CHECK-NOT: vm.rodata.table.inline
  // CHECK: %[[CONSTANT_KEY_LENGTH:.+]] = vm.buffer.length %[[CONSTANT_KEY]] : !vm.buffer -> i64
  // CHECK: %[[DYNAMIC_KEY_LENGTH:.+]] = vm.buffer.length %[[DYNAMIC_KEY]] : !vm.buffer -> i64
  // CHECK: %[[TOTAL:.+]] = vm.add.i64 %[[CONSTANT_KEY_LENGTH]], %[[DYNAMIC_KEY_LENGTH]] : i64
  // CHECK: %[[KEY_DATA:.+]] = vm.buffer.alloc %[[TOTAL]]
  // CHECK: %[[KEY_TABLE:.+]] = vm.buffer.alloc
  // CHECK: vm.buffer.copy %[[CONSTANT_KEY]], %{{.+}}, %[[KEY_DATA]]
  // CHECK: vm.buffer.copy %[[DYNAMIC_KEY]], %{{.+}}, %[[KEY_DATA]]
  // CHECK: vm.call @io_parameters.load(%[[DEVICE]], %[[QUEUE_AFFINITY]], %[[WAIT]], %[[SIGNAL]], %{{.+}}, %[[QUEUE_AFFINITY]], %{{.+}}, %{{.+}}, %[[KEY_TABLE]], %[[KEY_DATA]], %{{.+}})
  %results:2 = io_parameters.load<%device : !hal.device> affinity(%queue_affinity) wait(%wait) signal(%signal) type(%memory_type) usage(%buffer_usage) {
    %constant_key[%c50_i64] : !hal.buffer{%c100},
    %dynamic_key[%c51_i64] : !hal.buffer{%c101}
  }
  util.return %results#0, %results#1 : !hal.buffer, !hal.buffer
}
