// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @tensorImportBuffer(
//       CHECK-NEXT: %c20 = arith.constant 20 : index
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: hal.buffer.assert<%arg0 : !hal.buffer> message("tensor") allocator(%allocator : !hal.allocator) minimum_length(%c20) type(DeviceVisible) usage("TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage")
//       CHECK-NEXT: util.return %arg0 : !hal.buffer
//       CHECK-NEXT: }
util.func public @tensorImportBuffer(%arg0: !hal.buffer, %arg1: index) -> !stream.resource<external> {
  %c20 = arith.constant 20 : index
  %0 = stream.tensor.import on(#hal.device.affinity<@device>) %arg0 : !hal.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%c20}
  util.return %0 : !stream.resource<external>
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @tensorImportBufferView(
//       CHECK-NEXT: %c20 = arith.constant 20 : index
//       CHECK-NEXT: %buffer = hal.buffer_view.buffer<%arg0 : !hal.buffer_view> : !hal.buffer
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: hal.buffer.assert<%buffer : !hal.buffer> message("tensor") allocator(%allocator : !hal.allocator) minimum_length(%c20) type("DeviceVisible|DeviceLocal") usage("TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable")
//       CHECK-NEXT: util.return %buffer : !hal.buffer
//       CHECK-NEXT: }
util.func public @tensorImportBufferView(%arg0: !hal.buffer_view, %arg1: index) -> !stream.resource<constant> {
  %c20 = arith.constant 20 : index
  %0 = stream.tensor.import on(#hal.device.affinity<@device>) %arg0 : !hal.buffer_view -> tensor<?x5xf32>{%arg1} in !stream.resource<constant>{%c20}
  util.return %0 : !stream.resource<constant>
}

// -----

// external-transients.md §9.10: an import marked sluice.null_if_empty (the
// storage of external transients) asserts only when its size is not 0, so a
// null buffer of size 0 is never read; a buffer view's buffer is read under
// the same guard.
util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @tensorImportNullIfEmpty(
//       CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
//       CHECK-NEXT: %[[NE:.+]] = arith.cmpi ne, %arg1, %[[C0]] : index
//       CHECK-NEXT: scf.if %[[NE]] {
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: hal.buffer.assert<%arg0 : !hal.buffer> message("tensor") allocator(%allocator : !hal.allocator) minimum_length(%arg1) type("DeviceVisible|DeviceLocal") usage("TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage")
//       CHECK-NEXT: }
//       CHECK-NEXT: util.return %arg0 : !hal.buffer
util.func public @tensorImportNullIfEmpty(%arg0: !hal.buffer, %arg1: index) -> !stream.resource<transient> {
  %0 = stream.tensor.import on(#hal.device.affinity<@device>) %arg0 : !hal.buffer -> tensor<?xi8>{%arg1} in !stream.resource<transient>{%arg1} attributes {sluice.null_if_empty}
  util.return %0 : !stream.resource<transient>
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @tensorImportViewNullIfEmpty(
//       CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
//       CHECK-NEXT: %[[NE:.+]] = arith.cmpi ne, %arg1, %[[C0]] : index
//       CHECK-NEXT: %[[BUF:.+]] = scf.if %[[NE]] -> (!hal.buffer) {
//       CHECK-NEXT: %[[B:.+]] = hal.buffer_view.buffer<%arg0 : !hal.buffer_view> : !hal.buffer
//       CHECK-NEXT: scf.yield %[[B]] : !hal.buffer
//       CHECK-NEXT: } else {
//       CHECK-NEXT: %[[NULL:.+]] = util.null : !hal.buffer
//       CHECK-NEXT: scf.yield %[[NULL]] : !hal.buffer
//       CHECK-NEXT: }
//       CHECK-NEXT: scf.if %[[NE]] {
//            CHECK: hal.buffer.assert<%[[BUF]] : !hal.buffer> message("tensor")
//            CHECK: util.return %[[BUF]] : !hal.buffer
util.func public @tensorImportViewNullIfEmpty(%arg0: !hal.buffer_view, %arg1: index) -> !stream.resource<transient> {
  %0 = stream.tensor.import on(#hal.device.affinity<@device>) %arg0 : !hal.buffer_view -> tensor<?xi8>{%arg1} in !stream.resource<transient>{%arg1} attributes {sluice.null_if_empty}
  util.return %0 : !stream.resource<transient>
}

// -----

//      CHECK-LABEL: util.func public @tensorExportBuffer(
//       CHECK-NEXT: %c200 = arith.constant 200 : index
//       CHECK-NEXT: util.return %arg0 : !hal.buffer
//       CHECK-NEXT: }
util.func public @tensorExportBuffer(%arg0: !stream.resource<external>, %arg1: index) -> !hal.buffer {
  %c200 = arith.constant 200 : index
  %0 = stream.tensor.export %arg0 : tensor<?x1x10xf32>{%arg1} in !stream.resource<external>{%c200} -> !hal.buffer
  util.return %0 : !hal.buffer
}

// -----

//      CHECK-LABEL: util.func public @tensorExportBufferView(
//       CHECK-NEXT: %c200 = arith.constant 200 : index
//       CHECK-NEXT: %dense_row_major = hal.encoding_type<dense_row_major> : i32
//       CHECK-NEXT: %element_type_f32 = hal.element_type<f32> : i32
//       CHECK-NEXT: %c1 = arith.constant 1 : index
//       CHECK-NEXT: %c10 = arith.constant 10 : index
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %view = hal.buffer_view.create buffer(%arg0 : !hal.buffer)[%c0, %c200] shape([%arg1, %c1, %c10]) type(%element_type_f32) encoding(%dense_row_major) : !hal.buffer_view
//       CHECK-NEXT: util.return %view : !hal.buffer_view
//       CHECK-NEXT: }
util.func public @tensorExportBufferView(%arg0: !stream.resource<external>, %arg1: index) -> !hal.buffer_view {
  %c200 = arith.constant 200 : index
  %0 = stream.tensor.export %arg0 : tensor<?x1x10xf32>{%arg1} in !stream.resource<external>{%c200} -> !hal.buffer_view
  util.return %0 : !hal.buffer_view
}
