// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-conversion)' %s | FileCheck %s

// FlowToStream, flow.tensor.* ops (stream-passes-1.md §3.4). Tensors become
// (!stream.resource<*>, index) pairs; without placements every stream op is
// created without `on(...)` and no transfer is needed.

// A constant is created as a constant resource and transferred to `*`.
// CHECK-LABEL: util.func public @tensorConstantStatic() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<4x2xi32> in !stream.resource<constant> = dense<2> : tensor<4x2xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorConstantStatic() -> tensor<4x2xi32> {
  %cst = flow.tensor.constant dense<2> : tensor<4x2xi32>
  util.return %cst : tensor<4x2xi32>
}

// -----

// #flow.parameter.named becomes #stream.parameter.named (scope, key, config).
// CHECK-LABEL: util.func public @tensorConstantParameter() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<4x2xi32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key", {some.config = "hello"}> : tensor<4x2xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorConstantParameter() -> tensor<4x2xi32> {
  %cst = flow.tensor.constant #flow.parameter.named<"scope"::"key", {some.config = "hello"}> : tensor<4x2xi32>
  util.return %cst : tensor<4x2xi32>
}

// -----

// Each dynamic dim is the static size behind an optimization barrier.
// CHECK-LABEL: util.func public @tensorConstantDynamic() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V2:.+]] = util.optimization_barrier %[[V1]] : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V4:.+]] = util.optimization_barrier %[[V3]] : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.constant : tensor<?x5x?xi32>{%[[V2]], %[[V4]]} in !stream.resource<constant> = dense<2> : tensor<2x5x4xi32>
// CHECK-NEXT: %[[V6:.+]] = stream.resource.size %[[V5]] : !stream.resource<constant>
// CHECK-NEXT: %[[V7:.+]] = stream.async.transfer %[[V5]] : !stream.resource<constant>{%[[V6]]} -> !stream.resource<*>{%[[V6]]}
// CHECK-NEXT: util.return %[[V7]], %[[V6]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorConstantDynamic() -> tensor<?x5x?xi32> {
  %cst = flow.tensor.dynamic_constant dense<2> : tensor<2x5x4xi32> -> tensor<?x5x?xi32>
  util.return %cst : tensor<?x5x?xi32>
}

// -----

// Reshapes and bitcasts become clones sized by their result type.
// CHECK-LABEL: util.func public @tensorReshapePassThrough(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<30x2x96xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<30x2x96xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorReshapePassThrough(%input: tensor<5x24x48xf32>) -> tensor<30x2x96xf32> {
  %0 = flow.tensor.reshape %input : tensor<5x24x48xf32> -> tensor<30x2x96xf32>
  util.return %0 : tensor<30x2x96xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorReshapeWithSingleUse(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<30x2x96xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<30x2x96xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.clone %[[V2]] : tensor<30x2x96xf32> in !stream.resource<*>{%[[V1]]} -> tensor<30x2x96xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V3]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorReshapeWithSingleUse(%input: tensor<5x24x48xf32>) -> tensor<30x2x96xf32> {
  %0 = flow.tensor.reshape %input : tensor<5x24x48xf32> -> tensor<30x2x96xf32>
  %1 = flow.tensor.clone %0 : tensor<30x2x96xf32>
  util.return %1 : tensor<30x2x96xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorReshapeWithMultipleUses(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index, !stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.clone %arg0 : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<5x24x48xf32> in !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<60x2x48xf32> : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.clone %[[V1]] : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<60x2x48xf32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.clone %[[V3]] : tensor<60x2x48xf32> in !stream.resource<*>{%[[V2]]} -> tensor<60x2x48xf32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.sizeof tensor<30x2x96xf32> : index
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.clone %[[V1]] : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<30x2x96xf32> in !stream.resource<*>{%[[V5]]}
// CHECK-NEXT: util.return %[[V4]], %[[V2]], %[[V6]], %[[V5]] : !stream.resource<*>, index, !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorReshapeWithMultipleUses(%input: tensor<5x24x48xf32>) -> (tensor<60x2x48xf32>, tensor<30x2x96xf32>) {
  %1 = flow.tensor.clone %input : tensor<5x24x48xf32>
  %2 = flow.tensor.reshape %1 : tensor<5x24x48xf32> -> tensor<60x2x48xf32>
  %3 = flow.tensor.clone %2 : tensor<60x2x48xf32>
  %4 = flow.tensor.reshape %1 : tensor<5x24x48xf32> -> tensor<30x2x96xf32>
  util.return %3, %4 : tensor<60x2x48xf32>, tensor<30x2x96xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorBitCastWithSingleUse(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<30x2x192xi4> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<5x24x48xi8> in !stream.resource<*>{%arg1} -> tensor<30x2x192xi4> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.clone %[[V2]] : tensor<30x2x192xi4> in !stream.resource<*>{%[[V1]]} -> tensor<30x2x192xi4> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V3]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBitCastWithSingleUse(%input: tensor<5x24x48xi8>) -> tensor<30x2x192xi4> {
  %0 = flow.tensor.bitcast %input : tensor<5x24x48xi8> -> tensor<30x2x192xi4>
  %1 = flow.tensor.clone %0 : tensor<30x2x192xi4>
  util.return %1 : tensor<30x2x192xi4>
}

// -----

// Bitcasts to and from packed sub-byte storage are clones between the two
// encodings.
// CHECK-LABEL: util.func public @tensorBitCastToPackedStorage(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<8xi4, #iree_encoding.packed_storage> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<4xi8> in !stream.resource<*>{%arg1} -> tensor<8xi4, #iree_encoding.packed_storage> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBitCastToPackedStorage(%input: tensor<4xi8>) -> tensor<8xi4, #iree_encoding.packed_storage> {
  %0 = flow.tensor.bitcast %input : tensor<4xi8> -> tensor<8xi4, #iree_encoding.packed_storage>
  util.return %0 : tensor<8xi4, #iree_encoding.packed_storage>
}

// -----

// CHECK-LABEL: util.func public @tensorBitCastFromPackedStorage(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<4xi8> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<8xi4, #iree_encoding.packed_storage> in !stream.resource<*>{%arg1} -> tensor<4xi8> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBitCastFromPackedStorage(%input: tensor<8xi4, #iree_encoding.packed_storage>) -> tensor<4xi8> {
  %0 = flow.tensor.bitcast %input : tensor<8xi4, #iree_encoding.packed_storage> -> tensor<4xi8>
  util.return %0 : tensor<4xi8>
}

