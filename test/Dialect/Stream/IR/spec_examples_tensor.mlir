// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Conformance cross-check: the spec examples of stream-ir.md §12.4-§12.5 (tensor ops)
// and one variant per optional print part. Expected text derived from the Print templates.

// §12.4.1 Example.
// CHECK-LABEL: util.func public @tensor_import_example(
// CHECK-SAME: [[V_view:%[a-z0-9_]+]]: !hal.buffer_view, [[V_rows:%[a-z0-9_]+]]: index, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_import_example(%view: !hal.buffer_view, %rows: index, %bytes: index) {
  %r = stream.tensor.import on(#hal.device.affinity<@dev>) consume %view : !hal.buffer_view -> tensor<?x8xf32>{%rows} in !stream.resource<external>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.tensor.import on(#hal.device.affinity<@dev>) consume [[V_view]] : !hal.buffer_view -> tensor<?x8xf32>{[[V_rows]]} in !stream.resource<external>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.4.1 Print: no affinity, consume alone, static encoding, attributes.
// CHECK-LABEL: util.func public @tensor_import_variants(
// CHECK-SAME: [[V_view:%[a-z0-9_]+]]: !hal.buffer_view, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_import_variants(%view: !hal.buffer_view, %bytes: index) {
  %r0 = stream.tensor.import %view : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%bytes} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_r0:%[a-z0-9_]+]] = stream.tensor.import [[V_view]] : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{[[V_bytes]]} attributes {foo}{{$}}
  %r1 = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xi32> in !stream.resource<staging>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_r1:%[a-z0-9_]+]] = stream.tensor.import consume [[V_view]] : !hal.buffer_view -> tensor<4xi32> in !stream.resource<staging>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.4.2 Example.
// CHECK-LABEL: util.func public @tensor_export_example(
// CHECK-SAME: [[V_r:%[a-z0-9_]+]]: !stream.resource<external>, [[V_c16:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_export_example(%r: !stream.resource<external>, %c16: index) {
  %bv = stream.tensor.export %r : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  // CHECK-NEXT: {{^ *}}[[V_bv:%[a-z0-9_]+]] = stream.tensor.export [[V_r]] : tensor<4xi32> in !stream.resource<external>{[[V_c16]]} -> !hal.buffer_view{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.4.2 Print: affinity, dynamic dims, attributes.
