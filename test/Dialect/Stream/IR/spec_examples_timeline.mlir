// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Conformance cross-check: the spec examples of stream-ir.md §12.12 (timepoint ops)
// and one variant per optional print part. Expected text derived from the Print templates.

// §12.12.1 Example.
// CHECK-LABEL: util.func public @timepoint_immediate_example(
// CHECK-SAME: ) {{[{]$}}
util.func public @timepoint_immediate_example() {
  %now = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_now:%[a-z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.1 Print: plain attribute dictionary before `=>`.
// CHECK-LABEL: util.func public @timepoint_immediate_variants(
// CHECK-SAME: ) {{[{]$}}
util.func public @timepoint_immediate_variants() {
  %now = stream.timepoint.immediate {foo} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_now:%[a-z0-9_]+]] = stream.timepoint.immediate {foo} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.2 Example.
// CHECK-LABEL: util.func public @timepoint_import_example(
// CHECK-SAME: [[V_fence:%[a-z0-9_]+]]: !hal.fence) {{[{]$}}
util.func public @timepoint_import_example(%fence: !hal.fence) {
  %tp = stream.timepoint.import on(#hal.device.affinity<@dev>) %fence : (!hal.fence) => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_tp:%[a-z0-9_]+]] = stream.timepoint.import on(#hal.device.affinity<@dev>) [[V_fence]] : (!hal.fence) => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.2 Print: no affinity, two operands, attributes.
// CHECK-LABEL: util.func public @timepoint_import_variants(
// CHECK-SAME: [[V_sem:%[a-z0-9_]+]]: !hal.semaphore, [[V_v:%[a-z0-9_]+]]: i64) {{[{]$}}
util.func public @timepoint_import_variants(%sem: !hal.semaphore, %v: i64) {
  %tp = stream.timepoint.import %sem, %v : (!hal.semaphore, i64) => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_tp:%[a-z0-9_]+]] = stream.timepoint.import [[V_sem]], [[V_v]] : (!hal.semaphore, i64) => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.3 Example.
// CHECK-LABEL: util.func public @timepoint_export_example(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint) {{[{]$}}
util.func public @timepoint_export_example(%tp: !stream.timepoint) {
  %sem, %val = stream.timepoint.export %tp => (!hal.semaphore, i64)
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.export [[V_tp]] => (!hal.semaphore, i64){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.3 Print: affinity, single result, attributes.
// CHECK-LABEL: util.func public @timepoint_export_variants(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint) {{[{]$}}
util.func public @timepoint_export_variants(%tp: !stream.timepoint) {
  %f = stream.timepoint.export on(#hal.device.affinity<@dev>) %tp => (!hal.fence) attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_f:%[a-z0-9_]+]] = stream.timepoint.export on(#hal.device.affinity<@dev>) [[V_tp]] => (!hal.fence) attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.4 Example.
// CHECK-LABEL: util.func public @timepoint_chain_external_example(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint, [[V_signal:%[a-z0-9_]+]]: !hal.fence) {{[{]$}}
util.func public @timepoint_chain_external_example(%tp: !stream.timepoint, %signal: !hal.fence) {
  stream.timepoint.chain_external %tp => (%signal : !hal.fence)
  // CHECK-NEXT: {{^ *}}stream.timepoint.chain_external [[V_tp]] => ([[V_signal]] : !hal.fence){{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.4 Print: affinity, two values, attributes.
// CHECK-LABEL: util.func public @timepoint_chain_external_variants(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint, [[V_f0:%[a-z0-9_]+]]: !hal.fence, [[V_f1:%[a-z0-9_]+]]: !hal.fence) {{[{]$}}
util.func public @timepoint_chain_external_variants(%tp: !stream.timepoint, %f0: !hal.fence, %f1: !hal.fence) {
  stream.timepoint.chain_external on(#hal.device.affinity<@dev>) %tp => (%f0, %f1 : !hal.fence, !hal.fence) attributes {foo}
  // CHECK-NEXT: {{^ *}}stream.timepoint.chain_external on(#hal.device.affinity<@dev>) [[V_tp]] => ([[V_f0]], [[V_f1]] : !hal.fence, !hal.fence) attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.5 Example.
// CHECK-LABEL: util.func public @timepoint_join_example(
// CHECK-SAME: [[V_t0:%[a-z0-9_]+]]: !stream.timepoint, [[V_t1:%[a-z0-9_]+]]: !stream.timepoint, [[V_t2:%[a-z0-9_]+]]: !stream.timepoint) {{[{]$}}
util.func public @timepoint_join_example(%t0: !stream.timepoint, %t1: !stream.timepoint, %t2: !stream.timepoint) {
  %all = stream.timepoint.join max(%t0, %t1, %t2) => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_all:%[a-z0-9_]+]] = stream.timepoint.join max([[V_t0]], [[V_t1]], [[V_t2]]) => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.5 Print: single operand, attributes.
// CHECK-LABEL: util.func public @timepoint_join_variants(
// CHECK-SAME: [[V_t0:%[a-z0-9_]+]]: !stream.timepoint) {{[{]$}}
util.func public @timepoint_join_variants(%t0: !stream.timepoint) {
  %all = stream.timepoint.join max(%t0) => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_all:%[a-z0-9_]+]] = stream.timepoint.join max([[V_t0]]) => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.6 Example.
// CHECK-LABEL: util.func public @timepoint_barrier_example(
// CHECK-SAME: [[V_r:%[a-z0-9_]+]]: !stream.resource<external>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_barrier_example(%r: !stream.resource<external>, %n: index) {
  %r2, %rt = stream.timepoint.barrier %r : !stream.resource<external>{%n} => !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.barrier [[V_r]] : !stream.resource<external>{[[V_n]]} => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.6 Print: affinity, attributes.
// CHECK-LABEL: util.func public @timepoint_barrier_variants(
// CHECK-SAME: [[V_r:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_barrier_variants(%r: !stream.resource<*>, %n: index) {
  %r2, %rt = stream.timepoint.barrier on(#hal.device.affinity<@dev>) %r : !stream.resource<*>{%n} => !stream.timepoint attributes {foo}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.barrier on(#hal.device.affinity<@dev>) [[V_r]] : !stream.resource<*>{[[V_n]]} => !stream.timepoint attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.7 Example.
// CHECK-LABEL: util.func public @timepoint_await_example(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint, [[V_a:%[a-z0-9_]+]]: !stream.resource<staging>, [[V_b:%[a-z0-9_]+]]: !stream.resource<external>, [[V_an:%[a-z0-9_]+]]: index, [[V_bn:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_await_example(%tp: !stream.timepoint, %a: !stream.resource<staging>, %b: !stream.resource<external>, %an: index, %bn: index) {
  %a1, %b1 = stream.timepoint.await sync %tp => %a, %b : !stream.resource<staging>{%an}, !stream.resource<external>{%bn}
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.await sync [[V_tp]] => [[V_a]], [[V_b]] : !stream.resource<staging>{[[V_an]]}, !stream.resource<external>{[[V_bn]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.7 Print: no sync, single resource, attributes.
// CHECK-LABEL: util.func public @timepoint_await_variants(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint, [[V_a:%[a-z0-9_]+]]: !stream.resource<*>, [[V_an:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_await_variants(%tp: !stream.timepoint, %a: !stream.resource<*>, %an: index) {
  %a1 = stream.timepoint.await %tp => %a : !stream.resource<*>{%an} attributes {foo}
  // CHECK-NEXT: {{^ *}}[[V_a1:%[a-z0-9_]+]] = stream.timepoint.await [[V_tp]] => [[V_a]] : !stream.resource<*>{[[V_an]]} attributes {foo}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.5: `max()` with no operands.
// CHECK-LABEL: util.func public @timepoint_join_empty(
// CHECK-SAME: ) {{[{]$}}
util.func public @timepoint_join_empty() {
  %all = stream.timepoint.join max() => !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_all:%[a-z0-9_]+]] = stream.timepoint.join max() => !stream.timepoint{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §0.1: `= >` parses as `=>` and prints glued.
// CHECK-LABEL: util.func public @timepoint_arrow_spacing(
// CHECK-SAME: [[V_t0:%[a-z0-9_]+]]: !stream.timepoint, [[V_r:%[a-z0-9_]+]]: !stream.resource<*>, [[V_n:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_arrow_spacing(%t0: !stream.timepoint, %r: !stream.resource<*>, %n: index) {
  %now = stream.timepoint.immediate = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_now:%[a-z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint{{$}}
  %all = stream.timepoint.join max(%t0, %now) = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}[[V_all:%[a-z0-9_]+]] = stream.timepoint.join max([[V_t0]], [[V_now]]) => !stream.timepoint{{$}}
  %sem, %val = stream.timepoint.export %all = > (!hal.semaphore, i64)
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.export [[V_all]] => (!hal.semaphore, i64){{$}}
  %r2, %rt = stream.timepoint.barrier %r : !stream.resource<*>{%n} = > !stream.timepoint
  // CHECK-NEXT: {{^ *}}{{[^=]+}} = stream.timepoint.barrier [[V_r]] : !stream.resource<*>{[[V_n]]} => !stream.timepoint{{$}}
  %r3 = stream.timepoint.await %t0 = > %r : !stream.resource<*>{%n}
  // CHECK-NEXT: {{^ *}}[[V_r3:%[a-z0-9_]+]] = stream.timepoint.await [[V_t0]] => [[V_r]] : !stream.resource<*>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}

// -----

// §12.12.7 / §11.5: three resources of different lifetimes.
// CHECK-LABEL: util.func public @timepoint_await_three(
// CHECK-SAME: [[V_tp:%[a-z0-9_]+]]: !stream.timepoint, [[V_a:%[a-z0-9_]+]]: !stream.resource<transient>, [[V_b:%[a-z0-9_]+]]: !stream.resource<variable>, [[V_c:%[a-z0-9_]+]]: !stream.resource<constant>, [[V_n:%[a-z0-9_]+]]: index, [[V_m:%[a-z0-9_]+]]: index) {{[{]$}}
util.func public @timepoint_await_three(%tp: !stream.timepoint, %a: !stream.resource<transient>, %b: !stream.resource<variable>, %c: !stream.resource<constant>, %n: index, %m: index) {
  %x:3 = stream.timepoint.await sync %tp => %a, %b, %c : !stream.resource<transient>{%n}, !stream.resource<variable>{%m}, !stream.resource<constant>{%n}
  // CHECK-NEXT: {{^ *}}[[V_x:%[a-z0-9_]+]]:3 = stream.timepoint.await sync [[V_tp]] => [[V_a]], [[V_b]], [[V_c]] : !stream.resource<transient>{[[V_n]]}, !stream.resource<variable>{[[V_m]]}, !stream.resource<constant>{[[V_n]]}{{$}}
  util.return
  // CHECK-NEXT: {{^ *}}util.return{{$}}
}