// -----

// CHECK-LABEL: util.func public @tensorBitCastDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x8xi16>{%arg3} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.clone %arg0 : tensor<?x4xi32>{%arg2} in !stream.resource<*>{%arg1} -> tensor<?x8xi16>{%arg3} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBitCastDynamic(%input: tensor<?x4xi32>, %d0: index, %d1: index) -> tensor<?x8xi16> {
  %0 = flow.tensor.bitcast %input : tensor<?x4xi32>{%d0} -> tensor<?x8xi16>{%d1}
  util.return %0 : tensor<?x8xi16>
}

// -----

// Encodings are plain attributes here (the encoding dialect is not part of
// this subset); an encode between identical types would fold away.
// CHECK-LABEL: util.func public @tensorEncodeStatic(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<5x24x48xf32, "encoding"> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.encode %arg0 : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<5x24x48xf32, "encoding"> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEncodeStatic(%input: tensor<5x24x48xf32>) -> tensor<5x24x48xf32, "encoding"> {
  %0 = flow.tensor.encode %input : tensor<5x24x48xf32> -> tensor<5x24x48xf32, "encoding">
  util.return %0 : tensor<5x24x48xf32, "encoding">
}

// -----

// The result size is computed from the operand's dims (reproduced reference
// behaviour).
// CHECK-LABEL: util.func public @tensorEncodePartialDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x24x48xf32, "encoding">{%arg2} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.encode %arg0 : tensor<?x24x48xf32>{%arg2} in !stream.resource<*>{%arg1} -> tensor<?x24x48xf32, "encoding">{%arg2} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEncodePartialDynamic(%input: tensor<?x24x48xf32>, %d0: index) -> tensor<?x24x48xf32, "encoding"> {
  %0 = flow.tensor.encode %input : tensor<?x24x48xf32>{%d0} -> tensor<?x24x48xf32, "encoding">{%d0}
  util.return %0 : tensor<?x24x48xf32, "encoding">
}

// -----

// CHECK-LABEL: util.func public @tensorEncodeFullyDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x?x?xf32, "encoding">{%arg2, %arg3, %arg4} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.encode %arg0 : tensor<?x?x?xf32>{%arg2, %arg3, %arg4} in !stream.resource<*>{%arg1} -> tensor<?x?x?xf32, "encoding">{%arg2, %arg3, %arg4} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEncodeFullyDynamic(%input: tensor<?x?x?xf32>, %d0: index, %d1: index, %d2: index) -> tensor<?x?x?xf32, "encoding"> {
  %0 = flow.tensor.encode %input : tensor<?x?x?xf32>{%d0, %d1, %d2} -> tensor<?x?x?xf32, "encoding">{%d0, %d1, %d2}
  util.return %0 : tensor<?x?x?xf32, "encoding">
}

// -----