// CHECK-LABEL: util.func public @tensor_export_variants(
// CHECK-SAME: [[V_r:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_export_variants(%r: !stream.resource<external>, %n: index, %sz: index) {
  %bv = stream.tensor.export on(#hal.device.affinity<@dev>) %r : tensor<?x4xf32>{%n} in !stream.resource<external>{%sz} -> !hal.buffer_view attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_bv:%[a-z0-9_]+]] = stream.tensor.export on(#hal.device.affinity<@dev>) [[V_r]] : tensor<?x4xf32>{[[V_n]]} in !stream.resource<external>{[[V_sz]]} -> !hal.buffer_view attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.1 Example.
// CHECK-LABEL: util.func public @tensor_sizeof_example(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_sizeof_example(%n: index) {
  %bytes = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x16xbf16>{%n} : index
  // CHECK-NEXT: {{^ *}}[[V_bytes:%[a-z0-9_]+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x16xbf16>{[[V_n]]} : index{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.1 Print: static encoding without dims; dynamic with attributes (plain dictionary).
// CHECK-LABEL: util.func public @tensor_sizeof_variants(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_sizeof_variants(%n: index) {
  %s0 = stream.tensor.sizeof tensor<4x8xf32> : index
  // CHECK-NEXT: {{^ *}}[[V_s0:%[a-z0-9_]+]] = stream.tensor.sizeof tensor<4x8xf32> : index{{$}}
  %s1 = stream.tensor.sizeof tensor<?xf32>{%n} {foo} : index
  // CHECK-NEXT: {{^ *}}[[V_s1:%[a-z0-9_]+]] = stream.tensor.sizeof tensor<?xf32>{[[V_n]]} {foo} : index{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.2 Example.
// CHECK-LABEL: util.func public @tensor_empty_example(
// CHECK-SAME: [[V_d:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_empty_example(%d: index, %c0: index) {
  %e = stream.tensor.empty : tensor<0x?xf32>{%d} in !stream.resource<*>{%c0}
  // CHECK-NEXT: {{^ *}}[[V_e:%[a-z0-9_]+]] = stream.tensor.empty : tensor<0x?xf32>{[[V_d]]} in !stream.resource<*>{[[V_c0]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.2 Print: affinity, static encoding, attributes.
// CHECK-LABEL: util.func public @tensor_empty_variants(
// CHECK-SAME: [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_empty_variants(%sz: index) {
  %e = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<4xf32> in !stream.resource<transient>{%sz} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_e:%[a-z0-9_]+]] = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<4xf32> in !stream.resource<transient>{[[V_sz]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.3 Example.
// CHECK-LABEL: util.func public @tensor_constant_example(
// CHECK-SAME: [[V_c3:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_constant_example(%c3: index) {
  %k = stream.tensor.constant : tensor<2x?xi8>{%c3} in !stream.resource<constant> = dense<7> : tensor<2x3xi8>
  // CHECK-NEXT: {{^ *}}[[V_k:%[a-z0-9_]+]] = stream.tensor.constant : tensor<2x?xi8>{[[V_c3]]} in !stream.resource<constant> = dense<7> : tensor<2x3xi8>{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.3 Print: affinity, static encoding, attributes.
// CHECK-LABEL: util.func public @tensor_constant_variants(
// CHECK-SAME: ) {{[{]$}}
util.func public @tensor_constant_variants() {
  %k = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2xi32> in !stream.resource<*> = dense<[1, 2]> : tensor<2xi32> attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_k:%[a-z0-9_]+]] = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2xi32> in !stream.resource<*> = dense<[1, 2]> : tensor<2xi32> attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.4 Example.
// CHECK-LABEL: util.func public @tensor_splat_example(
// CHECK-SAME: [[V_f0:%[a-z0-9_]+]]: f16, [[V_n:%[a-z0-9_]+]]: index, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_splat_example(%f0: f16, %n: index, %bytes: index) {
  %z = stream.tensor.splat %f0 : f16 -> tensor<?x4xf16>{%n} in !stream.resource<*>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_z:%[a-z0-9_]+]] = stream.tensor.splat [[V_f0]] : f16 -> tensor<?x4xf16>{[[V_n]]} in !stream.resource<*>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.4 Print: affinity, static encoding, attributes.
