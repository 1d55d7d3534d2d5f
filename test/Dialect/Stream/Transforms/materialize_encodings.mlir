// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-materialize-encodings %s | FileCheck %s

// --iree-stream-materialize-encodings (stream-passes-1.md §7.4, encoding.md
// §8.4, §9.6): identity encodes fold; every other encode becomes a dispatch
// to a generated executable placed before its function.

// CHECK-LABEL: util.func public @identityEncodingFolds
util.func public @identityEncodingFolds(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK-NOT: stream.tensor.encode
  // CHECK-NOT: stream.async.dispatch
  // CHECK: util.return %arg0
  %0 = stream.tensor.encode %arg0 : tensor<?x4xf32, #iree_encoding.testing<>>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, #iree_encoding.testing<>>{%arg1} in !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK: #[[ENCODING:.+]] = #iree_encoding.testing<>
// CHECK:      stream.executable private @[[EX:_encoding_0]] {
// CHECK-NEXT:   stream.executable.export public @[[FUNC:_encoding_0_encode_4x5xf32_to_4x5xf32]] workgroups() -> (index, index, index) {
// CHECK-NEXT:     %[[X:.+]], %[[Y:.+]], %[[Z:.+]] = iree_tensor_ext.dispatch.workgroup_count_from_slice()
// CHECK-NEXT:     stream.return %[[X]], %[[Y]], %[[Z]] : index, index, index
// CHECK:        builtin.module {
// CHECK-NEXT:     func.func @[[FUNC]](%[[SRC:.+]]: !stream.binding, %[[DST:.+]]: !stream.binding) {
// CHECK-NEXT:       %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:       %[[SRC_BUF:.+]] = stream.binding.subspan %[[SRC]][%[[C0]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x5xf32>>
// CHECK-NEXT:       %[[DST_BUF:.+]] = stream.binding.subspan %[[DST]][%[[C0]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x5xf32, #[[ENCODING]]>>
// CHECK-NEXT:       %[[VAL:.+]] = iree_tensor_ext.dispatch.tensor.load %[[SRC_BUF]], offsets = [0, 0], sizes = [4, 5], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x5xf32>> -> tensor<4x5xf32>
// CHECK-NEXT:       %[[ENCODED:.+]] = iree_encoding.set_encoding %[[VAL]] : tensor<4x5xf32> -> tensor<4x5xf32, #[[ENCODING]]>
// CHECK-NEXT:       iree_tensor_ext.dispatch.tensor.store %[[ENCODED]], %[[DST_BUF]], offsets = [0, 0], sizes = [4, 5], strides = [1, 1] : tensor<4x5xf32, #[[ENCODING]]> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x5xf32, #[[ENCODING]]>>
// CHECK-NEXT:       return
// CHECK-LABEL: util.func public @encodeStaticShape
util.func public @encodeStaticShape(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[ZERO:.+]] = arith.constant 0 : index
  // CHECK: %[[RET:.+]] = stream.async.dispatch @[[EX]]::@[[FUNC]](%arg0[%[[ZERO]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.encode %arg0 : tensor<4x5xf32> in !stream.resource<*>{%arg1} -> tensor<4x5xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK: #[[ENCODING:.+]] = #iree_encoding.testing<>
// CHECK:      stream.executable private @[[EX:_encoding_0]] {
// CHECK-NEXT:   stream.executable.export public @[[FUNC:_encoding_0_encode_4xDxf32_to_Dx5xf32]] workgroups(%[[A0:.+]]: index, %[[A1:.+]]: index) -> (index, index, index) {
// CHECK-NEXT:     %{{.+}}, %{{.+}}, %{{.+}} = iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[A0]], %[[A1]])
// CHECK:        builtin.module {
// CHECK-NEXT:     func.func @[[FUNC]](%[[SRC:[a-z0-9]+]]: !stream.binding, %[[D0:[a-z0-9]+]]: index, %[[D1:[a-z0-9]+]]: index, %[[DST:[a-z0-9]+]]: !stream.binding) {
// CHECK-NEXT:       %[[O0:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D0]], 0 : index
// CHECK-NEXT:       %[[O1:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D1]], 1 : index
// CHECK-NEXT:       %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:       %[[SRC_BUF:.+]] = stream.binding.subspan %[[SRC]][%[[C0]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x?xf32>>{%[[O0]]}
// CHECK-NEXT:       %[[DST_BUF:.+]] = stream.binding.subspan %[[DST]][%[[C0]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x5xf32, #[[ENCODING]]>>{%[[O1]]}
// CHECK-NEXT:       %[[VAL:.+]] = iree_tensor_ext.dispatch.tensor.load %[[SRC_BUF]], offsets = [0, 0], sizes = [4, %[[O0]]], strides = [1, 1]
// CHECK-NEXT:       %[[ENCODED:.+]] = iree_encoding.set_encoding %[[VAL]] : tensor<4x?xf32> -> tensor<?x5xf32, #[[ENCODING]]>
// CHECK-NEXT:       iree_tensor_ext.dispatch.tensor.store %[[ENCODED]], %[[DST_BUF]], offsets = [0, 0], sizes = [%[[O1]], 5], strides = [1, 1]
// CHECK-LABEL: util.func public @encodeMixedShape
util.func public @encodeMixedShape(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<*> {
  // CHECK: %[[ZERO:.+]] = arith.constant 0 : index
  // CHECK: %[[RET:.+]] = stream.async.dispatch @[[EX]]::@[[FUNC]][%arg1, %arg3](%arg0[%[[ZERO]] to %arg2 for %arg2], %arg1, %arg3) : (!stream.resource<*>{%arg2}, index, index) -> !stream.resource<*>{%arg4}
  %0 = stream.tensor.encode %arg0 : tensor<4x?xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x5xf32, #iree_encoding.testing<>>{%arg3} in !stream.resource<*>{%arg4}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK:      stream.executable private @[[EX:_encoding_0]] {
// CHECK-NEXT:   stream.executable.export public @[[FUNC:_encoding_0_encode_DxDxf32_to_DxDxf32]] workgroups(%{{.+}}: index, %{{.+}}: index, %{{.+}}: index, %{{.+}}: index)
// CHECK:        func.func @[[FUNC]](%{{.+}}: !stream.binding, %[[D0:[a-z0-9]+]]: index, %[[D1:[a-z0-9]+]]: index, %[[D2:[a-z0-9]+]]: index, %[[D3:[a-z0-9]+]]: index, %{{.+}}: !stream.binding)
// CHECK-NEXT:       %[[O0:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D0]], 0 : index
// CHECK-NEXT:       %[[O1:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D1]], 1 : index
// CHECK-NEXT:       %[[O2:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D2]], 2 : index
// CHECK-NEXT:       %[[O3:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[D3]], 3 : index
// CHECK:            stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32>>{%[[O0]], %[[O1]]}
// CHECK:            stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #encoding>>{%[[O2]], %[[O3]]}
// CHECK-LABEL: util.func public @encodeFullyDynamic
util.func public @encodeFullyDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index) -> !stream.resource<*> {
  // CHECK: stream.async.dispatch @[[EX]]::@[[FUNC]][%arg1, %arg2, %arg3, %arg4](%arg0[%{{.+}} to %arg5 for %arg5], %arg1, %arg2, %arg3, %arg4) : (!stream.resource<*>{%arg5}, index, index, index, index) -> !stream.resource<*>{%arg6}
  %0 = stream.tensor.encode %arg0 : tensor<?x?xf32>{%arg1, %arg2} in !stream.resource<*>{%arg5} -> tensor<?x?xf32, #iree_encoding.testing<>>{%arg3, %arg4} in !stream.resource<*>{%arg6}
  util.return %0 : !stream.resource<*>
}

// -----

// Encoded to un-encoded: unset_encoding with the source dims as result dims.
// CHECK: #[[ENCODING:.+]] = #iree_encoding.testing<>
// CHECK:      stream.executable private @[[EX:_encoding_0]] {
// CHECK:        func.func @[[FUNC:_encoding_0_encode_DxDxf32_to_DxDxf32]](
// CHECK-NEXT:       %[[O0:.+]] = iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 0 : index
// CHECK-NEXT:       %[[O1:.+]] = iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 1 : index
// CHECK-NEXT:       %[[O2:.+]] = iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 2 : index
// CHECK-NEXT:       %[[O3:.+]] = iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 3 : index
// CHECK:            %[[VAL:.+]] = iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<?x?xf32, #[[ENCODING]]>
// CHECK-NEXT:       %[[DECODED:.+]] = iree_encoding.unset_encoding %[[VAL]] : tensor<?x?xf32, #[[ENCODING]]> -> tensor<?x?xf32>{%[[O0]], %[[O1]]}
// CHECK-NEXT:       iree_tensor_ext.dispatch.tensor.store %[[DECODED]], {{.+}}, offsets = [0, 0], sizes = [%[[O2]], %[[O3]]], strides = [1, 1] : tensor<?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32>>{%[[O2]], %[[O3]]}
// CHECK-LABEL: util.func public @decodeFullyDynamic
util.func public @decodeFullyDynamic(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index) -> !stream.resource<*> {
  // CHECK: stream.async.dispatch @[[EX]]::@[[FUNC]]
  %0 = stream.tensor.encode %arg0 : tensor<?x?xf32, #iree_encoding.testing<>>{%arg1, %arg2} in !stream.resource<*>{%arg5} -> tensor<?x?xf32>{%arg3, %arg4} in !stream.resource<*>{%arg6}
  util.return %0 : !stream.resource<*>
}

// -----

// Encoded to differently encoded: unset, then set.
// CHECK-DAG: #[[ENC_A:.+]] = #iree_encoding.testing<>
// CHECK-DAG: #[[ENC_B:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK:      stream.executable private @_encoding_0 {
// CHECK:            %[[VAL:.+]] = iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<?x?xf32, #[[ENC_A]]>
// CHECK-NEXT:       %[[DECODED:.+]] = iree_encoding.unset_encoding %[[VAL]] : tensor<?x?xf32, #[[ENC_A]]> -> tensor<?x?xf32>{%{{.+}}, %{{.+}}}
// CHECK-NEXT:       %[[ENCODED:.+]] = iree_encoding.set_encoding %[[DECODED]] : tensor<?x?xf32> -> tensor<?x?xf32, #[[ENC_B]]>
// CHECK-NEXT:       iree_tensor_ext.dispatch.tensor.store %[[ENCODED]]
// CHECK-LABEL: util.func public @reencode
util.func public @reencode(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index) -> !stream.resource<*> {
  %0 = stream.tensor.encode %arg0 : tensor<?x?xf32, #iree_encoding.testing<>>{%arg1, %arg2} in !stream.resource<*>{%arg5} -> tensor<?x?xf32, #iree_encoding.testing<layouts = [#iree_encoding.identity]>>{%arg3, %arg4} in !stream.resource<*>{%arg6}
  util.return %0 : !stream.resource<*>
}

// -----

// Two encodes with the same signature share one executable, whatever their
// dims; a different signature in another function gets the next number,
// placed before that function.
// CHECK:      stream.executable private @[[EX0:_encoding_0]] {
// CHECK:        func.func @[[FUNC0:_encoding_0_encode_Dx4xf32_to_Dx4xf32]](
// CHECK-NOT:  stream.executable
// CHECK-LABEL: util.func public @shareExecutable
util.func public @shareExecutable(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.async.dispatch on(#hal.device.affinity<@dev>) @[[EX0]]::@[[FUNC0]][%arg1, %arg1]
  %0 = stream.tensor.encode on(#hal.device.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, #iree_encoding.testing<>>{%arg1} in !stream.resource<*>{%arg3}
  // CHECK: stream.async.dispatch @[[EX0]]::@[[FUNC0]][%arg3, %arg3]
  %1 = stream.tensor.encode %arg0 : tensor<?x4xf32>{%arg3} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, #iree_encoding.testing<>>{%arg3} in !stream.resource<*>{%arg2}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}
// CHECK:      stream.executable private @[[EX1:_encoding_1]] {
// CHECK:        func.func @[[FUNC1:_encoding_1_encode_4xf32_to_4xf32]](
// CHECK-LABEL: util.func public @second
util.func public @second(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*> {
  // CHECK: stream.async.dispatch @[[EX1]]::@[[FUNC1]](
  %0 = stream.tensor.encode %arg0 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<layouts = [#iree_encoding.identity]>> in !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
}

// -----

// Encodes in nested regions and non-entry blocks are materialized too; the
// executable goes before the enclosing top-level function. The pre-step's
// greedy rewrite erases the unreachable block.
// CHECK: stream.executable private @_encoding_0
// CHECK-LABEL: util.func public @controlFlow
util.func public @controlFlow(%arg0: !stream.resource<*>, %arg1: index, %arg2: i1) -> !stream.resource<*> {
  // CHECK: scf.if
  // CHECK: stream.async.dispatch @_encoding_0::
  %0 = scf.if %arg2 -> !stream.resource<*> {
    %1 = stream.tensor.encode %arg0 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1}
    scf.yield %1 : !stream.resource<*>
  } else {
    scf.yield %arg0 : !stream.resource<*>
  }
  cf.br ^bb1(%0 : !stream.resource<*>)
^bb1(%2: !stream.resource<*>):
  // CHECK: stream.async.dispatch @_encoding_0::
  %3 = stream.tensor.encode %2 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1}
  util.return %3 : !stream.resource<*>
^bb2:
  // CHECK-NOT: ^bb2
  %4 = stream.tensor.encode %arg0 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1}
  util.return %4 : !stream.resource<*>
}

// -----

// No encodes: nothing is generated.
// CHECK-NOT: stream.executable
// CHECK-LABEL: util.func public @nothing
util.func public @nothing() {
  util.return
}
