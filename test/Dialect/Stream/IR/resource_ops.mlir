// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @resource_alloc
util.func public @resource_alloc(%n: index) -> (!stream.resource<variable>, !stream.resource<*>) {
  // CHECK: stream.resource.alloc uninitialized : !stream.resource<variable>{%arg0}
  %0 = stream.resource.alloc uninitialized : !stream.resource<variable>{%n}
  // CHECK: stream.resource.alloc : !stream.resource<*>{%arg0}
  %1 = stream.resource.alloc : !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<variable>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @resource_alloca
util.func public @resource_alloca(%n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK: %[[R:.+]], %[[T:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  %r, %t = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.resource.alloca uninitialized indeterminate : !stream.resource<transient>{%arg0} => !stream.timepoint
  %r2, %t2 = stream.resource.alloca uninitialized indeterminate : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.resource.dealloca origin await(%[[T]]) => %[[R]] : !stream.resource<transient>{%arg0} => !stream.timepoint
  %d = stream.resource.dealloca origin await(%t) => %r : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.resource.dealloca %{{.+}} : !stream.resource<transient>{%arg0} => !stream.timepoint
  %d2 = stream.resource.dealloca %r2 : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d, %t2 : !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @resource_ownership
util.func public @resource_ownership(%r: !stream.resource<transient>, %n: index) -> (i1, i1, index) {
  // CHECK: stream.resource.retain %arg0 : !stream.resource<transient>{%arg1}
  stream.resource.retain %r : !stream.resource<transient>{%n}
  // CHECK: %is_terminal = stream.resource.release %arg0 : !stream.resource<transient>{%arg1}
  %0 = stream.resource.release %r : !stream.resource<transient>{%n}
  // CHECK: %is_terminal_0 = stream.resource.is_terminal %arg0 : !stream.resource<transient>{%arg1}
  %1 = stream.resource.is_terminal %r : !stream.resource<transient>{%n}
  // The affinity of resource.size stays in the attribute dictionary.
  // CHECK: stream.resource.size %arg0 {affinity = #hal.device.affinity<@dev>} : !stream.resource<transient>
  %2 = stream.resource.size %r {affinity = #hal.device.affinity<@dev>} : !stream.resource<transient>
  util.return %0, %1, %2 : i1, i1, index
}

// -----

// CHECK-LABEL: util.func public @resource_mapping
util.func public @resource_mapping(%b: !util.buffer, %o: index, %n: index, %s: !stream.resource<staging>, %v: f32) -> (i1, f32) {
  // CHECK: stream.resource.try_map on(#hal.device.affinity<@dev>) %arg0[%arg1] : !util.buffer -> i1, !stream.resource<constant>{%arg2}
  %ok, %m = stream.resource.try_map on(#hal.device.affinity<@dev>) %b[%o] : !util.buffer -> i1, !stream.resource<constant>{%n}
  // CHECK: stream.resource.load %arg3[%arg1] : !stream.resource<staging>{%arg2} -> f32
  %l = stream.resource.load %s[%o] : !stream.resource<staging>{%n} -> f32
  // CHECK: stream.resource.store %arg4, %arg3[%arg1] : f32 -> !stream.resource<staging>{%arg2}
  stream.resource.store %v, %s[%o] : f32 -> !stream.resource<staging>{%n}
  util.return %ok, %l : i1, f32
}

// -----

// CHECK-LABEL: util.func public @resource_pack
util.func public @resource_pack(%base: index, %sa: index, %sb: index) -> (index, index, index) {
  //      CHECK: stream.resource.pack on(#hal.device.affinity<@dev>) offset(%arg0) slices({
  // CHECK-NEXT:   [0, 4] = %arg1,
  // CHECK-NEXT:   [2, 6] = %arg2
  // CHECK-NEXT: }) : index
  %t, %o0, %o1 = stream.resource.pack on(#hal.device.affinity<@dev>) offset(%base) slices({
    [0, 4] = %sa,
    [2, 6] = %sb,
  }) : index
  // CHECK: stream.resource.pack slices({}) : index
  %e = stream.resource.pack slices({}) : index
  util.return %t, %o0, %e : index, index, index
}

// -----

// CHECK-LABEL: util.func public @resource_constants
util.func public @resource_constants(%c16: index, %c8: index) -> !stream.timepoint {
  //      CHECK: stream.resource.constants on(#hal.device.affinity<@dev>) : {{$}}
  // CHECK-NEXT:   !stream.resource<constant>{%arg0} = dense<1.000000e+00> : tensor<4xf32>,
  // CHECK-NEXT:   !stream.resource<constant>{%arg1} = dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT:   => !stream.timepoint
  %w, %b, %ready = stream.resource.constants on(#hal.device.affinity<@dev>) :
    !stream.resource<constant>{%c16} = dense<1.0> : tensor<4xf32>,
    !stream.resource<constant>{%c8} = dense<[1, 2]> : tensor<2xi32>
    => !stream.timepoint
  util.return %ready : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @resource_views
util.func public @resource_views(%r: !stream.resource<*>, %n: index, %o: index, %l: index, %s: !stream.resource<transient>, %sn: index, %w: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.resource.subview %arg0[%arg2] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg3}
  %v = stream.resource.subview %r[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%l}
  // CHECK: stream.resource.transients on(#hal.device.affinity<@dev>) await(%arg6) => %arg0 : !stream.resource<*>{%arg1} from %arg4 : !stream.resource<transient>{%arg5} => !stream.timepoint
  %out, %t = stream.resource.transients on(#hal.device.affinity<@dev>) await(%w) => %r : !stream.resource<*>{%n} from %s : !stream.resource<transient>{%sn} => !stream.timepoint
  util.return %v, %out : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @file_ops
util.func public @file_ops(%blob: !util.buffer, %bn: index, %c0: index, %len: index, %dst: !stream.resource<variable>, %dn: index, %off: i64, %go: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK: %file = stream.file.constant %arg0[%arg2 for %arg3] : !util.buffer{%arg1} -> !stream.file
  %f = stream.file.constant %blob[%c0 for %len] : !util.buffer{%bn} -> !stream.file
  // CHECK: stream.file.read await(%arg7) => %file[%arg6], %arg4[%arg2], %arg3 : !stream.file -> !stream.resource<variable>{%arg5} => !stream.timepoint
  %r = stream.file.read await(%go) => %f[%off], %dst[%c0], %len : !stream.file -> !stream.resource<variable>{%dn} => !stream.timepoint
  // CHECK: stream.file.write : %arg4[%arg2], %file[%arg6], %arg3 : !stream.resource<variable>{%arg5} -> !stream.file => !stream.timepoint
  %w = stream.file.write : %dst[%c0], %f[%off], %len : !stream.resource<variable>{%dn} -> !stream.file => !stream.timepoint
  util.return %r, %w : !stream.timepoint, !stream.timepoint
}
