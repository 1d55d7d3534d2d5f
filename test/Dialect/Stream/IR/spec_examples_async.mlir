// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Conformance cross-check: the spec examples of stream-ir.md §12.7-§12.8 (async ops)
// and one variant per optional print part. Expected text derived from the Print templates.

// §12.7.1 Example.
// CHECK-LABEL: util.func public @async_alloca_example(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_alloca_example(%n: index) {
  %scratch = stream.async.alloca on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%n}
  // CHECK-NEXT: {{^ *}}[[V_scratch:%[a-z0-9_]+]] = stream.async.alloca on(#hal.device.affinity<@dev>) : !stream.resource<transient>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.1 Print: no affinity, plain attribute dictionary before `:`.
// CHECK-LABEL: util.func public @async_alloca_variants(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_alloca_variants(%n: index) {
  %scratch = stream.async.alloca {foo} : !stream.resource<transient>{%n}
  // CHECK-NEXT: {{^ *}}[[V_scratch:%[a-z0-9_]+]] = stream.async.alloca {foo} : !stream.resource<transient>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.2 Example.
// CHECK-LABEL: util.func public @async_constant_example(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_c8:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_constant_example(%t: !stream.timepoint, %c8: index) {
  %tbl = stream.async.constant await(%t) : !stream.resource<constant>{%c8} = dense<[3, 5]> : tensor<2xi32>
  // CHECK-NEXT: {{^ *}}[[V_tbl:%[a-z0-9_]+]] = stream.async.constant await([[V_t]]) : !stream.resource<constant>{[[V_c8]]} = dense<[3, 5]> : tensor<2xi32>{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.2 Print: affinity before await, no await, attributes.
// CHECK-LABEL: util.func public @async_constant_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_c8:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_constant_variants(%t: !stream.timepoint, %c8: index) {
  %tbl0 = stream.async.constant on(#hal.device.affinity<@dev>) await(%t) : !stream.resource<constant>{%c8} = dense<[3, 5]> : tensor<2xi32>
  // CHECK-NEXT: {{^ *}}[[V_tbl0:%[a-z0-9_]+]] = stream.async.constant on(#hal.device.affinity<@dev>) await([[V_t]]) : !stream.resource<constant>{[[V_c8]]} = dense<[3, 5]> : tensor<2xi32>{{$}}
  %tbl1 = stream.async.constant : !stream.resource<*>{%c8} = dense<1> : tensor<2xi32> attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_tbl1:%[a-z0-9_]+]] = stream.async.constant : !stream.resource<*>{[[V_c8]]} = dense<1> : tensor<2xi32> attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.3 Example.
// CHECK-LABEL: util.func public @async_splat_example(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_splat_example(%n: index) {
  %c0_i8 = arith.constant 0 : i8
  // CHECK-NEXT: {{^ *}}[[V_c0_i8:%[a-z0-9_]+]] = arith.constant 0 : i8{{$}}
  %zeros = stream.async.splat %c0_i8 : i8 -> !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_zeros:%[a-z0-9_]+]] = stream.async.splat [[V_c0_i8]] : i8 -> !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.3 Print: affinity, await, attributes.
// CHECK-LABEL: util.func public @async_splat_variants(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: i32, [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_splat_variants(%v: i32, %t: !stream.timepoint, %n: index) {
  %s = stream.async.splat on(#hal.device.affinity<@dev>) await(%t) %v : i32 -> !stream.resource<transient>{%n} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.splat on(#hal.device.affinity<@dev>) await([[V_t]]) [[V_v]] : i32 -> !stream.resource<transient>{[[V_n]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.4 Example.
// CHECK-LABEL: util.func public @async_clone_example(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_clone_example(%a: !stream.resource<external>, %n: index) {
  %copy = stream.async.clone %a : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_copy:%[a-z0-9_]+]] = stream.async.clone [[V_a]] : !stream.resource<external>{[[V_n]]} -> !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.4 Print: affinity, attributes.
