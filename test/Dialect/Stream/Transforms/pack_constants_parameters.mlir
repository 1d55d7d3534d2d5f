// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-resource-memory-model=discrete --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s --check-prefix=DISCRETE
// REQUIRES: sluice-opt

// Unified memory: each constant parameter is loaded on its own (so it can be
// mapped), loads of one scope are batched.

// CHECK-LABEL: @parameterLoadScoped
// DISCRETE-LABEL: @parameterLoadScoped
util.func public @parameterLoadScoped() -> (!stream.resource<constant>, !stream.timepoint) {
  %c100 = arith.constant 100 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "key0"
  // CHECK: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  // CHECK: %[[LOAD:.+]], %[[LOAD_TIMEPOINT:.+]] = stream.cmd.parameter.load await(%[[IMMEDIATE]]) => {
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY]][%c0_i64] : !stream.resource<constant>{%c100}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: %[[RESULT:.+]] = stream.resource.subview %[[LOAD]][%c0] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%c100}
  // A single parameter loads the same way with the discrete model.
  // DISCRETE: stream.cmd.parameter.load
  %0:2 = stream.resource.constants :
    !stream.resource<constant>{%c100} = #stream.parameter.named<"scope"::"key0"> : tensor<25xi32>
    => !stream.timepoint
  // CHECK: util.return %[[RESULT]], %[[LOAD_TIMEPOINT]]
  util.return %0#0, %0#1 : !stream.resource<constant>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterLoadBatchSameScope
// DISCRETE-LABEL: @parameterLoadBatchSameScope
util.func public @parameterLoadBatchSameScope() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  // CHECK: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  // CHECK: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  // CHECK: %[[LOAD:.+]]:2, %[[LOAD_TIMEPOINT:.+]] = stream.cmd.parameter.load await(%[[IMMEDIATE]]) => {
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY0]][%c0_i64] : !stream.resource<constant>{%c100},
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY1]][%c16_i64] : !stream.resource<constant>{%c200}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: %[[RESULT0:.+]] = stream.resource.subview %[[LOAD]]#0[%c0] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%c100}
  // CHECK: %[[RESULT1:.+]] = stream.resource.subview %[[LOAD]]#1[%c0] : !stream.resource<constant>{%c200} -> !stream.resource<constant>{%c200}
  // Discrete memory packs the two parameters and gathers them.
  // DISCRETE: %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<constant>{%c384}
  // DISCRETE: stream.cmd.parameter.gather await(%{{.+}}) => {
  // DISCRETE-NEXT: %{{.+}}::%{{.+}}[%c0_i64] -> %[[ALLOC]][%c0 for %c100] : !stream.resource<constant>{%c384},
  // DISCRETE-NEXT: %{{.+}}::%{{.+}}[%c16_i64] -> %[[ALLOC]][%c128 for %c200] : !stream.resource<constant>{%c384}
  // DISCRETE-NEXT: } => !stream.timepoint
  // DISCRETE: stream.resource.subview %[[ALLOC]][%c0]
  // DISCRETE: stream.resource.subview %[[ALLOC]][%c128]
  %0:3 = stream.resource.constants :
    !stream.resource<constant>{%c100} = #stream.parameter.named<"scope"::"key0"> : tensor<25xi32>,
    !stream.resource<constant>{%c200} = #stream.parameter.named<"scope"::"key1", {offset = 16 : i64}> : tensor<50xi32>
    => !stream.timepoint
  // CHECK: util.return %[[RESULT0]], %[[RESULT1]], %[[LOAD_TIMEPOINT]]
  util.return %0#0, %0#1, %0#2 : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterLoadNoScope
util.func public @parameterLoadNoScope() -> (!stream.resource<constant>, !stream.timepoint) {
  %c100 = arith.constant 100 : index
  // CHECK: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "key0"
  // CHECK-NOT: util.buffer.constant
  // CHECK: stream.cmd.parameter.load await(%{{.+}}) => {
  // CHECK-NEXT: %[[KEY]][%c0_i64] : !stream.resource<constant>{%c100}
  // CHECK-NEXT: } => !stream.timepoint
  %0:2 = stream.resource.constants :
    !stream.resource<constant>{%c100} = #stream.parameter.named<"key0"> : tensor<25xi32>
    => !stream.timepoint
  util.return %0#0, %0#1 : !stream.resource<constant>, !stream.timepoint
}

