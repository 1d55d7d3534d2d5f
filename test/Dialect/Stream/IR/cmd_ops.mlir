// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @cmd_range_ops
util.func public @cmd_range_ops(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.resource<staging>, %arg3: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %c7_i8 = arith.constant 7 : i8
  // CHECK: %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) with(%arg0 as %arg4: !stream.resource<transient>{%arg1}, %arg2 as %arg5: !stream.resource<staging>{%arg3}) {
  %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) with(%arg0 as %arg4: !stream.resource<transient>{%arg1}, %arg2 as %arg5: !stream.resource<staging>{%arg3}) {
    // CHECK-NEXT: stream.cmd.flush to(#hal.device.affinity<@host>) %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.flush to(#hal.device.affinity<@host>) %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.flush %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.flush %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.invalidate from(#hal.device.affinity<@host>) %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.invalidate from(#hal.device.affinity<@host>) %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.invalidate %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1} attributes {stream.x}
    stream.cmd.invalidate %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1} attributes {stream.x}
    // CHECK-NEXT: stream.cmd.discard %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    stream.cmd.discard %arg4[%c0 for %c128] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.fill %c255_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c255_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.fill %c7_i8, %arg4[%c0 for %c128] : i8 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c7_i8, %arg4[%c0 for %c128] : i8 -> !stream.resource<transient>{%arg1}
    // CHECK-NEXT: stream.cmd.copy %arg4[%c0], %arg5[%c0], %c128 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg3}
    stream.cmd.copy %arg4[%c0], %arg5[%c0], %c128 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg3}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// The implicit terminator is never printed; empty capture lists print `with()`.