// CHECK-LABEL: util.func public @tensor_splat_variants(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: i32, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_splat_variants(%v: i32, %bytes: index) {
  %z = stream.tensor.splat on(#hal.device.affinity<@dev>) %v : i32 -> tensor<8xi32> in !stream.resource<transient>{%bytes} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_z:%[a-z0-9_]+]] = stream.tensor.splat on(#hal.device.affinity<@dev>) [[V_v]] : i32 -> tensor<8xi32> in !stream.resource<transient>{[[V_bytes]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.5 Example.
// CHECK-LABEL: util.func public @tensor_clone_example(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_c32:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_clone_example(%a: !stream.resource<*>, %c32: index) {
  %c = stream.tensor.clone %a : tensor<8xf32> in !stream.resource<*>{%c32} -> tensor<2x4xf32> in !stream.resource<*>{%c32}
  // CHECK-NEXT: {{^ *}}[[V_c:%[a-z0-9_]+]] = stream.tensor.clone [[V_a]] : tensor<8xf32> in !stream.resource<*>{[[V_c32]]} -> tensor<2x4xf32> in !stream.resource<*>{[[V_c32]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.5 Print: affinity, dynamic dims on both sides, attributes.
// CHECK-LABEL: util.func public @tensor_clone_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_s0:%[a-z0-9_]+]]: index, [[V_s1:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_clone_variants(%a: !stream.resource<*>, %n: index, %s0: index, %s1: index) {
  %c = stream.tensor.clone on(#hal.device.affinity<@dev>) %a : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<4x?xf32>{%n} in !stream.resource<*>{%s1} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_c:%[a-z0-9_]+]] = stream.tensor.clone on(#hal.device.affinity<@dev>) [[V_a]] : tensor<?x4xf32>{[[V_n]]} in !stream.resource<*>{[[V_s0]]} -> tensor<4x?xf32>{[[V_n]]} in !stream.resource<*>{[[V_s1]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.6 Example (#enc written as a string encoding).
// CHECK-LABEL: util.func public @tensor_encode_example(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_s0:%[a-z0-9_]+]]: index, [[V_s1:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_encode_example(%a: !stream.resource<*>, %n: index, %s0: index, %s1: index) {
  %e = stream.tensor.encode %a : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%s1}
  // CHECK-NEXT: {{^ *}}[[V_e:%[a-z0-9_]+]] = stream.tensor.encode [[V_a]] : tensor<?x4xf32>{[[V_n]]} in !stream.resource<*>{[[V_s0]]} -> tensor<?x4xf32, "enc">{[[V_n]]} in !stream.resource<*>{[[V_s1]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.6 Print: affinity, static, attributes.
// CHECK-LABEL: util.func public @tensor_encode_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_s0:%[a-z0-9_]+]]: index, [[V_s1:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_encode_variants(%a: !stream.resource<*>, %s0: index, %s1: index) {
  %e = stream.tensor.encode on(#hal.device.affinity<@dev>) %a : tensor<4xf32> in !stream.resource<*>{%s0} -> tensor<4xf32, "enc"> in !stream.resource<*>{%s1} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_e:%[a-z0-9_]+]] = stream.tensor.encode on(#hal.device.affinity<@dev>) [[V_a]] : tensor<4xf32> in !stream.resource<*>{[[V_s0]]} -> tensor<4xf32, "enc"> in !stream.resource<*>{[[V_s1]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.7 Example.
// CHECK-LABEL: util.func public @tensor_slice_example(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_m:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_as:%[a-z0-9_]+]]: index, [[V_ss:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_slice_example(%a: !stream.resource<*>, %m: index, %n: index, %as: index, %ss: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %c2 = arith.constant 2 : index
  // CHECK-NEXT: {{^ *}}[[V_c2:%[a-z0-9_]+]] = arith.constant 2 : index{{$}}
  %s = stream.tensor.slice %a[%c0, %c2 for %n, %c2] : tensor<?x8xf32>{%m} in !stream.resource<*>{%as} -> tensor<?x2xf32>{%n} in !stream.resource<*>{%ss}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.tensor.slice [[V_a]]{{\[}}[[V_c0]], [[V_c2]] for [[V_n]], [[V_c2]]{{\]}} : tensor<?x8xf32>{[[V_m]]} in !stream.resource<*>{[[V_as]]} -> tensor<?x2xf32>{[[V_n]]} in !stream.resource<*>{[[V_ss]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.7 Print: affinity, rank-0 slice prints `[ for ]`, attributes.
// CHECK-LABEL: util.func public @tensor_slice_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_as:%[a-z0-9_]+]]: index, [[V_ss:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_slice_variants(%a: !stream.resource<*>, %as: index, %ss: index) {
  %s = stream.tensor.slice on(#hal.device.affinity<@dev>) %a[for] : tensor<f32> in !stream.resource<*>{%as} -> tensor<f32> in !stream.resource<*>{%ss} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.tensor.slice on(#hal.device.affinity<@dev>) [[V_a]][ for ] : tensor<f32> in !stream.resource<*>{[[V_as]]} -> tensor<f32> in !stream.resource<*>{[[V_ss]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.8 Example.
// CHECK-LABEL: util.func public @tensor_fill_example(
// CHECK-SAME: [[V_one:%[a-z0-9_]+]]: i32, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_c0:%[a-z0-9_]+]]: index, [[V_c4:%[a-z0-9_]+]]: index, [[V_c64:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_fill_example(%one: i32, %t: !stream.resource<*>, %c0: index, %c4: index, %c64: index) {
  %f = stream.tensor.fill %one, %t[%c0 for %c4] : i32 -> tensor<16xi32> in %t as !stream.resource<*>{%c64}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.tensor.fill [[V_one]], [[V_t]]{{\[}}[[V_c0]] for [[V_c4]]{{\]}} : i32 -> tensor<16xi32> in [[V_t]] as !stream.resource<*>{[[V_c64]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.8 Print: affinity, no range, dynamic dims, input without `%t as`, attributes.
// CHECK-LABEL: util.func public @tensor_fill_variants(
// CHECK-SAME: [[V_one:%[a-z0-9_]+]]: i32, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_fill_variants(%one: i32, %t: !stream.resource<*>, %n: index, %sz: index) {
  %f = stream.tensor.fill on(#hal.device.affinity<@dev>) %one, %t : i32 -> tensor<?xi32>{%n} in !stream.resource<*>{%sz} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.tensor.fill on(#hal.device.affinity<@dev>) [[V_one]], [[V_t]] : i32 -> tensor<?xi32>{[[V_n]]} in [[V_t]] as !stream.resource<*>{[[V_sz]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.9 Example.
// CHECK-LABEL: util.func public @tensor_update_example(
// CHECK-SAME: [[V_p:%[a-z0-9_]+]]: !stream.resource<*>, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_c1:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_c16:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_ts:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_update_example(%p: !stream.resource<*>, %t: !stream.resource<*>, %c1: index, %c0: index, %c16: index, %n: index, %ts: index) {
  %u = stream.tensor.update %p, %t[%c1, %c0] : tensor<1x4xf32> in !stream.resource<*>{%c16} -> tensor<?x4xf32>{%n} in %t as !stream.resource<*>{%ts}
  // CHECK-NEXT: {{^ *}}[[V_u:%[a-z0-9_]+]] = stream.tensor.update [[V_p]], [[V_t]]{{\[}}[[V_c1]], [[V_c0]]{{\]}} : tensor<1x4xf32> in !stream.resource<*>{[[V_c16]]} -> tensor<?x4xf32>{[[V_n]]} in [[V_t]] as !stream.resource<*>{[[V_ts]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.9 Print: affinity, dynamic update dims, static target, input without `%t as`, attributes.
// CHECK-LABEL: util.func public @tensor_update_variants(
// CHECK-SAME: [[V_p:%[a-z0-9_]+]]: !stream.resource<*>, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_c0:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_ps:%[a-z0-9_]+]]: index, [[V_ts:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_update_variants(%p: !stream.resource<*>, %t: !stream.resource<*>, %c0: index, %n: index, %ps: index, %ts: index) {
  %u = stream.tensor.update on(#hal.device.affinity<@dev>) %p, %t[%c0] : tensor<?xf32>{%n} in !stream.resource<*>{%ps} -> tensor<8xf32> in !stream.resource<*>{%ts} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_u:%[a-z0-9_]+]] = stream.tensor.update on(#hal.device.affinity<@dev>) [[V_p]], [[V_t]]{{\[}}[[V_c0]]{{\]}} : tensor<?xf32>{[[V_n]]} in !stream.resource<*>{[[V_ps]]} -> tensor<8xf32> in [[V_t]] as !stream.resource<*>{[[V_ts]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.10 Example.
// CHECK-LABEL: util.func public @tensor_load_example(
// CHECK-SAME: [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_i:%[a-z0-9_]+]]: index, [[V_j:%[a-z0-9_]+]]: index, [[V_c64:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_load_example(%stg: !stream.resource<staging>, %i: index, %j: index, %c64: index) {
  %x = stream.tensor.load %stg[%i, %j] : tensor<4x4xf32> in !stream.resource<staging>{%c64} -> f32
  // CHECK-NEXT: {{^ *}}[[V_x:%[a-z0-9_]+]] = stream.tensor.load [[V_stg]]{{\[}}[[V_i]], [[V_j]]{{\]}} : tensor<4x4xf32> in !stream.resource<staging>{[[V_c64]]} -> f32{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.10 Print: rank-0 without indices, dynamic dims, attributes.
// CHECK-LABEL: util.func public @tensor_load_variants(
// CHECK-SAME: [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_i:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_load_variants(%stg: !stream.resource<staging>, %i: index, %n: index, %sz: index) {
  %x = stream.tensor.load %stg : tensor<i32> in !stream.resource<staging>{%sz} -> i32 attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_x:%[a-z0-9_]+]] = stream.tensor.load [[V_stg]] : tensor<i32> in !stream.resource<staging>{[[V_sz]]} -> i32 attributes {foo}{{$}}
  %y = stream.tensor.load %stg[%i] : tensor<?xf32>{%n} in !stream.resource<staging>{%sz} -> f32
  // CHECK-NEXT: {{^ *}}[[V_y:%[a-z0-9_]+]] = stream.tensor.load [[V_stg]]{{\[}}[[V_i]]{{\]}} : tensor<?xf32>{[[V_n]]} in !stream.resource<staging>{[[V_sz]]} -> f32{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.11 Example.
// CHECK-LABEL: util.func public @tensor_store_example(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: f32, [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_i:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_store_example(%x: f32, %stg: !stream.resource<staging>, %i: index, %n: index, %bytes: index) {
  %w = stream.tensor.store %x, %stg[%i] : f32 -> tensor<?xf32>{%n} in %stg as !stream.resource<staging>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.tensor.store [[V_x]], [[V_stg]]{{\[}}[[V_i]]{{\]}} : f32 -> tensor<?xf32>{[[V_n]]} in [[V_stg]] as !stream.resource<staging>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.11 Print: rank-0 without indices, input without `%stg as`, attributes.
// CHECK-LABEL: util.func public @tensor_store_variants(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: i32, [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_store_variants(%x: i32, %stg: !stream.resource<staging>, %bytes: index) {
  %w = stream.tensor.store %x, %stg : i32 -> tensor<i32> in !stream.resource<staging>{%bytes} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.tensor.store [[V_x]], [[V_stg]] : i32 -> tensor<i32> in [[V_stg]] as !stream.resource<staging>{[[V_bytes]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.12 Example.
// CHECK-LABEL: util.func public @tensor_trace_example(
// CHECK-SAME: [[V_o:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_rows:%[a-z0-9_]+]]: index, [[V_obytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_trace_example(%o: !stream.resource<staging>, %rows: index, %obytes: index) {
  stream.tensor.trace "after_matmul" = [
    %o : tensor<?x128xf32>{%rows} in !stream.resource<staging>{%obytes}
  ]
  // CHECK-NEXT: {{^ *}}stream.tensor.trace "after_matmul" = [{{$}}
  // CHECK-NEXT: {{^ *}}[[V_o]] : tensor<?x128xf32>{[[V_rows]]} in !stream.resource<staging>{[[V_obytes]]}{{$}}
  // CHECK-NEXT: {{^ *}}]{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.12 example layout: two entries, static and dynamic; attributes after `]`.
// CHECK-LABEL: util.func public @tensor_trace_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_b:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_s0:%[a-z0-9_]+]]: index, [[V_s1:%[a-z0-9_]+]]: index, [[V_d0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_trace_variants(%a: !stream.resource<staging>, %b: !stream.resource<staging>, %s0: index, %s1: index, %d0: index) {
  stream.tensor.trace "KEY" = [%a : tensor<5xf32> in !stream.resource<staging>{%s0}, %b : tensor<?x3xi32>{%d0} in !stream.resource<staging>{%s1}] attributes {foo}
  // CHECK-NEXT: {{^ *}}stream.tensor.trace "KEY" = [{{$}}
  // CHECK-NEXT: {{^ *}}[[V_a]] : tensor<5xf32> in !stream.resource<staging>{[[V_s0]]},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_b]] : tensor<?x3xi32>{[[V_d0]]} in !stream.resource<staging>{[[V_s1]]}{{$}}
  // CHECK-NEXT: {{^ *}}] attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.13 Example.
stream.executable private @ex {
  stream.executable.export public @softmax workgroups(%arg0: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @tensor_dispatch_example(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_xs:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_dispatch_example(%x: !stream.resource<*>, %n: index, %xs: index) {
  %y = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @ex::@softmax[%n](%x, %n) :
      (tensor<?xf32>{%n} in !stream.resource<*>{%xs}, index) -> tensor<?xf32>{%n} in %x{%xs}
  // CHECK-NEXT: {{^ *}}[[V_y:%[a-z0-9_]+]] = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @ex::@softmax{{\[}}[[V_n]]{{\]}}([[V_x]], [[V_n]]) : (tensor<?xf32>{[[V_n]]} in !stream.resource<*>{[[V_xs]]}, index) -> tensor<?xf32>{[[V_n]]} in [[V_x]]{[[V_xs]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.13 / §11.9 / §11.11 Print: several entry points in braces, no workload, attributes,
// two results (one untied without encoding, one tied with encoding), operand without encoding.
stream.executable private @ex {
  stream.executable.export public @softmax workgroups(%arg0: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @tensor_dispatch_variants(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_xs:%[a-z0-9_]+]]: index, [[V_s1:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_dispatch_variants(%x: !stream.resource<*>, %n: index, %xs: index, %s1: index) {
  %y:2 = stream.tensor.dispatch {@ex::@a, @ex::@b}(%x, %n) {foo} : (tensor<?xf32>{%n} in !stream.resource<*>{%xs}, index) -> (!stream.resource<*>{%s1}, tensor<?xf32>{%n} in %x{%xs})
  // CHECK-NEXT: {{^ *}}[[V_y:%[a-z0-9_]+]]:2 = stream.tensor.dispatch {@ex::@a, @ex::@b}([[V_x]], [[V_n]]) {foo} : (tensor<?xf32>{[[V_n]]} in !stream.resource<*>{[[V_xs]]}, index) -> (!stream.resource<*>{[[V_s1]]}, tensor<?xf32>{[[V_n]]} in [[V_x]]{[[V_xs]]}){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.11 Print: zero results print `-> ()`; a resource operand without encoding; tied result with `as` type.
stream.executable private @ex {
  stream.executable.export public @softmax workgroups(%arg0: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @tensor_dispatch_no_results(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: !stream.resource<*>, [[V_xs:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_dispatch_no_results(%x: !stream.resource<*>, %xs: index) {
  stream.tensor.dispatch @ex::@a(%x) : (!stream.resource<*>{%xs}) -> ()
  // CHECK-NEXT: {{^ *}}stream.tensor.dispatch @ex::@a([[V_x]]) : (!stream.resource<*>{[[V_xs]]}) -> (){{$}}
  %z = stream.tensor.dispatch @ex::@b(%x) : (tensor<4xf32> in !stream.resource<*>{%xs}) -> tensor<4xf32> in %x as !stream.resource<external>{%xs}
  // CHECK-NEXT: {{^ *}}[[V_z:%[a-z0-9_]+]] = stream.tensor.dispatch @ex::@b([[V_x]]) : (tensor<4xf32> in !stream.resource<*>{[[V_xs]]}) -> tensor<4xf32> in [[V_x]] as !stream.resource<external>{[[V_xs]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.4: the `%x as` name of a shaped tied result is ignored by the parser; the target prints.
// CHECK-LABEL: util.func public @tensor_fill_tie_name_ignored(
// CHECK-SAME: [[V_one:%[a-z0-9_]+]]: i32, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_fill_tie_name_ignored(%one: i32, %t: !stream.resource<*>, %sz: index) {
  %f = stream.tensor.fill %one, %t : i32 -> tensor<4xi32> in %not_a_value as !stream.resource<*>{%sz}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.tensor.fill [[V_one]], [[V_t]] : i32 -> tensor<4xi32> in [[V_t]] as !stream.resource<*>{[[V_sz]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.3: the value may be a #stream.parameter.named attribute.
// CHECK-LABEL: util.func public @tensor_constant_parameter_value(
// CHECK-SAME: ) {{[{]$}}
util.func public @tensor_constant_parameter_value() {
  %k = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  // CHECK-NEXT: {{^ *}}[[V_k:%[a-z0-9_]+]] = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.4.1 Print: affinity without consume.
// CHECK-LABEL: util.func public @tensor_import_affinity_only(
// CHECK-SAME: [[V_view:%[a-z0-9_]+]]: !hal.buffer_view, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_import_affinity_only(%view: !hal.buffer_view, %bytes: index) {
  %r = stream.tensor.import on(#hal.device.affinity<@dev>) %view : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.tensor.import on(#hal.device.affinity<@dev>) [[V_view]] : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.1 Print: affinity, dims and attribute dictionary together.
// CHECK-LABEL: util.func public @tensor_sizeof_affinity_attrs(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_sizeof_affinity_attrs(%n: index) {
  %s = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32>{%n, %n} {foo} : index
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32>{[[V_n]], [[V_n]]} {foo} : index{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.9: a single entry written in braces prints bare; §11.11: `as` with the operand type is elided;
// workload of two values.
stream.executable private @ex {
  stream.executable.export public @softmax workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @tensor_dispatch_single_braced_entry(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_xs:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_dispatch_single_braced_entry(%x: !stream.resource<*>, %n: index, %xs: index) {
  %y = stream.tensor.dispatch {@ex::@softmax}[%n, %n](%x) : (tensor<4xf32> in !stream.resource<*>{%xs}) -> tensor<4xf32> in %x as !stream.resource<*>{%xs}
  // CHECK-NEXT: {{^ *}}[[V_y:%[a-z0-9_]+]] = stream.tensor.dispatch @ex::@softmax{{\[}}[[V_n]], [[V_n]]{{\]}}([[V_x]]) : (tensor<4xf32> in !stream.resource<*>{[[V_xs]]}) -> tensor<4xf32> in [[V_x]]{[[V_xs]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.2 / §12.5.3 Result names: `empty` and `cst`.
// CHECK-LABEL: util.func public @tensor_result_names(
// CHECK-SAME: [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_result_names(%sz: index) {
  %e = stream.tensor.empty : tensor<4xf32> in !stream.resource<*>{%sz}
  // CHECK-NEXT: {{^ *}}%empty = stream.tensor.empty : tensor<4xf32> in !stream.resource<*>{[[V_sz]]}{{$}}
  %k = stream.tensor.constant : tensor<1xi8> in !stream.resource<constant> = dense<1> : tensor<1xi8>
  // CHECK-NEXT: {{^ *}}%cst = stream.tensor.constant : tensor<1xi8> in !stream.resource<constant> = dense<1> : tensor<1xi8>{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.8 / §12.5.10 / §12.5.11: empty index brackets parse; the range/indices print only when non-empty.
// CHECK-LABEL: util.func public @tensor_empty_brackets(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: i32, [[V_t:%[a-z0-9_]+]]: !stream.resource<*>, [[V_s:%[a-z0-9_]+]]: index, [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>) {{[{]$}}
util.func public @tensor_empty_brackets(%v: i32, %t: !stream.resource<*>, %s: index, %stg: !stream.resource<staging>) {
  %0 = stream.tensor.fill %v, %t[for] : i32 -> tensor<i32> in %t as !stream.resource<*>{%s}
  // CHECK-NEXT: {{^ *}}[[V_0:%[a-z0-9_]+]] = stream.tensor.fill [[V_v]], [[V_t]] : i32 -> tensor<i32> in [[V_t]] as !stream.resource<*>{[[V_s]]}{{$}}
  %1 = stream.tensor.load %stg[] : tensor<i32> in !stream.resource<staging>{%s} -> i32
  // CHECK-NEXT: {{^ *}}[[V_1:%[a-z0-9_]+]] = stream.tensor.load [[V_stg]] : tensor<i32> in !stream.resource<staging>{[[V_s]]} -> i32{{$}}
  %2 = stream.tensor.store %v, %stg[] : i32 -> tensor<i32> in %stg as !stream.resource<staging>{%s}
  // CHECK-NEXT: {{^ *}}[[V_2:%[a-z0-9_]+]] = stream.tensor.store [[V_v]], [[V_stg]] : i32 -> tensor<i32> in [[V_stg]] as !stream.resource<staging>{[[V_s]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.5.13: workload with an empty operand list and no results.
stream.executable private @ex {
  stream.executable.export public @softmax workgroups(%arg0: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @tensor_dispatch_workload_no_operands(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_dispatch_workload_no_operands(%n: index) {
  stream.tensor.dispatch @ex::@softmax[%n]() : () -> ()
  // CHECK-NEXT: {{^ *}}stream.tensor.dispatch @ex::@softmax{{\[}}[[V_n]]{{\]}}() : () -> (){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}
