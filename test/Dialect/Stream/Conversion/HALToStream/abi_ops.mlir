// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --canonicalize %s | FileCheck %s

// HALToStream (stream-passes-1.md §3.8): the hal tensor ABI ops become
// stream imports, exports, timepoints and copies.

// A buffer view is checked (element type, encoding, shape) before import.
// CHECK-LABEL: util.func public @importBufferView(%arg0: !hal.buffer_view) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V2:.+]] = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[V3:.+]] = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[1] : index
// CHECK-NEXT: %[[V4:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V5:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%[[V2]], %[[V3]], %[[V1]]]) type(%[[V4]]) encoding(%[[V5]])
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.sizeof tensor<?x?x4xf32>{%[[V2]], %[[V3]]} : index
// CHECK-NEXT: %[[V7:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x?x4xf32>{%[[V2]], %[[V3]]} in !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: %[[V8:.+]] = stream.async.cast %[[V7]] : !stream.resource<external>{%[[V6]]} -> !stream.resource<*>{%[[V6]]}
// CHECK-NEXT: util.return %[[V8]], %[[V6]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferView(%view: !hal.buffer_view) -> tensor<?x?x4xf32> {
  %dim0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %dim1 = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
  %0 = hal.tensor.import %view "input0" : !hal.buffer_view -> tensor<?x?x4xf32>{%dim0, %dim1}
  util.return %0 : tensor<?x?x4xf32>
}

// -----

// Offset and fence: the import covers offset + size, is awaited, then a
// subview of the tensor's size is taken.
// CHECK-LABEL: util.func public @importBufferViewWithOffsetAndFence(%arg0: !hal.buffer_view, %arg1: index, %arg2: !hal.fence) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V2:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V3:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V1]]]) type(%[[V2]]) encoding(%[[V3]])
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<4xf32> : index
// CHECK-NEXT: %[[V5:.+]] = arith.addi %arg1, %[[V4]] : index
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:.+]] = stream.timepoint.import %arg2 : (!hal.fence) => !stream.timepoint
// CHECK-NEXT: %[[V8:.+]] = stream.timepoint.await %[[V7]] => %[[V6]] : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V9:.+]] = stream.resource.subview %[[V8]][%arg1] : !stream.resource<external>{%[[V5]]} -> !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V10:.+]] = stream.async.cast %[[V9]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V10]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferViewWithOffsetAndFence(%view: !hal.buffer_view, %offset: index, %fence: !hal.fence) -> tensor<4xf32> {
  %0 = hal.tensor.import wait(%fence) => %view offset(%offset) : !hal.buffer_view -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @importBufferViewWithOffset(%arg0: !hal.buffer_view, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V2:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V3:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V1]]]) type(%[[V2]]) encoding(%[[V3]])
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<4xf32> : index
// CHECK-NEXT: %[[V5:.+]] = arith.addi %arg1, %[[V4]] : index
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:.+]] = stream.resource.subview %[[V6]][%arg1] : !stream.resource<external>{%[[V5]]} -> !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V8:.+]] = stream.async.cast %[[V7]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V8]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferViewWithOffset(%view: !hal.buffer_view, %offset: index) -> tensor<4xf32> {
  %0 = hal.tensor.import %view offset(%offset) : !hal.buffer_view -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// The assert and the import use the ABI encoding type; the size is of the
// storage type.
// CHECK-LABEL: util.func public @importBufferViewBitcasting(%arg0: !hal.buffer_view) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V2:.+]] = hal.element_type<ui32> : i32
// CHECK-NEXT: %[[V3:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V1]]]) type(%[[V2]]) encoding(%[[V3]])
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<4xbf16> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<2xui32> in !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.cast %[[V5]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V6]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferViewBitcasting(%view: !hal.buffer_view) -> tensor<4xbf16> {
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<2xui32> as tensor<4xbf16>
  util.return %0 : tensor<4xbf16>
}

// -----

// Packed sub-byte storage has no buffer view check.
// CHECK-LABEL: util.func public @importBufferViewPackedStorage(%arg0: !hal.buffer_view) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<8xi4, #iree_encoding.packed_storage> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<8xi4, #iree_encoding.packed_storage> in !stream.resource<external>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = stream.async.cast %[[V2]] : !stream.resource<external>{%[[V1]]} -> !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V3]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferViewPackedStorage(%view: !hal.buffer_view) -> tensor<8xi4, #iree_encoding.packed_storage> {
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<8xi4, #iree_encoding.packed_storage>
  util.return %0 : tensor<8xi4, #iree_encoding.packed_storage>
}

