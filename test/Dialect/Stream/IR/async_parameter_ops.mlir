// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s --strict-whitespace
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @async_parameter_load
util.func public @async_parameter_load(%scope: !util.buffer, %key: !util.buffer, %off: i64, %size: index, %t: !stream.timepoint) -> (!stream.resource<constant>, !stream.timepoint, !stream.resource<*>) {
  // CHECK: %result, %result_timepoint = stream.async.parameter.load %arg0::%arg1[%arg2] : !stream.resource<constant>{%arg3} => !stream.timepoint{{$}}
  %0, %t0 = stream.async.parameter.load %scope::%key[%off] : !stream.resource<constant>{%size} => !stream.timepoint
  // CHECK: stream.async.parameter.load on(#hal.device.affinity<@dev>) await(%arg4) %arg1[%arg2] : !stream.resource<*>{%arg3} => !stream.timepoint attributes {test.attr}{{$}}
  %1, %t1 = stream.async.parameter.load on(#hal.device.affinity<@dev>) await(%t) %key[%off] : !stream.resource<*>{%size} => !stream.timepoint attributes {test.attr}
  util.return %0, %t0, %1 : !stream.resource<constant>, !stream.timepoint, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @async_parameter_read
util.func public @async_parameter_read(%buf: !stream.resource<transient>, %n: index, %o: index, %e: index, %l: index, %scope: !util.buffer, %key: !util.buffer, %poff: i64, %t: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: stream.async.parameter.read %arg6[%arg7] -> %arg0[%arg2 to %arg3 for %arg4] : !stream.resource<transient>{%arg1} => !stream.timepoint{{$}}
  %0, %t0 = stream.async.parameter.read %key[%poff] -> %buf[%o to %e for %l] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.async.parameter.read on(#hal.device.affinity<@dev>) await(%arg8) %arg5::%arg6[%arg7] -> %{{.+}}[%arg2 to %arg3 for %arg4] : !stream.resource<transient>{%arg1} => !stream.timepoint{{$}}
  %1, %t1 = stream.async.parameter.read on(#hal.device.affinity<@dev>) await(%t) %scope::%key[%poff] -> %0[%o to %e for %l] : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %1, %t1 : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @async_parameter_write
util.func public @async_parameter_write(%acc: !stream.resource<*>, %n: index, %c0: index, %scope: !util.buffer, %key: !util.buffer, %poff: i64, %t: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.parameter.write %arg0[%arg2 to %arg1 for %arg1] -> %arg3::%arg4[%arg5] : !stream.resource<*>{%arg1} => !stream.timepoint{{$}}
  %0, %t0 = stream.async.parameter.write %acc[%c0 to %n for %n] -> %scope::%key[%poff] : !stream.resource<*>{%n} => !stream.timepoint
  // CHECK: stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%arg6) %{{.+}}[%arg2 to %arg1 for %arg1] -> %arg4[%arg5] : !stream.resource<*>{%arg1} => !stream.timepoint attributes {test.attr}{{$}}
  %1, %t1 = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%t) %0[%c0 to %n for %n] -> %key[%poff] : !stream.resource<*>{%n} => !stream.timepoint attributes {test.attr}
  util.return %1, %t1 : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @async_parameter_gather
util.func public @async_parameter_gather(%ns: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %p0: i64, %p1: i64, %buf: !stream.resource<transient>, %n: index, %o0: index, %o1: index, %l: index, %t: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  //      CHECK: stream.async.parameter.gather await(%arg10) {
  // CHECK-NEXT: {{^}}      %arg0::%arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<transient>{%arg6},{{$}}
  // CHECK-NEXT: {{^}}      %arg0::%arg2[%arg4] -> %arg5[%arg8 to %arg7 for %arg9] : !stream.resource<transient>{%arg6}{{$}}
  // CHECK-NEXT: {{^}}    } : !stream.resource<transient> => !stream.timepoint{{$}}
  %0, %t0 = stream.async.parameter.gather await(%t) {
    %ns::%k0[%p0] -> %buf[%o0 to %o1 for %l] : !stream.resource<transient>{%n},
    %ns::%k1[%p1] -> %buf[%o1 to %o0 for %l] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  //      CHECK: stream.async.parameter.gather on(#hal.device.affinity<@dev>) {
  // CHECK-NEXT: {{^}}      %arg1[%arg3] -> %{{.+}}[%arg7 to %arg8 for %arg9] : !stream.resource<transient>{%arg6}{{$}}
  // CHECK-NEXT: {{^}}    } : !stream.resource<transient> => !stream.timepoint attributes {test.attr}{{$}}
  %1, %t1 = stream.async.parameter.gather on(#hal.device.affinity<@dev>) {
    %k0[%p0] -> %0[%o0 to %o1 for %l] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint attributes {test.attr}
  util.return %1, %t1 : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @async_parameter_scatter
util.func public @async_parameter_scatter(%acc: !stream.resource<*>, %n: index, %c0: index, %c16: index, %c32: index, %out: !util.buffer, %a: !util.buffer, %b: !util.buffer, %p0: i64, %p1: i64, %t: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  //      CHECK: stream.async.parameter.scatter {
  // CHECK-NEXT: {{^}}      %arg0[%arg2 to %arg3 for %arg3] : !stream.resource<*>{%arg1} -> %arg5::%arg6[%arg8],{{$}}
  // CHECK-NEXT: {{^}}      %arg0[%arg3 to %arg4 for %arg3] : !stream.resource<*>{%arg1} -> %arg5::%arg7[%arg9]{{$}}
  // CHECK-NEXT: {{^}}    } : !stream.resource<*> => !stream.timepoint{{$}}
  %0, %t0 = stream.async.parameter.scatter {
    %acc[%c0 to %c16 for %c16] : !stream.resource<*>{%n} -> %out::%a[%p0],
    %acc[%c16 to %c32 for %c16] : !stream.resource<*>{%n} -> %out::%b[%p1]
  } : !stream.resource<*> => !stream.timepoint
  //      CHECK: stream.async.parameter.scatter on(#hal.device.affinity<@dev>) await(%arg10) {
  // CHECK-NEXT: {{^}}      %{{.+}}[%arg2 to %arg3 for %arg3] : !stream.resource<*>{%arg1} -> %arg6[%arg8]{{$}}
  // CHECK-NEXT: {{^}}    } : !stream.resource<*> => !stream.timepoint{{$}}
  %1, %t1 = stream.async.parameter.scatter on(#hal.device.affinity<@dev>) await(%t) {
    %0[%c0 to %c16 for %c16] : !stream.resource<*>{%n} -> %a[%p0]
  } : !stream.resource<*> => !stream.timepoint
  util.return %1, %t1 : !stream.resource<*>, !stream.timepoint
}

// -----

// Rows are indented relative to the op's own indentation inside regions.

// CHECK-LABEL: util.func public @async_parameter_rows_nested
util.func public @async_parameter_rows_nested(%buf: !stream.resource<transient>, %n: index, %c0: index, %k0: !util.buffer, %p0: i64) -> (!stream.resource<transient>, !stream.timepoint) {
  //      CHECK: stream.async.execute with(%arg0 as %[[ARG:.+]]: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: {{^}}      %{{.+}}, %{{.+}} = stream.async.parameter.gather {
  // CHECK-NEXT: {{^}}        %arg3[%arg4] -> %[[ARG]][%arg2 to %arg1 for %arg1] : !stream.resource<transient>{%arg1}{{$}}
  // CHECK-NEXT: {{^}}      } : !stream.resource<transient> => !stream.timepoint{{$}}
  // CHECK-NEXT: {{^}}      stream.yield
  %r, %t = stream.async.execute with(%buf as %b: !stream.resource<transient>{%n}) -> %buf{%n} {
    %g, %gt = stream.async.parameter.gather {
      %k0[%p0] -> %b[%c0 to %n for %n] : !stream.resource<transient>{%n}
    } : !stream.resource<transient> => !stream.timepoint
    stream.yield %g : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<transient>, !stream.timepoint
}
