// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @cmd_parameter_load
util.func public @cmd_parameter_load(%ns: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %o0: i64, %o1: i64, %n0: index, %n1: index, %t: !stream.timepoint) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint, !stream.resource<*>) {
  //      CHECK: = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) {
  // CHECK-NEXT: {{^}}      %arg0::%arg1[%arg3] : !stream.resource<constant>{%arg5},{{$}}
  // CHECK-NEXT: {{^}}      %arg0::%arg2[%arg4] : !stream.resource<constant>{%arg6}{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint{{$}}
  %p0, %p1, %ready = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) {
    %ns::%k0[%o0] : !stream.resource<constant>{%n0},
    %ns::%k1[%o1] : !stream.resource<constant>{%n1}
  } => !stream.timepoint
  //      CHECK: = stream.cmd.parameter.load await(%arg7) => {
  // CHECK-NEXT: {{^}}      %arg1[%arg3] : !stream.resource<*>{%arg5}{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint attributes {test.attr}{{$}}
  %p2, %ready2 = stream.cmd.parameter.load await(%t) => {
    %k0[%o0] : !stream.resource<*>{%n0}
  } => !stream.timepoint attributes {test.attr}
  util.return %p0, %p1, %ready, %p2 : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @cmd_parameter_read_write
util.func public @cmd_parameter_read_write(%buf: !stream.resource<transient>, %n: index, %c0: index, %scope: !util.buffer, %key: !util.buffer, %po: i64, %t: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint) {
  // CHECK: %0 = stream.cmd.parameter.read await(%arg6) => %arg4[%arg5] -> %arg0[%arg2 for %arg1] : !stream.resource<transient>{%arg1} => !stream.timepoint{{$}}
  %r0 = stream.cmd.parameter.read await(%t) => %key[%po] -> %buf[%c0 for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: %1 = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) %arg3::%arg4[%arg5] -> %arg0[%arg2 for %arg1] : !stream.resource<transient>{%arg1} => !stream.timepoint attributes {test.attr}{{$}}
  %r1 = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) %scope::%key[%po] -> %buf[%c0 for %n] : !stream.resource<transient>{%n} => !stream.timepoint attributes {test.attr}
  // CHECK: %2 = stream.cmd.parameter.write %arg0[%arg2 for %arg1] : !stream.resource<transient>{%arg1} -> %arg3::%arg4[%arg5] => !stream.timepoint{{$}}
  %w0 = stream.cmd.parameter.write %buf[%c0 for %n] : !stream.resource<transient>{%n} -> %scope::%key[%po] => !stream.timepoint
  // CHECK: %3 = stream.cmd.parameter.write on(#hal.device.affinity<@dev>) await(%arg6) => %arg0[%arg2 for %arg1] : !stream.resource<transient>{%arg1} -> %arg4[%arg5] => !stream.timepoint{{$}}
  %w1 = stream.cmd.parameter.write on(#hal.device.affinity<@dev>) await(%t) => %buf[%c0 for %n] : !stream.resource<transient>{%n} -> %key[%po] => !stream.timepoint
  util.return %r0, %r1, %w0, %w1 : !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @cmd_parameter_gather
util.func public @cmd_parameter_gather(%buf: !stream.resource<transient>, %n: index, %c0: index, %l0: index, %l1: index, %out: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64, %t: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  //      CHECK: %0 = stream.cmd.parameter.gather {
  // CHECK-NEXT: {{^}}      %arg6[%arg8] -> %arg0[%arg2 for %arg3] : !stream.resource<transient>{%arg1},{{$}}
  // CHECK-NEXT: {{^}}      %arg7[%arg9] -> %arg0[%arg3 for %arg4] : !stream.resource<transient>{%arg1}{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint{{$}}
  %g = stream.cmd.parameter.gather {
    %k0[%p0] -> %buf[%c0 for %l0] : !stream.resource<transient>{%n},
    %k1[%p1] -> %buf[%l0 for %l1] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  //      CHECK: %1 = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await(%arg10) => {
  // CHECK-NEXT: {{^}}      %arg5::%arg6[%arg8] -> %arg0[%arg2 for %arg3] : !stream.resource<transient>{%arg1}{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint attributes {test.attr}{{$}}
  %g1 = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await(%t) => {
    %out::%k0[%p0] -> %buf[%c0 for %l0] : !stream.resource<transient>{%n}
  } => !stream.timepoint attributes {test.attr}
  util.return %g, %g1 : !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @cmd_parameter_scatter
util.func public @cmd_parameter_scatter(%buf: !stream.resource<transient>, %n: index, %c0: index, %l0: index, %l1: index, %out: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64, %t: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  //      CHECK: %0 = stream.cmd.parameter.scatter await(%arg10) => {
  // CHECK-NEXT: {{^}}      %arg0[%arg2 for %arg3] : !stream.resource<transient>{%arg1} -> %arg5::%arg6[%arg8],{{$}}
  // CHECK-NEXT: {{^}}      %arg0[%arg3 for %arg4] : !stream.resource<transient>{%arg1} -> %arg5::%arg7[%arg9]{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint{{$}}
  %s = stream.cmd.parameter.scatter await(%t) => {
    %buf[%c0 for %l0] : !stream.resource<transient>{%n} -> %out::%k0[%p0],
    %buf[%l0 for %l1] : !stream.resource<transient>{%n} -> %out::%k1[%p1]
  } => !stream.timepoint
  //      CHECK: %1 = stream.cmd.parameter.scatter on(#hal.device.affinity<@dev>) {
  // CHECK-NEXT: {{^}}      %arg0[%arg2 for %arg3] : !stream.resource<transient>{%arg1} -> %arg6[%arg8]{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint{{$}}
  %s1 = stream.cmd.parameter.scatter on(#hal.device.affinity<@dev>) {
    %buf[%c0 for %l0] : !stream.resource<transient>{%n} -> %k0[%p0]
  } => !stream.timepoint
  util.return %s, %s1 : !stream.timepoint, !stream.timepoint
}

// -----

// Rows are indented relative to the op's own indentation inside regions.

// CHECK-LABEL: util.func public @cmd_parameter_rows_nested
util.func public @cmd_parameter_rows_nested(%buf: !stream.resource<transient>, %n: index, %c0: index, %k0: !util.buffer, %p0: i64) -> !stream.timepoint {
  //      CHECK: stream.cmd.execute with(%arg0 as %[[ARG:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: {{^}}      %{{.+}} = stream.cmd.parameter.gather {
  // CHECK-NEXT: {{^}}        %arg3[%arg4] -> %[[ARG]][%arg2 for %arg1] : !stream.resource<transient>{%arg1}{{$}}
  // CHECK-NEXT: {{^}}      } => !stream.timepoint{{$}}
  // CHECK-NEXT: {{^}}    } => !stream.timepoint{{$}}
  %t = stream.cmd.execute with(%buf as %b: !stream.resource<transient>{%n}) {
    %g = stream.cmd.parameter.gather {
      %k0[%p0] -> %b[%c0 for %n] : !stream.resource<transient>{%n}
    } => !stream.timepoint
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