// CHECK-LABEL: util.func public @cmd_execute_forms
util.func public @cmd_execute_forms(%arg0: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK: %0 = stream.cmd.execute await(%arg0) => with() {
  // CHECK-NEXT: } => !stream.timepoint attributes {stream.y}
  %0 = stream.cmd.execute await(%arg0) => with() {
  } => !stream.timepoint attributes {stream.y}
  // CHECK: %1 = stream.cmd.execute with() {
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NOT: stream.yield
  %1 = stream.cmd.execute with() {
    stream.yield
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @cmd_nested_regions
util.func public @cmd_nested_regions(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    // CHECK-NEXT: stream.cmd.serial {
    stream.cmd.serial {
      // CHECK-NEXT: stream.cmd.concurrent {
      stream.cmd.concurrent {
        // CHECK-NEXT: stream.cmd.dispatch @ex::@a[%c128](%c255_i32 : i32) {
        // CHECK-NEXT:   ro %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1},
        // CHECK-NEXT:   wo %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        // CHECK-NEXT: {{^ *}}}{{$}}
        stream.cmd.dispatch @ex::@a[%c128](%c255_i32 : i32) {
          ro %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1},
          wo %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        }
        // CHECK-NEXT: stream.cmd.dispatch {@ex::@a, @ex::@b} {
        // CHECK-NEXT:   rw %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        // CHECK-NEXT: } attributes {stream.z}
        stream.cmd.dispatch {@ex::@a, @ex::@b} {
          rw %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        } attributes {stream.z}
        // CHECK-NEXT: stream.cmd.dispatch @ex::@a(%c255_i32, %c128 : i32, index) {
        stream.cmd.dispatch @ex::@a(%c255_i32, %c128 : i32, index) {
          ro %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        }
        // CHECK: stream.cmd.dispatch @ex::@a[%c128, %c0] {
        // CHECK-NEXT:   ro %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        // CHECK-NEXT: {{^ *}}}{{$}}
        stream.cmd.dispatch @ex::@a[%c128, %c0] {
          ro %arg2[%c0 for %c128] : !stream.resource<transient>{%arg1}
        }
      // CHECK-NEXT: {{^ *}}}{{$}}
      }
      // CHECK-NEXT: stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
    // CHECK-NEXT: {{^ *}}}{{$}}
    }
    // CHECK-NEXT: stream.cmd.concurrent {
    // CHECK-NEXT: } attributes {stream.w}
    stream.cmd.concurrent {
    } attributes {stream.w}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A yield with attributes is printed inside serial/concurrent.
// CHECK-LABEL: util.func public @cmd_serial_yield_attrs
util.func public @cmd_serial_yield_attrs() -> !stream.timepoint {
  // CHECK: stream.cmd.serial {
  // CHECK-NEXT: stream.yield {stream.k}
  // CHECK-NEXT: {{^ *}}}{{$}}
  %0 = stream.cmd.execute with() {
    stream.cmd.serial {
      stream.yield {stream.k}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @cmd_collective
util.func public @cmd_collective(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.channel, %arg3: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute with(%arg0 as %arg4: !stream.resource<external>{%arg1}) {
    // CHECK: stream.cmd.collective<all_gather : si32>[%c128] channel(%arg2) {
    // CHECK-NEXT:   ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1},
    // CHECK-NEXT:   wo %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    // CHECK-NEXT: {{^ *}}}{{$}}
    stream.cmd.collective<all_gather : si32>[%c128] channel(%arg2) {
      ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1},
      wo %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    }
    // CHECK-NEXT: stream.cmd.collective<send : f32>[%c128] channel(%arg2) param(%arg3 : i32) {
    // CHECK-NEXT:   ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    // CHECK-NEXT: } attributes {stream.x}
    stream.cmd.collective<send : f32>[%c128] channel(%arg2) param(%arg3 : i32) {
      ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    } attributes {stream.x}
    // The full attribute form is accepted and printed stripped.
    // CHECK-NEXT: stream.cmd.collective<all_reduce with sum : f32>[%c128] channel(%arg2) {
    // CHECK-NEXT:   ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1},
    // CHECK-NEXT:   rw %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    // CHECK-NEXT: {{^ *}}}{{$}}
    stream.cmd.collective#stream.collective<all_reduce with sum : f32>[%c128] channel(%arg2) {
      ro %arg4[%c0 for %c128] : !stream.resource<external>{%arg1},
      rw %arg4[%c0 for %c128] : !stream.resource<external>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// CHECK: stream.cmd.func private @host_hook(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i64)
stream.cmd.func private @host_hook(%buf[%off for %len]: !stream.resource<*>, %flags: i64)
// CHECK: stream.cmd.func private @with_attrs(%arg0: i32 {stream.foo = 1 : i32}, %arg1[%arg2 for %arg3]: !stream.resource<*> {stream.bar}) -> (i32, i64 {stream.baz})
stream.cmd.func private @with_attrs(%a: i32 {stream.foo = 1 : i32}, %b[%c for %d]: !stream.resource<*> {stream.bar}) -> (i32, i64 {stream.baz})
// CHECK: stream.cmd.func private @one_result() -> i32 attributes {stream.q}
stream.cmd.func private @one_result() -> i32 attributes {stream.q}
// CHECK: stream.cmd.func nested @paren_result() -> i32{{$}}
stream.cmd.func nested @paren_result() -> (i32)

// CHECK-LABEL: util.func public @cmd_call
util.func public @cmd_call(%arg0: !stream.resource<external>, %arg1: index, %arg2: i64, %arg3: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %0 = stream.cmd.execute with(%arg0 as %arg4: !stream.resource<external>{%arg1}) {
    // CHECK: stream.cmd.call @host_hook(rw %arg4[%c0 for %c128], %arg2) : (!stream.resource<external>{%arg1}, i64) -> ()
    stream.cmd.call @host_hook(rw %arg4[%c0 for %c128], %arg2) : (!stream.resource<external>{%arg1}, i64) -> ()
    // CHECK-NEXT: %{{.+}}:2 = stream.cmd.call @with_attrs(%arg3, ro %arg4[%c0 for %c128]) {stream.s} : (i32, !stream.resource<external>{%arg1}) -> (i32, i64)
    %1:2 = stream.cmd.call @with_attrs(%arg3, ro %arg4[%c0 for %c128]) {stream.s} : (i32, !stream.resource<external>{%arg1}) -> (i32, i64)
    // CHECK-NEXT: %{{.+}} = stream.cmd.call @one_result() : () -> i32
    %2 = stream.cmd.call @one_result() : () -> i32
    // CHECK-NEXT: stream.cmd.call @host_hook(wo %arg4[%c0 for %c128], %arg2) : (!stream.resource<external>{%arg1}, i64) -> ()
    stream.cmd.call @host_hook(wo %arg4[%c0 for %c128], %arg2) : (!stream.resource<external>{%arg1}, i64) -> ()
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// cmd.call is not a TiedOpInterface op: a parsed tie is kept in
// `tied_operands` but never printed (stream-ir.md §14 Q12).
// CHECK: stream.cmd.func private @tied(%arg0: i32) -> i32
stream.cmd.func private @tied(%arg0: i32) -> i32
// CHECK-LABEL: util.func public @cmd_call_tie
util.func public @cmd_call_tie(%arg0: i32) -> !stream.timepoint {
  %0 = stream.cmd.execute with() {
    // CHECK: %{{.+}} = stream.cmd.call @tied(%arg0) : (i32) -> i32
    %1 = stream.cmd.call @tied(%arg0) : (i32) -> %arg0
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
