// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-unify-encoding-for-globals %s | FileCheck %s
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-unify-encoding-for-globals --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// --iree-stream-unify-encoding-for-globals on readers whose encoding entry is
// missing or is not a ranked tensor type (stream-ir.md §10.2: the verifiers
// accept any type there). Such a reader has no encoding to unify: it is left
// alone, and the walk does not go past it. Before this fix the pass crashed
// (SIGSEGV) on each case of this file.

// A dispatch operand whose encoding is not a ranked tensor type (any type
// verifies there): it has no encoding to unify and is left alone, while the
// tensor operand takes the unified encoding (fuzz finding: SIGSEGV in
// RankedTensorType::get). Reduced from
// unify-encoding-for-globals-0002 (`!stream.timepoint` encoding).
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @non_tensor_operand_encodings(%n: index, %size: index) -> !stream.resource<*> {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %v2 = util.global.load @encoded_v2 : !stream.resource<constant>
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%v1, %n, %v2) : (tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size}, index, !stream.timepoint in !stream.resource<constant>{%size}) -> tensor<16x16xf32> in !stream.resource<*>{%size}
  util.return %0 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @non_tensor_operand_encodings
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK:         %[[V2:.+]] = util.global.load @encoded_v2
// CHECK-NOT:     stream.tensor.encode
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%[[V1]], %arg0, %[[V2]]) : (tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%arg1}, index, !stream.timepoint in !stream.resource<constant>{%arg1}) -> tensor<16x16xf32> in !stream.resource<*>{%arg1}
// CHECK-NOT:     stream.tensor.encode
// CHECK:         util.return

// -----

// A tied dispatch operand with a non-tensor encoding (`!flow.channel`, from
// unify-encoding-for-globals-0001): operand and tied result keep it, no
// re-encode follows the dispatch, and the walk stops at the dispatch (the
// clone of the tied result is not re-encoded).
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @non_tensor_tied_operand(%size: index) -> (!stream.resource<constant>, !stream.resource<*>) {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%v1) : (!flow.channel in !stream.resource<constant>{%size}) -> !flow.channel in %v1{%size}
  %1 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %0 : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<16x16xf32, #encoding1> in !stream.resource<*>{%size}
  util.return %0, %1 : !stream.resource<constant>, !stream.resource<*>
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK-LABEL: util.func public @non_tensor_tied_operand
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK-NEXT:    %[[DISPATCH:.+]] = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%[[V1]]) : (!flow.channel in !stream.resource<constant>{%arg0}) -> !flow.channel in %[[V1]]{%arg0}
// CHECK-NEXT:    %[[CLONE:.+]] = stream.tensor.clone on(#hal.device.affinity<@device_a>) %[[DISPATCH]] : tensor<16x16xf32, #[[ENC1]]> in !stream.resource<constant>{%arg0} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK-NEXT:    util.return %[[DISPATCH]], %[[CLONE]]

// -----

// The verifier does not tie the length of the encoding arrays to the operand
// and result counts: an operand without an entry in `operand_encodings` and a
// tied result without an entry in `result_encodings` are left alone (no
// re-encode after the dispatch); the operand with an entry is unified.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @missing_encodings(%size: index) -> (!stream.resource<constant>, !stream.resource<constant>) {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %v2 = util.global.load @encoded_v2 : !stream.resource<constant>
  %0:2 = "stream.tensor.dispatch"(%v1, %v2, %size, %size, %size, %size) <{affinity = #hal.device.affinity<@device_a>, entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 2, 2, 0, 2, 0>, operand_encodings = [tensor<16x16xf32, #encoding1>], result_encodings = [], tied_operands = [0 : index, -1 : index]}> : (!stream.resource<constant>, !stream.resource<constant>, index, index, index, index) -> (!stream.resource<constant>, !stream.resource<constant>)
  util.return %0#0, %0#1 : !stream.resource<constant>, !stream.resource<constant>
}
// CHECK-LABEL: util.func public @missing_encodings
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK-NEXT:    %[[V2:.+]] = util.global.load @encoded_v2
// CHECK-NEXT:    %[[DISPATCH:.+]]:2 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%[[V1]], %[[V2]]) : (tensor<16x16xf32, #iree_encoding.specialized<123>> in
// CHECK-NEXT:    util.return %[[DISPATCH]]#0, %[[DISPATCH]]#1
// GENERIC-LABEL: sym_name = "missing_encodings"
// GENERIC:         %[[DISPATCH:.+]]:2 = "stream.tensor.dispatch"
// GENERIC-SAME:      operand_encodings = [tensor<16x16xf32, #iree_encoding.specialized<123>>], result_encodings = [], tied_operands = [0 : index, -1 : index]
// GENERIC-NEXT:    "util.return"(%[[DISPATCH]]#0, %[[DISPATCH]]#1)

// -----

// An encode whose source encoding is not a ranked tensor type reads the
// unified global as it is: its source encoding is left alone.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @non_tensor_encode_source(%size: index) -> !stream.resource<*> {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %v1 : !util.unused in !stream.resource<constant>{%size} -> tensor<16x16xf32> in !stream.resource<*>{%size}
  util.return %0 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @non_tensor_encode_source
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK-NEXT:    %[[ENCODE:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[V1]] : !util.unused in !stream.resource<constant>{%arg0} -> tensor<16x16xf32> in !stream.resource<*>{%arg0}
// CHECK-NEXT:    util.return %[[ENCODE]]