// -----

// A plain buffer is imported without a check.
// CHECK-LABEL: util.func public @importBufferWithFence(%arg0: !hal.buffer, %arg1: !hal.fence) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<4xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.import %arg0 : !hal.buffer -> tensor<4xf32> in !stream.resource<external>{%[[V1]]}
// CHECK-NEXT: %[[V3:.+]] = stream.timepoint.import %arg1 : (!hal.fence) => !stream.timepoint
// CHECK-NEXT: %[[V4:.+]] = stream.timepoint.await %[[V3]] => %[[V2]] : !stream.resource<external>{%[[V1]]}
// CHECK-NEXT: %[[V5:.+]] = stream.async.cast %[[V4]] : !stream.resource<external>{%[[V1]]} -> !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V5]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importBufferWithFence(%buffer: !hal.buffer, %fence: !hal.fence) -> tensor<4xf32> {
  %0 = hal.tensor.import wait(%fence) => %buffer : !hal.buffer -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// An export casts the resource to external and exports it.
// CHECK-LABEL: util.func public @exportBufferView(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> !hal.buffer_view {
// CHECK-NEXT: %[[V1:.+]] = stream.async.cast %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.export %[[V1]] : tensor<?x?x4xf32>{%arg2, %arg3} in !stream.resource<external>{%arg1} -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V2]] : !hal.buffer_view
// CHECK-NEXT: }
util.func public @exportBufferView(%tensor: tensor<?x?x4xf32>, %dim0: index, %dim1: index) -> !hal.buffer_view {
  %0 = hal.tensor.export %tensor "output0" : tensor<?x?x4xf32>{%dim0, %dim1} -> !hal.buffer_view
  util.return %0 : !hal.buffer_view
}

// -----

// An alias updates the caller's storage with the tensor and slices it back.
// CHECK-LABEL: util.func public @aliasStorage(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<?x4xf32>{%arg2} : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.import consume %arg3 : !hal.buffer -> tensor<?x4xf32>{%arg2} in !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.async.update %arg0, %[[V3]][%[[V1]] to %arg1] : !stream.resource<*>{%arg1} -> %[[V3]] as !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V5:.+]] = stream.async.slice %[[V4]][%[[V1]] to %arg1] : !stream.resource<external>{%[[V2]]} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V6:.+]] = stream.async.clone %[[V5]] : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V6]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @aliasStorage(%tensor: tensor<?x4xf32>, %dim0: index, %storage: !hal.buffer) -> tensor<?x4xf32> {
  %0 = hal.tensor.alias %tensor : tensor<?x4xf32>{%dim0} to %storage : !hal.buffer
  util.return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: util.func public @aliasStorageWithFence(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !hal.buffer, %arg4: !hal.fence) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<?x4xf32>{%arg2} : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.import consume %arg3 : !hal.buffer -> tensor<?x4xf32>{%arg2} in !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.timepoint.import %arg4 : (!hal.fence) => !stream.timepoint
// CHECK-NEXT: %[[V5:.+]] = stream.timepoint.await %[[V4]] => %[[V3]] : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.update %arg0, %[[V5]][%[[V1]] to %arg1] : !stream.resource<*>{%arg1} -> %[[V5]] as !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V7:.+]] = stream.async.slice %[[V6]][%[[V1]] to %arg1] : !stream.resource<external>{%[[V2]]} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V8:.+]] = stream.async.clone %[[V7]] : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V8]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @aliasStorageWithFence(%tensor: tensor<?x4xf32>, %dim0: index, %storage: !hal.buffer, %fence: !hal.fence) -> tensor<?x4xf32> {
  %0 = hal.tensor.alias wait(%fence) => %tensor : tensor<?x4xf32>{%dim0} to %storage : !hal.buffer
  util.return %0 : tensor<?x4xf32>
}

// -----

// A barrier joins one timepoint per source and chains the fence to it.
// CHECK-LABEL: util.func public @tensorBarrier(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index, %arg4: index, %arg5: !hal.fence) -> (!stream.resource<*>, index, !stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]], %[[V2:.+]] = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK-NEXT: %[[V3:.+]], %[[V4:.+]] = stream.timepoint.barrier %arg2 : !stream.resource<*>{%arg3} => !stream.timepoint
// CHECK-NEXT: %[[V5:.+]] = stream.timepoint.join max(%[[V2]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: stream.timepoint.chain_external %[[V5]] => (%arg5 : !hal.fence)
// CHECK-NEXT: util.return %[[V1]], %arg1, %[[V3]], %arg3 : !stream.resource<*>, index, !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorBarrier(%input0: tensor<3xf32>, %input1: tensor<?xf32>, %dim1: index, %fence: !hal.fence) -> (tensor<3xf32>, tensor<?xf32>) {
  %0:2 = hal.tensor.barrier join(%input0, %input1 : tensor<3xf32>, tensor<?xf32>) => %fence : !hal.fence
  util.return %0#0, %0#1 : tensor<3xf32>, tensor<?xf32>
}

