// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Conformance cross-check: the spec examples of stream-ir.md §12.6, §12.9 and §12.11 (parameter ops)
// and one variant per optional print part. Expected text derived from the Print templates.

// §12.6.1 Example.
// CHECK-LABEL: util.func public @tensor_parameter_load_example(
// CHECK-SAME: [[V_scope:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_rows:%[a-z0-9_]+]]: index, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_parameter_load_example(%scope: !util.buffer, %name: !util.buffer, %off: i64, %rows: index, %bytes: index) {
  %w = stream.tensor.parameter.load %scope::%name[%off] : tensor<?x64xf16>{%rows} in !stream.resource<*>{%bytes}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.tensor.parameter.load [[V_scope]]::[[V_name]]{{\[}}[[V_off]]{{\]}} : tensor<?x64xf16>{[[V_rows]]} in !stream.resource<*>{[[V_bytes]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.6.1 Print: affinity, no scope, static encoding, attributes.
// CHECK-LABEL: util.func public @tensor_parameter_load_variants(
// CHECK-SAME: [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_bytes:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_parameter_load_variants(%name: !util.buffer, %off: i64, %bytes: index) {
  %w = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %name[%off] : tensor<4xf32> in !stream.resource<constant>{%bytes} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) [[V_name]]{{\[}}[[V_off]]{{\]}} : tensor<4xf32> in !stream.resource<constant>{[[V_bytes]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.6.2 Example.
// CHECK-LABEL: util.func public @tensor_parameter_write_example(
// CHECK-SAME: [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_ckpt:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_c512:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_parameter_write_example(%acc: !stream.resource<*>, %ckpt: !util.buffer, %off: i64, %c512: index) {
  %same = stream.tensor.parameter.write %acc -> %ckpt[%off] : tensor<128xf32> in !stream.resource<*>{%c512}
  // CHECK-NEXT: {{^ *}}[[V_same:%[a-z0-9_]+]] = stream.tensor.parameter.write [[V_acc]] -> [[V_ckpt]]{{\[}}[[V_off]]{{\]}} : tensor<128xf32> in !stream.resource<*>{[[V_c512]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.6.2 Print: affinity, scope, dynamic dims, attributes.
// CHECK-LABEL: util.func public @tensor_parameter_write_variants(
// CHECK-SAME: [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_scope:%[a-z0-9_]+]]: !util.buffer, [[V_ckpt:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_n:%[a-z0-9_]+]]: index, [[V_sz:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @tensor_parameter_write_variants(%acc: !stream.resource<*>, %scope: !util.buffer, %ckpt: !util.buffer, %off: i64, %n: index, %sz: index) {
  %same = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %acc -> %scope::%ckpt[%off] : tensor<?xf32>{%n} in !stream.resource<*>{%sz} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_same:%[a-z0-9_]+]] = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) [[V_acc]] -> [[V_scope]]::[[V_ckpt]]{{\[}}[[V_off]]{{\]}} : tensor<?xf32>{[[V_n]]} in !stream.resource<*>{[[V_sz]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.1 Example.
// CHECK-LABEL: util.func public @async_parameter_load_example(
// CHECK-SAME: [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_load_example(%ns: !util.buffer, %name: !util.buffer, %off: i64, %n: index) {
  %w, %w_ready = stream.async.parameter.load %ns::%name[%off] : !stream.resource<constant>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.load [[V_ns]]::[[V_name]]{{\[}}[[V_off]]{{\]}} : !stream.resource<constant>{[[V_n]]} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.1 Print: affinity, await (no arrow), no scope, attributes.
// CHECK-LABEL: util.func public @async_parameter_load_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_load_variants(%t: !stream.timepoint, %name: !util.buffer, %off: i64, %n: index) {
  %w, %w_ready = stream.async.parameter.load on(#hal.device.affinity<@dev>) await(%t) %name[%off] : !stream.resource<constant>{%n} => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.load on(#hal.device.affinity<@dev>) await([[V_t]]) [[V_name]]{{\[}}[[V_off]]{{\]}} : !stream.resource<constant>{[[V_n]]} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.2 Example.
// CHECK-LABEL: util.func public @async_parameter_read_example(
// CHECK-SAME: [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_poff:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index, [[V_l:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_read_example(%name: !util.buffer, %poff: i64, %buf: !stream.resource<transient>, %o: index, %e: index, %l: index, %n: index) {
  %t2, %r = stream.async.parameter.read %name[%poff] -> %buf[%o to %e for %l] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.read [[V_name]]{{\[}}[[V_poff]]{{\]}} -> [[V_buf]]{{\[}}[[V_o]] to [[V_e]] for [[V_l]]{{\]}} : !stream.resource<transient>{[[V_n]]} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.2 Print: affinity, await, scope, attributes.
// CHECK-LABEL: util.func public @async_parameter_read_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_poff:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index, [[V_l:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_read_variants(%t: !stream.timepoint, %ns: !util.buffer, %name: !util.buffer, %poff: i64, %buf: !stream.resource<transient>, %o: index, %e: index, %l: index, %n: index) {
  %t2, %r = stream.async.parameter.read on(#hal.device.affinity<@dev>) await(%t) %ns::%name[%poff] -> %buf[%o to %e for %l] : !stream.resource<transient>{%n} => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.read on(#hal.device.affinity<@dev>) await([[V_t]]) [[V_ns]]::[[V_name]]{{\[}}[[V_poff]]{{\]}} -> [[V_buf]]{{\[}}[[V_o]] to [[V_e]] for [[V_l]]{{\]}} : !stream.resource<transient>{[[V_n]]} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.3 Example.
// CHECK-LABEL: util.func public @async_parameter_write_example(
// CHECK-SAME: [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_ckpt:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_poff:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @async_parameter_write_example(%acc: !stream.resource<*>, %n: index, %ckpt: !util.buffer, %name: !util.buffer, %poff: i64) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %s2, %w = stream.async.parameter.write %acc[%c0 to %n for %n] -> %ckpt::%name[%poff] : !stream.resource<*>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.write [[V_acc]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}} -> [[V_ckpt]]::[[V_name]]{{\[}}[[V_poff]]{{\]}} : !stream.resource<*>{[[V_n]]} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.3 Print: affinity, await, no scope, attributes.
// CHECK-LABEL: util.func public @async_parameter_write_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_poff:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @async_parameter_write_variants(%t: !stream.timepoint, %acc: !stream.resource<*>, %n: index, %o: index, %name: !util.buffer, %poff: i64) {
  %s2, %w = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%t) %acc[%o to %n for %n] -> %name[%poff] : !stream.resource<*>{%n} => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.write on(#hal.device.affinity<@dev>) await([[V_t]]) [[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} -> [[V_name]]{{\[}}[[V_poff]]{{\]}} : !stream.resource<*>{[[V_n]]} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.4 Example.
// CHECK-LABEL: util.func public @async_parameter_gather_example(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_k1:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_p1:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o0:%[a-z0-9_]+]]: index, [[V_e0:%[a-z0-9_]+]]: index, [[V_l0:%[a-z0-9_]+]]: index, [[V_o1:%[a-z0-9_]+]]: index, [[V_e1:%[a-z0-9_]+]]: index, [[V_l1:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_gather_example(%t: !stream.timepoint, %ns: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64, %buf: !stream.resource<transient>, %o0: index, %e0: index, %l0: index, %o1: index, %e1: index, %l1: index, %n: index) {
  %all, %all_ready = stream.async.parameter.gather await(%t) {
    %ns::%k0[%p0] -> %buf[%o0 to %e0 for %l0] : !stream.resource<transient>{%n},
    %ns::%k1[%p1] -> %buf[%o1 to %e1 for %l1] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.gather await([[V_t]]) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_k0]]{{\[}}[[V_p0]]{{\]}} -> [[V_buf]]{{\[}}[[V_o0]] to [[V_e0]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_k1]]{{\[}}[[V_p1]]{{\]}} -> [[V_buf]]{{\[}}[[V_o1]] to [[V_e1]] for [[V_l1]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} : !stream.resource<transient> => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.4 Print: affinity, no await, no scope, single row, attributes.
// CHECK-LABEL: util.func public @async_parameter_gather_variants(
// CHECK-SAME: [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o0:%[a-z0-9_]+]]: index, [[V_e0:%[a-z0-9_]+]]: index, [[V_l0:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_parameter_gather_variants(%k0: !util.buffer, %p0: i64, %buf: !stream.resource<transient>, %o0: index, %e0: index, %l0: index, %n: index) {
  %all, %all_ready = stream.async.parameter.gather on(#hal.device.affinity<@dev>) {%k0[%p0] -> %buf[%o0 to %e0 for %l0] : !stream.resource<transient>{%n}} : !stream.resource<transient> => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.gather on(#hal.device.affinity<@dev>) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_k0]]{{\[}}[[V_p0]]{{\]}} -> [[V_buf]]{{\[}}[[V_o0]] to [[V_e0]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} : !stream.resource<transient> => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.5 Example.
// CHECK-LABEL: util.func public @async_parameter_scatter_example(
// CHECK-SAME: [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_out:%[a-z0-9_]+]]: !util.buffer, [[V_a:%[a-z0-9_]+]]: !util.buffer, [[V_b:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_p1:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @async_parameter_scatter_example(%acc: !stream.resource<*>, %n: index, %out: !util.buffer, %a: !util.buffer, %b: !util.buffer, %p0: i64, %p1: i64) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %c16 = arith.constant 16 : index
  // CHECK-NEXT: {{^ *}}[[V_c16:%[a-z0-9_]+]] = arith.constant 16 : index{{$}}
  %c32 = arith.constant 32 : index
  // CHECK-NEXT: {{^ *}}[[V_c32:%[a-z0-9_]+]] = arith.constant 32 : index{{$}}
  %src2, %saved = stream.async.parameter.scatter {
    %acc[%c0 to %c16 for %c16] : !stream.resource<*>{%n} -> %out::%a[%p0],
    %acc[%c16 to %c32 for %c16] : !stream.resource<*>{%n} -> %out::%b[%p1]
  } : !stream.resource<*> => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.scatter {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_acc]]{{\[}}[[V_c0]] to [[V_c16]] for [[V_c16]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_out]]::[[V_a]]{{\[}}[[V_p0]]{{\]}},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_acc]]{{\[}}[[V_c16]] to [[V_c32]] for [[V_c16]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_out]]::[[V_b]]{{\[}}[[V_p1]]{{\]}}{{$}}
  // CHECK-NEXT: {{^ *}}} : !stream.resource<*> => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.9.5 Print: affinity, await, no scope, single row, attributes.
// CHECK-LABEL: util.func public @async_parameter_scatter_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_a:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @async_parameter_scatter_variants(%t: !stream.timepoint, %acc: !stream.resource<*>, %n: index, %o: index, %a: !util.buffer, %p0: i64) {
  %src2, %saved = stream.async.parameter.scatter on(#hal.device.affinity<@dev>) await(%t) {
    %acc[%o to %n for %n] : !stream.resource<*>{%n} -> %a[%p0]
  } : !stream.resource<*> => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.scatter on(#hal.device.affinity<@dev>) await([[V_t]]) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_a]]{{\[}}[[V_p0]]{{\]}}{{$}}
  // CHECK-NEXT: {{^ *}}} : !stream.resource<*> => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.1 Example.
// CHECK-LABEL: util.func public @cmd_parameter_load_example(
// CHECK-SAME: [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_k1:%[a-z0-9_]+]]: !util.buffer, [[V_o0:%[a-z0-9_]+]]: i64, [[V_o1:%[a-z0-9_]+]]: i64, [[V_n0:%[a-z0-9_]+]]: index, [[V_n1:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_load_example(%ns: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %o0: i64, %o1: i64, %n0: index, %n1: index) {
  %p0, %p1, %ready = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) {
    %ns::%k0[%o0] : !stream.resource<constant>{%n0},
    %ns::%k1[%o1] : !stream.resource<constant>{%n1}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_k0]]{{\[}}[[V_o0]]{{\]}} : !stream.resource<constant>{[[V_n0]]},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_k1]]{{\[}}[[V_o1]]{{\]}} : !stream.resource<constant>{[[V_n1]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.1 Print: await with arrow, no affinity, no scope, single row, attributes.
// CHECK-LABEL: util.func public @cmd_parameter_load_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_o0:%[a-z0-9_]+]]: i64, [[V_n0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_load_variants(%t: !stream.timepoint, %k0: !util.buffer, %o0: i64, %n0: index) {
  %p0, %ready = stream.cmd.parameter.load await(%t) => {
    %k0[%o0] : !stream.resource<constant>{%n0}
  } => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.cmd.parameter.load await([[V_t]]) => {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_k0]]{{\[}}[[V_o0]]{{\]}} : !stream.resource<constant>{[[V_n0]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.2 Example.
// CHECK-LABEL: util.func public @cmd_parameter_read_example(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_po:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_read_example(%t: !stream.timepoint, %name: !util.buffer, %po: i64, %buf: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %r = stream.cmd.parameter.read await(%t) => %name[%po] -> %buf[%c0 for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.cmd.parameter.read await([[V_t]]) => [[V_name]]{{\[}}[[V_po]]{{\]}} -> [[V_buf]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.2 Print: affinity, no await, scope, attributes.
// CHECK-LABEL: util.func public @cmd_parameter_read_variants(
// CHECK-SAME: [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_po:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_read_variants(%ns: !util.buffer, %name: !util.buffer, %po: i64, %buf: !stream.resource<transient>, %o: index, %n: index) {
  %r = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) %ns::%name[%po] -> %buf[%o for %n] : !stream.resource<transient>{%n} => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) [[V_ns]]::[[V_name]]{{\[}}[[V_po]]{{\]}} -> [[V_buf]]{{\[}}[[V_o]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.3 Example.
// CHECK-LABEL: util.func public @cmd_parameter_write_example(
// CHECK-SAME: [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_out:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_po:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @cmd_parameter_write_example(%buf: !stream.resource<transient>, %n: index, %out: !util.buffer, %name: !util.buffer, %po: i64) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %w = stream.cmd.parameter.write %buf[%c0 for %n] : !stream.resource<transient>{%n} -> %out::%name[%po] => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.cmd.parameter.write [[V_buf]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} -> [[V_out]]::[[V_name]]{{\[}}[[V_po]]{{\]}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.3 Print: affinity, await, no scope, attributes.
// CHECK-LABEL: util.func public @cmd_parameter_write_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_po:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @cmd_parameter_write_variants(%t: !stream.timepoint, %buf: !stream.resource<transient>, %o: index, %n: index, %name: !util.buffer, %po: i64) {
  %w = stream.cmd.parameter.write on(#hal.device.affinity<@dev>) await(%t) => %buf[%o for %n] : !stream.resource<transient>{%n} -> %name[%po] => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.cmd.parameter.write on(#hal.device.affinity<@dev>) await([[V_t]]) => [[V_buf]]{{\[}}[[V_o]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} -> [[V_name]]{{\[}}[[V_po]]{{\]}} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.4 Example.
// CHECK-LABEL: util.func public @cmd_parameter_gather_example(
// CHECK-SAME: [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_k1:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_p1:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_l0:%[a-z0-9_]+]]: index, [[V_l1:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_gather_example(%k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64, %buf: !stream.resource<transient>, %l0: index, %l1: index, %n: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %g = stream.cmd.parameter.gather {
    %k0[%p0] -> %buf[%c0 for %l0] : !stream.resource<transient>{%n},
    %k1[%p1] -> %buf[%l0 for %l1] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_g:%[a-z0-9_]+]] = stream.cmd.parameter.gather {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_k0]]{{\[}}[[V_p0]]{{\]}} -> [[V_buf]]{{\[}}[[V_c0]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_k1]]{{\[}}[[V_p1]]{{\]}} -> [[V_buf]]{{\[}}[[V_l0]] for [[V_l1]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.4 Print: affinity, await with arrow, scope, single row, attributes.
// CHECK-LABEL: util.func public @cmd_parameter_gather_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_l0:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_parameter_gather_variants(%t: !stream.timepoint, %ns: !util.buffer, %k0: !util.buffer, %p0: i64, %buf: !stream.resource<transient>, %o: index, %l0: index, %n: index) {
  %g = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await(%t) => {
    %ns::%k0[%p0] -> %buf[%o for %l0] : !stream.resource<transient>{%n}
  } => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_g:%[a-z0-9_]+]] = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await([[V_t]]) => {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_k0]]{{\[}}[[V_p0]]{{\]}} -> [[V_buf]]{{\[}}[[V_o]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.5 Example.
// CHECK-LABEL: util.func public @cmd_parameter_scatter_example(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_l0:%[a-z0-9_]+]]: index, [[V_l1:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_out:%[a-z0-9_]+]]: !util.buffer, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_k1:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64, [[V_p1:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @cmd_parameter_scatter_example(%t: !stream.timepoint, %buf: !stream.resource<transient>, %l0: index, %l1: index, %n: index, %out: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %s = stream.cmd.parameter.scatter await(%t) => {
    %buf[%c0 for %l0] : !stream.resource<transient>{%n} -> %out::%k0[%p0],
    %buf[%l0 for %l1] : !stream.resource<transient>{%n} -> %out::%k1[%p1]
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.cmd.parameter.scatter await([[V_t]]) => {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_buf]]{{\[}}[[V_c0]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]} -> [[V_out]]::[[V_k0]]{{\[}}[[V_p0]]{{\]}},{{$}}
  // CHECK-NEXT: {{^ *}}[[V_buf]]{{\[}}[[V_l0]] for [[V_l1]]{{\]}} : !stream.resource<transient>{[[V_n]]} -> [[V_out]]::[[V_k1]]{{\[}}[[V_p1]]{{\]}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.11.5 Print: affinity, no await, no scope, single row, attributes.
// CHECK-LABEL: util.func public @cmd_parameter_scatter_variants(
// CHECK-SAME: [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index, [[V_l0:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_k0:%[a-z0-9_]+]]: !util.buffer, [[V_p0:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @cmd_parameter_scatter_variants(%buf: !stream.resource<transient>, %o: index, %l0: index, %n: index, %k0: !util.buffer, %p0: i64) {
  %s = stream.cmd.parameter.scatter on(#hal.device.affinity<@dev>) {
    %buf[%o for %l0] : !stream.resource<transient>{%n} -> %k0[%p0]
  } => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.cmd.parameter.scatter on(#hal.device.affinity<@dev>) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_buf]]{{\[}}[[V_o]] for [[V_l0]]{{\]}} : !stream.resource<transient>{[[V_n]]} -> [[V_k0]]{{\[}}[[V_p0]]{{\]}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §0.1 / §11.19: `: :` between scope and key parses as `::` and prints glued; `= >` as `=>`.
// CHECK-LABEL: util.func public @parameter_scope_colon_spacing(
// CHECK-SAME: [[V_ns:%[a-z0-9_]+]]: !util.buffer, [[V_name:%[a-z0-9_]+]]: !util.buffer, [[V_off:%[a-z0-9_]+]]: i64, [[V_n:%[a-z0-9_]+]]: index, [[V_buf:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_o:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @parameter_scope_colon_spacing(%ns: !util.buffer, %name: !util.buffer, %off: i64, %n: index, %buf: !stream.resource<transient>, %o: index) {
  %w = stream.tensor.parameter.load %ns : : %name[%off] : tensor<4xf32> in !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.tensor.parameter.load [[V_ns]]::[[V_name]]{{\[}}[[V_off]]{{\]}} : tensor<4xf32> in !stream.resource<*>{[[V_n]]}{{$}}
  %a, %a_ready = stream.async.parameter.load %ns : : %name[%off] : !stream.resource<constant>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.parameter.load [[V_ns]]::[[V_name]]{{\[}}[[V_off]]{{\]}} : !stream.resource<constant>{[[V_n]]} => !stream.timepoint{{$}}
  %r = stream.cmd.parameter.read %ns : : %name[%off] -> %buf[%o for %n] : !stream.resource<transient>{%n} = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.cmd.parameter.read [[V_ns]]::[[V_name]]{{\[}}[[V_off]]{{\]}} -> [[V_buf]]{{\[}}[[V_o]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} => !stream.timepoint{{$}}
  %l, %l_ready = stream.cmd.parameter.load {
    %ns : : %name[%off] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.cmd.parameter.load {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_ns]]::[[V_name]]{{\[}}[[V_off]]{{\]}} : !stream.resource<constant>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}
