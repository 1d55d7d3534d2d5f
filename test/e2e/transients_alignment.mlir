// REQUIRES: sluice-opt, sluice-compile, sluice-run
// external-transients.md §9.9: the storage's base address and offset must be
// multiples of iree.abi.transients.alignment. The runtime's own allocations
// and host imports are 64-byte aligned, so with the native target's 64 only
// the offset can be wrong (transients_dynamic.mlir); a resource config with
// min_buffer_offset_alignment = 256 makes the base matter too: the compiled
// storage check tests the offset and then the device address (base +
// offset) of a committed storage. sluice-run's --transients_host_base=<b>
// imports host memory at b bytes past a 4096-byte boundary as the storage.
// The same program as transients_dynamic.mlir: n = 4 needs 2 * 256 bytes.
//
// The wrapped module goes to sluice-compile as bytecode: the resource
// config's printed form does not parse back (stream-ir.md, ResourceConfig,
// "Quirk": the bool is printed as 0/1).
// RUN: sluice-opt --iree-abi-wrap-entry-points --inline --symbol-dce --emit-bytecode %s -o %t.mlirbc
// RUN: sluice-compile --compile-from=input %t.mlirbc -o %t.so
// RUN: sluice-compile --compile-from=input --compile-to=stream %t.mlirbc | FileCheck %s --check-prefix=STREAM
// STREAM-LABEL: util.func public @dynamic(
// STREAM-SAME: iree.abi.transients.alignment = "256"
// STREAM: hal.buffer.assert<%{{.+}} : !hal.buffer> message("external transient storage for 'dynamic' (size query 'dynamic_transients_size')") {{.*}} attributes {sluice.storage_alignment = 256 : i64}

// auto: sluice-run reads the alignment from the reflection and, as it is
// larger than the runtime's 64, imports host memory aligned to it.
// RUN: sluice-run --module=%t.so --function=dynamic --input=4xf32=1 | FileCheck %s --check-prefix=FOUR --match-full-lines
// RUN: sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_host_base=256 | FileCheck %s --check-prefix=FOUR --match-full-lines
// FOUR:      EXEC @dynamic
// FOUR-NEXT: result[0]: hal.buffer_view
// FOUR-NEXT: 4xf32=5 5 5 5

// A base 64 bytes past a 256-byte boundary, offset 0: the offset passes, the
// device address does not.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_host_base=64 2>&1 | FileCheck %s --check-prefix=BASE --match-full-lines
// BASE: Error: INVALID_ARGUMENT; external transient storage for 'dynamic' (size query 'dynamic_transients_size') buffer device address 0x{{[0-9a-f]*}}40 (storage base + byte offset 0) is not a multiple of the required alignment 256; invoking function 'dynamic'
// An aligned base with a misaligned offset: the offset message.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_offset=64 2>&1 | FileCheck %s --check-prefix=OFFSET --match-full-lines
// OFFSET: Error: INVALID_ARGUMENT; external transient storage for 'dynamic' (size query 'dynamic_transients_size') buffer byte offset 64 is not a multiple of the required alignment 256; invoking function 'dynamic'
// The import alignment of the runtime itself (64) still applies.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_host_base=8 2>&1 | FileCheck %s --check-prefix=IMPORT --match-full-lines
// IMPORT: Error: INVALID_ARGUMENT; host pointer 0x{{[0-9a-f]+}} is not aligned to the import alignment 64

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @transients_alignment attributes {stream.affinity.default = #hal.device.affinity<@__device_0>, stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 256, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 64}>} {
  util.global private @__device_0 = #device_target
  flow.executable private @ex {
    flow.executable.export public @add workgroups(%n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>, %b0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>, %n0: index, %o0: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
        %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index
        %a = flow.dispatch.tie_shape %a0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %b = flow.dispatch.tie_shape %b0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %o = flow.dispatch.tie_shape %o0 : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
        %e = tensor.empty(%n) : tensor<?xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<?xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        return
      }
    }
  }
  // t1 = in + in, t2 = t1 + t1, out = t2 + in: two temporaries of 4n bytes.
  util.func public @dynamic(%input: tensor<?xf32> {sluice.abi.dim_bounds = [[0, 1024]]}, %storage: !hal.buffer {iree.abi.transients}) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %input, %c0 : tensor<?xf32>
    %t1 = flow.dispatch @ex::@add[%n](%input, %input, %n) : (tensor<?xf32>{%n}, tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
    %t2 = flow.dispatch @ex::@add[%n](%t1, %t1, %n) : (tensor<?xf32>{%n}, tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
    %out = flow.dispatch @ex::@add[%n](%t2, %input, %n) : (tensor<?xf32>{%n}, tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
    util.return %out : tensor<?xf32>
  }
}
