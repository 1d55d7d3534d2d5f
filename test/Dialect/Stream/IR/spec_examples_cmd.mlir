// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Conformance cross-check: the spec examples of stream-ir.md §12.10 (cmd ops)
// and one variant per optional print part. Expected text derived from the Print templates.

// §12.10.1 Example (inside a cmd.execute).
// CHECK-LABEL: util.func public @cmd_flush_example(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_flush_example(%b_outer: !stream.resource<external>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<external>{%n}) {
    stream.cmd.flush to(#hal.device.affinity<@host>) %b[%c0 for %n] : !stream.resource<external>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.flush to(#hal.device.affinity<@host>) [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<external>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.1 Print: no affinity, attributes.
// CHECK-LABEL: util.func public @cmd_flush_variants(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_flush_variants(%b_outer: !stream.resource<external>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<external>{%n}) {
    stream.cmd.flush %b[%c0 for %n] : !stream.resource<external>{%n} attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.flush [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<external>{[[V_n]]} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.2 Example.
// CHECK-LABEL: util.func public @cmd_invalidate_example(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_invalidate_example(%b_outer: !stream.resource<external>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<external>{%n}) {
    stream.cmd.invalidate %b[%c0 for %n] : !stream.resource<external>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.invalidate [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<external>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.2 Print: `from` affinity, attributes.
// CHECK-LABEL: util.func public @cmd_invalidate_variants(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_invalidate_variants(%b_outer: !stream.resource<external>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<external>{%n}) {
    stream.cmd.invalidate from(#hal.device.affinity<@host>) %b[%c0 for %n] : !stream.resource<external>{%n} attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.invalidate from(#hal.device.affinity<@host>) [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<external>{[[V_n]]} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.3 Example.
// CHECK-LABEL: util.func public @cmd_discard_example(
// CHECK-SAME: [[V_tmp_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_discard_example(%tmp_outer: !stream.resource<transient>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%tmp_outer as %tmp: !stream.resource<transient>{%n}) {
    stream.cmd.discard %tmp[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_tmp_outer]] as [[V_tmp:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.discard [[V_tmp]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.3 Print: attributes.
// CHECK-LABEL: util.func public @cmd_discard_variants(
// CHECK-SAME: [[V_tmp_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_discard_variants(%tmp_outer: !stream.resource<transient>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%tmp_outer as %tmp: !stream.resource<transient>{%n}) {
    stream.cmd.discard %tmp[%c0 for %n] : !stream.resource<transient>{%n} attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_tmp_outer]] as [[V_tmp:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.discard [[V_tmp]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.4 Example.
// CHECK-LABEL: util.func public @cmd_fill_example(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0_i16:%[a-z0-9_]+]]: i16, [[V_c8:%[a-z0-9_]+]]: index, [[V_c64:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_fill_example(%b_outer: !stream.resource<transient>, %n: index, %c0_i16: i16, %c8: index, %c64: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<transient>{%n}) {
    stream.cmd.fill %c0_i16, %b[%c8 for %c64] : i16 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.fill [[V_c0_i16]], [[V_b]]{{\[}}[[V_c8]] for [[V_c64]]{{\]}} : i16 -> !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.4 Print: attributes.
// CHECK-LABEL: util.func public @cmd_fill_variants(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_v:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_fill_variants(%b_outer: !stream.resource<transient>, %n: index, %v: i32, %c0: index) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<transient>{%n}) {
    stream.cmd.fill %v, %b[%c0 for %n] : i32 -> !stream.resource<transient>{%n} attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.fill [[V_v]], [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : i32 -> !stream.resource<transient>{[[V_n]]} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.5 Example.
// CHECK-LABEL: util.func public @cmd_copy_example(
// CHECK-SAME: [[V_a_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_stg_outer:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_an:%[a-z0-9_]+]]: index, [[V_sn:%[a-z0-9_]+]]: index, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_copy_example(%a_outer: !stream.resource<transient>, %stg_outer: !stream.resource<staging>, %an: index, %sn: index, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%a_outer as %a: !stream.resource<transient>{%an}, %stg_outer as %stg: !stream.resource<staging>{%sn}) {
    stream.cmd.copy %a[%c0], %stg[%c0], %n : !stream.resource<transient>{%an} -> !stream.resource<staging>{%sn}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_a_outer]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_an]]}, [[V_stg_outer]] as [[V_stg:%[a-z0-9_]+]]: !stream.resource<staging>{[[V_sn]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.copy [[V_a]]{{\[}}[[V_c0]]{{\]}}, [[V_stg]]{{\[}}[[V_c0]]{{\]}}, [[V_n]] : !stream.resource<transient>{[[V_an]]} -> !stream.resource<staging>{[[V_sn]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.5 Print: attributes.
// CHECK-LABEL: util.func public @cmd_copy_variants(
// CHECK-SAME: [[V_a_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_copy_variants(%a_outer: !stream.resource<transient>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%a_outer as %a: !stream.resource<transient>{%n}) {
    stream.cmd.copy %a[%c0], %a[%c0], %n : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n} attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_a_outer]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.copy [[V_a]]{{\[}}[[V_c0]]{{\]}}, [[V_a]]{{\[}}[[V_c0]]{{\]}}, [[V_n]] : !stream.resource<transient>{[[V_n]]} -> !stream.resource<transient>{[[V_n]]} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.6 Example.
// CHECK-LABEL: util.func public @cmd_collective_example(
// CHECK-SAME: [[V_src_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_dst_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_sn:%[a-z0-9_]+]]: index, [[V_dn:%[a-z0-9_]+]]: index, [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_collective_example(%src_outer: !stream.resource<transient>, %dst_outer: !stream.resource<transient>, %sn: index, %dn: index, %count: index, %ch: !stream.channel, %c0: index) {
  %done = stream.cmd.execute with(%src_outer as %src: !stream.resource<transient>{%sn}, %dst_outer as %dst: !stream.resource<transient>{%dn}) {
    stream.cmd.collective<all_gather : si32>[%count] channel(%ch) {
      ro %src[%c0 for %sn] : !stream.resource<transient>{%sn},
      wo %dst[%c0 for %dn] : !stream.resource<transient>{%dn}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_src_outer]] as [[V_src:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_sn]]}, [[V_dst_outer]] as [[V_dst:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_dn]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.collective<all_gather : si32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) {{[{]$}}
  // CHECK-NEXT: {{^ *}}ro [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]},{{$}}
  // CHECK-NEXT: {{^ *}}wo [[V_dst]]{{\[}}[[V_c0]] for [[V_dn]]{{\]}} : !stream.resource<transient>{[[V_dn]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.6 / §4.2 / §11.15 Print: param clause, rw access, reduction, full attribute form accepted
// and printed stripped, attributes; send with a single resource.
// CHECK-LABEL: util.func public @cmd_collective_variants(
// CHECK-SAME: [[V_src_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_sn:%[a-z0-9_]+]]: index, [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_p:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_collective_variants(%src_outer: !stream.resource<transient>, %sn: index, %count: index, %ch: !stream.channel, %p: i32, %c0: index) {
  %done = stream.cmd.execute with(%src_outer as %src: !stream.resource<transient>{%sn}) {
    stream.cmd.collective #stream.collective<all_reduce with sum : f32>[%count] channel(%ch) param(%p : i32) {
      ro %src[%c0 for %sn] : !stream.resource<transient>{%sn},
      rw %src[%c0 for %sn] : !stream.resource<transient>{%sn}
    } attributes {foo}
    stream.cmd.collective<send : f32>[%count] channel(%ch) param(%p : i32) {ro %src[%c0 for %sn] : !stream.resource<transient>{%sn}}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_src_outer]] as [[V_src:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_sn]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.collective<all_reduce with sum : f32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) param([[V_p]] : i32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}ro [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]},{{$}}
  // CHECK-NEXT: {{^ *}}rw [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]}{{$}}
  // CHECK-NEXT: {{^ *}}} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.collective<send : f32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) param([[V_p]] : i32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}ro [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.7 Example.
stream.executable private @ex {
  stream.executable.export public @k_f32 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @k_f16 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @cmd_dispatch_example(
// CHECK-SAME: [[V_in_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_out_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index, [[V_x:%[a-z0-9_]+]]: index, [[V_y:%[a-z0-9_]+]]: index, [[V_alpha:%[a-z0-9_]+]]: f32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_dispatch_example(%in_outer: !stream.resource<transient>, %out_outer: !stream.resource<external>, %n: index, %m: index, %x: index, %y: index, %alpha: f32, %c0: index) {
  %done = stream.cmd.execute with(%in_outer as %in: !stream.resource<transient>{%n}, %out_outer as %out: !stream.resource<external>{%m}) {
    stream.cmd.dispatch {@ex::@k_f32, @ex::@k_f16}[%x, %y](%alpha : f32) {
      ro %in[%c0 for %n] : !stream.resource<transient>{%n},
      rw %out[%c0 for %m] : !stream.resource<external>{%m}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_in_outer]] as [[V_in:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}, [[V_out_outer]] as [[V_out:%[a-z0-9_]+]]: !stream.resource<external>{[[V_m]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch {@ex::@k_f32, @ex::@k_f16}{{\[}}[[V_x]], [[V_y]]{{\]}}([[V_alpha]] : f32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}ro [[V_in]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]},{{$}}
  // CHECK-NEXT: {{^ *}}rw [[V_out]]{{\[}}[[V_c0]] for [[V_m]]{{\]}} : !stream.resource<external>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.7 Print: single entry point, no workload, no uniform operands, wo access, attributes;
// several uniform operands.
stream.executable private @ex {
  stream.executable.export public @k_f32 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @k_f16 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @cmd_dispatch_variants(
// CHECK-SAME: [[V_in_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_u0:%[a-z0-9_]+]]: i32, [[V_u1:%[a-z0-9_]+]]: f32) {{[{]$}}
util.func public @cmd_dispatch_variants(%in_outer: !stream.resource<transient>, %n: index, %c0: index, %u0: i32, %u1: f32) {
  %done = stream.cmd.execute with(%in_outer as %in: !stream.resource<transient>{%n}) {
    stream.cmd.dispatch @ex::@a {
      wo %in[%c0 for %n] : !stream.resource<transient>{%n}
    } attributes {foo}
    stream.cmd.dispatch @ex::@b(%u0, %u1 : i32, f32) {
      rw %in[%c0 for %n] : !stream.resource<transient>{%n}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_in_outer]] as [[V_in:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch @ex::@a {{[{]$}}
  // CHECK-NEXT: {{^ *}}wo [[V_in]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch @ex::@b([[V_u0]], [[V_u1]] : i32, f32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}rw [[V_in]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.8 Example.
// CHECK: {{^ *}}stream.cmd.func private @host_hook(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i64){{$}}
stream.cmd.func private @host_hook(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i64)
// CHECK-LABEL: util.func public @cmd_func_example(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_func_example() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.8 / §11.17 Print: nested visibility, argument/result dictionaries, ranged resource argument
// after a primitive, results, attributes.
// CHECK: {{^ *}}stream.cmd.func nested @f0(%arg0: i32 {stream.foo}, %arg1[%arg2 for %arg3]: !stream.resource<external>) -> (i32, f32 {stream.bar}){{$}}
// CHECK: {{^ *}}stream.cmd.func private @f1(%arg0: index) -> i64 attributes {baz}{{$}}
stream.cmd.func nested @f0(%x: i32 {stream.foo}, %r[%o for %l]: !stream.resource<external>) -> (i32, f32 {stream.bar})
stream.cmd.func private @f1(%x: index) -> i64 attributes {baz}
// CHECK-LABEL: util.func public @cmd_func_variants(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_func_variants() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.9 Example.
stream.cmd.func private @host_hook(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i64)
// CHECK-LABEL: util.func public @cmd_call_example(
// CHECK-SAME: [[V_buf_outer:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_flags:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @cmd_call_example(%buf_outer: !stream.resource<external>, %n: index, %c0: index, %flags: i64) {
  %done = stream.cmd.execute with(%buf_outer as %buf: !stream.resource<external>{%n}) {
    stream.cmd.call @host_hook(rw %buf[%c0 for %n], %flags) : (!stream.resource<external>{%n}, i64) -> ()
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_buf_outer]] as [[V_buf:%[a-z0-9_]+]]: !stream.resource<external>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.call @host_hook(rw [[V_buf]]{{\[}}[[V_c0]] for [[V_n]]{{\]}}, [[V_flags]]) : (!stream.resource<external>{[[V_n]]}, i64) -> (){{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.9 / §11.16 Print: ro and wo accesses, attributes, a primitive result.
stream.cmd.func private @hook2(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3[%arg4 for %arg5]: !stream.resource<*>) -> i32
// CHECK-LABEL: util.func public @cmd_call_variants(
// CHECK-SAME: [[V_a_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_call_variants(%a_outer: !stream.resource<transient>, %n: index, %c0: index) {
  %done = stream.cmd.execute with(%a_outer as %a: !stream.resource<transient>{%n}) {
    %r = stream.cmd.call @hook2(ro %a[%c0 for %n], wo %a[%c0 for %n]) {foo} : (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) -> i32
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_a_outer]] as [[V_a:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}[[V_r:%[a-z0-9_]+]] = stream.cmd.call @hook2(ro [[V_a]]{{\[}}[[V_c0]] for [[V_n]]{{\]}}, wo [[V_a]]{{\[}}[[V_c0]] for [[V_n]]{{\]}}) {foo} : (!stream.resource<transient>{[[V_n]]}, !stream.resource<transient>{[[V_n]]}) -> i32{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.10 Example.
// CHECK-LABEL: util.func public @cmd_execute_example(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_src:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_dst:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_execute_example(%t: !stream.timepoint, %src: !stream.resource<transient>, %dst: !stream.resource<staging>, %n: index, %c0: index) {
  %done = stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%t) => with(%src as %s: !stream.resource<transient>{%n}, %dst as %d: !stream.resource<staging>{%n}) {
    stream.cmd.copy %s[%c0], %d[%c0], %n : !stream.resource<transient>{%n} -> !stream.resource<staging>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute once on(#hal.device.affinity<@dev>) await([[V_t]]) => with([[V_src]] as [[V_s:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}, [[V_dst]] as [[V_d:%[a-z0-9_]+]]: !stream.resource<staging>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.copy [[V_s]]{{\[}}[[V_c0]]{{\]}}, [[V_d]]{{\[}}[[V_c0]]{{\]}}, [[V_n]] : !stream.resource<transient>{[[V_n]]} -> !stream.resource<staging>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.10 / §11.14 Print: no once/affinity/await, empty capture list prints `with() {`,
// attributes; await without affinity.
// CHECK-LABEL: util.func public @cmd_execute_variants(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint, [[V_src:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_execute_variants(%t: !stream.timepoint, %src: !stream.resource<transient>, %n: index, %c0: index) {
  %d0 = stream.cmd.execute with() {
  } => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_d0:%[a-z0-9_]+]] = stream.cmd.execute with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint attributes {foo}{{$}}
  %d1 = stream.cmd.execute await(%t) => with(%src as %s: !stream.resource<transient>{%n}) {
    stream.cmd.discard %s[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_d1:%[a-z0-9_]+]] = stream.cmd.execute await([[V_t]]) => with([[V_src]] as [[V_s:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.discard [[V_s]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.11 Example (one line in; the nested op prints on its own line).
// CHECK-LABEL: util.func public @cmd_serial_example(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_c0_i32:%[a-z0-9_]+]]: i32) {{[{]$}}
util.func public @cmd_serial_example(%b_outer: !stream.resource<transient>, %n: index, %c0: index, %c0_i32: i32) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<transient>{%n}) {
    stream.cmd.serial { stream.cmd.fill %c0_i32, %b[%c0 for %n] : i32 -> !stream.resource<transient>{%n} }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.serial {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.fill [[V_c0_i32]], [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : i32 -> !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.11 Print: attributes; nested serial inside concurrent.
// CHECK-LABEL: util.func public @cmd_serial_variants(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_c0_i32:%[a-z0-9_]+]]: i32) {{[{]$}}
util.func public @cmd_serial_variants(%b_outer: !stream.resource<transient>, %n: index, %c0: index, %c0_i32: i32) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<transient>{%n}) {
    stream.cmd.concurrent {
      stream.cmd.serial {
        stream.cmd.fill %c0_i32, %b[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
      } attributes {foo}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.concurrent {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.serial {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.fill [[V_c0_i32]], [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : i32 -> !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.12 Example.
stream.executable private @ex {
  stream.executable.export public @k_f32 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @k_f16 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @cmd_concurrent_example(
// CHECK-SAME: [[V_x_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_y_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_concurrent_example(%x_outer: !stream.resource<transient>, %y_outer: !stream.resource<transient>, %n: index, %m: index, %c0: index) {
  %done = stream.cmd.execute with(%x_outer as %x: !stream.resource<transient>{%n}, %y_outer as %y: !stream.resource<transient>{%m}) {
    stream.cmd.concurrent {
      stream.cmd.dispatch @ex::@a {
        wo %x[%c0 for %n] : !stream.resource<transient>{%n}
      }
      stream.cmd.dispatch @ex::@b {
        wo %y[%c0 for %m] : !stream.resource<transient>{%m}
      }
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_x_outer]] as [[V_x:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}, [[V_y_outer]] as [[V_y:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_m]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.concurrent {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch @ex::@a {{[{]$}}
  // CHECK-NEXT: {{^ *}}wo [[V_x]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch @ex::@b {{[{]$}}
  // CHECK-NEXT: {{^ *}}wo [[V_y]]{{\[}}[[V_c0]] for [[V_m]]{{\]}} : !stream.resource<transient>{[[V_m]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.12 Print: attributes; empty body.
// CHECK-LABEL: util.func public @cmd_concurrent_variants(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_concurrent_variants() {
  %done = stream.cmd.execute with() {
    stream.cmd.concurrent {
    } attributes {foo}
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.concurrent {{[{]$}}
  // CHECK-NEXT: {{^ *}}} attributes {foo}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.10 Print: `once` alone; affinity with await; §0.1: `= >` parses as `=>`.
// CHECK-LABEL: util.func public @cmd_execute_once_or_affinity_only(
// CHECK-SAME: [[V_t:%[a-z0-9_]+]]: !stream.timepoint) {{[{]$}}
util.func public @cmd_execute_once_or_affinity_only(%t: !stream.timepoint) {
  %d0 = stream.cmd.execute once with() {
  } = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_d0:%[a-z0-9_]+]] = stream.cmd.execute once with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  %d1 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%t) = > with() {
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_d1:%[a-z0-9_]+]] = stream.cmd.execute on(#hal.device.affinity<@dev>) await([[V_t]]) => with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.16: `()` with no operands (Sluice creates the empty access array); §11.17: no arguments.
// CHECK: {{^ *}}stream.cmd.func private @nop(){{$}}
stream.cmd.func private @nop()
// CHECK-LABEL: util.func public @cmd_call_no_operands(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_call_no_operands() {
  %done = stream.cmd.execute with() {
    stream.cmd.call @nop() : () -> ()
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with() {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.call @nop() : () -> (){{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.9: a single entry written in braces prints bare; workload without uniform operands.
stream.executable private @ex {
  stream.executable.export public @k_f32 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @k_f16 workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    stream.return %arg0, %arg1, %arg1 : index, index, index
  }
  stream.executable.export public @a
  stream.executable.export public @b
}
// CHECK-LABEL: util.func public @cmd_dispatch_single_braced_entry(
// CHECK-SAME: [[V_in_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_x:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_dispatch_single_braced_entry(%in_outer: !stream.resource<transient>, %n: index, %c0: index, %x: index) {
  %done = stream.cmd.execute with(%in_outer as %in: !stream.resource<transient>{%n}) {
    stream.cmd.dispatch {@ex::@k_f32}[%x, %x] {
      rw %in[%c0 for %n] : !stream.resource<transient>{%n}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_in_outer]] as [[V_in:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.dispatch @ex::@k_f32{{\[}}[[V_x]], [[V_x]]{{\]}} {{[{]$}}
  // CHECK-NEXT: {{^ *}}rw [[V_in]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.11: the terminator is printed when it has attributes.
// CHECK-LABEL: util.func public @cmd_serial_yield_with_attrs(
// CHECK-SAME: [[V_b_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_n:%[a-z0-9_]+]]: index, [[V_c0:%[a-z0-9_]+]]: index, [[V_c0_i32:%[a-z0-9_]+]]: i32) {{[{]$}}
util.func public @cmd_serial_yield_with_attrs(%b_outer: !stream.resource<transient>, %n: index, %c0: index, %c0_i32: i32) {
  %done = stream.cmd.execute with(%b_outer as %b: !stream.resource<transient>{%n}) {
    stream.cmd.serial {
      stream.cmd.fill %c0_i32, %b[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
      stream.yield {foo}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_b_outer]] as [[V_b:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_n]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.serial {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.fill [[V_c0_i32]], [[V_b]]{{\[}}[[V_c0]] for [[V_n]]{{\]}} : i32 -> !stream.resource<transient>{[[V_n]]}{{$}}
  // CHECK-NEXT: {{^ *}}stream.yield {foo}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.10.6: recv takes one written resource; broadcast two.
// CHECK-LABEL: util.func public @cmd_collective_recv_broadcast(
// CHECK-SAME: [[V_src_outer:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_sn:%[a-z0-9_]+]]: index, [[V_count:%[a-z0-9_]+]]: index, [[V_ch:%[a-z0-9_]+]]: !stream.channel, [[V_p:%[a-z0-9_]+]]: i32, [[V_c0:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @cmd_collective_recv_broadcast(%src_outer: !stream.resource<transient>, %sn: index, %count: index, %ch: !stream.channel, %p: i32, %c0: index) {
  %done = stream.cmd.execute with(%src_outer as %src: !stream.resource<transient>{%sn}) {
    stream.cmd.collective<recv : f32>[%count] channel(%ch) param(%p : i32) {
      wo %src[%c0 for %sn] : !stream.resource<transient>{%sn}
    }
    stream.cmd.collective<broadcast : bf16>[%count] channel(%ch) param(%p : i32) {
      ro %src[%c0 for %sn] : !stream.resource<transient>{%sn},
      wo %src[%c0 for %sn] : !stream.resource<transient>{%sn}
    }
  } => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_done:%[a-z0-9_]+]] = stream.cmd.execute with([[V_src_outer]] as [[V_src:%[a-z0-9_]+]]: !stream.resource<transient>{[[V_sn]]}) {{[{]$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.collective<recv : f32>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) param([[V_p]] : i32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}wo [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}stream.cmd.collective<broadcast : bf16>{{\[}}[[V_count]]{{\]}} channel([[V_ch]]) param([[V_p]] : i32) {{[{]$}}
  // CHECK-NEXT: {{^ *}}ro [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]},{{$}}
  // CHECK-NEXT: {{^ *}}wo [[V_src]]{{\[}}[[V_c0]] for [[V_sn]]{{\]}} : !stream.resource<transient>{[[V_sn]]}{{$}}
  // CHECK-NEXT: {{^ *}}}{{$}}
  // CHECK-NEXT: {{^ *}}} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.17: a single result prints without parentheses.
// CHECK: {{^ *}}stream.cmd.func private @g(%arg0[%arg1 for %arg2]: !stream.resource<*>) -> i32{{$}}
stream.cmd.func private @g(%x[%o for %l]: !stream.resource<*>) -> i32
// CHECK-LABEL: util.func public @cmd_func_single_result(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_func_single_result() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §11.17: a single result with a dictionary prints without parentheses.
// CHECK: {{^ *}}stream.cmd.func private @c1(%arg0: index) -> i32 {stream.x}{{$}}
// CHECK: {{^ *}}stream.cmd.func private @c2(%arg0: index) -> i32 {stream.x}{{$}}
stream.cmd.func private @c1(%x: index) -> i32 {stream.x}
stream.cmd.func private @c2(%x: index) -> (i32 {stream.x})
// CHECK-LABEL: util.func public @cmd_func_single_result_attrs(
// CHECK-SAME: ) {{[{]$}}
util.func public @cmd_func_single_result_attrs() {
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}
