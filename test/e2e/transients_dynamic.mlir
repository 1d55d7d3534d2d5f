// REQUIRES: sluice-compile, sluice-run
// External transients with a dynamic size (external-transients.md §9.1,
// §9.6, §9.10) through the whole compiler: --iree-abi-wrap-entry-points
// turns sluice.abi.dim_bounds into util.assume.int on the wrapper's dims,
// sluice-compile runs the stream pipeline (emplacement, size query, upper
// bound, guarded storage reads) and the native phases, sluice-run runs it.
// Two temporaries of 4n bytes (aligned to 64) are live at once, so the
// storage needs 2 * align(4n, 64) bytes: 0 for an empty input, where a null
// storage must run, and 128 for n = 4. 1 + 1 = 2, 2 + 2 = 4, 4 + 1 = 5.
//
// Phase input wraps the entry point (sync model).
//
// RUN: sluice-compile --compile-to=input %s | FileCheck %s --check-prefix=WRAP
// WRAP-LABEL: util.func public @dynamic(
// WRAP: %[[DIM:.+]] = hal.buffer_view.dim<%{{.+}} : !hal.buffer_view>[0] : index
// WRAP-NEXT: %[[N:.+]] = util.assume.int %[[DIM]]<umin = 0, umax = 1024> : index
// WRAP-NEXT: hal.tensor.import %{{.+}} "input0" : !hal.buffer_view -> tensor<?xf32>{%[[N]]}
// RUN: sluice-compile %s -o %t.so
// RUN: sluice-compile --compile-to=stream %s | FileCheck %s --check-prefix=STREAM
// The upper bound comes from the wrapper's assumption: 2 * 4096 bytes.
// STREAM-LABEL: util.func public @dynamic(
// STREAM-SAME: iree.abi.transients.size = @dynamic_transients_size, iree.abi.transients.size.upper_bound = "8192"
// §9.10: the storage is read only when the required size is not 0 (the
// guard's scf.if is a CFG by now).
// STREAM: %[[NZ:.+]] = arith.cmpi ne, %{{.+}}, %c0 : index
// STREAM-NEXT: cf.cond_br %[[NZ]], ^[[READ:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](%c0 : index)
// STREAM-NEXT: ^[[READ]]:
// STREAM-NEXT: stream.context.resolve
// STREAM-NEXT: hal.buffer.assert<%[[BUF:.+]] : !hal.buffer> message("external transient storage for 'dynamic' (size query 'dynamic_transients_size')") {{.*}} attributes {sluice.storage_alignment = 64 : i64}
// STREAM-NEXT: %[[L:.+]] = hal.buffer.length<%[[BUF]] : !hal.buffer> : index
// STREAM-NEXT: cf.br ^[[JOIN]](%[[L]] : index)
// STREAM-NEXT: ^[[JOIN]](%[[LEN:.+]]: index):
// STREAM-NEXT: stream.tensor.import {{.+}} %[[BUF]] : !hal.buffer -> tensor<?xi8>{%[[LEN]]} in !stream.resource<transient>{%[[LEN]]} attributes {sluice.null_if_empty}

// n = 4: the size from the query (--transients=auto), the JIT, a user
// buffer.
// RUN: sluice-run --module=%t.so --function=dynamic --input=4xf32=1 | FileCheck %s --check-prefix=FOUR --match-full-lines
// RUN: sluice-run --module=%t.so --function=dynamic --input=4xf32=1 "--input=&128xi8=0" | FileCheck %s --check-prefix=FOUR --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--sluice-opt-level=1" --function=dynamic --input=4xf32=1 | FileCheck %s --check-prefix=FOUR --match-full-lines
// FOUR:      EXEC @dynamic
// FOUR-NEXT: result[0]: hal.buffer_view
// FOUR-NEXT: 4xf32=5 5 5 5

// n = 0: the size is 0 only at run time, so a null storage runs (§9.10),
// AOT and JIT, from --transients=none and from a (null) input.
// RUN: sluice-run --module=%t.so --function=dynamic "--input=0xf32=" --transients=none | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: sluice-run --module=%t.so --function=dynamic "--input=0xf32=" "--input=(null)" | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--sluice-opt-level=1" --function=dynamic "--input=0xf32=" --transients=none | FileCheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY:      EXEC @dynamic
// EMPTY-NEXT: result[0]: hal.buffer_view
// EMPTY-NEXT: 0xf32=

// n = 4 with a null storage: the exact §9.1/§9.10 error, nothing read.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients=none 2>&1 | FileCheck %s --check-prefix=NULL --match-full-lines
// RUN: not sluice-run --module=%s --jit_flags="--sluice-opt-level=1" --function=dynamic --input=4xf32=1 "--input=(null)" 2>&1 | FileCheck %s --check-prefix=NULL --match-full-lines
// NULL: Error: INVALID_ARGUMENT; external transient storage for 'dynamic' (size query 'dynamic_transients_size') buffer is null; invoking function 'dynamic'
// Too small: 127 bytes.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients=127 2>&1 | FileCheck %s --check-prefix=SMALL --match-full-lines
// SMALL: Error: INVALID_ARGUMENT; external transient storage for 'dynamic' (size query 'dynamic_transients_size') buffer byte length 127 less than expected minimum 128; invoking function 'dynamic'

// §9.9: a storage sub-span whose offset breaks the 64-byte alignment the
// reflection states (iree.abi.transients.alignment) is rejected before use;
// an aligned offset runs.
// RUN: not sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_offset=8 2>&1 | FileCheck %s --check-prefix=MISALIGNED --match-full-lines
// MISALIGNED: Error: INVALID_ARGUMENT; external transient storage for 'dynamic' (size query 'dynamic_transients_size') buffer byte offset 8 is not a multiple of the required alignment 64; invoking function 'dynamic'
// RUN: sluice-run --module=%t.so --function=dynamic --input=4xf32=1 --transients_offset=128 | FileCheck %s --check-prefix=FOUR --match-full-lines

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#map = affine_map<(d0) -> (d0)>
module @transients_dynamic attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
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