// Encoding change with different operand and result dims: the sizeof still
// takes the operand dims (reference bug kept), the encode keeps both.
// CHECK-LABEL: util.func public @tensorEncodeChange(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x24xf32, "b">{%arg2} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.encode %arg0 : tensor<?x24xf32, "a">{%arg2} in !stream.resource<*>{%arg1} -> tensor<?x24xf32, "b">{%arg3} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEncodeChange(%input: tensor<?x24xf32, "a">, %d0: index, %d1: index) -> tensor<?x24xf32, "b"> {
  %0 = flow.tensor.encode %input : tensor<?x24xf32, "a">{%d0} -> tensor<?x24xf32, "b">{%d1}
  util.return %0 : tensor<?x24xf32, "b">
}

// -----

// When the dim counts differ the reference would build an invalid sizeof;
// Sluice sizes the result from its own dims.
// CHECK-LABEL: util.func public @tensorEncodeRankChange(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x?xf32, "b">{%arg3, %arg4} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.encode %arg0 : tensor<?x24xf32>{%arg2} in !stream.resource<*>{%arg1} -> tensor<?x?xf32, "b">{%arg3, %arg4} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEncodeRankChange(%input: tensor<?x24xf32>, %d0: index, %d1: index, %d2: index) -> tensor<?x?xf32, "b"> {
  %0 = flow.tensor.encode %input : tensor<?x24xf32>{%d0} -> tensor<?x?xf32, "b">{%d1, %d2}
  util.return %0 : tensor<?x?xf32, "b">
}

// -----

// Producers: sizeof first, then the op on the result encoding.
// CHECK-LABEL: util.func public @tensorAlloca(%arg0: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x0xf32>{%arg0} : index
// CHECK-NEXT: %[[V2:.+]] = stream.async.alloca : !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorAlloca(%arg0: index) -> tensor<?x0xf32> {
  %0 = flow.tensor.alloca : tensor<?x0xf32>{%arg0}
  util.return %0 : tensor<?x0xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorEmpty(%arg0: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x0xf32>{%arg0} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<?x0xf32>{%arg0} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorEmpty(%arg0: index) -> tensor<?x0xf32> {
  %0 = flow.tensor.empty : tensor<?x0xf32>{%arg0}
  util.return %0 : tensor<?x0xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorSplat(%arg0: i8, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<?x128xi8>{%arg1} : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.splat %arg0 : i8 -> tensor<?x128xi8>{%arg1} in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorSplat(%value: i8, %dim0: index) -> tensor<?x128xi8> {
  %0 = flow.tensor.splat %value : tensor<?x128xi8>{%dim0}
  util.return %0 : tensor<?x128xi8>
}

// -----

// A barrier pins the value; consumers run on its affinity and the barrier
// result is never transferred.
// CHECK-LABEL: util.func public @tensorBarrierDispatch(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.async.barrier on(#hal.device.affinity<@device_a>) %arg0 : !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x128xi8>{%arg2} : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%[[V1]]) : (tensor<?x128xi8>{%arg2} in !stream.resource<*>{%arg1}) -> tensor<?x128xi8>{%arg2} in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBarrierDispatch(%input: tensor<?x128xi8>, %dim0: index) -> tensor<?x128xi8> {
  %barrier = flow.tensor.barrier %input : tensor<?x128xi8>{%dim0} on #hal.device.affinity<@device_a>
  %0 = flow.dispatch @ex::@entry(%barrier) : (tensor<?x128xi8>{%dim0}) -> tensor<?x128xi8>{%dim0}
  util.return %0 : tensor<?x128xi8>
}

// -----

// The source affinity of a public argument is unknown: only `to` is printed.
// CHECK-LABEL: util.func public @tensorTransfer(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V1]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorTransfer(%input: tensor<?x128xi8>, %dim0: index) -> tensor<?x128xi8> {
  %0 = flow.tensor.transfer %input : tensor<?x128xi8>{%dim0} to #hal.device.affinity<@device_a>
  util.return %0 : tensor<?x128xi8>
}

// -----

// CHECK-LABEL: util.func public @tensorSlice(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V4:.+]] = arith.constant 24 : index
// CHECK-NEXT: %[[V5:.+]] = arith.constant 48 : index
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.sizeof tensor<3x24x48xf32> : index
// CHECK-NEXT: %[[V7:.+]] = stream.tensor.slice %arg0[%[[V2]], %[[V1]], %[[V1]] for %[[V3]], %[[V4]], %[[V5]]] : tensor<5x24x48xf32> in !stream.resource<*>{%arg1} -> tensor<3x24x48xf32> in !stream.resource<*>{%[[V6]]}
// CHECK-NEXT: util.return %[[V7]], %[[V6]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorSlice(%input: tensor<5x24x48xf32>) -> tensor<3x24x48xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c24 = arith.constant 24 : index
  %c48 = arith.constant 48 : index
  %0 = flow.tensor.slice %input[%c1, %c0, %c0 for %c3, %c24, %c48] : tensor<5x24x48xf32> -> tensor<3x24x48xf32>
  util.return %0 : tensor<3x24x48xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorUpdate(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.update %arg0, %arg2[%[[V1]], %[[V2]], %[[V2]]] : tensor<1x1x10xf32> in !stream.resource<*>{%arg1} -> tensor<5x1x10xf32> in %arg2 as !stream.resource<*>{%arg3}
// CHECK-NEXT: util.return %[[V3]], %arg3 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorUpdate(%update: tensor<1x1x10xf32>, %target: tensor<5x1x10xf32>) -> tensor<5x1x10xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %0 = flow.tensor.update %update, %target[%c1, %c0, %c0] : tensor<1x1x10xf32> -> %target as tensor<5x1x10xf32>
  util.return %0 : tensor<5x1x10xf32>
}

// -----

// A non-scalar load reads a 1x1 slice through a staging transfer at zeros;
// the index constants are reused.
// CHECK-LABEL: util.func public @tensorLoad(%arg0: !stream.resource<*>, %arg1: index) -> i32 {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.sizeof tensor<1x1xi32> : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.slice %arg0[%[[V1]], %[[V2]] for %[[V2]], %[[V2]]] : tensor<2x3xi32> in !stream.resource<*>{%arg1} -> tensor<1x1xi32> in !stream.resource<*>{%[[V3]]}
// CHECK-NEXT: %[[V5:.+]] = stream.async.transfer %[[V4]] : !stream.resource<*>{%[[V3]]} -> !stream.resource<staging>{%[[V3]]}
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.load %[[V5]][%[[V1]], %[[V1]]] : tensor<1x1xi32> in !stream.resource<staging>{%[[V3]]} -> i32
// CHECK-NEXT: util.return %[[V6]] : i32
// CHECK-NEXT: }
util.func public @tensorLoad(%source: tensor<2x3xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = flow.tensor.load %source[%c0, %c1] : tensor<2x3xi32>
  util.return %0 : i32
}

// -----

// A scalar tensor is staged whole.
// CHECK-LABEL: util.func public @tensorLoadScalar(%arg0: !stream.resource<*>, %arg1: index) -> i32 {
// CHECK-NEXT: %[[V1:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<staging>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.load %[[V1]] : tensor<i32> in !stream.resource<staging>{%arg1} -> i32
// CHECK-NEXT: util.return %[[V2]] : i32
// CHECK-NEXT: }
util.func public @tensorLoadScalar(%source: tensor<i32>) -> i32 {
  %0 = flow.tensor.load %source : tensor<i32>
  util.return %0 : i32
}

// -----

// A store is a fill of a 1x1 region.
// CHECK-LABEL: util.func public @tensorStore(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 9 : i32
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.fill %[[V3]], %arg0[%[[V1]], %[[V2]] for %[[V2]], %[[V2]]] : i32 -> tensor<2x3xi32> in %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V4]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorStore(%target: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : i32
  %0 = flow.tensor.store %c9, %target[%c0, %c1] : tensor<2x3xi32>
  util.return %0 : tensor<2x3xi32>
}