// -----

// Cross-device: the import runs where it imports, the value is transferred
// to the export's device before being exported. The export itself has no
// analysed affinity (its operand is an argument), so it gets no on(...).
// CHECK: util.global private @dev_a : !hal.device
// CHECK-NEXT: util.global private @dev_b : !hal.device
// CHECK-LABEL: util.func public @importBufferViewCrossDevice(%arg0: !hal.buffer_view) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V2:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V3:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V1]]]) type(%[[V2]]) encoding(%[[V3]])
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev_a>) tensor<4xf32> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import on(#hal.device.affinity<@dev_a>) %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.cast on(#hal.device.affinity<@dev_a>) %[[V5]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: %[[V7:.+]] = stream.async.transfer %[[V6]] : !stream.resource<*>{%[[V4]]} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V7]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @dev_a : !hal.device
util.global private @dev_b : !hal.device
util.func public @importBufferViewCrossDevice(%view: !hal.buffer_view) -> tensor<4xf32> {
  %0 = hal.tensor.import on(#hal.device.affinity<@dev_a>) %view : !hal.buffer_view -> tensor<4xf32>
  %1 = flow.tensor.transfer %0 : tensor<4xf32> to #hal.device.affinity<@dev_b>
  util.return %1 : tensor<4xf32>
}

// -----

// CHECK: util.global private @dev_a : !hal.device
// CHECK-NEXT: util.global private @dev_b : !hal.device
// CHECK-LABEL: util.func public @exportBufferViewCrossDevice(%arg0: !stream.resource<*>, %arg1: index) -> !hal.buffer_view {
// CHECK-NEXT: %[[V1:.+]] = stream.async.cast %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.export %[[V1]] : tensor<4xf32> in !stream.resource<external>{%arg1} -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V2]] : !hal.buffer_view
// CHECK-NEXT: }
util.global private @dev_a : !hal.device
util.global private @dev_b : !hal.device
util.func public @exportBufferViewCrossDevice(%tensor: tensor<4xf32>) -> !hal.buffer_view {
  %0 = hal.tensor.export on(#hal.device.affinity<@dev_b>) %tensor : tensor<4xf32> -> !hal.buffer_view
  util.return %0 : !hal.buffer_view
}

// -----

// CHECK: util.global private @dev_a : !hal.device
// CHECK-LABEL: util.func public @aliasStorageCrossDevice(%arg0: !stream.resource<*>, %arg1: index, %arg2: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> to(#hal.device.affinity<@dev_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev_a>) tensor<4xf32> : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.import on(#hal.device.affinity<@dev_a>) consume %arg2 : !hal.buffer -> tensor<4xf32> in !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: %[[V5:.+]] = stream.async.update on(#hal.device.affinity<@dev_a>) %[[V2]], %[[V4]][%[[V1]] to %arg1] : !stream.resource<*>{%arg1} -> %[[V4]] as !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.slice on(#hal.device.affinity<@dev_a>) %[[V5]][%[[V1]] to %arg1] : !stream.resource<external>{%[[V3]]} -> !stream.resource<external>{%arg1}
// CHECK-NEXT: %[[V7:.+]] = stream.async.clone on(#hal.device.affinity<@dev_a>) %[[V6]] : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V7]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @dev_a : !hal.device
util.func public @aliasStorageCrossDevice(%tensor: tensor<4xf32>, %storage: !hal.buffer) -> tensor<4xf32> {
  %0 = hal.tensor.alias on(#hal.device.affinity<@dev_a>) %tensor : tensor<4xf32> to %storage : !hal.buffer
  util.return %0 : tensor<4xf32>
}

// -----

// Transients: the value is fenced by a barrier, bound to the caller's
// transient storage and awaited.
// CHECK-LABEL: util.func public @tensorTransientsStatic(%arg0: !stream.resource<*>, %arg1: index, %arg2: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]], %[[V2:.+]] = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK-NEXT: %[[V3:.+]] = hal.buffer.length<%arg2 : !hal.buffer> : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.import %arg2 : !hal.buffer -> tensor<?xi8>{%[[V3]]} in !stream.resource<transient>{%[[V3]]}
// CHECK-NEXT: %[[V5:.+]], %[[V6:.+]] = stream.resource.transients await(%[[V2]]) => %[[V1]] : !stream.resource<*>{%arg1} from %[[V4]] : !stream.resource<transient>{%[[V3]]} => !stream.timepoint
// CHECK-NEXT: %[[V7:.+]] = stream.timepoint.await %[[V6]] => %[[V5]] : !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V7]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorTransientsStatic(%tensor: tensor<4xf32>, %storage: !hal.buffer) -> tensor<4xf32> {
  %0 = hal.tensor.transients %tensor : tensor<4xf32> from %storage : !hal.buffer
  util.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @tensorTransientsDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]], %[[V2:.+]] = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK-NEXT: %[[V3:.+]] = hal.buffer.length<%arg3 : !hal.buffer> : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.import %arg3 : !hal.buffer -> tensor<?xi8>{%[[V3]]} in !stream.resource<transient>{%[[V3]]}
// CHECK-NEXT: %[[V5:.+]], %[[V6:.+]] = stream.resource.transients await(%[[V2]]) => %[[V1]] : !stream.resource<*>{%arg1} from %[[V4]] : !stream.resource<transient>{%[[V3]]} => !stream.timepoint
// CHECK-NEXT: %[[V7:.+]] = stream.timepoint.await %[[V6]] => %[[V5]] : !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V7]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorTransientsDynamic(%tensor: tensor<?xf32>, %dim0: index, %storage: !hal.buffer) -> tensor<?xf32> {
  %0 = hal.tensor.transients %tensor : tensor<?xf32>{%dim0} from %storage : !hal.buffer
  util.return %0 : tensor<?xf32>
}

// -----

// CHECK: util.global private @dev_a : !hal.device
// CHECK-LABEL: util.func public @tensorTransientsWithAffinity(%arg0: !stream.resource<*>, %arg1: index, %arg2: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> to(#hal.device.affinity<@dev_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V2:.+]], %[[V3:.+]] = stream.timepoint.barrier on(#hal.device.affinity<@dev_a>) %[[V1]] : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK-NEXT: %[[V4:.+]] = hal.buffer.length<%arg2 : !hal.buffer> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import on(#hal.device.affinity<@dev_a>) %arg2 : !hal.buffer -> tensor<?xi8>{%[[V4]]} in !stream.resource<transient>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]], %[[V7:.+]] = stream.resource.transients on(#hal.device.affinity<@dev_a>) await(%[[V3]]) => %[[V2]] : !stream.resource<*>{%arg1} from %[[V5]] : !stream.resource<transient>{%[[V4]]} => !stream.timepoint
// CHECK-NEXT: %[[V8:.+]] = stream.timepoint.await %[[V7]] => %[[V6]] : !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V8]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @dev_a : !hal.device
util.func public @tensorTransientsWithAffinity(%tensor: tensor<4xf32>, %storage: !hal.buffer) -> tensor<4xf32> {
  %0 = hal.tensor.transients on(#hal.device.affinity<@dev_a>) %tensor : tensor<4xf32> from %storage : !hal.buffer
  util.return %0 : tensor<4xf32>
}

// -----

// A buffer view's buffer backs the transients.
// CHECK-LABEL: util.func public @tensorTransientsBufferView(%arg0: !stream.resource<*>, %arg1: index, %arg2: !hal.buffer_view) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]], %[[V2:.+]] = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK-NEXT: %[[V3:.+]] = hal.buffer_view.buffer<%arg2 : !hal.buffer_view> : !hal.buffer
// CHECK-NEXT: %[[V4:.+]] = hal.buffer.length<%[[V3]] : !hal.buffer> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import %[[V3]] : !hal.buffer -> tensor<?xi8>{%[[V4]]} in !stream.resource<transient>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]], %[[V7:.+]] = stream.resource.transients await(%[[V2]]) => %[[V1]] : !stream.resource<*>{%arg1} from %[[V5]] : !stream.resource<transient>{%[[V4]]} => !stream.timepoint
// CHECK-NEXT: %[[V8:.+]] = stream.timepoint.await %[[V7]] => %[[V6]] : !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V8]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tensorTransientsBufferView(%tensor: tensor<4xf32>, %storage: !hal.buffer_view) -> tensor<4xf32> {
  %0 = hal.tensor.transients %tensor : tensor<4xf32> from %storage : !hal.buffer_view
  util.return %0 : tensor<4xf32>
}
