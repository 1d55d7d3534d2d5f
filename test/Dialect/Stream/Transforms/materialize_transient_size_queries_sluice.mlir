// RUN: sluice-opt --split-input-file --iree-stream-materialize-transient-size-queries=reference-compat=false --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// The §9.9 reflection of external-transients.md with reference-compat=false:
// the storage argument indices (traced from the base view of the storage,
// or the declared iree.abi.transients arguments when nothing was emplaced),
// the storage alignment (the resource config's minimum buffer offset
// alignment), and the invocation model and declaration on the query.

// CHECK-LABEL: util.func public @emplaced(
// CHECK-SAME: iree.reflection = {iree.abi.declaration = "sync func @emplaced()", iree.abi.transients.alignment = "64", iree.abi.transients.args = "1", iree.abi.transients.size = @emplaced_transients_size}
// CHECK-LABEL: util.func public @emplaced_transients_size(
// CHECK-SAME: -> index attributes {iree.reflection = {iree.abi.declaration = "sync func @emplaced()", iree.abi.model = "sync"}}
util.func public @emplaced(%n: index, %buffer: !hal.buffer) attributes {iree.reflection = {iree.abi.declaration = "sync func @emplaced()"}} {
  %len = hal.buffer.length<%buffer : !hal.buffer> : index
  %storage = stream.tensor.import %buffer : !hal.buffer -> tensor<?xi8>{%len} in !stream.resource<transient>{%len}
  %pack:2 = stream.resource.pack slices({
    [0, 0] = %n
  }) : index attributes {stream.experimental.transients}
  %c0 = arith.constant 0 : index
  %base = stream.resource.subview %storage[%c0] : !stream.resource<transient>{%len} -> !stream.resource<transient>{%pack#0}
  util.return
}

// -----

// Nothing emplaced (an empty pack, no base view): the arguments declared
// with iree.abi.transients are listed, so tools still know where the
// (possibly null) storage goes. The alignment comes from the resource
// config in scope.
// CHECK-LABEL: util.func public @nothing_emplaced(
// CHECK-SAME: iree.reflection = {iree.abi.transients.alignment = "16", iree.abi.transients.args = "2", iree.abi.transients.size = @nothing_emplaced_transients_size}
util.func public @nothing_emplaced(%a: !hal.buffer_view, %out: !hal.buffer, %storage: !hal.buffer {iree.abi.transients}) attributes {
  stream.resources = #stream.resource_config<{
    max_allocation_size = 1073741824,
    min_buffer_offset_alignment = 16,
    max_buffer_range = 134217728,
    min_buffer_range_alignment = 16
  }>
} {
  %pack = stream.resource.pack slices({
  }) : index attributes {stream.experimental.transients}
  util.return
}
