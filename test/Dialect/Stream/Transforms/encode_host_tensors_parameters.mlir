// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-host-tensors %s | FileCheck %s

// --iree-stream-encode-host-tensors on the tensor parameter ops
// (stream-passes-1.md §7.2): loads are sized from their (storage) type and
// awaited; writes cover the whole resource and are awaited.

// CHECK-LABEL: util.func public @parameterLoad
util.func public @parameterLoad(%scope: !util.buffer, %key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<constant> {
  // CHECK: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.parameter.load %arg0::%arg1[%arg2] : !stream.resource<constant>{%[[C64]]} => !stream.timepoint
  // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]] : !stream.resource<constant>{%[[C64]]}
  %0 = stream.tensor.parameter.load %scope::%key[%offset] : tensor<4x4xf32> in !stream.resource<constant>{%size}
  // CHECK: util.return %[[READY]]
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadNoScope
util.func public @parameterLoadNoScope(%key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<constant> {
  // CHECK: %[[C16:.+]] = arith.constant 16 : index
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.parameter.load %arg0[%arg1] : !stream.resource<constant>{%[[C16]]} => !stream.timepoint
  // CHECK: stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]] : !stream.resource<constant>{%[[C16]]}
  %0 = stream.tensor.parameter.load %key[%offset] : tensor<4xi32> in !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadAffinity
util.func public @parameterLoadAffinity(%key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<constant> {
  // CHECK: stream.async.parameter.load on(#hal.device.affinity<@dev>) %arg0[%arg1]
  %0 = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %key[%offset] : tensor<4xi32> in !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// The op's own size operand is ignored: the size is computed.
// CHECK-LABEL: util.func public @parameterLoadDynamic
util.func public @parameterLoadDynamic(%key: !util.buffer, %offset: i64, %dim: index, %size: index) -> !stream.resource<constant> {
  // CHECK: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg2, %[[C8]] : index
  // CHECK: stream.async.parameter.load %arg0[%arg1] : !stream.resource<constant>{%[[SIZE]]} => !stream.timepoint
  %0 = stream.tensor.parameter.load %key[%offset] : tensor<?x2xf32>{%dim} in !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadI4
util.func public @parameterLoadI4(%key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<constant> {
  // CHECK: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: stream.async.parameter.load %arg0[%arg1] : !stream.resource<constant>{%[[C8]]}
  %0 = stream.tensor.parameter.load %key[%offset] : tensor<16xi4> in !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadI1
util.func public @parameterLoadI1(%key: !util.buffer, %offset: i64, %size: index) -> (!stream.resource<constant>, !stream.resource<constant>) {
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: stream.async.parameter.load %arg0[%arg1] : !stream.resource<constant>{%[[C16]]}
  %0 = stream.tensor.parameter.load %key[%offset] : tensor<16xi1> in !stream.resource<constant>{%size}
  // CHECK: stream.async.parameter.load %arg0[%arg1] : !stream.resource<constant>{%[[C2]]}
  %1 = stream.tensor.parameter.load %key[%offset] : tensor<16xi1, #iree_encoding.packed_storage> in !stream.resource<constant>{%size}
  util.return %0, %1 : !stream.resource<constant>, !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @parameterWrite
util.func public @parameterWrite(%source: !stream.resource<*>, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<*> {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.parameter.write %arg0[%[[C0]] to %arg4 for %arg4] -> %arg1::%arg2[%arg3] : !stream.resource<*>{%arg4} => !stream.timepoint
  // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]] : !stream.resource<*>{%arg4}
  %0 = stream.tensor.parameter.write %source -> %scope::%key[%offset] : tensor<4x4xf32> in !stream.resource<*>{%size}
  // CHECK: util.return %[[READY]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @parameterWriteNoScope
util.func public @parameterWriteNoScope(%source: !stream.resource<*>, %key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<*> {
  // CHECK: stream.async.parameter.write on(#hal.device.affinity<@dev>) %arg0[%{{.+}} to %arg3 for %arg3] -> %arg1[%arg2] : !stream.resource<*>{%arg3} => !stream.timepoint
  %0 = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %source -> %key[%offset] : tensor<4xf32> in !stream.resource<*>{%size}
  util.return %0 : !stream.resource<*>
}

// -----

// A parameter constant keeps its value; packed sub-byte storage sizes it.
// CHECK-LABEL: util.func public @parameterConstants
util.func public @parameterConstants() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>) {
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C64]]} = #stream.parameter.named<"model"::"weight"> : tensor<4x4xf32>
  %0 = stream.tensor.constant : tensor<4x4xf32> in !stream.resource<constant> = #stream.parameter.named<"model"::"weight"> : tensor<4x4xf32>
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C8]]} = #stream.parameter.named<"model"::"q"> : tensor<16xi4>
  %1 = stream.tensor.constant : tensor<16xi4> in !stream.resource<constant> = #stream.parameter.named<"model"::"q"> : tensor<16xi4>
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C2]]} = #stream.parameter.named<"mask"> : tensor<16xi1>
  %2 = stream.tensor.constant : tensor<16xi1, #iree_encoding.packed_storage> in !stream.resource<constant> = #stream.parameter.named<"mask"> : tensor<16xi1>
  util.return %0, %1, %2 : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>
}