// CHECK-LABEL: util.func public @async_clone_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_clone_variants(%a: !stream.resource<*>, %n: index, %m: index) {
  %copy = stream.async.clone on(#hal.device.affinity<@dev>) %a : !stream.resource<*>{%n} -> !stream.resource<transient>{%m} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_copy:%[a-z0-9_]+]] = stream.async.clone on(#hal.device.affinity<@dev>) [[V_a]] : !stream.resource<*>{[[V_n]]} -> !stream.resource<transient>{[[V_m]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.5 Example.
// CHECK-LABEL: util.func public @async_slice_example(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_slice_example(%a: !stream.resource<*>, %n: index) {
  %c16 = arith.constant 16 : index
  // CHECK-NEXT: {{^ *}}[[V_c16:%[a-z0-9_]+]] = arith.constant 16 : index{{$}}
  %c32 = arith.constant 32 : index
  // CHECK-NEXT: {{^ *}}[[V_c32:%[a-z0-9_]+]] = arith.constant 32 : index{{$}}
  %c48 = arith.constant 48 : index
  // CHECK-NEXT: {{^ *}}[[V_c48:%[a-z0-9_]+]] = arith.constant 48 : index{{$}}
  %part = stream.async.slice %a[%c16 to %c48] : !stream.resource<*>{%n} -> !stream.resource<*>{%c32}
  // CHECK-NEXT: {{^ *}}[[V_part:%[a-z0-9_]+]] = stream.async.slice [[V_a]]{{\[}}[[V_c16]] to [[V_c48]]{{\]}} : !stream.resource<*>{[[V_n]]} -> !stream.resource<*>{[[V_c32]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.5 Print: affinity, attributes.
// CHECK-LABEL: util.func public @async_slice_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index, [[V_l:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_slice_variants(%a: !stream.resource<*>, %n: index, %o: index, %e: index, %l: index) {
  %part = stream.async.slice on(#hal.device.affinity<@dev>) %a[%o to %e] : !stream.resource<*>{%n} -> !stream.resource<*>{%l} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_part:%[a-z0-9_]+]] = stream.async.slice on(#hal.device.affinity<@dev>) [[V_a]]{{\[}}[[V_o]] to [[V_e]]{{\]}} : !stream.resource<*>{[[V_n]]} -> !stream.resource<*>{[[V_l]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.6 Example.
// CHECK-LABEL: util.func public @async_fill_example(
// CHECK-SAME: [[V_pat:%[a-z0-9_]+]]: i32, [[V_buf:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_fill_example(%pat: i32, %buf: !stream.resource<*>, %n: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %c64 = arith.constant 64 : index
  // CHECK-NEXT: {{^ *}}[[V_c64:%[a-z0-9_]+]] = arith.constant 64 : index{{$}}
  %f = stream.async.fill %pat, %buf[%c0 to %c64 for %c64] : i32 -> %buf as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.async.fill [[V_pat]], [[V_buf]]{{\[}}[[V_c0]] to [[V_c64]] for [[V_c64]]{{\]}} : i32 -> [[V_buf]] as !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.6 Print: affinity, input without `%buf as`, attributes.
// CHECK-LABEL: util.func public @async_fill_variants(
// CHECK-SAME: [[V_pat:%[a-z0-9_]+]]: i8, [[V_buf:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index, [[V_l:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_fill_variants(%pat: i8, %buf: !stream.resource<*>, %n: index, %o: index, %e: index, %l: index) {
  %f = stream.async.fill on(#hal.device.affinity<@dev>) %pat, %buf[%o to %e for %l] : i8 -> !stream.resource<*>{%n} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.async.fill on(#hal.device.affinity<@dev>) [[V_pat]], [[V_buf]]{{\[}}[[V_o]] to [[V_e]] for [[V_l]]{{\]}} : i8 -> [[V_buf]] as !stream.resource<*>{[[V_n]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.7 Example.
// CHECK-LABEL: util.func public @async_update_example(
// CHECK-SAME: [[V_tile:%[a-z0-9_]+]]: !stream.resource<*>, [[V_big:%[a-z0-9_]+]]: !stream.resource<*>, [[V_off:%[a-z0-9_]+]]: index, [[V_end:%[a-z0-9_]+]]: index, [[V_ts:%[a-z0-9_]+]]: index, [[V_bs:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_update_example(%tile: !stream.resource<*>, %big: !stream.resource<*>, %off: index, %end: index, %ts: index, %bs: index) {
  %u = stream.async.update %tile, %big[%off to %end] : !stream.resource<*>{%ts} -> %big as !stream.resource<*>{%bs}
  // CHECK-NEXT: {{^ *}}[[V_u:%[a-z0-9_]+]] = stream.async.update [[V_tile]], [[V_big]]{{\[}}[[V_off]] to [[V_end]]{{\]}} : !stream.resource<*>{[[V_ts]]} -> [[V_big]] as !stream.resource<*>{[[V_bs]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.7 Print: affinity, input without `%big as`, attributes.
// CHECK-LABEL: util.func public @async_update_variants(
// CHECK-SAME: [[V_tile:%[a-z0-9_]+]]: !stream.resource<*>, [[V_big:%[a-z0-9_]+]]: !stream.resource<*>, [[V_off:%[a-z0-9_]+]]: index, [[V_end:%[a-z0-9_]+]]: index, [[V_ts:%[a-z0-9_]+]]: index, [[V_bs:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_update_variants(%tile: !stream.resource<*>, %big: !stream.resource<*>, %off: index, %end: index, %ts: index, %bs: index) {
  %u = stream.async.update on(#hal.device.affinity<@dev>) %tile, %big[%off to %end] : !stream.resource<*>{%ts} -> !stream.resource<*>{%bs} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_u:%[a-z0-9_]+]] = stream.async.update on(#hal.device.affinity<@dev>) [[V_tile]], [[V_big]]{{\[}}[[V_off]] to [[V_end]]{{\]}} : !stream.resource<*>{[[V_ts]]} -> [[V_big]] as !stream.resource<*>{[[V_bs]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.8 Example.
// CHECK-LABEL: util.func public @async_copy_example(
// CHECK-SAME: [[V_src:%[a-z0-9_]+]]: !stream.resource<*>, [[V_dst:%[a-z0-9_]+]]: !stream.resource<*>, [[V_ss:%[a-z0-9_]+]]: index, [[V_ds:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_copy_example(%src: !stream.resource<*>, %dst: !stream.resource<*>, %ss: index, %ds: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %c8 = arith.constant 8 : index
  // CHECK-NEXT: {{^ *}}[[V_c8:%[a-z0-9_]+]] = arith.constant 8 : index{{$}}
  %c16 = arith.constant 16 : index
  // CHECK-NEXT: {{^ *}}[[V_c16:%[a-z0-9_]+]] = arith.constant 16 : index{{$}}
  %c = stream.async.copy %src[%c0 to %c8], %dst[%c8 to %c16], %c8 : !stream.resource<*>{%ss} -> %dst as !stream.resource<*>{%ds}
  // CHECK-NEXT: {{^ *}}[[V_c:%[a-z0-9_]+]] = stream.async.copy [[V_src]]{{\[}}[[V_c0]] to [[V_c8]]{{\]}}, [[V_dst]]{{\[}}[[V_c8]] to [[V_c16]]{{\]}}, [[V_c8]] : !stream.resource<*>{[[V_ss]]} -> [[V_dst]] as !stream.resource<*>{[[V_ds]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.8 Print: affinity, input without `%dst as`, attributes.
// CHECK-LABEL: util.func public @async_copy_variants(
// CHECK-SAME: [[V_src:%[a-z0-9_]+]]: !stream.resource<*>, [[V_dst:%[a-z0-9_]+]]: !stream.resource<*>, [[V_ss:%[a-z0-9_]+]]: index, [[V_ds:%[a-z0-9_]+]]: index, [[V_a:%[a-z0-9_]+]]: index, [[V_b:%[a-z0-9_]+]]: index, [[V_l:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_copy_variants(%src: !stream.resource<*>, %dst: !stream.resource<*>, %ss: index, %ds: index, %a: index, %b: index, %l: index) {
  %c = stream.async.copy on(#hal.device.affinity<@dev>) %src[%a to %b], %dst[%a to %b], %l : !stream.resource<*>{%ss} -> !stream.resource<*>{%ds} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_c:%[a-z0-9_]+]] = stream.async.copy on(#hal.device.affinity<@dev>) [[V_src]]{{\[}}[[V_a]] to [[V_b]]{{\]}}, [[V_dst]]{{\[}}[[V_a]] to [[V_b]]{{\]}}, [[V_l]] : !stream.resource<*>{[[V_ss]]} -> [[V_dst]] as !stream.resource<*>{[[V_ds]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.9 Example.
// CHECK-LABEL: util.func public @async_collective_example(
// CHECK-SAME: [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_root:%[a-z0-9_]+]]: i32, [[V_in:%[a-z0-9_]+]]: !stream.resource<*>, [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_collective_example(%count: index, %ch: !stream.channel, %root: i32, %in: !stream.resource<*>, %acc: !stream.resource<*>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %out = stream.async.collective<reduce with maximum : bf16>[%count] channel(%ch) target(%root)
      %in[%c0 to %n for %n], %acc[%c0 to %m for %m] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%m}
  // CHECK-NEXT: {{^ *}}[[V_out:%[a-z0-9_]+]] = stream.async.collective<reduce with maximum : bf16>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) target([[V_root]]) [[V_in]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_c0]] to [[V_m]] for [[V_m]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_m]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.9 / §4.2 / §11.18 Print: kind without parameter, affinity after the count, full attribute
// form accepted and printed stripped, input without `%acc as`, attributes; send_recv keyword.
// CHECK-LABEL: util.func public @async_collective_variants(
// CHECK-SAME: [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_p:%[a-z0-9_]+]]: i32, [[V_in:%[a-z0-9_]+]]: !stream.resource<*>, [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_collective_variants(%count: index, %ch: !stream.channel, %p: i32, %in: !stream.resource<*>, %acc: !stream.resource<*>, %n: index, %m: index, %o: index) {
  %out = stream.async.collective #stream.collective<all_gather : f32>[%count] on(#hal.device.affinity<@dev>) channel(%ch) %in[%o to %n for %n], %acc[%o to %m for %m] : !stream.resource<*>{%n} -> !stream.resource<*>{%m} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_out:%[a-z0-9_]+]] = stream.async.collective<all_gather : f32>{{\[}}[[V_count]]{{\]}} on(#hal.device.affinity<@dev>) channel([[V_ch]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_m]] for [[V_m]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_m]]} attributes {foo}{{$}}
  %out2 = stream.async.collective<send_recv : si32>[%count] channel(%ch) source_target_pair(%p) %in[%o to %n for %n], %acc[%o to %m for %m] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%m}
  // CHECK-NEXT: {{^ *}}[[V_out2:%[a-z0-9_]+]] = stream.async.collective<send_recv : si32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) source_target_pair([[V_p]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_m]] for [[V_m]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_m]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.10 Example.
// CHECK-LABEL: util.func public @async_barrier_example(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_barrier_example(%v: !stream.resource<*>, %n: index) {
  %pinned = stream.async.barrier on(#hal.device.affinity<@gpu1>) %v : !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_pinned:%[a-z0-9_]+]] = stream.async.barrier on(#hal.device.affinity<@gpu1>) [[V_v]] : !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.10 Print: no affinity, attributes.
// CHECK-LABEL: util.func public @async_barrier_variants(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_barrier_variants(%v: !stream.resource<staging>, %n: index) {
  %pinned = stream.async.barrier %v : !stream.resource<staging>{%n} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_pinned:%[a-z0-9_]+]] = stream.async.barrier [[V_v]] : !stream.resource<staging>{[[V_n]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.11 Example.
// CHECK-LABEL: util.func public @async_transfer_example(
// CHECK-SAME: [[V_d:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_transfer_example(%d: !stream.resource<transient>, %n: index) {
  %h = stream.async.transfer %d : !stream.resource<transient>{%n} from(#hal.device.affinity<@gpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<staging>{%n}
  // CHECK-NEXT: {{^ *}}[[V_h:%[a-z0-9_]+]] = stream.async.transfer [[V_d]] : !stream.resource<transient>{[[V_n]]} from(#hal.device.affinity<@gpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<staging>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.11 Print: execution affinity only; none at all with attributes.
// CHECK-LABEL: util.func public @async_transfer_variants(
// CHECK-SAME: [[V_d:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_transfer_variants(%d: !stream.resource<*>, %n: index, %m: index) {
  %h0 = stream.async.transfer on(#hal.device.affinity<@dev>) %d : !stream.resource<*>{%n} -> !stream.resource<external>{%m}
  // CHECK-NEXT: {{^ *}}[[V_h0:%[a-z0-9_]+]] = stream.async.transfer on(#hal.device.affinity<@dev>) [[V_d]] : !stream.resource<*>{[[V_n]]} -> !stream.resource<external>{[[V_m]]}{{$}}
  %h1 = stream.async.transfer %d : !stream.resource<*>{%n} -> !stream.resource<*>{%n} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_h1:%[a-z0-9_]+]] = stream.async.transfer [[V_d]] : !stream.resource<*>{[[V_n]]} -> !stream.resource<*>{[[V_n]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.12 Example.
// CHECK-LABEL: util.func public @async_cast_example(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_cast_example(%v: !stream.resource<*>, %n: index) {
  %ext = stream.async.cast %v : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  // CHECK-NEXT: {{^ *}}[[V_ext:%[a-z0-9_]+]] = stream.async.cast [[V_v]] : !stream.resource<*>{[[V_n]]} -> !stream.resource<external>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.12 Print: affinity, plain attribute dictionary (no `attributes`).
// CHECK-LABEL: util.func public @async_cast_variants(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_cast_variants(%v: !stream.resource<*>, %n: index) {
  %ext = stream.async.cast on(#hal.device.affinity<@dev>) %v : !stream.resource<*>{%n} -> !stream.resource<transient>{%n} {foo}
  // CHECK-NEXT: {{^ *}}[[V_ext:%[a-z0-9_]+]] = stream.async.cast on(#hal.device.affinity<@dev>) [[V_v]] : !stream.resource<*>{[[V_n]]} -> !stream.resource<transient>{[[V_n]]} {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.13 Example.
// CHECK-LABEL: util.func public @async_load_example(
// CHECK-SAME: [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_load_example(%stg: !stream.resource<staging>, %n: index) {
  %c4 = arith.constant 4 : index
  // CHECK-NEXT: {{^ *}}[[V_c4:%[a-z0-9_]+]] = arith.constant 4 : index{{$}}
  %x = stream.async.load %stg[%c4] : !stream.resource<staging>{%n} -> i32
  // CHECK-NEXT: {{^ *}}[[V_x:%[a-z0-9_]+]] = stream.async.load [[V_stg]]{{\[}}[[V_c4]]{{\]}} : !stream.resource<staging>{[[V_n]]} -> i32{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.13 Print: attributes.
// CHECK-LABEL: util.func public @async_load_variants(
// CHECK-SAME: [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_load_variants(%stg: !stream.resource<staging>, %n: index, %o: index) {
  %x = stream.async.load %stg[%o] : !stream.resource<staging>{%n} -> f32 attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_x:%[a-z0-9_]+]] = stream.async.load [[V_stg]]{{\[}}[[V_o]]{{\]}} : !stream.resource<staging>{[[V_n]]} -> f32 attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.14 Example.
// CHECK-LABEL: util.func public @async_store_example(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: i32, [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_store_example(%x: i32, %stg: !stream.resource<staging>, %n: index) {
  %c4 = arith.constant 4 : index
  // CHECK-NEXT: {{^ *}}[[V_c4:%[a-z0-9_]+]] = arith.constant 4 : index{{$}}
  %s = stream.async.store %x, %stg[%c4] : i32 -> %stg as !stream.resource<staging>{%n}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.store [[V_x]], [[V_stg]]{{\[}}[[V_c4]]{{\]}} : i32 -> [[V_stg]] as !stream.resource<staging>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.14 Print: input without `%stg as`, attributes.
// CHECK-LABEL: util.func public @async_store_variants(
// CHECK-SAME: [[V_x:%[a-z0-9_]+]]: f32, [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_store_variants(%x: f32, %stg: !stream.resource<staging>, %n: index, %o: index) {
  %s = stream.async.store %x, %stg[%o] : f32 -> !stream.resource<staging>{%n} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.store [[V_x]], [[V_stg]]{{\[}}[[V_o]]{{\]}} : f32 -> [[V_stg]] as !stream.resource<staging>{[[V_n]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.15 Example.
stream.executable private @ex {
  stream.executable.export public @gemm workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @async_dispatch_example(
// CHECK-SAME: [[V_m:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_lhs:%[a-z0-9_]+]]: !stream.resource<*>, [[V_rhs:%[a-z0-9_]+]]: !stream.resource<*>, [[V_k:%[a-z0-9_]+]]: index, [[V_ls:%[a-z0-9_]+]]: index, [[V_rs:%[a-z0-9_]+]]: index, [[V_os:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_dispatch_example(%m: index, %n: index, %lhs: !stream.resource<*>, %rhs: !stream.resource<*>, %k: index, %ls: index, %rs: index, %os: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %o = stream.async.dispatch @ex::@gemm[%m, %n](%lhs[%c0 to %ls for %ls], %rhs[%c0 to %rs for %rs], %k) :
      (!stream.resource<*>{%ls}, !stream.resource<*>{%rs}, index) -> !stream.resource<*>{%os}
  // CHECK-NEXT: {{^ *}}[[V_o:%[a-z0-9_]+]] = stream.async.dispatch @ex::@gemm{{\[}}[[V_m]], [[V_n]]{{\]}}([[V_lhs]]{{\[}}[[V_c0]] to [[V_ls]] for [[V_ls]]{{\]}}, [[V_rhs]]{{\[}}[[V_c0]] to [[V_rs]] for [[V_rs]]{{\]}}, [[V_k]]) : (!stream.resource<*>{[[V_ls]]}, !stream.resource<*>{[[V_rs]]}, index) -> !stream.resource<*>{[[V_os]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.15 / §11.7 / §11.9 Print: affinity, entry points in braces, no workload, attributes,
// tied results with and without `as`, two results, zero results.
stream.executable private @ex {
  stream.executable.export public @gemm workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @async_dispatch_variants(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_k:%[a-z0-9_]+]]: index, [[V_as:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_dispatch_variants(%a: !stream.resource<*>, %k: index, %as: index, %o: index, %e: index) {
  %r:2 = stream.async.dispatch on(#hal.device.affinity<@dev>) {@ex::@a, @ex::@b}(%a[%o to %e for %as], %k) {foo} : (!stream.resource<*>{%as}, index) -> (%a{%as}, !stream.resource<transient>{%as})
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]]:2 = stream.async.dispatch on(#hal.device.affinity<@dev>) {@ex::@a, @ex::@b}([[V_a]]{{\[}}[[V_o]] to [[V_e]] for [[V_as]]{{\]}}, [[V_k]]) {foo} : (!stream.resource<*>{[[V_as]]}, index) -> ([[V_a]]{[[V_as]]}, !stream.resource<transient>{[[V_as]]}){{$}}
  %t = stream.async.dispatch @ex::@a(%a[%o to %e for %as]) : (!stream.resource<*>{%as}) -> %a as !stream.resource<external>{%as}
  // CHECK-NEXT: {{^ *}}[[V_t:%[a-z0-9_]+]] = stream.async.dispatch @ex::@a([[V_a]]{{\[}}[[V_o]] to [[V_e]] for [[V_as]]{{\]}}) : (!stream.resource<*>{[[V_as]]}) -> [[V_a]] as !stream.resource<external>{[[V_as]]}{{$}}
  stream.async.dispatch @ex::@b(%k) : (index) -> ()
  // CHECK-NEXT: {{^ *}}stream.async.dispatch @ex::@b([[V_k]]) : (index) -> (){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.1 Example.
// CHECK: {{^ *}}stream.async.func private @ext_sort(%arg0: !stream.resource<*>, %arg1: index) -> %arg0{{$}}
stream.async.func private @ext_sort(%arg0: !stream.resource<*>, %arg1: index) -> %arg0
// CHECK-LABEL: util.func public @async_func_example(
// CHECK-SAME: ) {{[{]$}}
util.func public @async_func_example() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.1 / §11.8 / §11.1 Print: argument and result dictionaries, tie with `as`, parenthesized
// results, nested visibility, no results, attributes. (A public declaration is rejected by the
// Symbol verifier because async.func is always a declaration.)
// CHECK: {{^ *}}stream.async.func private @f0(%arg0: !stream.resource<*> {stream.foo}, %arg1: index) -> (%arg0 as !stream.resource<external>, !stream.resource<*> {stream.bar}){{$}}
// CHECK: {{^ *}}stream.async.func nested @f1(%arg0: index){{$}}
// CHECK: {{^ *}}stream.async.func private @f2() -> !stream.resource<*> attributes {baz}{{$}}
stream.async.func private @f0(%a: !stream.resource<*> {stream.foo}, %b: index) -> (%a as !stream.resource<external>, !stream.resource<*> {stream.bar})
stream.async.func nested @f1(%x: index)
stream.async.func private @f2() -> !stream.resource<*> attributes {baz}
// CHECK-LABEL: util.func public @async_func_variants(
// CHECK-SAME: ) {{[{]$}}
util.func public @async_func_variants() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.2 Example.
stream.async.func private @ext_sort(%arg0: !stream.resource<*>, %arg1: index) -> %arg0
// CHECK-LABEL: util.func public @async_call_example(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_call_example(%v: !stream.resource<external>, %n: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %r = stream.async.call @ext_sort(%v[%c0 to %n for %n], %n) : (!stream.resource<external>{%n}, index) -> %v{%n}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.async.call @ext_sort([[V_v]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}, [[V_n]]) : (!stream.resource<external>{[[V_n]]}, index) -> [[V_v]]{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.2 Print: affinity, attributes, untied results, several results.
stream.async.func private @two(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, !stream.resource<*>)
// CHECK-LABEL: util.func public @async_call_variants(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index, [[V_e:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_call_variants(%v: !stream.resource<*>, %n: index, %o: index, %e: index, %m: index) {
  %r:2 = stream.async.call on(#hal.device.affinity<@dev>) @two(%v[%o to %e for %n], %n) {foo} : (!stream.resource<*>{%n}, index) -> (!stream.resource<*>{%m}, !stream.resource<*>{%n})
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]]:2 = stream.async.call on(#hal.device.affinity<@dev>) @two([[V_v]]{{\[}}[[V_o]] to [[V_e]] for [[V_n]]{{\]}}, [[V_n]]) {foo} : (!stream.resource<*>{[[V_n]]}, index) -> (!stream.resource<*>{[[V_m]]}, !stream.resource<*>{[[V_n]]}){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.3 Example.
// CHECK-LABEL: util.func public @async_execute_example(
// CHECK-SAME: [[V_ready:%[a-z0-9_]+]]: !stream.timepoint, [[V_in:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_pat:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_execute_example(%ready: !stream.timepoint, %in: !stream.resource<external>, %n: index, %pat: i32, %c0: index) {
  %res, %done = stream.async.execute await(%ready) => with(%in as %cap: !stream.resource<external>{%n}) -> %in{%n} {
    %f = stream.async.fill %pat, %cap[%c0 to %n for %n] : i32 -> %cap as !stream.resource<external>{%n}
    stream.yield %f : !stream.resource<external>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute await([[V_ready]]) => with([[V_in]] as [[V_cap:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) -> [[V_in]]{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.async.fill [[V_pat]], [[V_cap]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}} : i32 -> [[V_cap]] as !stream.resource<external>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_f]] : !stream.resource<external>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.3 / §11.13 Print: affinity without await, two results (tied and untied) in parentheses,
// attributes; and no results with an empty capture list.
// CHECK-LABEL: util.func public @async_execute_variants(
// CHECK-SAME: [[V_in:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index, [[V_pat:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_execute_variants(%in: !stream.resource<*>, %n: index, %m: index, %pat: i32, %c0: index) {
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev>) with(%in as %cap: !stream.resource<*>{%n}) -> (%in{%n}, !stream.resource<*>{%m}) {
    %f = stream.async.fill %pat, %cap[%c0 to %n for %n] : i32 -> %cap as !stream.resource<*>{%n}
    %s = stream.async.splat %pat : i32 -> !stream.resource<*>{%m}
    stream.yield %f, %s : !stream.resource<*>{%n}, !stream.resource<*>{%m}
  } => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute on(#hal.device.affinity<@dev>) with([[V_in]] as [[V_cap:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> ([[V_in]]{[[V_n]]}, !stream.resource<*>{[[V_m]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.async.fill [[V_pat]], [[V_cap]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}} : i32 -> [[V_cap]] as !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.splat [[V_pat]] : i32 -> !stream.resource<*>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_f]], [[V_s]] : !stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint attributes {foo}{{$}}
  %t2 = stream.async.execute with() {
    stream.yield
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_t2:%[a-z0-9_]+]] = stream.async.execute with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.yield{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.4 Example (inside an execute region).
// CHECK-LABEL: util.func public @async_concurrent_example(
// CHECK-SAME: [[V_A:%[a-z0-9_]+]]: !stream.resource<*>, [[V_B:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_concurrent_example(%A: !stream.resource<*>, %B: !stream.resource<*>, %n: index, %m: index) {
  %r:2, %t = stream.async.execute with(%A as %a: !stream.resource<*>{%n}, %B as %b: !stream.resource<*>{%m}) -> (%A{%n}, %B{%m}) {
    %w:2 = stream.async.concurrent with(%a as %x: !stream.resource<*>{%n}, %b as %y: !stream.resource<*>{%m}) -> (%a{%n}, %b{%m}) {
      stream.yield %x, %y : !stream.resource<*>{%n}, !stream.resource<*>{%m}
    }
    stream.yield %w#0, %w#1 : !stream.resource<*>{%n}, !stream.resource<*>{%m}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute with([[V_A]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}, [[V_B]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<*>{[[V_m]]}) -> ([[V_A]]{[[V_n]]}, [[V_B]]{[[V_m]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]]:2 = stream.async.concurrent with([[V_a]] as [[V_x:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}, [[V_b]] as [[V_y:%[a-z0-9_]+]]: !stream.resource<*>{[[V_m]]}) -> ([[V_a]]{[[V_n]]}, [[V_b]]{[[V_m]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_x]], [[V_y]] : !stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_w]]#0, [[V_w]]#1 : !stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.4 Print: affinity, single untied result, attributes.
// CHECK-LABEL: util.func public @async_concurrent_variants(
// CHECK-SAME: [[V_A:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_pat:%[a-z0-9_]+]]: i32) {{[{]$}}
util.func public @async_concurrent_variants(%A: !stream.resource<*>, %n: index, %pat: i32) {
  %r, %t = stream.async.execute with(%A as %a: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %w = stream.async.concurrent on(#hal.device.affinity<@dev>) with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %s = stream.async.splat %pat : i32 -> !stream.resource<*>{%n}
      stream.yield %s : !stream.resource<*>{%n}
    } attributes {foo}
    stream.yield %w : !stream.resource<*>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute with([[V_A]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> !stream.resource<*>{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.async.concurrent on(#hal.device.affinity<@dev>) with([[V_a]] as [[V_x:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> !stream.resource<*>{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.splat [[V_pat]] : i32 -> !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_s]] : !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_w]] : !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.18: broadcast/recv use `source`, send uses `target`; §4.2: an attribute alias is accepted
// and printed stripped.
#coll = #stream.collective<all_reduce with sum : f32>
// CHECK-LABEL: util.func public @async_collective_keywords(
// CHECK-SAME: [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_p:%[a-z0-9_]+]]: i32, [[V_in:%[a-z0-9_]+]]: !stream.resource<*>, [[V_acc:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_o:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_collective_keywords(%count: index, %ch: !stream.channel, %p: i32, %in: !stream.resource<*>, %acc: !stream.resource<*>, %n: index, %o: index) {
  %b = stream.async.collective<broadcast : si8>[%count] channel(%ch) source(%p) %in[%o to %n for %n], %acc[%o to %n for %n] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_b:%[a-z0-9_]+]] = stream.async.collective<broadcast : si8>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) source([[V_p]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_n]]}{{$}}
  %r = stream.async.collective<recv : ui16>[%count] channel(%ch) source(%p) %in[%o to %n for %n], %acc[%o to %n for %n] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.async.collective<recv : ui16>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) source([[V_p]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_n]]}{{$}}
  %s = stream.async.collective<send : f16>[%count] channel(%ch) target(%p) %in[%o to %n for %n], %acc[%o to %n for %n] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_s:%[a-z0-9_]+]] = stream.async.collective<send : f16>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) target([[V_p]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_n]]}{{$}}
  %a = stream.async.collective #coll[%count] channel(%ch) %in[%o to %n for %n], %acc[%o to %n for %n] : !stream.resource<*>{%n} -> %acc as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_a:%[a-z0-9_]+]] = stream.async.collective<all_reduce with sum : f32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) [[V_in]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}}, [[V_acc]]{{\[}}[[V_o]] to [[V_n]] for [[V_n]]{{\]}} : !stream.resource<*>{[[V_n]]} -> [[V_acc]] as !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.11 Print: only `from`, only `to`.
// CHECK-LABEL: util.func public @async_transfer_from_or_to_only(
// CHECK-SAME: [[V_d:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_transfer_from_or_to_only(%d: !stream.resource<*>, %n: index) {
  %h0 = stream.async.transfer %d : !stream.resource<*>{%n} from(#hal.device.affinity<@a>) -> !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_h0:%[a-z0-9_]+]] = stream.async.transfer [[V_d]] : !stream.resource<*>{[[V_n]]} from(#hal.device.affinity<@a>) -> !stream.resource<*>{[[V_n]]}{{$}}
  %h1 = stream.async.transfer %d : !stream.resource<*>{%n} -> to(#hal.device.affinity<@b>) !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_h1:%[a-z0-9_]+]] = stream.async.transfer [[V_d]] : !stream.resource<*>{[[V_n]]} -> to(#hal.device.affinity<@b>) !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.3 Print: affinity and await together; §0.1: `= >` parses as `=>`; §11.6: `as` with
// the captured operand type is elided.
// CHECK-LABEL: util.func public @async_execute_affinity_await_arrow_spacing(
// CHECK-SAME: [[V_ready:%[a-z0-9_]+]]: !stream.timepoint, [[V_in:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_pat:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_execute_affinity_await_arrow_spacing(%ready: !stream.timepoint, %in: !stream.resource<*>, %n: index, %pat: i32, %c0: index) {
  %res, %done = stream.async.execute on(#hal.device.affinity<@dev>) await(%ready) = > with(%in as %cap: !stream.resource<*>{%n}) -> %in as !stream.resource<*>{%n} {
    %f = stream.async.fill %pat, %cap[%c0 to %n for %n] : i32 -> %cap as !stream.resource<*>{%n}
    stream.yield %f : !stream.resource<*>{%n}
  } = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute on(#hal.device.affinity<@dev>) await([[V_ready]]) => with([[V_in]] as [[V_cap:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> [[V_in]]{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.async.fill [[V_pat]], [[V_cap]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}} : i32 -> [[V_cap]] as !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_f]] : !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.4: waves can be nested; empty capture list with no results.
// CHECK-LABEL: util.func public @async_concurrent_nested(
// CHECK-SAME: [[V_A:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_concurrent_nested(%A: !stream.resource<*>, %n: index) {
  %r, %t = stream.async.execute with(%A as %a: !stream.resource<*>{%n}) -> %A{%n} {
    %w = stream.async.concurrent with(%a as %x: !stream.resource<*>{%n}) -> %a{%n} {
      stream.async.concurrent with() {
        stream.yield
      }
      stream.yield %x : !stream.resource<*>{%n}
    }
    stream.yield %w : !stream.resource<*>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute with([[V_A]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> [[V_A]]{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_w:%[a-z0-9_]+]] = stream.async.concurrent with([[V_a]] as [[V_x:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> [[V_a]]{[[V_n]]} {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.async.concurrent with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.yield{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_x]] : !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_w]] : !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.9 single braced entry prints bare; §11.7/§11.6 `as` with the same type is elided.
stream.executable private @ex {
  stream.executable.export public @gemm workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @async_dispatch_single_braced_entry(
// CHECK-SAME: [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_as:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_dispatch_single_braced_entry(%a: !stream.resource<*>, %as: index, %m: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: {{^ *}}[[V_c0:%[a-z0-9_]+]] = arith.constant 0 : index{{$}}
  %r = stream.async.dispatch {@ex::@gemm}[%m, %m](%a[%c0 to %as for %as]) : (!stream.resource<*>{%as}) -> %a as !stream.resource<*>{%as}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.async.dispatch @ex::@gemm{{\[}}[[V_m]], [[V_m]]{{\]}}([[V_a]]{{\[}}[[V_c0]] to [[V_as]] for [[V_as]]{{\]}}) : (!stream.resource<*>{[[V_as]]}) -> [[V_a]]{[[V_as]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.2 / §11.7: zero results print `-> ()`.
stream.async.func private @sink(%arg0: !stream.resource<*>)
// CHECK-LABEL: util.func public @async_call_no_results(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_call_no_results(%v: !stream.resource<*>, %n: index, %c0: index) {
  stream.async.call @sink(%v[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> ()
  // CHECK-NEXT: {{^ *}}stream.async.call @sink([[V_v]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}) : (!stream.resource<*>{[[V_n]]}) -> (){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.7.2 Result names: `cst`.
// CHECK-LABEL: util.func public @async_constant_result_name(
// CHECK-SAME: [[V_c8:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_constant_result_name(%c8: index) {
  %tbl = stream.async.constant : !stream.resource<constant>{%c8} = dense<[3, 5]> : tensor<2xi32>
  // CHECK-NEXT: {{^ *}}%cst = stream.async.constant : !stream.resource<constant>{[[V_c8]]} = dense<[3, 5]> : tensor<2xi32>{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.8: a single result with a non-empty dictionary is parenthesized (tied and untied).
// CHECK: {{^ *}}stream.async.func private @a1(%arg0: !stream.resource<*>) -> (!stream.resource<*> {stream.x}){{$}}
// CHECK: {{^ *}}stream.async.func private @a2(%arg0: !stream.resource<*>) -> (%arg0 {stream.x}){{$}}
stream.async.func private @a1(%x: !stream.resource<*>) -> (!stream.resource<*> {stream.x})
stream.async.func private @a2(%x: !stream.resource<*>) -> (%x {stream.x})
// CHECK-LABEL: util.func public @async_func_single_result_attrs(
// CHECK-SAME: ) {{[{]$}}
util.func public @async_func_single_result_attrs() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.8.2 / §11.6: tie with a different result type prints ` as type`; arg_attrs/res_attrs stay in
// the attribute dictionary.
stream.async.func private @g(%arg0: !stream.resource<*>) -> %arg0
// CHECK-LABEL: util.func public @async_call_tied_as_and_call_attrs(
// CHECK-SAME: [[V_v:%[a-z0-9_]+]]: !stream.resource<external>, [[V_x:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_call_tied_as_and_call_attrs(%v: !stream.resource<external>, %x: !stream.resource<*>, %n: index, %c0: index) {
  %a = stream.async.call @g(%v[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> %v as !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_a:%[a-z0-9_]+]] = stream.async.call @g([[V_v]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}) : (!stream.resource<external>{[[V_n]]}) -> [[V_v]] as !stream.resource<*>{[[V_n]]}{{$}}
  %b = stream.async.call @g(%x[%c0 to %n for %n]) {arg_attrs = [{stream.a}], res_attrs = [{stream.b}]} : (!stream.resource<*>{%n}) -> %x{%n}
  // CHECK-NEXT: {{^ *}}[[V_b:%[a-z0-9_]+]] = stream.async.call @g([[V_x]]{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}) {arg_attrs = [{stream.a}], res_attrs = [{stream.b}]} : (!stream.resource<*>{[[V_n]]}) -> [[V_x]]{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §8.1: other affinity attributes in `on(...)`: promise with a queue mask, optimal.
// CHECK-LABEL: util.func public @async_affinity_kinds(
// CHECK-SAME: [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_affinity_kinds(%n: index) {
  %0 = stream.async.alloca on(#hal.device.promise<@dev, [0, 2]>) : !stream.resource<transient>{%n}
  // CHECK-NEXT: {{^ *}}[[V_0:%[a-z0-9_]+]] = stream.async.alloca on(#hal.device.promise<@dev, [0, 2]>) : !stream.resource<transient>{[[V_n]]}{{$}}
  %1 = stream.async.alloca on(#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b, [1]>]>) : !stream.resource<transient>{%n}
  // CHECK-NEXT: {{^ *}}[[V_1:%[a-z0-9_]+]] = stream.async.alloca on(#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b, [1]>]>) : !stream.resource<transient>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.6 / §11.11: a tie reference matches name and `#n`; %r#1 ties to the second candidate.
// CHECK-LABEL: util.func public @async_tie_result_numbers(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_b:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @async_tie_result_numbers(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %c0: index) {
  %r:2 = stream.timepoint.await %t => %a, %b : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]]:2 = stream.timepoint.await [[V_t]] => [[V_a]], [[V_b]] : !stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_n]]}{{$}}
  %0 = stream.async.dispatch @ex::@fn(%r#0[%c0 to %n for %n], %r#1[%c0 to %n for %n]) : (!stream.resource<*>{%n}, !stream.resource<*>{%n}) -> %r#1{%n}
  // CHECK-NEXT: {{^ *}}[[V_0:%[a-z0-9_]+]] = stream.async.dispatch @ex::@fn([[V_r]]#0{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}, [[V_r]]#1{{\[}}[[V_c0]] to [[V_n]] for [[V_n]]{{\]}}) : (!stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_n]]}) -> [[V_r]]#1{[[V_n]]}{{$}}
  %1:2, %tp = stream.async.execute with(%r#0 as %x: !stream.resource<*>{%n}, %r#1 as %y: !stream.resource<*>{%n}) -> (%r#1{%n}, %r#0{%n}) {
    stream.yield %y, %x : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.async.execute with([[V_r]]#0 as [[V_x:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}, [[V_r]]#1 as [[V_y:%[a-z0-9_]+]]: !stream.resource<*>{[[V_n]]}) -> ([[V_r]]#1{[[V_n]]}, [[V_r]]#0{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.yield [[V_y]], [[V_x]] : !stream.resource<*>{[[V_n]]}, !stream.resource<*>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  %2 = stream.tensor.dispatch @ex::@fn(%r#0, %r#1) : (tensor<4xf32> in !stream.resource<*>{%n}, tensor<4xf32> in !stream.resource<*>{%n}) -> tensor<4xf32> in %r#1{%n}
  // CHECK-NEXT: {{^ *}}[[V_2:%[a-z0-9_]+]] = stream.tensor.dispatch @ex::@fn([[V_r]]#0, [[V_r]]#1) : (tensor<4xf32> in !stream.resource<*>{[[V_n]]}, tensor<4xf32> in !stream.resource<*>{[[V_n]]}) -> tensor<4xf32> in [[V_r]]#1{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}