// -----

// Rank 0: no range, and the requested `1` stays unused (reference).
// CHECK-LABEL: util.func public @tensorStoreScalar(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 9 : i32
// CHECK-NEXT: %[[V2:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.fill %[[V1]], %arg0 : i32 -> tensor<i32> in %arg0 as !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V3]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorStoreScalar(%target: tensor<i32>) -> tensor<i32> {
  %value = arith.constant 9 : i32
  %0 = flow.tensor.store %value, %target : tensor<i32>
  util.return %0 : tensor<i32>
}

// -----

// Each traced value is transferred to staging; encodings are the tensor types.
// CHECK-LABEL: util.func public @tensorTrace(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index, %arg4: index, %arg5: index) {
// CHECK-NEXT: %[[V1:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<staging>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.async.transfer %arg2 : !stream.resource<*>{%arg3} -> !stream.resource<staging>{%arg3}
// CHECK-NEXT: stream.tensor.trace "FOOBAR" = [
// CHECK-NEXT: %[[V1]] : tensor<5xf32> in !stream.resource<staging>{%arg1},
// CHECK-NEXT: %[[V2]] : tensor<?x3x?xi32>{%arg4, %arg5} in !stream.resource<staging>{%arg3}
// CHECK-NEXT: ]
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.func public @tensorTrace(%tensor0: tensor<5xf32>, %tensor1: tensor<?x3x?xi32>, %dim0: index, %dim2: index) {
  flow.tensor.trace "FOOBAR" = [
    %tensor0 : tensor<5xf32>,
    %tensor1 : tensor<?x3x?xi32>{%dim0, %dim2}
  ]
  util.return
}