// -----

// Variables are packed and gathered into one allocation.

// CHECK-LABEL: @parameterGatherVariables
util.func public @parameterGatherVariables() -> (!stream.resource<variable>, !stream.resource<variable>, !stream.timepoint) {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK: %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<variable>{%c384}
  // CHECK: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  // CHECK: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  // CHECK: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  // CHECK: %[[GATHER:.+]] = stream.cmd.parameter.gather await(%[[IMMEDIATE]]) => {
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY0]][%c0_i64] -> %[[ALLOC]][%c0 for %c100] : !stream.resource<variable>{%c384},
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY1]][%c0_i64] -> %[[ALLOC]][%c128 for %c200] : !stream.resource<variable>{%c384}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: %[[RESULT0:.+]] = stream.resource.subview %[[ALLOC]][%c0] : !stream.resource<variable>{%c384} -> !stream.resource<variable>{%c100}
  // CHECK: %[[RESULT1:.+]] = stream.resource.subview %[[ALLOC]][%c128] : !stream.resource<variable>{%c384} -> !stream.resource<variable>{%c200}
  %0:3 = stream.resource.constants :
    !stream.resource<variable>{%c100} = #stream.parameter.named<"scope"::"key0"> : tensor<25xi32>,
    !stream.resource<variable>{%c200} = #stream.parameter.named<"scope"::"key1"> : tensor<50xi32>
    => !stream.timepoint
  // CHECK: util.return %[[RESULT0]], %[[RESULT1]], %[[GATHER]]
  util.return %0#0, %0#1, %0#2 : !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint
}

// -----

// One gather per scope, joined.

// CHECK-LABEL: @parameterGatherMixedScopes
util.func public @parameterGatherMixedScopes() -> (!stream.resource<variable>, !stream.resource<variable>, !stream.timepoint) {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  // CHECK: %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<variable>{%c384}
  // CHECK: %[[SCOPE0:.+]] = util.buffer.constant : !util.buffer = "scope0"
  // CHECK: %[[GATHER0:.+]] = stream.cmd.parameter.gather await(%{{.+}}) => {
  // CHECK-NEXT: %[[SCOPE0]]::%{{.+}}[%c0_i64] -> %[[ALLOC]][%c0 for %c100] : !stream.resource<variable>{%c384}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: %[[SCOPE1:.+]] = util.buffer.constant : !util.buffer = "scope1"
  // CHECK: %[[GATHER1:.+]] = stream.cmd.parameter.gather await(%{{.+}}) => {
  // CHECK-NEXT: %[[SCOPE1]]::%{{.+}}[%c0_i64] -> %[[ALLOC]][%c128 for %c200] : !stream.resource<variable>{%c384}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[GATHER0]], %[[GATHER1]])
  %0:3 = stream.resource.constants :
    !stream.resource<variable>{%c100} = #stream.parameter.named<"scope0"::"key0"> : tensor<25xi32>,
    !stream.resource<variable>{%c200} = #stream.parameter.named<"scope1"::"key1"> : tensor<50xi32>
    => !stream.timepoint
  // CHECK: util.return %{{.+}}, %{{.+}}, %[[JOIN]]
  util.return %0#0, %0#1, %0#2 : !stream.resource<variable>, !stream.resource<variable>, !stream.timepoint
}

// -----

// Serialized and parameter values of one op: both uploads are joined.

// CHECK-LABEL: @mixedSerializedAndParameters
util.func public @mixedSerializedAndParameters() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  // CHECK: %[[IF:.+]]:2 = scf.if
  // CHECK: %[[LOAD:.+]], %[[LOAD_TIMEPOINT:.+]] = stream.cmd.parameter.load
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[IF]]#0, %[[LOAD_TIMEPOINT]])
  %0:3 = stream.resource.constants :
    !stream.resource<constant>{%c4} = dense<100> : tensor<1xi32>,
    !stream.resource<constant>{%c100} = #stream.parameter.named<"key0"> : tensor<25xi32>
    => !stream.timepoint
  // CHECK: util.return %{{.+}}, %{{.+}}, %[[JOIN]]
  util.return %0#0, %0#1, %0#2 : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}
